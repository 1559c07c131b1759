"""Hymns to two gods together: "is there a hymn to Soma and Rudra together?", "Indra and Viṣṇu as a pair",
"Agni and Soma as a dual deity" (issue 19, set 15).

Why the deity field and not the hymn's heading: the Anukramaṇī names a pair invoked as one with a dual
compound (indrāgnī, somārudrau, agnīṣomau, indrābṛhaspatī), often for a run of verses inside a hymn to
someone else, so a pair with no whole hymn of its own still has verses that are theirs. The selection is
every verse whose deity field holds one word naming both gods; its hymns are ranked by how many such
verses they have. The gods' names are the index's (:func:`pyapp.counts.god_hymns`); nothing here names a pair.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from pyapp.diacritics import strip_marks
from pyapp.factbook.answer import LIST_LIMIT, REFS_LIMIT, FactAnswer

__all__ = ["answer", "asks"]

_TOGETHER = re.compile(r"\b(?:together|jointly|joint|pair|paired|dual|duals|as one|couple|duo|both)\b")
_HYMNISH = re.compile(r"\b(?:hymns?|suktas?|verses?|invoked|addressed|praised|worshipp?ed|theirs)\b")


def asks(question: str) -> bool:
    q = question.lower()
    return bool(_TOGETHER.search(q) and _HYMNISH.search(q))


def _fold(text: str) -> str:
    """Letters only, marks off; the anusvāra as the nasal it stands for before a stop (iṃdrāpūṣaṇau is
    indrāpūṣaṇau: the deity field writes ṃ where a dictionary writes n or m)."""
    text = re.sub(r"ṃ(?=[pbm])", "m", text)
    text = re.sub(r"ṃ(?=[kgcjṭḍtdn])", "n", text)
    return re.sub(r"[^a-z]", "", strip_marks(text).lower())


def _pair_verses(index: Any, stems: Tuple[str, str]) -> Dict[str, List[Tuple[str, str]]]:
    """hymn "M.H" → [(verse ref, the dual word as written)] for each verse whose deity field has one word
    holding both stems."""
    out: Dict[str, List[Tuple[str, str]]] = {}
    for verse in index.verses:
        for word in re.findall(r"[^\s,;()]+", verse.deity or ""):
            folded = _fold(word)
            if len(folded) > len(stems[0]) + len(stems[1]) + 6:
                continue  # a list of many gods in one compound is not the pair
            if all(s in folded for s in stems):
                out.setdefault(verse.ref.rsplit(".", 1)[0], []).append((verse.ref, word))
                break
    return out


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The hymns (and verses) addressed to the two gods the question names together, or ``None``."""
    if index is None or not asks(question):
        return None
    from pyapp.factbook.query import _named_gods, _stem

    named = _named_gods(question, index)
    if len(named) < 2:
        return None
    (_, first), (_, second) = named[:2]
    stems = (_stem(first.label), _stem(second.label))
    if min(len(s) for s in stems) < 3 or stems[0] == stems[1]:
        return None
    found = _pair_verses(index, stems)
    if not found:
        return None
    ranked = sorted(found.items(), key=lambda kv: (-len(kv[1]), [int(x) for x in kv[0].split(".")]))
    plain = [re.sub(r"\s*\(.*?\)", "", g.label) for g in (first, second)]
    names = f"{plain[0]} and {plain[1]}"
    dual = ranked[0][1][0][1].strip("ḥ")

    def size(ref: str) -> int:
        m, h = (int(x) for x in ref.split("."))
        return len(index.hymn(m, h))

    whole = [h for h, vs in ranked if len(vs) * 2 >= size(h)]
    some = [(h, vs) for h, vs in ranked if h not in whole]
    dual_of = f" (the Anukramaṇī's dual {dual})"
    if whole:
        text = (f"Yes: {len(whole)} hymn{'s are' if len(whole) != 1 else ' is'} addressed to {names} together{dual_of}: "
                + ", ".join(f"RV {h}" for h in whole[:LIST_LIMIT]) + (" …" if len(whole) > LIST_LIMIT else "") + ".")
    else:
        text = f"No whole hymn is addressed to {names} together, but some verses are{dual_of}."
    if some:
        text += (f" {'They are also' if whole else 'They are'} invoked as a pair in verses of "
                 + ", ".join(f"RV {h} ({', '.join(v.rsplit('.', 1)[1] for v, _ in vs[:6])})" for h, vs in some[:6])
                 + (" …" if len(some) > 6 else "") + ".")
    text += f" [RV {ranked[0][1][0][0]}]"
    refs = [vs[0][0] for _, vs in ranked[:REFS_LIMIT]]
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[h for h, _ in ranked[:LIST_LIMIT]])
