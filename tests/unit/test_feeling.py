"""A verse asked for by its feeling or by a superlative (pyapp.reading.feeling, pyapp.reading.superlative).
Wordings are our own, not any eval set's."""
from __future__ import annotations

import re

import pytest

from pyapp.reading import feeling, occasion_use, superlative
from pyapp.reading.topic_words import _plain
from pyapp.search import Searcher
from reader_turns import ask, cited


@pytest.mark.parametrize("question, expected", [
    ("Which hymn of the Rigveda is the gloomiest?", "grief"),
    ("recommend a fearsome mantra", "fear"),
    ("I want a verse of thankfulness", "gratitude"),
    ("un himno aterrador del Rigveda", "fear"),
    ("ein fröhlicher Vers aus dem Rigveda", "joy"),
    ("ऋग्वेद की सबसे क्रोधित ऋचा", "anger"),
    ("share a penitent prayer, someone who knows they did wrong", "remorse"),
    ("is there a witty hymn in the rig veda?", "humour"),
])
def test_a_request_by_feeling_is_read(question: str, expected: str) -> None:
    found = feeling.read(question)
    assert found is not None and found.feeling.id == expected


@pytest.mark.parametrize("question", [
    "the gloomiest verse of the rig veda", "der traurigste Vers im Rigveda", "ऋग्वेद का सबसे दुखद मंत्र",
    "the most fearsome hymn"])
def test_a_superlative_feeling_is_read_as_one(question: str) -> None:
    found = feeling.read(question)
    assert found is not None and found.superlative


@pytest.mark.parametrize("question", [
    "Why does Indra rage against Vṛtra?",
    "How do the hymns describe grief?",
    "a hymn in which Yama is sad",
    "what is the Sanskrit word for joy?",
    "Is the saddest verse in the Quran about loss?",
    "Which god is the most feared?",
    "I wonder which verse names the Sarasvatī",
    "Agastya's anger hymn",
    "the fury of the Maruts in a hymn",
    "a mantra to curse my neighbour",
    "which verse in it is the saddest?",
    "the sorrowful verses of 10.18",
    "Which deity do the hymns ask for forgiveness?",
    "Which is Vasiṣṭha's gloomiest hymn?",
    "the most celebrated hymn of Vāmadeva",
])
def test_a_question_about_content_is_not_a_request_by_feeling(question: str) -> None:
    assert feeling.read(question) is None


def test_every_passage_is_in_the_index_and_its_line_speaks_of_the_verse(searcher: Searcher) -> None:
    index = searcher.index
    for entry in feeling.feelings():
        assert entry.passages and entry.cues, entry.id
        for passage in entry.passages:
            verses = [index.by_ref(r) for r in passage.refs]
            assert all(v is not None for v in verses), (entry.id, passage.refs)
            text = " ".join((v.translation or "") + " " + (v.roman or "") for v in verses).lower()
            words = {w for w in re.findall(r"[a-z]{5,}", passage.why.lower())}
            assert any(w in text for w in words), (entry.id, passage.refs)


def test_the_answer_opens_with_one_verse_and_says_why(searcher: Searcher) -> None:
    found = feeling.answer("the gloomiest verse of the rig veda", searcher.index)
    assert found is not None
    first = found.text.split(" Others: ")[0]
    assert re.findall(r"\[RV (\d+\.\d+\.\d+)\]", first) == [found.refs[0]]
    assert "rank none" in first  # a superlative: the hymns rank no verse, and the answer says so
    assert 3 <= len(found.refs) <= 4


def test_the_question_s_other_words_choose_among_the_verses(searcher: Searcher) -> None:
    found = feeling.answer("a sorrowful verse that speaks of a river", searcher.index)
    assert found is not None
    assert "river" in (searcher.index.by_ref(found.refs[0]).translation or "").lower()


def test_an_occasion_chooses_that_occasion_s_lines(searcher: Searcher) -> None:
    found = feeling.answer("a cheerful verse to recite at my cousin's marriage", searcher.index)
    assert found is not None and found.refs[0].startswith("10.85.")


