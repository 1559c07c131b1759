"""Questions about the RigVeda as a text, which no verse answers: how old it is, its language, when it was
written down, how it was preserved, who compiled it, where it was composed, its recensions, the syllable om,
its kinship with the Avesta, its translations.

Why: these are among the questions readers ask most, and the verse search can only answer them with verses
that share a word ("as of old", "language", "preserve us"), which looks like an answer and is not one. What
scholars infer about the text is data (``pyapp/data/about_text.json``: cues, a note in our own words that
says the hymns themselves do not state it, and the verses the note points to), so the answer's first
sentence answers and says where the answer comes from. A question must also name the RigVeda, the Vedas
or the hymns where the cue alone could be about a god ("how old is Agni?", "where did Indra live?").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.patterns import _q
from pyapp.reading.text_named import text_named

__all__ = ["answer", "entry_for", "entries"]

DATA_PATH = "data/about_text.json"
# a question about a hymn, a verse or a god's own story is the other readers' ("where was hymn 3.33 composed?")
_ONE_PART = re.compile(r"\b\d{1,2}\s*[.:]\s*\d{1,3}\b|\b(?:this|that|which|the) (?:hymn|verse|sukta|mantra)\b")


@lru_cache(maxsize=1)
def entries() -> Tuple[Tuple[Dict[str, Any], Tuple["re.Pattern[str]", ...]], ...]:
    raw = data_tables.table(DATA_PATH, {})
    return tuple((entry, tuple(re.compile(cue) for cue in entry["cues"])) for entry in raw.get("entries", []))


def entry_for(question: str) -> Optional[Dict[str, Any]]:
    """The table's entry the question asks about, or ``None``."""
    q = _q(question)
    if not q or _ONE_PART.search(q):
        return None
    text = text_named(question)  # the text itself: "the Rigveda", "RV", "the Vedas", "Vedic hymns", "the hymns"
    named = text.rigveda or text.vedas or text.the_hymns
    for entry, cues in entries():
        if entry.get("needs_name", True) and not named:
            continue
        if any(cue.search(q) for cue in cues):
            return entry
    return None


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The note of the entry the question asks about, with the verses it points to; else ``None``."""
    entry = entry_for(question)
    if entry is None:
        return None
    refs = [r for r in entry.get("refs", []) if index is None or index.by_ref(r) is not None]
    text = entry["text"]
    if refs:
        text += " " + " ".join(f"[RV {r}]" for r in refs[:3])
    return FactAnswer(kind="about_text", text=text, refs=refs[:10],
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))
