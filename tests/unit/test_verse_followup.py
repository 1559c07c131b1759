"""A follow-up that describes a verse by its content (``pyapp.reading.story_beat.answer_after``): the verse of
the last turn's hymn that shares the description's words; wordings none of the answer sets use."""
from __future__ import annotations

from pyapp.reading import story_beat
from tests.unit.reader_turns import ask, cited


def test_the_described_verse_is_found_in_the_conversations_hymn(keyword_searcher) -> None:
    found = story_beat.answer_after("which verse is the one where the gambler says his wife's mother hates him?",
                                    ["10.34"], keyword_searcher.index)
    assert found is not None and found.refs[0] == "10.34.3"


def test_one_shared_word_or_a_named_hymn_is_not_such_a_follow_up(keyword_searcher) -> None:
    index = keyword_searcher.index
    assert story_beat.answer_after("which verse mentions the dawn?", ["10.34"], index) is None
    assert story_beat.answer_after("which verse of 1.1 calls agni the priest?", ["10.34"], index) is None


def test_the_turn_cites_the_described_verse(keyword_searcher) -> None:
    result = ask(keyword_searcher, "tell me about rigveda hymn 10.34",
                 "in which verse does the gambler say his wife's mother hates him?")
    assert "10.34.3" in cited(result)[:2]
