"""The padapāṭha word index: every word of the padapāṭha → the verses it occurs in.

The padapāṭha (VedaWeb's ``padapatha.csv``, via ``corpus_build/versions.py`` into ``padapatha.json``)
writes each stanza word by word with sandhi undone and compounds split: ``agnim īḷe puraḥ-hitam …``
for ``agním īḷe puróhitaṃ``. So a word a reader types in its dictionary-like or inflected form
meets the stanza even where the saṃhitā text fuses it with its neighbours (``devamṛtvijam``).

Keys are ``pyapp.search.translit.fold_sanskrit`` keys (IAST ± diacritics, ASCII, Devanagari all
meet). Each padapāṭha word is indexed four ways, strongest first:
  form    the whole word, members joined (``puraḥ-hitam`` → ``purahitam``; also ``purohitam``,
          the common ``-aḥ`` + voiced sandhi of a compound's first member, so the saṃhitā form
          typed as one word matches too)
  member  each member of a compound (``puraḥ``, ``hitam``)
  stem    a form or member with its case/person ending cut off (``agninā``, ``agnim``, ``agne`` → ``agn``),
          so a stem or any inflected form typed finds the others
  prefix  (query side only) a typed word of 4+ letters that begins index keys (``vṛtra`` → ``vṛtrahan``)
The stemmer is a plain longest-ending cut with a minimum of three letters left: lossy on purpose,
like the folding; a search key only has to agree with itself.

A typed word that matches nothing is tried as 2–3 padapāṭha words run together (the saṃhitā's
``devamṛtvijam`` → ``devam`` + ``ṛtvijam``; ``split``), each part counting as a member.

A verse's score is the sum over the query's words of ``weight × idf`` for the best way that word
matched it (form 3, member 2, stem 1.5, prefix 0.5; idf = ln(1 + N / df)).

    pada = PadapathaIndex.load(index_dir, index)        # index: anything with .doc_id(ref), or None
    pada.search("ṛtasya")      # → [PadaHit(doc_id, ref, score, words=["ṛtasya"]), …]
    pada.lookup("agni")        # → doc ids of the verses with an agni- word (form, member or stem)
    pada.words("1.1.1")        # → ["agnim", "īḷe", "puraḥ-hitam", …]

Pure Python; the same code runs in CPython and Pyodide.
"""
from __future__ import annotations

import bisect
import json
import math
import os
import re
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple

from pydantic import BaseModel

from pyapp.search.translit import deva_to_iast, fold_sanskrit, has_devanagari

FORMAT_VERSION = 1
PADAPATHA_FILE = "padapatha.json"
WEIGHTS = {"form": 3.0, "member": 2.0, "stem": 1.5, "prefix": 0.5}
MIN_STEM = 3
MIN_PREFIX = 4
MAX_PREFIX_KEYS = 400

# Endings cut by the stemmer, on folded keys (ā → a, ṣ/ś → s, ṃ → m, final visarga already gone).
ENDINGS = sorted(set("""
asya asyah ena aya aye ani ais ai ebhis ebhi ebhya ebhyah esu anam am an as a ah o au e
im in ina inam ibhis ibhi ibhya isu i is ih ayah ayas ayo ay
um un una unam ubhis ubhi ubhya usu u us uh avah avas avo av ave
ri ra rah ram rah rbhi ribhi risu rinam ris rau
anti ante ati ate asi ase ami ama mahe masi tha thah ta tu tam tan antu atu asva
ena enah ayah ya yam yah yai yas yai ayam
""".split()), key=lambda e: (-len(e), e))
# Particles and the padapāṭha's ``iti`` (which marks pragṛhya words): no help in finding a verse.
PARTICLES = frozenset("iti ca u ha va na sma cit id it eva hi nu gha im in sim".split())

_SPLIT = re.compile(r"[\s|/\\.,;:!?()\[\]{}\"“”‘’«»]+")
_SANDHI_O = re.compile(r"aḥ-(?=[gjḍdbnmyrlvh])")  # puraḥ-hitam → purohitam (saṃhitā form)


