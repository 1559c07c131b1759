"""The helpers the cue-table readers share (``topic_words``: cue words, Sanskrit pattern rank, verses per
hymn, the best entry) and the one reader of maṇḍala numbers the hymn-table query uses. Wordings are ours."""
from __future__ import annotations

import re

import pytest

from pyapp.reading import hymn_query, mandala_theme, situation, topic_words
from pyapp.reading.topic_words import best_entry, cue_pattern, pattern_rank, per_hymn


def test_a_cue_is_a_whole_word() -> None:
    ship = cue_pattern("ship")
    assert ship.search("did they sail a ship") and not ship.search("did they worship fire")
    assert not cue_pattern("milk").search("a milk-white horse")


def test_the_first_matching_pattern_ranks_the_verse() -> None:
    patterns = [re.compile(r"\bgh[ṛr]t"), re.compile(r"sarpi")]
    assert pattern_rank(patterns, "ghṛtena vāvṛdhe") == 0
    assert pattern_rank(patterns, "sarpiṣā") == 1
    assert pattern_rank(patterns, "agnim īḷe") is None


def test_at_most_so_many_verses_of_one_hymn() -> None:
    refs = ["1.1.1", "1.1.2", "1.1.3", "2.3.4", "1.1.5", "3.4.5", "4.4.4"]
    assert per_hymn(refs, limit=4, most=2) == ["1.1.1", "1.1.2", "2.3.4", "3.4.5"]
    assert per_hymn(refs, limit=2, most=1) == ["1.1.1", "2.3.4"]


def test_the_best_entry_wins_and_the_earlier_on_a_tie() -> None:
    entries = ["a", "bb", "cc", "d"]
    assert best_entry(entries, len) == "bb"
    assert best_entry(entries, lambda e: (len(e), 0)) == "bb"
    assert best_entry(entries, lambda e: 0) is None
    assert best_entry(entries, lambda e: None) is None


def test_the_three_tables_pick_through_the_shared_helper() -> None:
    assert topic_words.match("Was barley eaten, or only milk offered to the gods?") is not None
    theme = mandala_theme._theme_of("list all verses about cows in book 4")
    assert theme is not None and "cow" in theme.label.lower()
    found = situation.match("We are moving into a new house next week, is there a hymn we could recite?")
    assert found is not None and "hous" in (found.label + found.id).lower()


@pytest.mark.parametrize("question, mandala", [
    ("what is the longest hymn of book 7", 7),
    ("the shortest hymn in the seventh book", 7),
    ("longest hymn of the 4th mandala", 4),
    ("shortest hymn of book vii", 7),
    ("longest hymn of mandala seven", 7),
    ("longest hymn of book 12", 0),  # there are ten
    ("the longest hymn of all", 0),
])
def test_the_hymn_query_reads_the_mandala_as_the_factbook_does(question: str, mandala: int) -> None:
    assert hymn_query.mandala_of(question) == mandala
