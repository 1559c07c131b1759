"""A hymn named by a title in quotes: "in "The Frogs"", "the hymn "Butter"", "“Dawn and the Aśvins”".

Why a resolver and not a table of titles: readers quote the titles of whatever anthology or course
they read (Doniger's "A Spell to Turn Back the Departing Spirit", "The Child of the Waters"), and no
list of them is complete. A title describes its hymn, and the index already holds each hymn's own
description: its addressee heading ("bringing back the spirit", "Apam Napat", "Ghrita (ghee)"), the
gods of its verses, the English glosses and renderings of those Sanskrit names in the terms table
(ghṛta → "clarified butter", uṣas → "dawn"), and the words of its translation. The title's content
words are scored against each hymn's description (heavily) and its translation (lightly), each word
weighted by its rarity; the best hymn wins if it is clearly best and the description carries it.

The result is a :class:`pyapp.reading.named.NamedMatch` for that hymn, so the rest of the turn treats it as
a named passage: the question's own ask is searched inside the hymn. The match's gloss says how the
title was read, so the reader can see which hymn was taken and why.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from pyapp.agents.text import stem
from pyapp.reading.named import NamedMatch, NamedPassage
from pyapp.reading.words import fold

# "…" “…” «…» „…“: a title is 1–9 words inside double quotes (single quotes mark phrases: 'O, little mother')
_QUOTED = re.compile(r"[\"“”«„]\s*([^\"“”«»„]{2,80}?)\s*[\"”“»]")
_TITLE_STOP = frozenset("""a an the and or of to in on for from with by at as into its his her their our this that
these those hymn hymns song songs poem poems spell spells chant charm prayer verse verses rigveda veda vedic""".split())
HEADING_WEIGHT = 2.0  # a title word in the hymn's heading (its addressee, with the glosses of its names)
DESC_WEIGHT = 1.0  # … in the rest of its description (its verses' gods, a named-passage gloss of it)
TEXT_WEIGHT = 0.5  # … somewhere in its translation
PRECISION_WEIGHT = 1.0  # the share of the heading's own words the title covers ("Indra and the Maruts")
UNSEEN_WEIGHT = 8.0  # the weight of a title word the translation never uses
MIN_SHARE = 0.34  # the description must carry at least this share of the title's weight
MARGIN = 1.15  # the best hymn must beat the runner-up by this factor


@dataclass(frozen=True)
class _Hymn:
    ref: str
    label: str  # "a hymn for bringing back the spirit"
    heading: Tuple[frozenset, ...]  # per word of the addressee heading: its stem and its glosses' stems
    described: frozenset  # stems of the heading, the verses' gods, their English glosses, named-passage glosses
    text: frozenset  # stems of the translation


def quoted_titles(question: str) -> List[str]:
    """The double-quoted stretches of a question that read like titles (some content word, not a sentence)."""
    out: List[str] = []
    for found in _QUOTED.finditer(question):
        title = found.group(1).strip(" ,.?!")
        words = re.findall(r"[A-Za-zÀ-ɏḀ-ỿ']+", title)
        if not words or len(words) > 9 or not _content(title):
            continue
        out.append(title)
    return out


def _content(text: str) -> List[str]:
    return [w for w in re.findall(r"[a-z]+", fold(text)) if len(w) > 2 and w not in _TITLE_STOP]


def _stems(text: str) -> Set[str]:
    return {stem(w) for w in _content(text)}


def _near(word: str, pool: Set[str]) -> bool:
    """The same stem, or one sharing a five-letter start ("sacrific" ~ "sacrifici")."""
    if word in pool:
        return True
    return len(word) >= 5 and any(len(p) >= 5 and p[:5] == word[:5] and abs(len(p) - len(word)) <= 3 for p in pool)


_CACHE: Dict[int, List[_Hymn]] = {}


def _hymns(index: Any, terms: Any) -> List[_Hymn]:
    """Each hymn's description and translation words, built once per index."""
    key = id(index)
    if key in _CACHE:
        return _CACHE[key]
    from pyapp import facts
    from pyapp.agents.generator import hymn_phrase

    from pyapp.reading.named import named_passages, passage_refs

    glossed: Dict[str, Set[str]] = {}  # hymn → words of the named passages that are that hymn (or a few)
    for passage in named_passages():
        hymns_of = {".".join(r.split(".")[:2]) for r in passage_refs(passage)}
        if len(hymns_of) <= 3:
            for ref in hymns_of:
                glossed.setdefault(ref, set()).update(_stems(passage.about + " " + " ".join(passage.names)))
    table = facts.facts_for(index)
    out: List[_Hymn] = []
    for hymn in table.hymns:
        heading = tuple(frozenset({stem(w)} | _glossed(terms, w)) for w in dict.fromkeys(_content(hymn.addressee or "")))
        described: Set[str] = set().union(*heading) if heading else set()
        for name in {k for k in hymn.deity_keys if " " not in k}:
            described |= {stem(name)} | _glossed(terms, name)
        described |= glossed.get(hymn.ref, set())
        words: Set[str] = set()
        for verse in index.hymn(hymn.mandala, hymn.hymn):
            words |= _stems(verse.translation or "")
        out.append(_Hymn(ref=hymn.ref, label=hymn_phrase(hymn.addressee), heading=heading,
                         described=frozenset(described), text=frozenset(words)))
    _CACHE[key] = out
    return out


