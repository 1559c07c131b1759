"""Browser benchmark of the wllama CPU engine (bundled SmolLM2-135M GGUF) through ``rvsEngines``.

    python -m pyapp.bench engines [--threads 1,auto] [--rounds 2] [--runs 3] [--max-tokens 48]
                                  [--app-turns 1] [--json]

It starts ``serve.py --no-build`` (cross-origin isolated by default: COOP/COEP, so wllama may use
SharedArrayBuffer threads), opens ``engine-harness.html`` in headless Chromium with every off-origin
request blocked, and for each thread count loads the model in a fresh browser context (OPFS starts
empty) and runs a few short chat completions. ``auto`` loads the model the way the app does, with no
thread count given: web/engines/cores.js probes how many cores are free right now (at most
``navigator.hardwareConcurrency``, 4, and 1 unless the page is ``crossOriginIsolated``) and the
report says what it chose. To see both sides of that rule, run it once on an idle machine and once
with the cores kept busy (e.g. ``python -c "while True: pass" &``). The thread counts alternate for ``--rounds`` rounds, so a
change in the machine's load hits both alike. It reports load time and prompt / generation speed as
measured by llama.cpp itself (``timings`` of the last chunk), per thread count, and the speed-up of
N threads over 1. With ``--app-turns K`` (default 1) it also asks the app itself K fast-mode
questions per thread count (the bundled model through the real page, ``window.rvsTimings``): the time
from asking to the first draft text and to the finished turn. Why a script, not a test: the numbers depend on the machine and its load; they
are reported, never asserted. Playwright is imported inside ``main`` so this module never loads in
Pyodide.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

from pyapp.bench.chromium import CHROMIUM, CHROMIUM_ARGS, guard_context, served_app
# distinct questions: a repeated one is answered from the conversation's memory, with no model call
APP_QUESTIONS = ["How is Agni the messenger of the gods?", "What is asked of the dawn in the hymns?",
                 "What do the hymns say about the Maruts and the storm?", "Why is Soma pressed?"]
PROMPTS = [  # generic probes, not evaluation questions
    "Name one river in India. Answer in one sentence.",
    "What is the colour of the morning sky? Answer in one sentence.",
    "Say something kind about fire. Answer in one sentence.",
]


def _auto_threads(browser: Any, base: str) -> Dict[str, Any]:
    """The most threads the app may use here (before its probe), and whether the page is cross-origin isolated."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/engine-harness.html")
    page.wait_for_function("() => !!globalThis.rvsEngines")
    info = page.evaluate("""async () => ({
      threads: (await import("./engines/wllama.js")).defaultThreads(),
      cores: navigator.hardwareConcurrency, isolated: globalThis.crossOriginIsolated })""")
    context.close()
    return info


def _one_config(browser: Any, base: str, threads: Optional[int], runs: int, max_tokens: int) -> Dict[str, Any]:
    """One model load and ``runs`` completions; ``threads=None``: the app's own choice (the probe)."""
    label = "auto" if threads is None else str(threads)
    context = browser.new_context()
    foreign = guard_context(context, base)
    page = context.new_page()
    page.set_default_timeout(300_000)
    page.goto(base + "/engine-harness.html")
    page.wait_for_function("() => !!globalThis.rvsEngines")
    isolated = bool(page.evaluate("globalThis.crossOriginIsolated"))
    started = time.perf_counter()
    loaded = page.evaluate(
        """async (threads) => {
          try { await rvsEngines.select("wllama", null, threads ? {threads} : {}); } catch (e) { return {error: e.message}; }
          return rvsEngines.active().info;
        }""", threads)
    load_s = time.perf_counter() - started
    if "error" in loaded:
        context.close()
        return {"label": label, "threads": threads, "error": loaded["error"]}
    samples = []
    for i in range(runs):
        request = json.dumps({"agent": "bench", "messages": [{"role": "user", "content": PROMPTS[i % len(PROMPTS)]}],
                              "jsonSchema": None, "stream": True, "maxTokens": max_tokens, "temperature": 0})
        t0 = time.perf_counter()
        timings = page.evaluate("async (r) => { await rvsEngines.complete(r, () => {}); return rvsEngines.lastTimings(); }",
                                request)
        samples.append({"wall_s": time.perf_counter() - t0, **(timings or {})})
    context.close()
    return {"label": label, "threads": loaded.get("threads"), "multithread": loaded.get("multithread"),
            "probe": loaded.get("threadProbe"),
            "cross_origin_isolated": isolated, "load_s": round(load_s, 2), "samples": samples,
            "foreign_requests": len(foreign)}