class PadaHit(BaseModel):
    doc_id: Optional[int]  # row in verses.json (None without a doc_id mapping)
    ref: str
    score: float
    words: List[str]  # the verse's padapāṭha words that matched, as written


# fold_sanskrit for the padapāṭha's own spelling (NFC IAST, no accents), 10× faster: letters through a
# table, then fold_sanskrit's ASCII rules on the ASCII result; anything else takes fold_sanskrit itself.
# Equal to fold_sanskrit on every padapāṭha word (tests/unit/test_padapatha_search.py).
_IAST_TABLE = str.maketrans({"ā": "a", "ī": "i", "ū": "u", "ṝ": "ṛ", "ḷ": "l", "ḹ": "l", "ṅ": "n", "ñ": "n",
                             "ṇ": "n", "ṭ": "t", "ḍ": "d", "ś": "sh", "ṣ": "sh", "ṃ": "m", "ḥ": "h", "ḻ": "l",
                             "-": None, "'": None, "’": None})
_ASCII_RULES = (("w", "v"), ("ee", "i"), ("oo", "u"), ("chh", "c"), ("cch", "c"), ("ch", "c"), ("sh", "s"))
_DOUBLE = re.compile(r"([a-z])\1+")
_VOCALIC_R = re.compile(r"(?<![aeiou])r(?![aeiour])")
_FINAL_VISARGA = re.compile(r"(?<=[aeiou])h$")
_LOWER_ASCII = re.compile(r"^[a-z]*$")
_ASCII_LINES = re.compile(r"^[a-z\n]*$")
_FINAL_VISARGA_LINES = re.compile(r"(?<=[aeiou])h$", re.MULTILINE)
_VOCALIC_RUN = re.compile("ṛ+i?")


def fold_word(word: str) -> str:
    """``fold_sanskrit(word)``, fast for IAST words like the padapāṭha's."""
    text = word.lower().translate(_IAST_TABLE)
    if "ṛ" in text:
        text = _VOCALIC_RUN.sub("ri", text)  # ṛ; the long vowel written ṛṛ; Griffith's ṛi
    if not _LOWER_ASCII.match(text):
        return fold_sanskrit(word)
    for old, new in _ASCII_RULES:
        if old in text:
            text = text.replace(old, new)
    text = _DOUBLE.sub(r"\1", text)
    text = _VOCALIC_R.sub("ri", text)
    return _FINAL_VISARGA.sub("", text)


def fold_many(words: List[str]) -> List[str]:
    """``[fold_word(w) for w in words]`` in a few passes over one joined string (the index folds ~30,000
    distinct words at once: one call per word costs seconds in Pyodide, this a fraction of one)."""
    text = _VOCALIC_RUN.sub("ri", "\n".join(words).lower().translate(_IAST_TABLE))
    lines = text.split("\n")
    odd = [] if _ASCII_LINES.match(text) else [i for i, line in enumerate(lines) if not _LOWER_ASCII.match(line)]
    for old, new in _ASCII_RULES:
        if old in text:
            text = text.replace(old, new)
    text = _DOUBLE.sub(r"\1", text)
    text = _VOCALIC_R.sub("ri", text)
    folded = _FINAL_VISARGA_LINES.sub("", text).split("\n")
    for i in odd:
        folded[i] = fold_sanskrit(words[i])
    return folded


_ENDING_SET = frozenset(ENDINGS)
_ENDING_LENGTHS = sorted({len(e) for e in ENDINGS}, reverse=True)


def stem_key(key: str) -> str:
    """A folded key with its ending cut (at least ``MIN_STEM`` letters kept); the key if none fits."""
    for length in _ENDING_LENGTHS:
        if len(key) - length >= MIN_STEM and key[-length:] in _ENDING_SET:
            return key[:-length]
    return key


_MEMBERS: Dict[str, str] = {}


def _member_key(part: str) -> str:
    """fold_word of a compound member, memoised (the same members recur in many compounds)."""
    key = _MEMBERS.get(part)
    if key is None:
        key = _MEMBERS[part] = fold_word(part)
    return key


