"""Benchmark entry points that run inside the page's Pyodide, on the searcher ``pyapp.bridge.boot``
loaded: ``bench_search`` (per-method search latency and the query encoder).

Why here and not in ``pyapp.bridge``: the bridge is the page's doorway for readers (boot, ask,
lookup, the reader, stop); measuring belongs with the other benchmarks. The page reaches this module
only when a harness asks for it: ``web/app.js`` defines ``globalThis.rvsBench`` as a lazy
``pyodide.pyimport("pyapp.bench.inpage")``, so a reader's page never imports it. Callers:
``pyapp/bench/browser.py`` and ``tests/browser/test_search_in_pyodide.py``.

Pure Python (no ``js``): the same functions run in CPython on any searcher, e.g.
``bench_methods(Searcher.load(dir), ["hybrid"], 1)``.
"""
from __future__ import annotations

import json
import statistics
import time
from typing import Any, Dict, List

BENCH_QUERIES = [  # generic probes (English, IAST, Devanagari, one-word), not evaluation questions
    "hymn to the dawn goddess", "who is the priest of the sacrifice", "the horse sacrifice",
    "creation of the world from nothing", "pressing the soma juice", "Indra kills the dragon",
    "prayer for rain and cattle", "agni", "वरुण", "savitṛ",
]


def stats(samples: List[float]) -> Dict[str, float]:
    """``{n, median_ms, p95_ms}`` of millisecond samples (nearest-rank p95)."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"n": len(ordered), "median_ms": round(statistics.median(ordered), 1), "p95_ms": round(p95, 1)}


def bench_search(methods_json: str = '["text","vector","hybrid","auto"]', repeats: int = 3) -> str:
    """Search latency inside Pyodide on the page's booted searcher: JSON
    ``{method: {n, median_ms, p95_ms}, "encode": ..., "boot_ms": ...}``."""
    from pyapp import bridge

    bridge._require_booted()
    searcher = bridge._state.searcher
    # after a first question the orchestrator wraps the encoder in a memo of recent texts
    # (pyapp.orchestrator.MemoEncoder); measure the real, uncached cost
    memo = searcher.encoder
    searcher.encoder = getattr(memo, "_inner", memo)
    try:
        out = bench_methods(searcher, json.loads(str(methods_json)), int(repeats))
    finally:
        searcher.encoder = memo
    out["boot_ms"] = bridge._state.timings
    return json.dumps(out)


def bench_methods(searcher: Any, methods: List[str], repeats: int) -> Dict[str, Any]:
    """Each method over ``BENCH_QUERIES`` × ``repeats``, then the encoder alone."""
    out: Dict[str, Any] = {}
    for method in methods:
        if method in ("vector", "hybrid") and not searcher.has_vectors:
            out[method] = {"skipped": searcher.vector_note}
            continue
        samples: List[float] = []
        for _ in range(repeats):
            for query in BENCH_QUERIES:
                start = time.perf_counter()
                searcher.search(query, method=method, k=10)
                samples.append((time.perf_counter() - start) * 1000)
        out[method] = stats(samples)
    if searcher.encoder is not None:
        samples = []
        for query in BENCH_QUERIES:
            start = time.perf_counter()
            searcher.encoder.encode([query])
            samples.append((time.perf_counter() - start) * 1000)
        out["encode"] = stats(samples)
    return out
