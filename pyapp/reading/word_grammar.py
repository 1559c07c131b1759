"""Read "In RV 1.1.1, what case is agnim?": the grammar of one word of one verse.

Why its own reader: the question names a verse and asks the case / number / person / tense of a word
in it. The word-meaning reader (``word_in_verse``) would take the word for an English idea, and the
reference reader would only show the verse. ``pyapp.agents.word_grammar`` finds the word in the
verse's padapāṭha and reads its ending.

What is read, and nothing else:
- a grammar cue in any language the app reads (``question_cues`` of ``vedic_endings.json``: "what
  case", "singular or plural", Kasus, caso, à quel cas, vibhakti, vachan …);
- one verse: by number, by name or position ("the Gāyatrī", "the first verse of …"), by its quoted
  opening ("tat savitur vareṇyam — …"), or the verse the conversation is on ("in that verse").
The word itself is found by the agent (it needs the verse's padapāṭha); no word of the verse in the
question and the agent declines, so the usual pipeline answers.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Pattern, Tuple

from pyapp.reading.references import VERSE, ReferenceTask, Span, as_span
from pyapp.reading.words import fold

_CUES: Optional[List[Pattern[str]]] = None


def _cues() -> List[Pattern[str]]:
    global _CUES
    if _CUES is None:
        from pyapp.agents.word_grammar import data

        table = data().get("question_cues") or {}
        _CUES = [re.compile(p) for lang, patterns in table.items() if not lang.startswith("_") for p in patterns]
    return _CUES


def cue_spans(text: str) -> List[Tuple[int, int]]:
    """Where the question asks grammar (character spans of the folded question)."""
    folded = fold(text)
    return [m.span() for pattern in _cues() for m in pattern.finditer(folded)]


def asks_grammar(text: str) -> bool:
    return bool(cue_spans(text))


def _incipit(text: str, table: Any) -> Optional[Span]:
    try:
        from pyapp.reading.incipit import find_incipit

        found = find_incipit(text, table.index)
    except Exception:
        return None
    if not found:
        return None
    return as_span(tuple(int(p) for p in found[0].split(".")))


def _names_a_word(text: str, table: Any, span: Span) -> bool:
    """Whether some word of the question is a word of the verse's saṃhitā text (sandhi undone on both
    sides): without one the question asks the grammar of nothing in that verse, and other readers
    ("show me an instrumental plural" after a verse) keep it."""
    from pyapp.agents.word_grammar import _sandhi_keys, asked_position, data, tokens

    if asked_position(text) is not None:
        return True  # "the first word of …": the agent takes the word at that place
    try:
        verse = table.index.by_ref(span.ref)
    except Exception:
        return False
    roman = getattr(verse, "roman", "") or ""
    if not roman:
        return True  # nothing to check against: the agent decides from the padapāṭha
    particles = set(data().get("particles") or [])
    verse_keys = {k for w in tokens(roman) for k in _sandhi_keys(w)}
    return any(len(t) > 2 and t.lower() not in particles and set(_sandhi_keys(t)) & verse_keys
               for t in tokens(text))


def read(text: str, table: Any, context: Optional[Span] = None) -> Optional[ReferenceTask]:
    """A ``word_grammar`` task (``span`` the verse, ``quote`` the question), or ``None``."""
    if not asks_grammar(text):
        return None
    from pyapp.reading.word_in_verse import _verse

    span = _verse(text, table)
    from_context = False
    if span is None:
        span = _incipit(text, table)
    if span is None and context is not None and context.level == VERSE and not context.is_range:
        from pyapp.reading.references import span_of

        if span_of(text) is None:  # a verse named but not found is not "that verse"
            span, from_context = context, True
    if span is None or span.level != VERSE or span.is_range or not _names_a_word(text, table, span):
        return None
    return ReferenceTask("word_grammar", span=span, source=span, quote=text, from_context=from_context)


__all__ = ["asks_grammar", "cue_spans", "read"]
