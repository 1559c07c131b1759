"""What kind of filler a question asks for, for the answer's confidence (``agents.confidence``):
"person" (who did…, whose…, which god…, a relative: "Indra's mother", "the wife of Soma"),
"number" (how many / how much), or "" (anything else).

Why its own reader: the confidence asks whether the answer's first sentence carries the filler, and
a kinship or who question answered with a list of verses that names nobody new is the commonest
confidently wrong answer. Read by the question's form only, never by a particular question.
"""
from __future__ import annotations

import re

_KIN = (r"mother|father|parents?|sons?|daughters?|wife|wives|husbands?|consorts?|spouses?|sisters?|brothers?|"
        r"siblings?|twins?|child(?:ren)?|offspring|grand(?:mother|father|son|daughter)s?|uncle|aunt|"
        r"nephew|niece|ancestors?|descendants?|progeny|family|married|begot|born\s+(?:of|from|to)")
_PERSON = re.compile(r"^\s*(?:who(?:m|se)?|which\s+(?:god|goddess|deity|deities|gods|goddesses|seer|seers|rishi|"
                     r"ṛṣi|poet|poets|king|kings|demon|demons|sage|sages))\b"
                     r"|\b(?:" + _KIN + r")\b", re.I)
_WHO_IS_NAME = re.compile(r"^\s*who\s+(?:is|are|was|were)\s+(?!the\b)[\w'’-]+\s*\??\s*$", re.I)  # "Who is Agni?"
_NUMBER = re.compile(r"^\s*how\s+(?:many|much|often|long)\b|\bnumber\s+of\b", re.I)


def asks_for(question: str) -> str:
    """"person", "number" or ""."""
    if _NUMBER.search(question):
        return "number"
    if _WHO_IS_NAME.search(question):
        return ""  # asks about a name it gives: the answer describes it
    return "person" if _PERSON.search(question) else ""
