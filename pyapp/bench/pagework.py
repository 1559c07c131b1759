"""The page's own thread during a first visit: ``python -m pyapp.bench pagework --url URL [--runs N] [--json]``.

Why a benchmark of its own: Lighthouse's blocking time simulates a 4x slower CPU over the tasks it saw, so on
this shared machine its score measures the load (issue 21). This records a Chromium trace of a first visit
(fresh context, no service worker, a 390 px phone viewport) and reads what depends less on the load:

- the main thread's tasks after first paint up to "ready" (the page's ``rvs:ready`` mark), their sum, the
  ones over 50 ms, and ``sim4x_tbt``: the blocking time those tasks would give at 4x (``4 * d - 50`` each);
- the long tasks with what ran in them (layout, a module's evaluation, a microtask burst…);
- layout, style and paint time, rendering frames, the font service's blocking calls before first paint;
- when the boot started (``rvs:boot``, set by ``web/app.js``) and the page's script fetches before it.

A polling ``page.evaluate`` once a second waits for ready (Playwright's ``wait_for_selector`` runs its
injected script on the page's thread many times a second: tasks the page never has without it).

CPython-only tooling (it starts Chromium); nothing in the page imports it.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

from pyapp.bench.chromium import CHROMIUM, CHROMIUM_ARGS

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing",
              "loading", "toplevel", "blink", "disabled-by-default-devtools.timeline.frame"]
READY = "() => Boolean(document.querySelector('[data-testid=ready], [data-testid=error]'))"
SCRIPTS = """() => performance.getEntriesByType('resource').filter((e) => /\\.m?js(\\?|$)/.test(e.name))
  .map((e) => [e.name.replace(location.origin + '/', ''), Math.round(e.startTime), e.decodedBodySize])"""


def record(url: str, trace_path: str, width: int = 390, timeout_s: int = 300) -> Dict[str, Any]:
    """One first visit traced into ``trace_path``; returns the page's script fetches and marks."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": width, "height": 844}, service_workers="block")
            page = context.new_page()
            browser.start_tracing(page=page, path=trace_path, categories=CATEGORIES)
            page.goto(url)
            deadline = time.monotonic() + timeout_s
            while not page.evaluate(READY) and time.monotonic() < deadline:
                time.sleep(1)
            time.sleep(2)  # what follows "ready" (the chat, history, fonts) in the same trace
            scripts = page.evaluate(SCRIPTS)
            marks = dict(page.evaluate("() => performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])"))
            browser.stop_tracing()
        finally:
            browser.close()
    return {"scripts": scripts, "marks": marks}


def _events(trace_path: str) -> List[Dict[str, Any]]:
    data = json.loads(Path(trace_path).read_text())
    return data["traceEvents"] if isinstance(data, dict) else data


def analyse(trace_path: str) -> Dict[str, Any]:
    """The page's main-thread numbers from one trace (times in ms from navigation)."""
    events = _events(trace_path)
    nav = next(e for e in events if e.get("name") == "navigationStart"
               and str(e.get("args", {}).get("data", {}).get("documentLoaderURL", "")).startswith("http"))
    pid, t0 = nav["pid"], nav["ts"]
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = next(k for k, name in threads.items() if k[0] == pid and name == "CrRendererMain")
    on = [e for e in events if (e.get("pid"), e.get("tid")) == main]

    def ms(ts: float) -> float:
        return (ts - t0) / 1000

    marks = {e["name"]: ms(e["ts"]) for e in on if str(e.get("name", "")).startswith("rvs:")}
    fcp = next((ms(e["ts"]) for e in on if e.get("name") == "firstContentfulPaint"), 0.0)
    ready = marks.get("rvs:ready", float("inf"))
    tasks = [e for e in on if e.get("name") == "RunTask" and e.get("ph") == "X" and e["ts"] >= t0]
    after = [e for e in tasks if fcp <= ms(e["ts"]) < ready]

    def total(name: str, end: float) -> float:
        return round(sum(e.get("dur", 0) for e in on if e.get("name") == name and ms(e["ts"]) < end) / 1000, 1)

    def what(task: Dict[str, Any]) -> List[str]:
        inner = [e for e in on if e.get("ph") == "X" and task["ts"] <= e["ts"] < task["ts"] + task["dur"]
                 and e is not task and e.get("dur", 0) > 5000 and e["name"] != "ThreadControllerImpl::RunTask"]
        return [f"{e['name']} {round(e['dur'] / 1000)}" for e in inner[:5]]

    fonts = [e for e in on if e.get("name") == "Receive mojo reply" and "FontDataService" in str(e.get("args"))]
    return {
        "fcp_ms": round(fcp), "boot_ms": round(marks.get("rvs:boot", 0)), "ready_ms": round(ready) if ready != float("inf") else None,
        "tasks_after_fcp_ms": round(sum(e["dur"] for e in after) / 1000),
        "long_after_fcp": [[round(ms(e["ts"])), round(e["dur"] / 1000), what(e)] for e in after if e["dur"] > 50000],
        "sim4x_tbt_ms": round(sum(max(0.0, 4 * e["dur"] / 1000 - 50) for e in after)),
        "layout_ms": total("Layout", ready), "style_ms": total("UpdateLayoutTree", ready), "paint_ms": total("Paint", ready),
        "layout_before_fcp_ms": total("Layout", fcp),
        "font_service_calls_before_fcp": len([e for e in fonts if ms(e["ts"]) < fcp]),
        "frames": len([e for e in events if e.get("name") == "DrawFrame" and e.get("pid") == pid]),
    }


def run(url: str, runs: int) -> Dict[str, Any]:
    samples = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "trace.json")
            page = record(url, path)
            result = analyse(path)
        boot = page["marks"].get("rvs:boot")
        early = [s for s in page["scripts"] if boot is not None and s[1] < boot]
        result["scripts_before_boot"] = {"count": len(early), "bytes": sum(s[2] for s in early)}
        result["load"] = [round(x, 1) for x in os.getloadavg()]
        samples.append(result)
    keys = ("fcp_ms", "tasks_after_fcp_ms", "sim4x_tbt_ms", "layout_ms", "frames")
    return {"runs": samples, "median": {k: statistics.median(s[k] for s in samples) for k in keys}}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyapp.bench pagework", description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True, help="the app's address, e.g. http://127.0.0.1:8000/")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = run(args.url, max(1, args.runs))
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for sample in report["runs"]:
        print(f"load {sample['load']}: first paint {sample['fcp_ms']} ms, boot {sample['boot_ms']} ms, ready {sample['ready_ms']} ms; "
              f"after first paint {sample['tasks_after_fcp_ms']} ms of tasks, sim. 4x blocking {sample['sim4x_tbt_ms']} ms; "
              f"layout {sample['layout_ms']} ms, frames {sample['frames']}, font calls before paint "
              f"{sample['font_service_calls_before_fcp']}; scripts fetched before boot {sample['scripts_before_boot']}")
        for start, dur, inner in sample["long_after_fcp"]:
            print(f"   long task at {start} ms: {dur} ms  {'; '.join(inner)}")
    print("medians:", report["median"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
