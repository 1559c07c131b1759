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
