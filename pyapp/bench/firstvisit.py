"""A phone's first visit: every byte on the wire, time to first paint, to ready and to the first answer.

    python -m pyapp.bench firstvisit [--profile 4g|3g|local] [--runs N] [--url URL] [--json]

Each run is a fresh browser context (empty HTTP cache, no service worker, no storage) behind an
emulated link (``pyapp.bench.link``: 4g = 20 Mbit/s down, 5 up, 60 ms round trip; 3g = 1.6 Mbit/s,
300 ms). The link counts the bytes of every response of every target — the page, PyScript's Python
worker, the service worker's precache — per URL. A question is typed and sent the moment the
question box is painted (the app queues it until it can answer), as an impatient reader would.

It reports, medians over the runs: bytes before "ready" (``[data-testid=ready]``) and in all (after
the service worker has cached the app for offline use and the link has been quiet for
``QUIET_S``), first contentful paint, ready, and the typed question's answer (from Enter and from
navigation), then the next visit (a reload from the offline cache: ready, bytes, boot stages); and, for
the first run, the bytes per file, largest first.

Why a script and not a test: timings depend on the machine and its load; they are reported, never
asserted. Without ``--url`` it starts ``serve.py --no-build`` (build first with ``python serve.py``).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Any, Dict, Iterator, List, Optional
from urllib.parse import urlparse

from pyapp.bench.chromium import CHROMIUM, CHROMIUM_ARGS, served_app
from pyapp.bench.link import PROFILES, Link

QUESTION = "What gifts does the dawn bring?"  # a generic probe, not an evaluation question
TIMEOUT_MS = 600_000
QUIET_S = 3.0  # the link idle this long after the offline cache is ready: the visit is over
AFTER_ANSWER_MAX_S = 300.0


@contextmanager
def _upstream(url: Optional[str], port: Optional[int]) -> Iterator[int]:
    if url:
        yield int(urlparse(url).port or 80)
        return
    with served_app(port=port) as base:
        yield int(urlparse(base).port or 80)


def _path(url: str) -> str:
    return url.split("?", 1)[0]


def _wait_quiet(link: Link, quiet_s: float, limit_s: float) -> None:
    deadline = time.monotonic() + limit_s
    last, since = link.total(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = link.total()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return


def one_visit(pw: Any, link: Link, question: str) -> Dict[str, Any]:
    """One first visit with a fresh profile; numbers in ms and bytes.

    A persistent profile in a new temporary directory, not an incognito context: incognito keeps
    its HTTP cache in a small memory store that drops the big files, so the service worker's
    precache would download them a second time, which a phone's disk cache does not."""
    base = f"http://127.0.0.1:{link.port}"
    profile_dir = tempfile.mkdtemp(prefix="rvs-firstvisit-")
    context = pw.chromium.launch_persistent_context(profile_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                    service_workers="allow")
    # no request routing (guard_context): Playwright's routing switches the HTTP cache off, and the
    # service worker's precache would then download everything a second time; other origins are
    # only recorded (this machine has no internet to reach them anyway)
    foreign: List[str] = []
    context.on("request", lambda r: None if r.url.startswith((base, "data:", "blob:")) else foreign.append(r.url))
    page = context.pages[0] if context.pages else context.new_page()
    link.reset()
    try:
        navigated = time.monotonic()  # ≤ the page clock's zero: "before ready" errs on the side of more bytes
        page.goto(base + "/", wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_selector("[data-testid=query]", state="visible", timeout=TIMEOUT_MS)
        page.get_by_test_id("query").fill(question)
        pressed = float(page.evaluate("performance.now()"))
        page.get_by_test_id("query").press("Enter")
        page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=TIMEOUT_MS)
        error = page.query_selector("[data-testid=error]")
        if error is not None:
            raise SystemExit(f"the app did not start: {error.text_content()}")
        ready_ms = float(page.evaluate("window.rvsTimings.readyMs"))
        ready_at = navigated + ready_ms / 1000  # the page's own moment, not when this script noticed it
        page.wait_for_function("() => window.rvsTimings && (window.rvsTimings.turns || []).length > 0",
                               timeout=TIMEOUT_MS)
        answer_end = float(page.evaluate("window.rvsTimings.turns[0].end"))
        paint = page.evaluate(
            "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: null}).startTime")
        page.wait_for_function("() => ['ready', 'unavailable'].includes(document.documentElement.dataset.offline)",
                               timeout=TIMEOUT_MS)
        _wait_quiet(link, QUIET_S, AFTER_ANSWER_MAX_S)
        transfers = link.snapshot()
        notes = page.evaluate("Array.from(document.querySelectorAll('#conversation .note'), e => e.textContent).slice(0, 4)")
        cold_stages = page.evaluate("window.rvsTimings.stages")
        spans = page.evaluate("({origin: performance.timeOrigin, spans: window.rvsTimings.spans || {},"
                              " python: window.rvsTimings.pythonBoot || {}})")
        # the next visit: the same profile reloads, everything comes from the service worker's cache
        reload_from = len(link.snapshot())
        page.reload(wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=TIMEOUT_MS)
        reload_ms = float(page.evaluate("window.rvsTimings.readyMs"))
        reload_stages = page.evaluate("window.rvsTimings.stages")
        reload_bytes = sum(t.wire_bytes for t in link.snapshot()[reload_from:])
    finally:
        context.close()
        shutil.rmtree(profile_dir, ignore_errors=True)
    before_each = [t.bytes_until(ready_at) for t in transfers]
    before = sum(before_each)
    files: Dict[str, Dict[str, Any]] = {}
    for i, t in enumerate(transfers):
        entry = files.setdefault(_path(t.url), {"bytes": 0, "requests": 0, "before_ready": 0, "encoding": t.encoding,
                                                     "statuses": []})
        entry["statuses"].append(t.status)
        entry["bytes"] += t.wire_bytes
        entry["requests"] += 1
        entry["before_ready"] += before_each[i]
    return {
        "timeline": timeline(transfers, navigated, ready_at, spans),
        "python_boot_ms": spans["python"],
        "first_paint_ms": round(paint) if paint is not None else None,
        "ready_ms": round(ready_ms),
        "answer_from_enter_ms": round(answer_end - pressed),
        "answer_from_navigation_ms": round(answer_end),
        "bytes_before_ready": before,
        "bytes_total": sum(t.wire_bytes for t in transfers),
        "requests": len(transfers),
        "files": files,
        "foreign_requests": len(foreign),
        "notes": notes,
        "reload_ready_ms": round(reload_ms),
        "reload_bytes": reload_bytes,
        "stages_ms": cold_stages,
        "reload_stages_ms": reload_stages,
    }


