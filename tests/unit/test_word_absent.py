""""Is the word X in the RigVeda?" for a word no verse uses in any form: "No —", checked against the saṃhitā."""
from __future__ import annotations

from typing import Any

import pytest

from pyapp.reading import word_absent
from reader_turns import ask_alone


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


@pytest.fixture(scope="module")
def index(searcher: Any) -> Any:
    return searcher.index


@pytest.mark.parametrize("question,word", [
    ("Is the word tirthankara in the rigveda?", "tirthankara"),
    ("does the word 'gurukula' occur anywhere in the rig veda", "gurukula"),
    ("is the word telescope found in the rig veda?", "telescope"),  # in neither the Sanskrit nor Griffith
])
def test_a_word_no_verse_uses_is_answered_no(searcher: Any, question: str, word: str) -> None:
    result = ask_alone(searcher, question)
    assert result.answer.startswith("No —") and word in result.answer.split(":")[0], result.answer[:160]
    assert not result.citations


@pytest.mark.parametrize("question", [
    "is the word purandara in the rigveda?",  # puraṃdara: a nasal spelt either way
    "is the word shiva used in the rigveda?",  # śiva, "auspicious", typed plainly
    "is the word chariot in the rigveda?",  # an English word of Griffith's: the search shows where
    "what does the word agni mean?",  # not a presence question
])
def test_a_word_the_hymns_use_or_an_english_word_is_never_called_absent(searcher: Any, index: Any,
                                                                       question: str) -> None:
    assert word_absent.answer(question, index, searcher) is None
