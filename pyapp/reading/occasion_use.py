"""A verse asked for by its use: "a mantra to chant on a birthday", "a verse for a housewarming", "a hymn to recite
at sunrise".

Why a reader: the open search takes the occasion for a content word ("no verse speaks directly of birthday"). The
tables already know what an occasion calls for: ``situations.json`` the gods the tradition turns to for a life
situation (a new house: Vāstoṣpati), ``occasions.json`` the Sanskrit words a line for it holds (a birthday: śataṃ
śaradaḥ). Those readers wait for a reader's own framing ("we just moved …", "for a card"); this one reads the plain
request "a verse to <recite> at <occasion>" and answers from the same tables, a situation's gods first. It is asked
after every other reader of ``asked_kind`` (a wedding or funeral the later-use table names is answered there), and
a question naming a feeling ("a joyful verse for a wedding") is :mod:`pyapp.reading.feeling`'s.
"""
from __future__ import annotations

import re
from typing import Any, Optional

from pyapp.factbook.patterns import _q
from pyapp.facts import FactAnswer
from pyapp.reading import caption, feeling, situation
from pyapp.reading.topic_words import best_entry

__all__ = ["asks", "answer"]

LIMIT = 4
_USE = re.compile(r"\b(?:verses?|hymns?|mantras?|prayers?|lines?|suktas?|richas?|chants?|stanzas?|something)\s+"
                  r"(?:(?:to|i can|we can|one can|i could|we could|that i can)\s+)?"
                  r"(?:(?:read|recite|chant|say|sing|use|pray|play)\s+)?"
                  r"(?:for|at|on|during|before)\s+(?:(?:a|an|the|my|our|your|this|next|\w+['’]s)\s+){0,2}(?P<rest>.+)$")


def _rest(question: str) -> Optional[str]:
    """What follows "a verse to recite at …" ("a birthday"), or None when the question is not such a request."""
    q = _q(question)
    if feeling.read(question) is not None or re.match(r"\s*(?:why|how|what does|who|does|did|is it)\b", q):
        return None
    found = _USE.search(q)
    if found is None or re.search(r"(?<![\d.])(?:10|[1-9])\.\d{1,3}", q) or re.search(r"\bpray(?:s|ing)?\s+for\b", q):
        return None  # a passage named ("the verses at the end of 3.53"), a boon prayed for ("verses pray for sons")
    if set(re.findall(r"[a-z]+", q)) & (feeling._VETO | {"quiz", "questions", "class", "summary"}):
        return None  # "quiz questions on the Puruṣa Sūkta for an exam": a task, not a use
    rest = " ".join(found.group("rest").split()[:3])  # the occasion itself, not what follows it
    if re.search(r"\b(?:who|that|which|whose)\b", rest):
        return None  # "a prayer for a couple who want a child": what they want is the subject
    if not (best_entry(situation.situations(), lambda s: s.weight(rest)) or caption.occasion_of(rest)):
        return None  # no occasion the tables know
    return rest


def asks(question: str) -> bool:
    return _rest(question) is not None


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The occasion's verses: a situation's gods' hymns (``situations.json``), else the lines whose Sanskrit holds the
    occasion's words (``occasions.json``); None when the question names neither."""
    rest = _rest(question)
    if rest is None or index is None or not getattr(index, "verses", None):
        return None
    found = best_entry(situation.situations(), lambda s: s.weight(rest))
    if found is not None:
        refs = [r for r in found.refs if index.by_ref(r) is not None][:LIMIT + 1]
        if refs:
            cites = " ".join(f"[RV {r}]" for r in refs)
            text = f"For {found.label}, {found.gods} {found.about} {cites}."
            return FactAnswer(kind="list", text=text, refs=refs,
                              subject_hymns=[refs[0].rsplit(".", 1)[0]])
    occasion = caption.occasion_of(rest)
    if occasion is None:
        return None
    lines = caption.lines_for(occasion, index)
    refs = []
    for ref in lines:  # one line a hymn: a choice
        if all(r.rsplit(".", 1)[0] != ref.rsplit(".", 1)[0] for r in refs):
            refs.append(ref)
        if len(refs) >= LIMIT:
            break
    if not refs:
        return None
    text = (f"A line for it is one whose Sanskrit speaks of {occasion.label}: RV {refs[0]} [RV {refs[0]}]; "
            f"{len(lines)} verses say it in those words, among them " + ", ".join(f"[RV {r}]" for r in refs[1:]) + ".")
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[refs[0].rsplit(".", 1)[0]])