def timeline(transfers: List[Any], navigated: float, ready_at: float, spans: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Each download before ready (asked, first byte, last byte) and each boot stage (start, end), in
    ms from navigation, sorted by start: where the link sat idle and which CPU work ran alone.

    The link's clock (monotonic, taken just before navigation) and the page's (``performance.timeOrigin``)
    differ by the navigation's own start-up, a few ms."""
    ms = lambda t: round((t - navigated) * 1000)  # noqa: E731
    rows: List[Dict[str, Any]] = []
    for t in transfers:
        if not t.chunks or t.chunks[0][0] > ready_at:
            continue
        rows.append({"kind": "file", "name": _path(t.url), "start": ms(t.asked or t.chunks[0][0]),
                     "first_byte": ms(t.chunks[0][0]), "end": ms(t.ended or t.chunks[-1][0]),
                     "bytes": t.bytes_until(ready_at), "status": t.status})
    origin = float(spans["origin"])
    for name, (start, end) in spans["spans"].items():
        rows.append({"kind": "stage", "name": name, "start": round(start - origin), "end": round(end - origin)})
    return sorted(rows, key=lambda r: (r["start"], r["end"]))


def _median(values: List[float]) -> float:
    return round(statistics.median(values))


def run(upstream_port: int, profile: str, runs: int, question: str = QUESTION,
        window: Optional[int] = None) -> Dict[str, Any]:
    from playwright.sync_api import sync_playwright

    visits: List[Dict[str, Any]] = []
    with Link(upstream_port, profile, window=window) as link, sync_playwright() as pw:
        for _ in range(runs):
            visits.append(one_visit(pw, link, question))
    keys = ("first_paint_ms", "ready_ms", "answer_from_enter_ms", "answer_from_navigation_ms",
            "bytes_before_ready", "bytes_total", "requests", "reload_ready_ms", "reload_bytes")
    stage_names = sorted({name for v in visits for name in v["stages_ms"]})
    down, up, rtt = PROFILES[profile]
    return {
        "profile": {"name": profile, "down_mbit": down, "up_mbit": up, "rtt_ms": rtt, "window_bytes": link.window},
        "runs": runs,
        "median": {k: _median([v[k] for v in visits if v[k] is not None]) for k in keys},
        "min": {k: min(v[k] for v in visits if v[k] is not None) for k in keys},
        "max": {k: max(v[k] for v in visits if v[k] is not None) for k in keys},
        "files": dict(sorted(visits[0]["files"].items(), key=lambda kv: -kv[1]["bytes"])),
        "timeline": visits[0]["timeline"],
        "python_boot_ms": visits[0]["python_boot_ms"],
        "foreign_requests": sum(v["foreign_requests"] for v in visits),
        "first_answer_notes": visits[0]["notes"],
        "stages_ms": {n: _median([v["stages_ms"].get(n, 0) for v in visits]) for n in stage_names},
        "reload_stages_ms": {n: _median([v["reload_stages_ms"].get(n, 0) for v in visits]) for n in stage_names},
        "load": os.getloadavg(),
    }


def _mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def print_report(report: Dict[str, Any], top: int = 25) -> None:
    m = report["median"]
    p = report["profile"]
    print(f"first visit over {p['name']} ({p['down_mbit']} Mbit/s down, {p['rtt_ms']:.0f} ms RTT, "
          f"{p['window_bytes'] // 1000 if p['window_bytes'] else 'unbounded'} kB a connection), "
          f"medians of {report['runs']} (load {' '.join(f'{x:.2f}' for x in report['load'])}):", file=sys.stderr)
    print(f"  on the wire before ready {_mb(m['bytes_before_ready'])}, in all {_mb(m['bytes_total'])} "
          f"({m['requests']} requests)", file=sys.stderr)
    print(f"  first paint {m['first_paint_ms']} ms, ready {m['ready_ms']} ms; question typed at paint answered "
          f"{m['answer_from_enter_ms']} ms after Enter ({m['answer_from_navigation_ms']} ms after navigation)",
          file=sys.stderr)
    print(f"  the next visit (reload, offline cache): ready {m['reload_ready_ms']} ms, {_mb(m['reload_bytes'])} on the wire",
          file=sys.stderr)
    print("  boot stages, first visit / reload (ms): " + ", ".join(
        f"{n} {report['stages_ms'][n]}/{report['reload_stages_ms'][n]}" for n in report["stages_ms"]), file=sys.stderr)
    print(f"  timeline of the first run (ms from navigation; files: asked → first byte → last byte; "
          f"Python's boot {report['python_boot_ms']}):", file=sys.stderr)
    for row in report["timeline"]:
        if row["kind"] == "file":
            print(f"    {row['start']:6} → {row['first_byte']:6} → {row['end']:6}  {row['bytes'] / 1e6:6.2f} MB  "
                  f"{row['status']}  {row['name']}", file=sys.stderr)
        else:
            print(f"    {row['start']:6} ————————— {row['end']:6}  stage {row['name']} ({row['end'] - row['start']} ms)",
                  file=sys.stderr)
    print("  bytes per file (first run; before ready / in all, requests, encoding):", file=sys.stderr)
    for name, f in list(report["files"].items())[:top]:
        print(f"    {f['before_ready'] / 1e6:7.2f} / {f['bytes'] / 1e6:7.2f} MB  x{f['requests']}  "
              f"{f['encoding'] or '-':4}  {name}", file=sys.stderr)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyapp.bench firstvisit", description=__doc__.split("\n")[0])
    parser.add_argument("--profile", choices=sorted(PROFILES), default="4g")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--url", help="an already running serve.py (default: start one with --no-build)")
    parser.add_argument("--port", type=int, default=None, help="port for the serve.py it starts")
    parser.add_argument("--json", action="store_true", help="print only the JSON")
    parser.add_argument("--window", type=int, default=None,
                        help="bytes each connection may keep queued on the link (default 2×BDP; 0: unbounded, "
                             "the model before session 24)")
    args = parser.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        print(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium", file=sys.stderr)
        return 2
    with _upstream(args.url, args.port) as port:
        report = run(port, args.profile, max(1, args.runs), window=args.window)
    if not args.json:
        print_report(report)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
