"""A god's or a seer's hymns, counted once: the answers, the comparisons and the reader agree.

Why one module: the same number used to be worked out three ways (a god's list answer, a
comparison's "addressed in N hymns" parsed back out of that answer's text, and the hymn reader's
filter matching display names), and they disagreed: the joint Mitra–Varuṇa hymns were counted as
Mitra's alone, because Mitra is the first name of their heading "Mitra and Varuna".

What is counted (all from the index's Anukramaṇī fields and hymn headings, :mod:`pyapp.facts`):

* a god's hymns ``alone`` — the hymn's main addressee is that god (its heading's first name or the
  deity of at least half its verses), and not as one of a pair;
* ``joint`` — hymns to a pair addressed together (the main deity is their dual compound,
  "mitrāvaruṇau", "indrāgnī", and the heading names both): counted for the pair, named as the pair,
  once for each of its two gods;
* ``part`` — hymns that address the god in some verses, or with several other gods.

A seer's hymns are those whose attribution names him in any verse (notes included: 9.107 is
credited to the Seven Seers, Viśvāmitra among them), ``partial`` those where he is named for some
verses only; his family (Vaiśvāmitra for Viśvāmitra) is counted apart.

The reader's filters match the same words (``catalog`` ships each hymn's matching words), so a
filter for a god lists alone + joint + part, and one for a seer lists his hymns.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple

from pyapp import facts as F

__all__ = ["GodHymns", "SeerHymns", "addressed", "god_hymns", "seer_hymns", "count_phrase", "facets"]

PAIR_DASH = "–"


@dataclass
class GodHymns:
    """The hymns of one god (or of a pair asked for together), in canonical order."""

    label: str  # the display name ("Varuṇa", "Uṣas (the Dawn)")
    alone: List[str] = field(default_factory=list)  # hymn refs addressed mainly to the god alone
    joint: List[Tuple[str, str, List[str]]] = field(default_factory=list)  # (partner, "Mitra–Varuṇa", refs)
    part: List[str] = field(default_factory=list)  # refs addressing the god in some verses or with others

    @property
    def joint_refs(self) -> List[str]:
        return [ref for _, _, refs in self.joint for ref in refs]

    @property
    def total(self) -> int:
        return len(self.alone) + len(self.joint_refs) + len(self.part)


@dataclass
class SeerHymns:
    """The hymns a seer is named for (``partial``: for some verses only) and his family's."""

    name: str
    refs: List[str] = field(default_factory=list)
    partial: List[str] = field(default_factory=list)
    family_name: str = ""
    family: List[str] = field(default_factory=list)
    persons: List[str] = field(default_factory=list)  # the IAST words of the attribution matched
    family_words: List[str] = field(default_factory=list)


class _DeityTable:
    """Deity key → hymn refs (as a main addressee; at all), one pass over the hymns per index."""

    def __init__(self, facts: "F.Facts") -> None:
        self.order = {h.ref: i for i, h in enumerate(facts.hymns)}
        self.main: Dict[str, Set[str]] = {}
        self.every: Dict[str, Set[str]] = {}
        for h in facts.hymns:
            for key in h.main_deity_keys:
                self.main.setdefault(key, set()).add(h.ref)
            for key in h.deity_keys:
                self.every.setdefault(key, set()).add(h.ref)

        self.main_keys = sorted(self.main)
        self.every_keys = sorted(self.every)

    @staticmethod
    def _hits(key: str, table: Dict[str, Set[str]], keys: List[str]) -> Set[str]:
        """The refs of every known key that ``key`` names (:func:`pyapp.facts._hit`, over the sorted
        range of keys that start with it)."""
        out: Set[str] = set()
        start = bisect_left(keys, key)
        for known in keys[start:bisect_left(keys, key + "\uffff", start)]:
            if F._hit(key, (known,)):
                out |= table[known]
        return out

    def addressed(self, spellings: Iterable[str]) -> Tuple[List[str], List[str]]:
        main: Set[str] = set()
        every: Set[str] = set()
        for key in spellings:
            main |= self._hits(key, self.main, self.main_keys)
            every |= self._hits(key, self.every, self.every_keys)
        return (sorted(main, key=self.order.__getitem__),
                sorted(every - main, key=self.order.__getitem__))


_TABLES: Dict[int, Tuple[Any, _DeityTable]] = {}


def addressed(facts: "F.Facts", spellings: Iterable[str]) -> Tuple[List[str], List[str]]:
    """(hymns addressed mainly to the god spelt ``spellings``, hymns that address it otherwise), in
    canonical order: the lists every count of a god's hymns starts from."""
    cached = _TABLES.get(id(facts))
    if cached is None or cached[0] is not facts:
        cached = (facts, _DeityTable(facts))
        _TABLES[id(facts)] = cached
    return cached[1].addressed(spellings)


