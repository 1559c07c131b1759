"""The word tables of reader operations and tasks (``pyapp/data/reading_words.json``), matched in text.

Why a table and not one regex per wording: "the verse after 1.1.5", "el verso siguiente a 1.1.5" and
"следующий стих после 1.1.5" are one operation; the reader's words for it are data, so adding a
language or a synonym is a line in the JSON file, not new code. Matching is on folded text (lower
case, Latin diacritics off, Devanagari digits as ASCII) and on whole words; an entry ending in ``*``
matches any ending ("следующ*" → "следующий", "следующая").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, Iterable, List, Optional, Pattern, Tuple

from pyapp import data_tables
from pyapp.diacritics import strip_latin_marks

DATA_PACKAGE = "pyapp"
DATA_PATH = "data/reading_words.json"
_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
_DASHES = str.maketrans({"–": "-", "—": "-", "‒": "-", "−": "-", "’": "'", "‘": "'"})


def fold(text: str) -> str:
    """Lower case, Latin diacritics off (ṛ → r, ā → a), Devanagari digits as ASCII, dashes as "-".

    Only marks on Latin letters are dropped: a Devanagari vowel sign is part of the word."""
    return re.sub(r"\s+", " ", strip_latin_marks((text or "").translate(_DIGITS).translate(_DASHES)).lower()).strip()


@dataclass(frozen=True)
class Hit:
    """One table entry found in folded text: its category and character span."""

    category: str
    start: int
    end: int
    text: str


@lru_cache(maxsize=1)
def tables() -> Dict[str, object]:
    return data_tables.table(DATA_PATH)  # a missing table raises: only a broken package gets here


def entries(category: str) -> List[str]:
    """Every language's entries of one category, folded, longest first."""
    table = tables().get(category) or {}
    found = {fold(word) for words in table.values() for word in words} if isinstance(table, dict) else set()
    return sorted((w for w in found if w), key=lambda w: (-len(w), w))


def _entry_pattern(entry: str) -> str:
    star = entry.endswith("*")
    body = re.escape(entry.rstrip("*")).replace(r"\ ", r"\s+")
    tail = r"[^\W\d_]*" if star else ""
    return r"(?<!\w)" + body + tail + r"(?![^\W_])"


@lru_cache(maxsize=64)
def pattern(category: str) -> Pattern[str]:
    return re.compile("|".join(_entry_pattern(e) for e in entries(category)) or r"(?!x)x")


def find(text: str, categories: Iterable[str]) -> List[Hit]:
    """Non-overlapping hits of ``categories`` in folded ``text``: the longest match wins a place
    ("prima di" is "before", not "first"), then the earliest."""
    candidates: List[Tuple[int, int, str]] = []
    for category in categories:
        for match in pattern(category).finditer(text):
            if match.end() > match.start():
                candidates.append((match.start(), match.end(), category))
    candidates.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
    taken: List[Hit] = []
    for start, end, category in candidates:
        if all(end <= h.start or start >= h.end for h in taken):
            taken.append(Hit(category, start, end, text[start:end]))
    return sorted(taken, key=lambda h: h.start)


def first_hit(text: str, category: str) -> Optional[Hit]:
    hits = find(text, [category])
    return hits[0] if hits else None
