"""Browser benchmark: cold / warm time-to-ready, boot stage timings, first no-LLM answer, and the
per-method search latency measured inside Pyodide.

    python -m pyapp.bench.browser [--url http://127.0.0.1:8000] [--runs 3] [--json]

Without ``--url`` it starts ``serve.py --no-build`` on a free port (build first with
``python serve.py`` or ``python -m corpus_build``). Chromium runs headless from
``/usr/bin/chromium`` (``$RVS_CHROMIUM``), every request to another origin is counted. Requests are
observed, not routed: Playwright's routing switches the HTTP cache off and passes every request
through this process (cold ready measured that way: 3.04–3.14 s; a reader's browser does neither).

- cold: a fresh profile (empty disk cache, no service worker) → ``[data-testid=ready]``.
- warm: the same context reloaded after the service worker has cached everything.
- typed at paint: a question typed and sent the moment the question box is painted (the app queues it
  until Python is ready), on a first visit and on a reload: Enter → finished answer.
- answer: one no-LLM question, from pressing Enter to the finished turn (``window.rvsTimings.turns``),
  asked twice: at once after the cold "ready" (it may wait for the page's post-ready warm-up,
  ``pyapp.bridge.warm_up``), and after the warm reload once that warm-up is done (a reader typing).
- search: ``pyapp.bench.inpage.bench_search`` inside the page, through ``globalThis.rvsBench`` (median / p95
  per method, and the encoder).
- main thread: the page's long tasks (> 50 ms, PerformanceObserver ``longtask``) during the boot (up to 1 s
  after "ready") and during the first answer: how many, the longest, and the total blocking time (the
  sum of each task's time over 50 ms). ``--python page`` runs the Python on the page's own thread
  (``?python=page``) instead of PyScript's worker, to compare the two.
- reader: opening hymns in the reader (``web/ui/reader.js``): address → hymn rendered and laid out, and
  → the next frame painted (``window.rvsTimings.reader.opens``); the first open also builds the per-hymn
  facts (``pyapp.facts``) and is reported on its own.

Why a script and not a test: timings depend on the machine; they are reported, never asserted.
Playwright is imported inside ``main`` so this module never loads in Pyodide.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

from pyapp.bench.chromium import CHROMIUM, fresh_profile, record_foreign, served_app

QUESTION = "What is asked of the dawn in the hymns?"  # generic probes, not evaluation questions
SECOND_QUESTION = "Who are the Maruts?"
PAINT_QUESTIONS = ("What do the hymns ask of Agni?", "What gifts does the dawn bring?")  # a repeat would come from memory
READY_TIMEOUT_MS = 300_000
AFTER_READY_MS = 1000  # what the page does right after "ready" (history, versions) counts as boot
# recorded from the first moment of every page (the observer's buffer alone keeps too few entries)
LONG_TASKS = """
window.__rvsLongTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__rvsLongTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) { /* no long task timing in this browser */ }
"""
# the reader's bench: a short hymn first (it pays for the facts table), then the five longest and a spread
READER_HYMNS = ["10.129", "9.97", "1.164", "9.86", "8.6", "6.16", "1.1", "3.62", "7.103", "5.83", "2.12",
                "4.26", "10.90", "1.32", "8.48", "9.1", "10.191", "6.75", "7.86", "3.33", "10.85"]


@contextmanager
def _server(url: Optional[str]) -> Iterator[str]:
    if url:
        yield url.rstrip("/")
        return
    with served_app() as base:
        yield base


def _wait_ready(page: Any) -> Dict[str, Any]:
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=READY_TIMEOUT_MS)
    error = page.query_selector("[data-testid=error]")
    if error is not None:
        raise SystemExit(f"the app did not start: {error.text_content()}")
    return page.evaluate("window.rvsTimings")


def _ask(page: Any, question: str) -> float:
    """Milliseconds from the Enter key to the finished turn, as the page's clock sees them (so any
    wait for work already running on the page's thread counts too)."""
    page.get_by_test_id("query").fill(question)
    pressed = float(page.evaluate("performance.now()"))
    page.get_by_test_id("query").press("Enter")
    page.wait_for_function(
        "() => (window.rvsTimings.turns || []).length > 0", timeout=READY_TIMEOUT_MS)
    return float(page.evaluate("window.rvsTimings.turns[window.rvsTimings.turns.length - 1].end")) - pressed


