"""A question in a language the app does not read at all: answered from the evidence every language shares.

Why: no word table covers every language a reader writes in (Guarani, Shona, Oromo, Breton, Fijian …). Read
as English, such a question's words became topic words ("No verse speaks directly of indirimbo, hamwe …"); read
as nothing, it was refused. What any language shows the app as it is: hymn references ("10.129"), bare numbers
("13", "8-"), and the names of the hymns' world (Indra, Pūṣan, the RigVeda), which readers write in the
international spelling whatever their language, often with a particle or an ending glued on ("naPushan",
"Indraaf", "Bhrigu-kuéra"). From that evidence alone a few question shapes are clear enough to answer:

- two hymns named by reference → the two compared (each hymn's subject, god and seer, and how far apart they
  stand: ``pyapp.agents.hymn_pair``);
- a god, a number of verses and a book → the hymn with that many verses (``pyapp.reading.constraints``);
- two gods named together, nothing else → their joint hymn (the Anukramaṇī's dual deities).

Anything else is left as the callers read it. The reader's note says truthfully that only the names and
numbers were read. Pure Python.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, List, Optional, Sequence, Tuple

_LATIN_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# a hymn or verse reference (10.129, 1.32.5) and a bare number (13, the 8 of "8-kitabidiki")
_REFERENCE = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?(?![.\d]*\d)")
MAX_VERSES = 60  # no hymn has more (the longest, RV 9.97, has 58): a larger number is no verse count
_NUMBER = re.compile(r"(?<![\d.])(\d{1,3})(?![.\d]*\d)")
# a capital inside a word: a particle glued before a name (Shona "naPushan", Xhosa "uShyavashva")
_INNER_CAPITAL = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Þ])")
NOTE = ("Written in a language the app does not read: only the names and numbers in it were read, "
        "as “{english}”")


def digits(text: str) -> str:
    """Digits of any script as ASCII."""
    return "".join(str(unicodedata.digit(c)) if c.isdigit() and not c.isascii() else c for c in text)


def references(text: str) -> List[str]:
    """Hymn and verse references, maṇḍala 1–10 only."""
    return [m.group(0) for m in _REFERENCE.finditer(digits(text)) if 1 <= int(m.group(1)) <= 10]


def numbers(text: str) -> List[int]:
    """Bare numbers outside references ("13", "20 mısra", "8-kitab")."""
    return [int(m.group(1)) for m in _NUMBER.finditer(_REFERENCE.sub(" ", digits(text)))]


def word_parts(word: str) -> List[str]:
    """A word and the pieces a glued particle or ending may hide a name in: its parts at hyphens and
    apostrophes, and what follows a capital inside it."""
    parts = [word] + [p for p in re.split(r"[-'’]", word) if p and p != word]
    for piece in list(parts):
        cut = _INNER_CAPITAL.split(piece)
        if len(cut) > 1:
            parts.append(cut[-1])
    return list(dict.fromkeys(p for p in parts if len(p) >= 3))


def latin_names(question: str, lexicon: Any) -> List[str]:
    """The names of the hymns' world a Latin-letter question holds, read loosely (an ending or particle off)."""
    from pyapp.reading.names import name_of

    found: List[str] = []
    for word in _LATIN_WORD.findall(unicodedata.normalize("NFC", question)):
        for part in word_parts(word):
            hit = name_of(part, lexicon) or (name_of(part, lexicon, loose=True) if part[:1].isupper() else None)
            if hit is not None and hit.kind in ("name", "rigveda"):
                found.append("Rigveda" if hit.kind == "rigveda" else hit.name)
                break
    return list(dict.fromkeys(found))


def _hymns(refs: Sequence[str]) -> List[str]:
    return list(dict.fromkeys(".".join(r.split(".")[:2]) for r in refs))


def compose(names: Sequence[str], refs: Sequence[str], counts: Sequence[int], joint: bool = True) -> str:
    """The English question the evidence asks, or "" when it is not clear enough to ask one.

    ``names``: the names found (the RigVeda's own name among them is no topic); ``refs``: references;
    ``counts``: bare numbers; ``joint``: two names alone may ask for their joint hymn (not when other words of
    the question were read: "how did Indra defeat Śuṣṇa?" names a god and his enemy)."""
    hymns = _hymns(refs)
    topics = [n for n in names if n.lower() != "rigveda"]
    if any(r.count(".") == 2 for r in refs):
        return ""  # verses named: their wording compared or shown, as the question's own reading has it
    if len(hymns) == 2:
        return f"Compare RV {hymns[0]} and RV {hymns[1]}."
    if refs:
        return ""
    books = [n for n in counts if 1 <= n <= 10]
    sizes = [n for n in counts if 10 < n <= MAX_VERSES]
    if len(topics) == 1 and len(sizes) == 1 and len(books) <= 1:
        # the one number no book can be is the number of verses; a number up to ten beside it is the book
        book = f" in maṇḍala {books[0]}" if books else ""
        return f"List the {topics[0]} hymns with {sizes[0]} verses{book}."
    if joint and len(topics) == 2 and not counts:
        return f"Is there a hymn to {topics[0]} and {topics[1]} together?"
    return ""


def note(english: str) -> str:
    """What the reader is told: the question was read from its names and numbers only."""
    return NOTE.format(english=english.rstrip(".")) + "."


def read_latin(question: str, lexicon: Any) -> Optional[Tuple[str, List[str]]]:
    """(the composed English question, the names) for a Latin-letter question in an unknown language, or None."""
    names = latin_names(question, lexicon)
    english = compose(names, references(question), numbers(question))
    return (english, names) if english else None


__all__ = ["compose", "digits", "latin_names", "note", "numbers", "read_latin", "references", "word_parts"]
