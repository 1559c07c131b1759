"""Named passages: the hymns and verses readers call by name ("Nāsadīya", "Purusha Sukta", "the
Gāyatrī mantra", "the frog hymn") and where they are.

Why named hymns must be found first, whatever else the question says: a name is not in the text it
names. Griffith's 10.129 never says "Nasadiya", 10.34 never says "gambler's lament", and the words
around a name pull search elsewhere ("What does the Purusha Sukta say about the varnas?" ranks
every verse that mentions castes, gods or sacrifice). Only a table of names knows that the question
is about 10.90, and once it says so, that hymn is the subject of the question; every other hit is
context. So :func:`find_named` runs on the raw question before any search, and whoever calls it
should pin :func:`passage_refs` of its matches at the top.

The table is ``pyapp/data/named_passages.json`` (names and one-line glosses in our own words, refs
checked against the corpus by ``tests/unit/test_named.py``), read with :func:`pkgutil.get_data` so
it loads the same from a source tree and from the ``pyapp.zip`` the page imports.

Matching (one pass over the question's words, no regexes per name):

- Every word is folded with :func:`pyapp.search.translit.fold_sanskrit` (diacritics, ś/ṣ/sh → s,
  ṛ/ri/r → ri, ā/aa → a, c/ch → c, doubled letters; Devanagari is transliterated first), "'s"
  possessives are dropped, and "the", "a", "an", "and" are ignored, so "Yama and Yami" = "Yama–Yamī".
- A run of words is compared as one string, so joined and separate spellings meet ("Hiranya
  garbha" = "Hiraṇyagarbha", "nadi stuti" = "Nadīstuti"); an anusvāra before a consonant counts as
  n ("Saṃjñāna" = "Sanjnana") and one final -a or -am is optional ("Purush", "Nasadiy", "sūktam").
- Hymn words (sūkta, sūktam, hymn(s), saṃvāda, dialogue, song) and verse words (mantra, verse, ṛc)
  may follow the name ("Purusha Sukta", "purusasukta", "Puruṣa-sūktam") or precede it with a
  title-like link: to/of/for/in praise of ("the hymn to Night", "hymn of the frogs"). "About" and
  "on" are not links: "hymns about creation" asks for a topic, not for the Hymn of Creation.
- Possessives with or without the apostrophe: "Gambler's lament", "gamblers lament".

Which names may stand alone (the ambiguity rule): a name listed in the data *without* a hymn or
verse word matches bare; a name listed only *with* one ("Rātri Sūkta", "Gāyatrī mantra") needs a
hymn word (resp. a verse word) in the question. That keeps common nouns and gods' names from
triggering passages: "night" (or "Rātri"), "What is Soma?", "Who is Manyu?", "Agni", "the gāyatrī
metre" match nothing; "hymn to night", "Ratri sukta", "the Soma hymns", "Gayatri mantra" do.

- Bare on purpose: distinctive titles (Nāsadīya, Aghamarṣaṇa, Nadīstuti, Āprī, Vālakhilya) and gods
  or people who have exactly one passage and no other common meaning (Hiraṇyagarbha, Puruṣa, Vena,
  Viśvakarman, Araṇyānī, Keśin, Vṛṣākapi, Lopāmudrā, Yamī, Purūravas, Svarbhānu). "Tell me about
  Vena" is then about 10.123, which is what a reader means.
- Need a hymn word: gods with many hymns or a second life as ordinary words — Manyu ('wrath', used
  all over the text), Śraddhā ('faith'), Rātri, Vāc, Pṛthivī, Parjanya, Sūrya, Uṣas, Rudra, Soma.
  So "Who is Manyu?" goes to ordinary search like any question about a god, "Manyu sūkta" here.
- Hymn vs verse words are told apart only where ASCII folds two names together: "Savitri mantra"
  is the Gāyatrī (3.62.10), "Savitri sukta" / "hymn to Savitar" the Savitṛ hymns.
- Known collision: "Sūryā sūkta" (Sūryā's wedding, 10.85) and "Sūrya sūkta" (hymns to the Sun) fold
  to one key; it means the Sun hymns, and the wedding is found as "Sūryā's wedding" / "Vivāha sūkta".

Matches never overlap and name each passage once; the longest (most specific) match comes first, so
"Vasiṣṭha's Varuṇa hymns" is the penitential group, not every hymn to Varuṇa.
"""
from __future__ import annotations

