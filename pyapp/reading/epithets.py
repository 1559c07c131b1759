"""An epithet or a priestly office named in English ("son of strength", "the singer priest of the Sāmaveda"):
its Sanskrit, what it means, and the verses that use it, from a lexicon that is data (``pyapp/data/epithets.json``).

Why a lexicon: the English a reader knows an epithet by is a translator's, and the words of it ("son",
"strength") sent a question to the family-ties reader ("Agni's father is …") or to a search for "singer"
and "priest". The Sanskrit behind the English is fixed (sahasaḥ sūnu, udgātṛ), so one table row per
epithet names it, and the verses are found by the Sanskrit itself (a pattern over the romanised text with
its accents removed), never by a translation's wording. A Sanskrit form alone ("udgatr") is read here only
when the question asks where or whether it occurs; the term pages answer "what is a hotṛ?" as before.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.answer import REFS_LIMIT, FactAnswer
from pyapp.reading import choices

__all__ = ["answer", "entries", "find", "verses_with"]

DATA_PATH = "data/epithets.json"
SHOWN = 4
_WHERE = re.compile(r"\b(?:where|which verses?|which hymns?|mention\w*|occur\w*|appear\w*|found|attested|use[sd]?|"
                    r"called|named|anywhere|actually|at all|ever)\b")


def _fold(text: str) -> str:
    """Lower case, marks off (ā → a, ṛ → r, ś → s): the question's and the table's English compared so."""
    text = unicodedata.normalize("NFD", text.lower())
    return re.sub(r"\s+", " ", "".join(c for c in text if not unicodedata.combining(c)))


@lru_cache(maxsize=1)
def entries() -> List[Dict[str, Any]]:
    """The table's rows; [] when it cannot be read."""
    return list(data_tables.table(DATA_PATH, {}).get("entries", []))


def _asks_where_used(q: str) -> bool:
    """Where the word itself stands ("where is Saramā mentioned?", "Saramā in the rigveda?"), not where a story
    happens ("where did Saramā have to cross to reach the Paṇis?": a bare "where" in a longer question)."""
    found = [m.group(0) for m in _WHERE.finditer(q)]
    if not found:
        return False
    if any(word != "where" for word in found):
        return True
    if re.search(r"\b(?:name|names|call|calls|mention|mentions|use|uses|speak|speaks|say|says|refer|refers)\b", q):
        return True  # "where do the hymns name the adhvaryu?"
    return bool(re.search(r"\bwhere\b(?!.*\b(?:did|does|do|was|were|had|has|have)\b)", q)) or len(q.split()) <= 6


def find(question: str) -> Optional[Dict[str, Any]]:
    """The row the question names: by an English phrase, or by a Sanskrit form when it asks where/whether."""
    q = " " + re.sub(r"[^a-z0-9 ]", " ", _fold(question).replace("-", " ")) + " "
    q = re.sub(r"\s+", " ", q)
    best: Optional[Tuple[int, Dict[str, Any]]] = None
    for row in entries():
        for phrase in row.get("english", []):
            key = " " + re.sub(r"[^a-z0-9 ]", " ", _fold(phrase).replace("-", " ")).strip() + " "
            if key in q and (best is None or len(key) > best[0]):
                best = (len(key), row)
        if _asks_where_used(q):
            for form in row.get("forms", []):
                key = " " + _fold(form).replace("-", " ") + " "
                if key in q and (best is None or len(key) > best[0]):
                    best = (len(key), row)
    return best[1] if best else None


def _plain(roman: str) -> str:
    """A verse's romanised Sanskrit with its accents removed (the table's patterns are written so)."""
    text = unicodedata.normalize("NFD", roman.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("ṃ", "m").replace("ḥ", "h")


def verses_with(index: Any, pattern: str) -> List[Any]:
    """The verses whose Sanskrit matches the row's pattern, in the order of the text."""
    found = re.compile(pattern)
    return [v for v in index.verses if v.roman and found.search(_plain(v.roman))]


def _quote(verse: Any) -> str:
    from pyapp.agents.text import clip

    return f"- “{clip(verse.translation or '', 200)}” [RV {verse.ref}]"


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The epithet's Sanskrit, meaning and verses, or ``None`` when the question names none of the table."""
    if index is None or choices.options(question)[1]:
        return None  # "… is called: A) Adhvaryu B) Udgātā C) Hotā": the options are the choices reader's to weigh
    row = find(question)
    if row is None:
        return None
    if not any(" " + _fold(p) + " " in " " + _fold(question) + " " for p in row.get("english", [])):
        from pyapp.reading.named import find_named

        if find_named(question):  # "which hymn has the dialogue of Saramā and the Paṇis?": that hymn, not every
            return None  # verse that names Saramā (a Sanskrit form of the table only stands in for the epithet)
    verses = verses_with(index, row["pattern"])
    said = f"{row['sanskrit']} (“{row['english'][0]}”)" if row.get("english") else row["sanskrit"]
    means = f"Meaning: {row['means']}."
    if not verses:
        return FactAnswer(kind="list", text=f"No verse of the RigVeda uses {said} itself. {means}", refs=[])
    gods = Counter(re_first(v.addressee or v.deity or "") for v in verses)
    gods.pop("", None)
    to = ", ".join(g for g, _ in gods.most_common(3))
    own = _fold(re_first(row.get("of", "")))
    # the verses of the god the epithet belongs to first (Agni's "son of strength"), in the order of the text
    shown = sorted(verses, key=lambda v: own not in _fold(v.addressee or v.deity or ""))[:SHOWN]
    where = ", ".join(f"RV {v.ref}" for v in shown) + (" and more" if len(verses) > SHOWN else "")
    many = f"{len(verses)} verses" if len(verses) != 1 else "one verse"
    to = f", mostly in hymns to {to}" if to and len(verses) > 1 else (f", in a hymn to {to}" if to else "")
    text = f"The RigVeda uses {said} in {many}{to}: {where}. {means}\n" + "\n".join(_quote(v) for v in shown)
    return FactAnswer(kind="list", text=text, refs=[v.ref for v in shown][:REFS_LIMIT])


def re_first(label: str) -> str:
    """The first god of a deity label ("Agni, Indra" → "Agni")."""
    return re.split(r"[,;(]", label)[0].strip()
