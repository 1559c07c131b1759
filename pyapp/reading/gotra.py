"""A reader's gotra or surname, asked as "our ṛṣi's" hymns: "my gotra is Gautam, which suktas are ours?", "Bharadwaj
surname – which part of the RigVeda belongs to our family?", "Shandilya gotra: any hymn by Shandilya?" (set 21).

Why a reader of its own: the question names the family by today's spelling (Kashyap, Bharadwaj, Vashisht) beside the
word *gotra*, which the hymns also use (gotra "a cow-pen"), so the word readers explained *gotra* and the seer was lost.
The seer family is a fact of the index (the Anukramaṇī's seer of every hymn), which the fact reader already lists for
"which hymns did Kaśyapa compose?": this reader finds the family name, asks the fact reader that question (trying the
spellings readers type: w for v, a dropped final a), and when no hymn has a seer of that name says so plainly ("No —
…"), since a gotra ṛṣi of later lists (Śāṇḍilya, Kauṇḍinya) need not be a seer of the RigVeda at all.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional

from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.patterns import _q

__all__ = ["family_name", "answer"]

# "my gotra is X", "X gotra", "gotra: X", "our surname X", "X surname", "X family" beside "our rishi / our family"
_GOTRA = r"(?:gotra|gotram|gothra|surname|family name|last name)"
_FORMS = [
    re.compile(rf"\b(?:my|our|mine|his|her|their) {_GOTRA} (?:is |was |are |=\s*)?(?:the )?([a-z][a-z-]{{2,}})"),
    re.compile(rf"\b{_GOTRA}\s*(?:is|=|:|-)?\s*([a-z][a-z-]{{2,}})\b"),
    re.compile(rf"\b([a-z][a-z-]{{2,}})(?:'s)? {_GOTRA}\b"),
]
_OURS = re.compile(r"\b(?:our|my) (?:rishi|rsi|risi|seer|ancestor|family|forefather)s?\b|\b(?:belongs? to|from) (?:our|my) family\b")
_NOT_NAMES = set("""my our the a an is was are which what any in of and or here there same this that your his her their
hymn hymns rigveda rig veda vedas rishi rsi seer family belong belongs about from by to for with i we me us am
have has do does did know tell which whose who word term mean means meaning name names called""".split())
# the reader speaks of a family of their own or asks for a seer's hymns: only then is an unknown name a plain "no"
_ASKS_SEER = re.compile(r"\b(?:my|our)\b|\bhymns? (?:by|of)\b|\bany (?:hymns?|suktas?|mantras?|verses?)\b|\bby [a-z-]+\W*$|\bcompos\w*|\bwr[io]te\b|\bhere\b|\bbelongs?\b|\bsuktas? (?:by|of)\b")


def family_name(question: str) -> Optional[str]:
    """The family name a gotra/surname question gives ("kashyap gotra here" → "kashyap"), or None."""
    q = _q(question)
    if not re.search(rf"\b{_GOTRA}\b", q) and not _OURS.search(q):
        return None
    for form in _FORMS:
        for m in form.finditer(q):
            word = m.group(1).strip("-")
            if word not in _NOT_NAMES and not word.startswith("gotr"):
                return word
    return None


def _spellings(name: str) -> List[str]:
    """The seer's name as readers type it and as the tables spell it: Bharadwaj → Bharadvaja, Vishwamitra → Vishvamitra."""
    out = [name]
    v = name.replace("w", "v")
    for base in dict.fromkeys([name, v]):
        out += [base, base + "a"]
        if base.endswith("j"):
            out.append(base[:-1] + "ja")
        if base.endswith("sht"):
            out.append(base[:-3] + "shtha")
    return list(dict.fromkeys(out))


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The hymns of the seer family the reader's gotra or surname names; a plain "No — …" when no hymn is a seer's
    of that name; None when the question names no family."""
    name = family_name(question)
    if name is None or index is None:
        return None
    from pyapp import facts

    for spelling in _spellings(name):
        found = facts.answer_fact(f"which hymns did {spelling} compose?", index)
        if found is not None and found.refs:
            return found
    if not _ASKS_SEER.search(_q(question)):
        return None
    shown = name[:1].upper() + name[1:]
    text = (f"No — no hymn of the RigVeda is credited to a seer named {shown}, nor to a seer of that family: the "
            f"Anukramaṇī (the ancient index of the hymns' seers) names none. Gotras are reckoned from ṛṣis of later "
            f"lists as well; the RigVeda's own seer families are those of the family books: Gṛtsamada (maṇḍala 2), "
            f"Viśvāmitra (3), Vāmadeva Gautama (4), Atri (5), Bharadvāja (6) and Vasiṣṭha (7), with the Kaṇvas and "
            f"Aṅgirasas in 8 and many others in 1, 9 and 10.")
    return FactAnswer(kind="not_found", text=text, refs=[], subject_hymns=[])
