"""Read "compare the wording of 1.164.31 and 10.177.3" / "are 1.23.23 and 10.9.9 the same?": two verses.

Why its own reader: the reference reader takes the first verse a question names and shows it; a
reader who names two verses and asks how they compare wants both, and what their texts share.
Bloomfield counted more than 2,400 repeated lines in the hymns: "is this verse also elsewhere?" is a
real study question.

What is read: two different verses that exist, written as numbers ("RV 3.62.9", "10.187.4") or one of
them named ("the Gāyatrī"), and a cue that they are set side by side ("compare", "differ", "same",
"identical", "alike", "word for word", "vs", "both"). In a language code cannot read, two verse
numbers and nothing else the app reads are taken as the same ask.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pyapp.reading.references import ReferenceTask, as_span, named_span
from pyapp.reading.words import fold

_CUE = re.compile(r"\b(?:compar\w*|differ\w*|distinguish\w*|same|identical|alike|similar\w*|repeat\w*|word[- ]for[- ]word|"
                  r"verbatim|vs\.?|versus|both|contrast\w*|parallel\w*|overlap\w*|share)\b|तुलना|अंतर|समान|एक\s*ही")
# a question with none of these is not English: two verse numbers in it are read as "compare these"
ENGLISH_WORDS = frozenset("""the a an is are was do does did what which how why who and or of in to with than from
show tell give me please verse verses hymn hymns mean means say says about this that these those""".split())
_NUMBERED = re.compile(r"(?<![\d.])(\d{1,2})\s*[.:]\s*(\d{1,3})\s*[.:]\s*(\d{1,3})(?![\d]|[.:]\d)")


def verses_named(text: str) -> List[Tuple[int, int, int]]:
    """The verses written as numbers, in order, each once."""
    out: List[Tuple[int, int, int]] = []
    for m in _NUMBERED.finditer(fold(text)):
        point = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if point not in out:
            out.append(point)
    return out


def read(text: str, table: Any) -> Optional[ReferenceTask]:
    """A ``compare_wording`` task (``refs`` the two verses), or ``None``."""
    points = verses_named(text)
    if len(points) == 1:
        named = named_span(text)  # "5.82.1 beside the Gāyatrī"
        if named is not None and len(named.start) == 3 and tuple(named.start) != points[0]:
            points.append(tuple(named.start))
    if len(points) != 2 or not _asks_compare(text):
        return None
    try:
        if not all(table.exists(p) for p in points):
            return None
    except Exception:
        return None
    refs = [".".join(map(str, p)) for p in points]
    first = as_span(points[0])
    return ReferenceTask("compare_wording", span=first, source=first, refs=refs, quote=text)


def _asks_compare(text: str) -> bool:
    if _CUE.search(fold(text)):
        return True
    words = [w for w in re.findall(r"[^\W\d_]+", fold(text)) if not w.startswith(("rig", "rv", "veda"))]
    return bool(words) and not any(w in ENGLISH_WORDS for w in words)  # two verses, words code cannot read


__all__ = ["ENGLISH_WORDS", "read", "verses_named"]
