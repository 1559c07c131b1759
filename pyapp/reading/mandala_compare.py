"""Maṇḍala comparisons: "Which maṇḍala has the most hymns to Agni?", "In which book is Soma praised
most?", "Of the family books, which one has the most hymns?".

Why its own reader: the fact module's ranking answers "which maṇḍala has the most hymns" over the
whole text and drops the god the question names ("maṇḍala 1 and maṇḍala 10 have the most hymns"
answers a question nobody asked about Agni). Here the god is counted per book with the one count
every answer shares (:func:`pyapp.counts.god_hymns`: hymns to the god alone plus those to a pair it
shares), and the books compared can be narrowed to the family books (2–7) or a span ("books 2 to 7").

:func:`answer` returns a :class:`pyapp.facts.FactAnswer` whose first sentence names the book, the
god and the number, or ``None`` when the question is not such a comparison.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, List, Optional, Sequence

from pyapp import facts as F
from pyapp.counts import god_hymns
from pyapp.factbook.patterns import _q

__all__ = ["asks_comparison", "answer"]

_BOOK = r"(?:ma[nṇ][dḍ]alas?|mandals?|books?)"
_MOST = r"(?:the )?(?:most|largest number of|greatest number of|highest number of|maximum|majority of|most of)"
_ASK = re.compile(rf"\b(?:which|what|in which|in what)\b[^?]*\b{_BOOK}\b[^?]*\b{_MOST}\b|"
                  rf"\b{_MOST}\b[^?]*\b(?:hymns?|verses?)\b[^?]*\b(?:are|is) (?:in|found in) (?:which|what)\b[^?]*\b{_BOOK}\b|"
                  rf"\b(?:which|what|in which|in what)\b[^?]*\b{_BOOK}\b[^?]*\b(?:prais\w*|invok\w*|honou?r\w*|address\w*)\b"
                  rf"[^?]*\b(?:most|more than any)\b|"
                  rf"\bin which\b[^?]*\b{_BOOK}\b[^?]*\bare (?:most|the most)\b|"
                  rf"\b{_BOOK}\b[^?]*\b(?:which|what)(?: one| book| ma[nṇ][dḍ]ala)? (?:has|contains|holds) {_MOST}\b")
_FAMILY = re.compile(r"\bfamily (?:books?|ma[nṇ][dḍ]alas?)\b")
_SPAN = re.compile(rf"\b(?:{_BOOK}\s*)?\(?(\d{{1,2}})\s*(?:to|-|–|through)\s*(\d{{1,2}})\)?")
_BY_VERSES = re.compile(r"\b(?:most|largest number of|greatest number of) verses\b")


def asks_comparison(question: str) -> bool:
    """Does the question ask which book has the most of something?"""
    return bool(_ASK.search(_q(question)))


def _books(q: str) -> List[int]:
    """The books compared: all ten, the family books, or a span the question names."""
    if _FAMILY.search(q):
        return list(range(2, 8))
    span = _SPAN.search(q)
    if span:
        lo, hi = int(span.group(1)), int(span.group(2))
        if 1 <= lo < hi <= 10:
            return list(range(lo, hi + 1))
    return list(range(1, 11))


def _ordinal(n: int) -> str:
    return ("first second third fourth fifth sixth seventh eighth ninth tenth".split() + [""])[n - 1]


def _ranked(counter: Counter, books: Sequence[int]) -> List[tuple]:
    return sorted(((counter.get(b, 0), b) for b in books), key=lambda t: (-t[0], t[1]))


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """The book with the most hymns to the god the question names (or the most hymns/verses among
    the books it names), stated first; ``None`` when the question is not a book comparison."""
    q = _q(question)
    if not _ASK.search(q):
        return None
    facts = F.facts_for(index)
    books = _books(q)
    god = god_hymns(index, re.sub(rf"\b{_BOOK}\b", " ", question, flags=re.I))
    if god is not None and god.alone + god.joint_refs:
        refs = god.alone + god.joint_refs
        counter: Counter = Counter(int(r.split(".")[0]) for r in refs)
        ranked = _ranked(counter, books)
        (top, book), rest = ranked[0], ranked[1:4]
        mine = [r for r in refs if int(r.split(".")[0]) == book]
        others = ", ".join(f"maṇḍala {b}: {n}" for n, b in rest if n)
        text = (f"Maṇḍala {book} (the {_ordinal(book)} book) has the most hymns to {god.label}: {top} of the "
                f"{len(refs)} hymns addressed to {god.label} [RV {mine[0]}.1]"
                + (f" (next: {others})." if others else ".")
                + f" Its hymns to {god.label}: " + ", ".join(f"RV {r}" for r in mine[:F.LIST_LIMIT])
                + (" …" if len(mine) > F.LIST_LIMIT else "") + ".")
        return F.FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in mine[:F.REFS_LIMIT]], subject_hymns=mine)
    if len(books) == 10:
        return None  # the whole text's ranking is the fact module's answer
    by_verses = bool(_BY_VERSES.search(q))
    counter = Counter()
    for h in facts.hymns:
        counter[h.mandala] += h.verses if by_verses else 1
    ranked = _ranked(counter, books)
    (top, book), rest = ranked[0], ranked[1:]
    unit = "verses" if by_verses else "hymns"
    text = (f"Of maṇḍalas {books[0]}–{books[-1]}, maṇḍala {book} (the {_ordinal(book)} book) has the most {unit}: "
            f"{top} [RV {book}.1.1]; then " + ", ".join(f"maṇḍala {b}: {n}" for n, b in rest) + ".")
    return F.FactAnswer(kind="list", text=text, refs=[f"{book}.1.1"], subject_hymns=[f"{book}.1"])
