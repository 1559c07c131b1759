"""The conversation so far, as the classifier needs it (tolerant of the shapes the UI sends)."""
from __future__ import annotations

from typing import Any, Iterable, List

from pydantic import Field

from pyapp.citations import find_citations
from pyapp.schemas import AnswerClaim, WireModel


class HistoryTurn(WireModel):
    question: str
    answer: str = ""
    standalone_question: str = ""
    kind: str = "answer"
    citations: List[str] = Field(default_factory=list)
    claims: List[AnswerClaim] = Field(default_factory=list)  # the answer's statements and their verses

    @property
    def subject(self) -> str:
        return self.standalone_question or self.question


def parse_history(raw: Iterable[Any]) -> List[HistoryTurn]:
    """Accepts TurnResult dicts (``question``/``answer``/``standaloneQuestion``/``kind``) or chat
    messages (``role``/``content``, user then assistant); anything else is skipped, not fatal."""
    turns: List[HistoryTurn] = []
    pending_user: str = ""
    for item in list(raw or [])[-20:]:
        if isinstance(item, HistoryTurn):
            turns.append(item)
            continue
        if not isinstance(item, dict):
            continue
        if "question" in item:
            try:
                turns.append(HistoryTurn(
                    question=str(item.get("question") or "")[:2000],
                    answer=str(item.get("answer") or "")[:4000],
                    standalone_question=str(item.get("standaloneQuestion") or item.get("standalone_question") or "")[:2000],
                    kind=str(item.get("kind") or "answer"),
                    citations=[str(c) for c in (item.get("citations") or []) if isinstance(c, str)][:20],
                    claims=_claims(item.get("claims")),
                ))
            except Exception:
                continue
        elif item.get("role") == "user":
            pending_user = str(item.get("content") or "")[:2000]
        elif item.get("role") == "assistant" and pending_user:
            turns.append(HistoryTurn(question=pending_user, answer=str(item.get("content") or "")[:4000]))
            pending_user = ""
    for turn in turns:  # chat messages carry no citation list: the answer text has them
        if not turn.citations and turn.answer:
            turn.citations = find_citations(turn.answer)[:20]
    return [t for t in turns if t.question.strip()]


def _claims(raw: Any) -> List[AnswerClaim]:
    """The claims a TurnResult carried (dicts from the UI); malformed ones are skipped."""
    out: List[AnswerClaim] = []
    for item in (raw if isinstance(raw, list) else [])[:12]:
        if isinstance(item, AnswerClaim):
            out.append(item)
        elif isinstance(item, dict) and isinstance(item.get("text"), str):
            refs = [str(r) for r in (item.get("refs") or []) if isinstance(r, str)][:10]
            out.append(AnswerClaim(text=item["text"][:1000], refs=refs))
    return out
