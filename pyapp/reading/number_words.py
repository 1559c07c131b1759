"""References written in words: "the second verse of the fourteenth hymn of book four",
"hymn number eighty-eight of the first mandala" → (4, 14, 2), (1, 88).

Why: readers spell numbers out, and the check that an answer cites the passage the question names
(``pyapp.reading.asked``) must see those names too. Only what a unit word (verse/stanza/ṛc, hymn/
sūkta, book/maṇḍala) sits beside is read, so "two birds" or "the first light" are never references.
"""
from __future__ import annotations

import re
from typing import Dict, Optional, Tuple

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_ORD_UNITS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
              "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
              "eighteenth", "nineteenth"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_VALUE: Dict[str, int] = {w: i for i, w in enumerate(_UNITS)}
_VALUE.update({w: i for i, w in enumerate(_ORD_UNITS)})
_VALUE.update({w: 10 * i for i, w in enumerate(_TENS) if w})
_VALUE.update({w[:-1] + "ieth": 10 * i for i, w in enumerate(_TENS) if w})  # twentieth …
_VALUE.update({"hundred": 100, "hundredth": 100, "opening": 1, "last": -1})
_WORD = r"(?:" + "|".join(sorted(_VALUE, key=len, reverse=True)) + r"|\d+)"
_NUMBER = rf"(?:{_WORD}(?:[\s-]+(?:and\s+)?{_WORD})*)"
_UNIT = {"verse": 2, "stanza": 2, "rc": 2, "ṛc": 2, "hymn": 1, "sukta": 1, "sūkta": 1, "book": 0, "mandala": 0,
         "maṇḍala": 0}
_UNIT_WORD = r"(verse|stanza|ṛc|rc|hymn|sūkta|sukta|book|maṇḍala|mandala)s?"
_BEFORE = re.compile(rf"\b({_NUMBER})\s+{_UNIT_WORD}\b", re.I)  # "the fourteenth hymn"
_AFTER = re.compile(rf"\b{_UNIT_WORD}\s+(?:number\s+|no\.?\s+)?({_NUMBER})\b", re.I)  # "hymn fifty", "book four"


def value(words: str) -> Optional[int]:
    """ "forty-second" → 42, "one hundred and sixty-four" → 164, "12" → 12; None if not a number."""
    total, seen = 0, False
    for w in re.split(r"[\s-]+", words.lower()):
        if not w or w == "and":
            continue
        if w.isdigit():
            total, seen = total + int(w), True
        elif w in ("hundred", "hundredth"):
            total, seen = max(1, total) * 100, True
        elif w in _VALUE and _VALUE[w] >= 0:
            total, seen = total + _VALUE[w], True
        else:
            return None
    return total if seen and total > 0 else None


def worded_reference(text: str) -> Optional[Tuple[int, ...]]:
    """(maṇḍala, hymn[, verse]) when the text names a book and a hymn in words (or digits beside a
    unit word); None when it names less than a book and a hymn."""
    found: Dict[int, int] = {}
    for m in _BEFORE.finditer(text):
        n = value(m.group(1))
        if n is not None:
            found.setdefault(_UNIT[m.group(2).lower()], n)
    for m in _AFTER.finditer(text):
        n = value(m.group(2))
        if n is not None:
            found.setdefault(_UNIT[m.group(1).lower()], n)
    if 0 not in found or 1 not in found or not 1 <= found[0] <= 10:
        return None
    return (found[0], found[1]) + ((found[2],) if 2 in found else ())
