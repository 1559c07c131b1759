"""Which verse of a named hymn speaks of something, asked outright or as a follow-up about "it" / "that hymn": the
verse itself first, quoted, not the hymn's overview. Real index, no model."""
from __future__ import annotations

from typing import Any

import pytest

from reader_turns import ask


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def test_the_verse_of_a_named_hymn_about_a_thing_opens_the_answer(searcher: Any) -> None:
    result = ask(searcher, "which verse of the purusha sukta mentions the moon?")
    assert result.answer.startswith("RV 10.90.13 is the verse"), result.answer[:200]
    assert "the moon" in result.answer.split("\n")[0]


@pytest.mark.parametrize("first,then,verse", [
    ("what is the nasadiya sukta?", "and the verse in that hymn about desire?", "10.129.4"),
    ("tell me about the gambler's hymn", "which verse in it talks about his wife?", "10.34.2"),
])
def test_a_follow_up_asks_the_verse_of_the_hymn_just_named(searcher: Any, first: str, then: str, verse: str) -> None:
    result = ask(searcher, first, then)
    opening = result.answer.split("\n")[0]
    assert f"RV {verse}" in opening and "Its key verses" not in opening, opening[:200]


def test_a_thing_no_verse_of_the_hymn_names_is_left_to_the_other_readers(searcher: Any) -> None:
    from pyapp.reading import verse_in_passage

    index = searcher.index
    assert verse_in_passage.answer("which verse of the purusha sukta mentions the ocean liner?", index) is None
    assert verse_in_passage.answer("what is the purusha sukta about?", index) is None


def test_a_follow_up_about_a_hymn_asked_by_number(searcher: Any) -> None:
    result = ask(searcher, "show me hymn 10.117", "which verse in it mentions the plough?")
    assert result.answer.startswith("RV 10.117.7 is the verse"), result.answer[:200]


def test_a_rewritten_follow_up_that_puts_the_hymn_for_that(searcher: Any) -> None:
    # the conversation's rewrite reads "the verse that … in it" as "the verse RV 10.90 mentions …"
    from pyapp.reading import verse_in_passage

    found = verse_in_passage.answer("the verse RV 10.90 mentions the horses and the cattle in it?", searcher.index)
    assert found is not None and found.refs[0] == "10.90.10", found
    assert "the horses and the cattle" in found.text
