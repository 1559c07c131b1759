"""Whether the RigVeda tells a story that joins several things: "is the story of Manu, the fish and the flood in
the RigVeda?", "does it tell the tale of the churning of the ocean for the nectar?" (issue 19, set 19).

Why a reader of its own: such a question names a story by its elements, and the readers of single things
answered for one of them ("Yes — the RigVeda names the fish (7.18.6)"), as if the hymns knew the story because
they know a fish. A story is in the hymns when its elements stand together: in one verse, or at least in one
hymn. So each element the question names (the nouns and names after "the story of", split at "and", commas and
"of") is found on its own — in the padapāṭha through the named-things table (fish → matsya) and in Griffith's
English, with its plural and English kin (``pyapp/data/story_words.json``: cows → kine, cattle) — and the answer
opens "Yes" only when one verse (or, failing that, one hymn) names them all, quoting it; otherwise "No" with
where each element occurs on its own and which the hymns never name. Questions about one thing, or not asked
as a story, are left to the other readers.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from pyapp.data_tables import table
from pyapp import facts as F
from pyapp.factbook.patterns import _q
from pyapp.factbook.wording import _join
from pyapp.reading import named_things

__all__ = ["answer", "elements"]

DATA_PATH = "data/story_words.json"
SHOWN = 3
QUOTE_CHARS = 220
_STORY = re.compile(r"\b(?:story|stories|tale|tales|legend|legends|myth|myths|episode|account)\s+(?:of|about)\s+(.+?)"
                    r"(?:\s+(?:in|from|found in|told in|part of|inside|within)\s+(?:the\s+)?(?:ri?g\s?-?veda|rgveda|hymns|"
                    r"vedas?|samhita)\b|[?.!]|$)")
_YES_NO = re.compile(r"^\W*(?:\w+\W+){0,6}?(?:is|are|was|were|does|do|did|has|have|can|could)\b")
_WH = re.compile(r"^\W*(?:what|who|whom|which|where|when|why|how|tell|explain|describe|summari[sz]e|narrate)\b")
_SPLIT = re.compile(r"\s*(?:,|;|&|\band\b|\bor\b|\bwith\b|\bof\b|\bby\b|\bfor\b|\bfrom\b|\bto\b|\bon\b|\bin\b|"
                    r"\bas\b|\binto\b|\bwho\b|\bwhich\b|\bthat\b)\s*")
_DROP = set("""the a an his her its their this that great big little old itself whole famous so called same own one two
first last really actually also very some any all rigveda rig veda vedas hymn hymns story tale legend myth""".split())
_VERB_END = re.compile(r"(?:ing|ed)$")


@lru_cache(maxsize=1)
def _kin() -> Dict[str, Tuple[str, ...]]:
    """English kin Griffith uses for a reader's word (cows → kine, cattle); {} when the table cannot be read."""
    raw = table(DATA_PATH, {})
    return {k: tuple(v) for k, v in raw.get("kin", {}).items()}


def _singular(word: str) -> str:
    for end, to in (("ies", "y"), ("ves", "f"), ("shes", "sh"), ("ches", "ch"), ("sses", "ss"), ("s", "")):
        if word.endswith(end) and len(word) - len(end) >= 3 and not word.endswith(("ss", "us", "is", "as")):
            return word[: len(word) - len(end)] + to
    return word


def elements(question: str) -> List[str]:
    """The story's elements the question names (lower case, singular), in its order; [] when it asks no story
    (no "story of …" in a yes/no question)."""
    q = _q(question)
    found = _STORY.search(q)
    if not found or not _YES_NO.search(q) or _WH.search(q):  # "what is the story of …?" asks to tell it
        return []
    out: List[str] = []
    for part in _SPLIT.split(found.group(1)):
        words = [w for w in re.findall(r"[a-z][a-z']*", part) if w not in _DROP and len(w) >= 3]  # "horse-headed": two
        words = [w.replace("'s", "") for w in words]
        for word in words:
            if _VERB_END.search(word) and word not in _kin():
                word = re.sub(r"(?:ing|ed)$", "", word)  # "churning" → "churn": Griffith's "churned" too
            word = _singular(word)
            if len(word) >= 3 and word not in out:
                out.append(word)
    return out


def _english(word: str) -> "re.Pattern[str]":
    forms = (word,) + _kin().get(word, ())
    return re.compile(r"\b(?:" + "|".join(re.escape(f) for f in forms) + r")(?:s|es|e?d|ing)?\b")