def _ask_at_paint(page: Any, url: str, question: str, reload: bool = False) -> float:
    """Milliseconds from navigation to the finished answer of a question typed and sent the moment
    the question box is painted (before the app is ready: it is queued), and from that Enter."""
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_selector("[data-testid=query]", state="visible", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("query").fill(question)
    pressed = float(page.evaluate("performance.now()"))
    page.get_by_test_id("query").press("Enter")
    page.wait_for_function("() => window.rvsTimings && (window.rvsTimings.turns || []).length > 0",
                           timeout=READY_TIMEOUT_MS)
    end = float(page.evaluate("window.rvsTimings.turns[window.rvsTimings.turns.length - 1].end"))
    return end - pressed


def _blocking(page: Any, start: float, end: float) -> Dict[str, float]:
    """The main thread's long tasks that began in [start, end] (page clock, ms)."""
    tasks = [d for t, d in page.evaluate("window.__rvsLongTasks || []") if start <= t <= end]
    return {"tasks": len(tasks), "longest_ms": round(max(tasks, default=0)),
            "tbt_ms": round(sum(max(0.0, d - 50) for d in tasks))}


def _boot_blocking(page: Any, ready_ms: float) -> Dict[str, float]:
    page.wait_for_timeout(AFTER_READY_MS)
    return _blocking(page, 0, ready_ms + AFTER_READY_MS)


def _summary(values: List[float]) -> Dict[str, float]:
    return {"median": round(statistics.median(values)), "min": round(min(values)), "max": round(max(values)),
            "runs": len(values)}


def _open_hymns(page: Any) -> Dict[str, Any]:
    """Open every hymn of READER_HYMNS by its address, one after the other; the page's own timings."""
    for ref in READER_HYMNS:
        page.evaluate("ref => { location.hash = '#/' + ref; }", ref)
        page.wait_for_selector(f"[data-testid=reader][data-state=ready][data-ref='{ref}']", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => { const o = window.rvsTimings.reader.opens; return o.length && o[o.length - 1].paintMs !== null; }",
                               timeout=READY_TIMEOUT_MS)
    opens = page.evaluate("window.rvsTimings.reader.opens")[-len(READER_HYMNS):]
    page.evaluate("() => { location.hash = ''; }")  # back to the conversation for the rest of the run
    rest = opens[1:]
    return {"first_ms": opens[0]["ms"], "first_paint_ms": opens[0]["paintMs"],
            "open_ms": _summary([o["ms"] for o in rest]), "open_paint_ms": _summary([o["paintMs"] for o in rest]),
            "hymns": len(rest), "max_verses": max(o["verses"] for o in rest)}


def _blocking_summary(samples: List[Dict[str, float]]) -> Dict[str, Any]:
    return {key: _summary([s[key] for s in samples]) for key in ("tasks", "longest_ms", "tbt_ms")} if samples else {}


def run(url: str, runs: int, python: str = "worker") -> Dict[str, Any]:
    from playwright.sync_api import sync_playwright

    cold: List[float] = []
    warm: List[float] = []
    stages: List[Dict[str, Any]] = []
    warm_stages: List[Dict[str, Any]] = []
    answers: List[float] = []
    answers_after_warm_up: List[float] = []
    warm_ups: List[float] = []
    runtime_from: List[str] = []
    search: Dict[str, Any] = {}
    reader: Dict[str, Any] = {}
    foreign_all: List[str] = []
    cold_blocking: List[Dict[str, float]] = []
    warm_blocking: List[Dict[str, float]] = []
    answer_blocking: List[Dict[str, float]] = []
    at_paint_cold: List[float] = []
    at_paint_warm: List[float] = []
    query = "?python=page" if python == "page" else ""
    with sync_playwright() as pw:
        for i in range(runs):
            with fresh_profile(pw) as context:
                foreign_all += record_foreign(context, url)
                context.add_init_script(LONG_TASKS)
                page = context.pages[0] if context.pages else context.new_page()
                page.goto(url + "/" + query)
                timings = _wait_ready(page)
                cold.append(timings["readyMs"])
                stages.append(timings["stages"])
                runtime_from.append(str(timings.get("runtimeFrom")))
                cold_blocking.append(_boot_blocking(page, timings["readyMs"]))
                started = float(page.evaluate("performance.now()"))
                answers.append(_ask(page, QUESTION))
                answer_blocking.append(_blocking(page, started, started + answers[-1] + 500))
                if i == 0:
                    search = json.loads(page.evaluate(
                        "async () => await globalThis.rvsBench.bench_search('[\"text\",\"vector\",\"hybrid\",\"auto\"]', 3)"))
                    reader = _open_hymns(page)
                page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                                       timeout=READY_TIMEOUT_MS)
                page.reload()
                timings = _wait_ready(page)
                warm.append(timings["readyMs"])
                warm_stages.append(timings["stages"])
                warm_blocking.append(_boot_blocking(page, timings["readyMs"]))
                page.wait_for_function("() => window.rvsTimings.warmUp", timeout=READY_TIMEOUT_MS)
                warm_ups.append(float(page.evaluate("window.rvsTimings.warmUp.ms")))
                answers_after_warm_up.append(_ask(page, SECOND_QUESTION))
        # a reader who types the moment the question box is painted: cold (a fresh profile) and warm reload
        for i in range(runs):
            with fresh_profile(pw) as context:
                foreign_all += record_foreign(context, url)
                page = context.pages[0] if context.pages else context.new_page()
                at_paint_cold.append(_ask_at_paint(page, url + "/" + query, PAINT_QUESTIONS[0]))
                page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                                       timeout=READY_TIMEOUT_MS)
                at_paint_warm.append(_ask_at_paint(page, url + "/" + query, PAINT_QUESTIONS[1], reload=True))
    stage_names = sorted({name for s in stages for name in s})
    return {
        "url": url,
        "python": python,
        "cold_ready_ms": _summary(cold),
        "warm_ready_ms": _summary(warm),
        "stages_ms": {name: round(statistics.median([s.get(name, 0) for s in stages])) for name in stage_names},
        "warm_stages_ms": {name: round(statistics.median([s.get(name, 0) for s in warm_stages]))
                           for name in stage_names},
        "runtime_from": sorted(set(runtime_from)),
        "first_answer_no_llm_ms": _summary(answers),
        "warm_up_ms": _summary(warm_ups),
        "first_answer_after_warm_up_ms": _summary(answers_after_warm_up),
        "answer_typed_at_paint_cold_ms": _summary(at_paint_cold),
        "answer_typed_at_paint_warm_ms": _summary(at_paint_warm),
        "pyodide_search_ms": search,
        "reader_open_hymn_ms": reader,
        "main_thread_cold_boot": _blocking_summary(cold_blocking),
        "main_thread_warm_boot": _blocking_summary(warm_blocking),
        "main_thread_first_answer": _blocking_summary(answer_blocking),
        "foreign_requests": len(foreign_all),
    }


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyapp.bench.browser", description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="an already running server (default: start serve.py --no-build)")
    parser.add_argument("--runs", type=int, default=1, help="cold+warm runs (default 1)")
    parser.add_argument("--json", action="store_true", help="print only the JSON")
    parser.add_argument("--python", choices=["worker", "page"], default="worker",
                        help="where the Python runs: PyScript's worker (default) or the page's own thread")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium", file=sys.stderr)
        return 2
    with _server(args.url) as url:
        report = run(url, max(1, args.runs), args.python)
    if not args.json:
        print(f"cold ready {report['cold_ready_ms']['median']} ms, warm ready {report['warm_ready_ms']['median']} ms, "
              f"first no-LLM answer {report['first_answer_no_llm_ms']['median']} ms at once, "
              f"{report['first_answer_after_warm_up_ms']['median']} ms after the warm-up", file=sys.stderr)
        print(f"a question typed the moment the box is painted: answered {report['answer_typed_at_paint_cold_ms']['median']} ms "
              f"after Enter on a first visit, {report['answer_typed_at_paint_warm_ms']['median']} ms on a reload (medians)",
              file=sys.stderr)
        opened = report["reader_open_hymn_ms"]
        print(f"open a hymn in the reader {opened['open_paint_ms']['median']} ms median to paint "
              f"({opened['open_ms']['median']} ms to layout, max {opened['open_paint_ms']['max']} ms, {opened['hymns']} hymns "
              f"up to {opened['max_verses']} verses; first open {opened['first_paint_ms']} ms with the facts table)",
              file=sys.stderr)
        for name in ("cold_boot", "warm_boot", "first_answer"):
            b = report[f"main_thread_{name}"]
            print(f"main thread ({args.python}), {name.replace('_', ' ')}: {b['tasks']['median']} long tasks, longest "
                  f"{b['longest_ms']['median']} ms, total blocking {b['tbt_ms']['median']} ms (medians)", file=sys.stderr)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
