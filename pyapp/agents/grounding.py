"""Sentence-level grounding of an answer in the verses it was given (shared by the validator,
critic and evaluator fallbacks).

Why lexical: with no model in the loop, the checkable signal is whether each claim carries a
citation of a provided verse and shares its words (or quotes it). It is strict enough to catch
an answer that wanders off the verses, and an extractive answer passes it by construction.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Sequence, Set

from pyapp.agents.text import content_stems, fold
from pyapp.citations import find_citations, hymn_of
from pyapp.schemas import SearchResult

_QUOTE = re.compile(r"[“\"]([^”\"]{8,})[”\"]")
_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"(\[])|\n+")


@dataclass
class SentenceCheck:
    text: str
    cited: List[str]
    supported: bool
    framing: bool  # headings / connective text without claims of its own


@dataclass
class Grounding:
    sentences: List[SentenceCheck] = field(default_factory=list)
    cited: List[str] = field(default_factory=list)

    @property
    def claims(self) -> List[SentenceCheck]:
        return [s for s in self.sentences if not s.framing]

    @property
    def unsupported(self) -> List[str]:
        return [s.text for s in self.claims if not s.supported]

    @property
    def grounding(self) -> float:
        claims = self.claims
        if not claims:
            return 0.0
        return sum(1 for s in claims if s.supported) / len(claims)


def quote_in(quote: str, folded_text: str) -> bool:
    """Every piece of the quote (split at ellipses) occurs in the verse text."""
    pieces = [" ".join(fold(p).strip(" .,;:!?'\"").split()) for p in re.split(r"…|\.\.\.", quote)]
    pieces = [p for p in pieces if len(p) >= 4]
    return bool(pieces) and all(p in folded_text for p in pieces)


def split_sentences(text: str) -> List[str]:
    parts: List[str] = []
    for chunk in _SPLIT.split(text):
        chunk = chunk.strip().lstrip("-*• ").strip()
        if chunk:
            parts.append(chunk)
    return parts


def analyse(answer: str, verses: Sequence[SearchResult], query: str = "", curated: Sequence[str] = ()) -> Grounding:
    """``curated``: the app's own reference lines the answer repeats (a named passage's description): framing,
    not a claim for the verses to bear out — they are the table's words, shown as such."""
    known = [" ".join(fold(c).split()) for c in curated if c]
    by_ref: Dict[str, SearchResult] = {v.book_context: v for v in verses}
    stems: Dict[str, Set[str]] = {}
    folded: Dict[str, str] = {}
    for ref, v in by_ref.items():
        text = " ".join(x for x in (v.translation, v.model_translation, v.addressee, v.deity, v.rishi, v.meter) if x)
        stems[ref] = set(content_stems(text))
        folded[ref] = " ".join(fold(text).split())
    hymns = {hymn_of(r) for r in by_ref}
    query_stems = set(content_stems(query))
    all_stems: Set[str] = set().union(*stems.values()) if stems else set()
    out = Grounding(cited=[])
    for sentence in split_sentences(answer):
        cited = [r for r in find_citations(sentence) if r in by_ref]
        for r in cited:
            if r not in out.cited:
                out.cited.append(r)
        body = re.sub(r"\[RV [^\]]*\]", " ", sentence)
        words = content_stems(body)
        new_words = [w for w in words if w not in query_stems]
        mentions_hymn = any(h in sentence for h in hymns)
        aside = sentence.startswith("(") and sentence.endswith(")") and not cited
        framing = aside or len(new_words) <= 2 or (sentence.endswith(":") and len(words) <= 12) or (
            mentions_hymn and not cited and len(new_words) <= 12) or _repeats_curated(body, known)
        supported = False
        quotes = _QUOTE.findall(body)
        targets = cited or list(by_ref)
        if quotes:
            supported = all(any(quote_in(q, folded[r]) for r in targets) for q in quotes)
        if not supported and words:
            pool = set().union(*(stems[r] for r in cited)) if cited else all_stems
            overlap = sum(1 for w in words if w in pool) / len(words)
            supported = overlap >= (0.4 if cited else 0.6)
        out.sentences.append(SentenceCheck(text=sentence, cited=cited, supported=supported, framing=framing))
    return out


def _repeats_curated(body: str, known: Sequence[str]) -> bool:
    """The sentence (its citation and a leading title off) is a piece of one of the curated lines."""
    if not known:
        return False
    head, colon, tail = body.partition(":")
    for part in ((tail, body) if colon and len(head) <= 80 else (body,)):
        text = " ".join(fold(part).split()).strip(" .;:")
        if len(text) >= 20 and any(text in line for line in known):
            return True
    return False
