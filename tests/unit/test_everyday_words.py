"""Everyday words readers use about the hymns, in their own languages (issue 19, session 31).

Wordings are our own (none is from an eval set). What is checked is what a reader sees: the English the search
runs on carries the everyday word asked about (a vehicle, wheels, a colour, a number, a relation, meditation …),
names written with a Dravidian case ending are found, and a river of the hymns named in German or French makes
the question one about the hymns.
"""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss
from pyapp.reading.foreign import ForeignSearch, hymn_places
from pyapp.reading.names import name_of


@pytest.mark.parametrize("question, wanted", [
    ("सूर्य के रथ में कितने पहिये हैं?", {"how many", "wheels"}),
    ("अग्नि का वाहन कौन सा है?", {"vehicle", "Agni"}),
    ("वरुण और मित्र का आपस में क्या संबंध है?", {"relation", "Varuna"}),
    ("सोम और दूध का क्या रिश्ता है?", {"milk", "relation"}),
    ("ऋग्वेद में बादल और बारिश के बारे में क्या लिखा है?", {"cloud", "rain"}),
    ("सोमाचे दूधाशी काय नाते आहे?", {"relation"}),
    ("ऋग्वेदात हजार आणि शंभर गायींचा उल्लेख कुठे आहे?", {"thousand", "hundred", "where"}),
    ("Qual é a cor dos cavalos do Sol nos hinos?", {"colour", "horses"}),
    ("Por que a nuvem é comparada a uma vaca nos hinos?", {"why", "cloud", "compared", "cow"}),
    ("¿Cuántas ruedas tiene el carro de los Asvins?", {"how many", "wheels"}),
    ("¿Qué relación hay entre Indra y su hermano Agni?", {"relation", "brother", "Indra"}),
    ("因陀罗的坐骑是什么？", {"vehicle", "Indra"}),
    ("瞑想についての賛歌はどれですか？", {"meditation", "hymn"}),
    ("인드라의 형제는 누구입니까?", {"brother", "Indra"}),
    ("Berapa roda kereta dewa Surya?", {"how many", "wheel"}),
    ("Jaki jest symbol krowy w hymnach?", {"symbol", "hymn"}),
    ("ما علاقة أغني بالمطر؟", {"relation", "rain"}),
    ("Hangi ilahide bulut ve süt geçer?", {"which", "cloud", "milk"}),
])
def test_everyday_words_are_read_into_english(lexicon: Lexicon, words_dir: str, question: str, wanted: set) -> None:
    read = gloss.read_question(question, lexicon, None, words_dir)
    assert read is not None and read.loaded, question
    english = read.english.lower()
    missing = {w for w in wanted if w.lower() not in english}
    assert not missing, (question, read.english, missing)


@pytest.mark.parametrize("typed, name", [
    ("வருணனுக்கும்", "Varuna"),  # Tamil -ukkum "and to"
    ("ருத்ரனையும்", "Rudra"),  # Tamil -aiyum "and (accusative)"
    ("விஷ்ணுவுக்கு", "Vishnu"),  # Tamil, the glide v after the name's vowel
    ("విష్ణువుకు", "Vishnu"),  # Telugu -uku with the glide
    ("ಇಂದ್ರನಿಗೆ", "Indra"),  # Kannada -nige
])
def test_a_dravidian_name_is_found_under_its_case_ending(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon)
    assert found is not None and found.name == name, (typed, found)


def test_a_river_of_the_hymns_named_in_latin_letters_is_evidence_of_the_topic() -> None:
    assert hymn_places("Warum heißt die Yamunā in den Liedern so?") == ["Yamunā"]
    assert hymn_places("Wie tief ist der Beas heute?") == []  # a modern name alone: rivers are asked about today
    assert hymn_places("Was kostet ein Flug nach Berlin?") == []
    search = ForeignSearch(language="de", version="geldner", version_name="Geldner", loaded=True,
                           terms=["flus", "kuh", "vergleich"], unknown=["vergleich", "kuh"], names=["Yamunā"])
    assert search.on_topic
