"""Retrieval metrics over verse references, with golds at verse, hymn or mandala level.

A result (always a verse "M.H.V") matches a gold when the gold is that verse, or a hymn ("M.H") or
mandala ("M") containing it. Per question, over the top k results:
* hit@k   1 if any result matches any gold, else 0;
* RR      1 / rank of the first matching result (0 if none) — averaged, this is MRR;
* recall@k  share of the golds found; a hymn or mandala gold counts as found when any verse
  inside it is among the results (so one hit covers it, as for a single verse gold).
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence

from pydantic import BaseModel


def _parts(ref: str) -> List[str]:
    return [part.strip() for part in ref.strip().split(".") if part.strip()]


def gold_matches(ref: str, gold: str) -> bool:
    """True if verse ``ref`` equals verse ``gold`` or lies inside hymn/mandala ``gold``."""
    gold_parts = _parts(gold)
    ref_parts = _parts(ref)
    if not gold_parts or len(gold_parts) > len(ref_parts):
        return False
    return ref_parts[: len(gold_parts)] == gold_parts


def first_match_rank(refs: Sequence[str], golds: Iterable[str], k: int) -> Optional[int]:
    """1-based rank of the first of the top-k ``refs`` that matches a gold, or ``None``."""
    golds = list(golds)
    for rank, ref in enumerate(refs[:k], start=1):
        if any(gold_matches(ref, gold) for gold in golds):
            return rank
    return None


def hit_at_k(refs: Sequence[str], golds: Iterable[str], k: int) -> float:
    return 0.0 if first_match_rank(refs, golds, k) is None else 1.0


def reciprocal_rank(refs: Sequence[str], golds: Iterable[str], k: int) -> float:
    rank = first_match_rank(refs, golds, k)
    return 0.0 if rank is None else 1.0 / rank


def recall_at_k(refs: Sequence[str], golds: Iterable[str], k: int) -> float:
    golds = list(golds)
    if not golds:
        return 0.0
    top = refs[:k]
    found = sum(1 for gold in golds if any(gold_matches(ref, gold) for ref in top))
    return found / len(golds)


class QuestionScore(BaseModel):
    """One question's outcome (kept for the readable table and for debugging misses)."""

    id: str
    kind: str
    question: str
    gold: List[str]
    refs: List[str]
    hit: float
    rr: float
    recall: float
    method: str = ""
    error: Optional[str] = None


def score_question(qid: str, kind: str, question: str, gold: List[str], refs: List[str], k: int,
                   method: str = "", error: Optional[str] = None) -> QuestionScore:
    return QuestionScore(
        id=qid, kind=kind, question=question, gold=gold, refs=list(refs[:k]),
        hit=hit_at_k(refs, gold, k), rr=reciprocal_rank(refs, gold, k), recall=recall_at_k(refs, gold, k),
        method=method, error=error,
    )


def _mean(values: List[float]) -> float:
    return round(sum(values) / len(values), 4) if values else 0.0


def summarise(scores: Sequence[QuestionScore], mode: str, k: int) -> Dict[str, object]:
    """The evaluation contract's JSON object: n, hit_at_k, mrr, recall_at_k, by_kind, mode, k."""
    by_kind: Dict[str, Dict[str, object]] = {}
    for kind in sorted({s.kind for s in scores}):
        rows = [s for s in scores if s.kind == kind]
        by_kind[kind] = {"n": len(rows), "hit_at_k": _mean([s.hit for s in rows]), "mrr": _mean([s.rr for s in rows])}
    return {
        "n": len(scores),
        "hit_at_k": _mean([s.hit for s in scores]),
        "mrr": _mean([s.rr for s in scores]),
        "recall_at_k": _mean([s.recall for s in scores]),
        "by_kind": by_kind,
        "mode": mode,
        "k": k,
    }
