"""A verse asked for by a famous later use: "the verse a judge quoted about noble thoughts", "the mantra
chanted 108 times in Śiva temples", "the song that opens Bharat Ek Khoj".

Why a table: the later use (a television series, a court's order, a temple's chant) is not in the hymns,
and the words readers quote are a later rendering ("let noble thoughts come to us from every side"),
not Griffith's, so neither the search nor the named passages find the verse. ``pyapp/data/later_uses.json``
maps the use's cue words (or two words that only together mean it) to the passage and one sentence that
names it first. A question that names no such use is left to the other readers.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.patterns import _q
from pyapp.facts import FactAnswer

__all__ = ["LaterUse", "later_uses", "match", "answer"]

DATA_PATH = "data/later_uses.json"


def _cue(text: str) -> "re.Pattern[str]":
    return re.compile(r"(?<![\w-])" + re.escape(text).replace(r"\*", r"\w*") + r"(?![\w-])")


class LaterUse:
    """One later use: its cues, its cue pairs, the passage and the sentence naming it."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.id: str = raw["id"]
        self.cues = [_cue(c) for c in raw["cues"]]
        self.pairs = [(_cue(a), _cue(b)) for a, b in raw.get("pairs", [])]
        self.refs: List[str] = list(raw["refs"])
        self.text: str = raw["text"]

    def matches(self, q: str) -> bool:
        return any(c.search(q) for c in self.cues) or any(a.search(q) and b.search(q) for a, b in self.pairs)


@lru_cache(maxsize=1)
def later_uses() -> Tuple[LaterUse, ...]:
    return tuple(LaterUse(e) for e in data_tables.table(DATA_PATH, {}).get("entries", ()))


def match(question: str) -> Optional[LaterUse]:
    """The later use the question names; a question in an Indic or other non-Latin script is also read in
    Latin letters ("శ్రీ సూక్తం" → "sri suktam", "दुर्गा सूक्त" → "durga sukta"), so the table's Latin cues
    serve every script the app romanises."""
    q = _q(question)
    found = next((use for use in later_uses() if use.matches(q)), None)
    if found is None and any(ord(ch) > 0x36F for ch in question):
        try:
            from pyapp.reading.script import romanise

            latin = _q(romanise(question))
        except Exception:
            latin = q
        if latin != q:
            found = next((use for use in later_uses() if use.matches(latin)), None)
    return found


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The passage the later use the question names comes from, or ``None``."""
    use = match(question)
    if use is None or index is None:
        return None
    refs = [r for r in use.refs if index.by_ref(r) is not None]
    if not refs:
        return None
    text = use.text + " " + " ".join(f"[RV {r}]" for r in refs) + "."
    hymns = list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs))
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=hymns)
