"""Questions in other languages read into English as a whole (session 34): a Marathi or Bengali question
particle written last, French "y a-t-il", a quoted Indic word kept as the word asked about, a hymn's name
as a read word, the Russian fleeting vowel in a dictionary look-up, and a German question read whole
answered by the English readers (an absent thing's "No") with its translation still quoted."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from corpus_build import bilingual as build
from pyapp.lexicon import Lexicon
from pyapp.reading import bilingual, gloss
from reader_turns import ask_alone


def test_a_marathi_question_ending_in_ka_asks_yes_or_no(lexicon: Lexicon, words_dir: str) -> None:
    # "का" last, before the question mark, asks yes or no; elsewhere it is "why"
    found = gloss.read("ऋग्वेदात घोड्यांचा उल्लेख आहे का?", "mr", lexicon, index_dir=words_dir)
    assert found.english.startswith("Is ") and "why" not in found.english.lower(), found.english
    why = gloss.read("इंद्र का रागावला?", "mr", lexicon, index_dir=words_dir)
    assert "why" in why.english.lower(), why.english


def test_a_bengali_question_ending_in_ki_asks_yes_or_no(lexicon: Lexicon, words_dir: str) -> None:
    found = gloss.read("ঋগ্বেদে হাতির উল্লেখ আছে কি?", "bn", lexicon, index_dir=words_dir)
    assert found.english.startswith("Is ") and "what" not in found.english.lower(), found.english


def test_one_quoted_indic_word_is_the_word_asked_about(lexicon: Lexicon, words_dir: str) -> None:
    # 'सत्य' is asked about as a word: its Sanskrit, not the table's "truth"
    found = gloss.read("'सत्य' शब्द का अर्थ क्या है?", "hi", lexicon, index_dir=words_dir)
    assert "satya" in found.english and "truth" not in found.english, found.english
    plain = gloss.read("सत्य का अर्थ क्या है?", "hi", lexicon, index_dir=words_dir)
    assert "truth" in plain.english, plain.english  # unquoted, the word's meaning as before


def test_french_y_a_t_il_is_there(lexicon: Lexicon, words_dir: str) -> None:
    found = gloss.read("Y a-t-il des chevaux dans le Rig-Veda ?", "fr", lexicon, index_dir=words_dir)
    assert found.english.lower().startswith("are there"), found.english


def test_a_hymns_name_counts_as_read(lexicon: Lexicon, words_dir: str) -> None:
    found = gloss.read("Was sagt der Nasadiya-Hymnus über den Anfang?", "de", lexicon, index_dir=words_dir)
    assert "Nasadiya" in found.known and "Nasadiya" not in found.unknown, (found.known, found.unknown)


def test_a_russian_plural_finds_its_noun_with_the_fleeting_vowel(lexicon: Lexicon, words_dir: str,
                                                                   tmp_path: Path) -> None:
    out = tmp_path / "index"
    shutil.copytree(words_dir, out)
    table = {build.fold(w): e for w, e in {"орел": "eagle", "отец": "father"}.items()}
    (out / "bilingual").mkdir(exist_ok=True)
    (out / "bilingual" / "ru.json").write_text(json.dumps({"format": 1, "language": "ru", "words": table},
                                                          ensure_ascii=False), encoding="utf-8")
    bilingual._TABLES.clear()
    try:
        assert bilingual.lookup("орлах", "ru", str(out)) == "eagle"  # орл-ах: the е between р and л back
        assert bilingual.lookup("отцами", "ru", str(out)) == "father"  # отц-ами: отец
    finally:
        bilingual._TABLES.clear()


def test_a_german_question_read_whole_gets_the_english_readers(keyword_searcher) -> None:
    # every word read: answered as English is ("Are tigers mentioned …?" → "No — …"), its note says so, and
    # Geldner's German of the verses shown is still quoted
    result = ask_alone(keyword_searcher, "Werden Tiger im Rigveda erwähnt?")
    notes = " ".join(result.notes)
    assert "Read as German" in notes, notes
    assert result.answer.lower().startswith("no"), result.answer[:200]
