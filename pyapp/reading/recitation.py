"""Read "the krama pāṭha of agnim īḷe", "ghana patha of gaṇānāṃ tvā", "ऋग्वेद 1.1.1 का जटा पाठ": a verse asked in
one of the reciters' word orders.

Why its own reader: the hymns were kept by recitation in several orders that check one another — the continuous
text (saṃhitā), word by word (pada), in overlapping pairs (krama: ab bc cd …), pairs forward-back-forward (jaṭā:
ab ba ab …) and the long ghana (ab ba abc cba abc …). Students and reciters ask for a verse in one of them; the
usual search read "krama" or "ghana" as a topic word and answered with the verse's meaning, never the recitation.
Every one of these orders is a rule over the padapāṭha words, which the index has for each verse, so code can
write them out exactly (``pyapp.agents.recitation``).

What is read: a mode word (krama, jaṭā/jata/jatta, ghana, in Latin letters or any Indic script the app romanises:
क्रम जटा घन, క్రమ జట ఘన …) next to a word for a recitation ("pāṭha", path, paath, पाठ, పాఠం, chant, recite), and
the verse: its number ("1.1.1"), its opening words ("agnimile purohitam", "గణానాం త్వా గణపతిం"), a verse known by
name ("the Gāyatrī mantra") or "the first verse of the Rigveda".
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pyapp.reading.references import ReferenceTask, as_span, named_span, span_of
from pyapp.reading.script import romanise
from pyapp.reading.words import fold

MODES = ("pada", "krama", "jata", "ghana")
# a mode's name, read in the folded romanised question (ṭ, ṅ … folded away; "jatta", "ghanam", "kramam")
_MODE = re.compile(r"(?<![a-z])(pada|krama|jata|jatta|ghana)(?:m|h)?(?=\s*-?\s*(?:patha|path|paath|patham|pathi|"
                   r"pathah|pat|pāṭh|parayana|recitation|chant|way|style|mode|form|order|method)|[a-z]*path|\b)")
# the question asks for a recitation (besides a mode word): the pāṭha word in any spelling, or chanting
_RECITE = re.compile(r"path|paath|pāṭh|chant|recit|vikrti|vikriti|parayan")
# "krama" alone is also the ordinary word for order or sequence: it counts only with the pāṭha word or a chant
_FIRST_VERSE = re.compile(r"\bfirst\s+(?:verse|mantra|rik|rc|sloka|shloka)\b.*\b(?:rig|rg)\s*-?\s*ved")


def _folded(text: str) -> str:
    """The question in folded Latin letters, Indic scripts romanised first (ఘనపాఠం → ghanapatham)."""
    try:
        latin = romanise(text)
    except Exception:
        latin = text
    return fold(latin)


def modes_asked(text: str) -> List[str]:
    """The recitation orders the question asks for, in the tradition's order; [] when none is asked."""
    folded = _folded(text)
    if not _RECITE.search(folded):
        return []
    found = {m.group(1).replace("jatta", "jata") for m in _MODE.finditer(folded)}
    if not found & {"krama", "jata", "ghana"}:
        return []  # "padapatha of 2.28.1" alone is the word-by-word reader's (pyapp.reading.references)
    return [m for m in MODES if m in found]


def _verse(text: str, index: Any) -> Optional[Tuple[int, int, int]]:
    """The verse the question names: by number, by its opening words, by name, or the text's first verse."""
    span = span_of(text)
    if span is not None and len(span.start) == 3:
        return tuple(span.start)  # type: ignore[return-value]
    try:
        from pyapp.reading.incipit import find_incipit

        found = find_incipit(text, index) or find_incipit(romanise(text), index)
    except Exception:
        found = None
    if found is not None:
        return tuple(int(p) for p in found[0].split("."))  # type: ignore[return-value]
    named = named_span(text)
    if named is not None:
        start = tuple(named.start)
        return start if len(start) == 3 else (start + (1,) if len(start) == 2 else None)  # type: ignore[return-value]
    if span is not None and len(span.start) == 2:
        return tuple(span.start) + (1,)  # type: ignore[return-value]
    if _FIRST_VERSE.search(_folded(text)):
        return (1, 1, 1)
    return None


def read(text: str, table: Any) -> Optional[ReferenceTask]:
    """A ``recitation`` task (``attribute``: the modes, comma-separated; ``span``: the verse), or ``None``."""
    modes = modes_asked(text)
    if not modes:
        return None
    point = _verse(text, getattr(table, "index", None))
    if point is None:
        return None
    try:
        if not table.exists(point):
            return None
    except Exception:
        return None
    span = as_span(point)
    return ReferenceTask("recitation", span=span, source=span, attribute=",".join(modes), quote=text)