def _name(facts: "F.Facts", key: str, fallback: List[str]) -> str:
    """The god's display name, taken from the hymns addressed to it alone ("Varuṇa", not "Varuna")."""
    single = [h.ref for h in facts.hymns if F._hit(key, h.main_deity_keys)][:40]
    return F._pretty_key(key, facts, single or fallback)


def god_hymns(index: Any, question: str, mandala: Optional[int] = None) -> Optional[GodHymns]:
    """The god (or pair) named in ``question`` — a bare name works ("Varuṇa") — and its hymns;
    ``None`` when no god of the index is named."""
    facts = F.facts_for(index)
    label, main, part = F._deity_match(facts, question)
    if not label or not (main or part):
        return None
    main, part = F._within(main, mandala), F._within(part, mandala)
    keys = F._deity_keys_in(facts, question)
    if len(keys) != 1 or " and " in label:  # a pair asked for together: its joint hymns are its own
        return GodHymns(label=label, alone=main, part=part)
    key = keys[0]
    by_pair: Dict[Tuple[str, ...], List[str]] = {}
    rest: List[str] = []
    for ref in part:
        pair = facts.hymn(ref).joint
        if pair and any(F._hit(key, [k]) for k in pair):
            by_pair.setdefault(pair, []).append(ref)
        else:
            rest.append(ref)
    joint = []
    for pair, refs in sorted(by_pair.items(), key=lambda item: -len(item[1])):
        names = [_name(facts, k, refs) for k in pair]
        partner = next(n for k, n in zip(pair, names) if not F._hit(key, [k]))
        joint.append((partner, PAIR_DASH.join(names), refs))
    return GodHymns(label=label, alone=main, joint=joint, part=rest)


def seer_hymns(index: Any, question: str, mandala: Optional[int] = None) -> Optional[SeerHymns]:
    """The seer named in ``question`` ("Vishvamitra") and the hymns attributed to him; ``None`` when
    no word of it is a seer of the index."""
    facts = F.facts_for(index)
    for word in F._candidate_words(question):
        persons, family = facts.seer_words(word)
        if persons:
            break
    else:
        return None
    refs = F._within(F._sort_refs(r for w in persons for r in facts.rishi_vocab[w]), mandala)
    family_refs = [r for r in F._sort_refs(r for w in family for r in facts.rishi_vocab[w]) if r not in set(refs)]
    name = F._word(persons[0])
    partial = [r for r in refs if not all(F.persons_in(v, persons) for _, _, v in facts.hymn(r).rishi_runs)]
    fam = F._word(family[0]) if family else ""
    return SeerHymns(name=name[:1].upper() + name[1:], refs=refs, partial=partial,
                     family_name=fam[:1].upper() + fam[1:], family=F._within(family_refs, mandala),
                     persons=list(persons), family_words=list(family))


def count_phrase(god: GodHymns) -> str:
    """"10 hymns to Varuṇa alone, 23 more shared with Mitra (Mitra–Varuṇa)" — a comparison's count."""
    parts = []
    if god.alone:
        parts.append(f"{F._plural(len(god.alone), 'hymn')} to {god.label} alone")
    for partner, pair, refs in god.joint[:2]:
        parts.append(f"{len(refs)} {'more ' if parts else ''}shared with {partner} ({pair})")
    if not parts and god.part:
        parts.append(f"named in {F._plural(len(god.part), 'hymn')} with other gods")
    return ", ".join(parts)


def facets(index: Any) -> Dict[str, Dict[str, List[str]]]:
    """The reader's filters for a god or a seer typed by name: matching key ("varuna", "visvamitra",
    the spelling-insensitive key of :mod:`pyapp.facts`) → the refs an answer counts for that name
    (a god's hymns alone, joint and in part; a seer's hymns). Gods: every first name of a hymn
    heading ("agni vaisvanara", "agni"); seers: every word of the attributions."""
    facts = F.facts_for(index)
    deity: Dict[str, List[str]] = {}
    firsts = {k for n in (F._addressee_names(h.addressee) for h in facts.hymns) if n for k in (n[0], n[0].split()[0])}
    for key in sorted(firsts):
        if len(key) >= 3 and key not in F._QUESTION_STOP:
            main, part = addressed(facts, F.spellings_of(key) | set(F._deity_gloss(facts, key)[1]))
            if main or part:
                deity[key] = sorted(set(main) | set(part), key=F._sort_key)
    seer: Dict[str, List[str]] = {}
    shown = {F._key(F._word(w)) for w in facts.word_keys}  # the stem a name is shown in: "Dīrghatamas"
    for key in sorted(set(facts.word_keys.values()) | shown):
        if len(key) >= 3 and key not in seer:
            found = seer_hymns(index, key)
            if found is not None and found.refs:
                seer[key] = found.refs
    return {"deity": deity, "seer": seer}
