"""A Sanskrit phrase of the hymns quoted inside a question in another language: « ni vartadhvam », (dveṣo yuyota),
'svahakriti'.

Why: a German, French or Russian question is searched in that language's translation, whose translator never wrote
the Sanskrit; its words were "unknown", so the question was refused as not about the RigVeda, or answered with the
translation's nearest line. A phrase whose every word is a word form of the hymns is the reader pointing at the
text itself: the question is then read through its English reading, where the Sanskrit stays as typed and the
quotation readers find it. Which words are the hymns' is the caller's test (``hymn_word``: the text index's forms),
so this module holds no vocabulary.
"""
from __future__ import annotations

import re
from typing import Callable, List, Set

from pyapp.reading.quoted_line import spans

__all__ = ["bracketed_words", "hymn_quote"]

_PARENS = re.compile(r"\(([^()]{3,120})\)")
_LETTERS = re.compile(r"[^\W\d_]+")
MIN_LETTERS = 6  # one word of the phrase this long at least: "ni", "ca", "tam" alone are words of many languages


def _candidates(text: str) -> List[str]:
    """Quoted spans, and bracketed ones of two words or more: one bracketed word ("les Pères (pitaras)") is the
    reader's gloss of a term the question asks about in its own words, which the translation's search reads."""
    out = list(spans(text))
    out += [m.group(1).strip() for m in _PARENS.finditer(text or "")
            if m.group(1).strip() not in out and len(_LETTERS.findall(m.group(1))) >= 2]
    return out


def hymn_quote(text: str, hymn_word: Callable[[str], bool]) -> str:
    """The first quoted or bracketed phrase of ``text`` whose every word ``hymn_word`` accepts (one of them at least
    ``MIN_LETTERS`` long), or ""."""
    for span in _candidates(text):
        words = _LETTERS.findall(span)
        if 0 < len(words) <= 8 and any(len(w) >= MIN_LETTERS for w in words) and all(hymn_word(w) for w in words):
            return span
    return ""


def bracketed_words(text: str) -> Set[str]:
    """The words a question writes inside brackets, lower case: the reader's own gloss of a term ("les Pères
    (pitaras)"), which names no subject of its own."""
    return {w.lower() for inner in re.findall(r"\(([^()]*)\)", text or "") for w in _LETTERS.findall(inner)}
