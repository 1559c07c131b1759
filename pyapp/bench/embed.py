"""Timing of meaning search: encoder/vector load, query embedding, vector scoring.

``bench(dir, queries)`` is pure pyapp (stdlib + numpy), so the same numbers can be taken in
CPython (``python -m pyapp.bench embed [INDEX_DIR] [--json]``) and inside Pyodide. Speed goals
live here, not in timed unit tests (machines differ; a shared CI box even more so).
"""
from __future__ import annotations

import json
import sys
import time
from typing import Dict, List, Optional, Sequence

import numpy as np

from pyapp.embed import encoder as encoder_module
from pyapp.embed.encoder import MiniLMEncoder
from pyapp.search import vector as vector_module
from pyapp.search.vector import VectorIndex

SAMPLE_QUERIES: List[str] = [
    "Who is Agni?",
    "horses harnessed to the chariot of the sun",
    "What do the Maruts do in storms?",
    "a hymn about healing herbs and plants",
    "indrasya nu vīryāṇi pra vocam",
    "सोम पवमान",
    "Compare the roles of Mitra and Varuna as a pair of sovereign gods, their association with contracts, "
    "oaths, and the watchful eye of the sun.",
    "the frogs that croak like priests at the start of the rains",
]


def _stats(samples_ms: Sequence[float]) -> Dict[str, float]:
    arr = np.asarray(samples_ms, dtype=np.float64)
    return {
        "median_ms": round(float(np.median(arr)), 3),
        "p95_ms": round(float(np.percentile(arr, 95)), 3),
        "max_ms": round(float(arr.max()), 3),
    }


def bench(directory: str, queries: Optional[Sequence[str]] = None, repeat: int = 3) -> Dict[str, object]:
    """Cold load times, then per-query embed and vector-search times over ``repeat`` rounds."""
    queries = list(queries or SAMPLE_QUERIES)
    encoder_module._CACHE.clear()
    vector_module._CACHE.clear()
    t0 = time.perf_counter()
    encoder = MiniLMEncoder.load(directory)
    t1 = time.perf_counter()
    index = VectorIndex.load(directory)
    t2 = time.perf_counter()
    encoder.encode(["warm up"])
    embed_ms: List[float] = []
    search_ms: List[float] = []
    for _ in range(max(1, repeat)):
        for query in queries:
            a = time.perf_counter()
            vec = encoder.encode([query])[0]
            b = time.perf_counter()
            index.top_k(vec, 10)
            c = time.perf_counter()
            embed_ms.append((b - a) * 1000)
            search_ms.append((c - b) * 1000)
    batch_start = time.perf_counter()
    encoder.encode(queries)
    batch_ms = (time.perf_counter() - batch_start) * 1000
    tokens = [len(encoder.tokenizer.encode(q)) for q in queries]
    return {
        "queries": len(queries),
        "tokens_median": int(np.median(tokens)),
        "tokens_max": int(max(tokens)),
        "rows": index.size,
        "load_encoder_ms": round((t1 - t0) * 1000, 1),
        "load_vectors_ms": round((t2 - t1) * 1000, 1),
        "embed": _stats(embed_ms),
        "vector_search": _stats(search_ms),
        "embed_batch_ms_per_query": round(batch_ms / len(queries), 3),
    }


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    args = [a for a in args if a != "--json"]
    directory = args[0] if args else "web/assets/index"
    try:
        result = bench(directory)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(result, indent=1))
    else:
        print(f"encoder load {result['load_encoder_ms']} ms, vectors load {result['load_vectors_ms']} ms "
              f"({result['rows']} rows)")
        print(f"query embed: median {result['embed']['median_ms']} ms, p95 {result['embed']['p95_ms']} ms "
              f"(tokens median {result['tokens_median']}, max {result['tokens_max']})")
        print(f"vector search: median {result['vector_search']['median_ms']} ms, "
              f"p95 {result['vector_search']['p95_ms']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
