"""A god's other names: "what are the other names of Indra?", "Agni's epithets", "what else is Soma called?".

Why a table: the hymns call their gods by epithets far more often than by name (Indra is *maghavan*, "the
bountiful", in some 290 verses), and readers ask for them — for a child's name, for a quiz, to follow a
translation. The search read "names" as a word to find and opened with "Names is a Sanskrit word of the
hymns". ``pyapp/data/god_epithets.json`` (data) lists each god's best-known epithets with a pattern over the
romanised Sanskrit; the index supplies how many verses use each and one of the god's own verses that does, so
every count and quotation is read from the hymns.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.answer import REFS_LIMIT, FactAnswer
from pyapp.factbook.patterns import _q

__all__ = ["answer", "asks", "god_asked"]

DATA_PATH = "data/god_epithets.json"
SHOWN = 6
_ASKS = [
    re.compile(r"\b(?:other\s+|different\s+|alternative\s+)?(?:names?|epithets?|titles?|nicknames?|appellations?)\s+"
               r"(?:of|for|given to)\s+(?:the\s+)?(?:god\s+|goddess\s+|lord\s+|deity\s+)?(?P<god>[a-z]+)"),
    re.compile(r"\b(?P<god>[a-z]+)'?s\s+(?:other\s+|different\s+)?(?:names|epithets|titles|nicknames)\b"),
    re.compile(r"\b(?:names?|epithets?|titles?|nicknames?)\s+(?:has|have|had|does|did)\s+(?:the\s+god\s+)?(?P<god>[a-z]+)"),
    re.compile(r"\bwhat\s+(?:else\s+)?(?:is|are|was|were)\s+(?P<god>[a-z]+)\s+(?:also\s+|else\s+)?(?:called|known\s+as|named)\b"),
    re.compile(r"\b(?:by\s+what|which)\s+(?:other\s+)?names?\s+(?:is|are|was|were)\s+(?P<god>[a-z]+)\s+(?:called|known|named|addressed)\b"),
]


@lru_cache(maxsize=1)
def _rows() -> Tuple[Dict[str, Any], ...]:
    return tuple(data_tables.table(DATA_PATH, {}).get("gods", []))


def god_asked(question: str) -> Optional[Dict[str, Any]]:
    """The table's row for the god whose other names the question asks, or None."""
    q = _q(question)
    for pattern in _ASKS:
        for match in pattern.finditer(q):
            word = match.group("god")
            for row in _rows():
                if word in row.get("names", ()):
                    return row
    return None


def asks(question: str) -> bool:
    return god_asked(question) is not None


def _plain(roman: str) -> str:
    text = unicodedata.normalize("NFD", (roman or "").lower())
    return "".join(c for c in text if not unicodedata.combining(c)).replace("ṃ", "m").replace("ḥ", "h")


def _fold(text: str) -> str:
    return _plain(text).replace("ś", "s").replace("ṣ", "s")


def _of_god(verse: Any, keys: List[str]) -> bool:
    label = _fold(f"{getattr(verse, 'addressee', '') or ''} {getattr(verse, 'deity', '') or ''}")
    return any(k in label for k in keys)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The god's epithets, each with how many verses use it and one of the god's own verses, or None."""
    row = god_asked(question)
    verses = getattr(index, "verses", None) if index is not None else None
    if row is None or not verses:
        return None
    keys = [_fold(row["god"])] + [n for n in row.get("names", ()) if len(n) >= 4]
    plain = [(v, _plain(v.roman or "")) for v in verses]
    found: List[Tuple[str, str, int, str]] = []
    for epithet in row.get("epithets", []):
        pattern = re.compile(epithet["pattern"])
        using = [v for v, text in plain if pattern.search(text)]
        if not using:
            continue
        own = [v for v in using if _of_god(v, keys)]
        example = (own or using)[0].ref
        found.append((epithet["epithet"], epithet["means"], len(own) or len(using), example))
    if not found:
        return None
    found.sort(key=lambda item: -item[2])
    shown = found[:SHOWN]
    listed = "; ".join(f"{name}, “{means}” ({n} verse{'s' if n != 1 else ''}, e.g. RV {ref})"
                       for name, means, n, ref in shown)
    more = f" Also: {', '.join(name for name, *_ in found[SHOWN:])}." if len(found) > SHOWN else ""
    god = row["god"]
    text = (f"The hymns call {god} by these other names (epithets), most used first: {listed}.{more} "
            f"The counts are of verses in {god}'s own hymns that use the word."
            + " " + " ".join(f"[RV {ref}]" for *_, ref in shown[:3]))
    return FactAnswer(kind="list", text=text, refs=[ref for *_, ref in shown][:REFS_LIMIT])