import json
import pkgutil
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from pydantic import Field, validator

from pyapp.schemas import WireModel
from pyapp.search.translit import deva_to_iast, fold_sanskrit, has_devanagari

DATA_PACKAGE = "pyapp"
DATA_PATH = "data/named_passages.json"

_HYMN = "hymn"
_VERSE = "verse"
_HYMN_WORDS = ("sukta", "suktam", "suktas", "suktani", "hymn", "hymns", "samvada", "samvadam",
               "dialogue", "dialogues", "dialog", "song", "songs")
_VERSE_WORDS = ("mantra", "mantram", "mantras", "verse", "verses", "stanza", "stanzas", "rc", "rk", "rik", "richa")
_JOINED_SUFFIXES = ("suktani", "suktam", "suktas", "sukta", "mantram", "mantra")  # "purusasukta"
_IGNORED = frozenset({"the", "a", "an", "and"})
# Title-like links only: "hymn about creation" / "hymns on death" ask for a topic, not a title.
_CONNECTORS = frozenset({"to", "of", "for", "praise", "praising", "honour", "honor", "addressed", "called", "named"})
_PRAISE = frozenset({"praise", "honour", "honor"})  # "in" connects only in "in praise of", "in honour of"
_MAX_CONNECTORS = 3
_REF = re.compile(r"^(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?$")
_RANGE = re.compile(r"^(\d{1,2})\.(\d{1,3})-(\d{1,2})\.(\d{1,3})$")
_WORD = re.compile(r"[\w\u0300-\u036f\u0900-\u097f\u1cd0-\u1cff\ua8e0-\ua8ff'’ʼ]+")
_APOSTROPHES = "'’ʼ"
_NASAL = re.compile(r"m(?=[^aeiou])")


class NamedPassage(WireModel):
    """One named hymn, verse or group, as listed in ``named_passages.json``."""

    id: str = Field(..., regex=r"^[a-z][a-z0-9_]*$")
    names: List[str] = Field(..., min_items=1)
    refs: List[str] = Field(..., min_items=1)  # "M.H", "M.H.V" or a hymn range "M.H-M.H"
    about: str = Field(..., min_length=20)

    @validator("refs", each_item=True)
    def _ref_shape(cls, ref: str) -> str:
        span = _RANGE.match(ref)
        if span is not None:
            m1, h1, m2, h2 = (int(g) for g in span.groups())
            if m1 != m2 or h2 <= h1:
                raise ValueError(f"a range must stay in one mandala and go up: {ref!r}")
        elif not _REF.match(ref):
            raise ValueError(f"not a ref 'M.H', 'M.H.V' or range 'M.H-M.H': {ref!r}")
        return ref


class NamedMatch(WireModel):
    """A passage named in a question: which name matched, where, and how specific the match is."""

    passage: NamedPassage
    matched: str  # the name as written in the data, e.g. "Puruṣa Sūkta"
    text: str  # the words of the question that matched, e.g. "purusasukta" or "the hymn to Night"
    score: int  # length of the folded name that matched; longer = more specific


# --- folding -------------------------------------------------------------------------------------

class _Token(NamedTuple):
    key: str  # folded word ("" for numbers and other words that can never be part of a name)
    start: int
    end: int


def _fold_word(word: str) -> str:
    for mark in _APOSTROPHES:
        if word.endswith(mark + "s") or word.endswith(mark + "S"):
            word = word[:-2]
            break
    word = word.strip(_APOSTROPHES)
    if has_devanagari(word):
        word = deva_to_iast(word)
    return fold_sanskrit(word)


