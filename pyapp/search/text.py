"""Keyword search: Okapi BM25 over the English translation and the Sanskrit text, precomputed.

Algorithm: Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond" (2009),
with exactly rank-bm25 0.2.2's ``BM25Okapi`` statistics (k1 = 1.5, b = 0.75, negative idf replaced
by ``epsilon * mean idf``). Storage follows bm25s (Lù 2024): the build computes the weight of every
(term, verse) pair once and stores it as CSR arrays; a query is then the sum of its terms' rows,
one ``numpy.bincount``. Why not rank-bm25 at run time: its ``get_scores`` loops over 10.5k Python
dicts per query term (~10 ms per term in CPython, several times that in wasm) and would have to
re-tokenise the whole corpus at every page load; the precomputed rows cost ~1 ms per query and a
few ``np.load`` calls at start-up. ``tests/unit/test_text_search.py`` checks the numbers against
``rank_bm25.BM25Okapi.get_scores`` to 1e-4.

Two fields, two indexes (they differ in vocabulary and length statistics):
* ``en``: Griffith's translation + the hymn addressee; lowercase, stopwords out, Snowball stems,
  diacritics folded lightly (``Vr̥itra``, ``Vṛtra``, ``Vritra`` → ``vritra``). Name variants that
  differ beyond that (``Asvins``/``Ashvins``, ``Vishnu``/``Visnu``, ``Purusa``/``Purusha``) are
  joined at query time through the Sanskrit folding key of capitalised/diacritic words
  (``names``: key → terms), so ordinary English words are never conflated.
* ``sa``: the word-separated IAST (``roman_plain``), every word folded to one ASCII key
  (:func:`pyapp.search.translit.fold_sanskrit`), plus the keys of the Devanagari chunks where
  sandhi runs words together ("नासदासीन्नो" → ``nasadasino``), so pasted Devanagari matches
  exactly. Other run-together keys are split into known words (:meth:`TextIndex.segment`), and
  still-unknown keys match the known words they begin (inflected forms).

Which field leads depends on the query's language (:meth:`TextIndex.detect_language`): English
questions score ``en`` plus half of the exact Sanskrit words they contain ("What is ṛta?");
Sanskrit queries score ``sa`` (with splitting and prefix matching) plus half of ``en``.
"""
from __future__ import annotations

import bisect
import json
import math
import os
import re
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from pyapp.search import vocab_lines
from pyapp.search.quote import quotation_part
from pyapp.search.translit import (
    _strip_marks, fold_sanskrit, has_devanagari, has_iast_diacritics, sanskrit_words,
)

FORMAT_VERSION = 1
TEXT_DIR = "text"
META_FILE = "meta.json"
VOCAB_FILE = "vocab.json"
FIELDS = ("en", "sa")
K1 = 1.5
B = 0.75
EPSILON = 0.25

