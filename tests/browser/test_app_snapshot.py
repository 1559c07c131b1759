"""The Python runtime starts from the build's memory snapshot; a missing or damaged one only costs speed."""
from __future__ import annotations

import gzip
import re

import pytest

from helpers import boot, cards, error_text, submit

pytestmark = pytest.mark.browser

SNAPSHOT = re.compile(r"/assets/python-runtime\.snapshot\.gz(\?v=[0-9a-f]+)?$")


def _answers_a_reference_and_a_question(page) -> None:
    submit(page, "RV 10.129.1")
    assert [c["ref"] for c in cards(page)][-1] == "10.129.1"
    submit(page, "Who is praised as the priest of the sacrifice?")
    assert error_text(page) == ""
    assert len((page.get_by_test_id("answer").text_content() or "").strip()) > 20


def test_python_starts_from_the_snapshot_and_answers(page, served_url: str) -> None:
    boot(page, served_url)
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "snapshot"
    _answers_a_reference_and_a_question(page)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "missing"])
def test_a_bad_snapshot_falls_back_to_a_normal_start(page, served_url: str, damage: str) -> None:
    def serve_bad(route) -> None:
        if damage == "missing":
            route.fulfill(status=404, body="not here")
        elif damage == "garbage":
            route.fulfill(status=200, body=gzip.compress(b"\x07" * 200_000), content_type="application/gzip")
        else:
            real = route.fetch().body()
            route.fulfill(status=200, body=real[: len(real) // 2], content_type="application/gzip")

    seen: list = []
    page.on("request", lambda request: seen.append(request.url) if SNAPSHOT.search(request.url) else None)
    page.route(SNAPSHOT, serve_bad)
    boot(page, served_url)
    assert error_text(page) == ""
    assert seen and all("?v=" in url for url in seen)  # versioned, so caches may keep it for good
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "start"
    _answers_a_reference_and_a_question(page)
