"""Places, animals and things the reader names in English or by a modern name: "Where does the Rigveda
mention the Himalayas?", "Does it know the Kabul river?", "Are wolves mentioned?", "Which hymn is about
the pigeon?", "How was fire kindled with the fire-drill?" (issue 19, set 9: geography, fauna, objects).

Why a table: the hymns name these things in Sanskrit (himavant, kubhā, vṛka, kapota, araṇi) and
Griffith's English often differs from the reader's ("Mujavan", "the Dove"), so a search for the
reader's word finds verses that only resemble it ("No verse speaks directly of himalaya"). The table
(``pyapp/data/named_things.json``) maps the reader's words and modern names to the Sanskrit stems; the
verses are then the ones whose padapāṭha names the stem (every form, compounds whole), ranked by
how much else of the question they share (the god named, "soma", "rivers"), then in the text's order.

Read only when the question asks *where / whether / which verse* the thing is named or what it is
about, or names an implement of the rite (kind ``object``): a question that merely contains "horse"
or "sea" in passing is left to the usual search.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, List, Optional, Sequence, Tuple

from pyapp import data_tables
from pyapp import facts as F
from pyapp.factbook.patterns import _q
from pyapp.factbook.wording import _join
from pyapp.reading.first_mention import _lines
from pyapp.search.translit import fold_sanskrit, sanskrit_words

__all__ = ["answer", "Thing", "things_in"]

DATA_PATH = "data/named_things.json"
QUOTE_CHARS = 220
SHOWN = 6
HYMN_VERSES = 3  # a hymn naming the thing in this many verses is "about" it
_HYMN_ASKED = re.compile(r"\b(?:hymn|sukta)s?\b")
_ASKS = re.compile(
    r"\bmention\w*\b|\bnamed?\b|\brefer(?:s|red)? to\b|\bspeaks? of\b|\btalks? about\b|\bknows?\b|"
    r"\b(?:is|are) (?:there|the \w+ (?:in|found))\b|\bappears?\b|\boccurs?\b|\bpraised\b|"
    r"\bwhich (?:hymn|verse|sukta|mantra|stanza)s?\b|\bwhere\b.*\b(?:rig ?veda|hymns|verses?)\b|"
    r"^\s*(?:is|are|was|were)\b.*\bin the (?:rig ?veda|hymns)\b")
_HOW_WITH = re.compile(r"\bwith what\b|\bwhat\b.*\bwith\b|^\s*how (?:is|was|were|are|do|does|did)\b")
_YES_NO = re.compile(r"^\s*(?:is|are|does|do|did|was|were)\b")
_STOP = set("""the a an of in to does do did is are was were rigveda rig veda vedas hymn hymns verse verses which what
where who how mention mentions mentioned name named names there about and or it its this that with from for
speak speaks talk talks know knows any anything all at ever refer refers river rivers mountain mountains""".split())


@dataclass(frozen=True)
class Thing:
    label: str
    kind: str
    names: Tuple[str, ...]
    stems: Tuple[str, ...]  # folded prefixes
    exact: Tuple[str, ...] = ()  # folded whole words ("kubha": a prefix would find kubhanyavaḥ)


@lru_cache(maxsize=1)
def _things() -> Tuple[Thing, ...]:
    raw = data_tables.table(DATA_PATH, {})
    out = []
    for row in raw.get("things", []):
        raw_stems = [s for s in row.get("stems", []) if s]
        stems = tuple(dict.fromkeys(fold_sanskrit(s).lower() for s in raw_stems if not s.startswith("=")))
        exact = tuple(dict.fromkeys(fold_sanskrit(s[1:]).lower() for s in raw_stems if s.startswith("=")))
        out.append(Thing(label=row["label"], kind=row.get("kind", ""), names=tuple(n.lower() for n in row["names"]),
                         stems=tuple(s for s in stems if len(s) >= 4), exact=exact))
    return tuple(out)


def things_in(question: str) -> List[Thing]:
    """The table's things the question names, in the question's order (a longer name first)."""
    q = " " + re.sub(r"[^a-z0-9\- ]", " ", _q(question)) + " "
    found: List[Tuple[int, Thing]] = []
    for thing in _things():
        hits = [q.find(f" {n} ") for n in sorted(thing.names, key=len, reverse=True) if f" {n} " in q]
        if hits and (thing.stems or thing.exact):
            found.append((min(hits), thing))
    return [t for _, t in sorted(found, key=lambda x: x[0])]


_ROMAN: dict = {}


def _roman_words(index: Any, pp: Any) -> List[Tuple[str, List[str]]]:
    """(ref, folded saṃhitā words) of the verses whose padapāṭha line is cut short (5.53.9 lacks its
    names there), so a name is not missed where the padapāṭha lacks it."""
    cached = _ROMAN.get(id(index))
    if cached is None or cached[0] is not index:
        rows = []
        for verse in getattr(index, "verses", []):
            line = (pp.line(verse.ref) if pp is not None else "") or ""
            if len(line) < 0.6 * len(verse.roman or ""):
                rows.append((verse.ref, sanskrit_words(verse.roman or "")))
        cached = (index, rows)
        _ROMAN[id(index)] = cached
    return cached[1]


def _names_word(thing: Thing, words: Sequence[str]) -> bool:
    return any(w in thing.exact or w.startswith(thing.stems) for w in words) if thing.stems else \
        any(w in thing.exact for w in words)


def _verses(searcher: Any, index: Any, thing: Thing) -> List[str]:
    """The verses whose padapāṭha (or, where it lacks words, saṃhitā) names the thing, in text order."""
    pp = getattr(searcher, "padapatha", None)
    found = set() if pp is None else {ref for ref, words in _lines(pp) if _names_word(thing, words)}
    found |= {ref for ref, words in _roman_words(index, pp) if _names_word(thing, words)}
    return F._sort_refs(found)


def _quote(verse: Any) -> str:
    text = (verse.translation or verse.roman or "").strip()
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    return f"“{text}”"


def _rank(index: Any, question: str, refs: Sequence[str], names: Sequence[str]) -> List[str]:
    """``refs`` by what else of the question each verse shares (the god, other words), then text order."""
    own = {w for n in names for w in n.split()}
    words = {w[:5] for w in re.findall(r"[a-z]{4,}", _q(question)) if w not in _STOP and w not in own}
    try:
        gods = list(F._deity_keys_in(F.facts_for(index), question))
    except Exception:
        gods = []
    order = {r: i for i, r in enumerate(refs)}

    def score(ref: str) -> float:
        verse = index.by_ref(ref)
        if verse is None:
            return -1.0
        text = _q(verse.translation or "")
        shared = sum(1 for w in words if re.search(rf"\b{re.escape(w)}", text))
        deity = fold_sanskrit(verse.deity or "").lower().replace(" ", "")
        english = any(re.search(rf"\b{re.escape(n[:5])}", text) for n in names if n.isascii())
        return shared + (2.0 if any(k in deity for k in gods) else 0.0) + (0.5 if english else 0.0)

    return sorted(refs, key=lambda r: (-score(r), order[r]))


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """The verses that name the place, animal or thing the question asks about, or ``None``."""
    if searcher is None or index is None:
        return None
    things = things_in(question)
    if not things:
        return None
    q = _q(question)
    from pyapp.reading.absent_name import asks_presence

    asked = _ASKS.search(q) or asks_presence(question)  # "monkey in rigveda?": a bare presence question too
    if not asked and not (any(t.kind == "object" for t in things) and _HOW_WITH.search(q)):
        return None  # an implement counts only when asked how or with what ("… snares in the form of ___" is a blank)
    per = [(t, _verses(searcher, index, t)) for t in things]
    per = [(t, refs) for t, refs in per if refs]
    if not per:
        return None
    if len(per) > 1:  # "the rivers Vipāś and Śutudrī": the verses naming all of them first
        common = [r for r in per[0][1] if all(r in set(refs) for _, refs in per[1:])]
    else:
        common = []
    thing, refs = per[0]
    names = [n for t, _ in per for n in t.names]
    ranked = _rank(index, question, common or refs, names)
    lead = index.by_ref(ranked[0])
    labels = _join([t.label for t, _ in per]) if common else thing.label
    opener = "Yes — the" if _YES_NO.match(q) else "The"
    text = f"{opener} RigVeda names {labels} in RV {lead.ref}: {_quote(lead)} [RV {lead.ref}]."
    by_hymn = Counter(r.rsplit(".", 1)[0] for r in (common or refs))
    hymn, count = by_hymn.most_common(1)[0]
    addressed = Counter(v.ref.rsplit(".", 1)[0] for v in getattr(index, "verses", [])
                        if _names_word(thing, [fold_sanskrit(w).lower() for w in re.findall(r"[^\W\d_]+", v.deity or "")]))
    top, verses = addressed.most_common(1)[0] if addressed else ("", 0)
    if verses >= HYMN_VERSES and _HYMN_ASKED.search(q):  # "in which hymn is the sacrificial post praised?"
        ranked = [r for r in [f"{top}.{n}" for n in range(1, 4)] if index.by_ref(r) is not None] + ranked
        lead = index.by_ref(ranked[0])
        text = (f"RV {top} is the hymn addressed to {labels} ({verses} of its verses, by the Anukramaṇī's deity field): "
                f"RV {lead.ref}: {_quote(lead)} [RV {lead.ref}].")
    elif count >= HYMN_VERSES and _HYMN_ASKED.search(q):  # "which hymn is about the frogs?": the hymn that keeps naming it
        ranked = [r for r in ranked if r.startswith(hymn + ".")] + [r for r in ranked if not r.startswith(hymn + ".")]
        lead = index.by_ref(ranked[0])
        text = (f"RV {hymn} is the hymn about {labels}: {count} of its verses name it, as RV {lead.ref}: "
                f"{_quote(lead)} [RV {lead.ref}].")
    others = [r for r in ranked[1:SHOWN]]
    if others:
        text += f" Also: {', '.join(f'RV {r}' for r in others)}"
        total = len(common or refs)
        text += f" ({F._plural(total, 'verse')} in all, counted in the padapāṭha)." if total > SHOWN else "."
    for extra, extra_refs in per[1:]:
        if not common:
            text += f" {extra.label[:1].upper() + extra.label[1:]}: RV {extra_refs[0]} [RV {extra_refs[0]}]."
    refs_out = [lead.ref] + others + ([] if common else [r[0] for _, r in per[1:]])
    refs_out = list(dict.fromkeys(refs_out))[:F.REFS_LIMIT]
    return F.FactAnswer(kind="list", text=text, refs=refs_out,
                        subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs_out)))
