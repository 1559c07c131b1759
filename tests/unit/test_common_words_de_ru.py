"""Common German and Russian words in a question are read, so the question is read whole.

Why: a German or Russian question goes to the English readers only when every one of its words was read; the
hand lexicons (``corpus_build/lexicons/de.json``, ``ru.json``) lacked the everyday words around the topic
("steht", "auch", "überhaupt", "Formel"; "по", "из", "это", "слово"), so such a question fell back to the
weaker translation search, and the free dictionary misread the rest ("wurde" as "dignity", "после" as
"behind"). Wordings are our own, none from an evaluation set.
"""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss

from common_words import assert_read_whole


@pytest.mark.parametrize("question, language, wanted", [
    ("Steht im Rigveda auch etwas über Planeten?", "de", {"is", "also", "planets"}),
    ("Gibt es überhaupt eine Formel für die Hochzeit?", "de", {"formula", "marriage"}),
    ("Kommt das Wort Soma wirklich nur einmal vor?", "de", {"word", "really", "only", "once"}),
    ("Stimmt es, dass Indra sehr oft gelobt wird, aber Varuna seltener?", "de", {"is it true", "very", "often", "but"}),
    ("Wie alt ist eigentlich die Geschichte von Sarama?", "de", {"how old", "story"}),
    ("Warum wurde Soma immer als König bezeichnet?", "de", {"why", "was", "always", "called"}),
    ("Werden Edelsteine oder nur Gold erwähnt, wenn man Reichtum erbittet?", "de", {"gems", "only", "if"}),
    ("Правда ли, что слово сома встречается в гимнах чаще всего?", "ru", {"is it true", "word", "occurs"}),
    ("Что по Ригведе происходит с душой после смерти?", "ru", {"happens", "after", "death"}),
    ("Есть ли в гимнах что-то про планеты или звёзды?", "ru", {"something", "planets", "stars"}),
    ("Почему Агни так часто упоминают, но Варуну реже?", "ru", {"why", "often", "but"}),
    ("Из какой мандалы этот гимн и что вообще значит его название?", "ru", {"from", "mandala", "this", "name"}),
])
def test_question_of_common_words_is_read_whole(lexicon: Lexicon, words_dir: str, question: str, language: str,
                                                 wanted: set) -> None:
    assert_read_whole(lexicon, words_dir, question, language, wanted)


@pytest.mark.parametrize("question, language, dropped", [
    ("Was ist denn eigentlich Soma?", "de", {"denn", "eigentlich"}),
    ("Ну а кто вообще такой Индра?", "ru", {"ну"}),
])
def test_particles_are_read_as_nothing(lexicon: Lexicon, words_dir: str, question: str, language: str,
                                       dropped: set) -> None:
    """A particle is read (the question stays whole) but adds no word to the English."""
    read = gloss.read(question, language, lexicon, index_dir=words_dir)
    assert read is not None and read.unknown == [], (question, read.unknown)
    assert set(read.english.lower().rstrip("?").split()) & dropped == set(), read.english


def test_dictionary_misreadings_of_function_words_are_gone(lexicon: Lexicon, words_dir: str) -> None:
    """The hand table reads the auxiliaries and prepositions before any dictionary could ("wurde" is "was", not
    "dignity"; "после" is "after", not "behind")."""
    german = gloss.read("Wer wurde nie besiegt?", "de", lexicon, index_dir=words_dir)
    assert german is not None and "was" in german.english.lower().split() and "never" in german.english.lower()
    russian = gloss.read("Что было после потопа?", "ru", lexicon, index_dir=words_dir)
    assert russian is not None and "after" in russian.english.lower() and "flood" in russian.english.lower()
