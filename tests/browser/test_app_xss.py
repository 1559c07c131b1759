"""Markup typed into the question box stays text: no element, handler or dialog is ever created."""
from __future__ import annotations

import pytest

from helpers import XSS_TRAP, submit

pytestmark = pytest.mark.browser

PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "**<img src=x onerror=alert(2)>** [RV 1.1.1] <svg onload=alert(3)>",
]


def test_typed_markup_never_becomes_elements(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.evaluate(XSS_TRAP)
    for payload in PAYLOADS:
        submit(page, payload)
        # the question is shown literally
        assert payload in (page.locator(".turn .question p").last.text_content() or "")
    assert page.evaluate("window.__xss") == []
    assert dialogs == []
    assert page.locator("img, svg, iframe, script:not([src])").count() == 0
    # the history list shows the payload as text too
    assert "<img src=x" in (page.get_by_test_id("history").text_content() or "")
