"""What kind of filler a question asks for, for the answer's confidence (``agents.confidence``):
"person" (who did…, whose…, which god…, a relative: "Indra's mother", "the wife of Soma"),
"number" (how many / how much), "position" (the first, earliest or last mention), "name" (what type of…, what is called…: a name or a
kind), or "" (anything else).

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
# "what type of priest…", "what is called the reciter…", "what is the name of…": a name or a kind
_NAME = re.compile(r"\bwhat\s+(?:type|kind|sort|class)\s+of\b|\bwhat\s+(?:is|are|was|were)\s+(?:called|known\s+as|"
                   r"thought\s+of\s+as|regarded\s+as|named|the\s+name|the\s+word|the\s+term)\b"
                   r"|\bwhat\s+\w+\s+(?:is|are|was|were)\s+(?:called|named|known\s+as)\b", re.I)
# "where is X first mentioned?", "the earliest hymn to …", "the last verse of …": a position in the text
_POSITION = re.compile(r"\b(?:first|earliest|oldest|last|latest|final)\b", re.I)


def asks_for(question: str) -> str:
    """"person", "number", "position", "name" or ""."""
    if _NUMBER.search(question):
        return "number"
    if _POSITION.search(question):
        return "position"
    if _WHO_IS_NAME.search(question):
        return ""  # asks about a name it gives: the answer describes it
    if _PERSON.search(question):
        return "person"
    return "name" if _NAME.search(question) else ""
