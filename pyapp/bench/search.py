"""``python -m pyapp.bench search [--json]``: load time and per-method query latency of the searcher.

Runs in CPython here; the same module runs in Pyodide (no threads, no subprocesses), where the
targets are hybrid ≤ 50 ms median and index load ≤ 1.5 s. Queries are the questions of a JSONL
set (default: the shared dev set next to the repository); ``bookContext`` is timed on those that
are references, or on a few fixed references when the set has none.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

DEFAULT_INDEX = "web/assets/index"
DEFAULT_SET = str(Path(__file__).resolve().parents[2].parent / "shared" / "eval" / "questions-dev.jsonl")
METHODS = ("bookContext", "text", "vector", "hybrid", "auto")
FALLBACK_REFERENCES = ["RV 10.129", "1.1.1", "mandala 7 hymn 103", "Rigveda 2.12.3", "book 9 hymn 1 verse 1"]


def _ms(seconds: float) -> float:
    return round(seconds * 1000.0, 2)


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def load_questions(path: str) -> List[str]:
    questions: List[str] = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                questions.append(str(json.loads(line)["question"]))
    return questions


class _CachedEncoder:
    """Returns precomputed query vectors, to time the searcher apart from the sentence encoder."""

    def __init__(self, vectors: Dict[str, object]) -> None:
        self.vectors = vectors

    def encode(self, texts: List[str]) -> object:
        return self.vectors[texts[0]]


def run(index_dir: str, questions: List[str], repeat: int) -> Dict[str, object]:
    """Time the loads separately, then every method on every question (``repeat`` rounds)."""
    from pyapp.index import RigvedaIndex
    from pyapp.search import Searcher
    from pyapp.search.refs import parse_reference
    from pyapp.search.text import TextIndex

    load: Dict[str, float] = {}
    start = time.perf_counter()
    t0 = time.perf_counter()
    index = RigvedaIndex.load(index_dir)
    load["verses_ms"] = _ms(time.perf_counter() - t0)
    t0 = time.perf_counter()
    text_index = TextIndex.load(index_dir)
    load["text_ms"] = _ms(time.perf_counter() - t0)
    vector_index = encoder = None
    try:
        from pyapp.embed.encoder import MiniLMEncoder
        from pyapp.search.vector import VectorIndex

        t0 = time.perf_counter()
        vector_index = VectorIndex.load(index_dir)
        load["vectors_ms"] = _ms(time.perf_counter() - t0)
        t0 = time.perf_counter()
        encoder = MiniLMEncoder.load(index_dir)
        load["encoder_ms"] = _ms(time.perf_counter() - t0)
    except Exception as exc:  # noqa: BLE001 - report, keep timing the rest
        load["vector_error"] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__  # type: ignore[assignment]
    searcher = Searcher(index, text_index, vector_index, encoder)
    load["total_ms"] = _ms(time.perf_counter() - start)

    references = [q for q in questions if parse_reference(q) is not None] or FALLBACK_REFERENCES
    methods: Dict[str, Dict[str, float]] = {}
    searcher.search(questions[0] if questions else "Agni", "auto")  # warm caches (stemmer, encoder)

    def record(name: str, times: List[float]) -> None:
        methods[name] = {"n": len(times), "median_ms": _ms(statistics.median(times)),
                         "p95_ms": _ms(_percentile(times, 0.95)), "max_ms": _ms(max(times))}

    for method in METHODS:
        if method in ("vector",) and not searcher.has_vectors:
            continue
        pool = references if method == "bookContext" else questions
        record(method, [_timed(lambda q=q: searcher.search(q, method, 10)) for _ in range(repeat) for q in pool])
    if searcher.has_vectors and questions:
        # split hybrid into the query embedding and everything else (BM25, cosine, fusion, cards)
        record("encode_query", [_timed(lambda q=q: encoder.encode([q])) for _ in range(repeat) for q in questions])
        cached = {q: encoder.encode([q]) for q in questions}
        searcher.encoder = _CachedEncoder(cached)
        record("hybrid_without_encode",
               [_timed(lambda q=q: searcher.search(q, "hybrid", 10)) for _ in range(repeat) for q in questions])
        searcher.encoder = encoder
    return {"index": index_dir, "queries": len(questions), "repeat": repeat, "load": load, "methods": methods,
            "python": sys.version.split()[0]}


def render(report: Dict[str, object]) -> str:
    load = report["load"]
    lines = [f"search benchmark  index={report['index']}  queries={report['queries']} x{report['repeat']}  "
             f"python {report['python']}",
             "  load: " + "  ".join(f"{k}={v}" for k, v in load.items()),  # type: ignore[union-attr]
             f"  {'method':<12} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"]
    for method, row in report["methods"].items():  # type: ignore[union-attr]
        lines.append(f"  {method:<12} {row['n']:>4} {row['median_ms']:>10.2f} {row['p95_ms']:>8.2f} {row['max_ms']:>8.2f}")
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyapp.bench search", description=__doc__.splitlines()[0])
    parser.add_argument("--index", default=DEFAULT_INDEX)
    parser.add_argument("--set", dest="set_path", default=DEFAULT_SET, help="JSONL questions (default: shared dev set)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.set_path):
        print(f"error: question set not found: {args.set_path} (pass --set FILE)", file=sys.stderr)
        return 2
    try:
        from pyapp.eval.retrieval import index_path

        report = run(index_path(args.index), load_questions(args.set_path), max(1, args.repeat))
    except Exception as exc:  # noqa: BLE001 - one line, not a traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report) if args.json else render(report))
    return 0
