"""Dispatch ``python -m pyapp.bench SUBCOMMAND ...``.

Benchmarks print numbers (JSON with ``--json``); they never assert, so speed goals live here
and not in timed tests.
"""
from __future__ import annotations

import importlib
import sys
from typing import Dict, List, Optional, Tuple

# subcommand -> (module, function, what it measures)
BENCHMARKS: Dict[str, Tuple[str, str, str]] = {
    "search": ("pyapp.bench.search", "main", "per-method search latency in CPython"),
    "pipeline": ("pyapp.bench.pipeline", "main_pipeline", "whole turns with the extractive/scripted engine"),
    "browser": ("pyapp.bench.browser", "main", "time to ready, first answer and Pyodide search in Chromium"),
    "reload": ("pyapp.bench.reload", "main", "where a warm reload's time goes: a timeline of each stage, A/B between servers"),
    "workertrace": ("pyapp.bench.workertrace", "main", "a reload trace: the Python worker's thread, idle vs busy, per stage function"),
    "firstvisit": ("pyapp.bench.firstvisit", "main", "a phone's first visit: bytes on the wire and time to ready on 4G/3G"),
    "pagework": ("pyapp.bench.pagework", "main", "the page's main thread on a first visit: long tasks, layout, frames"),
    "engines": ("pyapp.bench.engines", "main", "wllama tokens/s, 1 thread vs N, and fast-mode draft latency"),
    "embed": ("pyapp.bench.embed", "main", "query embedding and vector search in CPython"),
}

USAGE = "usage: python -m pyapp.bench {" + "|".join(BENCHMARKS) + "} [options] [--json]\n" + "\n".join(
    f"  {name:<9} {desc}" for name, (_, _, desc) in BENCHMARKS.items()
)


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    entry = BENCHMARKS.get(args[0])
    if entry is None:
        print(f"error: unknown benchmark {args[0]!r}\n{USAGE}", file=sys.stderr)
        return 2
    module_name, function_name, _ = entry
    function = getattr(importlib.import_module(module_name), function_name)
    return int(function(args[1:]) or 0)


if __name__ == "__main__":
    sys.exit(main())