def _tokens(text: str) -> List[_Token]:
    """Folded words with their character spans; ignored words dropped, "xsukta" split in two."""
    out: List[_Token] = []
    for found in _WORD.finditer(text):
        key = _fold_word(found.group())
        if key in _IGNORED:
            continue
        for suffix in _JOINED_SUFFIXES:
            if key.endswith(suffix) and len(key) - len(suffix) >= 3:
                out.append(_Token(key[: -len(suffix)], found.start(), found.end()))
                key = suffix
                break
        out.append(_Token(key, found.start(), found.end()))
    return out


def _key(words: Sequence[str]) -> str:
    """One comparison key for a run of folded words: joined, nasal before consonant → n, final -a/-am off."""
    text = _NASAL.sub("n", fold_sanskrit("".join(words)))
    if len(text) > 4 and text.endswith("am"):
        return text[:-2]
    if len(text) > 3 and text.endswith("a"):
        return text[:-1]
    return text


_HYMN_KEYS: FrozenSet[str] = frozenset(_key([w]) for w in _HYMN_WORDS)
_VERSE_KEYS: FrozenSet[str] = frozenset(_key([w]) for w in _VERSE_WORDS)


def _loose(key: str) -> str:
    """A folded key as readers misspell it too: aspirates unaspirated (manthra, sooktham), doubled letters
    and vowels single (gaythri, naasadiya), w as v. Two spellings of a name that meet here differ only in
    what a reader hears alike."""
    key = key.replace("oo", "u").replace("ee", "i").replace("w", "v")
    key = re.sub(r"([kgcjtdpb])h", r"\1", key)
    return re.sub(r"(.)\1+", r"\1", key)


_HYMN_LOOSE: FrozenSet[str] = frozenset(_loose(k) for k in _HYMN_KEYS if len(k) >= 4)
_VERSE_LOOSE: FrozenSet[str] = frozenset(_loose(k) for k in _VERSE_KEYS if len(k) >= 4)


def _word_class(word: str) -> Optional[str]:
    if not word:
        return None
    key = _key([word])
    if key in _HYMN_KEYS:
        return _HYMN
    if key in _VERSE_KEYS:
        return _VERSE
    if len(key) >= 5:  # "manthra", "sooktham": a hymn or verse word as it is heard
        loose = _loose(key)
        if loose in _HYMN_LOOSE:
            return _HYMN
        if loose in _VERSE_LOOSE:
            return _VERSE
    return None


# --- the table -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Slot:
    passage: int  # index into _Table.passages
    name: str


@dataclass(frozen=True)
class _Table:
    passages: Tuple[NamedPassage, ...]
    # folded name key -> {None (bare) | "hymn" | "verse": slot}
    keys: Dict[str, Dict[Optional[str], _Slot]]
    max_words: int
    # keys of names written as several words ("two birds on one tree"): only those may match a run
    # of the question's words that contains a small English word ("app all" is not "Apālā")
    phrases: FrozenSet[str] = frozenset()
    # one-word names' keys → their loose form (``_loose``): a misspelt name beside a hymn or verse word
    loose: Dict[str, str] = field(default_factory=dict)


def _parse_name(name: str) -> Tuple[List[str], Optional[str]]:
    """A data name → (its words without the hymn/verse word, the word's class or None for a bare name)."""
    words = [t.key for t in _tokens(name)]
    if len(words) >= 2 and _word_class(words[-1]):
        return words[:-1], _word_class(words[-1])
    if len(words) >= 2 and _word_class(words[0]):
        rest = words[1:]
        while len(rest) > 1 and rest[0] in _CONNECTORS:
            rest = rest[1:]
        return rest, _word_class(words[0])
    return words, None


def _spellings(names: Sequence[str]) -> List[Tuple[str, str]]:
    """(name, spelling to index): each name, plus "Gamblers lament" for "Gambler's lament"."""
    out: List[Tuple[str, str]] = []
    for name in names:
        out.append((name, name))
        bare = re.sub(r"[’'ʼ](?=s\b)", "", name)
        if bare != name:
            out.append((name, bare))
    return out


