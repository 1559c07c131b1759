"""A name typed with two slips, read as the name meant ("pusahnn" → Pūṣan, "vihsnnu" → Viṣṇu, "ruurda" →
Rudra, "aswhnis" → Aśvins, "varnau" → Varuṇa, Hindi इंद्दर "inddara" → Indra).

Why: ``pyapp.reading.name_slips`` mends the one-slip shapes of Indian spellings (an h after a stop, a dropped
short vowel); readers who spell a name from memory often slip twice (a doubled letter and a stray h, two
letters swapped and one doubled), and such a word was read as an unknown topic ("No verse speaks directly of
vihsnnu") or made a RigVeda question look off-topic. One matcher serves every place a question's word is tried
as a name, after the app's romanisation of its script (``pyapp.reading.script.romanise``): the English
reading (``name_slips.mend_names``) and the words a language's word file could not read (``frame._spelling``).

How: both the word and every name are reduced to a skeleton (diacritics folded, w read as v, ee as i, oo as u,
every h after the first letter dropped, doubled letters single, y as i, then a final -s and a final vowel,
-au or -an cut), and the names whose skeleton lies within a Damerau distance of the word's are kept: two slips
for a name of five letters or more, one for a shorter one (or a word of a short skeleton), and always the same first letter (readers rarely
slip on the first). The nearest wins; a tie goes to the name the index speaks of most often (its verses'
deity and addressee fields, ``Lexicon.name_counts``); a tie that remains is no reading. Deciding whether the
word is an ordinary word (English, Griffith's, the hymns' Sanskrit as typed) is the caller's: precision
matters more than recall, and a word a vocabulary knows is never turned into a name.
"""
from __future__ import annotations

import re
from typing import Dict, Iterable, List, Optional, Tuple

from pydantic import BaseModel

from pyapp import data_tables
from pyapp.lexicon import CURATED_NAMES, Lexicon, norm

MIN_WORD = 4  # a shorter word has too many names within a slip
MIN_VERSES = 3  # a name of the Anukramaṇī's deity field that fewer verses carry is no reader's guess
_JOINED = ("rva", "sca", "ognirva")  # "… or Agni", "… and …" joined to a deity's name
_VOWELS = "aeiou"


class NameMatch(BaseModel):
    """The name a misspelt word was read as."""

    key: str  # the lexicon key ("visnu")
    name: str  # as the app writes it ("Vishnu")
    distance: int  # slips between the skeletons (0: the word is the name's skeleton)


def skeleton(word: str, strict: bool = False) -> str:
    """The shape two spellings of one name share ("vihsnnu", "Viṣṇu" → "visn"; "pusahnn", "Pūṣan" → "pus").
    ``strict``: a final -an kept (the word read against names that have no stem in -an: "Vrtrahn" is no Vṛtra)."""
    key = norm(word).replace(" ", "").replace("w", "v").replace("ee", "i").replace("oo", "u")
    key = key[:1] + key[1:].replace("h", "")  # a stray h (pusahnn, aswhnis) and the aspirates alike
    key = re.sub(r"(.)\1+", r"\1", key).replace("y", "i")
    if len(key) > 4 and key.endswith("s"):
        key = key[:-1]  # Aśvins, Maruts
    if len(key) > 4 and key.endswith(("au", "an")) and not (strict and key.endswith("an")):
        key = key[:-2]  # the dual (varunau), the stem in -an (pusan)
    elif len(key) > 3 and key[-1] in _VOWELS:  # one final vowel (all of them made "Maitreyi" Mitra)
        key = key[:-1]
    return key


