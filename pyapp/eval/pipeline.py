"""``python -m pyapp.eval classify|answer --set FILE [--index DIR] [--engine …] [--json]``.

classify → ``{"n","accuracy","false_positive","false_negative"}`` (off_topic questions are the
negatives, every other kind positive; the deterministic classifier, as the extractive engine
runs it). answer → ``{"n","refusal_accuracy","cited_gold_rate","mean_llm_calls","median_ms"}``:
refusal_accuracy = off-topic refused and on-topic answered; cited_gold_rate = share of on-topic
questions whose answer cites at least one gold verse (a gold "M.H.V", or any verse inside a
gold hymn "M.H" / mandala "M"). ``--engine scripted-typical`` drives the full LLM path with a
well-behaved scripted model, to count LLM calls per question.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import time
from typing import Any, Dict, List, Optional, Sequence

from pyapp.engines.base import ChatRequest, Engine
from pyapp.engines.extractive import ExtractiveEngine
from pyapp.engines.scripted import ScriptedEngine

DEFAULT_INDEX = "web/assets/index"
ENGINES = ("extractive", "scripted-typical")


def _gold_matches(ref: str, gold: str) -> bool:
    g = [p for p in gold.strip().split(".") if p]
    r = [p for p in ref.strip().split(".") if p]
    return bool(g) and len(g) <= len(r) and r[:len(g)] == g


def _load(path: str) -> List[Dict[str, Any]]:
    from pyapp.eval.retrieval import load_set  # H3's reader: one-line errors for bad files

    return [row.dict() for row in load_set(path)]


def typical_reply(request: ChatRequest) -> str:
    """What a competent model answers, per agent (valid JSON, citations of provided verses)."""
    prompt = "\n".join(m.content for m in request.messages)
    listed = prompt.split("Candidates:", 1)[-1] if "Candidates:" in prompt else prompt.split("Question:")[0]
    refs = list(dict.fromkeys(re.findall(r"\b(\d{1,2}\.\d{1,3}\.\d{1,3})\b", listed)))
    if request.agent == "classifier":
        latest = prompt.rsplit("Latest question:", 1)[-1].strip()
        return json.dumps({"isAboutRigVeda": True, "reason": "asks about the hymns", "rewrittenQuery": latest})
    if request.agent == "analyzer":
        return json.dumps({"relevantRefs": refs[:5], "needsMoreSearch": False, "searchSuggestion": ""})
    if request.agent == "translator":
        return json.dumps({"translations": [{"ref": r, "translation": "A modern rendering."} for r in refs]})
    if request.agent == "generator":
        return " ".join(f"The verse speaks of this [RV {r}]." for r in refs[:3]) or "Not enough information."
    if request.agent == "validator":
        return json.dumps({"verdict": "VALID", "unsupportedClaims": []})
    if request.agent == "critic":
        return json.dumps({"critique": "Fine.", "issues": []})
    if request.agent == "evaluator":
        return json.dumps({"grounding": 0.9, "clarity": 0.8, "completeness": 0.7})
    return "{}"


def make_engine(name: str) -> Engine:
    if name == "extractive":
        return ExtractiveEngine()
    if name == "scripted-typical":
        return ScriptedEngine(default=typical_reply, name="scripted-typical")
    raise ValueError(f"unknown engine {name!r}: use one of {', '.join(ENGINES)}")


def _parser(command: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=f"python -m pyapp.eval {command}")
    parser.add_argument("--set", required=True, dest="set_file", help="JSONL questions {id,kind,question,gold}")
    parser.add_argument("--index", default=DEFAULT_INDEX, help="built index directory")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--verbose", action="store_true", help="one line per question on stderr")
    if command == "answer":
        parser.add_argument("--engine", default="extractive", choices=ENGINES)
    return parser


def _load_searcher(index: str) -> Any:
    from pyapp.search import Searcher

    return Searcher.load(index)


def classify_rows(searcher: Any, rows: Sequence[Dict[str, Any]], verbose: bool = False) -> Dict[str, Any]:
    from pyapp.agents import classifier
    from pyapp.orchestrator import Orchestrator

    orch = Orchestrator(searcher)
    correct = fp = fn = 0
    for row in rows:
        positive = row["kind"] != "off_topic"
        out = classifier.classify_deterministic(classifier.ClassifierInput(user_query=row["question"]),
                                                orch.lexicon, orch.similarity(), orch.idf())
        predicted = out.is_about_rig_veda
        correct += predicted == positive
        fp += predicted and not positive
        fn += positive and not predicted
        if verbose:
            print(f"{'ok ' if predicted == positive else 'BAD'} {row['id']} {predicted} {out.reason}", file=sys.stderr)
    n = len(rows)
    return {"n": n, "accuracy": round(correct / n, 4) if n else 0.0, "false_positive": fp, "false_negative": fn}


async def _answer_rows(searcher: Any, rows: Sequence[Dict[str, Any]], engine_name: str,
                       verbose: bool) -> Dict[str, Any]:
    from pyapp.orchestrator import Orchestrator

    refusals_ok = 0
    on_topic = cited_gold = 0
    calls: List[int] = []
    times: List[float] = []
    for row in rows:
        orch = Orchestrator(searcher, make_engine(engine_name), None, {"useMemory": False})
        started = time.perf_counter()
        result = await orch.run_turn(row["question"], [], None, None)
        times.append((time.perf_counter() - started) * 1000)
        calls.append(result.llm_calls)
        positive = row["kind"] != "off_topic"
        answered = result.kind == "answer"
        refusals_ok += answered if positive else result.kind == "off_topic"
        hit = False
        if positive:
            on_topic += 1
            hit = any(_gold_matches(ref, g) for ref in result.citations for g in row.get("gold") or [])
            cited_gold += hit
        if verbose:
            print(f"{row['id']} {result.kind} calls={result.llm_calls} gold={'hit' if hit else '-'} "
                  f"cited={result.citations}", file=sys.stderr)
    n = len(rows)
    return {"n": n, "refusal_accuracy": round(refusals_ok / n, 4) if n else 0.0,
            "cited_gold_rate": round(cited_gold / on_topic, 4) if on_topic else 0.0,
            "mean_llm_calls": round(sum(calls) / n, 3) if n else 0.0,
            "median_ms": round(statistics.median(times), 1) if times else 0.0}


def _emit(result: Dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>18}: {value}")


def _run(command: str, argv: Optional[List[str]]) -> int:
    args = _parser(command).parse_args(argv)
    try:
        rows = _load(args.set_file)
        searcher = _load_searcher(args.index)
    except Exception as exc:  # one line, no traceback
        print(f"error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", file=sys.stderr)
        return 2
    if command == "classify":
        result = classify_rows(searcher, rows, args.verbose)
    else:
        result = asyncio.run(_answer_rows(searcher, rows, args.engine, args.verbose))
    _emit(result, args.json)
    return 0


def main_classify(argv: Optional[List[str]] = None) -> int:
    return _run("classify", argv)


def main_answer(argv: Optional[List[str]] = None) -> int:
    return _run("answer", argv)
