"""Asking for the verses in a language or by a translator: the translation the app has is quoted, and a
language it has none in is said plainly before Griffith's English (``pyapp.reading.asked_version``)."""
from __future__ import annotations

import pytest

from pyapp import bridge
from pyapp.reading import asked_version
from reader_turns import ask_alone


@pytest.mark.parametrize("question, language, version", [
    ("could you give the russian translation of RV 2.12.1", "ru", ""),
    ("rigved ke dasve mandal ka hindi anuvad", "hi", ""),
    ("RV 3.62.10 का हिंदी में अर्थ बताइए", "hi", ""),
    ("the purusha sukta in tamil please", "ta", ""),
    ("what did Oldenberg make of 1.1.1?", "", "oldenberg"),
    ("Traduction française de RV 1.1.1", "fr", ""),
])
def test_the_translation_asked_for_is_read(question: str, language: str, version: str) -> None:
    asked = asked_version.read(question)
    assert asked is not None and (asked.language, asked.version) == (language, version)


@pytest.mark.parametrize("question", ["what is the hindi word for fire", "who is agni in hindi", "is Russian a hard language",
                                      ""])
def test_a_language_named_alone_asks_for_no_translation(question: str) -> None:
    assert asked_version.read(question) is None


def test_the_page_fetches_the_version_asked_for_before_asking() -> None:
    assert bridge.version_for("Elizarenkova's rendering of RV 1.1.2") == "elizarenkova"
    assert bridge.version_for("the German translation of RV 1.1.2") == "geldner"
    assert bridge.version_for("the Hindi translation of RV 1.1.2") == ""


def test_a_shipped_translation_is_quoted_after_the_answer(keyword_searcher) -> None:
    answer = ask_alone(keyword_searcher, "the German translation of RV 1.1.2 please").answer
    assert "German translation: Geldner's words" in answer and "RV 1.1.2 (Geldner): “" in answer


def test_a_language_without_a_translation_is_said_first(keyword_searcher) -> None:
    first = ask_alone(keyword_searcher, "Tamil translation of RV 1.1.2").answer.splitlines()[0]
    assert "no Tamil translation" in first and "Griffith" in first
