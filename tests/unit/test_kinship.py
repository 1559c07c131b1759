"""Family ties of the gods (pyapp/reading/kinship.py): every tie's verses exist, and a "who is her
sister?" follow-up opens with the relative the table names, citing its verses."""
from __future__ import annotations

import pytest

from pyapp.reading import kinship
from pyapp.search import Searcher
from reader_turns import ask


def test_every_tie_cites_verses_of_the_index(searcher: Searcher) -> None:
    refs = {v.ref for v in searcher.index.verses}
    for tie in kinship._ties():
        assert tie["refs"] and set(tie["refs"]) <= refs, tie


@pytest.mark.parametrize("question, subject, relation", [
    ("Who is Yama's mother?", "Yama", "mother"),
    ("who is the father of the Maruts", "Maruts", "father"),
    ("Who was Indra's wife?", "Indra", "wife"),
])
def test_a_tie_is_found_in_either_wording(question: str, subject: str, relation: str) -> None:
    tie = kinship.find_tie(question)
    assert tie is not None and subject in tie["of"] and relation in tie["relation"]


def test_no_tie_for_questions_that_only_use_the_words() -> None:
    assert kinship.find_tie("What do the hymns say about sisters?") is None
    assert kinship.find_tie("Who is Agni?") is None
    assert kinship.find_tie("Who is the sister of my friend Anna?") is None


def test_a_follow_up_about_her_sister_names_the_sister_first(searcher: Searcher) -> None:
    tie = kinship.find_tie("who is Dawn's sister?")
    result = ask(searcher, "Tell me about Ushas, the goddess of the dawn.", "and who is her sister?")
    first = result.answer.split(". ")[0]
    assert tie["is"].split(" (")[0] in first, result.answer[:200]
    assert set(tie["refs"][:3]) <= {v.book_context for v in result.verses}


@pytest.mark.parametrize("question, subject, relation", [
    ("Who was the mother of the twin horsemen, the Asvins, in the hymns?", "Aśvins", "mother"),
    ("whose daughter is Suryaa, the bride of Soma?", "Sūryā", "father"),
    ("Who gave birth to the Maruts?", "Maruts", "mother"),
    ("According to the Rigveda, who was Indra's mother, and where is his birth told?", "Indra", "mother"),
    ("Was Aditi born of Daksha, or Daksha born of Aditi?", "Dakṣa", "mother"),
])
def test_a_tie_is_found_when_the_question_goes_on(question: str, subject: str, relation: str) -> None:
    tie = kinship.find_tie(question)
    assert tie is not None and subject in tie["of"] and relation in tie["relation"], tie


def test_the_nearest_named_god_wins_over_the_gods_in_general() -> None:
    tie = kinship.find_tie("Who gave birth to those storm gods, the Maruts?")
    assert tie is not None and "Maruts" in tie["of"]


def test_no_tie_without_a_who_question_or_a_tabled_name() -> None:
    assert kinship.find_tie("Indra's mother gave him soma") is None
    assert kinship.find_tie("Whose daughter is the farmer's wife?") is None
