"""After an answer that found one verse, a follow-up that points at "the full verse", "that mantra" or "the whole
stanza" asks about that verse — not about its hymn, and not as a new search for the words "full verse". Real index,
no model."""
from __future__ import annotations

from typing import Any

import pytest

from reader_turns import ask, cited


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


@pytest.mark.parametrize("follow_up", [
    "what does the full verse mean?",
    "show me the whole mantra",
    "and who composed that verse?",
])
def test_the_verse_found_is_the_one_pointed_at(searcher: Any, follow_up: str) -> None:
    first = ask(searcher, "which verse says 'thou art the priest, the messenger of the gods'?")
    lead = cited(first)[0]
    result = ask(searcher, "which verse says 'thou art the priest, the messenger of the gods'?", follow_up)
    assert cited(result)[:1] == [lead], (lead, result.answer[:300])


def test_a_verse_named_in_the_follow_up_is_kept(searcher: Any) -> None:
    result = ask(searcher, "what does RV 1.1.1 say?", "what does the full verse of 1.1.2 mean?")
    assert cited(result)[:1] == ["1.1.2"], result.answer[:200]
