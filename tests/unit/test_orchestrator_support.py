"""Test doubles shared by the agent/orchestrator tests: a fake searcher over a few made-up verses.

The verses are invented English/IAST-like strings (not corpus text), so control-flow tests do
not depend on the real index; integration tests use the ``index_dir`` fixture instead.
"""
from __future__ import annotations

import asyncio
from typing import Callable, Dict, List, Optional, Sequence

from pyapp.engines.scripted import ScriptedEngine
from pyapp.orchestrator import Orchestrator
from pyapp.schemas import SearchResponse, SearchResult, StatusEvent


def verse(ref: str, translation: str, relevance: float = 0.9, iast: str = "", addressee: str = "Agni",
          deity: str = "agniḥ") -> SearchResult:
    return SearchResult(title=f"RV {ref}", content="अ", relevance=relevance, source="test", book_context=ref,
                        translation=translation, iast=iast or f"agním īḷe {ref.replace('.', ' ')} devám",
                        addressee=addressee, deity=deity, rishi="a seer", meter="gāyatrī")


FIRE = [
    verse("1.1.1", "I praise Agni the fire priest, god of the sacrifice, giver of wealth.", 1.0,
          "agním īḷe puróhitaṃ yajñásya devám ṛtvíjam"),
    verse("1.1.2", "Agni the fire is praised by the ancient seers and by the new ones.", 0.95,
          "agníḥ pū́rvebhir ṛ́ṣibhir ī́ḍyo nū́tanair utá"),
    verse("1.1.3", "Through Agni the fire a man gains wealth and heroes day by day.", 0.9,
          "agnínā rayím aśnavat póṣam evá divé-dive"),
    verse("1.1.4", "Agni, the sacrifice you encompass with fire goes to the gods.", 0.88,
          "ágne yáṃ yajñám adhvaráṃ viśvátaḥ paribhū́r ási"),
    verse("1.1.5", "Agni the fire priest, wise and true, comes with the gods.", 0.85,
          "agnír hótā kavíkratuḥ satyáś citráśravastamaḥ"),
    verse("1.1.6", "Whatever good you do for the worshipper, Agni, fire, is truly yours.", 0.8,
          "yád aṅgá dāśúṣe tvám ágne bhadráṃ kariṣyási"),
]

JUNK = [
    verse("4.4.4", "The horses run along the road with dust behind them.", 0.3, "áśvāso dhū́litā pathā́",
          addressee="the horse", deity="aśvaḥ"),
    verse("4.4.5", "Cattle graze by the river at evening.", 0.25, "gā́vo nadyā̀ sāyám", addressee="the cows",
          deity="gāvaḥ"),
]


class FakeSearcher:
    """``search`` answers from a dict term → results (or a callable); every call is recorded."""

    def __init__(self, table: Optional[Dict[str, Sequence[SearchResult]]] = None,
                 default: Optional[Callable[[str], SearchResponse]] = None) -> None:
        self.table = {k.lower(): list(v) for k, v in (table or {}).items()}
        self.default = default
        self.calls: List[str] = []

    def search(self, query: str, method: str = "auto", k: int = 10) -> SearchResponse:
        self.calls.append(query)
        if query.lower() in self.table:
            return SearchResponse(results=self.table[query.lower()][:k], search_type="hybrid", search_term=query,
                                  method_reason="fake table")
        if self.default is not None:
            return self.default(query)
        return SearchResponse(results=[], search_type="hybrid", search_term=query)


def run_turn(orch: Orchestrator, question: str, history: Optional[list] = None):
    """Run one turn; returns (TurnResult, status events, streamed tokens)."""
    events: List[StatusEvent] = []
    tokens: List[str] = []
    result = asyncio.run(orch.run_turn(question, history or [], events.append, tokens.append))
    return result, events, tokens


def test_fake_searcher_records_calls() -> None:
    searcher = FakeSearcher({"fire": FIRE})
    assert len(searcher.search("fire").results) == len(FIRE)
    assert searcher.search("nothing").results == []
    assert searcher.calls == ["fire", "nothing"]


def test_scripted_engine_is_llm() -> None:
    assert ScriptedEngine().is_llm
