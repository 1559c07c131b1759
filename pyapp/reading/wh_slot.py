"""The slot a direct question asks to have filled, and the words that constrain it.

Why: "Whose chariot is pulled by goats?", "How many horses draw the Sun's chariot?", "How did Indra
kill Namuci?" each ask for one thing (a name, a number, an instrument) that the verses state; the
rest of the question (the verb and its objects) says which verses state it. Reading the slot and its
constraint words is what lets ``pyapp.agents.extract`` gather candidate fillers from the verses and
weigh each by how many constraint words it stands beside. Questions in other languages arrive here
already read into English (``pyapp.reading.gloss``), so English patterns serve them too.

Kinds: ``who`` (who / whom / which god / what demon …), ``whose`` (the owner of the noun that
follows), ``how_many`` (the counted noun), ``what_animal`` (what animal / bird / creature), ``how``
(the means), ``why`` (the purpose or result). "Who is Agni?" is an identity question, not a slot.
"""
from __future__ import annotations

import re
from typing import List, Optional, Sequence

from pydantic import BaseModel, Field

from pyapp.agents.text import ENGLISH_STOP, fold

_BEINGS = (r"god|goddess|deity|deities|gods|seer|sage|poet|rishi|hero|demon|fiend|being|king|warrior|priest|"
           r"one|ones|pair|twins|brothers|sons|daughter|son")
_WHO = re.compile(rf"^\W*(?:(?:and|so|then)\s+)?(?:who|whom|(?:which|what)\s+(?:\w+\s+)?(?:{_BEINGS})s?)\b\s*(?P<rest>.*)$",
                  re.I)
_WHOSE = re.compile(r"^\W*(?:(?:and|so|then)\s+)?whose\s+(?P<noun>[a-z][\w'-]*)\s*(?P<rest>.*)$", re.I)
_ANIMAL = re.compile(r"^\W*(?:(?:and|so|then)\s+)?(?:what|which)\s+(?:kind\s+of\s+)?(?P<noun>animals?|birds?|creatures?|beasts?)\b"
                     r"\s*(?P<rest>.*)$", re.I)
_HOW_MANY = re.compile(r"^\W*(?:(?:and|so|then)\s+)?how\s+many\s+(?P<noun>[a-z][\w'-]*)\s*(?P<rest>.*)$", re.I)
_HOW = re.compile(r"^\W*(?:(?:and|so|then)\s+)?(?:how|in\s+what\s+way|by\s+what\s+means|with\s+what)\b"
                  r"(?!\s+(?:many|much|often|long|old|far|big|large)\b)\s*(?P<rest>.*)$", re.I)
# "how do the hymns describe / portray …", "how is Agni depicted": the verses' picture, not a filler
_PORTRAYED = re.compile(r"^(?:do|does|did|is|are|was|were)\b.{0,60}?\b(?:describ|portray|depict|pictur|imagin|present|"
                        r"characteri[sz]|show)\w*\b", re.I)
_WHY = re.compile(r"^\W*(?:(?:and|so|then)\s+)?(?:why|for\s+what\s+reason|for\s+what\s+purpose)\b\s*(?P<rest>.*)$", re.I)
# "who is Agni?" asks who someone is; "who is called …", "who was the first to …" still ask for a name
_COPULA_ONLY = re.compile(r"^(?:is|are|was|were|'s)\s+(?!called\b|known\b|named\b|said\b|the\s+(?:one|god|first|father|mother|son|"
                          r"daughter|lord|king|slayer|killer)\b)", re.I)
_FRAME = frozenset("""
does did do is are was were be been being has have had the a an of in on to for by with and or from into
according rigveda veda vedic rv hymn hymns verse verses say says said tell mean means called known named
get got make made use used that which who whom whose what there their its his her them it they he she
without down out off away also
""".split())


def _names_first(rest: str, names: Sequence[str]) -> bool:
    """Whether the words after "who is" open with one of the question's names: then the rest is an
    apposition ("Who is Agni the fire priest?") and the question asks who the god is, not for a filler."""
    head = rest.strip().lower()
    return any(name and head.startswith(name.lower()) for name in names)


class Slot(BaseModel):
    """What the question asks to be filled and the words that pick the verses stating it."""

    kind: str  # who | whose | how_many | what_animal | how | why
    noun: str = ""  # whose <noun>, how many <noun>, what <animal>
    words: List[str] = Field(default_factory=list)  # constraint words (folded, lower case), names excluded
    rest: str = ""  # the question after its wh-phrase, as typed ("stole the cows")


def _skeleton(word: str) -> str:
    """"pushan" and "pusan", "shambara" and "sambara" alike (the aspirate h dropped)."""
    return re.sub(r"(?<=[kgcjtdpbs])h", "", word)


# a who question's verb even when it is a framing word elsewhere ("who made the bolt?" asks for the maker;
# "what is soma made of?" does not)
_DEEDS = frozenset("make made get got use used".split())


def _constraints(rest: str, names: Sequence[str], keep: frozenset = frozenset()) -> List[str]:
    name_parts = {_skeleton(p) for n in names for p in re.findall(r"[a-z]+", fold(n))}
    out: List[str] = []
    for word in re.findall(r"[a-z]+", fold(rest)):
        if len(word) < 3 or (word in _FRAME and word not in keep) or word in ENGLISH_STOP or _skeleton(word) in name_parts:
            continue
        if any(_skeleton(word).startswith(p[:4]) for p in name_parts if len(p) >= 4):
            continue  # "vritra's", "pushans"
        if word not in out:
            out.append(word)
    return out


def read_slot(question: str, names: Sequence[str] = ()) -> Optional[Slot]:
    """The slot of a direct question, or None ("Who is Agni?", "What does ṛta mean?", a statement)."""
    text = " ".join((question or "").split())
    if not text:
        return None
    match = _WHOSE.match(text)
    if match:
        noun = match.group("noun").lower()
        return Slot(kind="whose", noun=noun, rest=match.group("rest"),
                    words=_constraints(f"{noun} {match.group('rest')}", names))
    match = _ANIMAL.match(text)
    if match:
        return Slot(kind="what_animal", noun=match.group("noun").lower(), rest=match.group("rest"),
                    words=_constraints(match.group("rest"), names))
    match = _HOW_MANY.match(text)
    if match:
        noun = match.group("noun").lower()
        return Slot(kind="how_many", noun=noun, rest=match.group("rest"),
                    words=_constraints(f"{noun} {match.group('rest')}", names))
    for kind, pattern in (("who", _WHO), ("why", _WHY), ("how", _HOW)):
        match = pattern.match(text)
        if not match:
            continue
        rest = match.group("rest")
        if kind == "how" and _PORTRAYED.match(rest):
            return None  # "How do the hymns describe Agni's flames?": a description is asked, not a means
        if kind == "who" and _COPULA_ONLY.match(rest) and (len(_constraints(rest, names)) < 2
                                                         or _names_first(rest[_COPULA_ONLY.match(rest).end():], names)):
            return None  # "Who is Agni?", "Who is Agni the fire priest?": who the god is, answered elsewhere
        words = _constraints(rest, names, _DEEDS if kind == "who" else frozenset())
        return Slot(kind=kind, rest=rest, words=words) if words else None
    return None