def _app_turns(browser: Any, base: str, threads: Optional[int], turns: int) -> Dict[str, Any]:
    """Fast-mode turns in the app with the bundled model on ``threads`` threads: ms from asking to
    the first draft text (web/ui/chat.js ``rvsTimings.drafts``) and to the finished turn."""
    context = browser.new_context()
    foreign = guard_context(context, base)
    page = context.new_page()
    page.set_default_timeout(1_200_000)
    try:
        page.goto(base + "/")
        page.wait_for_selector("[data-testid=ready]")
        used = page.evaluate("async (t) => { await rvsEngines.select('wllama', null, t ? {threads: t} : {}, () => {});"
                             " return rvsEngines.active().info.threads; }", threads)
        rows = []
        for i in range(turns):
            before = page.evaluate("(window.rvsTimings.drafts || []).length")
            page.get_by_test_id("query").fill(APP_QUESTIONS[i % len(APP_QUESTIONS)])
            page.get_by_test_id("query").press("Enter")
            page.wait_for_function("() => !document.querySelector('[data-testid=stop]').disabled")
            page.wait_for_function("() => !document.querySelector('[data-testid=ask]').disabled"
                                   " && document.querySelector('[data-testid=stop]').disabled")
            rows.append(page.evaluate("""(before) => {
              const drafts = window.rvsTimings.drafts || [];
              const turns = window.rvsTimings.turns;
              const draft = drafts.length > before ? drafts[drafts.length - 1] : {};
              return { draft_open_ms: draft.openMs ?? null, draft_ms: draft.ms ?? null,
                       turn_ms: turns[turns.length - 1].ms };
            }""", before))
    except Exception as exc:  # noqa: BLE001 - reported, not raised: the other figures still count
        return {"label": "auto" if threads is None else str(threads), "error": str(exc).splitlines()[0]}
    finally:
        context.close()
    return {"label": "auto" if threads is None else str(threads), "threads": used, "turns": rows,
            "foreign_requests": len(foreign)}


def _order(label: str) -> Tuple[int, str]:
    return (1, label) if label == "auto" else (0, label.zfill(4))


