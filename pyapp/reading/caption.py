"""A line for a card, a caption, a tattoo or a post: "a Rigveda line about light for a Diwali card", "a
verse for my grandmother's birthday", "something for a photo of the Himalayas".

Why a table of occasions: the occasion (a birthday, Diwali, a sunrise photo) is not in the hymns, and
Griffith's English for what it calls for varies ("a hundred autumns", "a hundred winters"); what the
tradition reaches for is a line whose Sanskrit names the thing itself (śataṃ śaradaḥ, jyotis, parvata).
``pyapp/data/occasions.json`` maps the occasion's cue words to those Sanskrit words and to the gods whose
verses rank first; the verses whose plain IAST holds them are listed, shortest first (a caption is short).
Only a request for a line for some use (card, caption, tattoo, post, wish) is read here.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.patterns import _q
from pyapp.facts import FactAnswer
from pyapp.reading.topic_words import _plain, _plain_lines

__all__ = ["Occasion", "occasions", "asks", "occasion_of", "answer"]

DATA_PATH = "data/occasions.json"
LIMIT = 4

_USE = re.compile(r"\b(?:captions?|cards?|greetings?|tattoos?|instagram|insta|posts?|status|wish|wishes|inscriptions?|"
                  r"engrav\w*|bio|wallpaper|poster|banner|invitations?|blessings? for|quote for|line for|verse for|"
                  r"kad|kort|bildetekst|tatoveering\w*|tätoveering\w*|ucapan|hilsen)\b")
_WANTS = re.compile(r"\b(?:verses?|lines?|mantras?|quotes?|quotation|passages?|richas?|something|anything|suggest\w*|"
                    r"recommend\w*|need|want|looking|ayat|vers|forslag|salm)\b")


class Occasion:
    """One occasion: its cue patterns, the Sanskrit patterns a line for it holds, the gods ranked first."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.id: str = raw["id"]
        self.label: str = raw["label"]
        self.cues: List[Tuple[str, "re.Pattern[str]"]] = [
            (c, re.compile(r"(?<![\w-])" + re.escape(c).replace(r"\*", r"\w*") + r"(?![\w-])")) for c in raw["cues"]]
        self.patterns = [re.compile(p) for p in raw["patterns"]]
        self.deities: List[str] = list(raw.get("deities", []))

    def weight(self, q: str) -> int:
        return sum(len(c.rstrip("*")) for c, pattern in self.cues if pattern.search(q))


@lru_cache(maxsize=1)
def occasions() -> Tuple[Occasion, ...]:
    return tuple(Occasion(e) for e in data_tables.table(DATA_PATH, {}).get("entries", ()))


def asks(question: str) -> bool:
    """A request for a line to use somewhere (a card, a caption, a tattoo, a post)."""
    q = _q(question)
    return bool(_USE.search(q) and _WANTS.search(q))


def occasion_of(question: str) -> Optional[Occasion]:
    q = _q(question)
    scored = [(o.weight(q), -i, o) for i, o in enumerate(occasions())]
    scored = [s for s in scored if s[0] > 0]
    return max(scored, key=lambda s: (s[0], s[1]))[2] if scored else None


def lines_for(occasion: Occasion, index: Any) -> List[str]:
    """The verses whose Sanskrit holds every pattern: the gods' verses first, then the shortest."""
    lines = _plain_lines(index)
    scored = []
    for doc, verse in enumerate(index.verses):
        text = lines[doc]
        if not all(p.search(text) for p in occasion.patterns):
            continue
        deity = _plain(verse.deity or "")
        by_god = 0 if any(d in deity for d in occasion.deities) else 1
        scored.append(((by_god, len(verse.translation or text), doc), verse.ref))
    return [ref for _, ref in sorted(scored)]


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """Short lines for the occasion the question names, or ``None``."""
    if not asks(question) or not getattr(index, "verses", None):
        return None
    occasion = occasion_of(question)
    if occasion is None:
        return None
    found = lines_for(occasion, index)
    if not found:
        return None
    refs: List[str] = []
    for ref in found:  # one line a hymn: a choice, not one hymn's verses
        if all(r.rsplit(".", 1)[0] != ref.rsplit(".", 1)[0] for r in refs):
            refs.append(ref)
        if len(refs) >= LIMIT:
            break
    best = index.by_ref(refs[0])
    text = (f"A short line of the RigVeda whose Sanskrit speaks of {occasion.label}: RV {refs[0]}, "
            f"“{' '.join((best.roman or '').split())}” [RV {refs[0]}]. "
            f"{len(found)} verses say it in those words; other short ones: "
            + ", ".join(f"[RV {r}]" for r in refs[1:]) + ".")
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=sorted({r.rsplit('.', 1)[0] for r in refs}))
