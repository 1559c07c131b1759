"""Searcher agent: one search over the static index (no LLM).

Why an agent around ``pyapp.search.Searcher``: the orchestrator sees the same input/output
contract as for every other step, and a failing search (bad reference, broken asset) comes
back as ``success=False`` with a readable message instead of an exception.
"""
from __future__ import annotations

import asyncio
from typing import Any, List, Optional

from pydantic import Field

from pyapp.schemas import AgentOutput, SearchResult, SearchType, WireModel


class SearcherInput(WireModel):
    user_query: str
    search_suggestion: Optional[str] = None
    method: str = "auto"
    k: int = Field(10, ge=1, le=50)


class SearcherOutput(AgentOutput):
    search_results: List[SearchResult] = Field(default_factory=list)
    search_type: SearchType = "hybrid"
    search_term: str = ""
    method_reason: str = ""
    notice: str = ""  # told to the reader with the answer (see SearchResponse.notice)


async def run(inp: SearcherInput, searcher: Any) -> SearcherOutput:
    term = (inp.search_suggestion or inp.user_query).strip()
    await asyncio.sleep(0)  # let the UI paint the "running" badge before the CPU-bound search
    try:
        response = searcher.search(term, method=inp.method, k=inp.k)
    except Exception as exc:
        return SearcherOutput(success=False, error=f"search failed: {type(exc).__name__}: {exc}"[:300],
                              search_term=term)
    return SearcherOutput(
        success=bool(getattr(response, "success", False)),
        error=getattr(response, "error", None),
        search_results=list(getattr(response, "results", []) or []),
        search_type=getattr(response, "search_type", "hybrid") or "hybrid",
        search_term=getattr(response, "search_term", "") or term,
        method_reason=getattr(response, "method_reason", "") or "",
        notice=getattr(response, "notice", "") or "",
    )
