"""A company of beings the hymns name as a group (the Vasus, the Apsarases, the All-gods, the Fathers …) is
answered by what it is — the first sentence says so — with verses that show it, in the languages readers use; a
question asking for one of their verses or a count is left to the other readers. Real index, no model."""
from __future__ import annotations

from typing import Any

import pytest

from pyapp.reading import beings
from reader_turns import ask, cited


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


@pytest.mark.parametrize("question,opening", [
    ("tell me about the sadhyas", "The Sādhyas are"),
    ("what are the pitris in the vedas", "The Fathers (Pitaras) are"),
    ("qui sont les Gandharvas ?", "The Gandharva is"),
    ("ऋभु कौन थे?", "The Ṛbhus"),
])
def test_what_the_group_is_comes_first_with_its_verses(searcher: Any, question: str, opening: str) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith(opening), result.answer[:200]
    assert cited(result), result.answer[:200]


def test_asked_whether_the_hymns_have_them_the_answer_says_yes(searcher: Any) -> None:
    result = ask(searcher, "are there apsarases in the vedic hymns at all?")
    assert result.answer.startswith("Yes — the Apsarases are"), result.answer[:200]


@pytest.mark.parametrize("question", ["which verse names the vasus first?", "how many hymns are to the ribhus?"])
def test_a_verse_or_a_count_is_left_to_the_other_readers(question: str) -> None:
    assert not beings.asks(question)


def test_every_group_cites_real_verses(searcher: Any) -> None:
    assert len(beings.beings()) >= 8
    for group in beings.beings():
        assert group.refs and all(searcher.index.by_ref(r) is not None for r in group.refs), group.id
