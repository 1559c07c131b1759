"""Read "what is Indra compared to when he drinks soma?": a simile asked about one god or thing.

Why its own reader: the words of such a question ("compared", "animal", "thirsty") are not the words
of the verses, which say "like a stag athirst"; searching them finds verses *about* the god, not the
ones that liken him to something. What the answer needs is the subject (the first name the question
reader found: a god, a seer, a named thing) and the image words, so that the verses of that subject
whose translation says "like a …" / "as a …" can be ranked by those words.

Read only when the question asks for a simile: "compared to", "compares X to", "likened to", "simile",
"what images / metaphors describe X", or "like a" in a question that asks for the verse ("which verse",
"where", "what verse"). Not "compare Indra and Agni" (two gods side by side) nor "why is X compared to Y"
(an image explained), nor an imperative "Compare …", nor what an image means.

The other way round, "what is compared to a falcon?" / "which god is likened to a lion?" names the image and
no subject: the task's ``topics`` are empty and its ``claim`` holds the image, so the answer lists the
subjects of the verses that make that comparison.
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
_IMAGES = re.compile(r"\b(?:images?|imagery|metaphors?|comparisons?)\s+(?:[\w'’-]+\s+){0,3}?(?:describes?|describing|for|of|"
                     r"used|portray\w*)\b")
_MEANING = re.compile(r"\bmean(?:s|ing)?\b|\bsymboli[sz]\w*\b|\bexplain\w*\b")
# "what is compared to a falcon?", "which god is likened to a lion": the image, no subject
_REVERSE = re.compile(r"\b(?:what|which|who|whom)\b(?:\s+[\w'’-]+){0,3}?\s+(?:is|are|was|were|gets?|being)\s+"
                      r"(?:often\s+|ever\s+|also\s+)?(?:compared|likened)\s+(?:with|to)\s+(?:an?\s+|the\s+)?([a-z][\w-]+)")
_GENERIC = {"god", "gods", "goddess", "deity", "deities", "thing", "things", "one", "who", "what", "which"}
_TWO = re.compile(r"\bcompar\w*\s+(?:\w+\s+){0,3}(?:and|with|vs\.?|versus)\s")


def read(text: str, names: Sequence[str]) -> Optional[ReferenceTask]:
    """A ``simile`` task (``topics``: the subject first), or ``None``."""
    folded = fold(text)
    if len(folded.split()) > MAX_WORDS:
        return None
    reverse = _REVERSE.search(folded)
    if reverse and not _WHY.search(folded):
        image = reverse.group(1)
        subjects = [n for n in names if fold(n)[:4] != image[:4]]
        if not subjects:  # the names are the image itself ("compared to Soma"), not a subject
            return ReferenceTask("simile", topics=[], quote=text, claim=image)
    if not names:
        return None
    images = bool(_IMAGES.search(folded)) and not _MEANING.search(folded)
    asks = bool(_ASKS.search(folded)) or images or (bool(_LIKE.search(folded)) and bool(_WHERE.search(folded)))
    if not asks or _WHY.search(folded) or (_TWO.search(folded) and len(names) >= 2 and not _LIKE.search(folded)):
        return None  # "compare Indra and Agni": two gods side by side, not a simile
    return ReferenceTask("simile", topics=list(names), quote=text)


__all__ = ["read"]
