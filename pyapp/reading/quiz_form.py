"""A crossword or quiz clue: the words about the question's form taken out, the letter count kept.

Why: "crossword clue: vedic king of the dead, 4 letters", "crucigrama: diosa védica de la palabra (3 letras)",
"Kreuzworträtsel: … 5 Buchstaben" ask for a name by its description. Their form words ("crossword", "clue",
"letters", "crucigrama") are no words of the hymns, yet the open search took them for the question's content
("No verse speaks directly of crossword, clue and letters"). The words are data (``pyapp/data/quiz_forms.json``,
in the languages readers use); this module only finds them, takes them out, and reads the letter count
("4 letters", "(6)", "4 or 5 letters", "a five-letter word", "३ अक्षर") as a constraint on the name the answer
gives (``pyapp.reading.described_name`` counts a name's letters in its common romanisations).
Pure Python, data only; nothing here knows a god.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import List, Optional, Pattern, Tuple

from pydantic import BaseModel, Field

from pyapp import data_tables

__all__ = ["QuizForm", "read"]

DATA_PATH = "data/quiz_forms.json"
_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "eleven": 11, "twelve": 12, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
          "quatre": 4, "cinq": 5, "sept": 7, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7}
_NUMBER = r"(\d{1,2}|" + "|".join(sorted(_SMALL, key=len, reverse=True)) + r")"
_OR = r"\s*(?:or|/|-|–|,|o|ou|oder|of|lub|или|या|ya|à|a|to|bis)\s*"


class QuizForm(BaseModel):
    """A clue read: ``clue`` is the question without its form words; ``letters`` the counts the answer may have
    (empty when none was given); ``strong`` whether a form word (not only a letter count) said so."""

    clue: str
    letters: List[int] = Field(default_factory=list)
    strong: bool = False
    words: List[str] = Field(default_factory=list)  # the form words taken out, as typed


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).lower()


def _alternation(words: List[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@lru_cache(maxsize=1)
def _patterns() -> Tuple[Pattern[str], Pattern[str], Pattern[str], Pattern[str]]:
    data = data_tables.table(DATA_PATH, {})
    strong = [_fold(w) for ws in data.get("strong", {}).values() for w in ws]
    weak = [_fold(w) for ws in data.get("weak", {}).values() for w in ws]
    letters = [_fold(w) for w in data.get("letters", [])]
    edge_l, edge_r = r"(?<![\w])", r"(?![\w])"
    word = _alternation(letters)
    count = re.compile(
        rf"[(\[]?\s*(?:(?:in|en|of|with|mit|con|com|met|de|di|из|в|w|z)\s+)?{_NUMBER}(?:{_OR}{_NUMBER})?\s*-?\s*(?:{word}){edge_r}(?:\s*(?:word|long))?\s*[)\]]?"
        rf"|{edge_l}(?:{word})\s*[:=]?\s*{_NUMBER}{edge_r}"
        rf"|\(\s*(\d{{1,2}})\s*\)", re.I)
    return (re.compile(rf"{edge_l}(?:{_alternation(strong)}){edge_r}", re.I),
            re.compile(rf"{edge_l}(?:{_alternation(weak)}){edge_r}\s*:?", re.I), count,
            re.compile(rf"{edge_l}(?:{_alternation(strong)})s?{edge_r}", re.I))


def _digits(text: str) -> str:
    """Other scripts' digits as ASCII ("३" → "3"), so a count in Devanagari is read too."""
    return "".join(str(unicodedata.digit(ch)) if ch.isdigit() and not ch.isascii() else ch for ch in text)


def _value(token: Optional[str]) -> Optional[int]:
    if not token:
        return None
    token = token.lower()
    return int(token) if token.isdigit() else _SMALL.get(token)


def read(text: str) -> Optional[QuizForm]:
    """The clue and its letter count when ``text`` is a crossword or quiz clue, else ``None``."""
    if not text or len(text) > 400:
        return None
    strong_re, weak_re, count_re, _ = _patterns()
    work = _digits(unicodedata.normalize("NFC", text))
    letters: List[int] = []
    taken: List[str] = []
    for match in count_re.finditer(work):
        if match.group(0).lstrip().startswith("(") and re.search(r"\d\s*[.:/]\s*\d", work):
            continue  # "RV 10.129 (7)": a verse count after a reference, no clue's letter count
        for token in match.groups():
            value = _value(token)
            if value is not None and 1 < value < 30 and value not in letters:
                letters.append(value)
        taken.append(match.group(0).strip())
    strong = [m.group(0) for m in strong_re.finditer(work)]
    if not strong and all(part.startswith("(") and re.fullmatch(r"\(\s*\d+\s*\)", part) for part in taken):
        return None  # a bare "(5)" is a clue's count only beside a crossword's word; elsewhere it is a number
    if not strong and not letters:
        return None
    if not strong and not re.search(r"[a-zA-Z\u0080-\uFFFF]{3}", count_re.sub(" ", work)):
        return None
    clue = work
    for part in taken:
        clue = clue.replace(part, " ", 1)
    clue = strong_re.sub(" ", clue)
    clue = weak_re.sub(" ", clue)
    clue = re.sub(r"[\"“”‘’«»]|(?<!\w)'|'(?!\w)", " ", clue)
    clue = re.sub(r"\(\s*\)|\[\s*\]", " ", clue)
    clue = re.sub(r"\s+([,.;:?!])", r"\1", re.sub(r"\s+", " ", clue))
    clue = re.sub(r"^[\s:;,.\-–—=]+|[\s:;,\-–—=]+$", "", clue).strip()
    clue = re.sub(r"\s*[-–—]\s*(?=[?.!]?$)", "", clue)
    clue = re.sub(r"^(?:(?:a|an)\s+)?(?:(?:word|name)\s+)?(?:for|meaning)\s+", "", clue, flags=re.I)  # "a five-letter word for …"
    if len(re.findall(r"\w+", clue)) < 1:
        return None
    return QuizForm(clue=clue, letters=letters, strong=bool(strong), words=strong + taken)
