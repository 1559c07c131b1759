"""pyapp.bench.pagework reads the page's own thread from a Chromium trace: only the page's main thread,
only the tasks between first paint and "ready", and the blocking time they would give at 4x."""
from __future__ import annotations

import json
from pathlib import Path

from pyapp.bench.pagework import analyse

PAGE, OTHER = 10, 20


def _task(tid: int, at_ms: float, dur_ms: float, pid: int = PAGE) -> dict:
    return {"name": "RunTask", "ph": "X", "pid": pid, "tid": tid, "ts": 1_000_000 + at_ms * 1000, "dur": dur_ms * 1000}


def test_counts_the_page_threads_tasks_between_first_paint_and_ready(tmp_path: Path) -> None:
    t0 = 1_000_000
    events = [
        {"ph": "M", "name": "thread_name", "pid": PAGE, "tid": PAGE, "args": {"name": "CrRendererMain"}},
        {"ph": "M", "name": "thread_name", "pid": PAGE, "tid": 11, "args": {"name": "DedicatedWorker thread"}},
        {"name": "navigationStart", "ph": "R", "pid": PAGE, "tid": PAGE, "ts": t0,
         "args": {"data": {"documentLoaderURL": "http://127.0.0.1:8000/"}}},
        {"name": "firstContentfulPaint", "ph": "R", "pid": PAGE, "tid": PAGE, "ts": t0 + 400_000},
        {"name": "rvs:boot", "ph": "I", "pid": PAGE, "tid": PAGE, "ts": t0 + 500_000, "cat": "blink.user_timing"},
        {"name": "rvs:ready", "ph": "I", "pid": PAGE, "tid": PAGE, "ts": t0 + 5_000_000, "cat": "blink.user_timing"},
        _task(PAGE, 100, 300),      # before first paint: not counted
        _task(PAGE, 600, 80),       # long: 80 ms, 4x → 270 ms blocking
        _task(PAGE, 900, 10),       # short: 4x → 0 blocking
        _task(PAGE, 1000, 20),      # short here, long at 4x: 30 ms blocking
        _task(11, 1200, 500),       # a worker's task: not the page's thread
        _task(OTHER, 1200, 500, pid=OTHER),
        _task(PAGE, 6000, 200),     # after ready: not counted
    ]
    path = tmp_path / "trace.json"
    path.write_text(json.dumps({"traceEvents": events}))
    report = analyse(str(path))
    assert (report["fcp_ms"], report["boot_ms"], report["ready_ms"]) == (400, 500, 5000)
    assert report["tasks_after_fcp_ms"] == 110
    assert [task[:2] for task in report["long_after_fcp"]] == [[600, 80]]
    assert report["sim4x_tbt_ms"] == 270 + 30
