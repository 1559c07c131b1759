"""An exam's numbered statements: each checked by the claim readers, the verdict first (the real index)."""
from __future__ import annotations

from typing import Any

import pytest

from pyapp.reading import statements
from reader_turns import ask_alone


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def test_statements_are_split_in_their_own_numbering() -> None:
    q = "Consider: (1) the gayatri mantra is in mandala 3. (2) agni is the god of fire. Which are true?"
    assert statements.statements_of(q) == ["the gayatri mantra is in mandala 3", "agni is the god of fire"]
    assert statements.statements_of("Is RV 1.1 a hymn to Agni?") == []


@pytest.mark.parametrize("question,lead", [
    ("Consider the following statements: 1. The RigVeda has twelve mandalas. 2. Sūrya is the god of the sun. "
     "Which of the statements given above is/are correct?", "Only statement 2 is correct"),
    ("Which of these is false? (a) Parjanya is the god of rain (b) RV 10.90 is in the tenth mandala",
     "None of the statements is incorrect"),
    ("Examine the statements: I. Yama is the god of fire II. Agni is the god of the sea. Which is correct?",
     "Neither statement is correct"),
])
def test_the_answer_opens_with_which_statements_are_correct(searcher: Any, question: str, lead: str) -> None:
    result = ask_alone(searcher, question)
    assert result.answer.startswith(lead), result.answer[:200]
