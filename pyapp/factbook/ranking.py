"""Rankings: "Which seer composed the most hymns?", "Which god has the most hymns?", "Who were the
seers of the RigVeda?" (by main attribution, or by verses when asked).

Why apart: a ranking counts over every hymn at once, where a list answers about one name.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Dict, FrozenSet, Optional

from pyapp.data_tables import table
from pyapp.diacritics import strip_marks
from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.deities import _hit, _pretty_key
from pyapp.factbook.patterns import _DEITY_WORDS, _SEER_WORDS, AFTER_NAMED, SECOND, _q
from pyapp.factbook.table import Facts, _addressee_names, _main
from pyapp.factbook.wording import _join, _n, _named, _plural

_GODDESS = re.compile(r"\b(?:goddess|goddesses|female (?:god|gods|deity|deities|divinity|divinities))\b")


@lru_cache(maxsize=1)
def goddesses() -> FrozenSet[str]:
    """The addressee keys of goddesses (``pyapp/data/goddesses.json``)."""
    return frozenset(table("data/goddesses.json", {}).get("goddesses", ()))


def _after_named(q: str, top: list, what: str, unit: str, first: Dict[str, str]) -> str:
    """The opening sentence when the question asks for the one after a named one or for the second ("After Indra
    (259 hymns), the addressee with the most hymns is Agni (205 hymns, e.g. RV 1.1)."), else ""."""
    if len(top) < 2:
        return ""
    ahead = 0
    match = AFTER_NAMED.search(q)
    if match is not None:
        word = re.sub(r"[^a-z]", "", strip_marks(match.group(1)).lower())
        ahead = next((i + 1 for i, (name, _) in enumerate(top[:-1])
                      if len(word) >= 3 and any(part.startswith(word[:5]) for part in re.findall(r"[a-z]+", strip_marks(name).lower()))), 0)
    elif SECOND.search(q):
        ahead = 1
    if not ahead:
        return ""
    before, n_before = top[ahead - 1]
    name, n = top[ahead]
    one = {"seers": "seer", "addressees": "addressee", "goddesses": "goddess"}.get(what, what)
    return (f"After {_named(before)} ({_plural(n_before, unit)}), the {one} with the most {unit}s is "
            f"{_named(name)} ({_plural(n, unit)}, e.g. RV {first[name]}).")


def _ranking(facts: Facts, question: str, what: str = "") -> Optional[FactAnswer]:
    """"Which seer composed the most hymns?" / "Which god has the most hymns?" (by main attribution);
    ``what="seers"`` forces the seers' ranking ("Who were the seers of the RigVeda?")."""
    q = _q(question)
    if not what and not re.search(r"\bmost (?:hymns|verses)\b", q):
        return None
    by_verse = "most verses" in q
    counts: Counter = Counter()
    first: Dict[str, str] = {}
    if what == "seers" or (re.search(rf"\b{_SEER_WORDS}\b|\bwho\b", q)
                           and not re.search(rf"\b{_DEITY_WORDS}\b|\baddressed\b", q)):
        what = "seers"
        for h in facts.hymns:
            for s, e, v in (h.rishi_runs if by_verse else [(1, 1, _main(h.rishi_runs))]):
                if v:
                    counts[v] += e - s + 1
                    first.setdefault(v, h.ref)
    else:
        what = "addressees"
        firsts: Counter = Counter(n[0].split()[0] for n in (_addressee_names(h.addressee) for h in facts.hymns)
                                  if n and n[0] not in ("gods", "diverse gods", "?"))
        if _GODDESS.search(q):  # "Which goddess has the most hymns?": the goddesses among the addressees
            what = "goddesses"
            firsts = Counter({key: n for key, n in firsts.items() if key in goddesses()})
        for key, _ in firsts.most_common(8):  # recount like the lists do ("hymns addressed mainly to X")
            main = [h for h in facts.hymns if _hit(key, h.main_deity_keys)]
            if main:
                name = _pretty_key(key, facts, [h.ref for h in main])
                counts[name] = sum(h.verses for h in main) if by_verse else len(main)
                first[name] = main[0].ref
    if not counts:
        return None
    unit = "verse" if by_verse else "hymn"
    top = counts.most_common(5)
    lead = _after_named(q, top, what, unit, first)
    if what == "seers":
        text = (f"The Anukramaṇī (the traditional index) names the seer of every hymn: {_n(len(counts))} different "
                f"attributions for {_n(len(facts.hymns))} hymns; the most frequent are "
                + _join([f"{_named(name)} ({_plural(n, unit)}, e.g. RV {first[name]})" for name, n in top]) + ".")
        text = f"{lead} {text}" if lead else text
        refs = [f"{first[name]}.1" for name, _ in top]
        return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[first[name] for name, _ in top])
    text = (f"By the index's {'Anukramaṇī attributions' if what == 'seers' else 'hymn addressees'}, the {what} with the most "
            f"{unit}s are " + _join([f"{_named(name)} ({_plural(n, unit)}, e.g. RV {first[name]})" for name, n in top]) + ".")
    text = f"{lead} {text}" if lead else text
    refs = [f"{first[name]}.1" for name, _ in top]
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[first[name] for name, _ in top])
