"""The per-index tables: what the index says about each hymn (:class:`HymnFacts`) and the
matching vocabularies of seers, deities and metres (:class:`Facts`), cached per index by
:func:`facts_for`.

Why one pass: the tables cost one pass over the verses; each distinct field value is cleaned once
and the matching keys are folded in one batch (60–80 ms cold in CPython for 10.5k verses on a
2-core machine, ~30 ms with warm module caches). Display strings are cleaned only for the hymns an
answer names (the ``*_runs`` properties).
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import groupby
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from pyapp.factbook.display import _deity_display, _metre_clean, _metre_key
from pyapp.factbook.names import _NUMBERS, _attribution, _key, _strip_notes, _unsandhi, _vrddhi_stem

Run = Tuple[int, int, str]  # first verse, last verse, value


@dataclass
class HymnFacts:
    """What the index says about one hymn: runs of raw Anukramaṇī values and matching keys."""

    mandala: int
    hymn: int
    verses: int
    addressee: str
    group: str
    raw_rishi: List[Run]  # runs of the verses' raw Anukramaṇī fields
    raw_deity: List[Run]
    raw_metre: List[Run]
    rishi_words: Set[str]  # IAST words of every verse's attribution (notes included)
    deity_keys: Set[str]  # matching keys of every verse's deity and of the addressee
    main_deity_keys: Set[str]  # keys of the addressee's first name and of the main deity
    metre_keys: Counter = field(default_factory=Counter)  # metre key → verses
    joint: Tuple[str, ...] = ()  # keys of the two gods a hymn to a pair addresses jointly ("mitra", "varuna")

    @property
    def ref(self) -> str:
        return f"{self.mandala}.{self.hymn}"

    # display runs, cleaned on demand (only the hymns an answer names pay for it)
    @property
    def rishi_runs(self) -> List[Run]:
        return _merge([(s, e, _attribution(r)) for s, e, r in self.raw_rishi])

    @property
    def deity_runs(self) -> List[Run]:
        return _merge([(s, e, _deity_display(r)) for s, e, r in self.raw_deity])

    @property
    def metre_runs(self) -> List[Run]:
        return _merge([(s, e, _metre_clean(r)) for s, e, r in self.raw_metre])


def _main(runs: Sequence[Run]) -> str:
    """The value that covers most verses ('' when none is known)."""
    counts: Counter = Counter()
    for start, end, value in runs:
        if value:
            counts[value] += end - start + 1
    return counts.most_common(1)[0][0] if counts else ""


@lru_cache(maxsize=4096)
def _words_of(raw: str, glued: bool = True) -> Tuple[str, ...]:
    value = _unsandhi(_NUMBERS.sub(" ", raw.replace("(", " ").replace(")", " ").replace("[", " ").replace("]", " ")))
    words = [w.rstrip("ḥ") for w in re.split(r"[\s,;=|\-–]+", value) if len(w) >= 2 and w not in ("vā", "ca")]
    # vowel sandhi glues a name to a patronymic: "avasyurātreyaḥ", "svastyātreyaḥ" (+ "ātreya")
    if not glued:
        return tuple(words)
    more = [w[m.end():] for w in words for m in re.finditer(r"(?<=\w{3})[ry](?=ā)", w) if len(w) - m.end() >= 5]
    return tuple(words + more)


_ADDRESSEE_FILLER = frozenset(_key(w) for w in ("the", "of", "to", "a", "hymn", "all"))


@lru_cache(maxsize=4096)
def _addressee_names(addressee: str) -> Tuple[str, ...]:
    """"Vayu, Indra and Vayu, Mitra and Varuna" → ["vayu", "indra", "vayu", "mitra", "varuna"] (keys)."""
    parts = re.split(r",|\band\b|\bor\b|\bwith\b|\(|\)", addressee)
    out = []
    for part in parts:
        words = [w for w in _key(part).split() if w not in _ADDRESSEE_FILLER]
        if words:
            out.append(" ".join(words))
    return tuple(out)


def _joint_pair(addressee: str, names: Sequence[str], main_keys: Iterable[str]) -> Tuple[str, ...]:
    """The two gods a hymn addresses as a pair: its heading starts with the pair ("Mitra-Varuna, the
    Adityas and Surya"), or its main Anukramaṇī deity is their dual compound ("mitrāvaruṇau",
    "indrāgnī", "indra-vāyū") and its heading names both ("Mitra and Varuna"); ``()`` for a hymn to
    one god or to several in turn ("Agni, Savitri and Varuna", deity "varuṇaḥ")."""
    first = re.split(r",|\band\b|\bor\b", addressee)[0]
    if re.fullmatch(r"\s*[A-Z]\w+-[A-Z]\w+\s*", first) and names and len(names[0].split()) == 2:
        return tuple(names[0].split())
    firsts = list(dict.fromkeys(n.split()[0] for n in names if n and len(n.split()[0]) >= 3))
    for key in main_keys:
        for a in firsts:
            for b in firsts:
                if a != b and re.fullmatch(rf"{re.escape(a[:-1])}\w?-?{re.escape(b[:-1])}\w{{0,3}}", key.replace(" ", "")):
                    return (a, b)
    return ()


def _merge(runs: Sequence[Run]) -> List[Run]:
    """Join neighbouring runs whose cleaned values became equal."""
    out: List[Run] = []
    for start, end, value in runs:
        if out and out[-1][2] == value:
            out[-1] = (out[-1][0], end, value)
        else:
            out.append((start, end, value))
    return out


def _covered(runs: Sequence[Run], value: str) -> int:
    return sum(e - s + 1 for s, e, v in runs if v == value)


_SEP = " xqx "  # survives ``norm`` and ``_key`` unchanged


def _keys(texts: Sequence[str]) -> List[str]:
    """``_key`` of many strings in one pass (one NFKD and one regex run instead of hundreds)."""
    if not texts:
        return []
    batch = _key(_SEP.join(texts)) if len(texts) > 1 else _key(texts[0])
    parts = [p.strip() for p in batch.split("xqx")]
    return parts if len(parts) == len(texts) else [_key(t) for t in texts]


def _deity_words(raw: str) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(words of a deity field + the field run together, the same for a field naming one deity)."""
    if not raw:
        return (), ()
    every = _words_of(raw, False) + (raw.replace(" ", ""),)
    clean = _unsandhi(_strip_notes(raw))
    if not clean.strip() or re.search(r",|\bca\b|\bvā\b|\w+sya\b", clean):
        return every, ()
    return every, _words_of(clean, False) + (clean.replace(" ", ""),)


