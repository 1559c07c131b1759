"""Verses a question in another language names by number: "Vergleiche … Übersetzung von RV 1.32.1",
"Compare la traduction de Renou … pour RV 1.113.1".

Why: a German, French or Russian question is classified and searched by its translation's words
(``pyapp.reading.foreign``), and a request to compare translations uses words no translation does
("vergleiche", "traduction", a translator's name), so the verse it names was never looked at: the
question was searched for its other words, or refused. A dotted reference reads the same in every
language, so it is read here and the verse it names comes first. Only the dotted form is read
(``RV 1.32.1``, ``1.32.1``, ``RV 10.129``): worded references belong to each language's own reader.
"""
from __future__ import annotations

import re
from typing import Any, List

_DOTTED = re.compile(r"(?<![\d.])(?:(?:rv|ṛv|rig\s*-?\s*veda|ṛgveda)\s*)?(\d{1,2})\s*[.,]\s*(\d{1,3})"
                     r"(?:\s*[.,]\s*(\d{1,3}))?(?![\d])", re.I)
_PREFIX = re.compile(r"(?:rv|ṛv|rig\s*-?\s*veda|ṛgveda)\s*$", re.I)
MAX_VERSES = 5


def referenced(question: str, index: Any) -> List[str]:
    """The refs ("1.32.1") of the verses the question names by number, in order (a hymn named with "RV":
    its first verses); [] when it names none that exists."""
    if index is None or not hasattr(index, "by_ref"):
        return []
    out: List[str] = []
    for match in _DOTTED.finditer(question):
        mandala, hymn, verse = match.group(1), match.group(2), match.group(3)
        if verse is not None:
            if index.by_ref(f"{mandala}.{hymn}.{verse}") is not None:
                out.append(f"{mandala}.{hymn}.{verse}")
        elif _PREFIX.search(question[:match.start(1)]) and hasattr(index, "hymn"):
            out += [v.ref for v in index.hymn(int(mandala), int(hymn))[:MAX_VERSES]]
    return list(dict.fromkeys(out))[:MAX_VERSES]


__all__ = ["referenced"]
