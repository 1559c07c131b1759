"""The verses of one maṇḍala about a theme or a god: "all the verses about cows in book 4", "which
verses of maṇḍala 6 praise Pūṣan?", "Sarasvatī in the seventh maṇḍala".

Why a reader: a search over the whole RigVeda ranks the famous hymns first (Sarasvatī's RV 6.61 for
a question about book 7), and Griffith's English for a theme varies ("kine", "milch-cows", "herds").
Restricting to the maṇḍala and matching the hymns' own Sanskrit words (``pyapp/data/theme_stems.json``,
and the things of :mod:`pyapp.reading.topic_words`) or, for a god, the Anukramaṇī's deity of each verse
and the god's name in the Sanskrit, lists the verses that are about it, with how many there are.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp import data_tables
from pyapp import facts as F
from pyapp.factbook.patterns import _q
from pyapp.factbook.targets import _MANDALA_RE, _mandala_of
from pyapp.facts import FactAnswer
from pyapp.reading.topic_words import CueEntry, _plain, _plain_lines, best_entry, pattern_rank, per_hymn

__all__ = ["Theme", "themes", "asks", "answer"]

DATA_PATH = "data/theme_stems.json"
LIMIT = 8  # verses cited
PER_HYMN = 2

_LIST = re.compile(r"\b(?:list|all|every|which|what|find|show|give|collect|gather|enumerate|name)\b|"
                   r"\bverses? (?:about|on|of|that|which|where|praising|mentioning|to|addressed)\b")
_VERSES = re.compile(r"\b(?:verses?|mantras?|richas?|rcs?|stanzas?|passages?)\b")
_SKIP = re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b|\bcompare\b|\bversus\b|\bvs\.?\b|\bwho (?:wrote|composed)\b|"
                   r"\b(?:by|composed by|written by|seers?|rishis?|metres?|meters?)\b")


class Theme(CueEntry):
    """One theme: its cue words and the Sanskrit patterns (first = the word itself)."""

    def hits(self, q: str) -> int:
        return sum(1 for c in self.cues if c.search(q))


@lru_cache(maxsize=1)
def themes() -> Tuple[Theme, ...]:
    return tuple(Theme(e) for e in data_tables.table(DATA_PATH, {}).get("entries", ()))


_ABOUT = re.compile(r"\b(?:about|on|mention\w*|prais\w*|speak\w*|concern\w*|regarding|refer\w*|addressed|names?|"
                    r"naming|describ\w*|invok\w*)\b")


def asks(question: str) -> bool:
    """A request to list verses about something (not a count, a comparison, a seer's verses, nor
    "the opening verse of the fifth maṇḍala") within one maṇḍala."""
    q = _q(question)
    return bool(_VERSES.search(q) and _LIST.search(q) and _ABOUT.search(q) and not _SKIP.search(q)
                and len(_MANDALA_RE.findall(q)) <= 1 and _mandala_of(question))


def _theme_of(question: str) -> Optional[Theme]:
    q = _q(question)
    theme = best_entry(themes(), lambda t: t.hits(q))
    if theme is not None:
        return theme
    from pyapp.reading import topic_words

    topic = topic_words.match(question)
    return Theme({"id": topic.id, "label": topic.label, "sanskrit": topic.sanskrit, "cues": [],
                  "patterns": [p.pattern for p in topic.patterns], "deity": topic.deity}) if topic else None


def _in_mandala(index: Any, mandala: int) -> List[Tuple[int, Any]]:
    prefix = f"{mandala}."
    return [(doc, v) for doc, v in enumerate(index.verses) if v.ref.startswith(prefix)]


def _pick(scored: List[Tuple[Tuple, str]]) -> List[str]:
    """The best verses, at most :data:`PER_HYMN` per hymn, in rank order."""
    return per_hymn((ref for _, ref in sorted(scored)), LIMIT, PER_HYMN)


def _densest(refs: Sequence[str], top: int = 3) -> str:
    counts: Dict[str, int] = {}
    for ref in refs:
        hymn = ref.rsplit(".", 1)[0]
        counts[hymn] = counts.get(hymn, 0) + 1
    best = sorted(counts.items(), key=lambda kv: (-kv[1], tuple(int(x) for x in kv[0].split("."))))[:top]
    return ", ".join(f"RV {h} ({n})" for h, n in best if n > 1)


def _theme_answer(theme: Theme, mandala: int, index: Any) -> Optional[FactAnswer]:
    lines = _plain_lines(index)
    scored: List[Tuple[Tuple, str]] = []
    naming: List[str] = []
    for doc, verse in _in_mandala(index, mandala):
        rank = pattern_rank(theme.patterns, lines[doc])
        if rank is None:
            continue
        if rank == 0:
            naming.append(verse.ref)
        deity = _plain(verse.deity or "")
        by_deity = 0 if theme.deity and theme.deity in deity else 1
        hits = len(theme.patterns[0].findall(lines[doc]))
        scored.append(((rank, by_deity, -hits, doc), verse.ref))
    dense = {}
    for ref in naming:
        dense[ref.rsplit(".", 1)[0]] = dense.get(ref.rsplit(".", 1)[0], 0) + 1
    scored = [((k[0], k[1], -min(dense.get(ref.rsplit(".", 1)[0], 0), 5), k[2], k[3]), ref) for k, ref in scored]
    if not scored:
        return None
    refs = _pick(scored)
    most = _densest(naming)
    text = (f"In maṇḍala {mandala}, {len(naming) or len(scored)} verses name {theme.label} in the hymns' own words "
            f"(Sanskrit {theme.sanskrit}, in any form or compound)"
            + (f", most often in {most}" if most else "") + ". The verses that speak of it most: "
            + ", ".join(f"[RV {r}]" for r in refs) + ".")
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=sorted({r.rsplit('.', 1)[0] for r in refs},
                                                                          key=F._sort_key))


def _stem(name: str) -> str:
    """A name's stem as its inflected forms begin: "pūṣan" → "pūṣ", "sarasvatī" → "sarasvat", "rudra" → "rudr"."""
    return re.sub(r"(?:an|ar|as|ṛ|r)$", "", name.split()[0] if name else "").rstrip("aāiīuūḥh") if name else ""


