"""Read "what is Indra compared to when he drinks soma?": a simile asked about one god or thing.

Why its own reader: the words of such a question ("compared", "animal", "thirsty") are not the words
of the verses, which say "like a stag athirst"; searching them finds verses *about* the god, not the
ones that liken him to something. What the answer needs is the subject (the first name the question
reader found: a god, a seer, a named thing) and the image words, so that the verses of that subject
whose translation says "like a …" / "as a …" can be ranked by those words.

Read only when the question asks for a simile: "compared to", "compares X to", "likened to", "simile",
or "like a" in a question that asks for the verse ("which verse", "where", "what verse"). Not
"compare Indra and Agni" (two gods side by side) nor "why is X compared to Y" (an image explained), nor an imperative "Compare …".
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

from pyapp.reading.references import ReferenceTask
from pyapp.reading.words import fold

# "what is X compared to", "compares Agni to a horse", "likened to": the "to" of a simile
_ASKS = re.compile(r"\b(?:compared?|compares|likened?|likens)\s+(?:[\w'’-]+\s+){0,4}?to\b|\bsimiles?\b|\bupama\b")
_WHY = re.compile(r"\bwhy\b|\bhow come\b|^\s*compare\b")
MAX_WORDS = 30  # a long post holds many sentences; its question is read elsewhere (``forum``)
_LIKE = re.compile(r"\blike\s+(?:an?|the)\b")
_WHERE = re.compile(r"\b(?:which|what)\s+(?:rig\s?-?veda\s+|rv\s+)?(?:verse|hymn|mantra)s?\b|\bwhere\b")
_TWO = re.compile(r"\bcompar\w*\s+(?:\w+\s+){0,3}(?:and|with|vs\.?|versus)\s")


def read(text: str, names: Sequence[str]) -> Optional[ReferenceTask]:
    """A ``simile`` task (``topics``: the subject first), or ``None``."""
    folded = fold(text)
    if not names or len(folded.split()) > MAX_WORDS:
        return None
    asks = bool(_ASKS.search(folded)) or (bool(_LIKE.search(folded)) and bool(_WHERE.search(folded)))
    if not asks or _WHY.search(folded) or (_TWO.search(folded) and len(names) >= 2 and not _LIKE.search(folded)):
        return None  # "compare Indra and Agni": two gods side by side, not a simile
    return ReferenceTask("simile", topics=list(names), quote=text)


__all__ = ["read"]