def word_keys(word: str) -> Dict[str, Set[str]]:
    """How one padapāṭha word is indexed: {"form": …, "member": …, "stem": …} folded keys."""
    whole = fold_word(word)  # the "-" of compounds goes
    forms = {whole} if whole else set()
    members: Set[str] = set()
    if "-" in word:
        joined = fold_word(_SANDHI_O.sub("o", word))
        if joined:
            forms.add(joined)
        members = {key for key in (_member_key(part) for part in word.split("-") if part) if key} - forms
    stems = {stem_key(key) for key in forms | members}
    return {"form": forms, "member": members, "stem": stems}


def query_keys(text: str) -> List[Tuple[str, str]]:
    """(typed word, folded key) for every word of a query (Devanagari converted first), particles out."""
    if has_devanagari(text):
        text = deva_to_iast(text)
    out: List[Tuple[str, str]] = []
    for part in _SPLIT.split(text):
        key = fold_sanskrit(part)  # a typed compound "puraḥ-hitam" is one key, like the index's form
        if len(key) >= 2 and key not in PARTICLES and all(key != k for _, k in out):
            out.append((part, key))
    return out


def _book_key(ref: str) -> Tuple[int, ...]:
    return tuple(int(p) for p in ref.split("."))


class PadapathaIndex:
    """The padapāṭha of every verse that has one, and the word → verses tables over it."""

    def __init__(self, lines: Dict[str, str], doc_id: Optional[Callable[[str], Optional[int]]] = None,
                 in_order: bool = False) -> None:
        """``in_order``: ``lines`` is already in book order (``from_data`` sorts the hymns, not the verses)."""
        self.refs: List[str] = list(lines) if in_order else sorted(lines, key=_book_key)
        self._lines = lines
        self._doc_id = doc_id
        self._tables: Optional[Dict[str, Dict[str, List[int]]]] = None
        self._keys: List[str] = []  # every form/member key, sorted (prefix search)
        self._word_cache: Dict[str, Dict[str, Set[str]]] = {}

    @classmethod
    def from_data(cls, data: Any, doc_id: Optional[Callable[[str], Optional[int]]] = None) -> "PadapathaIndex":
        if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION or not isinstance(data.get("hymns"), dict):
            raise ValueError("not a padapāṭha file of this app's format; rebuild the index")
        # in book order: the hymns sorted (1,028 keys; sorting the 10,551 verse refs by their numbers
        # took 0.2 s of a reload's boot in Pyodide), their verses in the file's order
        hymns = data["hymns"]
        lines: Dict[str, str] = {}
        for hymn in sorted(hymns, key=_book_key):
            for number, line in enumerate(hymns[hymn], 1):
                if line:
                    lines[f"{hymn}.{number}"] = line
        return cls(lines, doc_id, in_order=True)

    @classmethod
    def load(cls, index_dir: str, index: Any = None) -> Optional["PadapathaIndex"]:
        """``padapatha.json`` of an index folder (``None`` if the build had none). ``index``: the
        ``RigvedaIndex`` (its ``doc_id`` maps refs to rows), or ``None`` for refs only."""
        path = os.path.join(index_dir, PADAPATHA_FILE)
        try:
            with open(path, "rb") as handle:
                data = json.loads(handle.read().decode("utf-8"))
        except FileNotFoundError:
            return None
        return cls.from_data(data, getattr(index, "doc_id", None))

    def __len__(self) -> int:
        return len(self.refs)

    def line(self, ref: str) -> Optional[str]:
        """The padapāṭha of "M.H.V" as one line (words separated by spaces), or ``None``."""
        return self._lines.get(ref)

    def words(self, ref: str) -> List[str]:
        line = self._lines.get(ref)
        return line.split() if line else []

    # ---- the tables -------------------------------------------------------------------------

    def _build(self) -> Dict[str, Dict[str, List[int]]]:
        """{"form"|"member"|"stem": {key: [positions]}} (made on the first query, then kept). The
        distinct words are folded together (``fold_many``) and each word's verses are added to each
        of its keys' lists (which may repeat a position when two words of a verse share a key; the
        lookups dedupe)."""
        if self._tables is None:
            for _ in self.build_steps(len(self.refs) + 1):
                pass
        return self._tables  # type: ignore[return-value]

    def build_steps(self, slice_size: int = 600) -> Iterator[None]:
        """``_build`` in slices of about ``slice_size`` verses or words, yielding after each, so the page's
        worker can prepare the tables after "ready" between other work (``pyapp.bridge.warm_up``): the
        whole build is ~1 s of Pyodide, too long to hold a question. The tables are the same as one
        ``_build`` makes (same keys, same positions in the same order); they are used only once whole."""
        if self._tables is not None:
            return
        by_word: Dict[str, List[int]] = {}
        refs = self.refs
        for start in range(0, len(refs), slice_size):
            for position in range(start, min(start + slice_size, len(refs))):
                for word in set(self._lines[refs[position]].split()):
                    found = by_word.get(word)
                    if found is None:
                        by_word[word] = [position]
                    else:
                        found.append(position)
            yield
        words = list(by_word)
        for start in range(0, len(words), slice_size * 2):
            self._fold_all(words[start:start + slice_size * 2])
            yield
        tables: Dict[str, Dict[str, List[int]]] = {"form": {}, "member": {}, "stem": {}}
        items = list(by_word.items())
        for start in range(0, len(items), slice_size * 4):
            for word, positions in items[start:start + slice_size * 4]:
                for kind, keys in self._word_cache[word].items():
                    table = tables[kind]
                    for key in keys:
                        posting = table.get(key)
                        if posting is None:
                            table[key] = list(positions)
                        else:
                            posting.extend(positions)
            yield
        if self._tables is None:  # a query may have built them meanwhile (``_build``)
            self._keys = sorted(set(tables["form"]) | set(tables["member"]))
            self._tables = tables

    def _fold_all(self, words: List[str]) -> None:
        """``word_keys`` of many words at once, into the cache (the same keys, batch-folded)."""
        words = [w for w in words if w not in self._word_cache]
        compounds = [w for w in words if "-" in w]
        members = sorted({part for w in compounds for part in w.split("-") if part})
        whole = dict(zip(words, fold_many(words)))
        joined = dict(zip(compounds, fold_many([_SANDHI_O.sub("o", w) for w in compounds])))
        member = dict(zip(members, fold_many(members)))
        stems: Dict[str, str] = {}
        for word in words:
            forms = {whole[word]} - {""}
            found: Set[str] = set()
            if word in joined:
                if joined[word]:
                    forms.add(joined[word])
                found = {member[part] for part in word.split("-") if part and member[part]} - forms
            stem_set = set()
            for key in forms | found:
                cut = stems.get(key)
                if cut is None:
                    cut = stems[key] = stem_key(key)
                stem_set.add(cut)
            self._word_cache[word] = {"form": forms, "member": found, "stem": stem_set}

    def _keys_of(self, word: str) -> Dict[str, Set[str]]:
        keys = self._word_cache.get(word)
        if keys is None:
            keys = self._word_cache[word] = word_keys(word)
        return keys

    def _matches(self, key: str) -> Dict[int, str]:
        """position → the strongest way ``key`` matched that verse (form > member > stem > prefix)."""
        tables = self._build()
        best: Dict[int, str] = {}
        for kind in ("form", "member"):
            for position in tables[kind].get(key, ()):
                best.setdefault(position, kind)
        for position in tables["stem"].get(stem_key(key), ()):
            best.setdefault(position, "stem")
        if len(key) >= MIN_PREFIX:
            start = bisect.bisect_left(self._keys, key)
            for longer in self._keys[start:start + MAX_PREFIX_KEYS]:
                if not longer.startswith(key):
                    break
                for kind in ("form", "member"):
                    for position in tables[kind].get(longer, ()):
                        best.setdefault(position, "prefix")
        return best

    def split(self, key: str) -> List[str]:
        """A folded key that is several padapāṭha words run together (saṃhitā text typed or pasted as one
        word: ``devamṛtvijam``, ``अग्निमीळे``) → those words' keys; ``[]`` when it cannot be cut into 2–3
        known words of 3+ letters. Vowel sandhi between the words is not undone."""
        tables = self._build()
        known = tables["form"]
        best: Optional[List[str]] = None
        n = len(key)

        def walk(start: int, parts: List[str]) -> None:
            nonlocal best
            if start == n:
                if len(parts) >= 2 and (best is None or len(parts) < len(best)):
                    best = list(parts)
                return
            if len(parts) == 3:
                return
            for end in range(n, start + 2, -1):
                piece = key[start:end]
                if piece in known:
                    walk(end, parts + [piece])

        walk(0, [])
        return best or []

    def prepare(self) -> "PadapathaIndex":
        """Build the word tables now (the first query does it otherwise): 0.7 s of CPU in CPython for
        the whole RigVeda, 1–2 s in Pyodide on a loaded 2-core machine, so call it from a warm-up,
        after the page is ready."""
        self._build()
        return self

    def _to_doc(self, position: int) -> Optional[int]:
        return self._doc_id(self.refs[position]) if self._doc_id else None

    # ---- queries ------------------------------------------------------------------------------

    def lookup_refs(self, word: str) -> List[str]:
        """Refs of the verses with this word as a form, compound member or stem (no prefixes)."""
        return [self.refs[p] for p in self._lookup(word)]

    def lookup(self, word: str) -> List[int]:
        """Doc ids of ``lookup_refs`` (with the ``index`` given to ``load``; else positions in ``refs``)."""
        found = self._lookup(word)
        if not self._doc_id:
            return found
        return [doc for doc in (self._doc_id(self.refs[p]) for p in found) if doc is not None]

    def _lookup(self, word: str) -> List[int]:
        key = fold_sanskrit(deva_to_iast(word) if has_devanagari(word) else word)
        return sorted(p for p, kind in self._matches(key).items() if kind != "prefix") if key else []

    def matched_words(self, ref: str, word: str) -> List[str]:
        """The padapāṭha words of verse ``ref`` that a typed ``word`` matches (for highlighting)."""
        key = fold_sanskrit(deva_to_iast(word) if has_devanagari(word) else word)
        return self._matching(self.words(ref), [key]) if key else []

    def _matching(self, words: List[str], keys: List[str]) -> List[str]:
        out: List[str] = []
        for candidate in words:
            found = self._keys_of(candidate)
            named = found["form"] | found["member"]
            for key in keys:
                if key in named or stem_key(key) in found["stem"] or (
                        len(key) >= MIN_PREFIX and any(k.startswith(key) for k in named)):
                    if candidate not in out:
                        out.append(candidate)
                    break
        return out

    def scores(self, query: str) -> Dict[int, float]:
        """position → score for the Sanskrit words of a query (see the module docstring)."""
        n = max(1, len(self.refs))
        out: Dict[int, float] = {}
        for _typed, key in query_keys(query):
            groups = [[key]]
            matches = self._matches(key)
            if not matches:  # words run together: each part counts, at the weight of a member
                groups = [[part] for part in self.split(key)]
            for (part,) in groups:
                found = matches if part == key else {p: "member" for p in self._matches(part)}
                if not found:
                    continue
                idf = math.log(1.0 + n / len(found))
                for position, kind in found.items():
                    out[position] = out.get(position, 0.0) + WEIGHTS[kind] * idf
        return out

    def search(self, query: str, k: int = 20) -> List[PadaHit]:
        """The ``k`` best verses for the Sanskrit words of ``query`` (best first, then in book order)."""
        ranked = sorted(self.scores(query).items(), key=lambda item: (-item[1], item[0]))[:max(0, k)]
        keys: List[str] = []
        for _typed, key in query_keys(query):
            keys.extend([key] if self._matches(key) else self.split(key))
        return [PadaHit(doc_id=self._to_doc(position), ref=self.refs[position], score=round(score, 6),
                        words=self._matching(self.words(self.refs[position]), keys))
                for position, score in ranked]
