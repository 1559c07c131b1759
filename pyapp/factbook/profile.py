"""What one maṇḍala holds: who composed it, whom it addresses, its metres, and its list of hymns.

Why apart: "Who composed maṇḍala 7?" and "Which hymns are in maṇḍala 9?" summarise a book, not a
hymn and not a name.
"""
from __future__ import annotations

from collections import Counter

from pyapp.factbook.answer import LIST_LIMIT, FactAnswer
from pyapp.factbook.display import metre_display
from pyapp.factbook.table import Facts, _main
from pyapp.factbook.targets import FAMILY_BOOKS
from pyapp.factbook.wording import _cite, _first_verses, _hymn_list, _join, _n, _named, _plural

def _mandala_list(facts: Facts, mandala: int) -> FactAnswer:
    hymns = facts.mandala_hymns(mandala)
    if not hymns:
        return FactAnswer(kind="not_found", text=f"Maṇḍala {mandala} does not exist: the RigVeda has maṇḍalas "
                          f"1–{facts.index.mandala_count}.", refs=[])
    refs = [h.ref for h in hymns]
    top = Counter(h.addressee for h in hymns if h.addressee).most_common(3)
    seers = Counter(_main(h.rishi_runs) for h in hymns if _main(h.rishi_runs)).most_common(2)
    text = f"Maṇḍala {mandala} has {_plural(len(hymns), 'hymn')}: {_hymn_list(refs)}."
    if top:
        text += " Most are addressed to " + _join([f"{a} ({n})" for a, n in top]) + "."
    if seers:
        text += " The most frequent seers are " + _join([f"{s} ({n})" for s, n in seers]) + "."
    return FactAnswer(kind="list", text=text, refs=_first_verses(refs), subject_hymns=refs[:LIST_LIMIT])


def _mandala_profile(kind: str, facts: Facts, mandala: int) -> FactAnswer:
    """Who composed / whom it addresses / which metres: a summary of one maṇḍala."""
    hymns = facts.mandala_hymns(mandala)
    if not hymns:
        return FactAnswer(kind="not_found", text=f"Maṇḍala {mandala} does not exist: the RigVeda has maṇḍalas "
                          f"1–{facts.index.mandala_count}.", refs=[])
    cite = _cite(mandala, 1)
    if kind == "deity":
        counts = Counter(h.addressee for h in hymns if h.addressee and h.addressee != "?")
        top = counts.most_common(4)
        text = (f"Of the {_n(len(hymns))} hymns of maṇḍala {mandala}, most are addressed to "
                + _join([f"{a} ({_n(n)})" for a, n in top]) + f" {cite}.")
        return FactAnswer(kind=kind, text=text, refs=[f"{mandala}.1.1"])
    if kind == "metre":
        counts = Counter()
        for h in hymns:
            for s, e, v in h.metre_runs:
                if v:
                    counts[metre_display(v).split(" (")[0]] += e - s + 1
        total = sum(h.verses for h in hymns)
        top = counts.most_common(3)
        text = (f"Maṇḍala {mandala} is mostly in " + _join([f"{name} ({_n(n)} of its {_n(total)} verses)" if i == 0
                                                         else f"{name} ({_n(n)})" for i, (name, n) in enumerate(top)])
                + f" {cite}.")
        return FactAnswer(kind=kind, text=text, refs=[f"{mandala}.1.1"])
    seers = Counter(_main(h.rishi_runs) for h in hymns if _main(h.rishi_runs))
    top = seers.most_common(3)
    if len(seers) == 1:
        text = f"All {_n(len(hymns))} hymns of maṇḍala {mandala} are attributed to {_named(top[0][0])} {cite}."
    else:
        text = (f"The {_n(len(hymns))} hymns of maṇḍala {mandala} are attributed to {_n(len(seers))} seers, most often "
                + _join([f"{_named(s)} ({_plural(n, 'hymn')})" for s, n in top]) + f" {cite}.")
    if mandala in FAMILY_BOOKS:
        text += " It is one of the family books (maṇḍalas 2–7)."
    return FactAnswer(kind="seer", text=text, refs=[f"{mandala}.1.1"])
