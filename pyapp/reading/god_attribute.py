"""A god's weapon or animal: "what is Rudra's weapon?", "which animal draws Pūṣan's car?", and the worksheet
row "match the god to his weapon: Indra, Rudra, Maruts, Varuṇa" (issue 19, set 20).

Why counting and not a list of answers: the hymns tie a thing to a god by naming it again and again in his
verses (Indra's vajra, the Maruts' spears, Varuṇa's fetters, Pūṣan's goats). ``pyapp/data/god_attributes.json``
(data) holds only the candidates of each attribute with their Sanskrit; the reader counts, among the verses
addressed to the god asked (the deity field), how many name each candidate, and keeps the one whose share there
most exceeds its share in the whole text (its lift), with at least :data:`MIN_VERSES` verses — so a thing every
god has (horses) does not win, and a god the table never thought of gets what his own verses say. The answer
names the thing, how many of the god's verses name it, and quotes the first.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.counts import god_hymns
from pyapp.diacritics import strip_vedic_accents
from pyapp.facts import FactAnswer
from pyapp.factbook.patterns import _q
from pyapp.search.translit import fold_sanskrit

__all__ = ["answer", "attribute_in", "attributes", "best_thing"]

DATA_PATH = "data/god_attributes.json"
MIN_VERSES = 3  # fewer of the god's verses name it: a passing mention, not his mark
QUOTE_CHARS = 200


@lru_cache(maxsize=1)
def attributes() -> Tuple[Dict[str, Any], ...]:
    out = []
    for raw in data_tables.table(DATA_PATH, {}).get("attributes", []):
        entry = dict(raw)
        entry["cue_res"] = [re.compile(r"(?<![\w-])" + re.escape(c) + r"(?![\w-])") for c in raw["cues"]]
        entry["thing_res"] = [(t["label"], re.compile(t["patterns"])) for t in raw["things"]]
        out.append(entry)
    return tuple(out)


def attribute_in(question: str) -> Optional[Dict[str, Any]]:
    """The attribute the question asks for (its cue word), or None."""
    q = _q(question)
    return next((a for a in attributes() if any(c.search(q) for c in a["cue_res"])), None)


_LINES: Dict[int, Tuple[Any, List[str], List[str]]] = {}


def _lines(index: Any) -> Tuple[List[str], List[str]]:
    """(plain IAST, folded deity field) of every verse, once per index."""
    cached = _LINES.get(id(index))
    if cached is None or cached[0] is not index:
        cached = (index, [strip_vedic_accents(v.roman or "").lower() for v in index.verses],
                  [fold_sanskrit(_q(v.deity or "")) for v in index.verses])
        _LINES[id(index)] = cached
    return cached[1], cached[2]


def _god_key(question: str, index: Any) -> Optional[Tuple[str, str]]:
    """(the god's name as the index shows it, the folded key its deity fields begin with), or None."""
    god = god_hymns(index, question)
    if god is None or " and " in god.label:
        return None
    key = fold_sanskrit(_q(god.label.split()[-1] if god.label.startswith("the ") else god.label))
    return god.label, key[:4] if len(key) > 4 else key


def _addressed(deity: str, key: str) -> bool:
    words = re.findall(r"[a-z]+", deity)
    return any(w.startswith(key) or (len(w) >= 3 and key.startswith(w)) for w in words[:3])


def best_thing(attribute: Dict[str, Any], key: str, index: Any) -> Optional[Tuple[str, List[str]]]:
    """(the thing's label, refs of the god's verses naming it) with the highest lift, or None."""
    lines, deities = _lines(index)
    mine = [i for i, d in enumerate(deities) if _addressed(d, key)]
    if not mine:
        return None
    total = len(lines)
    best: Optional[Tuple[float, str, List[str]]] = None
    for label, pattern in attribute["thing_res"]:
        hits = [i for i in mine if pattern.search(lines[i])]
        if len(hits) < MIN_VERSES:
            continue
        overall = sum(1 for line in lines if pattern.search(line))
        lift = (len(hits) / len(mine)) / (overall / total)
        if best is None or lift > best[0]:
            best = (lift, label, [index.verses[i].ref for i in hits])
    return None if best is None or best[0] < 1.5 else (best[1], best[2])


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The god's weapon or animal as his verses name it, or None (no attribute or no god asked)."""
    attribute = attribute_in(question)
    if attribute is None or not getattr(index, "verses", None):
        return None
    god = _god_key(question, index)
    if god is None:
        return None
    name, key = god
    found = best_thing(attribute, key, index)
    if found is None:
        return None
    label, refs = found
    first = index.by_ref(refs[0])
    quote = " ".join((getattr(first, "translation", "") or "").split())
    if len(quote) > QUOTE_CHARS:
        quote = quote[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    many = f"{len(refs)} of the verses addressed to {name} name it"
    owner = (name + ("'" if name.endswith("s") else "'s"))
    owner = owner[:1].upper() + owner[1:]  # "The Maruts' weapon …"
    text = (f"{owner} {attribute['noun']} in the hymns is {label}: {many}, for example RV {refs[0]}: “{quote}” "
            f"[RV {refs[0]}].")
    return FactAnswer(kind="list", text=text, refs=refs[:5], subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs[:5])))