def _glossed(terms: Any, name: str) -> Set[str]:
    """Stems of the English gloss and first renderings of a Sanskrit name (ghṛta → clarified, butter, ghee, oil)."""
    if terms is None or not hasattr(terms, "get") or len(name) < 3:
        return set()
    try:
        hit = terms.get(name)
    except Exception:
        hit = None
    if hit is None:
        return set()
    return _stems(hit.gloss or "") | {stem(w) for r in (hit.renderings or [])[:3] for w in _content(str(r))}


def resolve(question: str, index: Any, terms: Any = None,
            idf: Optional[Callable[[str], float]] = None) -> Optional[NamedMatch]:
    """The hymn a quoted title in ``question`` names, as a named-passage match, or None."""
    titles = quoted_titles(question)
    if not titles or index is None or not hasattr(index, "hymn"):
        return None
    hymns = _hymns(index, terms)
    best: Optional[Tuple[float, _Hymn, str]] = None
    for title in titles:
        scored = _score(title, hymns, idf)
        if scored is not None and (best is None or scored[0] > best[0]):
            best = (scored[0], scored[1], title)
    if best is None:
        return None
    _, hymn, title = best
    passage = NamedPassage(id="title_" + hymn.ref.replace(".", "_"), names=[title], refs=[hymn.ref],
                           about=f"The title “{title}” was read as RV {hymn.ref}, {hymn.label}, the hymn whose own "
                                 f"description and words match it best.")
    return NamedMatch(passage=passage, matched=title, text=title, score=len(fold(title)))


def by_description(description: str, index: Any, terms: Any = None,
                   idf: Optional[Callable[[str], float]] = None) -> Optional[Tuple[str, str]]:
    """The hymn whose own description a phrase matches ("calls back the mind of a dying man" → 10.58, "a hymn
    for bringing back the spirit"): its ref and label, or None (the same scoring and margins as a title)."""
    if index is None or not hasattr(index, "hymn"):
        return None
    scored = _score(description, _hymns(index, terms), idf)
    if scored is None:
        return None
    hymn = scored[1]
    heading = _stems(hymn.label)  # the heading's own words, not its gods' glosses ("Indra" glossed "lord")
    if not any(_near(word, heading) for word in _stems(description)):
        return None  # only its gods or verses match: a description of something else the hymn mentions
    return hymn.ref, hymn.label


def _score(title: str, hymns: Sequence[_Hymn], idf: Optional[Callable[[str], float]]) -> Optional[Tuple[float, _Hymn]]:
    words = sorted(_stems(title))
    if not words:
        return None
    # a word the translation never uses ("monkey") is as telling as the rarest word it does use
    weight = {w: (idf(w) or UNSEEN_WEIGHT) if idf is not None else 1.0 for w in words}
    total = sum(weight.values())
    unseen = {w for w in words if idf is not None and not idf(w)}

    def near(word: str, pool: Set[str]) -> bool:  # a word the translation never uses must match exactly
        return word in pool if word in unseen else _near(word, pool)

    ranked: List[Tuple[float, float, _Hymn, int]] = []
    for hymn in hymns:
        head_words = set().union(*hymn.heading) if hymn.heading else set()
        head = sum(weight[w] for w in words if near(w, head_words))
        desc = sum(weight[w] for w in words if near(w, hymn.described))
        if desc <= 0:
            continue
        text = sum(weight[w] for w in words if not near(w, hymn.described) and w in hymn.text)
        covered = sum(1 for part in hymn.heading if any(near(w, set(part)) for w in words))
        precision = covered / len(hymn.heading) if hymn.heading else 0.0
        score = HEADING_WEIGHT * head + DESC_WEIGHT * (desc - head) + TEXT_WEIGHT * text + PRECISION_WEIGHT * precision * head
        found = sum(1 for w in words if near(w, hymn.described) or w in hymn.text)
        ranked.append((score, desc, hymn, found))
    if not ranked:
        return None
    ranked.sort(key=lambda item: -item[0])
    score, desc, hymn, found = ranked[0]
    if desc < MIN_SHARE * total or found < max(min(2, len(words)), (len(words) + 1) // 2):
        return None  # "Star Wars": one word of two near a gloss is no title of that hymn
    if len(ranked) > 1 and score < MARGIN * ranked[1][0]:
        return None
    return score, hymn


__all__ = ["by_description", "quoted_titles", "resolve"]
