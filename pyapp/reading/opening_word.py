"""The first or last word of the RigVeda, of a maṇḍala, a hymn or a verse: "What is the first word of the
Rigveda?", "the opening word of book 7", "the last word of RV 10.191" (issue 19, set 18: a quiz blank
"The first word of the Rigveda is ____" reads as this question through :mod:`pyapp.reading.blank`).

Why a reader of its own: the answer is a position in the text, not a topic, so a search for "first" and
"word" finds verses that say "first" (RV 10.109.1 "These first …"). The word is read from the index in
the text's order: the stretch asked for (the whole text, a maṇḍala, a hymn, a verse), its first or last
verse, and that verse's first or last word in the Saṃhitā (accented) and in the padapāṭha (its dictionary
shape, sandhi undone), with the verse quoted so the reader sees it in place.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pyapp.diacritics import strip_marks
from pyapp.factbook.answer import FactAnswer

__all__ = ["answer", "asks_word_at"]

_ASK = re.compile(r"\b(?P<end>first|opening|initial|very first|last|final|closing)\s+(?:sanskrit\s+)?"
                  r"(?P<unit>word)\b(?!\s+(?:of\s+)?(?:praise|order|command|god|agni|indra|soma))", re.I)
# a syllable's accent ("Is hotā accented on the first syllable?") is the accent reader's, not a position
_NOT_HERE = re.compile(r"\b(?:accent\w*|udātta|udatta|svarita|syllable)", re.I)
_WHOLE = re.compile(r"\b(?:rig\s*-?\s*veda|rg\s*-?\s*veda|ṛg\s*-?\s*veda|ṛgveda|rigved|the\s+veda|the\s+text|"
                    r"the\s+samhita|the\s+saṃhitā|the\s+collection)\b", re.I)
_BOOK = re.compile(r"\b(?:mandala|maṇḍala|book)\s+(\d{1,2})\b", re.I)
_REF = re.compile(r"\b(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?\b")


def asks_word_at(question: str) -> Optional[Tuple[bool, str]]:
    """(first?, the stretch: "" for the whole text, "7" a maṇḍala, "7.1" a hymn, "7.1.1" a verse) or ``None``."""
    asked = _ASK.search(question or "")
    if asked is None or _NOT_HERE.search(question):
        return None
    first = asked.group("end").lower() not in ("last", "final", "closing")
    tail = question[asked.end():]
    ref = _REF.search(tail)
    if ref is not None:
        return first, ".".join(g for g in ref.groups() if g)
    book = _BOOK.search(tail)
    if book is not None:
        return first, book.group(1)
    if _WHOLE.search(tail):
        return first, ""
    return None


def _verses_of(index: Any, stretch: str) -> List[Any]:
    parts = stretch.split(".") if stretch else []
    return [v for v in index.verses
            if [str(v.mandala), str(v.hymn), str(v.verse)][:len(parts)] == parts]


def _word(line: str, first: bool) -> str:
    words = [w for w in re.split(r"[\s|।॥]+", line or "") if re.search(r"\w", w) and w != "iti"]
    return (words[0] if first else words[-1]) if words else ""


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The first (or last) word of the stretch the question names, with its verse quoted; else ``None``."""
    asked = asks_word_at(question)
    if asked is None or index is None:
        return None
    first, stretch = asked
    verses = _verses_of(index, stretch)
    if not verses:
        return None
    verse = verses[0] if first else verses[-1]
    said = _word(verse.roman or "", first)
    if not said:
        return None
    pp = getattr(searcher, "padapatha", None)
    dictionary = _word(pp.line(verse.ref) or "", first) if pp is not None else ""
    plain = strip_marks(said)
    shape = f" (in the padapāṭha, sandhi undone: {dictionary})" if dictionary and strip_marks(dictionary) != plain else ""
    god = re.split(r"[,;(]", verse.addressee or verse.deity or "")[0].strip()
    named = (f", the name of {god}, to whom the hymn is addressed"
             if god and strip_marks(god).lower()[:4] == plain.lower()[:4] else "")
    where = ("the RigVeda" if not stretch else f"maṇḍala {stretch}" if "." not in stretch
             else f"RV {stretch}")
    end = "first" if first else "last"
    text = (f"The {end} word of {where} is {said} ({plain}){shape}{named}, "
            f"{'opening' if first else 'closing'} RV {verse.ref}: “{verse.translation or ''}” [RV {verse.ref}]")
    return FactAnswer(kind="list", text=text, refs=[verse.ref], subject_hymns=[verse.ref.rsplit(".", 1)[0]])
