"""A reference that names no verse, beside words that say what the verse should say ("a pamphlet gives 4.26.19 for
Indra saying he was Manu — what is the right number?"): the words are searched, and the reader learns the number was
wrong; a question that is nothing but the wrong number still hears that it does not exist. Real index, no model."""
from __future__ import annotations

from typing import Any

import pytest

from pyapp.reading.wrong_number import rest_of
from reader_turns import ask


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def test_the_rest_is_the_quote_or_the_content_words() -> None:
    assert rest_of("my guru gave RV 1.1.12 for 'I laud Agni, the chosen priest'") == "I laud Agni, the chosen priest"
    assert "gambler" in rest_of("a site says Rig. X-34-20 is the gambler's lament, correct number?")
    assert rest_of("what is RV 1.1.12?") == "" and rest_of("show me Rg. IX-200-1 please") == ""


def test_a_wrong_number_beside_a_quotation_finds_the_quoted_verse(searcher: Any) -> None:
    result = ask(searcher, "my guru gave RV 1.1.12 for 'I laud Agni, the chosen priest', is that the right number?")
    assert result.kind == "answer" and "1.1.1" in [v.book_context for v in result.verses][:3], result.answer[:300]
    assert any("1.1.12 does not exist" in n for n in result.notes), result.notes


def test_a_wrong_number_alone_is_still_said_not_to_exist(searcher: Any) -> None:
    result = ask(searcher, "what does RV 1.1.12 say?")
    assert "1.1.12 does not exist" in result.answer
