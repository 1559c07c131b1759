"""Whose domain a thing is, asked in the other ways readers put it ("responsible for", "patron of", "who looks
after", "which god saves …", "hands out each one's share") is answered with the god's name first, as "the god of"
is. Our own wordings, not an evaluation set's."""
from __future__ import annotations

import pytest

from pyapp.reading import god_of
from reader_turns import ask


@pytest.mark.parametrize("question, god", [
    ("which deity of the rig veda was the patron of carpenters?", "Ṛbhus"),
    ("who in the rigveda looks after travellers on the road?", "Pūṣan"),
    ("which god rescues shipwrecked sailors? (rigveda)", "Aśvins"),
    ("which god is in charge of the night in the rigveda?", "Rātrī"),
    ("is there a vedic god who deals out good fortune?", "Bhaga"),
])
def test_the_god_in_charge_is_read(question: str, god: str) -> None:
    found = god_of.asked_domain(question)
    assert found is not None and found[0] == god, (question, found)


def test_the_answer_opens_with_the_god(searcher) -> None:
    result = ask(searcher, "which rigvedic god is responsible for smiths and chariot makers?")
    assert result.answer.startswith("The Ṛbhus are"), result.answer[:100]


def test_a_named_gods_domain_is_not_asked() -> None:
    assert god_of.asked_domain("what does Indra give to his worshippers?") is None


def test_a_hymn_spoken_by_its_god_names_that_god(searcher) -> None:
    """10.125's deity field is ātmā and its addressee Vāc: asked whether Vāc boasts in it, the app had corrected the
    reader ("RV 10.125 does not name Vāc") and sent them to another hymn."""
    result = ask(searcher, "does vac boast about herself in 10.125?")
    assert "does not name" not in result.answer
    assert result.answer.count("10.125") >= 1
