"""The words and patterns fact questions are written in: hymn, verse, maṇḍala, seer, metre and
deity words, and the regexes that tell one kind of fact question from another.

Why apart: :mod:`pyapp.factbook.detect` reads the kind with them, and the answer modules read the
same cues again (is it "by" a seer or "to" a god?); one place keeps the vocabulary the same for both.
"""
from __future__ import annotations

import re

from pyapp.agents.text import fold

def _q(question: str) -> str:
    """Folded, ASCII-ish, single-spaced: "Who composed the sūkta?" → "who composed the sukta?"."""
    value = fold(question).replace("’", "'")
    value = _MOST_OF.sub("most", value)  # "the largest number of hymns" asks for "the most hymns"
    return " ".join(value.split())


_MOST_OF = re.compile(r"\b(?:the\s+)?(?:largest|greatest|highest|biggest|maximum|max)\s+(?:number|count|share)\s+of\b")


_HYMN = r"(?:hymns?|suktas?|songs?)"
_VERSE = r"(?:verses?|stanzas?|rcs?|rks?|riks?|richas?|mantras?)"
_MANDALA = r"(?:mandalas?|mandal|books?)"
_SEER_WORDS = (r"(?:compos\w*|wrote|writ\w*|author\w*|seers?|ris?his?|rsis?|poets?|sages?|"
               r"reveal\w*|attribut\w*|ascribed|credited|cognized|cognised|heard by)")
_METRE_WORDS = r"(?:metres?|meters?|metrical|chandas|prosody)"
_METRE_NAMES = (r"(?:gayatri|tri?s?h?tu[bp]h?|jagati|anus?h?tu[bp]h?|us?h?ni[kh]|bri?hati|pam?n?kti|panki|vira[jt]|"
                r"pragatha|kaku[bp]h?|satobri?hati|atyas?h?ti|s?h?akvari|atijagati|dvipada)")
_DEITY_WORDS = r"(?:deity|deities|gods?|goddess(?:es)?|devatas?|divinity|divinities|addressee)"

_RE_FAMILY = re.compile(rf"\bfamily (?:{_MANDALA}|collections?)\b|\b(?:which|what) famil(?:y|ies)\b|"
                        rf"\bfamilies of (?:seers|poets|rsis|risis)\b|\bseer famil(?:y|ies)\b|"
                        rf"\b{_MANDALA}\b[^?.]*\bfamily\b|\bfamily\b[^?.]*\b{_MANDALA}\b|"
                        rf"\b(?:which|what) {_MANDALA}\b[^?.]*\b(?:mostly|mainly|largely|chiefly|mostly the work of)\b")
_HYMNS = r"(?:hymns|suktas)"
_TOPIC_VERBS = re.compile(r"\b(?:about|say|says|said|describe\w*|mention\w*|talk\w*|speak\w*|tell|explain\w*|mean\w*|"
                          r"teach\w*|portray\w*|depict\w*|concern\w*|deal\w*|discuss\w*|praise (?:the|his|her))\b")
