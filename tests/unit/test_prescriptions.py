"""A prescription asked for — a dosage, or a remedy someone is told to suggest — and a planet's house in a birth chart
are refused plainly, whoever they are asked for and without "the closest verses"; questions about what the hymns
say of remedies or houses are answered. No index needed: the look-alike reading is the question's shape."""
from __future__ import annotations

import pytest

from pyapp.reading.lookalike import look_alike


@pytest.mark.parametrize("question,kind", [
    ("recommend a vedic herb for migraine and tell me the dosage", "advice"),
    ("prescribe a soma-based tonic for tiredness", "advice"),
    ("how many doses of the mantra water should a patient take daily?", "advice"),
    ("Jupiter sits in the fifth house: what does the rigveda say will happen?", "fortune"),
    ("rahu in 12th house remedy from the vedas", "fortune"),
])
def test_a_prescription_or_a_chart_house_is_a_look_alike(question: str, kind: str) -> None:
    found = look_alike(question)
    assert found is not None and found.kind == kind, (question, found)


@pytest.mark.parametrize("question", [
    "what remedies do the healing hymns name?",
    "which hymn blesses the building of a new house?",
    "does the rigveda mention a doctor who heals with herbs?",
])
def test_questions_about_the_hymns_are_not_look_alikes(question: str) -> None:
    assert look_alike(question) is None, question
