"""The epics' and Purāṇas' own people, places and weapons (``pyapp.lexicon.LATER_STORY``): a question about
their story is not about the RigVeda, and the refusal says so first, then points to the hymns' counterpart;
a question whether they are in the hymns is answered.

Why: "How did the monkey army cross to Laṅkā?" shares a name (Rāma) with a patron of RV 10.93, so the
named-passages table answered it as a question about the hymns instead of saying plainly it is not one."""
from __future__ import annotations

import re

import pytest

from pyapp.lexicon import LATER_STORY, Lexicon, norm
from pyapp.search import Searcher
from reader_turns import REFUSED, ask_alone, cited


def test_no_later_story_word_is_a_word_of_the_hymns(keyword_searcher: Searcher) -> None:
    """The list holds only names the hymns never use (else a question about a verse would be refused)."""
    words = set()
    for verse in keyword_searcher.index.verses:
        words.update(norm(getattr(verse, "roman", "") or "").split())
    clashes = [w for w in LATER_STORY if " " not in w and norm(w) in words]
    assert clashes == [], clashes


@pytest.mark.parametrize("question", [
    "Why did Hanuman burn Lanka with his tail?",
    "What did Bhishma say to Yudhishthira on his bed of arrows?",
    "Which weapon did Karna use against Arjuna at Kurukshetra, a divyastra?",
    "How did Prahlad survive when Holika sat with him in the fire?",
])
def test_a_later_story_is_refused_plainly(searcher: Searcher, question: str) -> None:
    result = ask_alone(searcher, question)
    assert result.answer.lower().startswith("sorry, " + REFUSED), result.answer[:200]


def test_the_refusal_points_to_the_hymns_own_counterpart(searcher: Searcher) -> None:
    answer = ask_alone(searcher, "Tell me how Lord Rama defeated Ravana and came back to Ayodhya").answer
    assert answer.lower().startswith("sorry, " + REFUSED), answer[:200]
    assert re.search(r"RV 10\.93\.14", answer), answer[:300]  # the only Rāma the hymns name


@pytest.mark.parametrize("question", [
    "Is Hanuman mentioned anywhere in the Rigveda?",
    "Does Lanka appear in the Vedic hymns?",
])
def test_asking_whether_they_are_in_the_hymns_is_answered(searcher: Searcher, question: str) -> None:
    assert REFUSED not in ask_alone(searcher, question).answer.lower()


def test_the_lexicon_reads_them_whole() -> None:
    hits = Lexicon().analyse("Was the Pashupatastra given at Kailash?")
    assert len(hits.later_story) == 2, hits.later_story