def _deity_key_table(raws: Iterable[str]) -> Dict[str, Tuple[FrozenSet[str], FrozenSet[str]]]:
    """raw deity field → (keys of every deity it names, keys when it names a single deity)."""
    raws = sorted(set(raws))
    words = [_deity_words(raw) for raw in raws]
    flat = [w for every, single in words for w in every + single]
    keys = iter(_keys(flat))
    table = {}
    for raw, (every, single) in zip(raws, words):
        table[raw] = (frozenset(next(keys) for _ in every), frozenset(next(keys) for _ in single))
    return table


def _field_runs(values: List[Optional[str]]) -> List[Run]:
    """Runs of equal raw values (most hymns have one run per field: a C-speed ``count`` finds it)."""
    if values.count(values[0]) == len(values):
        return [(1, len(values), values[0] or "")]
    runs: List[Run] = []
    start = 1
    for value, group in groupby(values):
        size = sum(1 for _ in group)
        runs.append((start, start + size - 1, value or ""))
        start += size
    return runs


def _hymn_runs(verses: Sequence[object]) -> Tuple[List[Run], List[Run], List[Run]]:
    """Runs of equal raw (rishi, deity, meter) values of one hymn's verses."""
    return (_field_runs([v.rishi for v in verses]), _field_runs([v.deity for v in verses]),
            _field_runs([v.meter for v in verses]))


