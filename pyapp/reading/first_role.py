"""Who the hymns call the first of a kind: "who was the first man?", "the first mortal to die", "who first
kindled the sacred fire?", "the earliest sacrificer", "the first poet" (issue 19, set 19).

Why a reader of its own: such a question's words ("first", "man") are everywhere in the hymns, so the direct
answer reader took the subject of the nearest sentence with "first" in it ("Indra was the first man", from
"I trust in thy first wrathful deed, O Indra … to profit man"). Who is "the first X" is what the hymns *say*
together: a verse that has their word for "first" (prathama, pūrvya, pūrva) beside their word for the role
(martya, manu "man"; yaj-, hotṛ "sacrifice"; sam-idh "kindle"; kavi, ṛṣi "poet"; mṛtyu, gātu "death, the
path") and a person of the legends (Manu, Yama, Atharvan, the Aṅgirases …). The table
(``pyapp/data/first_roles.json``) is data: the roles' words and the legends' people, never an answer; the
answer is the person most such verses name (Manu for the first man and the first to kindle the fire, Yama for
the first to die and find the path), quoted from the verse that shows it best (addressed to that person, or
whose English says "first" with the name). Where no verse joins the three, the answer says so. Gods are not
among the people on purpose: the question asks for a first among men.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp.data_tables import table
from pyapp import facts as F
from pyapp.factbook.patterns import _q
from pyapp.reading.first_mention import _lines
from pyapp.search.translit import fold_sanskrit

__all__ = ["Role", "answer", "role_asked"]

DATA_PATH = "data/first_roles.json"
SHOWN = 4
QUOTE_CHARS = 220
# "who was the first …", "who first kindled …", "the earliest …, who?", "name the first …"
_FIRST = re.compile(r"\b(?:first|earliest|1st|foremost|original)\b")
_WHO = re.compile(r"\b(?:who|whom|whose)\b|\bname the\b|\bwhich (?:man|mortal|person|human|being|one|seer|poet|priest|"
                  r"sage|ancestor|king)\b")
# the first *mention*, the first hymn or verse, the order of the text: another reader's (first_mention, order)
_NOT = re.compile(r"\b(?:first|earliest|1st)\s+(?:\w+\s+)?(?:hymn|verse|mandala|book|sukta|stanza|word|mention|time|line)s?\b"
                  r"|\b(?:first|earliest)\s+(?:mentioned|named|appears?)\b")
WINDOW = 4  # words between the hymns' "first" and the person it calls first ("yamo no gātum prathamo": 3)


@dataclass(frozen=True)
class Role:
    id: str
    label: str
    cues: Tuple["re.Pattern[str]", ...]
    stems: Tuple[str, ...]
    exact: Tuple[str, ...]


@dataclass(frozen=True)
class Being:
    name: str
    stems: Tuple[str, ...]
    exact: Tuple[str, ...]


def _split(raw: Sequence[str]) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(prefixes, whole words), folded as the padapāṭha's words are."""
    prefixes = tuple(dict.fromkeys(fold_sanskrit(s).lower() for s in raw if s and not s.startswith("=")))
    exact = tuple(dict.fromkeys(fold_sanskrit(s[1:]).lower() for s in raw if s.startswith("=")))
    return prefixes, exact


@lru_cache(maxsize=1)
def _table() -> Tuple[Tuple[str, ...], Tuple[Role, ...], Tuple[Being, ...]]:
    raw = table(DATA_PATH, {})
    first = _split(raw.get("first", []))[0]
    roles = tuple(Role(r["id"], r["label"], tuple(re.compile(c) for c in r["cues"]), *_split(r["stems"]))
                  for r in raw.get("roles", []))
    beings = tuple(Being(b["name"], *_split(b["stems"])) for b in raw.get("beings", []))
    return first, roles, beings


