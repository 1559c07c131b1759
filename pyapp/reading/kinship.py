"""Family ties of the gods ("Who is Uṣas's sister?", after a turn about Uṣas "and who is her
sister?"), answered by code from ``pyapp/data/kinship.json``.

Why a table: the verses that say it use the relation word beside a name that is not the one asked
about ("Sister of Varuṇa, sister of Bhaga" is said *to* Dawn; "the elder Sister" who yields her
place is Night, unnamed in that verse), so search finds the right verses and the answer still never
says who. A short table of ties the hymns state, each with the verses that state them, lets the
first sentence name the relative and cite those verses, like the other facts (``pyapp.facts``).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Optional, Tuple

from pyapp import data_tables
from pyapp.facts import FactAnswer
from pyapp.lexicon import norm


@lru_cache(maxsize=1)
def _ties() -> List[dict]:
    return data_tables.table("data/kinship.json", {}).get("ties", [])


# "who is Uṣas's sister", "who are the Maruts' parents", "who is the father of Yama", "whose son is …" no
_POSSESSIVE = re.compile(r"\bwho(?:'s| is| was| are| were)\s+(?:the\s+)?(.+?)(?:'s|’s|s'|’)\s+([a-z ]+?)\s*[?.!]*$", re.I)
_OF = re.compile(r"\bwho(?:'s| is| was| are| were)\s+(?:the\s+)?([a-z ]+?)\s+of\s+(?:the\s+)?(.+?)\s*[?.!]*$", re.I)


def _subject_and_relation(question: str) -> Optional[Tuple[str, str]]:
    text = " ".join(question.split())
    match = _POSSESSIVE.search(text)
    if match:
        return match.group(1), match.group(2)
    match = _OF.search(text)
    if match:
        return match.group(2), match.group(1)
    return None


def find_tie(question: str) -> Optional[dict]:
    """The tie a "who is X's <relation>?" question asks for, or None."""
    found = _subject_and_relation(question)
    if found is not None:
        subject, relation = norm(found[0]), norm(found[1])
        for tie in _ties():
            if relation in (norm(r) for r in tie["relation"]) and subject in (norm(n) for n in tie["of"]):
                return tie
    return _tie_in_words(question)


# a question that asks for a relative, however it goes on: "who/whose …", "… was born of …"
_ASKS_KIN = re.compile(r"\b(?:who|whom|whose|born\s+(?:of|from))\b", re.I)
# "whose daughter is Sūryā?": the relation asked is the other side of the one named
_INVERSE = {"daughter": ("father", "parent", "mother"), "son": ("father", "parent", "mother"),
            "sons": ("father", "parent", "mother"), "child": ("father", "parent", "mother"),
            "children": ("father", "parent", "mother"), "wife": ("husband",), "bride": ("husband", "groom"),
            "husband": ("wife",), "sister": ("sister", "brother"), "brother": ("brother", "sister"),
            "gave birth": ("mother", "parent"), "bore": ("mother", "parent")}  # "who gave birth to the Maruts?"


def _single(key: str) -> str:
    """Long vowels typed doubled ("Suryaa", "Pooshan") as one letter, as the folded table names have them."""
    return re.sub(r"([aeiou])\1", r"\1", key)


def _tie_in_words(question: str) -> Optional[dict]:
    """The tie a question names in other words: a relation word and a name the table has, both in the question
    ("Who is the mother of the Ashvins according to the Rigveda?", "Whose daughter is Sūryā, the bride of the
    wedding hymn?", "Who is Indra's mother and what did she give him?"); the name nearest the relation word wins.
    None unless the question asks who (or "born of")."""
    text = f" {_single(norm(question))} "
    if not _ASKS_KIN.search(question):
        return None
    whose = re.search(r" whose (\w+) ", text) or re.search(r" (gave birth|bore) ", text)
    best: Optional[Tuple[Tuple[bool, int, int], dict]] = None
    for tie in _ties():
        names = [m.start() for n in tie["of"] for m in re.finditer(rf" {re.escape(_single(norm(n)))}(?:s)? ", text)]
        if not names:
            continue
        wanted = _INVERSE.get(whose.group(1), ()) if whose else ()
        relations = [norm(r) for r in tie["relation"]]
        if wanted:
            rank = next((i for i, r in enumerate(wanted) if r in relations), len(wanted))
            places = [whose.start()] if rank < len(wanted) else []
        else:
            rank = 0
            places = [m.start() for r in relations for m in re.finditer(rf" {re.escape(r)} ", text)]
        if not places:
            continue
        # a named god before "the gods" ("the storm gods, the Maruts"), then the nearest, then the closest relation
        key = ("gods" in tie["of"], min(abs(a - b) for a in names for b in places), rank)
        if best is None or key < best[0]:
            best = (key, tie)
    return best[1] if best is not None else None


def answer(question: str) -> Optional[FactAnswer]:
    """The tie stated with its verses, in the shape of the index's facts; None when not asked."""
    tie = find_tie(question)
    if tie is None:
        return None
    relation = tie["relation"][0]
    cites = " ".join(f"[RV {ref}]" for ref in tie["refs"][:3])
    name = tie["of"][0]
    owner = f"{name}'" if name.endswith("s") else f"{name}'s"
    text = f"{owner} {relation}: {tie['is']}. {tie['note']} {cites}"
    return FactAnswer(kind="kinship", text=text, refs=list(tie["refs"]))
