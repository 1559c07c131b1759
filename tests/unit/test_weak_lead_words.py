"""The "no verse says it" opening names only what the verses lack, never a joining word (compose._weak_lead)."""
from __future__ import annotations

from pyapp.search import Searcher
from reader_turns import ask


def test_a_joining_word_read_from_a_dictionary_is_not_named_as_the_missing_topic(searcher: Searcher) -> None:
    result = ask(searcher, "nombres del cielo en el rigveda además de dyaus?")
    first = result.answer.split("\n")[0].lower()
    assert "moreover" not in first and "besides" not in first, first
