"""A "he" or "she" after a who-question that named no one points at the person its answer named, not at the hymn
the answer cited first ("who is the goddess of night?" → "what does she drive away?"): the real index, no model."""
from __future__ import annotations

from typing import Any

import pytest

from reader_turns import ask


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


@pytest.mark.parametrize("first,then,person", [
    ("who is the goddess of night?", "what does she drive away?", "Ratri"),
    ("who is the god of fire?", "who are his parents?", "Agni"),
])
def test_a_personal_pronoun_after_a_who_question_reads_as_the_person_answered(searcher: Any, first: str, then: str,
                                                                               person: str) -> None:
    result = ask(searcher, first, then)
    read = [n for n in result.notes if n.startswith("Read as")]
    assert read and person.lower() in read[0].lower().replace("ā", "a").replace("ī", "i"), (read, result.answer[:200])
    assert "RV " not in read[0]  # not "what does RV 10.127 drive away?"
