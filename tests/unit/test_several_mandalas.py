"""Questions that name several maṇḍalas, or one by its place ("the last maṇḍala"), get every count asked,
and a claim about several is checked against each (``factbook.targets.mandalas_of``)."""
from __future__ import annotations

import re

from pyapp.factbook.targets import mandalas_of
from reader_turns import ask_alone


def test_every_mandala_named_is_read_in_order() -> None:
    assert mandalas_of("verses in the second, the fourth and the last book?") == [2, 4, 10]
    assert mandalas_of("compare mandalas 3 and 9") == [3, 9]
    assert mandalas_of("the final mandala") == [10]
    assert mandalas_of("what is the last verse of the hymn") == []


def test_a_count_of_two_mandalas_answers_both(keyword_searcher) -> None:
    first = ask_alone(keyword_searcher, "how many verses are in book 2 and book 3?").answer.splitlines()[0]
    counts = re.findall(r"[Mm]aṇḍala (\d+) has ([\d,]+) verses", first)
    assert [m for m, _ in counts] == ["2", "3"] and all(int(n.replace(",", "")) > 100 for _, n in counts)


def test_a_claim_about_two_mandalas_is_checked_against_each(keyword_searcher) -> None:
    wrong = ask_alone(keyword_searcher, "is it true that mandala 2 and mandala 3 both have 62 hymns?").answer
    assert wrong.startswith("No — not 62")  # true of the third, not of the second
    right = ask_alone(keyword_searcher, "is it true there are 43 hymns in the second mandala?").answer
    assert right.startswith("Yes — ")


def test_a_verse_count_a_few_dozen_off_is_called_near_and_why(keyword_searcher) -> None:
    answer = ask_alone(keyword_searcher, "is it true the rigveda has 10600 vedic mantras").answer
    assert answer.startswith("Nearly — this edition counts") and "Vālakhilya" in answer.split(". ")[0] + answer
    far = ask_alone(keyword_searcher, "is it true the rigveda has 20000 verses").answer
    assert far.startswith("No — not 20,000")
