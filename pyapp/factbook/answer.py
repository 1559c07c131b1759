"""What a fact answer is: :class:`FactAnswer` and the limits on how many refs it names.

Why a module of its own: every answer module builds a ``FactAnswer``, and the caller
(:mod:`pyapp.orchestrator`, via :mod:`pyapp.facts`) reads nothing else; keeping it at the bottom of the
module graph lets every other module import it without a cycle.
"""
from __future__ import annotations

from typing import List

from pyapp.schemas import WireModel

LIST_LIMIT = 12  # hymn refs named in a list answer
REFS_LIMIT = 10  # evidence cards


class FactAnswer(WireModel):
    """A fact stated by code. ``text``: 1–3 sentences, the first states the fact; verses are cited
    as [RV M.H.V] and hymns named as RV M.H. ``refs``: verse refs "M.H.V" for evidence cards (≤ 10).
    ``subject_hymns``: hymn refs "M.H" the fact is about, for a follow-up ("who composed it?")."""

    kind: str  # seer | deity | metre | verse_count | hymn_count | list | first_last | family_books | extreme | not_found
    text: str
    refs: List[str]
    subject_hymns: List[str] = []
