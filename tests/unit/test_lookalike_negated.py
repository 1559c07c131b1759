"""A later text named only to be set aside ("according to the hymns, not the Purāṇas") is not the question's subject."""
from __future__ import annotations

import pytest

from pyapp.search import Searcher
from reader_turns import ask, cited


@pytest.mark.parametrize("question", [
    "for my comic: what does Agni look like in the hymns themselves, not the puranas?",
    "¿qué armas tiene Indra según los himnos, no los puranas?",
    "Who are the Maruts in the Rigveda, rather than in the Mahabharata?",
])
def test_a_later_text_set_aside_does_not_make_the_question_off_topic(searcher: Searcher, question: str) -> None:
    result = ask(searcher, question)
    assert result.kind != "off_topic" and cited(result), result.answer[:200]
