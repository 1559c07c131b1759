"""Read "which Sanskrit word of RV 1.1.1 means 'priest'?": one named verse and the English idea(s) asked.

Why its own reader: the question names a verse *and* a meaning. The reference reader would show the
verse; the term reader would explain a word found anywhere. What the reader wants is the one word of
*that* verse's padapāṭha that says the idea, which ``pyapp.agents.word_in_verse`` finds from the
links between padapāṭha words and the verse's translation (``pyapp.agents.word_links``).

What is read, and nothing else:
- a cue that a word is asked for ("which word", "what word", "Sanskrit word/term for", "the
  Sanskrit for", "word that means", Hindi "कौन सा शब्द", "शब्द");
- exactly one verse, written as a number ("RV 1.1.1", "3.62.10") or named ("the Gāyatrī", "the first
  verse of the Puruṣa-sūkta");
- the idea: each quoted phrase ('priest', "we meditate"), else the words after "word for"/"means".
"""
from __future__ import annotations

import re
from typing import Any, List, Optional

from pyapp.reading.references import VERSE, ReferenceTask, Span, read_task, span_of
from pyapp.reading.words import fold

# a word of the verse is asked for (folded text: diacritics off, lower case)
_CUE = re.compile(
    r"\b(?:which|what|whats)\s+(?:sanskrit\s+|vedic\s+)?(?:word|term|form)s?\b"
    r"|\bsanskrit\s+(?:word|term)?\s*(?:for|of|meaning)\b"
    r"|\b(?:word|term)s?\s+(?:for|that\s+means?|meaning|which\s+means?)\b"
    r"|\bwhich\s+(?:one\s+)?means\b"
    r"|शब्द")
_QUOTED = re.compile(r"(?:^|(?<=[\s(\[/:]))[\"“‘'«]([^\"“”‘’'«»]{1,60})[\"”’'»](?=[\s,.;:?!)\]/]|$)")
_AFTER = re.compile(r"\b(?:word|term)s?\s+for\s+(?:the\s+)?(?:idea\s+of\s+|word\s+)?(.{2,60}?)(?:\s+in\b|\s+of\b|[?,;]|$)"
                    r"|\bsanskrit\s+for\s+(.{2,60}?)(?:\s+in\b|\s+of\b|[?,;]|$)"
                    r"|\bmeans?\s+(.{2,60}?)(?:\s+in\b|[?,;(]|$)")
MAX_FOREIGN_IDEA_WORDS = 5
_WORD_FOR_WORD = re.compile(r"\bword[- ](?:for|by)[- ]word\b")
_REF_LIKE = re.compile(r"^\s*(?:rv\s*)?\d+(?:[.:]\d+)+\s*$")


def ideas(text: str) -> List[str]:
    """The meanings asked for, as the reader wrote them: quoted phrases first, else the words after
    "word for" / "Sanskrit for" / "means"."""
    quoted = [q.strip() for q in _QUOTED.findall(text or "") if q.strip() and not _REF_LIKE.match(q)]
    if quoted:
        return quoted
    folded = fold(text)
    out: List[str] = []
    for match in _AFTER.finditer(folded):
        phrase = next((g for g in match.groups() if g), "").strip(" .'\"")
        if phrase and not _REF_LIKE.match(phrase):
            out.append(phrase)
    return out[:3]


def asks_word(text: str) -> bool:
    """A word is asked for: an English or Hindi cue, or, in a language code cannot read, a short quoted
    phrase beside one verse number (the quote is the idea; the words around it are read as that ask)."""
    if _cued(text):
        return True
    short = [q for q in _QUOTED.findall(text or "") if len(q.split()) <= MAX_FOREIGN_IDEA_WORDS]
    if not short:
        return False
    from pyapp.reading.language import detect

    return not detect(text).is_english


def _cued(text: str) -> bool:
    return bool(_CUE.search(_WORD_FOR_WORD.sub(" ", fold(text))))


