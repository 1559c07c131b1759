"""Asking the orchestrator as a reader would, for the reader-kind tests: a whole conversation with the
no-LLM engine and no memory, each turn given the earlier ones as history."""
from __future__ import annotations

import asyncio
import re
from typing import Any, Dict, List

from pyapp.engines.extractive import ExtractiveEngine
from pyapp.orchestrator import Orchestrator

REFUSED = "not about the rigveda"


def ask(searcher: Any, *turns: str) -> Any:
    """The last turn's ``TurnResult`` after asking ``turns`` in order in one conversation."""
    orchestrator = Orchestrator(searcher, ExtractiveEngine(), None, {"useMemory": False})
    history: List[Dict[str, Any]] = []
    result = None
    for question in turns:
        result = asyncio.run(orchestrator.run_turn(question, list(history), None, None))
        history.append(result.to_wire())
    return result


def ask_alone(searcher: Any, question: str, engine: Any = None) -> Any:
    """One question, no history, memory off; ``engine`` None means no engine at all (the answers code
    composes, and the search's verses), as the page has it before any model is chosen."""
    return asyncio.run(Orchestrator(searcher, engine, None, {"useMemory": False}).run_turn(question, []))


def cited(result: Any) -> List[str]:
    """The verses an answer cites: its verse cards and every "RV M.H.V" in its text."""
    return [v.book_context for v in result.verses] + re.findall(r"RV (\d+\.\d+\.\d+)", result.answer)
