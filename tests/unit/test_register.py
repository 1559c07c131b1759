"""How the reader wants the answer told is cut from what is asked (pyapp.reading.register)."""
from __future__ import annotations

import pytest

from pyapp.reading import register
from pyapp.reading.restate import restate


@pytest.mark.parametrize("typed, asked, told", [
    ("Tell me about the Maruts in simple words", "Tell me about the Maruts", ["simple"]),
    ("Explain the hymn to Night like I'm five", "Explain the hymn to Night", ["simple"]),
    ("In short, who is Mitra?", "who is Mitra?", ["brief"]),
    ("Who is Pūṣan? Explain briefly please.", "Who is Pūṣan?", ["brief"]),
    ("Describe the Aśvins in detail", "Describe the Aśvins", ["detailed"]),
    ("what are the three worlds, in layman's terms?", "what are the three worlds?", ["simple"]),
    ("वरुण कौन हैं, सरल शब्दों में बताइए", "वरुण कौन हैं, बताइए", ["simple"]),
])
def test_the_register_phrase_is_cut_and_named(typed: str, asked: str, told: list) -> None:
    read = register.read(typed)
    assert read is not None
    assert read.question == asked
    assert read.names == told


@pytest.mark.parametrize("typed", [
    "Is Savitṛ simply the sun?",  # "simply" is part of what is asked
    "Which is the shortest hymn?",
    "What do the first two lines of 10.129 say?",
    "in short?",  # nothing else is asked: left for the rest of the turn to answer or refuse
    "",
])
def test_questions_without_a_register_phrase_are_left_alone(typed: str) -> None:
    assert register.read(typed) is None


def test_restate_reads_the_plain_question_and_says_what_it_set_aside() -> None:
    out = restate("Tell me about Vāyu in very simple language", lambda text: False, None)
    assert out.question == "Tell me about Vāyu"
    assert out.told_as == ["simple"]
    assert any("in simple words" in note and "Tell me about Vāyu" in note for note in out.notes)
