"""The Sanskrit word for an English idea: "What word does the Rigveda use for immortality?",
"Sanskrit word for 'horse'", "the word for 'chariot' in Rigvedic Sanskrit", "How do the poets say 'poet'?".

Why a reverse lexicon: the question names the English idea, and searching its English word finds
verses where Griffith wrote it, not the Sanskrit word the reader asked for. The terms table already
holds, for every frequent Sanskrit stem, our short gloss and Griffith's renderings by verse
association; read backwards, it says which stems are glossed or rendered with the reader's word,
best first (a gloss that starts with the word beats one that mentions it; the association and the
number of verses break ties). The question is then read as "What does the word <stem> mean?", which
the definition path answers from the verses (with the other candidates named in a note).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple

from pyapp.agents.text import stem
from pyapp.reading.words import fold

_WORD = r"(?:word|term|expression|noun)"
_LANG = r"(?:sanskrit|vedic|rigvedic|rig\s?vedic|rgvedic|rig-vedic)"
_RV = r"(?:the\s+)?(?:rig\s?-?veda|rgveda|rigved|vedas?|vedic\s+(?:hymns|poets|texts|sanskrit)|hymns|poets|seers|rishis)"
# the English idea follows one of these openings (quotes optional), up to the end or "in the Rigveda"
_ASKS = [
    re.compile(rf"\b(?:what|which)\s+(?:{_LANG}\s+)?{_WORD}s?\s+(?:does|do|did)\s+{_RV}\s+use\s+for\s+(?P<x>.+)", re.I),
    # "What's the Sanskrit word for …", "Which is the word sánscrita for …" (a word left untranslated)
    re.compile(rf"\b(?:what|which)(?:'s|\s+is|\s+are|\s+was)?\s+(?:the\s+)?(?:{_LANG}\s+|{_RV}'?s?\s+)?{_WORD}s?\s+"
               rf"(?:used\s+|\w+\s+)?for\s+(?P<x>.+)", re.I),
    re.compile(rf"\b{_LANG}\s+{_WORD}s?\s+(?:used\s+)?for\s+(?P<x>.+)", re.I),
    re.compile(rf"\bthe\s+{_WORD}\s+for\s+(?P<x>.+?)\s+in\s+(?:{_LANG}|{_RV})", re.I),
    re.compile(rf"\b(?:what|which)\s+(?:{_LANG}\s+)?{_WORD}\s+(?:means|meaning|stands for)\s+(?P<x>.+)", re.I),
    re.compile(rf"\bhow\s+(?:do|does|did)\s+{_RV}\s+say\s+(?P<x>.+)", re.I),
    re.compile(rf"\bwhat\s+is\s+(?:the\s+)?{_LANG}\s+for\s+(?P<x>.+)", re.I),
    # a name asked by its meaning ("a baby girl name from the rig veda that means dawn"): the word that says it
    re.compile(rf"\bnames?\s+(?:(?:from|in|of)\s+{_RV}\s+)?(?:that|which)\s+(?:means?|meaning)\s+(?P<x>.+)", re.I),
    re.compile(rf"\bnames?\s+(?:(?:from|in|of)\s+{_RV}\s+)?(?:meaning|with\s+the\s+meaning(?:\s+of)?)\s+(?P<x>.+)", re.I),
]
_TAIL = re.compile(rf"\s*(?:,|\?|!|\.|;|\bin\s+(?:the\s+)?(?:{_LANG}|{_RV})\b|\bi\s+mean\b|\bused\s+in\b).*$", re.I)
_QUOTED = re.compile(r"[\"'“‘«]([^\"'”’»]{2,40})[\"'”’»]")
_FILLER = frozenset("a an the of one some their its".split())
MAX_IDEA_WORDS = 5
MIN_SCORE = 0.15


@dataclass(frozen=True)
class WordFor:
    """The English idea asked about and the Sanskrit stems that say it, best first."""

    idea: str
    stems: Tuple[str, ...]  # IAST displays ("amṛta", …)

    @property
    def question(self) -> str:
        return f"What does the word {self.stems[0]} mean?"

    @property
    def note(self) -> str:
        others = ", ".join(self.stems[1:4])
        return (f"Read as asking for the Sanskrit word for “{self.idea}”: the terms table glosses or renders "
                f"{self.stems[0]} that way" + (f" (also: {others})" if others else "") + ".")


def asked_idea(question: str) -> str:
    """The English idea a "Sanskrit word for X" question asks about, or ""."""
    text = " ".join(question.split())
    for pattern in _ASKS:
        found = pattern.search(text)
        if found is None:
            continue
        rest = found.group("x")
        quoted = _QUOTED.search(rest)
        idea = quoted.group(1) if quoted else _TAIL.sub("", rest)
        idea = " ".join(w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", idea) if w.lower() not in _FILLER)
        if idea and len(idea.split()) <= MAX_IDEA_WORDS:
            return idea.lower()
    return ""


def _gloss_score(gloss: str, stems: List[str]) -> float:
    """1.0 when the gloss starts with the idea, 0.6 when its first clause holds it, 0.3 anywhere."""
    clauses = [c for c in re.split(r"[;(]", fold(gloss)) if c.strip()]
    best = 0.0
    for i, clause in enumerate(clauses):
        words = [stem(w) for w in re.findall(r"[a-z]+", clause)]
        if not words or not all(s in words for s in stems):
            continue
        first = words[: len(stems) + 1]
        best = max(best, 1.0 if i == 0 and stems[0] in first else 0.6 if i == 0 else 0.3)
    return best


def words_for(question: str, terms: Any) -> Optional[WordFor]:
    """The Sanskrit words for the idea ``question`` asks about, or None when it asks no such thing
    or the terms table has no stem for it."""
    idea = asked_idea(question)
    if not idea or terms is None or not getattr(terms, "terms", None):
        return None
    stems = [stem(w) for w in re.findall(r"[a-z]+", fold(idea)) if len(w) > 2] or [stem(idea)]
    scored: dict = {}
    for term in terms.terms:
        if getattr(term, "name", False):
            continue
        gloss = _gloss_score(term.gloss, stems) if term.gloss else 0.0
        if gloss > 0:
            scored[term.display] = (gloss + 0.5, term.verses)
    try:
        reverse = terms.english_to_sanskrit(idea, limit=8)
    except Exception:
        reverse = []
    for hit in reverse:
        if hit.name:
            continue
        score, verses = scored.get(hit.display, (0.0, 0))
        scored[hit.display] = (score + float(hit.score), verses or _verses(terms, hit.key))
    ranked = sorted(((s, v, d) for d, (s, v) in scored.items() if s >= MIN_SCORE), key=lambda x: (-x[0], -x[1], x[2]))
    if not ranked:
        return None
    return WordFor(idea=idea, stems=tuple(d for _, _, d in ranked[:5]))


def _verses(terms: Any, key: str) -> int:
    for term in terms.terms:
        if term.key == key:
            return term.verses
    return 0


__all__ = ["WordFor", "asked_idea", "words_for"]
