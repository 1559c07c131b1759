"""Is a Sanskrit query a quotation of this verse, and how much of it?

Why letters and not words: readers write quotations with the words joined as the saṃhitā joins
them ("tatsaviturvareṇyaṃ"), split as the padapāṭha splits them, or anywhere in between, and in
any romanisation. Folding every word with :func:`fold_sanskrit` and removing the spaces gives one
string per text whatever the splitting; a quotation is exact when the query's string occurs in
the verse's, and otherwise scores the share of its letter 4-grams the verse has (sandhi changes
letters only at word joins, so a true quotation keeps most of them).
"""
from __future__ import annotations

import re
from typing import List, Optional, Pattern, Sequence

from pyapp.search.translit import deva_to_iast, fold_sanskrit, has_devanagari, sanskrit_words

_DOUBLE = re.compile(r"([a-z])\1+")
_WORDS = re.compile(r"[\s|\-/\\.,;:!?()\[\]{}\"“”‘’«»]+")

EXACT = 1.0
GRAM = 4


def joined(text: str) -> str:
    """All folded Sanskrit keys of ``text`` run together (script, accents, spacing ignored)."""
    return _DOUBLE.sub(r"\1", "".join(sanskrit_words(text)))  # "āsīn no" joined is "āsīnno"


def quotation_part(text: str) -> str:
    """"नासदासीन्नो सदासीत् — what does this mean?" → the Devanagari words only."""
    if has_devanagari(text):
        return " ".join(re.findall("[\u0900-\u097f]+", text))
    # a romanised line set in quotation marks inside an English question: the marks say where it is
    marked = [m for m in re.findall(r"[“\"«]([^”\"»]{6,}?)[”\"»]", text) if len(m.split()) >= 2]
    return " ".join(marked) if marked else text


def _grams(text: str) -> List[str]:
    return [text[i:i + GRAM] for i in range(max(0, len(text) - GRAM + 1))]


def _sandhi_pattern(query: str) -> Optional[Pattern[str]]:
    """The quotation with its pausa forms opened to their sandhi forms: a final visarga written by
    the reader ("viśvataḥ", "vishvatah") may stand as -o, -r, -s or nothing in the verse."""
    text = deva_to_iast(query) if has_devanagari(query) else query
    parts: List[str] = []
    for raw in _WORDS.split(text):
        key = fold_sanskrit(raw)
        if not key:
            continue
        if raw.lower().endswith(("ḥ", "h")) and not key.endswith("h"):
            if key.endswith("a"):
                parts.append(re.escape(key[:-1]) + "(?:a|o|as|ah)")
            else:
                parts.append(re.escape(key) + "(?:r|s|h)?")
        else:
            parts.append(re.escape(key))
    return re.compile("".join(parts)) if parts else None


def coverage(query: str, verse_text: str) -> float:
    """1.0 when the verse contains the query verbatim (after folding, sandhi at word ends allowed);
    else the share of its 4-grams found in the verse, at most 0.95 (never "exact" unless it is).
    In a question that mixes scripts, the Devanagari part is the quotation."""
    query = quotation_part(query)
    q = joined(query)
    if len(q) < GRAM:
        return 0.0
    v = joined(verse_text)
    if q in v:
        return EXACT
    pattern = _sandhi_pattern(query)
    if pattern is not None and pattern.search(v):
        return EXACT
    grams = _grams(q)
    have = set(_grams(v))
    return round(min(0.95, sum(1 for g in grams if g in have) / len(grams)), 4)


def rerank(query: str, texts: Sequence[str], scores: Sequence[float]) -> List[int]:
    """Positions of ``texts`` ordered so that fuller quotations come first; ties keep ``scores``."""
    cover = [coverage(query, t) for t in texts]
    return sorted(range(len(texts)), key=lambda i: (-(cover[i] >= EXACT), -round(cover[i], 1), -scores[i], i))
