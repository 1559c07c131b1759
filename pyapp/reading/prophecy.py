"""A prophecy read into the hymns: "does the RigVeda predict the Buddha?", "is Kalki foretold in the Rig Veda?",
"is Narāśaṃsa a prophecy of a future prophet?" (issue 19, set 20).

Why: such a question names the RigVeda and a later person or event, and the prediction words ("predict",
"foretell") made the fortune-telling refusal answer it ("the RigVeda does not tell fortunes"), or the search
took "prophecy" as a topic ("No verse speaks directly of prophecy …"). Neither says what the reader asked:
whether the text foretells it. It does not — the hymns praise the gods and pray for their poets' own day —
so the answer opens with that "No", and the rest of the answer (the later name's absence, the verses of the
word the claim rests on) follows as the readers give it. A request about the reader's own future ("will I …",
"my marriage") stays a fortune-telling request, and one that asks for another scripture's text (a hadith, the
Bible) stays off-topic.
"""
from __future__ import annotations

import re

from pyapp.reading.text_named import text_named

__all__ = ["asks", "LEAD", "lead"]

LEAD = ("No — the RigVeda holds no prophecy: its hymns praise the gods and pray for the poets' own day, and no verse "
        "foretells a later person or event.")

_PROPHECY = re.compile(r"\b(?:predict\w*|prophec\w*|prophes\w*|foretel\w*|foretold|foresee\w*|foresaw|forecast\w*|"
                       r"prefigur\w*|future (?:prophet|messiah|saviou?r|avatara?|incarnation)s?)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|we|our|us)\b", re.I)
# another scripture's own text asked for: the refusal answers it ("quote me the hadith that confirms …")
_OTHER_TEXT = re.compile(r"\b(?:hadiths?|qur'?an|koran|bible|gospels?|torah|nostradamus|bhavishya|purana\w*)\b", re.I)


def asks(text: str) -> bool:
    """The question asks whether the RigVeda (or its hymns, a verse) foretells someone or something, and is
    neither the reader's own fortune nor a request for another scripture's text."""
    text = " ".join(str(text or "").split())
    if not _PROPHECY.search(text) or _FIRST_PERSON.search(text) or _OTHER_TEXT.search(text):
        return False
    named = text_named(text)
    return bool(named.rigveda or named.vedic or named.hymn)


def lead(answer: str) -> str:
    """The answer with the "No" first, unless it already opens with a no (the later name's absence says it)."""
    head = (answer or "").lstrip()
    if re.match(r"no\s*[:—–,.-]", head, re.I):  # "No: Kalki is not named …" (a hedge, "No verse speaks …", is not)
        return answer
    return f"{LEAD}\n\n{answer}" if head else LEAD
