""""The first four hymns", "the last three verses of 10.129": a count of hymns or verses from an edge, read as
the range of references it names, so the reference tasks answer it as they answer "hymns 1.1 to 1.4".

Why: the reference reader knows the first or the last hymn (one passage) and ranges written in numbers; a
count from an edge is the same range in words, and it was read as the first hymn alone ("Which gods do the
first four hymns address?" got RV 1.1). The scope is the whole RigVeda, a maṇḍala ("of book 7", "of mandala
7") or a hymn ("of hymn 10.129", "of 10.129"); the counts come from the hymn table, so "the last two hymns of
book 3" is 3.61–3.62 whatever the book's length.
"""
from __future__ import annotations

import re
from typing import Any, Optional, Tuple

from pyapp.reading.number_words import value

_COUNT = r"(?P<count>\d{1,3}|[a-z]+(?:-[a-z]+)?)"
_EDGE = re.compile(
    r"\b(?:the\s+)?(?P<edge>first|last|opening|closing|final)\s+" + _COUNT + r"\s+(?P<unit>hymns|suktas|sūktas|verses|mantras|stanzas|riks|ṛcas)\b"
    r"(?P<scope>\s+(?:of|in|from)\s+(?:the\s+)?(?:"
    r"(?:rig\s?-?veda|rgveda|ṛgveda|rv)\b(?!\s*\d)"
    r"|(?:book|mandala|maṇḍala|mandal)\s+(?P<mandala>\d{1,2})\b"
    r"|(?:hymn\s+|sukta\s+|sūkta\s+|rv\s*)?(?P<hymn>\d{1,2}\.\d{1,3})\b(?!\.\d)))?",
    re.I)


def _range(edge: str, count: int, unit: str, mandala: Optional[int], hymn: Optional[Tuple[int, int]],
           table: Any) -> Optional[str]:
    first = edge.lower() in ("first", "opening")
    if unit.lower() in ("hymns", "suktas", "sūktas"):
        book = (mandala or 1) if first else (mandala or 10)
        if hymn is not None:
            return None  # "the first two hymns of hymn 1.1": no such range
        total = table.hymns(book)
        if not total or count > total:
            return None
        start, end = (1, count) if first else (total - count + 1, total)
        return f"hymns {book}.{start} to {book}.{end}"
    if hymn is None:
        if mandala is not None or first is False:
            return None  # "the last three verses of book 7": a verse count needs its hymn
        hymn = (1, 1)  # "the first three verses of the Rigveda"
    total = table.verses(*hymn)
    if not total or count > total:
        return None
    start, end = (1, count) if first else (total - count + 1, total)
    return f"verses {hymn[0]}.{hymn[1]}.{start} to {hymn[0]}.{hymn[1]}.{end}"


def rewrite(text: str, table: Any) -> Optional[str]:
    """``text`` with its first count of hymns or verses from an edge written as the range it names, or None
    when it has none (or the count is one, or the range does not exist)."""
    match = _EDGE.search(text)
    if match is None:
        return None
    count = value(match.group("count"))
    if count is None or count < 2:
        return None
    mandala = int(match.group("mandala")) if match.group("mandala") else None
    hymn = tuple(int(p) for p in match.group("hymn").split(".")) if match.group("hymn") else None
    try:
        spans = _range(match.group("edge"), count, match.group("unit"), mandala, hymn, table)  # type: ignore[arg-type]
    except Exception:
        return None
    if spans is None:
        return None
    return f"{text[:match.start()]}{spans}{text[match.end():]}"


__all__ = ["rewrite"]
