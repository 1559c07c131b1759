"""A worksheet task over a list of the hymns' names ("match the god to his weapon: Indra, Rudra, Maruts,
Varuṇa", "make a table: Uṣas, Rātrī, Sūrya", "relaciona cada himno con su tema: 10.90, 10.34, 7.103").

Why: students copy such tasks whole. Read as one question, the names and the task's words mix: the
search looks for a verse that names them all (a hymn to all the gods) or takes the task's own words as the
topic ("No verse speaks directly of match and weapon"), and most of the names go unanswered. Each name is
a question the app answers well on its own ("Who is Rudra?", "What is RV 10.34 about?"), so the list is
taken one by one, like several questions in one message (``pyapp.reading.several``), and the answer opens
with one line per name. The task's words are data (``pyapp/data/worksheet_words.json``, many languages);
the names come from the lexicon (or, in another script, from the question read into English), so no name
and no wording is written here.
"""
from __future__ import annotations

import re
from typing import List, Sequence

from pyapp.data_tables import table
from pyapp.diacritics import strip_marks

FEWEST = 3  # two names are a comparison ("Mitra and Varuṇa"), answered together as today
MOST = 6
_REF = re.compile(r"(?<![\d.])(?:rv\s*)?(10|[1-9])\.(\d{1,3})(?:\.(\d{1,2}))?(?![\d.]*\d)", re.IGNORECASE)


def _folded(text: str) -> str:
    """Lower case without combining marks (cue and message folded alike, so any script compares)."""
    return strip_marks(text.lower())


def _cues() -> List[str]:
    return [c for c in table("data/worksheet_words.json", {}).get("cues", []) if c]


_ASKED = re.compile(r"^\W*(?:who|whom|whose|what|which|how|why|where|when|is|are|was|were|do|does|did|can|could)\b",
                    re.IGNORECASE)


def is_worksheet(text: str) -> bool:
    """The message is a task (not an English question: "Which is the best match for Indra among …?" asks
    one thing) carrying one of the worksheet's task words (a whole word in spaced scripts)."""
    if _ASKED.match(text or ""):
        return False
    folded = _folded(text)
    for cue in _cues():
        cue_f = _folded(cue)
        if cue_f.isascii():
            if re.search(rf"\b{re.escape(cue_f)}\b", folded):
                return True
        elif cue_f in folded:
            return True
    return False


def references(text: str) -> List[str]:
    """The hymn and verse numbers the message lists ("10.90, 10.34, 7.103"), in order, each once."""
    return list(dict.fromkeys(".".join(g for g in m.groups() if g) for m in _REF.finditer(text)))


_PARTS = re.compile(r"\s[-–—]\s|[—–:;()\[\]\n]|\s(?:\(?[a-dA-Dक-घ]\)|[a-dA-D]\.)\s")
_COMMA = re.compile(r"[,，、،]")


def listed_part(text: str) -> str:
    """The stretch of the message that lists the items: of the parts between dashes, colons and brackets,
    the one with the most commas ("match the following: Agni, Varuṇa, Pūṣan, Yama — (a) guardian of roads
    …": the names, not the options, whose words may look like names)."""
    parts = [p for p in _PARTS.split(text or "") if p and p.strip()]
    return max(parts, key=lambda p: len(_COMMA.findall(p)), default="") if parts else ""


def rows(text: str, names: Sequence[str]) -> List[str]:
    """One question per listed name or reference when the message is a worksheet task over at least
    ``FEWEST`` of them; [] otherwise (the message is answered whole)."""
    if not is_worksheet(text):
        return []
    refs = references(listed_part(text))
    if len(refs) >= FEWEST:
        return [f"What is RV {ref} about?" for ref in refs[:MOST]]
    listed = list(dict.fromkeys(n for n in names if n))
    if len(listed) >= FEWEST:
        from pyapp.reading.god_attribute import attribute_in  # a thing each god is matched to: his weapon, his animal

        attribute = attribute_in(text)
        if attribute is not None:
            return [f"What is {name}{chr(39) if name.endswith('s') else chr(39) + 's'} {attribute['noun']}?"
                    for name in listed[:MOST]]
        return [f"Who is {name}?" for name in listed[:MOST]]
    return []


def first_sentence(answer: str, limit: int = 260) -> str:
    """The opening sentence of a part's answer, for the one-line-per-name list at the top."""
    line = " ".join((answer or "").split("\n\n")[0].split())
    cut = re.search(r"(?<=[.!?])\s+(?=[A-Z0-9“\"(])", line)
    line = line[:cut.start()] if cut else line
    return line if len(line) <= limit else line[:limit - 1].rsplit(" ", 1)[0] + " …"


__all__ = ["FEWEST", "MOST", "first_sentence", "is_worksheet", "references", "rows"]
