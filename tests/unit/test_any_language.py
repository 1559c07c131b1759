"""A question in a language nobody wrote a word file for (issue 19, the generic fallback): the language is
told or guessed, what can be read is read (names in any script, references, question words, a sibling's
words), and what cannot is said and left out of the search.

Our own wordings, in languages none of the evaluation sets uses (Latvian, Welsh, Basque, Malagasy, Irish,
Tajik, and Sinhala, Khmer, Myanmar and Lao letters). The reading tests need no index; the asking test uses the
built index. Assertions are what the reader sees: the note naming the language and the unread words, the
names read, the gods the answer cites.
"""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon, fold
from pyapp.reading import any_language
from pyapp.reading.abugidas import khmer_to_latin, lao_to_latin, myanmar_to_latin, sinhala_to_latin
from pyapp.reading.language import detect
from pyapp.reading.names import name_of
from pyapp.search import Searcher
from reader_turns import REFUSED, ask, cited

# the index's English, stood in for by a few words Griffith uses
_ENGLISH = {"creation", "hymn", "dawn", "fire", "the", "who", "what"}


def known(word: str) -> bool:
    return word.lower() in _ENGLISH


def test_four_more_brahmic_scripts_are_read_in_latin_letters() -> None:
    assert sinhala_to_latin("අග්නි") == "agni"
    assert sinhala_to_latin("ඉන්ද්\u200dර") == "indra"  # the joiner of ්‍ර is no letter
    assert khmer_to_latin("អគ្និ") == "agni"  # coeng: the second consonant sits under the first
    assert myanmar_to_latin("ဣန္ဒြာ") == "indrā"  # medial ra
    assert lao_to_latin("ອິນທຣະ") == "indra"  # Lao: Sanskrit values (ທ d), no inherent vowel


@pytest.mark.parametrize("typed, name", [
    ("ඉන්ද්\u200dර", "Indra"),  # Sinhala
    ("ព្រះឥន្ទ្រ", "Indra"),  # Khmer, with the title ព្រះ before the name
    ("ဣန္ဒြာ", "Indra"),  # Myanmar
    ("ພະອິນທຣະ", "Indra"),  # Lao, with its title ພະ
    ("Пртхиви", "Prithivi"),  # Cyrillic тх is th
    ("Рыгведы", "Rigveda"),  # Belarusian ы, inflected
])
def test_names_are_found_in_the_new_scripts(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon)
    assert found is not None, typed
    assert found.kind == "rigveda" if name == "Rigveda" else found.key == name_of(name, lexicon).key


@pytest.mark.parametrize("question, code", [
    ("ඍග්වේදයේ ඉන්ද්‍ර කවුද?", "si"),
    ("តើព្រះឥន្ទ្រជានរណា?", "km"),
    ("ဣန္ဒြာ ဆိုတာ ဘယ်သူလဲ", "my"),
    ("ພະອິນທຣະ ແມ່ນໃຜ?", "lo"),
    ("Дар Ригведа кӣ Индра аст?", "tg"),  # Tajik letters ӣ
    ("Ригведада Ушас кім болған?", "kk"),  # Kazakh letters ұ ғ
    ("Кој е Митра во Ригведа?", "mk"),  # Macedonian ј
    ("Какво казва Ригведа за Агни и кои химни има?", "bg"),  # Bulgarian: its words, no letters of its own
    ("Хто такі Ашвіны ў Рыгведзе?", "be"),  # Belarusian ў
    ("Çfarë thotë Rigveda për Agnin dhe kush është ai?", "sq"),  # Albanian: no French for its ç
    ("Кто такой Агни в Ригведе?", "ru"),  # Russian stays Russian
    ("Who is Mitra in the Rigveda?", "en"),
])
def test_the_language_is_told_by_its_letters_or_its_cue_words(question: str, code: str) -> None:
    assert detect(question).code == code


@pytest.mark.parametrize("question, code, words", [
    ("Pwy yw Indra yn y Rigveda?", "cy", ["Who", "Indra"]),  # Welsh
    ("Zer dio Rigvedak Ushasi buruz?", "eu", ["What", "Ushas"]),  # Basque: the name with its ending
    ("Iza i Agni ao amin'ny Rigveda?", "mg", ["Who", "Agni"]),  # Malagasy
    ("Cé mhéad iomann atá sa Rigveda do Agni?", "ga", ["How many", "Agni"]),  # Irish
    ("Kurš himna Rigvēdā ir veltīta Varunam?", "lv", ["hymn", "Varuna"]),  # Latvian
])
def test_a_latin_letter_question_in_another_language_is_read_in_part(lexicon: Lexicon, question: str, code: str,
                                                                      words: list) -> None:
    reading = any_language.read_unknown(question, lexicon, known, None)
    assert reading is not None and reading.language == code, reading
    for word in words:
        assert word.lower() in reading.english.lower(), (reading.english, word)
    assert reading.note.startswith("Read as ") and "(a guess" in reading.note


def test_unread_words_are_listed_and_never_searched(lexicon: Lexicon) -> None:
    # Welsh: "What does the Rigveda say about the horses of Indra's chariot?" — only the names can be read
    reading = any_language.read_unknown("Beth mae'r Rigveda yn ei ddweud am geffylau cerbyd Indra?", lexicon, known,
                                        None)
    assert reading is not None and "Indra" in reading.english
    for unread in ("geffylau", "cerbyd", "ddweud"):
        assert unread not in reading.english and unread in reading.unknown
        assert unread in reading.note  # the reader is told


def test_a_reference_in_any_digits_is_kept(lexicon: Lexicon) -> None:
    reading = any_language.read_unknown("ဣန္ဒြာ ၁.၃၂ ထဲမှာ ဘာလဲ", lexicon, known, None)  # Myanmar digits
    assert reading is not None and "RV 1.32" in reading.english


def test_an_international_word_is_read_when_english_has_it(lexicon: Lexicon) -> None:
    table = any_language.word_table("sq", None)
    assert any_language.near_word("kreacija", table, known) == "creation"
    assert any_language.near_word("borinn", table, known) is None


@pytest.mark.parametrize("question", [
    "Who is Agni?",
    "agnim ile purohitam yajnasya devam rtvijam",  # romanised Sanskrit stays Sanskrit
    "whats the diffrence betwen agni and indra in rigved",  # misspelt English stays English
])
def test_english_and_sanskrit_are_not_read_as_another_language(lexicon: Lexicon, question: str) -> None:
    assert any_language.read_unknown(question, lexicon, known, None) is None


def test_a_lao_question_naming_agni_is_answered_about_agni_with_the_caveat(searcher: Searcher) -> None:
    result = ask(searcher, "ບົດສວດ ກ່ຽວກັບ ພະອັກນີ ມີຫຍັງແດ່?")  # "what hymns are there about Agni?"
    assert REFUSED not in result.answer.lower(), result.answer[:200]
    deities = fold(" ".join((v.deity or "") for v in result.verses)).lower()
    assert cited(result) and "agni" in deities, result.answer[:300]
    assert any(n.startswith("Read as Lao") and "reads only in part" in n for n in result.notes), result.notes


def test_a_question_of_which_nothing_could_be_read_says_so_and_searches_nothing(searcher: Searcher) -> None:
    result = ask(searcher, "Kāpēc zvaigznes pazūd rītausmā?")  # Latvian: "why do the stars vanish at dawn?"
    assert not cited(result), result.answer[:200]
    assert REFUSED not in result.answer.lower()  # not "not about the RigVeda": it could not be read
    note = next(n for n in result.notes if n.startswith("Read as Latvian"))
    assert "zvaigznes" in note and "nothing was searched" in note, note
