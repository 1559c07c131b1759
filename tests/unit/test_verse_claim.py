"""A claim about one named verse (``pyapp.reading.verse_claim``) and a numbered verse asked in Hindi
(``pyapp.reading.gloss`` keeps the reference), in our own wordings.

The reading tests need no index; the asking tests use the built index and assert what the reader sees:
the verse cited, and a first sentence that says which of the claim's words the verse has and which not.
"""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss, verse_claim
from pyapp.search import Searcher
from reader_turns import ask, cited


def _verse(ref: str, translation: str, iast: str = "") -> SimpleNamespace:
    return SimpleNamespace(book_context=ref, translation=translation, iast=iast)


@pytest.mark.parametrize("question, claim", [
    ("Does RV 2.3.4 say the moon is made of cheese?", "the moon is made of cheese"),
    ("Is it true that Rigveda 5.6.7 says fire came from the sea?", "fire came from the sea"),
    ("RV 3.4.5 - does it describe a flood?", "a flood"),
    ("Does hymn 7.8.9 command people to fast on Mondays?", "people to fast on Mondays"),
])
def test_the_claim_is_what_follows_the_verb_of_saying(question: str, claim: str) -> None:
    assert verse_claim.claim_of(question) == claim


@pytest.mark.parametrize("question", [
    "What does RV 2.3.4 say?",          # no claim: what it says is asked, not checked
    "RV 2.3.4",
    "Who composed RV 2.3.4?",
])
def test_no_claim_no_reading(question: str) -> None:
    assert verse_claim.lead(question, _verse("2.3.4", "The moon shines by night.")) == ""


def test_words_the_verse_lacks_are_named_and_none_is_claimed_found() -> None:
    verse = _verse("9.9.9", "He fixed the heaven with pillars and spread the earth wide.")
    said = verse_claim.lead("Does RV 9.9.9 say the earth spins by magnetism?", verse)
    first = said.split(";")[0]
    assert "“earth”" in first and "“magnetism”" in first and "not" in first.lower()


def test_a_verb_of_the_same_group_and_a_longer_word_count_as_the_verse_saying_it() -> None:
    verse = _verse("1.2.3", "He slew the dragon; the unwidowed dames went up.")
    found = verse_claim.check("Did RV 1.2.3 say he killed the dragon and the widow?", verse)
    assert found is not None and not found.missing
    assert "unwidowed" in found.present  # quoted as the verse words it


def test_nothing_found_says_so_first() -> None:
    verse = _verse("4.4.4", "Bring us riches, O Indra, and strong sons.")
    said = verse_claim.lead("Does RV 4.4.4 describe the orbit of planets?", verse)
    assert "does not speak of" in said.split(";")[0] and "“orbit”" in said and "“planets”" in said


def test_a_hindi_question_keeps_its_verse_number(lexicon: Lexicon, words_dir: str) -> None:
    reading = gloss.read("ऋग्वेद 7.3.2 के ऋषि कौन हैं?", "hi", lexicon, index_dir=words_dir)
    assert reading is not None and "7.3.2" in reading.english
    reading = gloss.read("ऋग्वेद ७.३.२ के देवता कौन हैं?", "hi", lexicon, index_dir=words_dir)
    assert reading is not None and "7.3.2" in reading.english


def test_asked_in_the_app_the_claim_is_weighed_against_the_named_verse(searcher: Searcher) -> None:
    result = ask(searcher, "Does Rigveda 1.50.1 say that the sun is a ball of gas?")
    assert cited(result)[:1] == ["1.50.1"]
    first = result.answer.split(";")[0].lower()
    assert "gas" in first and "not" in first


@pytest.mark.parametrize("question, ref, fact", [
    ("ऋग्वेद 2.12.1 के ऋषि कौन हैं?", "2.12.1", "gṛtsamada"),
    ("ऋग्वेद 1.25.1 के देवता कौन हैं?", "1.25.1", "varuṇa"),
])
def test_a_hindi_question_on_a_numbered_verse_is_answered_from_that_verse(searcher: Searcher, ref: str,
                                                                          question: str, fact: str) -> None:
    result = ask(searcher, question)
    assert ref in cited(result)
    assert fact in result.answer.lower()


def test_which_verse_says_names_the_verse_with_most_of_the_statement() -> None:
    verses = [_verse("3.3.3", "Agni, bring the gods to our feast."),
              _verse("6.6.6", "The singers praise the river that flows to the sea with a hundred streams.")]
    said = verse_claim.nearest_lead("Which verse says the river flows to the sea?", verses)
    assert said.startswith("RV 6.6.6")


def test_which_verse_says_stays_silent_when_no_verse_has_half_the_statement() -> None:
    verses = [_verse("3.3.3", "Agni, bring the gods to our feast.")]
    assert verse_claim.nearest_lead("Which verse says the river flows into the golden sea?", verses) == ""
    assert verse_claim.nearest_lead("Who is Agni?", verses) == ""
