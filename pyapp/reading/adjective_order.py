"""A Romance language's adjective after its noun, put before it in the English reading.

Why: French, Spanish, Italian and Portuguese put a superlative after its noun ("le dieu le plus important", "el
dios más importante", "il dio più importante"), and their word-by-word English kept that order: "the god the
most important". The English readers that know superlatives ("the most important god", "the longest hymn") never
saw the phrase they know, and the question fell to the open search. Only a degree word (most, least, more, less)
after a noun moves; an adjective alone stays where it is, since the search reads words, not their order.
"""
from __future__ import annotations

import re

__all__ = ["NOUN_FIRST", "adjective_first"]

# languages whose adjectives follow their nouns, read word by word into English (``pyapp.reading.gloss``)
NOUN_FIRST = frozenset({"fr", "es", "it", "pt", "ca", "gl", "ro"})

# the degree words glossed from "le plus", "más", "più", "mais", "mai"
_DEGREE = r"most|least|more|less"
# a word that is no noun before a degree word ("has the most hymns", "the one most loved" stays)
_NOT_NOUN = frozenset({"is", "are", "was", "were", "be", "has", "have", "had", "one", "ones", "who", "that", "which",
                       "what", "it", "them", "him", "her", "this", "these", "those", "much", "many", "is the",
                       "and", "or", "of", "in", "to", "for", "with", "by", "the", "a", "an", "not", "very"})
_AFTER_NOUN = re.compile(rf"\b(the|a|an|which|what|of)\s+([a-z]+)\s+(?:the\s+)?({_DEGREE})\s+([a-z]+)\b")

# one-syllable adjectives English compares with an ending ("the most long" is "the longest")
_ENDINGS = {"long": "longest", "short": "shortest", "old": "oldest", "young": "youngest", "great": "greatest",
            "big": "biggest", "small": "smallest", "high": "highest", "low": "lowest", "fair": "fairest",
            "bright": "brightest", "dark": "darkest", "fast": "fastest", "strong": "strongest", "late": "latest",
            "near": "nearest", "far": "farthest", "rich": "richest", "wise": "wisest", "good": "best", "bad": "worst",
            "large": "largest", "new": "newest", "swift": "swiftest", "dear": "dearest", "pure": "purest"}
_COMPARED = {"long": "longer", "short": "shorter", "old": "older", "young": "younger", "great": "greater",
             "big": "bigger", "small": "smaller", "high": "higher", "strong": "stronger", "good": "better",
             "bad": "worse", "large": "larger", "rich": "richer", "wise": "wiser", "swift": "swifter"}


def _degree(word: str, adjective: str) -> str:
    if word == "most" and adjective in _ENDINGS:
        return _ENDINGS[adjective]
    if word == "more" and adjective in _COMPARED:
        return _COMPARED[adjective]
    return f"{word} {adjective}"


def adjective_first(english: str) -> str:
    """``english`` with "the god the most important" as "the most important god" and "the hymn the most long" as
    "the longest hymn"; anything else unchanged."""
    def swap(match: "re.Match[str]") -> str:
        lead, noun, degree, adjective = match.groups()
        if noun.lower() in _NOT_NOUN or adjective.lower() in _NOT_NOUN:
            return match.group(0)
        return f"{lead} {_degree(degree, adjective.lower())} {noun}"

    return _AFTER_NOUN.sub(swap, english)
