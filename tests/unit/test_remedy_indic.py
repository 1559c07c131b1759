"""Astrological faults, treasure-chants and diet remedies asked in the Indian scripts are refused as remedies
(pyapp.reading.lookalike.REMEDY_SUBJECTS / REMEDY_ASKS), while questions about the same words are answered."""
from __future__ import annotations

import pytest

from pyapp.reading.lookalike import remedy_asked


@pytest.mark.parametrize("typed", [
    "कालसर्प दोष के लिए कौन सा मंत्र जप करना चाहिए?",  # Hindi: which mantra to chant for the serpent fault
    "গুপ্তধন পেতে কোন মন্ত্র জপ করব?",  # Bengali: which mantra to chant to get hidden treasure
    "పితృదోషం పోవడానికి ఏ దానం చేయాలి?",  # Telugu: which gift to give to remove the ancestors' fault
    "ತೂಕ ಇಳಿಸಲು ಯಾವ ಮಂತ್ರ ಜಪ ಮಾಡಬೇಕು?",  # Kannada: which mantra to chant to lose weight
])
def test_a_remedy_asked_in_an_indian_script_is_read_as_one(typed: str) -> None:
    assert remedy_asked(typed)


@pytest.mark.parametrize("typed", [
    "ऋग्वेद में पितरों के लिए कौन सा सूक्त है?",  # which hymn is for the ancestors
    "ঋগ্বেদে দোষ শব্দের অর্থ কী?",  # what does the word doṣa mean
])
def test_a_question_about_the_same_words_is_not_a_remedy(typed: str) -> None:
    assert not remedy_asked(typed)
