"""The score stays honest: a turn whose asked-for task or form was not delivered scores below one
whose task was, on the same verses (``pyapp.reading.asked`` scaling the evaluator's support)."""
from __future__ import annotations

import pytest

from pyapp.agents import evaluator
from pyapp.reading import asked

from test_orchestrator_support import FIRE

VERSE_ONLY = ("RV 1.1.1 is verse 1 of a hymn to Agni, by the seer Madhucchandas, in the Gāyatrī metre. "
              "- “I praise Agni the fire priest, god of the sacrifice, giver of wealth.” [RV 1.1.1]")
WORD_BY_WORD = ("The padapāṭha (word-by-word text) of RV 1.1.1 [RV 1.1.1]: - agnim — Agni - īḷe — I praise "
                "- puraḥ-hitam — placed in front - yajñasya — of the sacrifice - devam — god. "
                "“I praise Agni the fire priest, god of the sacrifice, giver of wealth.” [RV 1.1.1]")


def _score(question: str, answer: str, support: float = 1.0) -> float:
    return evaluator.evaluate_deterministic(evaluator.EvaluatorInput(
        user_query=question, verses=FIRE[:2], response=answer, support=support)).score


@pytest.mark.parametrize("question", ["What are the individual words of RV 1.1.1?", "pada text of 1.1.1?",
                                      "Undo the sandhi in RV 1.1.1", "split 1.1.1 word by word"])
def test_a_word_by_word_request_answered_with_the_verse_only_scores_below_the_padapatha(question: str) -> None:
    served, unserved = _score(question, WORD_BY_WORD), _score(question, VERSE_ONLY)
    assert unserved < 0.6 <= served


def test_the_verse_alone_still_scores_well_when_only_the_verse_was_asked() -> None:
    assert _score("Show me RV 1.1.1", VERSE_ONLY) > 0.6


def test_an_answer_citing_nothing_in_the_named_hymn_scores_below_one_citing_it() -> None:
    inside = "Agni is praised as the priest of the sacrifice: “I praise Agni the fire priest” [RV 1.1.1]."
    outside = "Agni is praised as the priest of the sacrifice: “I praise Agni the fire priest” [RV 3.2.1]."
    question = "What does hymn 1.1 say about the priest?"
    assert _score(question, outside) < 0.6 < _score(question, inside)
    # a neighbour asked for is inside: "the hymn after 1.1" is answered by 1.2
    assert asked.delivered("Which hymn comes after 1.1?", "The hymn after RV 1.1 is RV 1.2 [RV 1.2.1].") == 1.0


def test_a_who_did_question_must_open_by_naming_someone() -> None:
    question = "Who praised Agni as the fire priest?"
    named = "Madhucchandas praised Agni as the fire priest: “I praise Agni the fire priest” [RV 1.1.1]."
    listed = ("The RigVeda speaks to this most directly in RV 1.1 (a hymn to Agni): "
              "- “I praise Agni the fire priest” [RV 1.1.1].")
    assert _score(question, listed) < _score(question, named)
    # "who is Agni?" asks about a name it gives, so opening with the name is enough
    assert asked.delivered("Who is Agni?", "Agni: the god of fire [RV 1.1.1].") == 1.0


def test_how_many_without_a_number_and_none_of_the_verses_says_are_weak() -> None:
    assert asked.delivered("How many verses praise Agni?", "Agni is praised: “I praise Agni” [RV 1.1.1].") < 1.0
    assert asked.delivered("How many verses praise Agni?", "Nine verses praise Agni [RV 1.1.1].") == 1.0
    assert asked.delivered("What does the RigVeda say about Agni's chariot?",
                           "None of the verses found says in so many words what the question asks.") < 1.0


def test_a_language_asked_for_must_appear_in_the_answer() -> None:
    assert asked.delivered("Give RV 1.1.1 in German", VERSE_ONLY) < 1.0
    assert asked.delivered("Give RV 1.1.1 in German", "Geldner's German: „Agni preise ich“ [RV 1.1.1]") == 1.0


def test_a_passage_named_in_words_counts_as_named() -> None:
    from pyapp.reading.number_words import worded_reference

    assert worded_reference("Read me the second verse of the fourteenth hymn of book four") == (4, 14, 2)
    assert worded_reference("hymn number eighty-eight of the first mandala") == (1, 88)
    assert worded_reference("two birds sit on the first branch") is None
    question = "Show the twelfth verse of hymn fifty in the first book"
    assert asked.delivered(question, "“Agni, the fire priest” [RV 1.50.12].") == 1.0
    assert asked.delivered(question, "The RigVeda speaks to this most directly in RV 4.16: “Indra” [RV 4.16.1].") < 1.0
