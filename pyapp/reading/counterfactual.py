"""A "what if" question: "what would have happened if Agni stopped carrying the offerings?", "what if Indra had
not killed Vṛtra?".

Why: no verse says what would have happened otherwise, so the search looked for the question's frame words
("happened", "stopped") and opened with "No verse speaks directly of pasaria". What a reader can be told is what
the hymns say of the thing supposed away — that Agni carries the offerings, that Indra killed Vṛtra — and the
answer then says plainly that the hymns do not say what would have happened instead. The question is read
(in English: another language's question reaches here in its English reading) as asking about the thing itself,
its negation dropped.
"""
from __future__ import annotations

import re
from typing import Optional

__all__ = ["restate", "NOTE"]

NOTE = ("The hymns do not say what would have happened otherwise; this answers what they say of the thing "
        "the question supposes away.")
_WHAT_IF = re.compile(r"^\W*(?:so\s+|but\s+|and\s+|hmm+\s+)?(?:what|wat)\s+(?:(?:would|will|could|might)\s+(?:have\s+)?"
                      r"(?:happen(?:ed)?|been|become|be)\s+(?:to\s+[^,?]{1,40}?\s+)?if|if)\s+(?P<rest>[^?]{6,}?)"
                      r"(?:,?\s+(?:according to|in|as per)\s+(?:the\s+)?(?:ri?g\s?-?veda|rigveda|rgveda|vedas?|hymns?))?\s*\?*\s*$",
                      re.I)
_NEGATION = re.compile(r"\b(?:had\s+not|hadn'?t|did\s+not|didn'?t|does\s+not|doesn'?t|do\s+not|don'?t|were\s+not|weren'?t|"
                       r"was\s+not|wasn'?t|would\s+not|wouldn'?t|could\s+not|couldn'?t|never|no\s+longer|stopped|ceased\s+to|"
                       r"failed\s+to|refused\s+to|not)\b\s*", re.I)
_PAST_HAD = re.compile(r"\bhad\s+(?=\w+(?:ed|en|t)\b)", re.I)


# "what would happen if" as typed in the languages the app reads word by word, whose reading may lose the "if"
_TYPED_WHAT_IF = re.compile(r"^\W*(?:qu[eé]\s+pasar[ií]a\s+si|qu[eé]\s+hubiera\s+pasado\s+si|o\s+que\s+aconteceria\s+se|"
                            r"o\s+que\s+teria\s+acontecido\s+se|cosa\s+succederebbe\s+se|che\s+cosa\s+succederebbe\s+se|"
                            r"cosa\s+sarebbe\s+successo\s+se|que\s+se\s+passerait-il\s+si|qu'arriverait-il\s+si|"
                            r"was\s+w[äa]re,?\s+wenn|was\s+w[üu]rde\s+passieren,?\s+wenn|क्या\s+होता\s+अगर|अगर)\b", re.I)
_READ_OPENER = re.compile(r"^\W*what\s+[^\W\d_]+\s+(?:if\s+)?(?=[A-Za-z])", re.I)


def restate(question: str, typed: str = "") -> Optional[str]:
    """"What does the RigVeda say about <the thing supposed away>?", or None for any other question. ``typed``:
    the question as typed, when ``question`` is its English reading."""
    text = " ".join(str(question or "").split())
    if typed and typed != question and _TYPED_WHAT_IF.match(" ".join(typed.split())) and not _WHAT_IF.match(text):
        text = "what if " + _READ_OPENER.sub("", text, count=1)  # "What pasaria Agni allow of …" → "what if Agni …"
    found = _WHAT_IF.match(text)
    if found is None:
        return None
    if re.match(r"(?:i|we|me|my|our)\b", found.group("rest"), re.I):
        return None  # "what if I chant it daily?": the reader's own practice, not the hymns' story
    rest = _NEGATION.sub("", found.group("rest"))
    rest = _PAST_HAD.sub("", rest).strip(" ,.;:-–—")
    if len(rest.split()) < 2:
        return None
    return f"What does the RigVeda say about {rest}?"
