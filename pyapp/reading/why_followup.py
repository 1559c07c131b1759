"""A why-question that follows an answer: "Who is Saramā?" → "Why did Indra send her?"; "Which god
carries the offerings?" → "Why him and not Indra?"; "Who is Varuṇa?" → "Why do the poets beg him for
forgiveness?".

Why conversation state and not a rewrite alone: the pronoun points at what the last turn was about
(the name the last question asked about, else the first the last answer named), not at the name the
new question brings ("not Indra", "did Indra send"), and the reason is in the hymns the last answer
cited (Saramā's dialogue with the Paṇis, RV 10.108), which a fresh search over the whole RigVeda for
"why … send" does not find. So the question is read with its pronoun named, and the verses of the last
answer's hymns that share the why-question's words are put first among the verses found.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence

from pyapp.reading.conversation import state_of

__all__ = ["WhyFollowUp", "read", "verses"]

_WHY = re.compile(r"^\s*(?:(?:but|and|so|ok|okay|then|hmm),?\s+)?why\b", re.I)
_SUBJECT = re.compile(r"\b(he|she|they|it)\b", re.I)
_OBJECT = re.compile(r"\b(him|her|them)\b", re.I)
_STOP = set("""why did does do is are was were the a an and or not of in on for to from with him her them his hers
their they he she it its this that these those poets poet gods god people so much many very why what who which
how when where would could should ask asks asked beg begs begged want wants wanted rigveda hymn hymns verse
verses""".split())
SEEDS = 4  # verses of the last answer's hymns put first


@dataclass
class WhyFollowUp:
    """The why-question with its pronoun named, and the hymns the last answer cited."""

    question: str
    entity: str
    hymns: List[str] = field(default_factory=list)


def _names(text: str, lexicon: Any) -> List[str]:
    try:
        return list(lexicon.main_names(text or ""))
    except Exception:
        return []


def read(question: str, history: Sequence[Any], lexicon: Any) -> Optional[WhyFollowUp]:
    """The follow-up read against the last turn, or ``None`` (not a why-question with a pronoun, or
    no earlier answer, or nothing it could point at)."""
    if not _WHY.search(question or "") or not history:
        return None
    subject, obj = _SUBJECT.search(question), _OBJECT.search(question)
    if subject is None and obj is None:
        return None
    state = state_of(history)
    if not state.last_answer:
        return None
    asked_now = {n.lower() for n in _names(question, lexicon)}
    before = [n for n in _names(state.last_question, lexicon) if n.lower() not in asked_now]
    answered = [n for n in _names(state.last_answer, lexicon) if n.lower() not in asked_now]
    text = question
    if subject is not None and obj is not None:  # "why did he kill him?": the doer the answer named, the one asked about
        doer = next((n for n in answered if n not in before), None)
        if doer is None or not before:
            return None
        text = text[:obj.start()] + before[0] + text[obj.end():]
        text = text[:subject.start()] + doer + text[subject.end():]
        entity = doer
    else:
        entity = (before or answered or [""])[0]
        if not entity:
            return None
        pronoun = subject or obj
        text = text[:pronoun.start()] + entity + text[pronoun.end():]
    hymns: List[str] = []
    for ref in state.last_verses:
        hymn = ref.rsplit(".", 1)[0] if ref.count(".") == 2 else ref
        if hymn not in hymns:
            hymns.append(hymn)
    return WhyFollowUp(question=text, entity=entity, hymns=hymns[:3])


def _words(text: str) -> List[str]:
    return sorted({w[:5] for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _STOP})


def verses(follow: WhyFollowUp, index: Any) -> List[str]:
    """The verses of the last answer's hymns that share the most of the why-question's own words
    (the entity's name counts once), best first; at most :data:`SEEDS`."""
    words = [w for w in _words(follow.question) if w != follow.entity.lower()[:5]]
    name = follow.entity.lower()[:5]
    if not words or not follow.hymns or not getattr(index, "verses", None):
        return []
    scored = []
    for doc, verse in enumerate(index.verses):
        if verse.ref.rsplit(".", 1)[0] not in follow.hymns:
            continue
        text = (verse.translation or "").lower()
        hits = sum(1 for w in words if w in text)
        if hits:
            scored.append((-hits, 0 if name and name in text else 1, doc, verse.ref))
    found = [ref for *_, ref in sorted(scored)[:SEEDS]]
    return (_themed(follow, index) + found)[:SEEDS] if len(found) < SEEDS else found


def _themed(follow: WhyFollowUp, index: Any) -> List[str]:
    """The passages the practices-and-themes table gives for the why's theme ("forgiveness": RV 7.86 …)
    that speak of or to the entity: Griffith's words for it ("sin", "trespass") are not the reader's."""
    from pyapp.factbook.patterns import _q
    from pyapp.reading import practice

    q, name = _q(follow.question), follow.entity.lower()[:4]
    out: List[str] = []
    for entry in practice.entries():
        if not entry.hits(q):
            continue
        for ref in entry.refs:
            verse = index.by_ref(ref) if ref.count(".") == 2 else None
            if verse is not None and name and (name in _q(verse.deity or "") or name in (verse.translation or "").lower()):
                out.append(ref)
    return out