_RE_LIST_STRONG = re.compile(
    rf"\b(?:is there|are there|which is|what is) (?:an? |the |any )?{_HYMN} (?:to|addressed to|dedicated to|devoted to|"
    rf"in praise of)\b|"
    rf"\b{_HYMNS} (?:composed by|written by|authored by|attributed to|ascribed to|addressed to|dedicated to|devoted to|"
    rf"by the (?:seer|rsi|risi|poet|sage)|in (?:the )?{_METRE_NAMES})\b|"
    rf"\b(?:which|what) (?:hymn|sukta) (?:is|was) (?:addressed|dedicated|devoted) to\b|"
    rf"\b(?:which|what) {_MANDALA}\b[^?.]*\b(?:{_SEER_WORDS}|did|addressed|dedicated|devoted)\b|"
    rf"\bmost (?:hymns|verses)\b|"
    rf"\b(?:which|what) (?:poets?|seers?|rsis?|risis?|sages?|authors?|composers?)\b[^?.]*\b{_HYMNS}\b|"
    rf"\bwho (?:composed|wrote|authored) (?:the )?{_HYMNS} (?:to|for|addressed|dedicated|of (?:the )?[a-z]+ (?:metre|meter))\b"
)
_RE_LIST = re.compile(
    rf"\b(?:which|what|list|name|show me|show|give me|enumerate|find)\s+(?:are\s+|were\s+)?(?:the\s+|all\s+(?:the\s+)?)?"
    rf"{_HYMNS}\b|\bhow many {_HYMNS}\b[^?.]*\b(?:{_SEER_WORDS}|did|does|by|addressed|dedicated|devoted|praising|praise|"
    rf"invok\w*|to|of|{_METRE_NAMES}|{_METRE_WORDS})\b|^(?:the |all )?{_HYMNS} (?:of|by|to|for|in)\b"
)
_RE_HYMN_COUNT = re.compile(rf"\bhow many (?:{_HYMN}|{_MANDALA})\b|\bnumber of (?:{_HYMN}|{_MANDALA})\b|\bcount of {_HYMN}\b")
_RE_VERSE_COUNT = re.compile(rf"\bhow many {_VERSE}\b|\bnumber of {_VERSE}\b|\bhow long is\b|\bcount of {_VERSE}\b|"
                             rf"\bhow many (?:lines|richas)\b")
_RE_FIRST_LAST = re.compile(rf"\b(?:first|last|final|opening|closing|concluding|1st)\s+(?:{_HYMN}|{_VERSE})\b")
_RE_METRE = re.compile(rf"\b{_METRE_WORDS}\b")
_RE_SEER = re.compile(
    rf"\b(?:who|whom)\b[^?]*\b{_SEER_WORDS}\b|\b{_SEER_WORDS} (?:of|for|behind)\b|\bby whom\b|"
    rf"\bwhose (?:hymn|composition|poem|sukta)\b|\bwho (?:is|was) (?:its|the) (?:seer|author|composer|poet|rsi|risi)\b|"
    rf"\b(?:which|what) (?:seers?|rs?is?h?is?|poets?|sages?|authors?|composers?)\b"
)
_RE_DEITY = re.compile(
    rf"\b(?:addressed|dedicated|devoted|directed|offered) to\b|\bto whom\b|\baddressee\b|"
    rf"\b(?:which|what) (?:god|gods|deity|deities|goddess|goddesses|devata|divinity)\b"
    rf"(?=[^?]*\b(?:{_HYMN}|{_VERSE}|{_MANDALA}|rv|it|this|that|\d+)\b)|"
    rf"\b{_DEITY_WORDS} (?:of|in|for) (?:the |this |that )?(?:(?:first|last|final|opening|closing) )?"
    rf"(?:{_HYMN}|{_VERSE}|rv|rigveda|it\b|\d|{_MANDALA})|"
    rf"\bwho (?:is|are) (?:it|this|the hymn|the sukta) (?:to|about|for)\b|"
    rf"\bwho (?:is|are) (?:praised|invoked|addressed|celebrated)\b|"
    rf"^(?:and )?(?:who|what|which) (?:is|was|are|were) (?:the|its|their) (?:deity|deities|gods?|goddess|devata|addressee)\W*$"
)


# "Who is the poet Vāmadeva?" asks about a person (a concept question), not for an attribution
_RE_SEER_PERSON = re.compile(r"^who (?:is|was|were) (?:the )?(?:seers?|poets?|rs?is?h?is?|sages?|rsis?) "
                             r"(?!(?:of|for|behind|who|that|which|it|this|in)\b)[a-z' -]+\W*$")


def _has_filter_words(q: str) -> bool:
    return bool(re.search(rf"\b(?:{_SEER_WORDS}|by|addressed|dedicated|devoted|praising|praise|invok\w*|{_METRE_NAMES}|"
                          rf"{_METRE_WORDS}|did)\b|\bhymns? to\b", q))


# "the most important god after Indra", "the second most", "apart from Agni": the next in the ranking is the answer
AFTER_NAMED = re.compile(r"\b(?:after|besides|apart from|other than|except|next to|behind)\s+(?:the\s+)?([a-zāīūṛśṣṇṭḍ]+)")
SECOND = re.compile(r"\b(?:second|2nd)\b")
