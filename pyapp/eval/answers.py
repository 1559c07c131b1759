"""``python -m pyapp.eval answers --set FILE [--index DIR] [--engine extractive] [--corpus PATH] [--json] [--verbose]``.

The reader-question scorer of ``ask_in_browser.py`` run in CPython against the orchestrator, so a
change can be scored in seconds without a browser. Each line of FILE is ``{"id", "cat",
"turns": [question, ...], "check": {...}}``; every item is a new conversation (memory off, so items
cannot leak into each other), its turns are asked in order with the earlier ``TurnResult`` wire
dicts as history, and the check (:mod:`pyapp.eval.checks`) applies to the last answer. Cited
verses = the result's verses plus every "RV M.H.V" in the answer text; their ``roman_plain`` and
deity come from the corpus (``--corpus``, default the one ``corpus_build.locate`` finds: ``$RIGVEDA_CORPUS``,
``shared/corpus`` beside the repo, ``.cache/corpus``) or, without one, from the index (accents stripped from ``roman``).

Prints ``{"n","passed","rate","by_cat","failed","score_auc","median_ms"}``: score_auc is the ROC
AUC of the last answer's ``score`` for passed vs failed items (answers without a score are left
out; null when either class is empty); median_ms is per turn.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence

from pyapp.eval.checks import check, cited_refs, roc_auc, spec_problem, strip_accents, summarise

DEFAULT_INDEX = "web/assets/index"


class AnswerSetError(Exception):
    """The question file is missing or malformed (one line)."""


def load_items(path: str) -> List[Dict[str, Any]]:
    """Read a JSONL set; a bad line stops with ``FILE line N: problem``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise AnswerSetError(f"cannot read {path}: {exc.strerror or exc}") from None
    items: List[Dict[str, Any]] = []
    seen = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError as exc:
            raise AnswerSetError(f"{path} line {number}: not JSON: {exc}") from None
        problem = _item_problem(item)
        if problem is None and item["id"] in seen:
            problem = f"duplicate id {item['id']!r}"
        if problem:
            raise AnswerSetError(f"{path} line {number}: {problem}")
        seen.add(item["id"])
        items.append(item)
    return items


def _item_problem(item: Any) -> Optional[str]:
    if not isinstance(item, dict):
        return "each line must be a JSON object"
    extra = sorted(set(item) - {"id", "cat", "turns", "check", "note", "lang", "source"})
    if extra:
        return f"unknown field(s) {', '.join(extra)}"
    for key in ("id", "cat"):
        if not isinstance(item.get(key), str) or not item[key]:
            return f"{key} must be a non-empty string"
    turns = item.get("turns")
    if not isinstance(turns, list) or not turns or not all(isinstance(t, str) and t.strip() for t in turns):
        return "turns must be a non-empty list of questions"
    return spec_problem(item.get("check"))


def corpus_rows(location: Optional[str], searcher: Any = None) -> Dict[str, Dict[str, Any]]:
    """ref → ``{"roman_plain", "deity"}``: from the corpus when it can be read, else from the index.
    An explicit ``location`` that cannot be read is an error; a missing default only falls back."""
    from corpus_build.corpus import CorpusError, default_corpus_location, load_corpus

    try:
        records = load_corpus(location or default_corpus_location())
        return {r.ref: {"roman_plain": r.roman_plain, "deity": r.deity} for r in records}
    except (CorpusError, OSError):
        if location or searcher is None:
            raise
    index = getattr(searcher, "index", None)
    print("note: no corpus found; roman_plain taken from the index (accents stripped)", file=sys.stderr)
    return {v.ref: {"roman_plain": strip_accents(v.roman), "deity": v.deity} for v in getattr(index, "verses", [])}


async def run_items(searcher: Any, items: Sequence[Dict[str, Any]], rows: Mapping[str, Mapping[str, Any]],
                    engine_name: str = "extractive", verbose: bool = False) -> Dict[str, Any]:
    from pyapp.eval.pipeline import make_engine
    from pyapp.orchestrator import Orchestrator

    lexicon = None
    outcomes: List[Dict[str, Any]] = []
    pos_scores: List[float] = []
    neg_scores: List[float] = []
    times: List[float] = []
    for item in items:
        orch = Orchestrator(searcher, make_engine(engine_name), None, {"useMemory": False}, lexicon=lexicon)
        lexicon = orch.lexicon  # built once, shared by every conversation
        history: List[Dict[str, Any]] = []
        result = None
        for question in item["turns"]:
            started = time.perf_counter()
            result = await orch.run_turn(question, list(history), None, None)
            times.append((time.perf_counter() - started) * 1000)
            history.append(result.to_wire())
        assert result is not None
        refs = cited_refs([v.book_context for v in result.verses], result.answer)
        ok = check(item["check"], result.answer, refs, rows)
        outcomes.append({"id": item["id"], "cat": item["cat"], "ok": ok, "lang": item.get("lang", "")})
        if result.score is not None:
            (pos_scores if ok else neg_scores).append(float(result.score))
        if verbose:
            score = "-" if result.score is None else f"{result.score:.2f}"
            print(("ok  " if ok else "BAD ") + item["id"], item["cat"], refs[:6], score, "|",
                  " ".join(result.answer.split())[:160], file=sys.stderr, flush=True)
    out = summarise(outcomes)
    auc = roc_auc(pos_scores, neg_scores)
    out["score_auc"] = None if auc is None else round(auc, 3)
    out["median_ms"] = round(statistics.median(times), 1) if times else None
    return out


def _parser() -> argparse.ArgumentParser:
    from pyapp.eval.pipeline import ENGINES

    parser = argparse.ArgumentParser(prog="python -m pyapp.eval answers")
    parser.add_argument("--set", required=True, dest="set_file", help='JSONL items {"id","cat","turns","check"}')
    parser.add_argument("--index", default=DEFAULT_INDEX, help="built index directory")
    parser.add_argument("--engine", default="extractive", choices=ENGINES)
    parser.add_argument("--corpus", help="rigveda.jsonl (default: $RIGVEDA_CORPUS, shared/corpus beside the repo, "
                        ".cache/corpus; corpus_build.locate)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--verbose", action="store_true", help="one line per item on stderr")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    from pyapp.eval.pipeline import _load_searcher
    from pyapp.eval.retrieval import index_path

    args = _parser().parse_args(argv)
    try:
        items = load_items(args.set_file)
        searcher = _load_searcher(index_path(args.index))
        rows = corpus_rows(args.corpus, searcher)
    except Exception as exc:  # one line, no traceback
        print(f"error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", file=sys.stderr)
        return 2
    result = asyncio.run(run_items(searcher, items, rows, args.engine, args.verbose))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>10}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
