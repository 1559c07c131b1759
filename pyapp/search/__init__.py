"""The verse searcher: reference lookup, keyword (BM25), meaning (vectors), hybrid, and ``auto``.

One synchronous entry point, :meth:`Searcher.search`, returns a :class:`SearchResponse` and never
raises for user input: unknown references, empty queries and missing vector files come back as
``success=False`` with a one-line ``error`` (or as a degraded method named in ``method_reason``).
"""
from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

import numpy as np

from pyapp.schemas import SearchResponse, SearchResult, Verse
from pyapp.search.auto import AutoChoice, choose
from pyapp.search.hybrid import (
    ENGLISH_WEIGHTS, RRF_K, SANSKRIT_WEIGHTS, FusionWeights, HymnLayout, fuse, top_indices,
)
from pyapp.search.padapatha import PadapathaIndex
from pyapp.search.quote import joined, quotation_part, rerank
from pyapp.search.refs import ParsedReference, parse_reference, resolve
from pyapp.search.terms import TermLexicon, term_query_scores
from pyapp.search.text import TextIndex
from pyapp.search.translit import has_iast_diacritics, sanskrit_words

SOURCE = "RigVeda (Eichler/Aufrecht; Griffith tr.)"
METHODS = ("auto", "vector", "text", "hybrid", "bookContext")
MAX_K = 100
QUOTE_POOL = 30  # candidates a Sanskrit quotation is re-ranked among
VERBATIM_SHARE = 0.5  # words found inside a quotation's letters add at most half the best keyword score
REFERENCE_HINT = "write it like 10.129.1, RV 10.129 or mandala 3 hymn 62 verse 10"
# The padapāṭha's score is added at most at this share of the best BM25 score: enough to lift a verse
# that has the typed stems only in other forms (or fused by sandhi), too little to reorder verses BM25
# finds by the typed forms themselves. 1.0 found one more of our stem-typed probes at rank 1 but lost a
# joined-Devanagari quotation of held-out set 3 (t-66); 0.5 keeps every eval item.
PADA_SHARE = 0.5
PADA_SHARE_IN_ENGLISH = 0.5
PADAPATHA = "padapatha"  # the name ``skipped_parts`` gives it


def verse_title(verse: Verse) -> str:
    """"RV 10.129.1 · The origin of things" (the hymn's addressee, as the verse card shows it)."""
    addressee = (verse.addressee or "").strip()
    if not addressee:
        return f"RV {verse.ref}"
    return f"RV {verse.ref} · {addressee[:1].upper()}{addressee[1:]}"


def to_result(verse: Verse, relevance: float) -> SearchResult:
    return SearchResult(
        title=verse_title(verse), content=verse.sanskrit, relevance=float(min(1.0, max(0.0, relevance))),
        source=SOURCE, book_context=verse.ref, translation=verse.translation, iast=verse.roman,
        deity=verse.deity, rishi=verse.rishi, meter=verse.meter, addressee=verse.addressee,
    )


