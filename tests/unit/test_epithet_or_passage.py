"""A named passage beats the epithet table's Sanskrit form of a name it contains (pyapp.reading.epithets)."""
from __future__ import annotations

from pyapp.search import Searcher
from reader_turns import ask, cited


def test_a_named_dialogue_is_answered_by_its_hymn_not_by_every_verse_naming_its_speaker(searcher: Searcher) -> None:
    result = ask(searcher, "in which sukta is the conversation of Sarama and the Panis?")
    assert cited(result)[:1] and cited(result)[0].startswith("10.108."), result.answer[:200]


def test_where_a_name_occurs_still_lists_its_verses(searcher: Searcher) -> None:
    result = ask(searcher, "where does the rigveda mention Sarama?")
    assert len({r.rsplit(".", 1)[0] for r in cited(result)}) > 1, result.answer[:200]


def test_where_a_story_happens_is_not_where_a_name_is_used() -> None:
    from pyapp.reading import epithets

    assert epithets.find("where did sarama run to when indra sent her out?") is None
    assert epithets.find("where is sarama mentioned in the hymns?") is not None
