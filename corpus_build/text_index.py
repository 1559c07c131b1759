"""Build step ``text``: precomputed BM25 rows for the English and Sanskrit fields (``text/*``).

What it writes (read by ``pyapp.search.text.TextIndex.load``):
  text/meta.json            format, BM25 parameters, doc count, per-field stats
  text/vocab.json           {"en": [sorted terms], "sa": [sorted terms], "names": {key: [en terms]}}
  text/vocab.txt            the same as lines (pyapp.search.vocab_lines): what the page reads; vocab.json is lazy
  text/{en,sa}_indptr.npy   int32, len(vocab)+1: row start of each term
  text/{en,sa}_docs.npy     uint16 (int32 if > 65535 verses): doc ids, ascending within a row
  text/{en,sa}_weights.npy  float32: the BM25 weight of (term, doc)

Why rank-bm25 here: the weights are rank-bm25 0.2.2's ``BM25Okapi`` idf and length normalisation,
so the statistics come from the reference implementation itself rather than a re-derivation;
run time only adds rows. Tokenisers are imported from ``pyapp.search.text`` so build and query
tokenise identically.

Why indic-transliteration (sanscript) here: it is the reference Devanagari → IAST converter. The
run-time converter (``pyapp.search.translit.deva_to_iast``) cannot use it in Pyodide, so the build
refuses to write an index if the two disagree on any verse of this corpus (a corpus with new
characters would otherwise make Devanagari queries silently miss).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

import numpy as np

from pyapp.search.text import (
    B, EPSILON, FIELDS, FORMAT_VERSION, K1, META_FILE, TEXT_DIR, VOCAB_FILE,
    english_doc_tokens, english_words, sanskrit_doc_tokens, stem,
)
from pyapp.search import vocab_lines
from pyapp.search.translit import deva_to_iast, fold_sanskrit, sanskrit_words

Progress = Callable[[str, int, int], None]


class TextIndexBuildError(Exception):
    """One-line reason the text index cannot be built."""


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_transliteration(records: Sequence[object], progress: Progress) -> int:
    """Compare the run-time Devanagari → IAST converter with sanscript on every verse.

    Returns the number of verses checked (0 if indic-transliteration is not installed: the
    unit test ``test_translit.py`` still enforces parity in CI).
    """
    try:
        from indic_transliteration import sanscript
    except ImportError:
        return 0
    total = len(records)
    for number, record in enumerate(records, start=1):
        text = record.sanskrit_plain  # type: ignore[attr-defined]
        expected = sanscript.transliterate(text, sanscript.DEVANAGARI, sanscript.IAST)
        got = deva_to_iast(text)
        if got != expected:
            raise TextIndexBuildError(
                f"verse {record.ref}: run-time transliteration {got[:40]!r} differs from sanscript "  # type: ignore[attr-defined]
                f"{expected[:40]!r}; extend pyapp/search/translit.py"
            )
        if number % 2000 == 0 or number == total:
            progress("transliteration parity", number, total)
    return total


def bm25_rows(docs: List[List[str]]) -> Tuple[List[str], np.ndarray, np.ndarray, np.ndarray, Dict[str, float]]:
    """CSR (sorted vocab, indptr, doc ids, weights) of rank-bm25 BM25Okapi term weights."""
    from rank_bm25 import BM25Okapi

    model = BM25Okapi(docs, k1=K1, b=B, epsilon=EPSILON)
    vocab = sorted(model.idf)
    term_ids = {term: i for i, term in enumerate(vocab)}
    rows_t: List[int] = []
    rows_d: List[int] = []
    rows_tf: List[int] = []
    for doc_id, freqs in enumerate(model.doc_freqs):
        for term, tf in freqs.items():
            rows_t.append(term_ids[term])
            rows_d.append(doc_id)
            rows_tf.append(tf)
    t = np.asarray(rows_t, dtype=np.int64)
    d = np.asarray(rows_d, dtype=np.int64)
    tf = np.asarray(rows_tf, dtype=np.float64)
    doc_len = np.asarray(model.doc_len, dtype=np.float64)
    idf = np.asarray([model.idf[term] for term in vocab], dtype=np.float64)
    # exactly BM25Okapi.get_scores' per-term expression
    weights = idf[t] * (tf * (K1 + 1) / (tf + K1 * (1 - B + B * doc_len[d] / model.avgdl)))
    order = np.lexsort((d, t))
    t, d, weights = t[order], d[order], weights[order]
    indptr = np.zeros(len(vocab) + 1, dtype=np.int64)
    np.add.at(indptr, t + 1, 1)
    indptr = np.cumsum(indptr)
    if indptr[-1] >= 2**31:
        raise TextIndexBuildError("text index too large for int32 offsets")
    doc_dtype = np.uint16 if len(docs) <= 65535 else np.int32
    stats = {"avgdl": float(model.avgdl), "terms": len(vocab), "postings": int(indptr[-1])}
    return vocab, indptr.astype(np.int32), d.astype(doc_dtype), weights.astype(np.float32), stats


def english_document(translation: str, addressee: str) -> List[str]:
    """Griffith's verse plus the hymn's addressee ("the origin of things", "Vac (speech)")."""
    return english_doc_tokens(translation) + english_doc_tokens(addressee)


def sanskrit_document(roman_plain: str, sanskrit_plain: str) -> List[str]:
    """The verse's folded IAST words, plus its Devanagari chunks (words joined by sandhi) as keys.

    People paste Devanagari as printed, with words run together ("नासदासीन्नो"); indexing those
    joined forms too makes a pasted line match exactly, without guessing the word split.
    """
    words = sanskrit_doc_tokens(roman_plain)
    known = set(words)
    joined = [key for key in sanskrit_words(sanskrit_plain) if key not in known]
    return words + joined


def name_keys(texts: Sequence[str]) -> Dict[str, List[str]]:
    """Sanskrit folding key → English index terms of capitalised / diacritic words with that key."""
    groups: Dict[str, set] = {}
    for text in texts:
        for word, is_name in english_words(text):
            if not is_name:
                continue
            term = stem(word)
            groups.setdefault(fold_sanskrit(term), set()).add(term)
    return {key: sorted(terms) for key, terms in sorted(groups.items()) if key}


def build_text_index(records: List[object], out_dir: Path, progress: Progress) -> Dict[str, str]:
    """Write ``text/*`` under ``out_dir``; return {relative path: sha256}. Deterministic."""
    check_transliteration(records, progress)
    total = len(records)
    en_docs: List[List[str]] = []
    sa_docs: List[List[str]] = []
    name_texts: List[str] = []
    for number, record in enumerate(records, start=1):
        translation = record.translation or ""  # type: ignore[attr-defined]
        addressee = record.hymn_addressee or ""  # type: ignore[attr-defined]
        en_docs.append(english_document(translation, addressee))
        sa_docs.append(sanskrit_document(record.roman_plain, record.sanskrit_plain))  # type: ignore[attr-defined]
        name_texts.append(translation)
        name_texts.append(addressee)
        if number % 2000 == 0 or number == total:
            progress("tokenise", number, total)
    base = out_dir / TEXT_DIR
    base.mkdir(parents=True, exist_ok=True)
    written: Dict[str, str] = {}
    vocab: Dict[str, object] = {}
    field_stats: Dict[str, Dict[str, float]] = {}
    for step, (field, docs) in enumerate(zip(FIELDS, (en_docs, sa_docs)), start=1):
        terms, indptr, doc_ids, weights, stats = bm25_rows(docs)
        vocab[field] = terms
        field_stats[field] = stats
        for part, array in (("indptr", indptr), ("docs", doc_ids), ("weights", weights)):
            path = base / f"{field}_{part}.npy"
            np.save(path, array, allow_pickle=False)
            written[f"{TEXT_DIR}/{path.name}"] = _sha256(path)
        progress("bm25 fields", step, len(FIELDS))
    en_vocab = set(vocab["en"])  # type: ignore[arg-type]
    names = {key: [t for t in terms if t in en_vocab] for key, terms in name_keys(name_texts).items()}
    vocab["names"] = {key: terms for key, terms in names.items() if terms}
    meta = {
        "format": FORMAT_VERSION, "algorithm": "BM25Okapi (rank-bm25 0.2.2 statistics)",
        "k1": K1, "b": B, "epsilon": EPSILON, "n_docs": total,
        "en": "translation + hymn addressee; stopwords out, Snowball English stems, light diacritic fold",
        "sa": "roman_plain words + joined Devanagari chunks, folded by pyapp.search.translit.fold_sanskrit",
        "fields": field_stats,
    }
    for name, obj in ((META_FILE, meta), (VOCAB_FILE, vocab)):
        path = base / name
        path.write_bytes(json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8"))
        written[f"{TEXT_DIR}/{name}"] = _sha256(path)
    # the page's form of vocab.json: lines, no JSON to parse at boot (pyapp.search.vocab_lines)
    path = base / vocab_lines.FILE_NAME
    path.write_bytes(vocab_lines.encode(vocab))
    written[f"{TEXT_DIR}/{vocab_lines.FILE_NAME}"] = _sha256(path)
    return dict(sorted(written.items()))
