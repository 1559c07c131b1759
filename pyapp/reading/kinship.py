"""Family ties of the gods ("Who is Uṣas's sister?", after a turn about Uṣas "and who is her
sister?"), answered by code from ``pyapp/data/kinship.json``.

Why a table: the verses that say it use the relation word beside a name that is not the one asked
about ("Sister of Varuṇa, sister of Bhaga" is said *to* Dawn; "the elder Sister" who yields her
place is Night, unnamed in that verse), so search finds the right verses and the answer still never
says who. A short table of ties the hymns state, each with the verses that state them, lets the
first sentence name the relative and cite those verses, like the other facts (``pyapp.facts``).
"""
from __future__ import annotations

import json
import pkgutil
import re
from functools import lru_cache
from typing import List, Optional, Tuple

from pyapp.facts import FactAnswer
from pyapp.lexicon import norm


@lru_cache(maxsize=1)
def _ties() -> List[dict]:
    raw = pkgutil.get_data("pyapp", "data/kinship.json")
    return json.loads(raw.decode("utf-8"))["ties"] if raw else []


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
    if found is None:
        return None
    subject, relation = norm(found[0]), norm(found[1])
    for tie in _ties():
        if relation in (norm(r) for r in tie["relation"]) and subject in (norm(n) for n in tie["of"]):
            return tie
    return None


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