def in_english(idea: str, question: str, index_dir: Optional[str]) -> str:
    """The idea in English when the question is in another language whose word file has it
    ("अंधकार" → "darkness"); else the idea as written (an unknown word still meets English by its start)."""
    from pyapp.reading.language import detect

    reading = detect(question)
    if reading.is_english or not index_dir:
        return idea
    try:
        from pyapp.reading import gloss

        table = gloss.load_table(reading.code, index_dir)
        if table is None:
            return idea
        words = [w for w in re.split(r"[\s/,;]+", idea) if w]
        english = [gloss._lookup(idea, reading.code, table) or ""] if len(words) > 1 else []
        if not any(english):
            english = [gloss._lookup(w, reading.code, table) or w for w in words]
        return " ".join(e for e in english if e) or idea
    except Exception:  # an unreadable word file: the idea as written
        return idea


def names_verse(text: str) -> bool:
    """Whether a word-asking question names one verse (by number, or "the … verse of" a named passage):
    read before the frame, so the reverse lexicon (``sanskrit_for``) leaves it to this reader."""
    if not asks_word(text) or not ideas(text) or _WORD_FOR_WORD.search(fold(text)):
        return False
    try:
        span = span_of(text)
    except Exception:
        span = None
    if span is not None:
        return span.level == VERSE and not span.is_range
    if not re.search(r"\bverse\b|\bmantra\b|श्लोक|मंत्र|मन्त्र", fold(text)):
        return False
    from pyapp.reading.named import find_named

    try:
        return bool(find_named(text))
    except Exception:
        return False


def read(text: str, table: Any) -> Optional[ReferenceTask]:
    """A ``word_in_verse`` task (``span`` the verse, ``topics`` the ideas), or ``None``."""
    from pyapp.reading.compare_wording import verses_named

    if len(verses_named(text)) > 1:
        return None  # two verses: set side by side (``compare_wording``), not one verse's word
    if not asks_word(text):
        return None
    asked = ideas(text)
    if not asked:
        return None
    if _cued(text):
        span = _verse(text, table)
    else:  # only a quote in an unread language: the verse must be written as a number, since a quoted
        # verse opening ("who is the seer of «ayaṃ ta emi…»?") is a quotation, not an idea
        span = span_of(text)
        span = span if span is not None and span.level == VERSE and not span.is_range else None
    if span is None:
        return None
    return ReferenceTask("word_in_verse", span=span, source=span, topics=asked, quote=text)


def _verse(text: str, table: Any) -> Optional[Span]:
    """The one verse the question names: by number, else by name or position ("the first verse of …")."""
    try:
        span = span_of(text)
    except Exception:
        span = None
    if span is None or span.level != VERSE:
        try:
            task = read_task(text, table)
        except Exception:
            task = None
        target = task.span if task is not None else None
        if target is not None and target.level == VERSE and not target.is_range:
            span = target
        elif span is None:
            span = _verse_of_named(text, table)
    if span is None or span.level != VERSE or span.is_range:
        return None
    try:
        if not table.exists(span.start):
            return None
    except Exception:
        return None
    return span


_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10}
_NTH_VERSE = re.compile(r"\b(first|last|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,3})(?:st|nd|rd|th)?"
                        r"\s+verse\b|\bverse\s+(\d{1,3})\b")


def _verse_of_named(text: str, table: Any) -> Optional[Span]:
    """"The first verse of the Puruṣa-sūkta", "verse 3 of the Nāsadīya": a verse counted inside a named
    hymn; a named verse ("the Gāyatrī") as it is."""
    from pyapp.reading.references import HYMN, apply, as_span, named_span

    named = named_span(text)
    if named is None or named.level != HYMN:
        return named
    match = _NTH_VERSE.search(fold(text))
    if match is None:
        return None
    word = match.group(1) or match.group(2)
    if word in ("first", "last"):
        target, _ = apply(table, word, VERSE, named)
        return target
    number = _ORDINAL.get(word) or (int(word) if word.isdigit() else 0)
    point = tuple(named.start) + (number,)
    return as_span(point) if number and table.exists(point) else None


__all__ = ["asks_word", "ideas", "in_english", "names_verse", "read"]
