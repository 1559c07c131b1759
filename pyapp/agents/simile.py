"""What a god or thing is compared to: the verses of that subject whose translation says "like a …".

Why a filter over the search: the question's words ("thirsty animal") rank verses about the subject;
of those, the verses that make a comparison are the ones whose translation holds "like a/an/the …",
"as a/an …" or "even as" (Griffith's renderings of the Sanskrit *na* and *iva* of comparison). The
candidates are the best-ranked verses for the question that belong to the subject (addressed to it,
or naming it). The first sentence lists each comparison in the verse's own words, cited.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Tuple

from pyapp.agents.text import clip
from pyapp.reading.words import fold

CANDIDATES = 60
PREFIX = 5  # words meet by their first letters ("thirsty" ~ "thirsts")
SHOWN = 3
_SIMILE = re.compile(r"[^,;:.!?]*\b(?:like|as)\s+(?:an?|the|some)\b[^,;:.!?]*|[^,;:.!?]*\beven as\b[^,;:.!?]*", re.I)
_ASK_WORDS = re.compile(r"\b(?:compar\w*|liken\w*|simile\w*|which|what|where|verse|hymn|rig\s?-?veda|rv|said|says|say|"
                        r"is|are|was|does|do|he|she|it|they|to|the|a|an|in|of|when)\b", re.I)


def _belongs(verse: Any, subject: str) -> bool:
    key = re.sub(r"[^a-z]", "", fold(subject))[:5]
    text = fold(f"{getattr(verse, 'deity', '') or ''} {verse.translation or ''}")
    return bool(key) and key in re.sub(r"[^a-z ]", "", text)


def _prefixes(text: str) -> set:
    return {w[:PREFIX] for w in re.findall(r"[a-z]{3,}", fold(text))}


def compare(subject: str, question: str, index: Any, searcher: Any) -> Optional[Tuple[str, List[str]]]:
    """(answer text, cited verses), or ``None`` when no verse of the subject makes a comparison."""
    if searcher is None:
        return None
    asked = re.sub(r"\s+", " ", _ASK_WORDS.sub(" ", question)).strip()
    wanted = _prefixes(asked) - _prefixes(subject)
    response = searcher.search(asked + " like", k=CANDIDATES)
    scored: List[Tuple[float, str, str]] = []
    hits = list(getattr(response, "results", []) or [])
    for rank, hit in enumerate(hits):
        verse = index.by_ref(hit.book_context)
        if verse is None or not _belongs(verse, subject):
            continue
        clauses = [m.group(0).strip() for m in _SIMILE.finditer(verse.translation or "")]
        if not clauses:
            continue
        best = max(clauses, key=lambda c: len(wanted & _prefixes(c)))
        score = 3.0 * len(wanted & _prefixes(best)) + len(wanted & _prefixes(verse.translation or "")) \
            + 1.0 - rank / max(1, len(hits))
        scored.append((score, verse.ref, best))
    if not scored:
        return None
    scored.sort(key=lambda item: -item[0])
    found = [(ref, image) for _, ref, image in scored[:SHOWN]]
    name = subject[:1].upper() + subject[1:]
    listed = "; ".join(f"“{clip(image, 120)}” [RV {ref}]" for ref, image in found)
    lines = [f"In the RigVeda, {name} is compared in these verses: {listed}."]
    for ref, _ in found:
        verse = index.by_ref(ref)
        lines.append(f"- RV {ref}: “{clip(verse.translation or '', 260)}”")
    lines.append(f"(Verses of {name} whose translation makes a comparison (“like a …”, “as a …”), ranked by the "
                 "question's words; chosen by code, no model wrote this answer.)")
    return "\n".join(lines), [r for r, _ in found]


__all__ = ["compare"]