# A standard English stopword list plus Griffith's archaic pronouns and auxiliaries.
ENGLISH_STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most my
myself no nor not now of off on once only or other our ours ourselves out over own same she should so
some such than that the their theirs them themselves then there these they this those through to too
under until up very was we were what when where which while who whom why will with would you your
yours yourself yourselves
thee thou thy thine ye hath hast doth dost art shalt wilt canst unto o oh yea thereof wherewith whereby
hither thither ere shall may might let
""".split())
# Words of the question, not of the topic: kept out of query terms only (the verses may use them).
QUERY_STOPWORDS = ENGLISH_STOPWORDS | frozenset("""
rigveda rig veda vedas vedic rv hymn hymns verse verses stanza stanzas mandala book poem poems text
say says said tell describe described explain mean meaning means show give find list please know
word words term terms concept notion sanskrit called
anywhere somewhere itself actually really exactly anything something
""".split())

_WORD = re.compile(r"[a-z]+")
_RAW_WORD = re.compile(r"[^\W\d_][\w\u0300-\u036f'\u2019]*")

try:  # pure Python; vendored as a wheel for Pyodide
    import snowballstemmer

    _STEMMER = snowballstemmer.stemmer("english")
except ImportError:  # pragma: no cover - degrade to unstemmed matching rather than fail to import
    _STEMMER = None

_STEM_CACHE: Dict[str, str] = {}


# Griffith's verbs that a modern reader writes otherwise ("kine" is left alone: stemming it as "cow" was tried, and it
# moved "was the cow sacred?" off the hymn to the cows, RV 6.28, onto a verse that says "cows" in passing)
_ARCHAIC = {"goeth": "go", "seeth": "see", "doeth": "do", "flieth": "fly", "dieth": "die",
            "lieth": "lie", "crieth": "cry", "trieth": "try", "saith": "say", "spake": "spoke"}
_DOUBLED_KEPT = ("ll", "ss", "ff", "zz")


def _modern(word: str) -> str:
    """Griffith's third person in -eth as today's verb ("giveth" give, "purchaseth" purchase, "stirreth" stir): the
    Porter stemmer leaves them whole, so a reader's "who gives" never met "giveth" (762 such
    words in the translation). "-ieth" is an ordinal ("twentieth"), and a short word is no verb form ("teeth")."""
    if word in _ARCHAIC:
        return _ARCHAIC[word]
    if len(word) > 5 and word.endswith("eth") and not word.endswith("ieth"):
        base = word[:-3]
        if len(base) > 2 and base[-1] == base[-2] and base[-2:] not in _DOUBLED_KEPT and base[-1] not in "aeiou":
            return base[:-1]  # "stirreth", "winneth"
        return base + "e"  # the stemmer drops an "e" the verb lacks ("worke" → work, "give" stays give)
    return word


def stem(word: str) -> str:
    """Snowball (Porter2) English stem, memoised (the same few thousand words recur); Griffith's -eth verbs first as
    the words a reader types (``_modern``)."""
    cached = _STEM_CACHE.get(word)
    if cached is None:
        modern = _modern(word)
        cached = _STEMMER.stemWord(modern) if _STEMMER is not None else modern
        if len(_STEM_CACHE) < 200_000:
            _STEM_CACHE[word] = cached
    return cached


def english_words(text: str) -> List[Tuple[str, bool]]:
    """``(folded lowercase word, looks_like_name)`` for every word of English text.

    A word "looks like a name" when it is capitalised or carries diacritics (Griffith's "Aṣvins");
    only such words are joined across spelling variants.
    """
    out: List[Tuple[str, bool]] = []
    for raw in _RAW_WORD.findall(text):
        is_name = raw[:1].isupper() or not raw.isascii()
        for part in _WORD.findall(_strip_marks(raw)):
            out.append((part, is_name))
    return out


def english_doc_tokens(text: str) -> List[str]:
    """Index tokens of an English passage: stems of the non-stopwords, in order; Griffith's second person after
    "thou" ("thou knowest", "thou gavest") as the verb a reader types (``_second_person``)."""
    words = [word for word, _ in english_words(text)]
    return [stem(_second_person(word) if "thou" in words[max(0, i - 2):i] else word)
            for i, word in enumerate(words) if word not in ENGLISH_STOPWORDS]


def _second_person(word: str) -> str:
    """"knowest" know(e), "givest" give, "gavest" gave, "slewest" slew(e): an -est verb after "thou" (a superlative
    never follows "thou"); the stemmer drops an "e" the verb lacks, as for -eth (``_modern``)."""
    if len(word) > 5 and word.endswith("est") and not word.endswith("iest"):
        base = word[:-3]
        if len(base) > 2 and base[-1] == base[-2] and base[-2:] not in _DOUBLED_KEPT and base[-1] not in "aeiou":
            return base[:-1]  # "thou winnest"
        return base + "e"
    return word


def english_query_words(text: str) -> List[str]:
    """Content words of a question (question phrasing dropped), folded but not stemmed."""
    return [word for word, _ in english_words(text) if word not in QUERY_STOPWORDS]


_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
         "seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
# a number typed in digits, alone: not a reference ("1.32", "10:129") nor a part of one, nor a year-like "1896"
_NUMBER = re.compile(r"(?<![\d.:,/])\b(\d{1,2})\b(?![.:,/]\d)")


def spelled_numbers(text: str) -> List[str]:
    """The words of the numbers a question types in digits ("33 gods": thirty, three), as Griffith writes every number
    in words ("Three-and-Thirty", "thrice-seven"): without them a count asked in digits met no verse."""
    out: List[str] = []
    for match in _NUMBER.finditer(text or ""):
        n = int(match.group(1))
        if n < 20:
            out.append(_UNITS[n])
        else:
            out.append(_TENS[n // 10 - 2])
            if n % 10:
                out.append(_UNITS[n % 10])
    return out


def sanskrit_doc_tokens(roman_plain: str) -> List[str]:
    """Index tokens of a verse: folded keys of its word-separated IAST."""
    return sanskrit_words(roman_plain)


class _Field:
    """One BM25 field: sorted vocabulary + CSR rows of precomputed (doc, weight) pairs.

    ``vocab`` may be a function that makes the list: the vocabulary and its term → id map are then
    made on first use, not at load (the Sanskrit field's 54,764 terms: issue 21, ready sooner; the
    page's warm-up makes them before the first question, ``pyapp.bridge.warm_up``)."""

    def __init__(self, vocab: Union[List[str], Callable[[], List[str]]], indptr: np.ndarray, docs: np.ndarray,
                 weights: np.ndarray, n_docs: int):
        self._vocab: Optional[List[str]] = None if callable(vocab) else vocab
        self._make_vocab: Optional[Callable[[], List[str]]] = vocab if callable(vocab) else None
        self._ids: Optional[Dict[str, int]] = None
        self.indptr = indptr
        self.docs = docs
        self.weights = weights
        self.n_docs = n_docs

    @property
    def vocab(self) -> List[str]:
        if self._vocab is None:
            made = self._make_vocab() if self._make_vocab is not None else []
            if len(made) + 1 != len(self.indptr):
                raise TextIndexError(f"text index vocabulary has {len(made)} terms, its rows {len(self.indptr) - 1}; "
                                     "rebuild the index")
            self._vocab, self._make_vocab = made, None
        return self._vocab

    @property
    def ids(self) -> Dict[str, int]:
        if self._ids is None:
            vocab = self.vocab
            self._ids = dict(zip(vocab, range(len(vocab))))
        return self._ids

    def prepare(self) -> None:
        """Make the vocabulary and its map now (the warm-up), not in the first question."""
        self.ids  # noqa: B018 - made on access

    def row(self, term_id: int) -> Tuple[np.ndarray, np.ndarray]:
        start, end = int(self.indptr[term_id]), int(self.indptr[term_id + 1])
        return self.docs[start:end], self.weights[start:end]

    def df(self, term_id: int) -> int:
        return int(self.indptr[term_id + 1] - self.indptr[term_id])

    def score_groups(self, groups: Sequence[Sequence[int]]) -> np.ndarray:
        """Sum over query tokens; a token with several alternative terms counts its best one per doc."""
        n = self.n_docs
        single: List[int] = [group[0] for group in groups if len(group) == 1]
        if single:
            if len(single) == 1:
                docs, weights = self.row(single[0])
                total = np.zeros(n, dtype=np.float64)
                total[docs] = weights
            else:
                spans = [self.row(t) for t in single]
                total = np.bincount(
                    np.concatenate([s[0] for s in spans]).astype(np.intp),
                    weights=np.concatenate([s[1] for s in spans]).astype(np.float64),
                    minlength=n,
                )
        else:
            total = np.zeros(n, dtype=np.float64)
        for group in groups:
            if len(group) < 2:
                continue
            best = np.zeros(n, dtype=np.float64)
            for term_id in group:
                docs, weights = self.row(term_id)
                best[docs] = np.maximum(best[docs], weights)  # a term's docs are unique
            total += best
        return total

    def prefixed(self, prefix: str, limit: int) -> List[int]:
        """Ids of vocabulary terms that start with ``prefix`` (most frequent first, at most ``limit``)."""
        lo = bisect.bisect_left(self.vocab, prefix)
        hi = bisect.bisect_left(self.vocab, prefix + "\x7f")
        ids = list(range(lo, hi))
        if len(ids) > limit:
            ids.sort(key=lambda i: -self.df(i))
            ids = ids[:limit]
        return ids


def _read_vocab(base: str) -> Dict[str, Any]:
    """``text/vocab.txt`` (lines, the Sanskrit terms made on first use: ``pyapp.search.vocab_lines``)
    when the build wrote it, else ``text/vocab.json`` (an older index, or a copy without it)."""
    path = os.path.join(base, vocab_lines.FILE_NAME)
    if os.path.exists(path):
        with open(path, "rb") as handle:
            return vocab_lines.decode(handle.read(), later=("sa",))
    with open(os.path.join(base, VOCAB_FILE), "rb") as handle:
        return json.loads(handle.read().decode("utf-8"))


class QueryPlan:
    """How a query was turned into index terms (kept for tests, debugging and the auto reason)."""

    def __init__(self) -> None:
        self.en: List[List[str]] = []
        self.sa: List[List[str]] = []
        self.language: str = "english"

    def __repr__(self) -> str:
        return f"QueryPlan(language={self.language!r}, en={self.en!r}, sa={self.sa!r})"


#: ``associated_english`` learns nothing from a word used in fewer verses than this, and keeps only English
#: words beside it in 3 verses or more (two shared verses made "rub" Griffith's word for atharvan)
MIN_LEARNED_VERSES = 8


class TextIndex:
    """Precomputed BM25 over both fields; ``scores(query)`` → float64 array, one value per verse."""

    #: how much the other field counts: Sanskrit words inside an English question, English words
    #: (names) inside a Sanskrit query
    SA_WEIGHT_FOR_ENGLISH = 0.5
    EN_WEIGHT_FOR_SANSKRIT = 0.5
    PREFIX_MIN = 4
    PREFIX_LIMIT = 40

    def __init__(self, meta: Dict, fields: Dict[str, _Field], names: Dict[str, List[str]]) -> None:
        self.meta = meta
        self.fields = fields
        self.en = fields["en"]
        self.sa = fields["sa"]
        self.names = names
        self.n_docs = int(meta["n_docs"])
        self._segment_cache: Dict[Tuple[str, int], Optional[List[str]]] = {}
        self._recent: Dict[Tuple[str, str], np.ndarray] = {}  # the last queries' scores (``scores``)

    # ---- loading -------------------------------------------------------------------------
    @classmethod
    def load(cls, directory: str) -> "TextIndex":
        """Read ``<dir>/text/*`` (a few ``.npy`` arrays and one JSON vocabulary); no tokenising."""
        base = os.path.join(directory, TEXT_DIR)
        try:
            with open(os.path.join(base, META_FILE), "rb") as handle:
                meta = json.loads(handle.read().decode("utf-8"))
            vocab = _read_vocab(base)
            fields = {}
            for name in FIELDS:
                arrays = [np.load(os.path.join(base, f"{name}_{part}.npy"), allow_pickle=False)
                          for part in ("indptr", "docs", "weights")]
                fields[name] = _Field(vocab[name], arrays[0], arrays[1], arrays[2], int(meta["n_docs"]))
        except FileNotFoundError as exc:
            raise TextIndexError(f"text index file missing: {exc.filename} (build it with `python -m corpus_build`)") from None
        except (ValueError, KeyError, UnicodeDecodeError) as exc:  # VocabLinesError is a ValueError
            raise TextIndexError(f"text index in {base} is unreadable ({exc}); rebuild the index") from None
        if meta.get("format") != FORMAT_VERSION:
            raise TextIndexError(f"text index format {meta.get('format')!r}, expected {FORMAT_VERSION}; rebuild the index")
        return cls(meta, fields, vocab["names"])

    def prepare(self) -> "TextIndex":
        """Make what the load leaves to first use (each field's vocabulary and term map): the warm-up
        calls it after "ready", so the first question does not."""
        for field in self.fields.values():
            field.prepare()
        return self

    # ---- query analysis --------------------------------------------------------------------
    def english_terms(self, word: str) -> List[str]:
        """Index terms for one English query word: its stem, plus name spellings sharing its key."""
        term = stem(word)
        terms = [term] if term in self.en.ids else []
        for alt in self.names.get(fold_sanskrit(term), ()):
            if alt not in terms:
                terms.append(alt)
        return terms

    def is_english_word(self, word: str) -> bool:
        return word in QUERY_STOPWORDS or bool(self.english_terms(word))

    def is_griffith_english(self, word: str) -> bool:
        """``word`` (lower case) is an English word of Griffith's, not a Sanskrit word he transliterates.

        Why: Griffith leaves some plants, peoples and crafts in Sanskrit ("Darbha", "Munja"), so the
        English field holds them too, and "darbha" typed in plain letters read as English and was
        never searched as the hymns' word. A word he writes in the very verses whose Sanskrit has it
        (at least half of the fewer of the two sets of verses) is his transliteration; "tastes",
        which folds to a Sanskrit form too, shares no verse with it and stays English."""
        if not self.is_english_word(word):
            return False
        if word in QUERY_STOPWORDS:
            return True
        return not self._transliterated(word)

    def _transliterated(self, word: str) -> bool:
        forms = self.sanskrit_forms(fold_sanskrit(word))
        if not forms:
            return False
        english: set = set()
        for term in self.english_terms(word):
            term_id = self.en.ids.get(term)
            if term_id is not None:
                english.update(self.en.row(term_id)[0].tolist())
        sanskrit: set = set()
        for form in forms:
            sanskrit.update(self.sa.row(self.sa.ids[form])[0].tolist())
        shared = len(english & sanskrit)
        return shared > 0 and 2 * shared >= min(len(english), len(sanskrit))

    def segment(self, key: str, max_parts: int = 6) -> Optional[List[str]]:
        """Split a run-together (sandhi) key into known words, or ``None``.

        Folding collapses doubled letters, so "āsīn no" written together (āsīnno) folds to
        ``asino``: a piece may therefore also start on the last letter of the previous one.
        Cost: pieces, plus half a piece for every one- or two-letter piece (particles such as
        ``na``/``u`` would otherwise explain everything) and a quarter for a shared letter; ties
        go to the rarer words.
        """
        cache_key = (key, max_parts)
        if cache_key in self._segment_cache:
            return self._segment_cache[cache_key]
        parts = self._segment(key, max_parts)
        if len(self._segment_cache) < 10_000:
            self._segment_cache[cache_key] = parts
        return parts

    def _segment(self, key: str, max_parts: int) -> Optional[List[str]]:
        ids = self.sa.ids
        n = len(key)
        INF = (1e9, 0.0)
        best: List[Tuple[float, float]] = [INF] * (n + 1)  # cost to cover key[:end]
        back: List[Tuple[int, int]] = [(-1, -1)] * (n + 1)  # (piece start, previous end)
        best[0] = (0.0, 0.0)
        for end in range(1, n + 1):
            for start in range(max(0, end - 24), end):
                piece = key[start:end]
                term_id = ids.get(piece)
                if term_id is None:
                    continue
                # the previous piece ended at `start` or, sharing a letter, at `start + 1`
                for prev_end in (start, start + 1):
                    if prev_end >= end or best[prev_end][0] >= INF[0]:
                        continue
                    if prev_end == start + 1 and prev_end == 0:
                        continue
                    cost = (best[prev_end][0] + 1.0 + (0.5 if len(piece) <= 2 else 0.0)
                            + (0.25 if prev_end != start else 0.0))
                    rarity = best[prev_end][1] + math.log(1 + self.sa.df(term_id))
                    if (cost, rarity) < best[end]:
                        best[end] = (cost, rarity)
                        back[end] = (start, prev_end)
        if best[n][0] >= INF[0]:
            return None
        parts: List[str] = []
        end = n
        while end > 0:
            start, prev_end = back[end]
            parts.append(key[start:end])
            end = prev_end
        if len(parts) > max_parts:
            return None
        return parts[::-1]

    def sanskrit_groups(self, keys: Iterable[str], expand: bool) -> List[List[str]]:
        """Term groups for Sanskrit keys; ``expand`` allows sandhi splitting and prefix matching."""
        groups: List[List[str]] = []
        for key in keys:
            if key in self.sa.ids:
                groups.append([key])
                continue
            if not expand:
                continue
            parts = self.segment(key) if len(key) >= 4 else None
            if parts:
                groups.extend([part] for part in parts)
                continue
            if len(key) >= self.PREFIX_MIN:
                ids = self.sa.prefixed(key, self.PREFIX_LIMIT)
                if not ids:  # the key minus an unknown ending of up to 3 letters
                    for cut in range(len(key) - 1, max(self.PREFIX_MIN, len(key) - 3) - 1, -1):
                        ids = self.sa.prefixed(key[:cut], self.PREFIX_LIMIT)
                        if ids:
                            break
                if ids:
                    groups.append([self.sa.vocab[i] for i in ids])
        return groups

    def verbatim_scores(self, letters: str, shortest: int = 5, longest_quote: int = 16) -> Optional[np.ndarray]:
        """BM25 of the Sanskrit words (5+ letters) found inside a quotation's joined letters, scaled to
        0–1; ``None`` when it holds none or is shorter than a few words (``longest_quote`` letters: in
        "ṛta vs satya" chance words hide). ~0.1 s: one substring test per word of the vocabulary."""
        if len(letters) < longest_quote:
            return None
        inside = [w for w in self.sa.vocab if len(w) >= shortest and w in letters]
        if not inside:
            return None
        scores = self.field_scores("sa", inside)
        best = float(scores.max()) if scores.size else 0.0
        return scores / best if best > 0 else None

    def associated_english(self, sa_terms: Sequence[str], limit: int = 3,
                           least: float = 0.04) -> Tuple[np.ndarray, List[str]]:
        """(the verses with any of ``sa_terms``, the English stems most tied to them, best first).

        Why: a Sanskrit word the term lexicon has no entry for ("dhīmahi") still has Griffith's
        translation beside each verse that uses it; the English stems shared by those verses more than
        chance allows (Dice over the two fields' postings, at least two verses and ``least``) are what
        Griffith most often wrote for it. One pass over the English postings (~1 ms of numpy), made when
        asked. Names are not told apart here (the caller sees the capitals: ``Searcher.griffith_words_for``)."""
        ids = [self.sa.ids[t] for t in sa_terms if t in self.sa.ids]
        if not ids:
            return np.zeros(0, dtype=np.intp), []
        mask = np.zeros(self.n_docs, dtype=bool)
        for term_id in ids:
            mask[self.sa.row(term_id)[0]] = True
        docs = np.flatnonzero(mask)
        field = self.en
        shared = np.concatenate([[0], np.cumsum(mask[field.docs], dtype=np.int64)])
        counts = shared[field.indptr[1:]] - shared[field.indptr[:-1]]
        dice = 2 * counts / (len(docs) + np.diff(field.indptr))
        if len(docs) < MIN_LEARNED_VERSES:  # too few verses to tell Griffith's word for it from chance
            return docs, []
        dice[counts < max(3, len(docs) // 5)] = 0
        vocab = field.vocab
        best = [int(i) for i in np.argsort(-dice)[: limit * 3] if dice[i] >= least]
        return docs, [vocab[i] for i in best][:limit]

    def sanskrit_forms(self, key: str, extra: int = 4) -> List[str]:
        """The Sanskrit field's word forms of a folded key: the key itself and the key plus an
        ending of up to ``extra`` letters (not the longer words the text writes joined to it)."""
        if len(key) < 3:
            return []
        forms = [self.sa.vocab[i] for i in self.sa.prefixed(key, self.PREFIX_LIMIT)]
        return [f for f in forms if len(f) - len(key) <= extra]

    def is_hymn_form(self, word: str) -> bool:
        """One typed word is a word form of the hymns (as a form, or a join of at most three forms) and no English
        word (unless written with IAST's marks): "vartadhvam", "svahakriti", "dveṣo" — not "haine" or "nation"."""
        keys = sanskrit_words(word)
        if not keys or not all(k in self.sa.ids or self.segment(k, 3) for k in keys):
            return False
        return has_iast_diacritics(word) or not any(self.is_english_word(w) for w, _ in english_words(word))

    def detect_language(self, query: str) -> Tuple[str, str]:
        """``("sanskrit"|"english", reason)``: Devanagari, or more Sanskrit-only words than English ones."""
        if has_devanagari(query):
            return "sanskrit", "query is in Devanagari"
        words = [word for word, _ in english_words(query)]
        if not words:
            return "english", "no words"
        sa_only = en_only = 0
        for raw_word in _RAW_WORD.findall(query):
            keys = sanskrit_words(raw_word)
            folded = [w for w, _ in english_words(raw_word)]
            is_en = any(self.is_english_word(w) for w in folded)
            # an English function word counts as Sanskrit only as a form the hymns have ("no", "me"), not
            # as a join of tiny pieces ("what", "is"): "What is yajna?" is an English question
            function_word = any(w in QUERY_STOPWORDS for w in folded)
            is_sa = bool(keys) and all(k in self.sa.ids or (not function_word and self.segment(k, 3)) for k in keys)
            if has_iast_diacritics(raw_word) and is_sa:
                is_en = False
            if is_sa and not is_en:
                sa_only += 1
            elif is_en and not is_sa:
                en_only += 1
        if sa_only > en_only:
            return "sanskrit", f"{sa_only} of {len(words)} words are Sanskrit word forms"
        return "english", "English words"

    def plan(self, query: str, language: Optional[str] = None) -> QueryPlan:
        """Turn a query into term groups for both fields."""
        plan = QueryPlan()
        plan.language = language or self.detect_language(query)[0]
        if plan.language == "sanskrit":
            # "नासदासीन्नो … what does this mean?": the English words are not Sanskrit
            plan.sa = self.sanskrit_groups(sanskrit_words(quotation_part(query)), expand=True)
            words = [w for w, _ in english_words(deva_free(query))]
            plan.en = [g for g in (self.english_terms(w) for w in words if w not in QUERY_STOPWORDS) if g]
        else:
            words = english_query_words(query) + spelled_numbers(query)
            plan.en = [g for g in (self.english_terms(w) for w in words) if g]
            keys = [k for w in words for k in sanskrit_words(w) if len(k) >= 3]
            plan.sa = self.sanskrit_groups(keys, expand=False)
        return plan

    # ---- scoring ---------------------------------------------------------------------------
    def field_scores(self, field: str, tokens: Sequence[str]) -> np.ndarray:
        """Plain BM25 of already-tokenised terms in one field (what rank-bm25's ``get_scores`` gives)."""
        f = self.fields[field]
        groups = [[f.ids[t]] for t in tokens if t in f.ids]
        return f.score_groups(groups)

    def scores_for_plan(self, plan: QueryPlan) -> np.ndarray:
        en = self.en.score_groups([[self.en.ids[t] for t in g] for g in plan.en])
        sa = self.sa.score_groups([[self.sa.ids[t] for t in g] for g in plan.sa])
        if plan.language == "sanskrit":
            return sa + self.EN_WEIGHT_FOR_SANSKRIT * en
        return en + self.SA_WEIGHT_FOR_ENGLISH * sa

    #: how many recent queries' scores ``scores`` keeps: the few one turn asks for again
    RECENT_QUERIES = 8

    def scores(self, query: str, language: Optional[str] = None) -> np.ndarray:
        """BM25 score of every verse for a free-text query in English or Sanskrit (any script).

        Why a memo: one turn scores the same question more than once (the search, then ``search.cover``'s
        tie-break of the verses that have the question's words together); the index never changes, so the
        last few queries' scores are kept and a copy handed out (a caller may add to it in place)."""
        language = language or self.detect_language(query)[0]
        key = (query, language)
        found = self._recent.get(key)
        if found is None:
            found = self.scores_for_plan(self.plan(query, language))
            if len(self._recent) >= self.RECENT_QUERIES:
                self._recent.pop(next(iter(self._recent)))
            self._recent[key] = found
        return found.copy()


def deva_free(text: str) -> str:
    """The query without its Devanagari part (English names may sit beside Devanagari words)."""
    return re.sub("[\u0900-\u097f]+", " ", text)


class TextIndexError(Exception):
    """The text index files are missing or unreadable; one line for the user."""
