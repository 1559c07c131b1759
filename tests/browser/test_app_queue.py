"""The question box takes typing from first paint: a question sent before Python is ready waits
(a banner says so, Stop cancels it) and is answered the moment the app is ready. `ready` still
appears only when the app is ready."""
from __future__ import annotations

from typing import Callable

import pytest

from helpers import BOOT_TIMEOUT_MS, assert_only_own_origin, error_text, wait_idle

pytestmark = pytest.mark.browser

QUESTION = "Who are the Maruts?"


def _hold_the_index(page) -> Callable[[], None]:
    """Hold the index manifest back until the returned function is called, so the app cannot be
    ready before the test has asked: "before ready" is certain, not a race."""
    held: list = []
    page.route("**/assets/index/manifest.json", lambda route: held.append(route))

    def release() -> None:
        while not held:
            page.wait_for_timeout(50)
        for route in held:
            route.continue_()
        page.unroute("**/assets/index/manifest.json")

    return release


def _open_before_ready(page, url: str) -> None:
    page.goto(url + "/", wait_until="commit")
    page.get_by_test_id("query").wait_for(state="visible")
    assert page.get_by_test_id("query").is_enabled()  # from first paint
    # the composer's script has run (a question typed and sent before it still goes, see app.js)
    page.wait_for_function("() => document.documentElement.dataset.composer === 'live'")


def test_a_question_asked_before_ready_is_answered_once_ready(page, served_url: str) -> None:
    release = _hold_the_index(page)
    _open_before_ready(page, served_url)
    page.get_by_test_id("query").fill(QUESTION)
    page.get_by_test_id("query").press("Enter")
    notice = page.get_by_test_id("queued-notice")
    notice.wait_for(state="visible", timeout=30_000)
    assert QUESTION in (notice.text_content() or "")
    assert page.query_selector("[data-testid=ready]") is None  # asked before ready
    assert page.get_by_test_id("ask").is_disabled() and page.get_by_test_id("stop").is_enabled()

    release()
    page.wait_for_selector("[data-testid=ready]", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    assert error_text(page) == ""
    assert page.query_selector("[data-testid=queued-notice]") is None
    assert QUESTION in (page.locator(".turn .question").last.text_content() or "")
    answer = page.get_by_test_id("answer").text_content() or ""
    assert "Marut" in answer and "[RV " in answer, answer
    assert page.get_by_test_id("verse-card").count() > 0
    assert page.get_by_test_id("query").input_value() == ""  # sent, so the box is empty again
    timings = page.evaluate("window.rvsTimings")
    turn = timings["turns"][0]
    print(f"\nqueued question: ready at {timings['readyMs']} ms, answered {turn['ms']} ms later")
    assert_only_own_origin(page)


def test_stop_cancels_a_queued_question(page, served_url: str) -> None:
    release = _hold_the_index(page)
    _open_before_ready(page, served_url)
    page.get_by_test_id("query").fill(QUESTION)
    page.get_by_test_id("ask").click()
    page.get_by_test_id("queued-notice").wait_for(state="visible", timeout=30_000)
    page.get_by_test_id("stop").click()
    assert page.query_selector("[data-testid=queued-notice]") is None
    assert page.get_by_test_id("ask").is_enabled() and page.get_by_test_id("stop").is_disabled()
    release()
    page.wait_for_selector("[data-testid=ready]", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(500)
    assert page.query_selector(".turn") is None  # nothing was asked
    assert page.get_by_test_id("query").input_value() == QUESTION  # the text stays for the reader
