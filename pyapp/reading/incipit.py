"""A verse named by its first words: "the verse that begins 'upem asrikshi vajayur vacasyam'",
"who composed the stanza opening pra samraje brihad arca gabhiram", "'सं पूषन् विदुषा नय' — इस मंत्र
के ऋषि" → RV 2.35.1, RV 5.85.1, RV 6.54.1.

Why fuzzy prefix matching of folded sounds: readers type the opening words from memory, in any
romanization (ś/ṣ/sh/s, ṛ/ri, aspirated or not, v/w, doubled letters or not, words run together
as sandhi writes them or apart) or in Devanagari. Folding both sides to one key (``key``) and
comparing the reader's words, spaces removed, with the same
length of each verse's opening makes all of those the same string; a small edit distance is
allowed for the rest. Any run of three or more words of the question is tried, quoted or not,
so "'…' — who is its seer?" and "who is the rishi of svadush kilayam …" are both read; an English
run never matches a verse's opening closely enough to be taken for one.
"""
from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from typing import Any, Dict, List, Optional, Tuple

from pyapp.search.translit import deva_to_iast, has_devanagari

MIN_KEY = 11  # folded letters a quotation must have (three short words)
MIN_SCORE = 0.8
OPENING = 40  # folded letters of each verse's opening kept for matching
_ASPIRATE = re.compile(r"(?<=[kgcjtdpb])h")
_LETTERS = re.compile(r"[^a-z]+")
_DOUBLE = re.compile(r"(.)\1+")
_NASAL_BEFORE = re.compile(r"m(?=[^aeiouy])")
_WORD = re.compile(r"[^\s\"“”‘’«»'—–\-|,;:!?()]+")
_CACHE: Dict[int, Dict[str, List[Tuple[str, str]]]] = {}


def key(text: str) -> str:
    """One folded string for a run of Sanskrit words, in any script or romanization: marks off,
    ś/ṣ/sh → s, ṛ/ri → r, aspirates and doubled letters single, w → v, ee/oo → i/u, no spaces.
    Cheap on purpose (one pass of regular expressions): every verse's opening is folded once."""
    if has_devanagari(text):
        text = deva_to_iast(text)
    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).replace("~", "m")
    text = text.replace("ee", "i").replace("oo", "u").replace("w", "v")
    text = _LETTERS.sub("", text)
    text = text.replace("sh", "s").replace("ri", "r").replace("ch", "c")
    text = _NASAL_BEFORE.sub("n", text)  # śaṃ no typed "shanno": a nasal before a consonant is one sound
    return _DOUBLE.sub(r"\1", _ASPIRATE.sub("", text))


def _openings(index: Any) -> Dict[str, List[Tuple[str, str]]]:
    """Each verse's folded opening, bucketed by its first three letters (built once per index)."""
    found = _CACHE.get(id(index))
    if found is not None:
        return found
    buckets: Dict[str, List[Tuple[str, str]]] = {}
    for verse in getattr(index, "verses", []) or []:
        opening = key((verse.roman or "")[:OPENING + 24])[:OPENING]
        if opening:
            buckets.setdefault(opening[:3], []).append((opening, verse.ref))
    _CACHE.clear()
    _CACHE[id(index)] = buckets
    return buckets


def _score(query: str, opening: str) -> float:
    return SequenceMatcher(None, query, opening[:len(query) + 1], autojunk=False).ratio()


def find_incipit(text: str, index: Any, min_words: int = 3) -> Optional[Tuple[str, float, str]]:
    """(ref, score, the words read) of the verse whose opening the question quotes, or None."""
    words = [(m.start(), m.end()) for m in _WORD.finditer(text or "")]
    if len(words) < min_words:
        return None
    buckets = _openings(index)
    best: Optional[Tuple[float, str, str]] = None
    for i in range(len(words)):
        for j in range(i + min_words, min(len(words), i + 8) + 1):
            phrase = text[words[i][0]:words[j - 1][1]]
            q = key(phrase)
            if len(q) < MIN_KEY:
                continue
            for opening, ref in buckets.get(q[:3], ()):
                score = _score(q, opening)
                rank = score + 0.001 * len(q)
                if score >= MIN_SCORE and (best is None or rank > best[0]):
                    best = (rank, ref, phrase)
    if best is None:
        return None
    rank, ref, phrase = best
    return ref, round(rank - 0.001 * len(key(phrase)), 3), phrase
