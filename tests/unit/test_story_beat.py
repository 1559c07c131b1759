"""The verse of a named hymn where an event happens (pyapp/reading/story_beat.py), by the question's words in
that hymn's own translation."""
from __future__ import annotations

from pyapp.reading import story_beat
from pyapp.search import Searcher
from reader_turns import ask, cited


def test_the_hymn_is_found_by_number_name_or_a_rare_person(searcher: Searcher) -> None:
    index = searcher.index
    assert story_beat.hymn_of("In 10.10, which verse has the brother refuse?", index) == "10.10"
    assert story_beat.hymn_of("Where in the hymn of Pururavas and Urvashi does he beg her?", index) == "10.95"
    assert story_beat.hymn_of("which verse says the gods are later than creation?", index) is None


def test_the_verse_with_the_events_words_comes_first(searcher: Searcher) -> None:
    answer = story_beat.answer("Which verse of 10.95 compares women's hearts to those of hyenas?", searcher.index)
    assert answer is not None and answer.refs[0] == "10.95.15", answer


def test_no_answer_when_no_verse_stands_out(searcher: Searcher) -> None:
    assert story_beat.answer("Which verse of 10.95 is the nicest?", searcher.index) is None


def test_a_possessive_is_no_quotation_and_the_verse_is_cited(searcher: Searcher) -> None:
    result = ask(searcher, "In Indra's hymn 1.32, which verse tells of Vritra's body borne off by the waters?")
    assert cited(result)[:1] == ["1.32.10"], result.answer[:200]
