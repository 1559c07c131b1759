"""A Sanskrit line quoted in Latin letters inside a question in another language is kept whole — its words are never
read as that language's ("no" is not "not", "sa" is not "knows") — and the verse it comes from is found. Real index,
no model."""
from __future__ import annotations

from typing import Any

import pytest

from reader_turns import ask, cited


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


@pytest.mark.parametrize("question,verse", [
    ("¿De dónde viene el verso 'ko addhā veda ka iha pra vocat'? no lo encuentro", "10.129.6"),
    ("qual è la fonte del verso 'ā no bhadrāḥ kratavo yantu viśvataḥ'?", "1.89.1"),
])
def test_the_quoted_line_is_found_whole(searcher: Any, question: str, verse: str) -> None:
    result = ask(searcher, question)
    assert verse in cited(result)[:3], result.answer[:300]
