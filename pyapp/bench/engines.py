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
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("RVS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PROMPTS = [  # generic probes, not evaluation questions
    "Name one river in India. Answer in one sentence.",
    "What is the colour of the morning sky? Answer in one sentence.",
    "Say something kind about fire. Answer in one sentence.",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _server(isolate: bool) -> Iterator[str]:
    port = _free_port()
    args = [sys.executable, "serve.py", "--no-build", "--port", str(port)] + (["--isolate"] if isolate else [])
    proc = subprocess.Popen(args, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/engine-harness.html", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("serve.py did not start (run `python serve.py` once to build)")
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _one_config(browser: Any, base: str, threads: int, runs: int, max_tokens: int) -> Dict[str, Any]:
    context = browser.new_context()
    foreign: List[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith((base, "blob:", "data:")):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    context.route("**/*", route)
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
                with _server(isolate=threads > 1) as base:
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
