"""A line quoted from memory and asked for: found in whichever shipped translation has its words (paraphrased
Griffith, Geldner, Elizarenkova, Renou, or a language read word by word), cited first when sure, hedged when
only close, and a saying in no verse never presented as found (pyapp.reading.quoted_line,
pyapp.agents.quoted_line; the real index, no model)."""
from __future__ import annotations

import pytest

from pyapp.agents import quoted_line as locator
from pyapp.reading import quoted_line
from pyapp.search import Searcher
from reader_turns import ask_alone


# -- reading the line ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("question, line", [
    ("Where is “the rivers run to the sea like cows to their calves” in the Rigveda?",
     "the rivers run to the sea like cows to their calves"),
    ("¿En qué himno está «el fuego es el mensajero de los dioses»?", "el fuego es el mensajero de los dioses"),
    ("Wo steht „der Sänger ruft die Götter zum Opfer“?", "der Sänger ruft die Götter zum Opfer"),
    ("「神々は火を使者とした」はどこにありますか", "神々は火を使者とした"),
    ("which verse says that the poet weaves his hymn like a cloth?", "the poet weaves his hymn like a cloth"),
    ("My grandmother used to say 'the sun is the eye of the gods' - exact reference?", "the sun is the eye of the gods"),
])
def test_a_quoted_line_asked_for_is_read_with_its_own_words(question: str, line: str) -> None:
    read = quoted_line.read(question)
    assert read is not None and read.line == line


@pytest.mark.parametrize("question", [
    "What does 'the sun is the eye of the gods' mean?",  # its meaning, not its place
    "Which verse comes before 'the sun is the eye of the gods'?",  # the reference readers move from it
    "Where is 'soma juice' praised?",  # a topic in quotes, not a line
    "Where does RV 1.50.6 say 'the sun is the eye of the gods'?",  # the verse is named already
    "Indra's and Agni's hymns: 'they drink the pressed juice together' in all of them?",  # no 'where'
    "Where is 'agnim īḷe purohitaṃ yajñasya devam' in the Rigveda?",  # Sanskrit: the incipit readers
])
def test_other_questions_with_quotes_are_left_to_the_other_readers(question: str) -> None:
    assert quoted_line.read(question) is None


def test_archaic_english_and_todays_fold_to_the_same_stems() -> None:
    assert locator.tokens("thou art kindled, thou knowest") == locator.tokens("you are kindled, you know")
    assert [c for _, c in locator.tokens("thou at thy birth art Varuṇa")] == [False, False, False, True, False, True]
    assert locator.tokens("Varuṇa")[0][0] == locator.tokens("Varuna")[0][0]


def test_a_repeated_word_counts_as_often_as_the_line_says_it() -> None:
    line = locator.tokens("darkness was hidden by darkness")
    once = locator.match(line, locator.tokens("the sun hidden in darkness"))[0]
    twice = locator.match(line, locator.tokens("darkness hidden in darkness"))[0]
    assert twice == pytest.approx(1.0) and once < 0.75


# -- finding it (the real index) --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def searcher(keyword_searcher: Searcher) -> Searcher:
    return keyword_searcher


@pytest.mark.parametrize("question, ref", [
    # Griffith paraphrased, his archaic English in today's
    ("which hymn has the line 'the gods did not make hunger to be our death'?", "10.117.1"),
    ("Where does the Rigveda say 'to you who have eyes and hear I say it: do not touch our children'?", "10.18.1"),
    # another translator's words, in that translator's language
    ("Wo steht „Agni rufe ich als Gott-Priester des Opfers“?", "1.1.1"),
    ("Где это: «Его рот стал брахманом, руки сделались раджанья»?", "10.90.12"),
])
def test_a_remembered_line_is_cited_first_from_the_translation_that_has_it(searcher: Searcher, question: str,
                                                                          ref: str) -> None:
    result = ask_alone(searcher, question)
    assert result.citations[:1] == [ref], (result.citations, result.answer[:300])
    first = result.answer.split("\n")[0]
    assert f"is RV {ref}" in first and "Its Sanskrit" in first


def test_a_line_in_a_language_without_a_translation_is_read_into_english(searcher: Searcher) -> None:
    result = ask_alone(searcher, "¿Dónde dice el Rigveda «los dioses no han dado el hambre como nuestra muerte»?")
    assert result.citations[:1] == ["10.117.1"], (result.citations, result.answer[:300])
    assert "read into English as" in result.answer


def test_a_saying_in_no_verse_is_hedged_and_its_words_are_not_topics(searcher: Searcher) -> None:
    result = ask_alone(searcher, "'a penny saved is a penny earned' - which verse of the rig veda says this?")
    first = result.answer.split("\n")[0]
    assert first.startswith("No ") and "is RV" not in first.split(";")[0], first
    assert "speaks directly of" not in result.answer and "penny" not in first.split("“")[0]
