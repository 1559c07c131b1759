"""In the real app (no LLM), a how, a why, a who-did and a whose question open with the answer: a
quotation that carries the question's action, cited, and for "who did it" / "whose" the name the
verses weigh highest as its filler (``agents/extract.py``) or the doer that verse names or the god it
is addressed to (issue 19, part 5). The questions are our own wordings."""
from __future__ import annotations

import re

import pytest

from helpers import assert_only_own_origin, error_text, submit

pytestmark = pytest.mark.browser


def _first_sentence(page) -> str:
    answer = page.get_by_test_id("answer").last.text_content() or ""
    return " ".join(answer.strip().split("\n", 1)[0].split())


@pytest.mark.parametrize("question, first_words", [
    ("Who slew Vritra?", r"^Indra\b"),
    ("How is the Soma juice purified?", r"“[^”]*purif[^”]*” \[RV 9\.\d+\.\d+\]"),
    ("Why do the worshippers press Soma?", r"“[^”]+” \[RV \d+\.\d+\.\d+\]"),
    ("Whose car do the spotted deer draw?", r"^Maruts — “[^”]*spotted deer[^”]*” \[RV \d+\.\d+\.\d+\]"),
])
def test_a_how_a_why_and_a_who_did_question_open_with_the_answer(shared_page, served_url: str, question: str,
                                                                  first_words: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    submit(page, question)
    assert error_text(page) == ""
    first = _first_sentence(page)
    assert re.search(first_words, first), first
    assert not first.startswith(("The RigVeda speaks", "In the RigVeda,", "No verse")), first
    assert_only_own_origin(page)
