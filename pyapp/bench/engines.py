"""Browser benchmark of the wllama CPU engine (bundled SmolLM2-135M GGUF) through ``rvsEngines``.

    python -m pyapp.bench.engines [--threads 1,2] [--runs 3] [--max-tokens 16] [--json]

For each thread count it starts ``serve.py --no-build`` (with ``--isolate`` — COOP/COEP — when
more than one thread is asked for, since wllama needs SharedArrayBuffer for threads), opens
``engine-harness.html`` in headless Chromium with every off-origin request blocked, loads the model
(from the network the first time: each run uses a fresh browser context, so OPFS starts empty) and
runs a few short chat completions. It reports load time, and prompt / generation speed as measured
by llama.cpp itself (``timings`` of the last chunk). Why a script, not a test: the numbers depend
on the machine and its load; they are reported, never asserted. Playwright is imported inside
``main`` so this module never loads in Pyodide.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any, Dict, List, Optional

from pyapp.bench.chromium import CHROMIUM, CHROMIUM_ARGS, guard_context, served_app
PROMPTS = [  # generic probes, not evaluation questions
    "Name one river in India. Answer in one sentence.",
    "What is the colour of the morning sky? Answer in one sentence.",
    "Say something kind about fire. Answer in one sentence.",
]


def _one_config(browser: Any, base: str, threads: int, runs: int, max_tokens: int) -> Dict[str, Any]:
    context = browser.new_context()
    foreign = guard_context(context, base)
    page = context.new_page()
    page.set_default_timeout(300_000)
    page.goto(base + "/engine-harness.html")
    page.wait_for_function("() => !!globalThis.rvsEngines")
    started = time.perf_counter()
    loaded = page.evaluate(
        """async (threads) => {
          try { await rvsEngines.select("wllama", null, {threads}); } catch (e) { return {error: e.message}; }
          return rvsEngines.active().info;
        }""", threads)
    load_s = time.perf_counter() - started
    if "error" in loaded:
        context.close()
        return {"threads": threads, "error": loaded["error"]}
    samples = []
    for i in range(runs):
        request = json.dumps({"agent": "bench", "messages": [{"role": "user", "content": PROMPTS[i % len(PROMPTS)]}],
                              "jsonSchema": None, "stream": True, "maxTokens": max_tokens, "temperature": 0})
        t0 = time.perf_counter()
        timings = page.evaluate("async (r) => { await rvsEngines.complete(r, () => {}); return rvsEngines.lastTimings(); }",
                                request)
        samples.append({"wall_s": time.perf_counter() - t0, **(timings or {})})
    context.close()

    def med(key: str) -> Optional[float]:
        values = [s[key] for s in samples if s.get(key)]
        return round(statistics.median(values), 2) if values else None

    return {
        "threads": loaded.get("threads"), "multithread": loaded.get("multithread"),
        "cross_origin_isolated": threads > 1, "load_s": round(load_s, 2),
        "prompt_tokens_median": med("prompt_n"), "prompt_tok_s_median": med("prompt_per_second"),
        "gen_tokens_median": med("predicted_n"), "gen_tok_s_median": med("predicted_per_second"),
        "wall_s_median": med("wall_s"), "runs": runs, "foreign_requests": len(foreign),
    }


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts (default 1,2)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-tokens", type=int, default=16)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    results = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for threads in [int(t) for t in args.threads.split(",") if t.strip()]:
                with served_app(["--isolate"] if threads > 1 else [], wait_path="/engine-harness.html") as base:
                    results.append(_one_config(browser, base, threads, args.runs, args.max_tokens))
        finally:
            browser.close()
    report = {"engine": "wllama", "model": "SmolLM2-135M-Instruct-Q4_1", "cores": os.cpu_count(),
              "load_average": list(os.getloadavg()), "results": results}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for r in results:
            print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
