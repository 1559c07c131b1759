"""A verse that says something lay hidden does not make its subject the one who hid it (roles.undergone_only)."""
from __future__ import annotations

from pyapp.agents.roles import undergone_only
from pyapp.agents.statement import _stems_of
from pyapp.search import Searcher
from reader_turns import ask


def test_a_state_participle_is_not_a_deed() -> None:
    hide = frozenset(_stems_of("hid") | _stems_of("hidden"))
    assert undergone_only("Indra found the Sun lying hidden in the darkness", hide)
    assert not undergone_only("the Panis hid the cows in the mountain", hide)
    assert not undergone_only("the cows were hidden by the Panis", hide)


def test_who_hid_is_not_answered_by_the_finder(searcher: Searcher) -> None:
    result = ask(searcher, "which god hid the sun in the darkness?")
    assert not result.answer.startswith("Indra hid"), result.answer[:200]
