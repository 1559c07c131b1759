"""The no-LLM engine: choosing it makes every agent run its deterministic fallback.

Why an engine at all: the UI's engine picker and the orchestrator treat "no model" like any
other engine; ``is_llm = False`` is the only switch the agents look at, so this class never
has to answer a call (asking it is a programming error and says so).
"""
from __future__ import annotations

from typing import AsyncIterator

from pyapp.engines.base import ChatRequest, Engine, EngineError


class ExtractiveEngine(Engine):
    name = "extractive"
    is_llm = False

    async def complete(self, request: ChatRequest) -> AsyncIterator[str]:
        raise EngineError(f"the extractive engine makes no model calls (agent {request.agent})")
        yield ""  # pragma: no cover - makes this an async generator
