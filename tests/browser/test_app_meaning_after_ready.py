"""A phone's first visit (issue 21): the app is ready, and answers, before meaning search's 27 MB
arrive; those answers say so; once the files are in, the banner goes and answers use them."""
from __future__ import annotations

import re

import pytest

from helpers import BOOT_TIMEOUT_MS, boot, error_text, submit, wait_meaning

pytestmark = pytest.mark.browser

DEFERRED = re.compile(r"/assets/index/(encoder|vectors)/")
NOTE = "Meaning search was still downloading"


def _notes(page) -> list:
    return page.evaluate("Array.from(document.querySelectorAll('#conversation .note'), e => e.textContent)")


def test_ready_before_meaning_search_then_answers_use_it(page, served_url: str) -> None:
    held: list = []
    asked: list = []
    page.on("request", lambda r: asked.append(r.url) if DEFERRED.search(r.url) else None)
    page.route(DEFERRED, lambda route: held.append(route))  # the slow 27 MB, held back
    boot(page, served_url)
    assert page.evaluate("document.documentElement.dataset.meaning") == "loading"
    assert page.get_by_test_id("meaning-notice").is_visible()
    submit(page, "What does the dawn bring?", meaning=False)
    assert error_text(page) == "" and any(NOTE in note for note in _notes(page))
    assert held, "meaning search's files are requested after ready"

    for route in held:
        try:
            route.continue_()
        except Exception as exc:  # a request the browser gave up on (a worker's duplicate) is already handled
            if "already handled" not in str(exc):
                raise
    page.unroute(DEFERRED)
    wait_meaning(page)
    assert page.evaluate("document.documentElement.dataset.meaning") == "ready"
    assert page.get_by_test_id("meaning-notice").count() == 0
    before = len(_notes(page))
    submit(page, "Who are the Maruts?")
    assert error_text(page) == "" and not any(NOTE in note for note in _notes(page)[before:])
    assert all("?v=" in url for url in asked)  # versioned: the service worker keeps them for offline use


def test_a_failed_download_leaves_keyword_search(page, served_url: str) -> None:
    page.route(DEFERRED, lambda route: route.fulfill(status=404, body="gone"))
    boot(page, served_url)
    page.wait_for_function("() => document.documentElement.dataset.meaning === 'failed'", timeout=BOOT_TIMEOUT_MS)
    assert page.get_by_test_id("meaning-notice").count() == 0
    submit(page, "Who are the Maruts?")
    assert error_text(page) == "" and not any(NOTE in note for note in _notes(page))
