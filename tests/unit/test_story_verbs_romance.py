"""Who-did questions in Spanish, German and Italian keep their verb (corpus_build/lexicons: story verbs' past forms)."""
from __future__ import annotations

import pytest

from pyapp.search import Searcher
from reader_turns import ask


@pytest.mark.parametrize("question, verb", [
    ("¿Quién robó las vacas de los dioses?", "stole"),
    ("¿Quién liberó las aguas?", "freed"),
    ("Wer hat die Kühe gestohlen?", "stole"),
])
def test_a_past_verb_of_a_story_is_read_into_english(searcher: Searcher, question: str, verb: str) -> None:
    result = ask(searcher, question)
    read = " ".join(n for n in result.notes if n.startswith("Read as"))
    assert verb in read, (read, result.answer[:150])
