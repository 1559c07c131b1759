"""A question in the default no-LLM mode runs the agents (badges), streams a cited answer, and
shows exactly the cited verses as cards; the conversation survives a reload."""
from __future__ import annotations

import re

import pytest

from helpers import (
    BADGE_RECORDER, CITATION, assert_only_own_origin, cards, error_text, shot, submit,
)

pytestmark = pytest.mark.browser

QUESTION = "What do the hymns ask of the dawn goddess?"


def test_question_runs_agents_and_cites_verses(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.evaluate(BADGE_RECORDER)
    submit(page, QUESTION)
    assert error_text(page) == ""

    log = page.evaluate("window.__badgeLog")
    ran = {badge for badge, state in log if state == "running"}
    assert {"badge-classifier", "badge-searcher"} <= ran, log
    for badge in ("badge-classifier", "badge-searcher"):
        assert page.get_by_test_id(badge).get_attribute("data-state") == "done"

    answer = page.get_by_test_id("answer").text_content() or ""
    assert len(answer.strip()) > 20, answer
    cited = set(CITATION.findall(answer))
    shown = [c["ref"] for c in cards(page)]
    assert shown, "no verse cards for the answer"
    for ref in shown:
        assert ref in cited, f"card {ref} is not cited in the answer"
    assert page.get_by_test_id("engine").text_content().strip()

    # a citation opens (focuses) its card
    first = page.locator("[data-testid=answer] button.cite").first
    ref = first.get_attribute("data-cite")
    first.click()
    page.wait_for_function(
        "ref => document.activeElement && document.activeElement.dataset.ref === ref", arg=ref, timeout=10_000)
    page.wait_for_timeout(800)  # let the smooth scroll finish before the screenshot
    shot(page, "answer-no-llm")
    shot(page, "answer-no-llm-full", full_page=True)

    # reload: the conversation is still listed and shown
    page.reload()
    boot_again = page.wait_for_selector("[data-testid=ready]", timeout=180_000)
    assert boot_again
    history = page.get_by_test_id("history").text_content() or ""
    assert QUESTION[:30] in history
    assert QUESTION in (page.locator(".turn .question").first.text_content() or "")
    assert re.search(CITATION, page.get_by_test_id("answer").text_content() or "")
    assert_only_own_origin(page)