class Searcher:
    """Holds the loaded index parts; ``vector_index``/``encoder`` may be ``None`` (keyword-only mode)."""

    def __init__(self, index: Any, text_index: TextIndex, vector_index: Any = None, encoder: Any = None,
                 rrf_k: int = RRF_K, terms: Any = None, padapatha: Optional[PadapathaIndex] = None,
                 padapatha_dir: Optional[str] = None) -> None:
        """``padapatha_dir``: the padapāṭha is not loaded yet; ``padapatha_steps`` loads it from there."""
        self.index = index
        self._padapatha = padapatha
        self._pada_dir = padapatha_dir if padapatha is None else None
        #: parts of the index an answer path asked for before they were ready (``padapatha``); the
        #: page's bridge clears it before a question and says so after one (pyapp.bridge.ask)
        self.skipped_parts: Set[str] = set()
        self._pada_docs: Optional[np.ndarray] = None
        self._pada_prep: Optional[Iterator[None]] = None  # the one preparation (padapatha_steps)
        self.terms = terms if terms is not None else TermLexicon.empty()
        self.text_index = text_index
        self.vector_index = vector_index
        self.encoder = encoder
        self.rrf_k = rrf_k
        self.n_docs = len(index.verses)
        starts = getattr(index, "hymn_starts", None)  # RigvedaIndex's: no Verse made (pyapp.verse_table)
        self.layout = (HymnLayout.from_starts(starts, self.n_docs) if starts is not None
                       else HymnLayout([(v.mandala, v.hymn) for v in index.verses]))
        self.vector_note = "" if self.has_vectors else "meaning vectors are not loaded"

    @property
    def padapatha(self) -> Optional[PadapathaIndex]:
        """The padapāṭha word index, or ``None`` (the build had none, or it is still being prepared:
        then the asking is noted in ``skipped_parts``, so the answer can say it went without)."""
        if self._padapatha is None and self._pada_dir is not None:
            self.skipped_parts.add(PADAPATHA)
        return self._padapatha

    @padapatha.setter
    def padapatha(self, value: Optional[PadapathaIndex]) -> None:
        self._padapatha, self._pada_dir, self._pada_docs = value, None, None

    @property
    def padapatha_pending(self) -> bool:
        return self._padapatha is None and self._pada_dir is not None

    def padapatha_steps(self, slice_size: int = 600) -> Iterator[None]:
        """Load and prepare the padapāṭha left out of the load (``Searcher.load(padapatha_later=True)``),
        yielding between slices of ~10–30 ms of CPython; it is used once whole (issue 21: "ready" does not
        wait for it, and a question asked meanwhile goes on without it). A failure leaves it out.

        One preparation, shared: the page's slices (``bridge.prepare_later``) and ``padapatha_now`` advance
        the same iterator, so a question that cannot be answered without it finishes the work already
        done instead of starting it again."""
        if self._pada_prep is None:
            self._pada_prep = self._prepare_padapatha(slice_size)
        return self._pada_prep

    def padapatha_now(self) -> Optional[PadapathaIndex]:
        """The padapāṭha for an answer that is nothing without it (word by word, the grammar of a word,
        a recitation pattern): finished at once if it is still being prepared (~1 s of Pyodide, once),
        because "not in the index" would be untrue and a plain verse summary would not answer."""
        if self.padapatha_pending:
            for _ in self.padapatha_steps():
                pass
        return self._padapatha

    def _prepare_padapatha(self, slice_size: int) -> Iterator[None]:
        directory = self._pada_dir
        if directory is None:
            return
        try:
            pada = PadapathaIndex.load(directory, self.index)
            yield
            if pada is not None:
                yield from pada.build_steps(slice_size)
        except Exception:  # noqa: BLE001 - an unreadable padapāṭha: answers go on without it, as before
            pada = None
        if self._pada_dir == directory:  # not replaced meanwhile
            self.padapatha = pada

    @property
    def has_vectors(self) -> bool:
        return self.vector_index is not None and self.encoder is not None

    @classmethod
    def load(cls, directory: str, vectors: bool = True, padapatha_later: bool = False) -> "Searcher":
        """Load verses, the text index and (if present and wanted) the vectors and the encoder.
        ``padapatha_later``: leave the padapāṭha to ``padapatha_steps`` (the page, after "ready")."""
        from pyapp.index import RigvedaIndex

        index = RigvedaIndex.load(directory)
        text_index = TextIndex.load(directory)
        vector_index = encoder = None
        note = "meaning search switched off"
        if vectors:
            try:
                from pyapp.embed.encoder import MiniLMEncoder
                from pyapp.search.vector import VectorIndex

                vector_index = VectorIndex.load(directory)
                encoder = MiniLMEncoder.load(directory)
            except Exception as exc:  # noqa: BLE001 - any failure means: keyword search only
                vector_index = encoder = None
                note = f"meaning search unavailable ({str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__})"
        terms = TermLexicon.load(directory)
        searcher = cls(index, text_index, vector_index, encoder, terms=terms,
                       padapatha=None if padapatha_later else PadapathaIndex.load(directory, index),
                       padapatha_dir=directory if padapatha_later else None)
        terms.attach_corpus(text_index.sanskrit_forms, text_index.is_griffith_english, searcher.about_corpus_word)
        if not searcher.has_vectors:
            searcher.vector_note = note
        return searcher

    def about_corpus_word(self, key: str, sa_terms: List[str]) -> Tuple[List[str], str]:
        """What can be said of a word of the hymns the term lexicon lacks: Griffith's words beside it
        (``griffith_words_for``) and the verb form its ending clearly shows (``ending_of``). Remembered per word
        (and per whether the padapāṭha is ready): a question's terms are read several times in one turn."""
        cache: Dict[Tuple[str, Tuple[str, ...], bool], Tuple[List[str], str]] = self.__dict__.setdefault("_about_words", {})
        slot = (key, tuple(sa_terms), self._padapatha is not None)
        if slot not in cache:
            if len(cache) > 512:
                cache.clear()
            cache[slot] = (self.griffith_words_for(sa_terms), self.ending_of(key))
        learned, ending = cache[slot]
        return list(learned), ending

    def ending_of(self, key: str) -> str:
        """The verb form a folded word's ending clearly shows, read with the padapāṭha's counts when it is
        ready (never waited for, never noted as skipped: this is an extra), "" when no reading stands out
        or the word's padapāṭha spelling is unknown. A noun's case is left out: it says little of meaning."""
        pada = self._padapatha
        if pada is None:
            return ""
        try:
            from pyapp.agents import word_grammar

            spelled = self._pada_spellings(pada).get(key)
            readings = word_grammar.analyse(spelled, pada) if spelled else []
        except Exception:  # noqa: BLE001 - no reading is no sentence
            return ""
        if not readings or readings[0].kind != "verb" or readings[0].score < 3:
            return ""
        others = [r.score for r in readings[1:] if r.kind != "verb" or r.tense != readings[0].tense]
        if others and readings[0].score < 2 * max(others):
            return ""
        return word_grammar.describe(readings[0])

    def _pada_spellings(self, pada: PadapathaIndex) -> Dict[str, str]:
        """folded key → the padapāṭha's most frequent spelling of it (dhimahi → dhīmahi), made once."""
        cached = getattr(self, "_spellings", None)
        if cached is None or cached[0] is not pada:
            from pyapp.agents.word_grammar import vocabulary
            from pyapp.search.translit import fold_sanskrit

            best: Dict[str, Tuple[int, str]] = {}
            for form, count in vocabulary(pada).items():
                folded = fold_sanskrit(form)
                if count > best.get(folded, (0, ""))[0]:
                    best[folded] = (count, form)
            cached = (pada, {k: v[1] for k, v in best.items()})
            self._spellings = cached
        return cached[1]

    def griffith_words_for(self, sa_terms: List[str], limit: int = 3) -> List[str]:
        """Griffith's words most tied to these Sanskrit forms (``TextIndex.associated_english``), as he
        wrote them (the index keeps stems: "excel" is shown as "excellent", from the verses themselves)."""
        try:
            docs, stems = self.text_index.associated_english(sa_terms, limit * 3)
        except Exception:  # noqa: BLE001 - a word with no learned rendering is still a word of the hymns
            return []
        from pyapp.search.text import english_words, stem

        surfaces: Dict[str, str] = {}
        plain: Set[str] = set()  # stems Griffith also writes in lower case: not only a god's or a people's name
        for doc in docs[:60]:
            for word, is_name in english_words(getattr(self.index.verses[int(doc)], "translation", "") or ""):
                key = stem(word)
                if key in stems:
                    surfaces.setdefault(key, word)
                    if not is_name:
                        plain.add(key)
        return [surfaces.get(key, key) for key in stems if key in plain][:limit]

    def attach_vectors(self, directory: str) -> str:
        """Load meaning search into this searcher after it started without it (the page downloads
        the encoder and the vectors after "ready": corpus_build/boot_order.py). Returns "" when
        meaning search is on, else why not (also kept in ``vector_note``)."""
        if self.has_vectors:
            return ""
        try:
            from pyapp.embed.encoder import MiniLMEncoder
            from pyapp.search.vector import VectorIndex

            vector_index = VectorIndex.load(directory)
            encoder = MiniLMEncoder.load(directory)
        except Exception as exc:  # noqa: BLE001 - any failure means: keyword search only
            self.vector_note = f"meaning search unavailable ({str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__})"
            return self.vector_note
        self.vector_index, self.encoder, self.vector_note = vector_index, encoder, ""
        return ""

    # ---- scores -------------------------------------------------------------------------------
    def text_scores(self, query: str, language: Optional[str] = None) -> np.ndarray:
        """BM25 of the query; a Sanskrit term inside an English question ("What is ṛta?") also
        scores its inflected forms in the Sanskrit field and Griffith's renderings of it. The
        Sanskrit words (a quotation, or the terms and IAST words of an English question) are also
        matched against the padapāṭha, which finds a stem or another inflected form of a word and
        words the saṃhitā text fuses by sandhi (see :meth:`pada_scores`)."""
        if language is None:
            language = self.text_index.detect_language(query)[0]
        scores = self.text_index.scores(query, language)
        sanskrit = ""
        if language == "sanskrit":
            sanskrit = quotation_part(query)
        else:
            hits = self.terms.find_terms(query, names=True)  # names too: "nirRti" is not Griffith's spelling
            if hits:
                scores = scores + term_query_scores(self.text_index, hits)
            # only words the Sanskrit field does not have as typed (a stem, an unseen form): a word it
            # has (a god's name like "Surya") is already scored, and more weight would skew English ranking
            words = [h.matched for h in hits if h.matched]
            words += [w for w in query.split() if has_iast_diacritics(w) and w not in words]
            sa_ids = self.text_index.sa.ids
            sanskrit = " ".join(w for w in words if not all(k in sa_ids for k in sanskrit_words(w)))
        return self._with_padapatha(scores, sanskrit, PADA_SHARE if language == "sanskrit" else PADA_SHARE_IN_ENGLISH)

    def pada_scores(self, sanskrit: str) -> Optional[np.ndarray]:
        """Per-verse padapāṭha score of Sanskrit words (0 where none matched), or ``None`` without a
        padapāṭha or a match."""
        if not sanskrit.strip() or self.padapatha is None:
            return None
        found = self.padapatha.scores(sanskrit)
        if not found:
            return None
        if self._pada_docs is None:
            ids = [self.index.doc_id(ref) for ref in self.padapatha.refs]
            self._pada_docs = np.asarray([-1 if i is None else i for i in ids], dtype=np.intp)
        out = np.zeros(self.n_docs, dtype=np.float64)
        positions = np.fromiter(found.keys(), dtype=np.intp, count=len(found))
        values = np.fromiter(found.values(), dtype=np.float64, count=len(found))
        docs = self._pada_docs[positions]
        keep = docs >= 0
        out[docs[keep]] = values[keep]
        return out if out.any() else None

    def _with_padapatha(self, scores: np.ndarray, sanskrit: str, share: float) -> np.ndarray:
        """``scores`` plus the padapāṭha's, scaled to at most ``share`` of the best BM25 score (alone
        when BM25 found nothing: a stem typed that the text only has inflected)."""
        pada = self.pada_scores(sanskrit)
        if pada is None:
            return scores
        best = float(scores.max()) if scores.size else 0.0
        scaled = pada / float(pada.max())
        return scores + (share * best * scaled if best > 0 else scaled)

    def vector_scores(self, query: str) -> np.ndarray:
        qvec = np.asarray(self.encoder.encode([query]), dtype=np.float32)[0]
        return np.asarray(self.vector_index.scores(qvec), dtype=np.float64)

    def fused_scores(self, query: str, weights: Optional[FusionWeights] = None,
                     language: Optional[str] = None) -> Tuple[np.ndarray, float, str]:
        """Hybrid scores (see :mod:`pyapp.search.hybrid`), the best possible score, and the language.

        Without explicit weights the query's language picks them: Sanskrit leans on keywords.
        """
        if language is None:
            language = self.text_index.detect_language(query)[0]
        if weights is None:
            weights = SANSKRIT_WEIGHTS if language == "sanskrit" else ENGLISH_WEIGHTS
        text = self.text_scores(query, language)
        vector = self.vector_scores(query) if self.has_vectors and (weights.vector > 0 or weights.hymn_vector > 0) else None
        fused, ceiling = fuse(text, vector, self.layout, weights, self.rrf_k)
        return fused, ceiling, language

    # ---- public -------------------------------------------------------------------------------
    def search(self, query: str, method: str = "auto", k: int = 10) -> SearchResponse:
        """Search the RigVeda; never raises (``success=False`` + a one-line ``error`` instead)."""
        query = (query or "").strip() if isinstance(query, str) else ""
        try:
            k = max(1, min(int(k), MAX_K))
        except (TypeError, ValueError):
            k = 10
        try:
            return self._search(query, method, k)
        except Exception as exc:  # noqa: BLE001 - the agents must get a response, not a traceback
            first = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
            return self._fail(query, "hybrid", f"search failed: {first}")

    def _search(self, query: str, method: str, k: int) -> SearchResponse:
        if method not in METHODS:
            return self._fail(query, "hybrid", f"unknown search method {method!r}: use one of {', '.join(METHODS)}")
        if not query:
            return self._fail(query, "hybrid" if method == "auto" else method,
                              "empty query: type a question, a verse reference or Sanskrit words")
        if method == "auto":
            choice = choose(query, self.text_index, self.has_vectors)
            return self._run(query, choice, k)
        if method == "bookContext":
            return self._lookup(query, parse_reference(query), "verse reference lookup")
        if method in ("vector", "hybrid") and not self.has_vectors:
            if method == "vector":
                return self._fail(query, "vector", f"vector search unavailable: {self.vector_note}")
            return self._ranked(query, "text", self.text_scores(query), k,
                                f"hybrid requested but {self.vector_note}: keyword search only", None)
        if method == "text":
            return self._ranked(query, "text", self.text_scores(query), k, "keyword search (BM25)", None)
        if method == "vector":
            scores = self.vector_scores(query)
            return self._ranked(query, "vector", scores, k, "meaning search (cosine)", np.clip(scores, 0.0, 1.0))
        fused, ceiling, language = self.fused_scores(query)
        reason = "keyword and meaning search fused by rank" + (" (Sanskrit: keywords weighted up)" if language == "sanskrit" else "")
        return self._ranked(query, "hybrid", fused, k, reason, fused / ceiling)

    def _run(self, query: str, choice: AutoChoice, k: int) -> SearchResponse:
        if choice.method == "bookContext":
            found = self._lookup(query, choice.reference, choice.reason)
            if found.success or choice.reference is None:
                return found
            return self._quoted_instead(query, choice.reference, found, k) or found
        quotation = query if choice.language == "sanskrit" else None
        if choice.method == "text":
            return self._ranked(query, "text", self.text_scores(query, choice.language), k, choice.reason, None,
                                quotation)
        fused, ceiling, _ = self.fused_scores(query, choice.weights, choice.language)
        return self._ranked(query, "hybrid", fused, k, choice.reason, fused / ceiling, quotation)

    def _quoted_instead(self, query: str, parsed: ParsedReference, failed: SearchResponse,
                        k: int) -> Optional[SearchResponse]:
        """A reference that does not exist beside words of a verse ("… garutmān (RV 1.644.6)"): readers
        copy quotations with mistyped numbers, so the words are searched as a Sanskrit quotation and
        the reader is told that the number named no verse. Only when the rest is Sanskrit of at least
        three words: a plain wrong reference still gets its plain message."""
        rest = quotation_part(" ".join(query.replace(parsed.text, " ", 1).split())) if parsed.text else ""
        if len(rest.split()) < 3:
            return None
        language, _ = self.text_index.detect_language(rest)
        if language != "sanskrit":
            return None
        fused, ceiling, _ = self.fused_scores(rest, None, language)
        found = self._ranked(rest, "hybrid", fused, k, "the reference named no verse: its quoted words were "
                             "searched instead", fused / ceiling, rest)
        if not found.results:
            return None
        found.notice = f"{failed.error}; the words you quoted were looked up instead."
        return found

    # ---- helpers ------------------------------------------------------------------------------
    def _fail(self, query: str, search_type: str, error: str) -> SearchResponse:
        return SearchResponse(success=False, error=error, results=[], search_type=search_type, search_term=query)

    def _lookup(self, query: str, parsed: Optional[ParsedReference], reason: str) -> SearchResponse:
        if parsed is None:
            return self._fail(query, "bookContext", f"no verse reference found in {query[:80]!r}: {REFERENCE_HINT}")
        found = resolve(parsed, self.index)
        if isinstance(found, str):
            return SearchResponse(success=False, error=found, search_type="bookContext",
                                  search_term=query, method_reason=reason)
        if parsed.level == "mandala":
            reason = (f"{reason}; mandala {parsed.mandala} has {self.index.hymn_count(parsed.mandala)} hymns, "
                      f"showing hymn {parsed.mandala}.1")
        results = [to_result(verse, 1.0) for verse in found]
        return SearchResponse(success=True, results=results, search_type="bookContext",
                              search_term=query, method_reason=reason)

    def _ranked(self, query: str, search_type: str, scores: np.ndarray, k: int, reason: str,
                relevance: Optional[np.ndarray], quotation: Optional[str] = None) -> SearchResponse:
        """Top-k documents with a positive score; relevance is given or scores / best score. For a
        Sanskrit ``quotation`` the verses that contain it verbatim are moved to the front."""
        if quotation:
            # verses holding the quotation's own words, found inside its letters (a long joined
            # saṃhitā line is one "word" the index has never seen): they join the pool
            verbatim = self.text_index.verbatim_scores(joined(quotation))
            if verbatim is not None:
                scores = scores + VERBATIM_SHARE * verbatim * (float(scores.max()) if scores.size and scores.max() > 0 else 1.0)
        order = top_indices(scores, max(k, QUOTE_POOL) if quotation else k, minimum=0.0)
        if quotation and order.size:
            texts = [self.index.verses[int(i)].roman for i in order]
            order = np.asarray([order[j] for j in rerank(quotation, texts, [float(scores[int(i)]) for i in order])][:k])
        if relevance is None:
            best = float(scores[order[0]]) if order.size else 1.0
            relevance = scores / best if best > 0 else scores
        results = [to_result(self.index.verses[int(i)], float(relevance[int(i)])) for i in order]
        if not results:
            reason = f"{reason}; no verse matched"
        return SearchResponse(success=True, results=results, search_type=search_type,
                              search_term=query, method_reason=reason)


__all__ = ["Searcher", "SOURCE", "METHODS", "verse_title", "to_result"]
