"""The metre of a verse as a reader should see it: the Anukramaṇī names, without the source's notes.

The ``meter`` field of the corpus is copied from the DharmicData Anukramaṇī and often carries what
an editor wrote around the name: the make-up of a strophe ("pragāthaḥ= ( viṣamā bṛhatī, samā
satobṛhatī )"), verse numbers, a manuscript remark ("(13 upariṣṭād bṛhatī | ai0 brā0 2-2
caraṇacchedaḥ)"), or the seer and deity before a ``|`` ("urvaśī ṛṣikā | purūravā devatā | triṣṭup").
The build cleans it once for ``verses.json`` (cards, answers and facts all read that) and keeps the
raw text per hymn in ``hymns.json`` (``meter_notes``), so nothing of the source is lost.

The rules, in order (``clean_metre``):
  1. notes in parentheses or brackets go (nested ones too, and an unclosed one up to the end);
  2. of ``|``-separated parts the last one is the metre (the others name seer or deity);
  3. after ``=`` or a dash comes the make-up of a strophe: cut there (an ``=`` whose make-up was a
     note in parentheses only goes, so "triṣṭup, pragāthaḥ = (…), 4-9 gāyatrī" keeps gāyatrī);
  4. verse numbers and ranges go; comma-separated names stay, as "gāyatrī, pragāthaḥ";
  5. a leading "vā" ("or", left over from a note split across two verses) goes.
What is left is ``None`` when it is empty. Same input → same output (the build is deterministic).

Why not ``pyapp.facts._metre_clean``: that one answers "which metre?" and keeps only the first
name; here alternatives stay ("triṣṭup, jagatī"), and a remark in parentheses that contains a ``|``
is removed before splitting on ``|`` (the first rule), where ``_metre_clean`` would keep the
remark's tail. ``_metre_clean(clean_metre(raw))`` equals ``_metre_clean(raw)`` except for those
remarks and for strophe make-ups after a dash; ``tests/unit/test_metre.py`` lists them.
"""
from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

_NOTE = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_OPEN_NOTE = re.compile(r"[(\[].*$")
_EMPTY_MAKE_UP = re.compile(r"\s*(?:=|–|—)\s*(?=,|$)")  # "pragāthaḥ = (…)," once the note is gone
_MAKE_UP = re.compile(r"\s*(?:=|–|—|\s-\s).*$")
_NUMBERS = re.compile(r"\b\d+(?:\s*[-–]\s*\d+)?\b|\d+")
_LEADING_OR = re.compile(r"^vā\s+")


def clean_metre(raw: Optional[str]) -> Optional[str]:
    """"pragāthaḥ – viṣamā bṛhatyaḥ, … (13 upariṣṭād bṛhatī | ai0 brā0 2-2 caraṇacchedaḥ)" → "pragāthaḥ"."""
    if not raw:
        return None
    value = raw
    for _ in range(3):  # nested notes
        value = _NOTE.sub(" ", value)
    value = _OPEN_NOTE.sub(" ", value).replace(")", " ").replace("]", " ")
    if "|" in value:
        parts = [p for p in value.split("|") if p.strip()]
        value = parts[-1] if parts else ""
    value = _MAKE_UP.sub("", _EMPTY_MAKE_UP.sub("", value))
    value = _NUMBERS.sub(" ", value)
    names: List[str] = []
    for part in value.replace(";", ",").split(","):
        name = _LEADING_OR.sub("", " ".join(part.split()).strip(" +.-"))
        if name and name not in names:
            names.append(name)
    return ", ".join(names) or None


Run = Tuple[int, int, str]


def metre_notes(verses: Sequence[Tuple[int, Optional[str]]]) -> Optional[List[list]]:
    """``[[first verse, last verse, raw text], …]`` of a hymn's verses whose metre field was cleaned
    (runs of equal raw text); ``None`` when every field was clean already. ``verses``: (number, raw)."""
    runs: List[list] = []
    for number, raw in verses:
        if not raw or clean_metre(raw) == raw:
            continue
        if runs and runs[-1][2] == raw and runs[-1][1] == number - 1:
            runs[-1][1] = number
        else:
            runs.append([number, number, raw])
    return runs or None
