"""The words of a question that may be names: candidates for a seer or god (stopwords dropped,
capitalised words first), words that look like a name, and a question with some words dropped.

Why apart: seer lists, deity matching, extremes, the family books and the entry point all ask
"which word names someone?", and must agree on which words cannot.
"""
from __future__ import annotations

import re
from typing import Iterable, List

from pyapp.agents.text import fold
from pyapp.factbook.names import _key
from pyapp.factbook.patterns import _q

_QUESTION_STOP = set(_key("""
which what who whom whose list name names show give tell me all any how many much number count hymns hymn
suktas sukta verses verse stanzas compose composed composes composer composers wrote write written writes
author authored authors seer seers rishi rishis rsi rsis poet poets sage sages attributed ascribed credited
revealed addressed dedicated devoted praising praise praised invoke invoked invoking to by of in the a an
and or is are was were does did do has have had there their his her its god gods deity deities goddess
metre meter metres meters rigveda rig veda rv mandala mandalas book books please find from for about with
family families count total altogether also only most main mainly exclusively whole entire
there here that this these those each every alone jointly together some several other others
""").split())


def _candidate_words(question: str) -> List[str]:
    """Words that may be a name: capitalised words first (names), stopwords dropped."""
    words = re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", question)
    out: List[str] = []
    capitalised = [w for i, w in enumerate(words) if w[:1].isupper() and i > 0]
    for word in capitalised + words:
        key = _key(word)
        for part in key.split():
            if len(part) >= 3 and part not in _QUESTION_STOP and part not in out:
                out.append(part)
    return out


def _drop_words(question: str, keys: Iterable[str]) -> str:
    """The question without the words whose matching key is one of ``keys`` (possessive "'s" ignored)."""
    keys = set(keys)
    return re.sub(r"[^\W\d_]+(?:['’][^\W\d_]+)?['’]?",
                  lambda m: " " if _key(re.sub(r"['’]s?$", "", m.group())) in keys else m.group(), question)


_GENERIC_WORDS = frozenset(_key(w) for w in """
samhita collection text texts scripture scriptures corpus vedic veda vedas sanskrit anukramani index english
griffith jamison brereton geldner hindu hinduism india indian i get gets got receive receives received given give
gives contain contains containing have has own owns exist exists altogether overall total whole entire
""".split())


def _name_words(question: str) -> List[str]:
    """Words of the question that look like a name (capitalised inside the sentence, written with
    diacritics, or the subject of "does X get/have"), other than question and generic words."""
    out: List[str] = []
    words = list(re.finditer(r"[^\W\d_]+(?:['’][^\W\d_]+)?", question))
    subject = {m.group(1) for m in re.finditer(
        r"\b(?:does|did|is|was|has) ([a-z]+) (?:get|got|have|has|receive|received|given|own|compose|composed|write|wrote)\b",
        _q(question))}
    for i, match in enumerate(words):
        word = re.sub(r"['’]s?$", "", match.group())
        key = _key(word)
        if not key or key in _QUESTION_STOP or key in _GENERIC_WORDS or len(key) < 3:
            continue
        if (i > 0 and word[:1].isupper()) or not word.isascii() or fold(word) in subject:
            out.append(key)
    return out
