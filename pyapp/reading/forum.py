"""Long forum posts: the question inside a message that is mostly about the writer ("Hi all, first
post here. I started reading … Someone said not to start at 1.1 but … Which hymn is that, and what
does it say about how the world began?").

Why: the biography around a question carries words that mislead the readers built for short
questions: "I'm writing a novel" reads as a question about another work, "not to start at 1.1"
as a request for RV 1.1.1. The question sentences (the ones ending in "?", and requests such as
"could you point me to …", "I want to know …") say what is asked; the sentence just before them
is kept when they lean on it ("Which hymn is that?"), minus any verse number it mentions in passing.
The orchestrator reads the question sentences alone when they stand on their own (no "that", "it"
pointing back: :func:`standalone_core`), and otherwise only where the whole message went wrong: when
it would be refused, or when it names a verse number the question sentences do not.
"""
from __future__ import annotations

import re
from typing import List, Optional

__all__ = ["is_long", "sentences", "question_core", "stray_reference", "standalone_core"]

MIN_CHARS = 160
MIN_SENTENCES = 3
_SPLIT = re.compile(r"(?<=[.?!])[\"'”’)]*\s+(?=[\"'“‘(]?[A-Z0-9ÀÁĀṚŚṢ])")
_REQUEST = re.compile(r"^(?:so |and |but |please,? )?(?:(?:can|could|would|will) (?:you|someone|anyone|somebody)\b|"
                      r"i (?:want|wish|would like|'d like|need) to (?:know|understand|learn|find)\b|"
                      r"(?:please )?(?:explain|tell me|show me|point me|help me)\b|i (?:am|'m) (?:looking|asking) for\b|"
                      r"i (?:wonder|am wondering|was wondering)\b)", re.I)
_LEANS = re.compile(r"\b(?:that|this|these|those|it|them|such|so)\b", re.I)
_REF = re.compile(r"\b(?:RV\s*)?\d{1,2}\s*[.:,]\s*\d{1,3}(?:\s*[.:,]\s*\d{1,3})?\b")
_CONTENT = re.compile(r"[A-Za-zÀ-ɏḀ-ỿ]{5,}")


def sentences(text: str) -> List[str]:
    """The message's sentences (a split after . ? ! followed by a capital or a digit)."""
    return [s.strip() for s in _SPLIT.split(" ".join((text or "").split())) if s.strip()]


def is_long(text: str) -> bool:
    """Several sentences and more than a short question's length."""
    return len(text or "") >= MIN_CHARS and len(sentences(text)) >= MIN_SENTENCES


def _asks(sentence: str) -> bool:
    return sentence.rstrip("\"'”’) ").endswith("?") or bool(_REQUEST.search(sentence))


def question_core(text: str) -> Optional[str]:
    """The question sentences of a long message (plus the one before them when they lean on it,
    "Which hymn is that?"), or ``None`` for a short message or one with no question sentence."""
    if not is_long(text):
        return None
    parts = sentences(text)
    asked = [i for i, s in enumerate(parts) if _asks(s)]
    if not asked or len(asked) == len(parts):
        return None
    first = asked[0]
    core = [parts[i] for i in asked]
    if first > 0 and _LEANS.search(core[0]) and len(_CONTENT.findall(" ".join(core))) < 6:
        before = " ".join(_REF.sub("", parts[first - 1]).split())
        core.insert(0, before)
    return " ".join(core)


def stray_reference(text: str) -> bool:
    """Does a long message name a verse or hymn number only outside its question sentences ("someone
    said not to start at 1.1 …")? Then the number is the writer's story, not what is asked."""
    core = question_core(text)
    return core is not None and bool(_REF.search(text)) and not _REF.search(core)


def standalone_core(text: str) -> Optional[str]:
    """The question sentences of a long message when they stand on their own ("What do the hymns say
    about pouring ghee into Agni?"), or ``None`` when they point back at the story ("Which hymn is it?")
    or say too little alone."""
    parts = sentences(text) if is_long(text) else []
    asked = [s for s in parts if _asks(s)]
    if not asked or len(asked) == len(parts):
        return None
    core = " ".join(asked)
    if _LEANS.search(core) or len(_CONTENT.findall(core)) < 3:
        return None
    return core
