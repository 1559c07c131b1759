"""Reciprocal rank fusion of keyword and meaning rankings, at verse and at hymn level.

RRF (Cormack, Clarke & Büttcher, SIGIR 2009): ``score(d) = Σ_i w_i / (k + rank_i(d))``. Why rank
fusion and not a weighted sum of scores: BM25 scores are unbounded and depend on query length,
cosines sit in a narrow band; ranks need no calibration. k = 60 is the paper's constant; 30–100
were checked on the dev set (hit@10 identical, MRR within noise), so the standard value stays.

Rankings fused for English questions: verses by BM25, verses by cosine, and *hymns* by BM25 (a
verse inherits its hymn's rank; a hymn ranking by cosine exists too but added nothing measurable
on the dev set, so its weight is 0). Why hymns: questions are mostly about a hymn ("the gambler's
lament", "Indra slays Vritra") whose words are spread over many verses, none of which alone
outranks a stray verse elsewhere that happens to repeat the query words. A hymn's score is the
sum of its verses' scores over ``n ** 0.75`` (between a sum, which favours long hymns, and a
mean, which favours one-verse flukes). Weights let ``auto`` lean on keywords for Sanskrit
queries, where the English sentence encoder knows little.
"""
from __future__ import annotations

from typing import Optional, Sequence, Tuple

import numpy as np
from pydantic import BaseModel

RRF_K = 60
HYMN_ALPHA = 0.75
FUSION_DEPTH = 200  # ranks beyond this add < 1/(60+200) each: not worth sorting


class FusionWeights(BaseModel):
    """Weight of each ranking in the fusion (0 switches one off), and how to fuse.

    ``fusion="score"`` (used for Sanskrit) adds ``text / best text + vector * cosine`` instead of
    ranks: a pasted or typed verse gives a keyword score far above the rest, and that gap — which
    rank fusion throws away — is the strongest evidence there is; cosines only break near-ties.
    """

    fusion: str = "rrf"  # "rrf" | "score"
    text: float = 1.0
    vector: float = 1.0
    hymn_text: float = 1.5
    hymn_vector: float = 0.0

    def total(self) -> float:
        return sum(w for w in (self.text, self.vector, self.hymn_text, self.hymn_vector) if w > 0)


ENGLISH_WEIGHTS = FusionWeights()
SANSKRIT_WEIGHTS = FusionWeights(fusion="score", text=1.0, vector=0.2, hymn_text=0.0, hymn_vector=0.0)


class HymnLayout:
    """Which verses form which hymn: the index rows are in canonical order, so hymns are runs."""

    def __init__(self, hymn_keys: Sequence[Tuple[int, int]]) -> None:
        n = len(hymn_keys)
        self._set([i for i in range(n) if i == 0 or hymn_keys[i] != hymn_keys[i - 1]], n)

    @classmethod
    def from_starts(cls, starts: Sequence[int], n: int) -> "HymnLayout":
        """From the rows where each hymn begins (``RigvedaIndex.hymn_starts``), without the verses."""
        layout = cls.__new__(cls)
        layout._set(starts, n)
        return layout

    def _set(self, starts: Sequence[int], n: int) -> None:
        self.starts = np.asarray(starts, dtype=np.intp)
        self.counts = np.diff(np.append(self.starts, n))
        self.hymn_of = np.repeat(np.arange(len(starts)), self.counts)
        self.norm = self.counts.astype(np.float64) ** HYMN_ALPHA
        self.n_docs = n

    def aggregate(self, scores: np.ndarray) -> np.ndarray:
        """One score per hymn: the sum of its verses' scores / n ** 0.75."""
        return np.add.reduceat(scores, self.starts) / self.norm

    def inherited(self, hymn_scores: np.ndarray, weight: float, k: int, minimum: Optional[float]) -> np.ndarray:
        """Per verse: ``weight / (k + rank of its hymn)`` (0 for hymns outside the top ``FUSION_DEPTH``)."""
        order = top_indices(hymn_scores, FUSION_DEPTH, minimum)
        per_hymn = np.zeros(hymn_scores.shape[0], dtype=np.float64)
        per_hymn[order] = weight / (k + np.arange(1, order.size + 1, dtype=np.float64))
        return per_hymn[self.hymn_of]


def top_indices(scores: np.ndarray, depth: int, minimum: Optional[float] = None) -> np.ndarray:
    """Indices of the ``depth`` best scores, best first (ties: lower index first).

    ``minimum``: drop documents scoring at or below it (BM25 zero = no query term present).
    """
    n = scores.shape[0]
    depth = min(depth, n)
    if depth <= 0:
        return np.zeros(0, dtype=np.intp)
    if depth < n:
        part = np.argpartition(-scores, depth - 1)[:depth]
    else:
        part = np.arange(n)
    order = part[np.lexsort((part, -scores[part]))]
    if minimum is not None:
        order = order[scores[order] > minimum]
    return order


def rrf(rankings: Sequence[Tuple[np.ndarray, float]], n_docs: int, k: int = RRF_K) -> np.ndarray:
    """Fuse rankings (each an index array, best first, with a weight) into one score per document."""
    fused = np.zeros(n_docs, dtype=np.float64)
    for order, weight in rankings:
        if weight <= 0 or order.size == 0:
            continue
        fused[order] += weight / (k + np.arange(1, order.size + 1, dtype=np.float64))
    return fused


def rrf_ceiling(weights: Sequence[float], k: int = RRF_K) -> float:
    """The fused score of a document ranked first everywhere (to scale relevance into 0–1)."""
    return sum(w for w in weights if w > 0) / (k + 1)


def fuse(text_scores: np.ndarray, vector_scores: Optional[np.ndarray], layout: HymnLayout,
         weights: FusionWeights, k: int = RRF_K) -> Tuple[np.ndarray, float]:
    """Fused score per verse and the score of a verse ranked first everywhere (for 0–1 relevance)."""
    if vector_scores is None:
        weights = weights.copy(update={"vector": 0.0, "hymn_vector": 0.0})
    if weights.fusion == "score":
        best = float(text_scores.max()) if text_scores.size else 0.0
        fused = weights.text * (text_scores / best if best > 0 else np.zeros_like(text_scores))
        if vector_scores is not None and weights.vector > 0:
            fused = fused + weights.vector * np.clip(vector_scores, 0.0, 1.0)
        return fused, weights.text + max(weights.vector, 0.0)
    rankings = [(top_indices(text_scores, FUSION_DEPTH, minimum=0.0), weights.text)]
    if vector_scores is not None:
        rankings.append((top_indices(vector_scores, FUSION_DEPTH), weights.vector))
    fused = rrf(rankings, layout.n_docs, k)
    if weights.hymn_text > 0:
        fused += layout.inherited(layout.aggregate(text_scores), weights.hymn_text, k, minimum=0.0)
    if weights.hymn_vector > 0 and vector_scores is not None:
        fused += layout.inherited(layout.aggregate(vector_scores), weights.hymn_vector, k, minimum=None)
    return fused, weights.total() / (k + 1)
