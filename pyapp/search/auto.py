"""Choose a search method per query, and say why (shown to the reader as ``method_reason``).

Rules, first match wins:
1. a verse/hymn reference (``RV 10.129``, ``mandala 3 hymn 62 verse 10``) → ``bookContext``;
2. Sanskrit text: Devanagari, or words that are Sanskrit word forms of the corpus rather than
   English (IAST with diacritics or plain ASCII: ``agnim ile``, ``savitur varenyam``) → hybrid
   weighted towards keywords (the sentence encoder is English-only);
3. anything else (English) → hybrid with equal weights.
Without vectors (a build that skipped them) hybrid degrades to keyword search and says so.
"""
from __future__ import annotations

from typing import Optional

from pydantic import BaseModel

from pyapp.search.hybrid import ENGLISH_WEIGHTS, SANSKRIT_WEIGHTS, FusionWeights
from pyapp.search.refs import ParsedReference, parse_reference
from pyapp.search.text import TextIndex


class AutoChoice(BaseModel):
    """The method ``auto`` picked, the fusion weights, and a one-line reason."""

    method: str  # "bookContext" | "hybrid" | "text"
    reason: str
    language: str = "english"  # "english" | "sanskrit"
    weights: FusionWeights = ENGLISH_WEIGHTS
    reference: Optional[ParsedReference] = None


def choose(query: str, text_index: TextIndex, vectors_available: bool = True) -> AutoChoice:
    """Apply the rules above to one query."""
    parsed = parse_reference(query)
    if parsed is not None:
        return AutoChoice(method="bookContext", reason=f"the query names a reference ({parsed.ref})",
                          reference=parsed)
    language, why = text_index.detect_language(query)
    if language == "sanskrit":
        if not vectors_available:
            return AutoChoice(method="text", language=language,
                              reason=f"Sanskrit text ({why}): keyword search on the Sanskrit")
        return AutoChoice(
            method="hybrid", language=language, weights=SANSKRIT_WEIGHTS,
            reason=f"Sanskrit text ({why}): keyword search on the Sanskrit, weighted over meaning search",
        )
    if not vectors_available:
        return AutoChoice(method="text", language=language,
                          reason="English question: keyword search (meaning vectors are not available)")
    return AutoChoice(method="hybrid", language=language,
                      reason="English question: keyword and meaning search fused by rank")
