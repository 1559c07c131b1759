"""Read "is that word used in another hymn too?", "where else does it occur?": a follow-up that takes a
word from the conversation and asks for it outside the hymn being studied.

Why its own reader: the question's own words ("another", "elsewhere", "mentioned") are what a search
would match, and the word asked about is often only pointed at ("that verb") or is a Sanskrit word the
translation never uses (Griffith's "fig-tree" for *pippala*). The conversation holds both: the hymn
being studied (the one its answers cited most, a hymn the reader typed counting double) and the word —
the question's, else the last question's — that occurs in that hymn's Sanskrit. The answer
(``pyapp.agents.elsewhere``) lists the verses outside that hymn whose Sanskrit has the word.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, List, Optional, Sequence

from pyapp.reading.references import ReferenceTask
from pyapp.reading.words import fold

__all__ = ["asks", "read", "word_key"]

_ASKS = re.compile(r"\b(?:another|other|different|further|more)\s+(?:\w+\s+)?(?:hymns?|verses?|places?|mandalas?|books?|"
                   r"suktas?|passages?)\b|\belsewhere\b|\bwhere else\b|\banywhere else\b|\boutside (?:this|that|the) hymn\b")
_REF = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?:\.\d{1,3})?")
_STOP = set("""what which where when does another other hymns hymn verse verses used uses occur occurs appear appears
mentioned mention named name word words that this there their also elsewhere else anywhere outside rigveda verb noun
same found mean means meaning show tell about does have with from into only more further different places place
passages passage book books mandala mandalas sukta suktas strides stride""".split())


def asks(question: str) -> bool:
    return bool(_ASKS.search(fold(question)))


def word_key(word: str) -> str:
    """A word's folded stem for the Sanskrit: diacritics and a final vowel dropped ("rātrī" → "ratr")."""
    key = re.sub(r"[^a-z]", "", fold(word))
    return key[:-1] if len(key) > 4 and key[-1] in "aeiou" else key


def _hymn(history: Sequence[Any]) -> Optional[str]:
    counts: Counter = Counter()
    for turn in history:
        for ref in getattr(turn, "citations", None) or []:
            parts = str(ref).split(".")
            if len(parts) >= 2:
                counts[".".join(parts[:2])] += 1
        for m in _REF.finditer(getattr(turn, "question", "") or ""):
            counts[f"{m.group(1)}.{m.group(2)}"] += 5
    return counts.most_common(1)[0][0] if counts else None


def _candidates(text: str) -> List[str]:
    return [w for w in re.findall(r"[^\W\d_]{4,}", text) if fold(w) not in _STOP]


def read(question: str, history: Sequence[Any], index: Any) -> Optional[ReferenceTask]:
    """An ``elsewhere`` task (``topics``: the word, ``refs``: the hymn it is asked outside of), or ``None``."""
    if not history or index is None or not asks(question):
        return None
    hymn = _hymn(history)
    if hymn is None:
        return None
    from pyapp.diacritics import strip_vedic_accents

    m, h = (int(x) for x in hymn.split("."))
    sanskrit = " ".join(fold(strip_vedic_accents(v.roman or "")) for v in getattr(index, "verses", [])
                        if v.mandala == m and v.hymn == h)
    if not sanskrit:
        return None
    last = getattr(history[-1], "question", "") or ""
    for text in (question, last):
        for word in _candidates(text):
            key = word_key(word)
            if len(key) >= 4 and re.search(rf"\b{re.escape(key)}", sanskrit):
                return ReferenceTask("elsewhere", topics=[word], refs=[hymn], quote=question)
    return None
