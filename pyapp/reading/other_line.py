"""A famous line of a later text asked as the RigVeda's: "is 'aham brahmasmi' from the Rig Veda?", "my teacher
says 'tat tvam asi' is a Rigveda mantra", "which Rigveda verse says yoga is skill in action?", "now I am become
death — is that line from the Rig Veda?" (issue 19, set 19).

Why a reader of its own: such a line is not in the hymns, so a search for its words finds verses that only share
a word ("No verse speaks directly of ahi …") and the quoted-line locator offers its nearest verse as if it were
the source. Where a line comes from is a fact about the line, not about the hymns: the table
(``pyapp/data/other_lines.json``, data) holds each line's usual spellings — IAST, plain roman, Devanagari and
the English renderings readers quote — with its true source, and, where the hymns say the same thing in their
own words (the Chāndogya's "one without a second" and RV 1.164.46), that verse. A key is found in the question
loosely: every word folded as a Sanskrit word (``pyapp.search.translit.fold_sanskrit``: diacritics, aspirates,
doubled letters; other scripts romanised first) and the spaces dropped, so "tattvamasi", "Tat Tvam Asi" and
"तत्त्वमसि" are one key. The answer is the app's refusal (the line is not about the RigVeda), then the line's
real source, then the RigVeda's counterpart where there is one. A question that names a verse number asks
about that verse and is left to the readers of references.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, List, Optional, Tuple

from pydantic import BaseModel

from pyapp.data_tables import table
from pyapp.reading.script import romanise
from pyapp.search.translit import fold_sanskrit

__all__ = ["OtherLine", "compact", "find", "lines"]

DATA_PATH = "data/other_lines.json"
MIN_KEY = 9  # folded letters: a shorter key ("neti neti" folds to 8 but is kept by its repetition) is too common
_REF = re.compile(r"\b\d{1,2}\s*[.:,]\s*\d{1,3}\b")


class OtherLine(BaseModel):
    """One line of the table, as the answer names it."""

    line: str
    english: str
    source: str
    counterpart: str = ""  # "M.H.V" of the RigVeda's own wording of the thought, or ""
    counterpart_note: str = ""

    def sentence(self) -> str:
        """What the answer says after the refusal: the line's real source, then the hymns' counterpart."""
        text = (f"“{self.line}” (“{self.english}”) is not a line of the RigVeda: it is from {self.source}.")
        if self.counterpart:
            text += f" The RigVeda's own counterpart is RV {self.counterpart}: {self.counterpart_note}."
        return text


def compact(text: str) -> str:
    """The text's words folded as Sanskrit and joined without spaces ("Tat Tvam Asi" → "tattvamasi")."""
    roman = romanise(text or "")
    return "".join(fold_sanskrit(word) for word in re.split(r"[\s\-–—_/|,.;:!?\"'“”‘’()\[\]]+", roman.lower()) if word)


@lru_cache(maxsize=1)
def lines() -> Tuple[Tuple[OtherLine, Tuple[str, ...]], ...]:
    """The table's lines with their folded keys; () when it cannot be read."""
    raw = table(DATA_PATH, {})
    out: List[Tuple[OtherLine, Tuple[str, ...]]] = []
    for row in raw.get("lines", []):
        keys = tuple(dict.fromkeys(k for k in (compact(key) for key in row.get("keys", [])) if len(k) >= MIN_KEY - 1))
        out.append((OtherLine(line=row["line"], english=row["english"], source=row["source"],
                              counterpart=row.get("counterpart", ""), counterpart_note=row.get("counterpart_note", "")),
                    keys))
    return tuple(out)


MIN_OPENING = 12  # folded letters of a quoted line's opening words that may stand for the whole line


def _openings(question: str) -> List[str]:
    """The question's quoted spans of two words or more, folded: a reader often quotes only a famous line's first
    words ('mitrasya cakṣuṣā' for "mitrasya cakṣuṣā samīkṣāmahe")."""
    from pyapp.reading.quoted_line import spans

    return [k for k in (compact(span) for span in spans(question) if len(span.split()) >= 2) if len(k) >= MIN_OPENING]


def find(question: str, in_hymns: Optional[Callable[[str], bool]] = None) -> Optional[OtherLine]:
    """The later text's line the question quotes (the longest key found wins), or None: no line of the table,
    or the question names a verse by number (it asks about that verse). A quoted span that is a key's opening
    counts too, unless ``in_hymns(span)`` says the hymns have those words (then they are the hymns' own)."""
    if not question or _REF.search(question):
        return None
    q = compact(question)
    best: Optional[Tuple[int, OtherLine]] = None
    for line, keys in lines():
        found = [len(k) for k in keys if k in q]
        if found and (best is None or max(found) > best[0]):
            best = (max(found), line)
    if best is not None:
        return best[1]
    for span in _openings(question):
        if in_hymns is None or in_hymns(span):
            continue  # without the hymns to ask, an opening alone is not enough
        for line, keys in lines():
            if any(key.startswith(span) for key in keys):
                return line
    return None
