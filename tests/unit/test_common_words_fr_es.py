"""Everyday French and Spanish words in a question are read, not left as typed (session lexB).

A French question is read through its English only when every word of it was read, and a Spanish word left
unread stays Spanish in the English the search runs on: conjunctions, adverbs, pronouns and the common verbs
readers use ("c'est vrai que", "depuis", "jamais", "desde cuándo", "nunca", "durante") had been unread.
The wordings are our own, none from an evaluation set.
"""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss

from common_words import assert_read_whole


@pytest.mark.parametrize("language, question, wanted", [
    ("fr", "C'est vrai que le mot soma revient plus de cent fois dans un seul hymne ?", {"is it true that", "word", "times"}),
    ("fr", "Mais pourquoi les femmes ne pouvaient jamais réciter ces formules sans un prêtre ?",
     {"but", "never", "formulas", "without"}),
    ("fr", "Depuis quand parle-t-on des planètes et des pierres précieuses chez les poètes ?",
     {"since when", "planets", "gems", "among"}),
    ("fr", "Par qui cet hymne a été composé, et dans quel livre exactement ?", {"by whom", "this", "exactly", "book"}),
    ("es", "¿Desde cuándo se recita este himno, y nunca se menciona en otro libro?",
     {"since when", "is recited", "never", "other"}),
    ("es", "¿Es verdad que Indra bebe soma durante cada batalla, aunque sea de noche?",
     {"is it true that", "during", "each", "although"}),
    ("es", "¿Hay piedras preciosas o planetas en los himnos, más o menos cuántas veces?",
     {"gems", "planets", "approximately", "times"}),
])
def test_a_question_of_common_words_is_read_whole(lexicon: Lexicon, words_dir: str, language: str,
                                                   question: str, wanted: set) -> None:
    assert_read_whole(lexicon, words_dir, question, language, wanted)


def test_french_yes_no_frame_is_read_without_a_stray_what(lexicon: Lexicon, words_dir: str) -> None:
    # "est-ce que" only marks a yes-or-no question: it had been read "is what"
    read = gloss.read("Est-ce que le mot soma veut dire boisson ?", "fr", lexicon, index_dir=words_dir)
    assert read.unknown == []
    assert "what" not in read.english.lower().split(), read.english
    assert "word" in read.english.lower() and "drink" in read.english.lower(), read.english


def test_spanish_accentless_se_is_not_read_as_know(lexicon: Lexicon, words_dir: str) -> None:
    # "sé" (I know) is in the table now; the reflexive "se" folds to it and must stay unread-free and silent
    read = gloss.read("¿Se canta el himno al amanecer?", "es", lexicon, index_dir=words_dir)
    assert read.unknown == [], read.unknown
    assert "know" not in read.english.lower(), read.english
