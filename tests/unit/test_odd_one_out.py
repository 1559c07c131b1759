"""An odd-one-out quiz whose key is the one listed item the RigVeda does not have ("which doesn't belong — Agni, Soma,
Kārttikeya, Vāyu?") names that item first; a list whose items are all in the hymns is left to the other readers.
Real index, no model."""
from __future__ import annotations

from typing import Any

import pytest

from reader_turns import ask


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


@pytest.mark.parametrize("question,odd", [
    ("which doesn't belong - agni, soma, kartikeya, vayu?", "Kartikeya"),
    ("odd one out: yama, yami, hanuman, saranyu", "Hanuman"),
    ("trova l'intruso: Mitra, Varuna, Odino, Aryaman", "Odino"),
])
def test_the_item_the_hymns_lack_is_named_first(searcher: Any, question: str, odd: str) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith(f"{odd} is the odd one out"), result.answer[:200]


def test_a_list_the_hymns_have_whole_is_not_keyed_by_absence(searcher: Any) -> None:
    result = ask(searcher, "odd one out: indra, agni, rudra, varuna")
    assert "is the odd one out: it is not in the RigVeda" not in result.answer