def role_asked(question: str) -> Optional[Role]:
    """The role a "who was the first …?" question asks about (the table's order: the more specific first), or None."""
    q = _q(question)
    if not _FIRST.search(q) or not _WHO.search(q) or _NOT.search(q):
        return None
    after = q[_FIRST.search(q).start():]  # the role is named after "first" ("the first mortal who found the path")
    return next((r for r in _table()[1] if any(c.search(after) for c in r.cues)), None)


def _has(words: Sequence[str], stems: Tuple[str, ...], exact: Tuple[str, ...]) -> bool:
    return any(w in exact or (stems and w.startswith(stems)) for w in words)


def _quote(verse: Any) -> str:
    text = " ".join((verse.translation or verse.roman or "").split())
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    return f"“{text}”"


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """The person of the legends whom most verses call first in the role asked, or that none is; None when the
    question asks no such thing (or the padapāṭha is not loaded)."""
    role = role_asked(question)
    pp = getattr(searcher, "padapatha", None)
    if role is None or pp is None or index is None:
        return None
    first, _, beings = _table()
    named: Dict[str, List[str]] = {}
    gap: Dict[Tuple[str, str], int] = {}  # (person, ref): words between the person and "first"
    with_role: Counter = Counter()  # verses naming the person beside the role's words, "first" or not: a tie's judge
    for ref, words in _lines(pp):
        if not _has(words, role.stems, role.exact):
            continue
        at_first = [i for i, w in enumerate(words) if w.startswith(first)]
        for being in beings:
            near = [i for i, w in enumerate(words) if _has([w], being.stems, being.exact)]
            if not near:
                continue
            with_role[being.name] += 1
            nearest = min((abs(i - j) for i in near for j in at_first), default=WINDOW + 1)
            if nearest <= WINDOW:  # the person the verse calls first
                named.setdefault(being.name, []).append(ref)
                gap[(being.name, ref)] = nearest
    if not named:
        return F.FactAnswer(kind="not_found", text=(
            f"No verse of the RigVeda calls anyone of its legends the first {role.label}: none has the hymns' word "
            f"for “first” (prathama, pūrvya) beside their words for it and a person such as Manu or Yama."), refs=[])
    counts = Counter({name: len(refs) for name, refs in named.items()})
    order = {b.name: i for i, b in enumerate(beings)}
    name = min(counts, key=lambda n: (-counts[n], -with_role[n], order[n]))
    refs = named[name]
    key = fold_sanskrit(name.split()[-1]).lower()[:4]

    def shows(ref: str) -> Tuple[int, int, int, int]:
        verse = index.by_ref(ref)
        if verse is None:
            return (1, WINDOW + 1, 1, 1)
        addressed = key in fold_sanskrit(verse.deity or "").lower()
        english = (verse.translation or "").lower()
        says = "first" in english and key in fold_sanskrit(english).lower()
        return (0 if addressed else 1, gap[(name, ref)], 0 if says else 1, refs.index(ref))

    ranked = sorted(refs, key=shows)
    lead = index.by_ref(ranked[0])
    others = [r for r in ranked[1:SHOWN]]
    verb = "are" if name.startswith("the ") else "is"
    text = (f"{name[:1].upper() + name[1:]} {verb} the first {role.label} in the hymns' own words: {F._plural(len(refs), 'verse')} of the RigVeda "
            f"{'names' if len(refs) == 1 else 'name'} {name} with the word “first” (prathama, pūrvya) and the word "
            f"for it, as RV {lead.ref}: {_quote(lead)} [RV {lead.ref}].")
    if others:
        text += " Also " + ", ".join(f"RV {r}" for r in others) + "."
    rivals = [n for n, c in counts.most_common(3) if n != name]
    if rivals:
        text += f" Fewer such verses name {' and '.join(rivals)}."
    out = [lead.ref] + others
    return F.FactAnswer(kind="list", text=text, refs=out[:F.REFS_LIMIT],
                        subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in out)))
