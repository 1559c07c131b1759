"""Search inside Pyodide, the way a reader's browser runs it: every method works over the real
index and the page reports its own timings (printed for the README's speed table, never asserted)."""
from __future__ import annotations

import json

import pytest

from helpers import wait_meaning

pytestmark = pytest.mark.browser


def test_every_search_method_runs_in_pyodide_and_reports_timings(page, served_url: str) -> None:
    page.goto(served_url + "/")
    page.locator("[data-testid=ready]").wait_for()
    wait_meaning(page)  # meaning search downloads after ready (web/ui/meaning.js)
    report = json.loads(page.evaluate(
        "async () => await globalThis.rvsBench.bench_search('[\"text\",\"vector\",\"hybrid\",\"auto\"]', 1)"))
    for method in ("text", "vector", "hybrid", "auto"):
        stats = report[method]
        assert "skipped" not in stats, f"{method} search is unavailable in the page: {stats}"
        assert stats["n"] > 0 and 0 < stats["median_ms"] <= stats["p95_ms"]
    print("\nPyodide search (median / p95 ms): " + ", ".join(
        f"{m} {report[m]['median_ms']:.1f} / {report[m]['p95_ms']:.1f}" for m in ("text", "vector", "hybrid", "auto")))
    assert page.rvs_foreign_requests == []
