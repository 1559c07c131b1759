""""His most famous hymn", "her best-known verse": a question that asks for a name's famous passages.

Why here: whether a question asks for a *famous* hymn is read from its words, and which famous hymn
a name has is read from the named-passages table (the readers' famous hymns) checked against the
index's seer and addressee. The question's form reading says ``asks_famous``
(``pyapp.reading.question``); the orchestrator then calls ``name_passages`` on it.
"""
from __future__ import annotations

import re
from typing import Any, List

from pyapp.lexicon import norm

_FAMOUS = re.compile(r"\b(famous|best[- ]known|well[- ]known|celebrated|renowned|greatest)\b.{0,30}\b(hymns?|verses?|s[uū]kta|poems?)\b",
                     re.I)


def asks_famous(text: str) -> bool:
    """The question asks for a famous (best-known, celebrated …) hymn or verse."""
    return bool(_FAMOUS.search(text or ""))


def passages(name: str, index: Any) -> List[Any]:
    """The named passages (readers' famous hymns) that ``name`` composed or is praised in: each
    short passage's first hymn is checked against the index's seer and addressee."""
    from pyapp import facts
    from pyapp.reading.named import NamedMatch, named_passages, passage_refs

    if index is None:
        return []
    key = norm(name)[:6]
    found = []
    for passage in named_passages():
        refs = passage_refs(passage)
        if len(refs) > 3:
            continue
        first_ref = refs[0]  # a verse is asked about as itself (3.62.10 is Savitṛ's, not Indra's)
        for question in (f"Who composed RV {first_ref}?", f"To whom is RV {first_ref} addressed?"):
            try:
                fact = facts.answer_fact(question, index)
            except Exception:
                fact = None
            first = re.split(r"\.\s", fact.text)[0] if fact is not None else ""
            said = norm(first)
            if key and key in said:
                # theirs alone first ("addressed to Agni"), then shared ("Keśins = Agni-Sūrya-Vāyu"),
                # then one verse of a passage
                rank = 0 if re.search(rf"\b(addressed to|by the seer) {re.escape(key)}", said) else 1
                rank += 0 if "(verse" not in first else 2
                found.append((rank, len(found),
                              NamedMatch(passage=passage, matched=passage.names[0], text=name, score=0)))
                break
    return [match for _, _, match in sorted(found, key=lambda item: item[:2])[:2]]


def name_passages(frame: Any, index: Any) -> None:
    """A famous-hymn question's form reading (``pyapp.reading.question.QuestionFrame``) given the
    famous passages of the first name or term that has some; its terms are then dropped (the
    passage, not the word, is what is asked about)."""
    for subject in frame.names + [t.display for t in frame.terms]:
        frame.named = passages(subject, index)
        if frame.named:
            frame.terms = []
            break


__all__ = ["asks_famous", "name_passages", "passages"]
