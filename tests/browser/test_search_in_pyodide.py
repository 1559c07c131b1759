"""Search inside Pyodide, the way a reader's browser runs it: every method works over the real
index and the page reports its own timings (printed for the README's speed table, never asserted)."""
from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser


def test_every_search_method_runs_in_pyodide_and_reports_timings(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start with meaning search attached (tests/browser/conftest.py)
    report = json.loads(page.evaluate(
        "async () => await globalThis.rvsBench.bench_search('[\"text\",\"vector\",\"hybrid\",\"auto\"]', 1)"))
    for method in ("text", "vector", "hybrid", "auto"):
        stats = report[method]
        assert "skipped" not in stats, f"{method} search is unavailable in the page: {stats}"
        assert stats["n"] > 0 and 0 < stats["median_ms"] <= stats["p95_ms"]
    print("\nPyodide search (median / p95 ms): " + ", ".join(
        f"{m} {report[m]['median_ms']:.1f} / {report[m]['p95_ms']:.1f}" for m in ("text", "vector", "hybrid", "auto")))
    assert page.rvs_foreign_requests == []
