"""How many: hymns and verses of a maṇḍala or of the whole RigVeda (with the Vālakhilya hymns
said).

Why apart: the counts of a god's or seer's hymns are lists (:mod:`pyapp.factbook.lists`); here only
totals of the text itself, which :mod:`pyapp.factbook.extremes` also ranks maṇḍalas by.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.family import _family_share
from pyapp.factbook.patterns import _MANDALA, _q
from pyapp.factbook.table import Facts
from pyapp.factbook.targets import _MANDALA_RE, FAMILY_BOOKS, _book_of, _mandala_of, mandalas_of
from pyapp.factbook.wording import _cite, _n

def _mandala_totals(facts: Facts, mandala: int) -> Tuple[int, int]:
    hymns = facts.mandala_hymns(mandala)
    return len(hymns), sum(h.verses for h in hymns)


def _several_counts(kind: str, mandalas: List[int], facts: Facts) -> FactAnswer:
    """"Maṇḍala 1 has 191 hymns (2,006 verses); maṇḍala 10 has 191 hymns (1,754 verses)." — each maṇḍala
    asked, in the order asked, its first and last hymn cited."""
    parts: List[str] = []
    refs: List[str] = []
    for mandala in mandalas:
        hymns, verses = _mandala_totals(facts, mandala)
        if hymns == 0:
            parts.append(f"maṇḍala {mandala} does not exist (the RigVeda has maṇḍalas 1–{facts.index.mandala_count})")
            continue
        if kind == "verse_count":
            parts.append(f"maṇḍala {mandala} has {_n(verses)} verses ({_n(hymns)} hymns, RV {mandala}.1–RV {mandala}.{hymns})")
        else:
            parts.append(f"maṇḍala {mandala} has {_n(hymns)} hymns, RV {mandala}.1 to RV {mandala}.{hymns} "
                         f"({_n(verses)} verses)")
        refs += [f"{mandala}.1.1", f"{mandala}.{hymns}.1"]
    text = "; ".join(parts) + "."
    return FactAnswer(kind=kind, text=text[:1].upper() + text[1:], refs=refs)


def _count_answer(kind: str, question: str, facts: Facts) -> Optional[FactAnswer]:
    several = mandalas_of(question)
    if len(several) > 1:
        return _several_counts(kind, several, facts)
    mandala = _mandala_of(question)
    index = facts.index
    if mandala is not None:
        count = index.hymn_count(mandala)
        if count == 0:
            return FactAnswer(kind="not_found", text=f"Maṇḍala {mandala} does not exist: the RigVeda has maṇḍalas "
                              f"1–{index.mandala_count}.", refs=[])
        hymns, verses = _mandala_totals(facts, mandala)
        refs = [f"{mandala}.1.1", f"{mandala}.{hymns}.1"]
        owned = _book_of(question) if not _MANDALA_RE.search(_q(question)) else None
        book = f"Maṇḍala {mandala}, {owned[1]}," if owned else f"Maṇḍala {mandala}"
        if kind == "verse_count":
            text = (f"{book} has {_n(verses)} verses in {_n(hymns)} hymns, "
                    f"from {_cite(mandala, 1)} to {_cite(mandala, hymns, facts.hymn(f'{mandala}.{hymns}').verses)}.")
            refs[1] = f"{mandala}.{hymns}.{facts.hymn(f'{mandala}.{hymns}').verses}"
        else:
            text = f"{book} has {_n(hymns)} hymns, RV {mandala}.1 to RV {mandala}.{hymns}, with {_n(verses)} verses."
            vala = [r for r in facts.valakhilya if r.startswith(f"{mandala}.")]
            if vala:
                text += (f" The count includes the {len(vala)} Vālakhilya (Valakhilya) hymns, "
                         f"RV {vala[0]} to RV {vala[-1]}.")
        if owned and mandala in FAMILY_BOOKS:
            founder = FAMILY_BOOKS[mandala]
            hits, total = _family_share(facts, mandala, founder)
            text += (f" The Anukramaṇī names {founder[:1].upper() + founder[1:]} and his family as "
                     f"seers of {_n(hits)} of its {_n(total)} verses.")
        return FactAnswer(kind=kind, text=text, refs=refs)
    q = _q(question)
    hymns = len(facts.hymns)
    verses = facts.total_verses
    last = facts.hymns[-1]
    refs = ["1.1.1", f"{last.ref}.{last.verses}"]
    mandalas = index.mandala_count
    if kind == "verse_count":
        text = f"The RigVeda has {_n(verses)} verses in {_n(hymns)} hymns and {mandalas} maṇḍalas."
        if facts.valakhilya:
            extra = sum(facts.hymn(ref).verses for ref in facts.valakhilya if facts.hymn(ref) is not None)
            text += (f" This includes the {_n(extra)} verses of the {len(facts.valakhilya)} Vālakhilya hymns "
                     f"(RV {facts.valakhilya[0]}–RV {facts.valakhilya[-1]}); without them there are {_n(verses - extra)}.")
    elif re.search(rf"\bhow many {_MANDALA}\b|\bnumber of {_MANDALA}\b", q):
        text = f"The RigVeda has {mandalas} maṇḍalas (books), with {_n(hymns)} hymns and {_n(verses)} verses."
    else:
        text = f"The RigVeda has {_n(hymns)} hymns in {mandalas} maṇḍalas, with {_n(verses)} verses."
        if facts.valakhilya:
            text += (f" This includes the {len(facts.valakhilya)} Vālakhilya hymns (RV {facts.valakhilya[0]}–"
                     f"RV {facts.valakhilya[-1]}); without them there are {_n(hymns - len(facts.valakhilya))}.")
    per = ", ".join(f"{m}: {index.hymn_count(m)}" for m in range(1, mandalas + 1))
    text += f" Hymns per maṇḍala — {per}."
    return FactAnswer(kind=kind, text=text, refs=refs)
