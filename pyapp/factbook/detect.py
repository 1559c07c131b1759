"""Which kind of fact a question asks (:func:`detect_fact`), and what an "extreme" question asks
for (:func:`_extreme_request`: the longest hymn, a hymn of only one verse, the maṇḍala with the
most hymns).

Why regexes only: detection must be cheap and must not need the index; a detected kind may still get
no answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from pyapp.factbook.about import _reworded
from pyapp.factbook.patterns import (
    _HYMN, _MANDALA, _RE_DEITY, _RE_FAMILY, _RE_FIRST_LAST, _RE_HYMN_COUNT, _RE_LIST, _RE_LIST_STRONG,
    _RE_METRE, _RE_SEER, _RE_SEER_PERSON, _RE_VERSE_COUNT, _TOPIC_VERBS, _VERSE, _has_filter_words, _q,
)

_SUPERLATIVES = {"longest": "max", "biggest": "max", "largest": "max", "lengthiest": "max",
                 "shortest": "min", "smallest": "min", "briefest": "min", "tiniest": "min"}
_MOST = {"most": "max", "maximum": "max", "highest": "max", "fewest": "min", "least": "min", "minimum": "min",
         "lowest": "min"}
_COMPARE = {"only": "eq", "just": "eq", "exactly": "eq", "precisely": "eq", "more than": "gt", "over": "gt",
            "at least": "ge", "fewer than": "lt", "less than": "lt", "under": "lt", "at most": "le",
            "no more than": "le"}
_HOW_MANY = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
             "a single": 1, "single": 1}
_RE_SUPERLATIVE = re.compile(rf"\b({'|'.join(_SUPERLATIVES)})\b")
_RE_MOST = re.compile(rf"\b({'|'.join(_MOST)})\s+(?:number of\s+)?({_VERSE}|{_HYMN})\b")
_RE_HOW_MANY_VERSES = re.compile(
    rf"\b(?:with|of|having|has|have|contains?|containing|that (?:has|have)|consisting of)\s+"
    rf"(?:({'|'.join(sorted(_COMPARE, key=len, reverse=True))})\s+)?"
    rf"({'|'.join(sorted(_HOW_MANY, key=len, reverse=True))}|\d{{1,3}})\s+{_VERSE}\b|"
    rf"\b({'|'.join(sorted(_HOW_MANY, key=len, reverse=True))}|\d{{1,3}})[- ](?:verse|stanza|rc|rk)d?\s+{_HYMN}\b")


# "Why is the longest hymn addressed to Soma?", "What does the shortest hymn say?": about the hymn, not its length
_RE_NOT_EXTREME = re.compile(r"^(?:why|how (?!many|long)|explain|describe)\b|\b(?:about|say|says|said|describe\w*|"
                             r"mention\w*|talk\w*|speak\w*|explain\w*|mean\w*|teach\w*|depict\w*|portray\w*)\b")


@dataclass
class _Extreme:
    mode: str  # max | min | eq | gt | ge | lt | le
    unit: str  # hymn | mandala
    number: int = 0  # for a comparison
    by: str = "verses"  # what maṇḍalas are ranked by


def _extreme_request(question: str) -> Optional[_Extreme]:
    """"the longest hymn" (max), "the shortest hymn in maṇḍala 10" (min), "a hymn with only one
    verse" (eq 1), "hymns of more than 40 verses" (gt 40), "Which maṇḍala has the most hymns?"."""
    q = _q(question)
    has_hymn = re.search(rf"\b{_HYMN}\b", q)
    has_book = re.search(rf"\b{_MANDALA}\b", q)
    if not (has_hymn or has_book) or _RE_NOT_EXTREME.search(q):
        return None
    unit = "hymn" if has_hymn and not re.search(rf"\b(?:which|what) {_MANDALA}\b", q) else "mandala"
    sup = _RE_SUPERLATIVE.search(q)
    if sup:
        return _Extreme(_SUPERLATIVES[sup.group(1)], unit)
    most = _RE_MOST.search(q)
    if most and (unit == "mandala" or re.search(rf"\b(?:which|what) {_HYMN}\b|\b{_HYMN} (?:with|has|having)\b", q)):
        by = "hymns" if re.fullmatch(_HYMN, most.group(2)) else "verses"
        if unit == "hymn" and by == "hymns":
            return None
        return _Extreme(_MOST[most.group(1)], unit, by=by)
    count = _RE_HOW_MANY_VERSES.search(q)
    if count and has_hymn:
        word = count.group(2) or count.group(3)
        number = int(word) if word.isdigit() else _HOW_MANY[word]
        return _Extreme(_COMPARE.get(count.group(1) or "", "eq"), "hymn", number)
    return None


def detect_fact(question: str) -> Optional[str]:
    """The kind of fact asked for ("seer", "deity", "metre", "verse_count", "hymn_count", "list",
    "first_last", "family_books", "extreme"), or ``None``. Regexes only: it does not look at the
    index, so a detected kind may still get no answer (e.g. "Who composed it?" with no hymn to refer
    to). "extreme": the longest/shortest hymn or maṇḍala, hymns of a given number of verses; "Who
    composed the longest hymn?" is a seer question about that hymn."""
    if not question or not question.strip():
        return None
    question = _reworded(question)[0]
    q = _q(question)
    if _extreme_request(question) and not (
            _RE_SEER.search(q) or _RE_METRE.search(q) or _RE_FIRST_LAST.search(q) or
            re.search(r"\bto whom\b|\b(?:which|what) (?:god|gods|deity|deities|goddess)\b|\bdeity\b|\baddressee\b", q)):
        return "extreme"
    if _RE_FAMILY.search(q):
        return "family_books"
    if (_RE_FIRST_LAST.search(q) and not (_RE_SEER.search(q) or _RE_METRE.search(q) or _RE_DEITY.search(q))
            and not re.search(r"\bhow many\b", q)):
        return "first_last"
    if _RE_VERSE_COUNT.search(q) and not re.search(rf"\bhow many {_HYMN}\b", q):
        return "verse_count"
    if _RE_LIST_STRONG.search(q) or (_RE_LIST.search(q) and not _TOPIC_VERBS.search(q)):
        if _RE_HYMN_COUNT.search(q) and not _has_filter_words(q):
            return "hymn_count"
        return "list"
    if _RE_HYMN_COUNT.search(q):
        return "hymn_count"
    if _RE_METRE.search(q):
        return "metre"
    if _RE_SEER.search(q):
        if _RE_SEER_PERSON.search(q) and not re.search(r"\d|\b(?:compos|wrote|writ)", q):
            return None
        return "seer"
    if _RE_DEITY.search(q):
        return "deity"
    return None
