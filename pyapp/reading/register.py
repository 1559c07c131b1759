"""How the reader wants the answer told, cut from what is asked: "Tell me about the Ṛbhus in simple
words" asks about the Ṛbhus; "in simple words" says how.

Why: every reader after this one takes the question's own words as what to search for, and a register
phrase then becomes the subject ("No verse speaks directly of simple"). The phrases are data
(``pyapp/data/register_phrases.json``: simple, brief, detailed, in English and Hindi); the question
without them is what the rest of the turn reads, and a note says what was set aside and that the answer
quotes the verses as they are (the extractive engine cannot simplify a translation, and does not pretend
to). The register's names are kept on ``Restated.told_as``; no engine reads them yet (a language model's
prompt could), so today the note is their only effect.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Optional, Tuple

from pydantic import BaseModel
from pyapp import data_tables

__all__ = ["Register", "read", "registers"]

DATA_PATH = "data/register_phrases.json"


class Register(BaseModel):
    """A question with its register phrases cut out."""

    question: str  # what is asked
    names: List[str]  # "simple", "brief", "detailed" (in the order found)
    labels: List[str]  # "in simple words", "briefly", "in detail"
    cut: List[str]  # the reader's own words that were set aside


@lru_cache(maxsize=1)
def registers() -> Tuple[Tuple[str, str, Tuple["re.Pattern[str]", ...]], ...]:
    """(name, label, patterns) for each register of the data file."""
    data = data_tables.table(DATA_PATH, {})
    return tuple((entry["name"], entry["label"], tuple(re.compile(p, re.I) for p in entry["patterns"]))
                 for entry in data.get("registers", []))


_LEFTOVER = re.compile(r"\s+([?.!,;:])")
# "Who is Agni? Explain briefly.": the request left bare after its question ("Explain") says nothing more
_BARE_REQUEST = re.compile(r"(?<=[?.!])\s*(?:please\s+)?(?:explain|describe|tell(?: me| us)?|answer|elaborate)(?:\s+(?:it|this|that|please))?\s*[?.!]*$", re.I)
_DANGLING = re.compile(r"(?:[\s,;:–—-]+(?:and|or|but|please|pls|plz|,))+\s*(?=[?.!]*$)|^[\s,;:–—-]+", re.I)


_LEADING_OF = re.compile(r"^(?:of|on|about)\s+", re.I)  # "tl;dr of RV 1.154": the register was the head
# a passage and nothing else: a reference or a hymn's name ("RV 1.154", "hymn 10.129", "the Nāsadīya sūkta")
_BARE_PASSAGE = re.compile(r"^(?:(?:rv|rig\s*-?\s*veda|rgveda|hymn|sukta|the hymn)\s*)?\d{1,2}\s*[.:]\s*\d{1,3}(?:\s*[.:]\s*\d{1,3})?\s*[?.!]*$", re.I)


def read(question: str) -> Optional[Register]:
    """``question`` without its register phrases, or None when it has none (or is nothing else)."""
    text = question or ""
    names: List[str] = []
    labels: List[str] = []
    cut: List[str] = []
    for name, label, patterns in registers():
        for pattern in patterns:
            match = pattern.search(text)
            if match is None:
                continue
            cut.append(match.group(0).strip())
            text = text[:match.start()] + " " + text[match.end():]
            if name not in names:
                names.append(name)
                labels.append(label)
    if not names:
        return None
    text = " ".join(text.split())
    text = _DANGLING.sub("", text)
    text = _LEFTOVER.sub(r"\1", text)
    text = re.sub(r"[,;:–—-]+\s*([?.!])", r"\1", text).strip(" ,;:–—-")
    text = _BARE_REQUEST.sub("", text).strip()
    text = _LEADING_OF.sub("", text)
    if "brief" in names and _BARE_PASSAGE.match(text):  # "6.61 in a nutshell?", "tl;dr of RV 1.154": its summary
        text = "Summarize " + ("hymn " + text.rstrip("?.! ") if re.match(r"^\d", text) else text.rstrip("?.! "))
    if len(re.findall(r"\w+", text)) < 2:  # "in short?" alone: nothing else was asked
        return None
    return Register(question=text, names=names, labels=labels, cut=cut)
