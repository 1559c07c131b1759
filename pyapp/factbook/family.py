"""The family books (maṇḍalas 2–7): which family composed each, and how much of it the
Anukramaṇī ascribes to that family.

Why apart: the share is a count over one book's verses, used both by "Which are the family books?"
and by the count of a book named as a family's ("How many hymns in Vasiṣṭha's maṇḍala?").
"""
from __future__ import annotations

import re
from typing import Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.names import _key, display_name
from pyapp.factbook.table import Facts, _words_of
from pyapp.factbook.targets import FAMILY_BOOKS, _mandala_of
from pyapp.factbook.wording import _cite, _n
from pyapp.factbook.words import _candidate_words

def _family_share(facts: Facts, mandala: int, person: str) -> Tuple[int, int]:
    persons, family = facts.seer_words(_key(person))
    names = set(persons) | set(family)
    if person == "vāmadeva":  # Vāmadeva Gautama: the Gautamas are his family
        names |= {w for w in facts.rishi_vocab if _key(w).startswith("gautam")}
    index = facts.index
    total = hits = 0
    for hymn in facts.mandala_hymns(mandala):
        for verse in index.hymn(mandala, hymn.hymn):
            total += 1
            raw = verse.rishi or ""
            if names & set(_words_of(raw)):
                hits += 1
    return hits, total


_SEVERAL = re.compile(r"\b(?:mandalas?|books?)\s*(\d+)\s*(?:to|through|till|until|-|–|and)\s*(?:mandalas?\s*|books?\s*)?\d+|"
                      r"\b(?:all|each|every)\b[^.?]*\bfamily books\b|\bfamily books\b[^.?]*\bin order\b", re.I)


def _family_answer(question: str, facts: Facts) -> FactAnswer:
    # "the seers of maṇḍalas 2 to 7, in order": every family book, not the first one named
    mandala = None if _SEVERAL.search(question) else _mandala_of(question)
    if mandala is None:  # "Which is the family book of Vasishtha?"
        words = _candidate_words(question)
        for number, person in FAMILY_BOOKS.items():
            if any(len(w) >= 4 and _key(person).startswith(w[:5]) for w in words):
                mandala = number
                break
    if mandala in FAMILY_BOOKS:
        person = FAMILY_BOOKS[mandala]
        hits, total = _family_share(facts, mandala, person)
        name = display_name(person[:1].upper() + person[1:])
        text = (f"Maṇḍala {mandala} is the family book of {name} and his descendants: the Anukramaṇī names them "
                f"as seers of {_n(hits)} of its {_n(total)} verses {_cite(mandala, 1)}. The family books are maṇḍalas 2–7.")
        return FactAnswer(kind="family_books", text=text, refs=[f"{mandala}.1.1"])
    parts = []
    for number, person in FAMILY_BOOKS.items():
        hits, total = _family_share(facts, number, person)
        share = round(100 * hits / total) if total else 0
        parts.append(f"{number} {display_name(person[:1].upper() + person[1:])}, {share}% of its verses")
    text = ("The family books are maṇḍalas 2–7, each composed mostly by one family of seers; in order, by the "
            "Anukramaṇī: maṇḍala " + "; ".join(parts) + f" {_cite(2, 1)} {_cite(7, 1)}.")
    return FactAnswer(kind="family_books", text=text, refs=[f"{m}.1.1" for m in FAMILY_BOOKS])
