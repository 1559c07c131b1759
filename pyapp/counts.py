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

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from pyapp import facts as F

__all__ = ["GodHymns", "SeerHymns", "god_hymns", "seer_hymns", "count_phrase"]

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
