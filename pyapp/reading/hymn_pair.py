"""Two hymns named and asked to be compared: "How does 1.32 differ from 2.12?", "Compare the Nāsadīya with the
Hiraṇyagarbha hymn", "Vasiṣṭha's plea in 7.86 and Śunaḥśepa's 1.25: what do they share?".

Why a reader of its own: a comparison names two passages, and every single-passage reader took the first one
and answered about it alone (the second hymn never cited). Here the hymns are read as references ("1.32",
a verse named means verses compared, not hymns) and as names of the named-passages table (``pyapp.reading.named``: a name that stands
for one hymn), in the order the question gives them; a word of comparison (compare, contrast, differ, in
common, similar, versus …) must be there. Two different hymns → the pair; anything else → None.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

_COMPARE = re.compile(r"\b(?:compar\w*|contrast\w*|differ\w*|distinguish\w*|versus|vs\.?|in common|similar\w*|"
                      r"alike|resembl\w*|parallel\w*)", re.I)
_REFERENCE = re.compile(r"(?<![\d.])(?:RV\s*)?(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?(?![.\d]*\d)", re.I)


def hymns_named(question: str) -> Optional[List[str]]:
    """The hymns the question names ("M.H"), in the order it names them, each once; None when it names a
    verse by reference ("3.62.10"): two verses compared are a comparison of wording
    (``pyapp.agents.compare_wording``), not of hymns."""
    from pyapp.reading.named import find_named, passage_refs

    found: List[Tuple[int, str]] = []
    for m in _REFERENCE.finditer(question):
        if m.group(3) is not None:
            return None
        if 1 <= int(m.group(1)) <= 10 and int(m.group(2)) >= 1:
            found.append((m.start(), f"{int(m.group(1))}.{int(m.group(2))}"))
    for match in find_named(question):
        refs = passage_refs(match.passage)
        if any(r.count(".") == 2 for r in refs):
            continue  # a named verse ("Viṣṇu's three strides") stands beside the hymns, and names none of them
        hymns = {".".join(r.split(".")[:2]) for r in refs}
        if len(hymns) == 1:  # a name that stands for one hymn (a group, "the Varuṇa hymns", names none)
            found.append((question.find(match.text), hymns.pop()))
    return list(dict.fromkeys(h for _, h in sorted(found)))


def read(question: str) -> Optional[Tuple[str, str]]:
    """The two hymns to compare, or None (no word of comparison, or not exactly two hymns named)."""
    if not _COMPARE.search(question):
        return None
    hymns = hymns_named(question)
    return (hymns[0], hymns[1]) if hymns is not None and len(hymns) == 2 else None


__all__ = ["hymns_named", "read"]