def build_table(passages: Sequence[NamedPassage]) -> _Table:
    """Index every name; two passages claiming one name (in a way a question could not tell apart) is an error."""
    keys: Dict[str, Dict[Optional[str], _Slot]] = {}
    max_words = 1
    phrases = set()
    ids = set()
    for index, passage in enumerate(passages):
        if passage.id in ids:
            raise ValueError(f"named passages: duplicate id {passage.id!r}")
        ids.add(passage.id)
        for name, spelling in _spellings(passage.names):
            words, kind = _parse_name(spelling)
            key = _key(words)
            if not words or len(key) < 3:
                raise ValueError(f"named passages: {passage.id}: name {name!r} is too short to match safely")
            slots = keys.setdefault(key, {})
            rivals = {slots[k].passage for k in slots if (k == kind or k is None or kind is None)}
            rivals.discard(index)
            if rivals:
                other = passages[min(rivals)].id
                raise ValueError(f"named passages: {name!r} of {passage.id!r} folds like a name of {other!r}")
            slots.setdefault(kind, _Slot(index, name))
            max_words = max(max_words, len(words))
            if len(words) > 1:
                phrases.add(key)
    loose = {key: _loose(key) for key in keys if key not in phrases and len(key) >= 5}
    return _Table(tuple(passages), keys, max_words, frozenset(phrases), loose)


def parse_passages(raw: bytes) -> List[NamedPassage]:
    data = json.loads(raw.decode("utf-8"))
    return [NamedPassage(**item) for item in data["passages"]]


@lru_cache(maxsize=1)
def _table() -> _Table:
    raw = pkgutil.get_data(DATA_PACKAGE, DATA_PATH)
    if raw is None:  # pragma: no cover - only a broken package gets here
        raise FileNotFoundError(f"{DATA_PACKAGE}/{DATA_PATH} is missing from the package")
    return build_table(parse_passages(raw))


def named_passages() -> List[NamedPassage]:
    """Every named passage, in data-file order."""
    return list(_table().passages)


def get_named(passage_id: str) -> Optional[NamedPassage]:
    return next((p for p in _table().passages if p.id == passage_id), None)


# --- matching ------------------------------------------------------------------------------------

class _Candidate(NamedTuple):
    score: int
    has_word: bool
    first: int  # token index, inclusive
    last: int  # token index, exclusive
    slot: _Slot


