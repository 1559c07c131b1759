"""Meaning search: ``VectorIndex`` scoring on synthetic data, the build's vector files, and a
real query through the numpy encoder against the built index."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from corpus_build.corpus import load_corpus
from corpus_build.vectors import build_vectors, mix_hymns, quantize, verse_text
from pyapp.embed.encoder import MiniLMEncoder
from pyapp.search.int4 import pack_int4, unpack_int4
from pyapp.search.vector import VectorIndex


def _unit_rows(n: int, dims: int = 384, seed: int = 0) -> np.ndarray:
    rows = np.random.default_rng(seed).standard_normal((n, dims)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _write(tmp_path: Path, vectors: np.ndarray) -> Path:
    q, scales = quantize(vectors)
    (tmp_path / "vectors").mkdir()
    np.save(tmp_path / "vectors" / "verse_vectors.npy", q)
    np.save(tmp_path / "vectors" / "verse_scales.npy", scales)
    return tmp_path


def test_scores_are_cosines_within_quantisation_error(tmp_path: Path) -> None:
    vectors = _unit_rows(500)
    index = VectorIndex.load(str(_write(tmp_path, vectors)))
    assert VectorIndex.load(str(tmp_path / "vectors")) is index  # cached, either directory form
    query = _unit_rows(1, seed=1)[0]
    scores = index.scores(query)
    assert scores.shape == (500,) and scores.dtype == np.float32
    # 4-bit codes (15 levels a row): a cosine is off by at most a few hundredths (0.01 was int8's bound)
    assert np.abs(scores - vectors @ query).max() < 0.03
    assert np.allclose(index.scores(3.0 * query), scores, atol=1e-6)  # any query scale
    assert np.allclose(np.linalg.norm(index.matrix, axis=1), 1.0, atol=1e-5)


def test_top_k_returns_best_first_and_finds_each_row(tmp_path: Path) -> None:
    vectors = _unit_rows(300, seed=2)
    index = VectorIndex.load(str(_write(tmp_path, vectors)))
    for doc_id in (0, 17, 299):
        top = index.top_k(vectors[doc_id], 5)
        assert top[0][0] == doc_id and top[0][1] > 0.99
        assert [s for _, s in top] == sorted((s for _, s in top), reverse=True)
    assert len(index.top_k(vectors[0], 1000)) == 300 and index.top_k(vectors[0], 0) == []


def test_bad_inputs_give_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="verse_vectors.npy"):
        VectorIndex.load(str(tmp_path))
    index = VectorIndex.load(str(_write(tmp_path, _unit_rows(10))))
    with pytest.raises(ValueError, match="dims"):
        index.scores(np.ones(3, dtype=np.float32))
    assert not index.scores(np.zeros(384, dtype=np.float32)).any()


def test_four_bit_codes_round_trip_and_cost_half_a_byte() -> None:
    codes = np.random.default_rng(4).integers(-7, 8, size=(5, 384)).astype(np.int8)
    packed = pack_int4(codes)
    assert packed.dtype == np.uint8 and packed.shape == (5, 192)
    assert np.array_equal(unpack_int4(packed), codes.astype(np.float32))


def test_quantised_rows_are_unit_vectors_close_to_the_originals() -> None:
    vectors = _unit_rows(200, seed=5)
    vectors[7] = 0.0
    vectors[7, 3] = 1.0  # one spike: the step follows the row's absmax, the spike survives
    packed, scales = quantize(vectors)
    rows = unpack_int4(packed) * scales[:, None]
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-5)
    assert (rows * vectors).sum(axis=1).min() > 0.97 and rows[7, 3] > 0.99


def test_int8_vectors_of_an_older_build_are_refused(tmp_path: Path) -> None:
    (tmp_path / "vectors").mkdir()
    np.save(tmp_path / "vectors" / "verse_vectors.npy", np.zeros((4, 384), dtype=np.int8))
    np.save(tmp_path / "vectors" / "verse_scales.npy", np.ones(4, dtype=np.float32))
    with pytest.raises(ValueError, match="rebuild the index"):
        VectorIndex.load(str(tmp_path))


def test_hymn_mixing_pulls_a_hymns_verses_together() -> None:
    records = [SimpleNamespace(mandala=1, hymn=h, ref=f"1.{h}.{v}") for h in (1, 2) for v in (1, 2, 3)]
    vectors = _unit_rows(6, seed=3)
    mixed = mix_hymns(vectors, records, 1.0)
    assert np.allclose(np.linalg.norm(mixed, axis=1), 1.0, atol=1e-6)
    within = lambda v: float(np.mean([v[i] @ v[j] for i in range(3) for j in range(3) if i != j]))  # noqa: E731
    assert within(mixed) > within(vectors) + 0.2
    assert mix_hymns(vectors, records, 0.0) is vectors


def test_verse_text_is_english_and_never_empty() -> None:
    records = load_corpus()
    for record in records:
        text = verse_text(record)
        assert text.strip()
        if record.translation:
            assert record.translation in text


@pytest.mark.slow
def test_build_vectors_is_deterministic(tmp_path: Path) -> None:
    records = load_corpus()[:40]
    first = build_vectors(records, tmp_path / "a", lambda *args: None)
    second = build_vectors(records, tmp_path / "b", lambda *args: None)
    assert first == second and set(first) == {"vectors/verse_vectors.npy", "vectors/verse_scales.npy"}
    vectors = np.load(tmp_path / "a" / "vectors" / "verse_vectors.npy")
    assert vectors.dtype == np.uint8 and vectors.shape == (40, 192)  # 384 4-bit codes, two a byte
    assert hashlib.sha256((tmp_path / "a" / "vectors" / "verse_vectors.npy").read_bytes()).hexdigest() == first[
        "vectors/verse_vectors.npy"]


def test_built_vectors_align_with_the_verses(index_dir: Path) -> None:
    index = VectorIndex.load(str(index_dir))
    verses = json.loads((index_dir / "verses.json").read_text(encoding="utf-8"))["rows"]
    assert index.size == len(verses) and index.dims == 384
    assert np.allclose(np.linalg.norm(index.matrix, axis=1), 1.0, atol=1e-4)


@pytest.mark.parametrize("question, hymn", [
    ("frogs that croak like Brahmins when the rains begin", "7.103"),
    ("the goddess of the forest who seems to vanish from sight", "10.146"),
])
def test_a_question_finds_its_hymn(index_dir: Path, question: str, hymn: str) -> None:
    index = VectorIndex.load(str(index_dir))
    encoder = MiniLMEncoder.load(str(index_dir))
    refs = [row[0] for row in json.loads((index_dir / "verses.json").read_text(encoding="utf-8"))["rows"]]
    top = index.top_k(encoder.encode([question])[0], 10)
    assert any(refs[doc_id].startswith(hymn + ".") for doc_id, _ in top), [refs[d] for d, _ in top]
