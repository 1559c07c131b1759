"""Life situations: "I'm leaving on a road trip next week, is there a hymn I can recite?", "we just
moved into a new house, which hymn blesses a home?", "going camping alone in the forest, anything in
the RigVeda about it?".

Why a table: the reader's situation (a journey, a new house, ploughing, an exam, a lost cow) is not
in the hymns' English, and the framing around it ("I'm a farmer", "honestly a bit scared") is not
what they want searched. The tradition answers such questions with the god who owns the situation
(Pūṣan for roads and lost things, Vāstoṣpati for a house, Kṣetrapati and Sītā for the field,
Sarasvatī for learning, Araṇyānī for the forest, Uṣas for hope), so ``pyapp/data/situations.json``
maps cue words to those gods' hymns (written in our own words, refs checked by the tests). Only the
cues are matched; a question with no cue, or not asking for a passage, is left to the other readers.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.patterns import _q
from pyapp.facts import FactAnswer
from pyapp.reading.text_named import text_named
from pyapp.reading.topic_words import best_entry

__all__ = ["Situation", "situations", "match", "answer"]

DATA_PATH = "data/situations.json"

_REQUEST = re.compile(r"\b(?:is there|are there|any|anything|something|which|suggest|recommend|should|could|can|"
                      r"may|want|need|looking for|give me|tell me|what (?:hymn|verse|mantra|prayer|sukta)s?)\b")
_PERSONAL = re.compile(r"\b(?:i|i'm|im|i've|my|we|we're|we've|our|myself|someone|somebody|going|tomorrow|"
                       r"next week|this week|this weekend|tonight|today|lately|soon)\b")


class Situation:
    """One situation of the table: its cue patterns, the gods it turns to and their hymns."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.id: str = raw["id"]
        self.label: str = raw["label"]
        self.gods: str = raw["gods"]
        self.about: str = raw["about"]
        self.refs: List[str] = list(raw["refs"])
        self.cues: List[Tuple[str, "re.Pattern[str]"]] = [
            (c, re.compile(r"\b" + re.escape(c).replace(r"\*", r"\w*") + r"\b")) for c in raw["cues"]]

    def weight(self, q: str) -> int:
        """The characters of cue text the question matches: the longer cue wins ("lost my father"
        is grief, "lost" alone is a lost thing)."""
        return sum(len(c.rstrip("*")) for c, pattern in self.cues if pattern.search(q))


@lru_cache(maxsize=1)
def situations() -> Tuple[Situation, ...]:
    return tuple(Situation(e) for e in data_tables.table(DATA_PATH, {}).get("entries", ()))


@lru_cache(maxsize=1)
def _god_names() -> "re.Pattern[str]":
    from pyapp.lexicon import CURATED_NAMES

    return re.compile(r"\b(?:" + "|".join(sorted((re.escape(n) for n in CURATED_NAMES), key=len, reverse=True)) + r")\b")


def match(question: str) -> Optional[Situation]:
    """The situation the question brings, when it asks the RigVeda for a passage about something
    happening to the reader (``None`` otherwise: "what does the RigVeda say about war?"). A question
    naming a god or seer asks about that one ("a prayer to Savitar my grandmother chanted"), not
    which god the tradition turns to."""
    q = _q(question)
    if not (text_named(question).any and _REQUEST.search(q) and _PERSONAL.search(q)):
        return None
    if _god_names().search(q):
        return None
    return best_entry(situations(), lambda s: s.weight(q))


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """"For a journey, the hymns to Pūṣan, lord of the roads, ask him …" with the verses cited."""
    found = match(question)
    if found is None:
        return None
    refs = [r for r in found.refs if index.by_ref(r) is not None]
    if not refs:
        return None
    cites = " ".join(f"[RV {r}]" for r in refs[:5])
    text = f"For {found.label}, {found.gods} {found.about} {cites}."
    hymns = sorted({r.rsplit(".", 1)[0] for r in refs}, key=lambda r: tuple(int(x) for x in r.split(".")))
    return FactAnswer(kind="list", text=text, refs=refs[:10], subject_hymns=hymns)
