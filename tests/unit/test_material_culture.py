"""Things of everyday Vedic life asked in any language reach the hymns' own words (``topic_words.json``), an
unread Indic word that names such a thing is kept in the reading (``topic_words.names_thing``), and a theme with
no single word in the verses (humour, the world after death) is answered from the named-passages table.
The wordings and languages here are none of the answer sets'."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyapp.diacritics import strip_vedic_accents
from pyapp.reading import topic_words
from pyapp.search import Searcher
from reader_turns import ask, cited


@pytest.fixture(scope="module")
def searcher(index_dir: Path) -> Searcher:
    return Searcher.load(str(index_dir))


def _iast(searcher: Searcher, refs: list) -> str:
    return " ".join(strip_vedic_accents(searcher.index.by_ref(r).roman or "").lower() for r in refs
                    if searcher.index.by_ref(r) is not None)


@pytest.mark.parametrize("question, thing", [
    ("Is body armour described in the hymns?", "armour"),
    ("Do any verses picture a dancer?", "dance"),
    ("Did Vedic villages dig wells?", "canal"),
    ("Are constellations named anywhere?", "stars"),
    ("Parla il Rigveda di frecce?", "bow_arrow"),           # Italian cue, as the reading leaves it
    ("Did warriors carry flags into battle?", "banner"),
])
def test_a_thing_of_daily_life_is_found_in_the_table(question: str, thing: str) -> None:
    topic = topic_words.match(question)
    assert topic is not None and topic.id == thing


def test_a_word_that_is_not_a_thing_is_not_kept() -> None:
    assert topic_words.names_thing("kappal")       # Tamil கப்பல் "ship", romanised
    assert topic_words.names_thing("nakṣatra")
    assert not topic_words.names_thing("eṅkē")     # Tamil "where": no thing
    assert not topic_words.names_thing("the")
    assert not topic_words.names_thing("long life")  # one word only


@pytest.mark.parametrize("question, pattern", [
    ("ரிக் வேதத்தில் கப்பல் பற்றி என்ன சொல்லப்படுகிறது?", r"\bnāv|\bnau"),  # Tamil: ships
    ("ऋग्वेद में नक्षत्र का उल्लेख कहाँ है?", r"\bnakṣatr|\bṛkṣ"),            # Hindi: stars
    ("O Rigveda menciona estrelas?", r"\bnakṣatr|\bṛkṣ"),                # Portuguese
    ("Il Rigveda parla di danza?", r"\bnṛt|\bnart"),                     # Italian
])
def test_the_thing_is_cited_from_the_verses_that_name_it(searcher: Searcher, question: str, pattern: str) -> None:
    result = ask(searcher, question)
    refs = cited(result)
    assert refs and re.search(pattern, _iast(searcher, refs[:5]))
    assert "in any form or compound" in result.answer.split(";")[0]


@pytest.mark.parametrize("question, hymns", [
    ("Are there any comic hymns in the Rigveda?", {"7.103", "9.112", "10.86", "10.119", "10.34"}),
    ("What did the Vedic poets believe about the next world?", {"10.14", "10.16", "10.18", "9.113"}),
])
def test_a_broad_theme_is_answered_from_the_passages_that_treat_it(searcher: Searcher, question: str, hymns: set) -> None:
    result = ask(searcher, question)
    assert {r.rsplit(".", 1)[0] for r in cited(result)} & hymns


@pytest.mark.parametrize("question", [
    "Is the sun ever pictured as a golden ship?",                  # the thing as an image: the simile readers answer
    "Which hymn likens the poet's song to a well-made chariot like a dancer?",
    "Who says 'I raise the banner of my people high'?",            # a quotation in single quotes: its verse is asked
])
def test_an_image_or_a_quotation_is_not_a_question_about_the_thing(question: str) -> None:
    assert topic_words.match(question) is None


def test_what_a_thing_is_likened_to_is_a_similes_question() -> None:
    assert topic_words.match("To what is the roar of thunder compared in the hymns to Parjanya?") is None
    assert topic_words.match("Did the poets know of thunder?") is not None


@pytest.mark.parametrize("question, god", [
    ("Is Rudra ever pictured holding a bow?", "rudra"),
    ("Do the Maruts wear ornaments?", "marut"),
])
def test_a_thing_asked_of_a_named_god_cites_that_gods_verses(searcher: Searcher, question: str, god: str) -> None:
    """The table answers a thing in general; a question that names a god as well is answered with that god's verses,
    never with other gods' verses about the thing."""
    result = ask(searcher, question)
    deities = [(searcher.index.by_ref(r).deity or "").lower() for r in cited(result) if searcher.index.by_ref(r)]
    assert any(god in strip_vedic_accents(d) for d in deities), (cited(result), deities)


def test_a_multiple_choice_question_naming_an_office_weighs_its_options(searcher: Searcher) -> None:
    """Options that name priestly offices are the choices reader's to weigh, not an epithet lookup of the first."""
    result = ask(searcher, "Which priest pours the oblations? (a) Hotr (b) Udgatr (c) Adhvaryu (d) Brahman")
    assert re.match(r"\s*\((?:a|b|c|d)\)", result.answer, re.I), result.answer[:200]
