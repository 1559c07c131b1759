"""The first and last hymn or verse of a maṇḍala or of the RigVeda.

Why apart: "first"/"last" are positions, resolved by :func:`pyapp.search.refs.resolve` like "the last
verse of 10.191"; the answer then names the hymn's addressee and seer.
"""
from __future__ import annotations

import re
from typing import Optional

from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.hymns import _addressee_phrase
from pyapp.factbook.patterns import _HYMN, _VERSE, _q
from pyapp.factbook.table import Facts, _main
from pyapp.factbook.targets import _WHOLE_RV, _mandala_of
from pyapp.factbook.wording import _cite, _named, _plural
from pyapp.search.refs import ParsedReference, parse_reference, resolve

def _first_last_answer(question: str, facts: Facts) -> Optional[FactAnswer]:
    parsed = parse_reference(question)
    if parsed is None:
        q = _q(question)
        match = re.search(rf"\b(first|opening|1st|last|final|closing|concluding)\s+({_HYMN}|{_VERSE})\b", q)
        if not match:
            return None
        last = match.group(1) in ("last", "final", "closing", "concluding")
        mandala = _mandala_of(question)
        if mandala is None:
            if not _WHOLE_RV.search(q):
                return None
            mandala = 10 if last else 1
        is_hymn = re.fullmatch(_HYMN, match.group(2)) is not None
        parsed = ParsedReference(mandala=mandala, hymn=1, hymn_from_end=last,
                                 verse=None if is_hymn else 1, verse_from_end=last and not is_hymn)
    found = resolve(parsed, facts.index)
    if isinstance(found, str):
        return FactAnswer(kind="not_found", text=found + ".", refs=[])
    first = found[0]
    hymn = facts.hymn(f"{first.mandala}.{first.hymn}")
    if hymn is None:
        return None
    which = "last" if parsed.hymn_from_end else "first"
    whole = _WHOLE_RV.search(_q(question)) and not _mandala_of(question)
    scope = "the RigVeda" if whole else f"maṇḍala {hymn.mandala}"
    if parsed.verse is not None:
        v = found[0].verse
        text = f"The {which} verse of {scope} is RV {hymn.ref}.{v} {_cite(hymn.mandala, hymn.hymn, v)}."
        return FactAnswer(kind="first_last", text=text, refs=[f"{hymn.ref}.{v}"], subject_hymns=[hymn.ref])
    seer = _main(hymn.rishi_runs)
    text = f"The {which} hymn of {scope} is RV {hymn.ref}, addressed to {_addressee_phrase(hymn)[0]} {_cite(hymn.mandala, hymn.hymn)}."
    if seer:
        text += f" Its seer is {_named(seer)}; it has {_plural(hymn.verses, 'verse')}."
    return FactAnswer(kind="first_last", text=text, refs=[f"{hymn.ref}.1"], subject_hymns=[hymn.ref])
