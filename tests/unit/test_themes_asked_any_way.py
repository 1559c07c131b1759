"""Themes a reader asks in a form other readers own — which god ranks first ("which god is the strongest?"), whether
there were temples ("were there temples? where did they worship?") — and fate, answered from the themes table; a
verse asked by a superlative ("the most powerful mantra") stays the superlatives reader's. Our own wordings."""
from __future__ import annotations

import pytest

from pyapp.reading import themes
from reader_turns import ask


@pytest.mark.parametrize("question, theme", [
    ("in the rigveda which is the strongest god of all?", "supreme_god"),
    ("qual è il dio più potente del rigveda?", "supreme_god"),
    ("did the vedic people have temples, and where did they worship?", "worship_place"),
    ("what does the rigveda say about fate and free will?", "fate_destiny"),
])
def test_the_theme_is_read(question: str, theme: str) -> None:
    found = themes.theme_in(question)
    assert themes.asks(question) and found is not None and found.id == theme, (question, found)


def test_the_most_powerful_mantra_is_not_the_supreme_god() -> None:
    assert not themes.asks("which is the most powerful mantra of the rigveda?")


def test_the_ranking_answer_opens_with_the_god(searcher) -> None:
    result = ask(searcher, "who is the greatest god in the rig veda?")
    assert result.answer.split(":")[0].count("Indra") == 1, result.answer[:120]
