"""Cosine search over the int8-quantised MiniLM verse vectors (``vectors/*.npy``, built by H2).

Row i of ``verse_vectors.npy`` (int8, N x 384) times ``verse_scales.npy[i] / 127`` is the unit
vector of doc id i, so for a unit query ``x`` the cosine is ``(Q @ x) * scales / 127``: one
float32 matrix-vector product over 10,552 rows. The int8 matrix (4 MB on the wire) is widened to
float32 with the scales folded in once at load (16 MB in memory), so a query does no per-call
conversion: ~4 M multiply-adds, well under a millisecond in CPython.
"""
from __future__ import annotations

import os
from typing import Dict, List, Tuple

import numpy as np

_CACHE: Dict[str, "VectorIndex"] = {}


def _resolve_dir(path: str) -> str:
    """Accept the index directory (``.../index``) or its ``vectors`` sub-directory."""
    sub = os.path.join(path, "vectors")
    return sub if os.path.isfile(os.path.join(sub, "verse_vectors.npy")) else path


class VectorIndex:
    """Doc-id aligned unit vectors; ``scores(query_vec)`` -> cosine per doc id (float32, N)."""

    def __init__(self, vectors: np.ndarray, scales: np.ndarray) -> None:
        if vectors.ndim != 2 or scales.shape != (vectors.shape[0],):
            raise ValueError(f"vector files disagree: vectors {vectors.shape}, scales {scales.shape}")
        # Fold the per-row scale into the matrix once, so a query is one product and no rescale.
        self.matrix = np.ascontiguousarray(vectors.astype(np.float32) * (scales.astype(np.float32) / np.float32(127.0))[:, None])
        self.size, self.dims = self.matrix.shape

    @classmethod
    def load(cls, path: str) -> "VectorIndex":
        """Load once per process from the index directory or its ``vectors/`` sub-directory."""
        vec_dir = os.path.abspath(_resolve_dir(str(path)))
        cached = _CACHE.get(vec_dir)
        if cached is not None:
            return cached
        vec_path = os.path.join(vec_dir, "verse_vectors.npy")
        if not os.path.isfile(vec_path):
            raise FileNotFoundError(f"no verse vectors found at {path} (expected vectors/verse_vectors.npy)")
        vectors = np.load(vec_path, allow_pickle=False)
        scales = np.load(os.path.join(vec_dir, "verse_scales.npy"), allow_pickle=False)
        if vectors.dtype != np.int8 or scales.dtype != np.float32:
            raise ValueError(f"unexpected vector dtypes {vectors.dtype}/{scales.dtype} (want int8/float32)")
        index = cls(vectors, scales)
        _CACHE[vec_dir] = index
        return index

    def scores(self, query_vec: np.ndarray) -> np.ndarray:
        """Cosine of every doc with ``query_vec`` (normalised here, so any non-zero vector works)."""
        q = np.asarray(query_vec, dtype=np.float32).reshape(-1)
        if q.shape[0] != self.dims:
            raise ValueError(f"query vector has {q.shape[0]} dims, the index has {self.dims}")
        norm = float(np.sqrt(q @ q))
        if not np.isfinite(norm) or norm == 0.0:
            return np.zeros(self.size, dtype=np.float32)
        return self.matrix @ (q / np.float32(norm))

    def top_k(self, query_vec: np.ndarray, k: int = 10) -> List[Tuple[int, float]]:
        """The ``k`` best (doc id, cosine), best first; ties keep the lower doc id first."""
        scores = self.scores(query_vec)
        k = max(0, min(int(k), self.size))
        if k == 0:
            return []
        part = np.argpartition(-scores, k - 1)[:k] if k < self.size else np.arange(self.size)
        order = part[np.lexsort((part, -scores[part]))]
        return [(int(i), float(scores[i])) for i in order]
