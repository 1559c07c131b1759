"""Typing a verse reference shows that verse; an impossible one says why in the error line."""
from __future__ import annotations

import pytest

from helpers import DEVANAGARI, assert_only_own_origin, cards, error_text, shot, submit

pytestmark = pytest.mark.browser


def test_references_open_verse_cards_and_invalid_ones_explain(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)

    submit(page, "10.129.1")
    found = {c["ref"]: c["deva"] for c in cards(page)}
    assert list(found) == ["10.129.1"]
    assert DEVANAGARI.search(found["10.129.1"])
    assert error_text(page) == ""

    submit(page, "RV 3.62.10")
    card = page.locator("[data-testid=verse-card][data-ref='3.62.10']")
    assert card.count() == 1
    assert DEVANAGARI.search(card.locator("[lang=sa-Deva]").text_content() or "")
    assert (card.locator("[lang=sa-Latn]").text_content() or "").strip()  # IAST
    assert (card.locator(".translation").first.text_content() or "").strip()  # Griffith

    # the whole hymn opens in the reader at that verse; back returns to the card
    card.get_by_role("button", name="Show the whole hymn").click()
    page.wait_for_selector("[data-testid=reader][data-ref='3.62'] .reader-verse.current[data-ref='3.62.10']", timeout=30_000)
    assert page.locator("[data-testid=reader-verse]").count() > 1
    shot(page, "lookup-3.62.10")
    page.go_back()
    card.wait_for()

    before = len(cards(page))
    for bad in ("11.1.1", "1.999.1"):
        submit(page, bad)
        message = error_text(page)
        assert message, f"no error shown for {bad}"
        assert len(cards(page)) == before, f"{bad} created a verse card"
        assert page.get_by_test_id("query").input_value() == bad  # kept for correction
    shot(page, "lookup-invalid")
    assert_only_own_origin(page)