def damerau(a: str, b: str, limit: int, change: int = 1) -> int:
    """Edits (a letter added, dropped, changed, or two neighbours swapped) from a to b; ``limit + 1`` once above.
    ``change``: what a changed letter costs (2: only added, dropped and swapped letters count as one slip)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: List[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else change
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        prev2, prev = prev, row
    return prev[len(b)]


def slips_allowed(key: str) -> int:
    """Two slips in a name of five letters or more, one in a shorter name."""
    return 2 if len(key.replace(" ", "")) >= 5 else 1


def _limit(shape: str) -> int:
    """Slips left between skeletons, which have absorbed the doubled letters, stray h's and endings already: none
    below four letters ("puja" is no Pūṣan, "Ravi" no Ṛbhu), one below seven, two from seven ("sarsavt")."""
    return 0 if len(shape) < 4 else 1 if len(shape) < 7 else 2


class _Target(BaseModel):
    skeleton: str
    key: str
    name: str
    count: int
    slips: int
    an_stem: bool  # a key of the name ends in -an (Pūṣan, Aryaman): a word's -an may be its ending


class NameMatcher:
    """The names of the hymns' world by skeleton: the lexicon's one-word names (gods, seers, kings, the
    Anukramaṇī's deities) and the rivers and mountains of the named-things table, built once per lexicon."""

    def __init__(self, names: Iterable[Tuple[str, str, int]]) -> None:
        """``names``: (key, display, verses naming it). Keys of one skeleton are one name (pusa, pusan: Pūṣan),
        shown as its commonest key's display and counted together."""
        names = list(names)
        groups: Dict[str, List[Tuple[str, str, int]]] = {}
        for key, display, count in names:
            if " " in key or len(key) < 3 or not display.replace(" ", "").isalpha() or key.endswith(_JOINED):
                continue  # a verse's joined words ("agnirvā", "madhyamo'"), not a name
            groups.setdefault(skeleton(key), []).append((key, display, count))
        self.targets: List[_Target] = []
        for shape, members in groups.items():
            if len(shape) < 2:
                continue
            key, display, _ = max(members, key=lambda m: (m[2], -len(m[0]), m[0]))
            an_stem = any(skeleton(m[0], strict=True) != shape for m in members)
            self.targets.append(_Target(skeleton=shape, key=key, name=display, count=sum(m[2] for m in members),
                                        slips=max(slips_allowed(m[0]) for m in members), an_stem=an_stem))
        self.by_skeleton = {t.skeleton: t for t in self.targets}
        self.keys = {key for key, _, _ in names}

    @classmethod
    def of(cls, lexicon: Lexicon) -> "NameMatcher":
        cached = getattr(lexicon, "_name_matcher", None)
        if cached is None:
            counts = getattr(lexicon, "name_counts", {}) or {}
            curated = set(norm(" ".join(CURATED_NAMES)).split())
            names = [(key, _nominative(lexicon.display.get(key, key.title())), counts.get(key, 0))
                     for key in lexicon.names if key in curated or counts.get(key, 0) >= MIN_VERSES]
            names += [(norm(n), n[:1].upper() + n[1:], 0) for n in _table_names()]
            cached = cls(names)
            setattr(lexicon, "_name_matcher", cached)
        return cached

    def match(self, word: str) -> Optional[NameMatch]:
        """The name ``word`` (Latin letters, any case) was meant as, or None (no name near, or two as near
        and as common)."""
        folded = norm(word).replace(" ", "")
        if len(folded) < MIN_WORD or not folded.isalpha():
            return None
        shape = skeleton(folded)
        if folded in self.keys:
            return None  # the name as typed: nothing to read
        if shape != skeleton(folded, strict=True):  # the word's -an is an ending only for a name in -an
            exact = self.by_skeleton.get(shape)
            if exact is not None and not exact.an_stem:
                shape = skeleton(folded, strict=True)
        exact = self.by_skeleton.get(shape)
        if exact is not None and (len(shape) >= 4 or len(folded) >= 5):  # "Bagy", "Gosi": too short to tell
            return NameMatch(key=exact.key, name=exact.name, distance=0)
        best: List[Tuple[int, int, _Target]] = []
        for target in self.targets:
            if target.skeleton[:1] != shape[:1]:
                continue
            limit = min(target.slips, _limit(shape), _limit(target.skeleton))
            if limit == 0 or target.skeleton.startswith(shape) or shape.startswith(target.skeleton):
                continue  # one is the other cut short: another word ("Gandhara", Gandharva; "Vrtrahn", Vṛtra)
            # one slip between short skeletons is a letter added, dropped or swapped (rurd: rudr, varn: varun), not
            # changed ("sand" is no "sind", "Gargi" no Gaṅgā); two slips keep the first two letters (sarsavt: sarasvat)
            distance = damerau(shape, target.skeleton, limit, 2 if limit == 1 else 1)
            if distance == 2 and shape[:2] != target.skeleton[:2]:
                continue
            if distance <= limit:
                best.append((distance, -target.count, target))
        if not best:
            return None
        best.sort(key=lambda b: (b[0], b[1]))
        if len(best) > 1 and best[0][:2] == best[1][:2]:
            return None  # two names as near and as common: no reading
        distance, _, target = best[0]
        return NameMatch(key=target.key, name=target.name, distance=distance)


def _nominative(display: str) -> str:
    """The Anukramaṇī writes a name in -aḥ before a voiced sound as -o ("vasukro"): the reader is shown -a."""
    return display[:-1] + "a" if display.endswith("o") and len(display) > 4 else display


def _table_names() -> List[str]:
    """The one-word reader's names of the rivers and mountains in ``named_things.json`` (five letters or more)."""
    try:
        things = data_tables.table("data/named_things.json", {}).get("things", [])
    except Exception:
        return []
    return [n for t in things if t.get("kind") in ("river", "mountain") for n in t.get("names", [])
            if " " not in n and len(n) >= 5 and n.isalpha()]


__all__ = ["NameMatch", "NameMatcher", "damerau", "skeleton", "slips_allowed"]
