"""The answer fits the question, in the real app (no LLM): a named hymn is found, a fact is stated,
a follow-up is rewritten only when it has no subject of its own, and weak evidence is said."""
from __future__ import annotations

import re
import pytest

from helpers import assert_only_own_origin, error_text, last_answer, last_cards, last_notes, new_chat, shot, submit

pytestmark = pytest.mark.browser


def test_named_hymn_and_fact_in_the_app(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    # a hymn called by its name, spelled loosely, with a question around it
    submit(page, "what does the nasadiya sukta say about the beginning?")
    assert error_text(page) == ""
    refs = last_cards(page)
    assert refs and all(r.startswith("10.129.") for r in refs), refs
    assert "RV 10.129" in last_answer(page)

    # a fact: the first sentence states it, with a citation the card backs
    new_chat(page)
    submit(page, "How many verses are there in RV 10.129?")
    answer = last_answer(page)
    first = re.split(r"(?<=\.)\s", answer, maxsplit=1)[0]
    assert re.search(r"\b7 verses\b", first), answer
    assert "10.129.1" in last_cards(page)
    shot(page, "answer-fact")
    assert_only_own_origin(page)


def test_follow_ups_are_rewritten_only_without_a_subject(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    submit(page, "What is the hymn of the gambler?")
    assert any(r.startswith("10.34.") for r in last_cards(page))
    # no subject of its own: "it" is the gambler's hymn, and the reader sees the rewrite
    submit(page, "Who composed it?")
    answer = last_answer(page)
    assert re.search(r"kavas|aksha|akṣa", answer, re.I), answer
    assert "Read as" in last_notes(page)
    # a subject of its own: not rewritten into the gambler's hymn
    submit(page, "Which hymn compares priests to frogs?")
    refs = last_cards(page)
    assert any(r.startswith("7.103.") for r in refs), refs
    assert not any(r.startswith("10.34.") for r in refs), refs
    assert "Read as" not in last_notes(page)
    assert_only_own_origin(page)


def test_weak_evidence_is_said_first_and_not_badged_valid(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    submit(page, "What does Agni have to do with tigers?")
    answer = last_answer(page)
    assert answer.startswith("No verse speaks directly of tigers"), answer
    validate = page.get_by_test_id("badge-validator")
    assert "VALID" not in (validate.text_content() or "")
    assert "weak evidence" in (validate.get_attribute("title") or "")
    shot(page, "answer-weak-evidence")
    assert_only_own_origin(page)