def _god_answer(question: str, mandala: int, index: Any) -> Optional[FactAnswer]:
    facts = F.facts_for(index)
    label, _, _ = F._deity_match(facts, question)
    if not label or " and " in label:
        return None
    name = label.split(" (")[0]
    name = re.sub(r"^the ", "", name)
    stem = _stem(_plain(name))
    dstem = _stem(F._key(name))
    dstem = dstem if len(dstem) >= 3 else F._key(name)[:3]
    names = re.compile(r"\b" + re.escape(stem) + r"\w*") if len(stem) >= 3 else None
    lines = _plain_lines(index)
    addressed, naming, scored = [], [], []
    for doc, verse in _in_mandala(index, mandala):
        to_god = dstem in F._key(verse.deity or "")
        says = bool(names and names.search(lines[doc]))
        if to_god:
            addressed.append(verse.ref)
        if says:
            naming.append(verse.ref)
        if to_god or says:
            scored.append(((0 if to_god and says else 1 if says else 2, doc), verse.ref))
    if not scored:
        return None
    refs = _pick(scored)
    parts = []
    if addressed:
        parts.append(f"{len(addressed)} verses are addressed to {label} (by the Anukramaṇī)"
                     + (f", most in {_densest(addressed)}" if _densest(addressed) else ""))
    more = [r for r in naming if r not in set(addressed)]
    if naming:
        parts.append(f"{len(more) if addressed else len(naming)} {'more ' if addressed else ''}verses name "
                     f"{'her' if name.endswith(('ī', 'ā')) else 'the god'} in the Sanskrit ({stem}-)")
    text = (f"In maṇḍala {mandala}, " + " and ".join(parts) + ". The verses: " + ", ".join(f"[RV {r}]" for r in refs) + ".")
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=sorted({r.rsplit('.', 1)[0] for r in refs},
                                                                          key=F._sort_key))


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The verses of the maṇḍala about the theme or god the question names, and how many there are."""
    if not asks(question) or not getattr(index, "verses", None):
        return None
    mandala = _mandala_of(question)
    if mandala is None:
        return None
    theme = _theme_of(question)
    if theme is not None:
        return _theme_answer(theme, mandala, index)
    return _god_answer(question, mandala, index)
