"""How many hymns to one god in one maṇḍala: "how many agni hymns does book 2 have", "in maṇḍala 5,
how many hymns are to the Maruts?", "how many Ashvin hymns are there in the eighth book?".

Why a reader of its own: the count is not one number. Scholars' tallies of "Agni hymns in maṇḍala 3"
differ because the hymns do: some headings name a form of the god (Agni Vaiśvānara), some hymns
give a third or more of their verses to other gods (RV 3.20 ends with the All-gods), pairs are
addressed together (Indra–Agni), and book 8 carries the Vālakhilya supplement (8.49–59) that many
counts leave out. So the answer opens with the number the index gives (hymns whose main addressee
is the god, :mod:`pyapp.counts`, the one source for counts), then says what was counted and the
other readings it implies, then lists the hymns. A question naming no maṇḍala, no god, a seer
("hymns by Vasiṣṭha") or verses is left to the other readers.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pyapp import facts as F
from pyapp.factbook.patterns import _q
from pyapp.factbook.targets import _MANDALA_RE, _mandala_of
from pyapp.factbook.wording import _hymn_list, _named, _plural
from pyapp.facts import FactAnswer

__all__ = ["answer", "asks"]

_COUNT = re.compile(r"\b(?:how many|how much|number of|count(?: of| the)?|total of|tally of)\b")
_HYMN = re.compile(r"\b(?:hymns?|suktas?|sooktas?|suktams?|songs?)\b")
_NOT_GODS = re.compile(r"\b(?:by|compos\w*|wr[io]te|writ\w*|author\w*|attribut\w*|seers?|rishis?|rsis?|poets?|verses?|"
                       r"mantras?|richas?|rcs?|metres?|meters?|words?|times?)\b")
SHARED = 1 / 3  # other gods hold at least this share of a hymn's verses: the hymn is the god's in part


def asks(question: str) -> bool:
    """Does the question ask how many hymns one maṇḍala has (one maṇḍala named, a count asked)?"""
    q = _q(question)
    return bool(_COUNT.search(q) and _HYMN.search(q) and not _NOT_GODS.search(q)
                and len(_MANDALA_RE.findall(q)) <= 1 and _mandala_of(question))


def _share(hymn: Any, keys: List[str]) -> Tuple[int, int]:
    """(verses whose Anukramaṇī deity names the god, verses with a deity at all)."""
    runs = list(getattr(hymn, "deity_runs", None) or [])
    total = sum(e - s + 1 for s, e, _ in runs)
    mine = sum(e - s + 1 for s, e, v in runs if any(k in F._key(v) for k in keys))
    return mine, total


def _forms(facts: Any, refs: List[str], keys: List[str]) -> List[Tuple[str, List[str]]]:
    """The god's named forms among ``refs`` ("Agni Vaiśvānara" → its hymns): hymns whose deity of
    most verses in the Anukramaṇī is the god's name with an epithet."""
    out: dict = {}
    for ref in refs:
        runs = list(getattr(facts.hymn(ref), "deity_runs", None) or [])
        if not runs:
            continue
        deity = max(runs, key=lambda run: run[1] - run[0])[2]
        words = F._key(deity).split()
        if len(words) == 2 and any(k in words for k in keys) and not any(w.startswith("devat") for w in words):
            out.setdefault(deity, []).append(ref)
    return [(name, rs) for name, rs in out.items() if len(rs) < len(refs)]


def _valakhilya(hymn: Any) -> bool:
    """A hymn of the Vālakhilya supplement (8.49–59): its group heading says so."""
    return "valakhilya" in F._key(getattr(hymn, "group", "") or "")


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The count of hymns to the god in the maṇḍala, what was counted, then the hymns."""
    if not asks(question):
        return None
    from pyapp.counts import god_hymns

    mandala = _mandala_of(question)
    god = god_hymns(index, question, mandala)
    if god is None or mandala is None:
        return None
    facts = F.facts_for(index)
    label = god.label
    keys = [F._key(re.sub(r"^the ", "", x.split(" (")[0])) for x in label.split(" and ")]
    keys = [k for k in keys if k]
    alone = god.alone
    if not alone and not god.joint and not god.part:
        return FactAnswer(kind="list", text=f"Maṇḍala {mandala} has no hymn addressed to {_named(label)}.", refs=[])
    n = len(alone)
    text = (f"Maṇḍala {mandala} has {_plural(n, 'hymn')} addressed mainly to {_named(label)}"
            f"{': ' + _hymn_list(alone, 30) if alone else ''}.")
    notes: List[str] = []
    if alone:
        notes.append(f"Counted: hymns whose main addressee in the Anukramaṇī is {label} alone")
        forms = _forms(facts, alone, keys)
        for name, refs in forms:
            notes.append(f"{_plural(len(refs), 'hymn')} of them {'is' if len(refs) == 1 else 'are'} to {name} "
                         f"({_hymn_list(refs, 6)}); without {'it' if len(refs) == 1 else 'them'}, "
                         f"{_plural(n - len(refs), 'hymn')}")
        shared = []
        for ref in alone:
            mine, total = _share(facts.hymn(ref), keys)
            if total and (total - mine) >= SHARED * total:
                shared.append((ref, total - mine, total))
        if shared:
            which = ", ".join(f"RV {r} ({o} of {t} verses)" for r, o, t in shared)
            notes.append(f"{_plural(len(shared), 'hymn')} of them give{'s' if len(shared) == 1 else ''} a third "
                         f"or more of {'its' if len(shared) == 1 else 'their'} verses to other gods ({which}); "
                         f"counting only hymns addressed to {label} nearly throughout, "
                         f"{_plural(n - len(shared), 'hymn')}")
        extra = [r for r in alone if _valakhilya(facts.hymn(r))]
        if extra:
            notes.append(f"{_plural(len(extra), 'hymn')} of them {'is' if len(extra) == 1 else 'are'} in the "
                         f"Vālakhilya supplement ({_hymn_list(extra, 6)}), which many counts leave out; without "
                         f"{'it' if len(extra) == 1 else 'them'}, {_plural(n - len(extra), 'hymn')}")
    for partner, pair, refs in god.joint:
        notes.append(f"not counted: {_plural(len(refs), 'hymn')} to {_named(label)} and {partner} together "
                     f"({pair}: {_hymn_list(refs, 6)})")
    if god.part:
        notes.append(f"not counted: {_plural(len(god.part), 'more hymn')} that address{'es' if len(god.part) == 1 else ''} "
                     f"{_named(label)} in some verses or with several other gods ({_hymn_list(god.part, 6)})")
    if notes:
        text += " " + ". ".join(x[:1].upper() + x[1:] for x in notes) + "."
    listed = alone or god.joint_refs or god.part
    return FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in listed[:6]], subject_hymns=listed[:30])
