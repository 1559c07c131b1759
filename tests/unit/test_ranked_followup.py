"""A follow-up asking for another place in a ranking the last answer gave ("and the second?", "y el tercero?",
"दूसरे नंबर पर कौन?") is answered from that ranking, whichever counting reader gave it. Our own wordings."""
from __future__ import annotations

import pytest

from pyapp.reading import ranked_followup
from reader_turns import ask, cited


@pytest.mark.parametrize("follow_up, place_word, expected_hymn", [
    ("ok and who is second?", "Second", "1.1"),
    ("¿y quién es el tercero?", "Third", "1.91"),
    ("और दूसरा कौन है?", "Second", "1.1"),
])
def test_a_place_in_the_gods_ranking(searcher, follow_up: str, place_word: str, expected_hymn: str) -> None:
    result = ask(searcher, "which deity has the largest number of hymns?", follow_up)
    assert result.answer.startswith(place_word), result.answer[:120]
    assert any(ref.startswith(expected_hymn + ".") for ref in cited(result)), cited(result)


def test_a_place_in_a_list_that_starts_at_the_second(searcher) -> None:
    result = ask(searcher, "what is the longest hymn of the rigveda?", "and which is second longest?")
    first_place = ask(searcher, "what is the longest hymn of the rigveda?")
    assert result.answer.startswith("Second is RV ")
    assert cited(result)[0] not in cited(first_place)[:1]


def test_no_ranking_no_place() -> None:
    assert not ranked_followup.asks("who is second?", "Indra is the warrior king of the gods [RV 1.32.1].")
    assert ranked_followup.ranking("Indra (259 hymns, e.g. RV 1.4), Agni (205 hymns, e.g. RV 1.1) and Soma "
                                   "(120 hymns, e.g. RV 1.91).")[1][0] == "Agni"
