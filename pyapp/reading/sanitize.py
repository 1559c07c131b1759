"""The question as typed, made safe to read: control and format characters stripped, whitespace collapsed,
a very long message cut (with a note saying so).

Why first and here: every reader after this one matches words, and an invisible character (a zero-width
joiner pasted from a web page, a bidi mark) splits a name in two or hides a reference; a pasted essay would
make each reader slow. What the reader typed is kept otherwise, so the answer quotes it back faithfully.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, List, Tuple

MAX_QUESTION_CHARS = 2000

_CONTROL = re.compile(r"[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def sanitize_question(question: Any) -> Tuple[str, List[str]]:
    """Control/format characters stripped, whitespace collapsed, long input cut (with a note)."""
    text = question if isinstance(question, str) else ("" if question is None else str(question))
    text = unicodedata.normalize("NFC", text)
    text = _CONTROL.sub(" ", text)
    text = " ".join(text.split())
    notes: List[str] = []
    if len(text) > MAX_QUESTION_CHARS:
        cut = text[:MAX_QUESTION_CHARS].rsplit(" ", 1)[0] or text[:MAX_QUESTION_CHARS]
        notes.append(f"Your question was {len(text):,} characters long; only the first {len(cut):,} were used "
                     f"(limit {MAX_QUESTION_CHARS:,}).")
        text = cut
    return text, notes


__all__ = ["MAX_QUESTION_CHARS", "sanitize_question"]
