"""Where a warm reload's time goes: ``python -m pyapp.bench reload --url URL [--url URL2] [--reloads N]``.

Why a benchmark of its own: ``bench browser`` gives one warm reload per run among many other things
(answers, the reader, a second context), minutes per run on a loaded machine. This one loads the
app once per URL (a fresh context: the service worker installs and fills the offline cache), lets
the browser settle (V8 writes its WebAssembly code cache only after the optimising compiler has
run), then reloads it N times and lays out each reload as a timeline relative to the navigation:
the page's ``rvsTimings.spans`` (the worker's stages, from ``web/python/loader.js``, and its Python,
from ``web/python/worker.py``) and ``rvsTimings.pythonBoot`` (``pyapp.bridge.boot``).

Two or more ``--url`` (say, a server of the branch and one of main) are reloaded in turn, A B A B…,
so both see the same machine load: the machine this runs on is shared, and absolute times move with
its load (``os.getloadavg`` is printed beside them). ``--trace FILE`` records a Chromium trace of the
last reload of the first URL (``v8.wasm`` events say whether the wasm code cache was hit).

No request is routed: Playwright's routing turns the HTTP cache off, which is part of what a reload uses.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from typing import Any, Dict, List, Optional

from pyapp.bench.chromium import CHROMIUM, CHROMIUM_ARGS

READY_TIMEOUT_MS = 300_000
SETTLE_MS = 8000  # after the first visit: the service worker's caching, V8's tier-up and code cache
SETTLE_AFTER_READY_MS = 3000  # after each reload's warm-up: meaning search attaching

# every span relative to the navigation (the page's timeOrigin), in ms
TIMELINE = """() => {
  const t = window.rvsTimings, o = performance.timeOrigin;
  const spans = {};
  for (const [k, [a, b]] of Object.entries(t.spans || {})) spans[k] = [Math.round(a - o), Math.round(b - o)];
  // the page's own way there: the document (through the service worker), its first module, the worker's script
  const nav = performance.getEntriesByType("navigation")[0];
  if (nav) {
    spans.document = [Math.round(nav.startTime), Math.round(nav.responseEnd)];
    spans.domInteractive = [Math.round(nav.domInteractive), Math.round(nav.domInteractive)];
  }
  for (const r of performance.getEntriesByType("resource")) {
    const name = r.name.split("?")[0].split("/").slice(-2).join("/");
    if (["/app.js", "python/host.mjs"].some((n) => ("/" + name).endsWith(n))) spans["get " + name] = [Math.round(r.startTime), Math.round(r.responseEnd)];
  }
  return {ready: t.readyMs, stages: t.stages, spans, pythonBoot: t.pythonBoot || null,
          runtimeFrom: t.runtimeFrom || null, numpyFrom: t.numpyFrom || null};
}"""


def _wait_ready(page: Any) -> Dict[str, Any]:
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=READY_TIMEOUT_MS)
    error = page.query_selector("[data-testid=error]")
    if error is not None:
        raise SystemExit(f"the app did not start: {error.text_content()}")
    return page.evaluate(TIMELINE)


def _median_timeline(samples: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Medians of each span's start and end, each stage and each boot timing, over the reloads."""
    names = sorted({k for s in samples for k in s["spans"]}, key=lambda k: statistics.median(
        [s["spans"][k][0] for s in samples if k in s["spans"]]))
    spans = {k: [round(statistics.median([s["spans"][k][i] for s in samples if k in s["spans"]])) for i in (0, 1)]
             for k in names}
    stages = {k: round(statistics.median([s["stages"].get(k, 0) for s in samples]))
              for k in sorted({k for s in samples for k in s["stages"]})}
    boot = {k: round(statistics.median([float((s["pythonBoot"] or {}).get(k, 0)) for s in samples]))
            for k in sorted({k for s in samples for k in (s["pythonBoot"] or {})})}
    return {"ready_ms": round(statistics.median([s["ready"] for s in samples])),
            "ready_all": [s["ready"] for s in samples], "spans": spans, "stages": stages, "pythonBoot": boot}


def run(urls: List[str], reloads: int, trace: Optional[str] = None, profile: bool = False) -> Dict[str, Any]:
    from playwright.sync_api import sync_playwright

    results: Dict[str, Dict[str, Any]] = {url: {"first": None, "reloads": [], "load": []} for url in urls}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pages = {}
            for url in urls:
                context = browser.new_context(service_workers="allow")
                page = context.new_page()
                page.goto(url + "/")
                results[url]["first"] = _wait_ready(page)
                page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                                       timeout=READY_TIMEOUT_MS)
                pages[url] = page
            pages[urls[0]].wait_for_timeout(SETTLE_MS)
            for i in range(reloads):
                for url in urls:
                    page = pages[url]
                    tracing = trace and url == urls[0] and i == reloads - 1
                    if tracing:
                        browser.start_tracing(page=page, path=trace, categories=[
                            "devtools.timeline", "v8.wasm", "disabled-by-default-v8.wasm.detailed",
                            "v8", "blink", "ServiceWorker", "loading", "disabled-by-default-devtools.timeline",
                            *(["disabled-by-default-v8.cpu_profiler"] if profile else [])])
                    results[url]["load"].append(round(os.getloadavg()[0], 2))
                    page.reload()
                    results[url]["reloads"].append(_wait_ready(page))
                    if tracing:
                        page.wait_for_timeout(500)
                        browser.stop_tracing()
                        results[url]["traced"] = results[url]["reloads"][-1]
                    # the warm-up and meaning search run after ready: let them finish before the next reload
                    page.wait_for_function("() => window.rvsTimings.warmUp", timeout=READY_TIMEOUT_MS)
                    page.wait_for_timeout(SETTLE_AFTER_READY_MS)
        finally:
            browser.close()
    return {url: {"median": _median_timeline(r["reloads"]), "load": r["load"],
                  "first_ready_ms": r["first"]["ready"], "runtimeFrom": r["reloads"][-1]["runtimeFrom"],
                  "numpyFrom": r["reloads"][-1]["numpyFrom"], "traced": r.get("traced")} for url, r in results.items()}


def _print(report: Dict[str, Any]) -> None:
    for url, r in report.items():
        m = r["median"]
        print(f"{url}: reload ready median {m['ready_ms']} ms {m['ready_all']} (load {r['load']}), "
              f"first visit {r['first_ready_ms']} ms, runtime from {r['runtimeFrom']}, numpy from {r['numpyFrom']}",
              file=sys.stderr)
        for name, (a, b) in m["spans"].items():
            print(f"  {name:<14} {a:>6} → {b:>6}  ({b - a} ms)", file=sys.stderr)
        print(f"  stages {m['stages']}", file=sys.stderr)
        print(f"  python boot {m['pythonBoot']}", file=sys.stderr)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyapp.bench reload", description=__doc__.split("\n")[0])
    parser.add_argument("--url", action="append", required=True, help="a running server (repeat to compare, A B A B…)")
    parser.add_argument("--reloads", type=int, default=5)
    parser.add_argument("--trace", help="write a Chromium trace of the first URL's last reload here")
    parser.add_argument("--profile", action="store_true", help="with --trace: V8's sampling profiler too (slower)")
    parser.add_argument("--json", action="store_true", help="print only the JSON")
    args = parser.parse_args(argv)
    report = run([u.rstrip("/") for u in args.url], max(1, args.reloads), args.trace, args.profile)
    if not args.json:
        _print(report)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
