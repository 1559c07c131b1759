"""A cure or a working asked of the hymns for the asker's own ("can chanting heal my father's stammer?", "a mantra to
stop my landlord raising the rent") is refused plainly as a look-alike, whatever the illness or the wish is called;
questions about what the hymns themselves pray for are not."""
from __future__ import annotations

import pytest

from pyapp.reading.lookalike import look_alike


@pytest.mark.parametrize("question", [
    "can reciting the rig veda heal my father's stammer? how many rounds",
    "will vedic chants cure my wife's migraines for good",
    "give me a rigveda mantra to stop my landlord raising the rent",
    "which verse will get me a transfer to my home town",
])
def test_a_working_for_the_asker_is_a_look_alike(question: str) -> None:
    found = look_alike(question)
    assert found is not None and found.kind == "advice", question


@pytest.mark.parametrize("question", [
    "which hymns ask the asvins to heal the lame?",
    "is there a hymn to protect us from robbers?",
    "did rudra cure sick cattle in the rig veda?",
    "what does my favourite verse 10.129.7 mean?",
])
def test_questions_about_what_the_hymns_pray_for_are_not(question: str) -> None:
    assert look_alike(question) is None, question
