"""A capitalised function word inside an epithet ("the All-Maker", "the Lord Of …") is no stranger's name.

Why: a question naming a title the hymns never use is refused as another subject ("Tokyo", "Shakespeare");
the check counted every capitalised word the translation's index has no weight for, and function words
have none, so "Who is the All-Maker?" (Griffith's Viśvakarman) was refused as "Not about the RigVeda"."""
from __future__ import annotations

import pytest

from pyapp.search import Searcher
from reader_turns import REFUSED, ask_alone, cited


def test_an_epithet_with_a_capitalised_function_word_is_answered(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Who is the All-Maker?")
    assert REFUSED not in result.answer.lower()
    assert any(ref.startswith(("10.81", "10.82")) for ref in cited(result))


def test_it_is_not_refused_inside_a_longer_question(searcher: Searcher) -> None:
    assert REFUSED not in ask_alone(searcher, "What do the hymns say of the All-Maker's work?").answer.lower()


def test_a_stranger_beside_a_capitalised_function_word_is_still_refused(searcher: Searcher) -> None:
    assert REFUSED in ask_alone(searcher, "Which of Tolstoy's novels did The Beatles sing about?").answer.lower()
