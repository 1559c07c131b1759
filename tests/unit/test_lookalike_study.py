"""A request for study material that mentions an exam is study, not a wish (pyapp/reading/lookalike.py)."""
from __future__ import annotations

from pyapp.reading.lookalike import look_alike


def test_study_material_for_an_exam_is_not_refused_as_advice() -> None:
    assert look_alike("Can you give me flashcards on the Nasadiya hymn for my exam tomorrow?") is None
    assert look_alike("Write me practice questions and answers on Varuna for exam revision") is None


def test_a_wish_for_an_exam_is_still_refused() -> None:
    found = look_alike("Which Vedic mantra will help me pass my exam?")
    assert found is not None and found.kind == "advice"
