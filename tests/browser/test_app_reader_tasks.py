"""Reader tasks over references and the conversation's state, in the real app (no LLM): the next
verse, a hymn summary, a range, "which verse says so?" after an answer, and a change of subject."""
from __future__ import annotations

import pytest

from helpers import assert_only_own_origin, error_text, last_answer, last_cards, last_notes, new_chat, shot, submit

pytestmark = pytest.mark.browser


def test_next_verse_summary_and_range_in_the_app(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    submit(page, "which stanza follows RV 1.1.9?")  # across a hymn boundary
    assert error_text(page) == ""
    assert last_cards(page) == ["1.2.1"]
    assert last_answer(page).startswith("The verse after RV 1.1.9 is RV 1.2.1")

    submit(page, "and the verse after that?")  # the conversation's verse, moved on by one
    assert last_cards(page) == ["1.2.2"]

    new_chat(page)
    submit(page, "summarize hymn 10.129")
    answer = last_answer(page)
    assert answer.startswith("RV 10.129 is a hymn of 7 verses") and "by the seer" in answer, answer
    assert "10.129.1" in last_cards(page) and "10.129.7" in last_cards(page)
    shot(page, "reader-task-summary")

    new_chat(page)
    submit(page, "show me verses 2-4 of 10.90")
    assert last_cards(page) == ["10.90.2", "10.90.3", "10.90.4"]
    assert_only_own_origin(page)


def test_which_verse_says_so_and_a_change_of_subject_in_the_app(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    submit(page, "Who is Agni?")
    first_cards = last_cards(page)
    assert first_cards
    submit(page, "Which verse says so?")
    answer = last_answer(page)
    cited = last_cards(page)
    assert cited and answer.startswith("The verse") and f"RV {cited[0]}" in answer, answer
    assert set(cited) <= set(first_cards)  # the verses the last answer quoted for its claim

    submit(page, "New question: who is he?")
    notes = last_notes(page)
    assert "New subject" in notes
    assert "Agni" not in notes  # "he" is not read as the earlier turn's Agni
    shot(page, "reader-task-change-of-subject")
