"""Several questions typed as one ("सबसे प्राचीन वेद कौनसा है? इसमें कितने मण्डल है? किस सूक्त में …?").

Why: readers (students above all, copying a worksheet) put two or three questions in one message. Read as
one question, their words mix: one part's topic wins, or none does, and the other parts go unanswered.
Each part ends in its own question mark, in any script, so the message is split there and each part is
answered in turn as the next turn of a conversation (a later part's "it" / "इसमें" then means what the
earlier part was about). A part must have two words or more ("Why?" or "And 1.1.2?" is a follow-up of the
sentence before, not a question of its own), and at most ``MOST`` parts are answered.
"""
from __future__ import annotations

import re
from typing import List

from pyapp.reading.script import words_of

MOST = 4
_END = re.compile(r"(?<=[?？])\s+")


def questions(text: str) -> List[str]:
    """The questions a message asks, in order; one item (the message) when it asks one."""
    message = " ".join(str(text or "").split())
    parts = [p.strip() for p in _END.split(message) if p.strip()]
    if len(parts) < 2 or len(parts) > MOST or not all(p.endswith(("?", "？")) for p in parts):
        return [message] if message else []
    if any(len([w for w in words_of(p) if len(w) >= 2]) < 2 for p in parts):
        return [message]
    return parts


__all__ = ["MOST", "questions"]
