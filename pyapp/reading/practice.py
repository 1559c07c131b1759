"""Practices and modern topics: "Which mantra is recited at weddings / for a safe childbirth / when a
havan starts?", "What does the RigVeda teach about marriage / giving to the poor?", "How are women
portrayed?", "What does it say happens after death?".

Why a table: the words readers use for a rite ("sandhyā", "havan", "cremation") or a modern theme
("women", "charity") are not in the hymns' English, so a search finds verses that share a word
("recite", "daily") and miss the passage every reader means. ``pyapp/data/practices.json`` maps cue
words to the passages (written in our own words, refs checked by the tests); a question matching
no cue falls through to the usual search.

Two forms are read: a *practice* question asks for a mantra, hymn, verse or prayer that is recited,
chanted or used for something; a *theme* question asks what the RigVeda says, teaches or thinks
about something, or how something is portrayed in it. Practices are preferred for the first form
and themes for the second; a question of either form may be answered by an entry of the other kind.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.facts import FactAnswer
from pyapp.factbook.patterns import _q

__all__ = ["Entry", "entries", "knows", "match", "match_theme", "answer_entry", "answer", "names_a_passage"]

DATA_PATH = "data/practices.json"

_PASSAGE = r"(?:mantras?|hymns?|suktas?|suktam|verses?|prayers?|richas?|rcs?|stotras?|chants?|passages?)"
_USE = r"(?:ask|recit\w*|chant\w*|sung|sing|said|say|used?|pray\w*|perform\w*|read|invok\w*|should (?:we|i) \w+)"
_PRACTICE = re.compile(rf"\b{_PASSAGE}\b[^?]*\b{_USE}\b|\b{_USE}\b[^?]*\b{_PASSAGE}\b|\b{_PASSAGE} (?:for|at|during)\b")
_THEME = re.compile(r"\b(?:say|says|said|teach\w*|tell|tells|think|thinks|speak\w*|mention\w*)\b(?: \w+){0,2}? "
                    r"(?:about|on|regarding|concerning|happens?|of)\b|"
                    r"\bhow (?:are|is|were|was|does|do)\b[^?]*\b(?:portray\w*|view\w*|depict\w*|treat\w*|regard\w*|"
                    r"describ\w*|seen|see)\b|"
                    r"\b(?:views?|teachings?|ideas?|attitudes?|position|place|role|status) (?:on|of|about|towards?)\b")


class Entry:
    """One practice or theme of the table: its cue patterns and the passages that answer it."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.id: str = raw["id"]
        self.kind: str = raw["kind"]
        self.label: str = raw["label"]
        self.refs: List[str] = list(raw["refs"])
        self.about: str = raw["about"]
        self.cues = [re.compile(r"\b" + re.escape(c).replace(r"\*", r"\w*") + r"\b") for c in raw["cues"]]
        self.words = [re.compile(re.escape(c).replace(r"\*", r"\w*")) for c in raw["cues"] if " " not in c]

    def hits(self, q: str) -> int:
        return sum(1 for c in self.cues if c.search(q))


@lru_cache(maxsize=1)
def entries() -> Tuple[Entry, ...]:
    return tuple(Entry(e) for e in data_tables.table(DATA_PATH, {}).get("entries", ()))


def knows(word: str) -> bool:
    """Is ``word`` one of the table's cue words ("sandhya", "havan")? The spelling mender leaves
    such words alone: they are the readers' own names for rites, not typing slips."""
    w = word.lower()
    return len(w) >= 4 and any(c.fullmatch(w) for e in entries() for c in e.words)


_TOPIC = re.compile(r".*\b(?:about|on|regarding|concerning|happens?)\b(.*)$")  # after the last such word


def _best(q: str, kinds: Tuple[str, ...], topic: str = "") -> Optional[Entry]:
    """The entry of one of ``kinds`` with the most cue hits (hits in the topic the question asks
    about count three times: "… wrecking his marriage. Does it say anything about gambling?")."""
    scored = [(e.hits(q) + 2 * e.hits(topic), kinds.index(e.kind) if e.kind in kinds else len(kinds), -i, e)
              for i, e in enumerate(entries()) if e.kind in kinds or e.kind == "both"]
    scored = [s for s in scored if s[0] > 0]
    return max(scored, key=lambda s: (s[0], -s[1], s[2]))[3] if scored else None


def _names_text(question: str) -> bool:
    """The RigVeda, the Vedas (or "Vedic") or a hymn word is named (``reading.text_named``)."""
    from pyapp.reading.text_named import text_named

    return text_named(question).any


def match(question: str) -> Optional[Entry]:
    """The table entry the question asks about (``None`` when it is neither form, does not name the
    RigVeda or its hymns — "what does my nakshatra say about my marriage?" is not about them — or
    names no cue). A theme question is answered by themes only; a practice question by either."""
    q = _q(question)
    if not _names_text(question):
        return None
    if _PRACTICE.search(q):
        return _best(q, ("practice", "theme"))
    if _THEME.search(q):
        topic = _TOPIC.search(q)
        return _best(q, ("theme",), topic.group(1) if topic else "")
    return None


def match_theme(question: str) -> Optional[Entry]:
    """The entry a question of any form names, themes first ("Are there hymns by women?")."""
    q = _q(question)
    topic = _TOPIC.search(q)
    return _best(q, ("theme", "practice"), topic.group(1) if topic else "") if _names_text(question) else None


def _verse(ref: str) -> str:
    return ref if ref.count(".") == 2 else f"{ref}.1"


def answer_entry(entry: Entry, index: Any, theme: bool = False) -> Optional[FactAnswer]:
    """The passages of one table entry, the first sentence naming them."""
    refs: List[str] = []
    for ref in entry.refs:
        verse = _verse(ref)
        if verse not in refs and index.by_ref(verse) is not None:
            refs.append(verse)
    if not refs:
        return None
    cites = " ".join(f"[RV {r}]" for r in refs[:4])
    if entry.kind == "practice" or (entry.kind == "both" and not theme):
        text = (f"For {entry.label}, the RigVeda passages used: {entry.about} {cites}. Which verses a family or "
                f"school recites comes from later ritual handbooks and custom; the verses themselves are quoted below.")
    else:
        text = f"On {entry.label}, the RigVeda speaks most directly here: {entry.about} {cites}."
    hymns = sorted({r.rsplit(".", 1)[0] for r in refs}, key=lambda r: tuple(int(x) for x in r.split(".")))
    return FactAnswer(kind="list", text=text, refs=refs[:10], subject_hymns=hymns)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The passages for the practice or theme the question names, the first sentence naming them."""
    entry = match(question)
    if entry is None:
        return None
    theme = not _PRACTICE.search(_q(question))
    if theme and names_a_passage(question):
        return None  # "is reincarnation in the RigVeda?": the named passage's framing answers it ("no rebirth")
    return answer_entry(entry, index, theme=theme)


def names_a_passage(question: str) -> bool:
    """A modern topic that is also a named passage (with its own one-line framing) is left to it."""
    from pyapp.reading.named import find_named

    try:
        return bool(find_named(question))
    except Exception:  # an unreadable table leaves the theme reading in charge
        return False
