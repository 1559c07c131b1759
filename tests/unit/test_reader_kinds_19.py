"""Issue 19, kinds of questions people really ask: questions about the collection itself in any language
(what it is, which Veda is oldest) are answered with its make-up, and a question naming the RigVeda in
another language is never refused. Wordings are our own, not the evaluation sets'."""
from __future__ import annotations


import pytest

from pyapp.reading.collection import OLDEST_VEDA, WHAT_IS, asked_about_collection, names_collection
from pyapp.search import Searcher
from reader_turns import ask_alone


@pytest.mark.parametrize("question", [
    "Tell me about the Rig-Veda",
    "what's the rigved",
    "Worum geht es im Rig Veda?",
    "Parlez-moi du Rig-Véda",
    "Расскажите, что такое Ригведа",
    "ऋग्वेद क्या है?",
])
def test_what_is_it_in_other_words_and_languages(question: str) -> None:
    assert asked_about_collection(question) == WHAT_IS


@pytest.mark.parametrize("question", ["Of the four Vedas, which one is the earliest?", "Which Veda came first?"])
def test_which_veda_is_oldest(question: str) -> None:
    assert asked_about_collection(question) == OLDEST_VEDA


@pytest.mark.parametrize("question", [
    "What does the Rig Veda say about the dawn?",  # a topic: the verses answer
    "What is the earliest hymn of the Rigveda?",  # the oldest hymns, not the oldest Veda
    "Rigveda",  # a bare name is read elsewhere
    "What is Agni?",  # not the collection
])
def test_questions_with_a_topic_are_not_about_the_collection(question: str) -> None:
    assert asked_about_collection(question) is None


def test_the_name_is_found_split_accented_or_in_other_scripts() -> None:
    for question in ("le rig-véda", "RIG VEDA", "в Ригведе", "ঋগ্বেদে", "ऋग वेद में"):
        assert names_collection(question), question
    assert not names_collection("the Vedas and the Upanishads")


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Searcher) -> Searcher:
    """Keyword search only (conftest.py: loaded once per run)."""
    return keyword_searcher


@pytest.mark.parametrize("question", ["Worum geht es im Rig Veda?", "Parlez-moi du Rig-Véda",
                                      "Расскажите, что такое Ригведа", "tell me what the rig veda is"])
def test_asking_what_the_rigveda_is_gets_its_make_up_not_stray_verses(searcher: Searcher, question: str) -> None:
    result = ask_alone(searcher, question)
    assert result.kind == "answer", result.answer
    assert "1,028 hymns" in result.answer and "collection" in result.answer


def test_asking_which_veda_is_oldest_names_the_rigveda(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Of the four Vedas, which one is the earliest?")
    assert result.kind == "answer"
    assert "RigVeda is the oldest of the four Vedas" in result.answer


def test_a_french_question_naming_the_rigveda_with_unknown_words_is_not_refused(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Le Rig-Véda parle-t-il des chevaux et des chars ?")
    assert result.kind == "answer", result.answer
