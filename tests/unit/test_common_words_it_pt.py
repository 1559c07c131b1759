"""Common Italian and Portuguese words in questions about the hymns are read, not left as typed.

Why: Italian and Portuguese questions are always read word by word, and a word the table lacks stays as typed
in the English the search runs on ("sempre", "mai", "quindi", "mas", "nem", "ainda"), where no English reader
knows it. Wordings are our own (none is from an eval set). What is checked is what the search sees: every word
read, and the English carrying the words that change the question's meaning (never, always, still, not even).
"""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss

from common_words import assert_read_whole


@pytest.mark.parametrize("question, code, wanted", [
    ("ma quindi agni è sempre il messaggero degli dei?", "it", {"but", "so", "always", "messenger", "gods"}),
    ("è vero che loro non parlano mai dei pianeti?", "it", {"is it true that", "they", "never", "planets"}),
    ("nessuno sa già dalla prima strofa chi è il dio, giusto?", "it", {"no one", "already", "from the"}),
    ("qualcuno ha letto una storia sulle gemme o sull'oro?", "it", {"someone", "story", "gems", "gold"}),
    ("mas o rig veda ainda fala de cavalos?", "pt", {"but", "still", "horses"}),
    ("nem os deuses sabem até hoje como o mundo começou?", "pt", {"not even", "gods", "until", "began"}),
    ("então agni nunca perdeu uma batalha, é verdade?", "pt", {"then", "never", "lost", "battle"}),
    ("existe alguma história sobre pedras preciosas e planetas nesse livro dele?", "pt",
     {"story", "gems", "planets", "in that", "his"}),
])
def test_a_question_of_common_words_is_read_whole(lexicon: Lexicon, words_dir: str, question: str, code: str,
                                                  wanted: set) -> None:
    assert_read_whole(lexicon, words_dir, question, code, wanted)


def test_gods_after_an_article_are_gods_not_a_preposition(lexicon: Lexicon, words_dir: str) -> None:
    # "dei" alone is "of the"; after "gli", "degli", "agli" it is the plural of "dio"
    read = gloss.read("perché gli dei bevono il soma?", "it", lexicon, index_dir=words_dir)
    assert "the gods" in read.english and "of the" not in read.english, read.english


def test_the_detected_language_reads_its_common_words(lexicon: Lexicon, words_dir: str) -> None:
    read = gloss.read_question("Ma è vero che nel Rigveda non si parla mai dei pianeti?", lexicon, None, words_dir)
    assert read is not None and read.language == "it", read
    assert "never" in read.english and "planets" in read.english, read.english
    read = gloss.read_question("Mas os deuses ainda não sabem quem criou o mundo?", lexicon, None, words_dir)
    assert read is not None and read.language == "pt", read
    assert "but" in read.english.lower() and "still" in read.english, read.english
