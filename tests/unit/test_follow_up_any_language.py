"""A follow-up typed in another language is read with the conversation, as its English twin is: "who composed
it?" after a verse names that verse's seer whether it is asked in Spanish, Hindi in Latin letters, Tamil, Telugu,
Gujarati or Polish (``pyapp.reading.frame._follow_up_in_english``). Before, the conversation's readers read English
only, and the same follow-up in another language was searched as a new question or refused. Our own wordings."""
from __future__ import annotations

import pytest

from reader_turns import REFUSED, ask, cited

FIRST = "'agnim īḷe purohitaṃ' - which verse is this?"


@pytest.mark.parametrize("follow_up", [
    "¿y quién lo compuso?",  # Spanish
    "iska rishi kaun hai?",  # Hindi in Latin letters
    "இதை யார் எழுதினார்?",  # Tamil
    "ఇది ఎవరు రాశారు?",  # Telugu
    "તે કોણે રચ્યો?",  # Gujarati
    "kto to napisał?",  # Polish
    "und wer hat das gedichtet?",  # German
])
def test_who_composed_it_in_any_language_names_the_verse_seer(searcher, follow_up: str) -> None:
    result = ask(searcher, FIRST, follow_up)
    assert REFUSED not in result.answer.lower()
    assert "madhuchchhandas" in result.answer.lower().replace("ṣ", "sh").replace("c", "ch").replace("chh", "chh") \
        or "madhucchandas" in result.answer.lower().replace("ṃ", "m") or "vaiśvāmitra" in result.answer.lower()
    assert any(ref.startswith("1.1") for ref in cited(result))


def test_a_question_that_stands_alone_is_not_taken_for_a_follow_up(searcher) -> None:
    """A new question in Spanish after a verse is its own question: the verse's seer is not its answer."""
    result = ask(searcher, FIRST, "¿qué dice el Rigveda sobre la aurora?")
    assert "Anukramaṇī" not in result.answer.split(".")[0]
    assert not all(ref.startswith("1.1.") for ref in cited(result))
