"""A verse asked for by what it says: "Vasiṣṭha and Varuṇa in a boat in the middle of the sea — which verse is that?",
"the Ṛbhus made a chariot that turns without horses, in which hymn?".

Why its own step: such a question names several things at once, and the readers before the search each took one of
them — the sea ("the RigVeda names the sea in RV 7.87.1"), a chariot, a god — and answered with that one thing's
verses, so the verse with all of them was never shown. Here each content word of the question (with its near-synonyms
in Griffith's diction: sea / ocean, middle / midst; ``pyapp.agents.paraphrase``) is one query group, and the verse
that keeps most of them answers — only when it keeps at least three and most of the question's words, and clearly
more than any other verse (a question that any of many verses fits is the open search's).
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pyapp.factbook.answer import FactAnswer

__all__ = ["asks", "answer"]

# "which verse", "what hymn", "in which mantra", "where is it said", "is there a verse where …" (a "where" that opens a
# clause, not one inside it: "who opens the cave where the cows were shut in?" asks who)
_ASKS = re.compile(r"\b(?:which|what|whichever)\s+(?:\w+\s+)?(?:verses?|hymns?|mantras?|suktas?|sūktas?|stanzas?|"
                   r"richas?|ṛcas?|lines?|passages?)\b|(?:^|[?.!,;:–—-]\s*)where\b|\bwhere\s+(?:is|are|does|do|did|can|in)\b|"
                   r"\bin\s+which\s+(?:verse|hymn|mantra|sukta|stanza|book|mandala)|\b(?:is|are)\s+there\s+(?:a|any)\s+"
                   r"(?:verse|hymn|mantra|line|passage)\b|\b(?:verse|hymn|mantra)\s+(?:number|no)\b", re.I)
# a question that asks who or what did it, not where it is said ("who opens the doors …?")
_WHO_WHAT = re.compile(r"^\W*(?:who|whom|whose|what|why|how)\b(?!\s+(?:verse|hymn|mantra|sukta|stanza))", re.I)
# the question's own frame, never a word the verse must have
_FRAME = re.compile(r"\b(?:which|what|where|in which|is there|are there|verse|verses|hymn|hymns|mantra|mantras|"
                    r"sukta|suktas|stanza|stanzas|line|passage|number|rig\s?-?veda|rgveda|rigvedic|vedic|vedas?|"
                    r"exactly|found|find|located|occur|occurs|mentioned|mention|mentions|told|tell|says?|said|"
                    r"describe[sd]?|talks?|speaks?|read|heard|someone|somewhere|written|write|story|know|like|something|sort|even|"
                    r"exact|original|source|real|really|actually|also|get|try|tries|every|saw|seen on|somebody|"
                    r"supposedly|apparently|please)\b", re.I)
_HYMN_ASKED = re.compile(r"\b(?:hymns?|suktas?|sūktas?)\b", re.I)
_VERSE_ASKED = re.compile(r"\b(?:verses?|stanzas?|mantras?|richas?|lines?)\b", re.I)
_REFERENCE = re.compile(r"\b\d{1,2}\s*[.,:]\s*\d{1,3}\b")
MIN_SHARE = 0.6  # of the question's content words, in the verse
MIN_WORDS = 3  # … and at least this many
MIN_ASKED = 4  # the question names at least this many things (fewer: one of the readers before knows them)
MIN_BM25 = 12.0  # and the verse has its rarer words, not only common ones
LEAD = 0.15  # the best verse keeps this much more of them than the next one from another hymn
QUOTE_CHARS = 300


def asks(text: str) -> bool:
    """The question asks where something is said, and names no verse by its number."""
    text = text or ""
    return bool(_ASKS.search(text)) and not _REFERENCE.search(text) and not _WHO_WHAT.search(text)


def _content(text: str) -> str:
    return _FRAME.sub(" ", text or "")


SYNONYM = 0.6  # a near-synonym in Griffith's diction counts this much of a word the verse has as asked
POOL = 60


def _ranked(content: str, text_index: Any) -> List[Tuple[int, float, float]]:
    """(verse position, share of the question's content words the verse has, BM25), best first (``paraphrase.find``
    with a near-synonym counting ``SYNONYM``)."""
    from pyapp.agents import paraphrase

    return paraphrase.find(content, text_index, limit=POOL, synonym=SYNONYM, min_words=MIN_WORDS)


def answer(text: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The verse that keeps most of the question's content words, clearly ahead of the rest, or None."""
    from pyapp.agents import paraphrase
    from pyapp.agents.generator import _title, hymn_phrase
    from pyapp.agents.text import clip

    text_index = getattr(searcher, "text_index", None)
    verses = getattr(index, "verses", None)
    if text_index is None or not verses:
        return None
    content = _content(text)
    stems = paraphrase.content_stems(content)
    if len(stems) < MIN_ASKED:
        return None
    hits = _ranked(content, text_index)
    if not hits:
        return None
    position, share, bm25 = hits[0]
    if bm25 < MIN_BM25 or share < MIN_SHARE or share * len(stems) < MIN_WORDS - 0.01:
        return None
    best = verses[position]
    hymn = best.ref.rsplit(".", 1)[0]
    others = [(verses[p], s) for p, s, _ in hits[1:] if verses[p].ref.rsplit(".", 1)[0] != hymn]
    if others and others[0][1] > share - LEAD:
        return None  # several hymns fit as well: the open search shows them
    near: List[str] = [verses[p].ref for p, s, _ in hits[1:8] if verses[p].ref.rsplit(".", 1)[0] == hymn
                       and s >= share - LEAD][:2]
    seer = f", by the seer {_title(best.rishi)}" if getattr(best, "rishi", "") else ""
    quote = clip(" ".join((best.translation or "").split()), QUOTE_CHARS)
    where = f"RV {best.ref}, in {hymn_phrase(best.addressee or best.deity)}{seer}"
    if _HYMN_ASKED.search(text) and not _VERSE_ASKED.search(text):  # "which hymn …?": the hymn, then its verse
        where = f"RV {hymn}, {hymn_phrase(best.addressee or best.deity)}{seer}; its verse {best.ref.rsplit('.', 1)[1]} says it"
        text_out = f"The hymn is {where}: “{quote}” [RV {best.ref}]."
    else:
        text_out = f"The verse is {where}: “{quote}” [RV {best.ref}]."
    text_out = (text_out
                + (f" The same hymn goes on in RV {' and RV '.join(near)}." if near else ""))
    return FactAnswer(kind="list", text=text_out, refs=[best.ref] + near, subject_hymns=[hymn])
