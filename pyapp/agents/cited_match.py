"""Whether the verses an answer cites are about what the question names and says: for the answer's
confidence (``agents.confidence``).

Why: on sets of kinds no one had seen, the answers scored as high as right ones while wrong were fluent,
well-quoted passages about something else — a title read as the wrong hymn, a name answered with a
look-alike name, a god the cited verses never name. The evaluator's text score sees quotations, not whether
they are the ones asked about. This reading compares the question's own names with the cited verses' text,
the same way for every kind of question, and never names a particular question or hymn. (Also tried in
session 28 and not kept: the question's Sanskrit words looked for in the verses' IAST, and the asked-for words
in the first cited verse alone: neither ranked answers better on the sets left out.)
"""
from __future__ import annotations

import re
from typing import Sequence

from pyapp.agents.text import fold, words
from pyapp.schemas import SearchResult


def _key(name: str) -> str:
    """One key for a name however it is spelled: "Uṣas", "Ushas", "Usha" → "usa"."""
    key = fold(name).replace("sh", "s").replace("ch", "c").replace("ri", "r")
    return re.sub(r"([a-z])\1", r"\1", key)[:4]


def _verse_text(verse: SearchResult) -> str:
    return " ".join(x for x in (verse.translation, verse.deity, verse.addressee, verse.title, verse.rishi, verse.iast)
                    if x)


def names_in_verses(names: Sequence[str], verses: Sequence[SearchResult]) -> float:
    """Share of the question's names (gods, seers, persons) that the cited verses name (in the translation,
    the deity, the addressee, the seer, the title or the IAST); 1.0 when the question names none or
    nothing is cited (a refusal's features are read elsewhere)."""
    if not names or not verses:
        return 1.0
    said = {_key(w) for v in verses for w in words(_verse_text(v)) if len(w) >= 3}
    asked = [n for n in dict.fromkeys(names) if n.strip()]
    found = [n for n in asked if any(_key(w) in said for w in words(n) if len(w) >= 3)]
    return round(len(found) / len(asked), 4) if asked else 1.0


__all__ = ["names_in_verses"]