class Facts:
    """Per-hymn attributions and matching vocabularies of one index."""

    def __init__(self, index: object) -> None:
        self.index = index
        self.hymns: List[HymnFacts] = []
        self.by_ref: Dict[str, HymnFacts] = {}
        self.rishi_vocab: Dict[str, Set[str]] = {}  # IAST word → hymn refs
        self.rishi_verses: Counter = Counter()  # IAST word → verses
        self.word_keys: Dict[str, str] = {}  # IAST word → matching key
        self.deity_vocab: Set[str] = set()
        self.metre_vocab: Set[str] = set()
        self.valakhilya: List[str] = []
        self.total_verses = len(getattr(index, "verses", []) or [])
        self._by_key: Optional[List[Tuple[str, str]]] = None
        self._words: Optional[List[str]] = None
        self._build()

    def _build(self) -> None:
        """One pass over the verses; the cleaners are cached per distinct field value."""
        index = self.index
        deity_table = _deity_key_table(v.deity or "" for v in index.verses)
        for mandala in range(1, index.mandala_count + 1):
            for number in range(1, index.hymn_count(mandala) + 1):
                verses = index.hymn(mandala, number)
                if not verses:
                    continue
                meta = index.hymns_meta(mandala, number) or {}
                addressee = (meta.get("addressee") or verses[0].addressee or "").strip()
                rishi_raw, deity_raw, metre_raw = _hymn_runs(verses)
                words: Set[str] = set()
                for _, _, raw in rishi_raw:
                    words.update(_words_of(raw))
                names = _addressee_names(addressee)
                deity_keys = set(names)
                for _, _, raw in deity_raw:
                    deity_keys |= deity_table[raw][0]
                metre_keys: Counter = Counter()
                for start, end, raw in metre_raw:
                    key = _metre_key(_metre_clean(raw))
                    if key:
                        metre_keys[key] += end - start + 1
                main_keys = set(names[:1]) | {n.split()[0] for n in names[:1]}
                main_deity = deity_raw[0][2] if len(deity_raw) == 1 else _main(deity_raw)
                joint: Tuple[str, ...] = ()
                if main_deity and _covered(deity_raw, main_deity) * 2 >= len(verses):
                    main_keys |= deity_table[main_deity][1]
                    joint = _joint_pair(addressee, names, deity_table[main_deity][1])
                else:
                    joint = _joint_pair(addressee, names, ())
                if joint:  # Mitra–Varuṇa's hymns are not Mitra's alone: the pair is their addressee
                    main_keys -= set(joint) | {names[0], names[0].split()[0]}
                    deity_keys |= set(joint)  # "Mitra-Varuna, …" addresses Varuṇa as much as Mitra
                group = str(meta.get("group") or "")
                facts = HymnFacts(
                    mandala=mandala, hymn=number, verses=len(verses), addressee=addressee, group=group,
                    raw_rishi=rishi_raw, raw_deity=deity_raw, raw_metre=metre_raw, rishi_words=words,
                    deity_keys=deity_keys, main_deity_keys=main_keys, metre_keys=metre_keys, joint=joint,
                )
                self.hymns.append(facts)
                self.by_ref[facts.ref] = facts
                ref = facts.ref
                for word in words:
                    self.rishi_vocab.setdefault(word, set()).add(ref)
                for start, end, raw in rishi_raw:
                    for word in _words_of(raw):
                        self.rishi_verses[word] += end - start + 1
                self.deity_vocab |= deity_keys
                self.metre_vocab.update(metre_keys)
                if "valakhilya" in group.lower().replace("ā", "a"):
                    self.valakhilya.append(ref)
        words = sorted(self.rishi_vocab)
        self.word_keys = dict(zip(words, _keys(words)))

    # -- lookups -----------------------------------------------------------------------------
    def hymn(self, ref: str) -> Optional[HymnFacts]:
        return self.by_ref.get(ref)

    def mandala_hymns(self, mandala: int) -> List[HymnFacts]:
        return [h for h in self.hymns if h.mandala == mandala]

    def _keys_from(self, prefix: str) -> List[Tuple[str, str]]:
        """(key, word) of the attribution words whose key starts with ``prefix`` (a sorted-list range:
        the reader's catalogue asks this for every seer)."""
        if self._by_key is None:
            self._by_key = sorted((k, w) for w, k in self.word_keys.items())
        start = bisect_left(self._by_key, (prefix, ""))
        end = bisect_left(self._by_key, (prefix + "\uffff", ""), start)
        return self._by_key[start:end]

    def _words_from(self, prefix: str) -> List[str]:
        """The attribution words (IAST) that start with ``prefix``."""
        if self._words is None:
            self._words = sorted(self.rishi_vocab)
        start = bisect_left(self._words, prefix)
        return self._words[start:bisect_left(self._words, prefix + "\uffff", start)]

    def seer_words(self, query_key: str) -> Tuple[List[str], List[str]]:
        """(person words, family words) of the attribution vocabulary that a name key matches."""
        if len(query_key) < 3:
            return [], []
        keys = {query_key}
        if query_key.endswith("s") and len(query_key) > 4:
            keys.add(query_key[:-1])
        if query_key.endswith("as") and len(query_key) > 5:
            keys.add(query_key[:-2])
        # a name, or a name with its case ending: "soma" is not "Somāhuti"
        matched = sorted({w for q in keys for k, w in self._keys_from(q) if len(k) - len(q) <= 3})
        if not matched:
            return [], []
        family: Set[str] = set()
        for person in matched:
            stem = _vrddhi_stem(person)
            if stem and not person.startswith(stem):
                family.update(w for w in self._words_from(stem) if w != person)
        persons = [w for w in matched if w not in family] or matched
        family -= set(persons)
        return sorted(persons, key=lambda w: -self.rishi_verses[w]), sorted(family)


_CACHE: Dict[int, Tuple[object, Facts]] = {}


def facts_for(index: object) -> Facts:
    """One ``Facts`` per loaded index (the cache holds the index, so its id is not reused)."""
    key = id(index)
    if key not in _CACHE or _CACHE[key][0] is not index:
        _CACHE[key] = (index, Facts(index))
    return _CACHE[key][1]