def _summarise_turns(results: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    rows = []
    for label in sorted({r["label"] for r in results}, key=_order):
        mine = [r for r in results if r["label"] == label]
        turns = [t for r in mine if "turns" in r for t in r["turns"]]
        drafts = [t["draft_ms"] for t in turns if t["draft_ms"] is not None]
        opens = [t["draft_open_ms"] for t in turns if t["draft_open_ms"] is not None]
        rows.append({"label": label, "threads_used": sorted({r["threads"] for r in mine if "threads" in r}),
                     "turns": len(turns),
                     "draft_box_ms_median": round(statistics.median(opens)) if opens else None,
                     "first_draft_ms_median": round(statistics.median(drafts)) if drafts else None,
                     "first_draft_ms_all": drafts,
                     "turn_ms_median": round(statistics.median([t["turn_ms"] for t in turns])) if turns else None,
                     "errors": [r["error"] for r in mine if "error" in r]})
    return rows


def _summarise(configs: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Medians per thread setting ("1", "2", …, "auto") over every round's runs."""
    rows = []
    for label in sorted({c["label"] for c in configs if "error" not in c}, key=_order):
        mine = [c for c in configs if c["label"] == label and "error" not in c]
        samples = [s for c in mine for s in c["samples"]]

        def med(key: str, values: Optional[List[float]] = None) -> Optional[float]:
            values = values if values is not None else [s[key] for s in samples if s.get(key)]
            return round(statistics.median(values), 2) if values else None

        rows.append({
            "label": label, "threads_used": sorted({c["threads"] for c in mine}),
            "probe_speedups": [c["probe"]["speedup"] for c in mine if c.get("probe")],
            "multithread": all(c["multithread"] for c in mine),
            "cross_origin_isolated": all(c["cross_origin_isolated"] for c in mine),
            "load_s_median": med("", [c["load_s"] for c in mine]),
            "prompt_tokens_median": med("prompt_n"), "prompt_tok_s_median": med("prompt_per_second"),
            "gen_tokens_median": med("predicted_n"), "gen_tok_s_median": med("predicted_per_second"),
            "wall_s_median": med("wall_s"), "runs": len(samples), "rounds": len(mine),
            "foreign_requests": sum(c["foreign_requests"] for c in mine),
        })
    return rows


def _speedup(rows: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Every other setting against 1 thread (generation and prompt tokens/s)."""
    one = next((r for r in rows if r["label"] == "1"), None)
    if one is None:
        return {}

    def ratio(row: Dict[str, Any], key: str) -> Optional[float]:
        return round(row[key] / one[key], 2) if row.get(key) and one.get(key) else None

    return {r["label"]: {"gen": ratio(r, "gen_tok_s_median"), "prompt": ratio(r, "prompt_tok_s_median")}
            for r in rows if r is not one}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", default="1,auto",
                        help="comma-separated thread counts; auto = what the app picks (default 1,auto)")
    parser.add_argument("--rounds", type=int, default=2, help="alternate the thread counts this many times")
    parser.add_argument("--runs", type=int, default=3, help="completions per thread count and round")
    parser.add_argument("--max-tokens", type=int, default=48)
    parser.add_argument("--app-turns", type=int, default=1,
                        help="fast-mode questions in the app per thread count and round (0: skip)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    configs: List[Dict[str, Any]] = []
    app: List[Dict[str, Any]] = []
    load_before = list(os.getloadavg())
    wanted: List[Optional[int]] = list(dict.fromkeys(
        None if t.strip() == "auto" else int(t) for t in args.threads.split(",") if t.strip()))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with served_app(wait_path="/engine-harness.html") as base:
                auto = _auto_threads(browser, base)
                for _ in range(max(1, args.rounds)):
                    for threads in wanted:
                        config = _one_config(browser, base, threads, args.runs, args.max_tokens)
                        configs.append(config)
                        if not args.json:
                            done = config.get("error") or ", ".join(
                                f"{s.get('predicted_per_second', 0):.1f}" for s in config["samples"])
                            print(f"  {config['label']} → {config.get('threads')} thread(s)"
                                  f"{' (probe ×' + str(config['probe']['speedup']) + ')' if config.get('probe') else ''}: "
                                  f"load {config.get('load_s')} s, tokens/s {done}", file=sys.stderr)
                        if args.app_turns > 0:
                            app.append(_app_turns(browser, base, threads, args.app_turns))
                            if not args.json:
                                print(f"  {app[-1]['label']} in the app: {app[-1].get('turns') or app[-1].get('error')}",
                                      file=sys.stderr)
        finally:
            browser.close()
    rows = _summarise(configs)
    report = {"engine": "wllama", "model": "SmolLM2-135M-Instruct-Q4_1", "cores": os.cpu_count(),
              "most_threads": auto, "load_average_before": load_before, "load_average_after": list(os.getloadavg()),
              "max_tokens": args.max_tokens, "results": rows, "speedup": _speedup(rows),
              "app_fast_mode": _summarise_turns(app) if app else [],
              "errors": [c for c in configs if "error" in c]}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"wllama SmolLM2-135M, {os.cpu_count()} cores, page crossOriginIsolated={auto['isolated']}, "
          f"at most {auto['threads']} thread(s); load average {load_before[0]:.2f} → {report['load_average_after'][0]:.2f}")
    print(f"  {'setting':>7} {'threads':>8} {'gen tok/s':>10} {'prompt tok/s':>13} {'load s':>7} {'runs':>5}")
    for r in rows:
        used = ",".join(str(t) for t in r["threads_used"])
        print(f"  {r['label']:>7} {used:>8} {r['gen_tok_s_median'] or 0:>10.1f} {r['prompt_tok_s_median'] or 0:>13.1f} "
              f"{r['load_s_median'] or 0:>7.1f} {r['runs']:>5}")
    for label, ratio in report["speedup"].items():
        print(f"  {label} vs 1 thread: generation ×{ratio['gen']}, prompt ×{ratio['prompt']}")
    for r in report["app_fast_mode"]:
        first = r["first_draft_ms_median"]
        box = r["draft_box_ms_median"]
        print(f"  app, fast mode, {r['label']} ({','.join(map(str, r['threads_used']))} thread(s)): draft box "
              f"{'—' if box is None else f'{box / 1000:.1f} s'}, first draft text "
              f"{'—' if first is None else f'{first / 1000:.1f} s'} after asking (all: "
              f"{', '.join(f'{ms / 1000:.1f}' for ms in r['first_draft_ms_all'])} s), turn "
              f"{(r['turn_ms_median'] or 0) / 1000:.1f} s (median of {r['turns']})"
              + (f"; errors: {r['errors']}" if r["errors"] else ""))
    for error in report["errors"]:
        print(f"  error with {error['label']}: {error['error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
