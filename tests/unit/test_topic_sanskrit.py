"""The weak lead's "No verse speaks directly of …" names only words the cited verses lack: a question's
Sanskrit word (read from an Indic script) that a verse carries in its saṃhitā is not missing."""
from types import SimpleNamespace

from pyapp.agents.compose import _topic


def _frame(text: str) -> SimpleNamespace:
    return SimpleNamespace(text=text, names=[], terms=[], sides=[], topic_words=[])


def _verse(translation: str, iast: str) -> SimpleNamespace:
    return SimpleNamespace(translation=translation, iast=iast)


def test_sanskrit_word_in_the_samhita_is_not_missing() -> None:
    verses = [_verse("The cows come lowing to the stall.", "ā gāvo agmann uta bhadram akran sīdantu goṣṭhe")]
    assert "go" not in _topic(_frame("goṣṭhe cows"), verses)


def test_word_in_neither_text_is_still_named() -> None:
    verses = [_verse("The cows come lowing to the stall.", "ā gāvo agmann uta bhadram akran")]
    assert "tigers" in _topic(_frame("tigers"), verses)
