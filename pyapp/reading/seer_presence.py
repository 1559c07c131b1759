"""A seer asked about by name: "who is Nārada in the RigVeda?", "did Kaśyapa compose any hymns?".

Why a reader of its own: most of the 343 seers the Anukramaṇī names are named in no verse and in no table of gods and
persons, so the search found verses that only resembled the name ("No verse says in so many words …") and a question
whether such a person is "in the RigVeda at all" was answered as if he were not. He is: the traditional index of the
hymns' poets gives him his hymns. The answer says so first, with the hymns, and that the index, not a verse, names him.
"""
from __future__ import annotations

import re
from typing import Any, Optional

from pyapp.factbook.answer import FactAnswer

__all__ = ["asks", "answer"]

# "who is Nārada?", "who was the seer Nodhas in the rigveda?": who a name is, the name and little else ("who pulled the
# sage Rebha out of the well?" asks who did something)
_WHO = re.compile(r"^\W*(?:and\s+)?who\s+(?:is|was|were|are)\s+(?:the\s+)?(?:(?:seer|sage|rishi|ṛṣi|poet)\s+)?"
                  r"[^\W\d_]+(?:\s+[^\W\d_]+)?(?:\s+(?:in|of)\s+(?:the\s+)?(?:rig\s*-?\s*veda|rgveda|vedas?|hymns?))?\W*$",
                  re.I)
_COMPOSED = re.compile(r"\b(?:compos\w*|wr[io]te|written|authou?r\w*)\b", re.I)
_HYMNS_LIMIT = 6


def asks(question: str) -> bool:
    """Who someone is, or what he composed ("does the RigVeda speak of Kṛṣṇa?" asks of the later god, whom the
    named passages answer, not of the seer Kṛṣṇa Āṅgirasa)."""
    text = question or ""
    return bool(_WHO.search(text) or _COMPOSED.search(text))


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The seer the question names, with the hymns the Anukramaṇī gives him, when he is no god or person of the
    tables (their readers answer those); else None."""
    from pyapp.counts import god_hymns, seer_hymns
    from pyapp.lexicon import lexicon_for, norm

    if index is None or not asks(question):
        return None
    from pyapp.reading.named import find_named

    if find_named(question):
        return None  # a name of the named passages ("Kṛṣṇa": the later god, and the word's own verses) is theirs
    seer = seer_hymns(index, question)
    if seer is None or not seer.refs:
        return None
    lexicon = lexicon_for(index)
    if any(norm(p) in lexicon.names or norm(p) in lexicon.terms or norm(p) in lexicon.later_story
           for p in [seer.name, *seer.persons]) \
            or god_hymns(index, seer.name) is not None:
        return None  # a god, a person of the tables (Agni, Viśvāmitra) or a word of the glossary (tapas, kavi, asura)
    if not any(norm(w).startswith(norm(p)[:5]) for w in re.findall(r"[^\W\d_]{4,}", question) for p in seer.persons):
        return None
    whole = [r for r in seer.refs if r not in seer.partial]
    shared = [r for r in seer.refs if r in seer.partial]
    hymns = ", ".join(f"RV {r}" for r in (whole or shared)[:_HYMNS_LIMIT]) + (" …" if len(whole or shared) > _HYMNS_LIMIT else "")
    n = len(seer.refs)
    opening = "Yes — " if not _WHO.search(question) else ""
    also = f" (and a share of {len(shared)} more, with other seers)" if whole and shared else \
        (" (shared with other seers)" if not whole else "")
    text = (f"{opening}{seer.name} is a seer (ṛṣi) of the RigVeda: the Anukramaṇī, the traditional index of the hymns' "
            f"poets, names him as the seer of {n} hymn{'s' if n > 1 else ''}: {hymns}{also} [RV {seer.refs[0]}.1]. "
            f"The index, not a verse, gives the name; the hymns themselves rarely name their poet.")
    return FactAnswer(kind="seer", text=text, refs=[f"{r}.1" for r in seer.refs[:3]], subject_hymns=list(seer.refs[:6]))
