"""A remedy, a charm or a fortune asked for the reader is refused in the reader's own language and script, before
any table reader answers it with verses; a question about what the hymns say, in the same words, is not.

Our own wordings, not an evaluation set's."""
from __future__ import annotations

import pytest

from pyapp.reading import lookalike
from reader_turns import REFUSED, ask


@pytest.mark.parametrize("question", [
    "ज्योतिष के अनुसार मेरी शादी कब होगी?",                       # Hindi: when will my marriage be, by astrology
    "என் கைரேகை பார்த்து எதிர்காலம் சொல்லுங்க",                   # Tamil: read my palm lines
    "জ্যোতিষ মতে আমার চাকরি কবে হবে?",                           # Bengali: by astrology, when will I get a job
    "ghar me shanti ke liye koi totka batao",                     # Hindi in Latin letters: a folk charm
    "welke mantra moet ik op zaterdag voor Shani zingen?",        # Dutch: which mantra must I sing on Saturday for Shani
    "¿qué debo rezar el jueves para tener trabajo?",              # Spanish: what must I pray on Thursday
    "ஹனுமான் மந்திரம் எத்தனை தடவை சொல்லணும்?",                  # Tamil: how many times must I say Hanuman's mantra
])
def test_a_working_asked_in_any_language_is_read_as_one(question: str) -> None:
    found = lookalike.look_alike(question, typed=question)
    assert found is not None and found.kind in ("advice", "fortune"), question


@pytest.mark.parametrize("question", [
    "ऋग्वेद में शनि का उल्लेख है क्या?",            # is Saturn mentioned: a question about the text
    "¿Qué dice el Rigveda sobre los juegos de azar?",
    "Is Hanuman in the Rigveda?",
    "how many times is the gayatri mantra repeated in the rigveda?",
    "what does the word vrata mean?",
])
def test_a_question_about_the_hymns_is_not_a_working(question: str) -> None:
    assert lookalike.look_alike(question, typed=question) is None, question


def test_a_two_part_request_for_a_later_gods_rite_is_refused_whole(searcher) -> None:
    """Split in two, the first part was answered with the hymns' verses of fear as if they prescribed a chant."""
    result = ask(searcher, "பயத்தை போக்க எந்த ஹனுமான் மந்திரம் சொல்லணும்? காலையில் சொல்லணுமா?")
    assert REFUSED in result.answer.lower()[:40]
    assert not result.verses


def test_a_fortune_in_bengali_shows_no_verses(searcher) -> None:
    result = ask(searcher, "আমার হাতের রেখা দেখে বলুন আমার ভবিষ্যৎ কী?")
    assert REFUSED in result.answer.lower()[:40]
    assert not result.verses
