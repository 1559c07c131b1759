"""``python -m pyapp.bench pipeline [--index DIR] [--engine extractive|scripted-typical] [--repeat N] [--json]``.

Times whole turns and each agent (from the turn's own StatusEvents) over a fixed list of
questions written for this benchmark (not the eval set), and counts LLM calls per turn. Speed
goals live here, not in timed tests.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections import defaultdict
from typing import Any, Dict, List, Optional

QUESTIONS = [
    "Who is Parjanya and what does he bring?",
    "What do the hymns say about the horse sacrifice?",
    "How is Ushas, the dawn, described?",
    "RV 1.164.46",
    "mandala 7 hymn 86",
    "ṛtám bṛhát",
    "What do the poets ask of Mitra and Varuna?",
    "What is the recipe for lasagna?",
]


def main_pipeline(argv: Optional[List[str]] = None) -> int:
    from pyapp.eval.pipeline import DEFAULT_INDEX, ENGINES, make_engine
    from pyapp.orchestrator import Orchestrator
    from pyapp.search import Searcher

    parser = argparse.ArgumentParser(prog="python -m pyapp.bench pipeline")
    parser.add_argument("--index", default=DEFAULT_INDEX)
    parser.add_argument("--engine", default="extractive", choices=ENGINES)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        started = time.perf_counter()
        searcher = Searcher.load(args.index)
        load_ms = (time.perf_counter() - started) * 1000
    except Exception as exc:
        print(f"error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", file=sys.stderr)
        return 2
    first_turn_ms: Optional[float] = None
    turn_ms: List[float] = []
    calls: List[int] = []
    per_agent: Dict[str, List[float]] = defaultdict(list)

    async def run() -> None:
        nonlocal first_turn_ms
        for _ in range(max(1, args.repeat)):
            for question in QUESTIONS:
                orch = Orchestrator(searcher, make_engine(args.engine), None, {"useMemory": False})
                events: List[Any] = []
                t0 = time.perf_counter()
                result = await orch.run_turn(question, [], events.append, None)
                elapsed = (time.perf_counter() - t0) * 1000
                if first_turn_ms is None:
                    first_turn_ms = elapsed  # includes building the lexicon
                else:
                    turn_ms.append(elapsed)
                calls.append(result.llm_calls)
                for event in events:
                    if event.duration_ms is not None:
                        per_agent[event.agent].append(event.duration_ms)

    asyncio.run(run())
    report = {
        "engine": args.engine, "questions": len(QUESTIONS) * max(1, args.repeat),
        "load_ms": round(load_ms, 1), "first_turn_ms": round(first_turn_ms or 0.0, 1),
        "median_turn_ms": round(statistics.median(turn_ms), 1) if turn_ms else 0.0,
        "max_turn_ms": round(max(turn_ms), 1) if turn_ms else 0.0,
        "mean_llm_calls": round(sum(calls) / len(calls), 3) if calls else 0.0,
        "max_llm_calls": max(calls) if calls else 0,
        "agent_median_ms": {a: round(statistics.median(v), 1) for a, v in sorted(per_agent.items())},
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>16}: {value}")
    return 0
