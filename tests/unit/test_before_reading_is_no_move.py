""""Before reading hymn N" speaks of the reader's time; "the hymn before N" moves through the text.

Why: a primer question ("what should I know before reading hymn 1.32?") was answered with the hymn
before it, because "before" stood two words from the reference."""
from __future__ import annotations

import pytest

from pyapp.search import Searcher
from reader_turns import ask_alone, cited


@pytest.mark.parametrize("question", ["What do I need to know before reading hymn 3.62?",
                                      "Anything to keep in mind before I chant hymn 3.62?"])
def test_the_readers_own_before_keeps_the_hymn_named(searcher: Searcher, question: str) -> None:
    result = ask_alone(searcher, question)
    assert not result.answer.startswith("The hymn before")
    assert any(ref.startswith("3.62") for ref in cited(result))


def test_the_hymn_before_still_moves(searcher: Searcher) -> None:
    assert ask_alone(searcher, "Show me the hymn before 3.62").answer.startswith("The hymn before RV 3.62 is RV 3.61")