def _near(a: str, b: str) -> bool:
    """Damerau distance at most 1 (one letter more, less, changed, or two swapped)."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1:] == b[i + 1:] or (a[i + 2:] == b[i + 2:] and a[i:i + 2] == b[i:i + 2][::-1])
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[i + 1:] == shorter[i:]


def _heard_alike(table: _Table, core: str) -> Optional[Dict[Optional[str], _Slot]]:
    """The passage whose one-word name a misspelt word is heard as ("gaythri" → Gāyatrī, "purushha" →
    Puruṣa): the same loose key, or one slip from it for 6+ letters; ``None`` when no name or two do."""
    loose = _loose(core)
    found = [key for key, lk in table.loose.items()
             if lk == loose or (len(loose) >= 6 and abs(len(lk) - len(loose)) <= 1 and _near(lk, loose))]
    passages = {slot.passage for key in found for slot in table.keys[key].values()}
    return table.keys[found[0]] if len(passages) == 1 else None


def _lookup(table: _Table, core: str) -> Optional[Dict[Optional[str], _Slot]]:
    slots = table.keys.get(core)
    if slots is None and len(core) > 4 and core.endswith("s") and not core.endswith("ss"):
        slots = table.keys.get(core[:-1])  # English plural: "frogs", "Maruts", "danastutis"
    return slots


def _word_before(tokens: Sequence[_Token], first: int) -> Tuple[Optional[str], int]:
    """A hymn/verse word before the name, across up to three connectors ("hymn in praise of")."""
    i = first - 1
    skipped = 0
    while i >= 0 and skipped < _MAX_CONNECTORS:
        key = tokens[i].key
        if key in _CONNECTORS or (key == "in" and tokens[i + 1].key in _PRAISE):
            i -= 1
            skipped += 1
            continue
        break
    if i >= 0:
        kind = _word_class(tokens[i].key)
        if kind:
            return kind, i
    return None, first


_SMALL_WORDS = frozenset("a an and all app are as at be but by do for from go he i if in is it me my no not of "
                         "on one or so the to up us we".split())
_SMALL_KEYS = frozenset(fold_sanskrit(w) for w in _SMALL_WORDS)  # as the tokens are folded: "all" → "al"
# "a hymn to Soma and Rudra": the hymn word reaches past the name to a second one, a hymn to the two together
_AND_NAME = re.compile(r"\s*(?:and|or|&)\s+[A-ZĀĪŪṚŚṢ]")


# A name that needs its hymn or verse word finds it a few words on, in the same sentence ("is the Gāyatrī a
# meditation mantra?", "Purusha, the famous sukta"), unless a word between says it means something else
# ("the gāyatrī metre in which verse"): what the name is then stays the ordinary word's.
_NEAR_WORDS = 3
_NOT_A_PASSAGE = frozenset(fold_sanskrit(w) for w in "metre meter metres meters chandas chanda metrical".split())
# a preposition between ends the name's phrase: "the word Mitra accented in the hymns" is about the hymns at large
_PHRASE_ENDS = frozenset(fold_sanskrit(w) for w in "in of on to from about with by for at into across among throughout "
                         "than within over".split())
_SENTENCE_END = re.compile(r"[.?!;:]")


def _word_after_near(tokens: Sequence[_Token], last: int, text: str) -> Tuple[Optional[str], int]:
    """(the hymn/verse word's class, the end after it) within ``_NEAR_WORDS`` after the name, or (None, last)."""
    for j in range(last + 1, min(len(tokens), last + 1 + _NEAR_WORDS)):
        between = tokens[last:j]
        if any(t.key in _NOT_A_PASSAGE or t.key in _PHRASE_ENDS or _word_class(t.key) for t in between):
            break
        if tokens[j].key.endswith("s") and _word_class(tokens[j].key[:-1]):
            break  # "hymns", "verses" a few words on: the hymns at large, not this passage's title
        if _SENTENCE_END.search(text, tokens[last - 1].end, tokens[j].start):
            break
        kind = _word_class(tokens[j].key)
        if kind:
            return kind, j + 1
    return None, last


def _candidates(table: _Table, tokens: Sequence[_Token], text: str = "") -> List[_Candidate]:
    found: List[_Candidate] = []
    n = len(tokens)
    for first in range(n):
        for last in range(min(n, first + table.max_words), first, -1):
            words = [t.key for t in tokens[first:last]]
            if not all(words):
                continue
            core = _key(words)
            slots = _lookup(table, core) if len(core) >= 3 else None
            if not slots and len(words) == 1 and len(core) >= 5 and (
                    (last < n and _word_class(tokens[last].key)) or (first > 0 and _word_class(tokens[first - 1].key))):
                slots = _heard_alike(table, core)  # "Gaythri Manthra", "sooktham of purushha"
            if not slots:
                continue
            if len(words) > 1 and core not in table.phrases and any(w in _SMALL_KEYS for w in words):
                continue
            after = _word_class(tokens[last].key) if last < n else None
            before, before_at = _word_before(tokens, first)
            slot: Optional[_Slot] = None
            start, end = first, last
            for kind, at_start, at_end in ((after, first, last + 1), (before, before_at, last)):
                if kind and kind in slots:
                    slot, start, end = slots[kind], at_start, at_end
                    break
            if slot is None and None not in slots and text and not after and not before:
                near, near_end = _word_after_near(tokens, last, text)
                if near and near in slots:
                    slot, end = slots[near], near_end
            if slot is None and None in slots:
                slot = slots[None]
                if after:
                    end = last + 1
                elif before:
                    start = before_at
            if slot is not None:
                found.append(_Candidate(len(core), (start, end) != (first, last), start, end, slot))
    return found


# Words that link the two sides of a pair's name ("Indra and Vṛtra") when a reader tells the story instead
# of naming it: "Indra's fight with Vritra", "Yama's talk with Yami", "Saramā versus the Paṇis".
_PAIR_LINKS = frozenset(fold_sanskrit(w) for w in """fight battle war wars against versus vs v conflict struggle
combat duel with encounter meeting dialogue dialogues dialog conversation conversations talk debate quarrel
argument between""".split())
# Nouns and prepositions only: with a verb between them ("How did Indra kill Vṛtra?") the question asks
# about the deed, which the direct-answer path answers from the verses' own words.
_MAX_LINKS = 3


def _linked_pairs(table: _Table, tokens: Sequence[_Token]) -> List[_Candidate]:
    """A pair's name found across link words, in either order: "Indra's fight with Vritra" and "Vritra
    versus Indra" name "Indra and Vṛtra". Only names of two sides written as a phrase in the data, matched
    bare, so one god's name alone never reaches a passage this way."""
    found: List[_Candidate] = []
    n = len(tokens)
    for first in range(n):
        for last in range(first + 2, min(n, first + 2 + _MAX_LINKS)):
            links = [t.key for t in tokens[first + 1:last]]
            if not all(key in _PAIR_LINKS for key in links) or not tokens[first].key or not tokens[last].key:
                continue
            for a, b in ((first, last), (last, first)):
                core = _key([tokens[a].key, tokens[b].key])
                slots = table.keys.get(core) if core in table.phrases else None
                # a pair of two named sides ("Indra and Vṛtra"), not a compound name ("Vala cave")
                if slots and None in slots and re.search(r"\s(?:and|&)\s|–", slots[None].name):
                    found.append(_Candidate(len(core), False, first, last + 1, slots[None]))
                    break
    return found


def find_named(text: str) -> List[NamedMatch]:
    """The named passages a question mentions, most specific first, without overlaps or repeats.

    >>> [m.passage.id for m in find_named("What does the Purusha Sukta say about the varnas?")]
    ['purusha']
    >>> find_named("What is Soma?")
    []
    """
    if not text or not text.strip():
        return []
    table = _table()
    tokens = _tokens(text)
    ranked = sorted(_candidates(table, tokens, text) + _linked_pairs(table, tokens),
                    key=lambda c: (-c.score, not c.has_word, c.first))
    taken: List[Tuple[int, int]] = []
    seen = set()
    out: List[NamedMatch] = []
    for cand in ranked:
        if cand.slot.passage in seen or any(cand.first < e and s < cand.last for s, e in taken):
            continue
        if _word_class(tokens[cand.first].key) and _AND_NAME.match(text, tokens[cand.last - 1].end):
            continue  # "a hymn to Soma and Rudra": not a passage of Soma's alone
        seen.add(cand.slot.passage)
        taken.append((cand.first, cand.last))
        out.append(NamedMatch(
            passage=table.passages[cand.slot.passage],
            matched=cand.slot.name,
            text=text[tokens[cand.first].start:tokens[cand.last - 1].end],
            score=cand.score,
        ))
    return out


def passage_refs(passage: NamedPassage) -> List[str]:
    """The passage's refs in data order, each hymn range "M.H-M.H" expanded to its hymn refs."""
    out: List[str] = []
    for ref in passage.refs:
        span = _RANGE.match(ref)
        if span is None:
            out.append(ref)
            continue
        mandala, h1, _, h2 = (int(g) for g in span.groups())  # validated: one mandala, h1 < h2
        out.extend(f"{mandala}.{h}" for h in range(h1, h2 + 1))
    return out