def test_the_conversation_goes_on_about_the_first_verse(searcher: Searcher) -> None:
    first = ask(searcher, "which is the gloomiest verse in the rig veda?")
    lead = cited(first)[0]
    hymn = lead.rsplit(".", 1)[0]
    result = ask(searcher, "which is the gloomiest verse in the rig veda?", "who composed it?")
    assert f"RV {hymn}" in result.answer or lead in result.answer


def test_a_content_question_still_goes_to_the_search(searcher: Searcher) -> None:
    result = ask(searcher, "Why does Varuṇa grow angry with Vasiṣṭha?")
    assert not result.answer.startswith(("A verse of", "The hymns rank none"))


# -- superlatives -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, expected", [
    ("the most celebrated hymn of the collection", ("famous", "hymn")),
    ("what is the earliest verse in the Rigveda?", ("oldest", "verse")),
    ("which rc is the shortest in the rigveda", ("shortest", "verse")),
    ("the line that recurs most in the rigveda", ("repeated", "verse")),
    ("which is the holiest mantra?", ("greatest", "verse")),
])
def test_a_superlative_is_read(question: str, expected: tuple) -> None:
    assert superlative.read(question) == expected


@pytest.mark.parametrize("question", ["what is the longest hymn to Agni?", "the best verse about rain",
                                      "why is the Gāyatrī the greatest mantra?"])
def test_a_superlative_of_a_topic_or_a_name_is_left_to_the_others(question: str) -> None:
    assert superlative.read(question) is None


def test_the_longest_and_shortest_verse_are_counted(searcher: Searcher) -> None:
    index = searcher.index
    longest = superlative.answer("the lengthiest stanza in the rigveda", index)
    shortest = superlative.answer("which rc is the shortest in the rigveda", index)
    assert longest is not None and shortest is not None
    count = {v.ref: superlative.syllables(_plain(v.roman)) for v in index.verses}
    assert count[longest.refs[0]] == max(count.values()) and count[shortest.refs[0]] == min(count.values())
    assert superlative.answer("which is the shortest hymn?", index) is None  # the fact reader's


def test_the_most_repeated_verse_is_counted_word_for_word(searcher: Searcher) -> None:
    found = superlative.answer("the line that recurs most in the rigveda", searcher.index)
    assert found is not None and "times" in found.text
    verses, _ = superlative.repeats(searcher.index)
    top = max(len(v) for v in verses.values())
    assert f"stands {top} times" in found.text


def test_a_judgment_says_whose_it_is(searcher: Searcher) -> None:
    found = superlative.answer("which is the holiest mantra?", searcher.index)
    assert found is not None and "tradition" in found.text and found.refs[0] == "3.62.10"


def test_an_occasion_is_what_the_verse_is_for_not_what_it_speaks_of(searcher: Searcher) -> None:
    found = feeling.answer("a penitent verse for having hurt a friend", searcher.index)
    assert found is not None and not found.text.startswith("A remorseful line for")
    found = feeling.answer("a sorrowful verse that speaks of a river", searcher.index)
    assert found is not None and not found.text.startswith("A sad line for")


# -- uses ---------------------------------------------------------------------------------------------------

def test_a_verse_for_a_use_is_answered_from_the_occasion_tables(searcher: Searcher) -> None:
    house = occasion_use.answer("suggest a hymn to chant at our housewarming", searcher.index)
    assert house is not None and house.refs[0].startswith("7.54.")  # situations.json: Vāstoṣpati
    birthday = occasion_use.answer("a mantra we can recite for a birthday", searcher.index)
    assert birthday is not None and "hundred autumns" in birthday.text  # occasions.json: śataṃ śaradaḥ


@pytest.mark.parametrize("question", ["why is a verse recited at a housewarming?", "a cheerful verse for a birthday",
                                      "what does the hymn for the house say?"])
def test_a_use_reader_leaves_other_questions(question: str) -> None:
    assert not occasion_use.asks(question)