_FOLDED: Dict[int, Tuple[Any, List[Tuple[str, str]]]] = {}


def _english_lines(index: Any) -> List[Tuple[str, str]]:
    cached = _FOLDED.get(id(index))
    if cached is None or cached[0] is not index:
        cached = (index, [(v.ref, _q(v.translation or "")) for v in getattr(index, "verses", [])])
        _FOLDED[id(index)] = cached
    return cached[1]


def _verses_of(word: str, index: Any, searcher: Any) -> Set[str]:
    """The verses naming the element: Griffith's English (the word, its plural, its kin) and, for a thing of the
    named-things table, the padapāṭha's Sanskrit (fish → matsya)."""
    pattern = _english(word)
    refs = {ref for ref, text in _english_lines(index) if pattern.search(text)}
    for thing in named_things.things_in(word):
        refs |= set(named_things._verses(searcher, index, thing))
    return refs


def _quote(verse: Any) -> str:
    text = " ".join((verse.translation or verse.roman or "").split())
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    return f"“{text}”"


def _best(per: Dict[str, Set[str]], refs: Sequence[str]) -> str:
    """The verse to quote: the one naming most of the elements, then the one of the rarest element, then the
    first in the text's order."""
    rarity = {r: min(len(v) for v in per.values() if r in v) for r in refs}
    return min(set(refs), key=lambda r: (-sum(r in v for v in per.values()), rarity[r],
                                         tuple(int(x) for x in r.split("."))))


def _hymn(ref: str) -> str:
    return ref.rsplit(".", 1)[0]


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """Yes with the verse (or hymn) that joins every element, or No with where each occurs; None when the
    question names fewer than two elements of a story."""
    parts = elements(question)
    if len(parts) < 2 or index is None or searcher is None:
        return None
    per = {p: _verses_of(p, index, searcher) for p in parts}
    names = _join(parts)
    together = F._sort_refs(set.intersection(*per.values())) if all(per.values()) else []
    if together:
        lead = index.by_ref(together[0])
        text = (f"Yes — the RigVeda names {names} together in RV {lead.ref}: {_quote(lead)} [RV {lead.ref}].")
        if len(together) > 1:
            text += " Also " + ", ".join(f"RV {r}" for r in together[1:SHOWN]) + "."
        refs = together[:SHOWN]
        return F.FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[_hymn(r) for r in refs])
    hymns = set.intersection(*({_hymn(r) for r in refs} for refs in per.values())) if all(per.values()) else set()
    if hymns:
        hymn = F._sort_refs([h + ".1" for h in hymns])[0].rsplit(".", 1)[0]
        shown = list(dict.fromkeys(F._sort_refs([r for r in per[p] if _hymn(r) == hymn])[0] for p in parts))
        lead = _best(per, [r for p in parts for r in per[p] if _hymn(r) == hymn])
        text = (f"Yes, in one hymn though in no single verse: RV {hymn} names {names}, in different verses ("
                + "; ".join(f"{p}: RV {F._sort_refs([r for r in per[p] if _hymn(r) == hymn])[0]}" for p in parts)
                + f"). RV {lead}: {_quote(index.by_ref(lead))} [RV {lead}].")
        shown = [lead] + [r for r in shown if r != lead]
        return F.FactAnswer(kind="list", text=text, refs=shown[:F.REFS_LIMIT], subject_hymns=[hymn])
    absent = [p for p in parts if not per[p]]
    present = [p for p in parts if per[p]]
    text = (f"No — the RigVeda does not tell that story: no verse or hymn names {names} together.")
    refs: List[str] = []
    for p in present:
        first = F._sort_refs(per[p])[:2]
        refs += first[:1]
        text += (f" {p[:1].upper() + p[1:]} occurs on its own in {F._plural(len(per[p]), 'verse')} ("
                 + ", ".join(f"RV {r}" for r in first) + (" …" if len(per[p]) > 2 else "") + ").")
    if absent:
        text += f" {_join(absent)[:1].upper() + _join(absent)[1:]} {'is' if len(absent) == 1 else 'are'} never named."
    if refs:
        lead = _best(per, [r for p in present for r in per[p]])
        refs = [lead] + [r for r in refs if r != lead]
        text += f" RV {lead}: {_quote(index.by_ref(lead))} [RV {lead}]."
    return F.FactAnswer(kind="list", text=text, refs=refs[:F.REFS_LIMIT],
                        subject_hymns=list(dict.fromkeys(_hymn(r) for r in refs)))
