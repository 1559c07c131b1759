"""Cosine search over the 4-bit MiniLM verse vectors (``vectors/*.npy``, built by corpus_build.vectors).

Row i of ``verse_vectors.npy`` (uint8, N x 192) holds 384 signed 4-bit codes (-7..7), two a byte:
the even dimension in the low nibble, the odd one in the high nibble, each stored as code + 8. The
codes times ``verse_scales.npy[i]`` are the unit vector of doc id i, so for a unit query ``x`` the
cosine is ``(codes @ x) * scales``. The packed matrix (2 MB on the wire; it was 4 MB as int8, issue
21) is unpacked to float32 with the scales folded in once at load, in blocks of rows so the peak
is the 16 MB matrix plus one block, and a query does no per-call conversion: one float32
matrix-vector product over 10,552 rows, well under a millisecond in CPython.

The dtype is the format: int8 files (the format before) are refused with "rebuild the index", so
an upgrade cannot read new code against old vectors (the manifest's ``model.quantization`` says
``int4-per-row-packed``).
"""
from __future__ import annotations

import os
from typing import Dict, List, Tuple

import numpy as np

from pyapp.search.int4 import unpack_int4

_CACHE: Dict[str, "VectorIndex"] = {}


def _resolve_dir(path: str) -> str:
    """Accept the index directory (``.../index``) or its ``vectors`` sub-directory."""
    sub = os.path.join(path, "vectors")
    return sub if os.path.isfile(os.path.join(sub, "verse_vectors.npy")) else path


_BLOCK = 1024  # rows unpacked at a time


class VectorIndex:
    """Doc-id aligned unit vectors; ``scores(query_vec)`` -> cosine per doc id (float32, N)."""

    def __init__(self, packed: np.ndarray, scales: np.ndarray) -> None:
        if packed.ndim != 2 or scales.shape != (packed.shape[0],):
            raise ValueError(f"vector files disagree: vectors {packed.shape}, scales {scales.shape}")
        # Unpack and fold the per-row scale into the matrix once, so a query is one product and no rescale.
        self.matrix = np.empty((packed.shape[0], packed.shape[1] * 2), dtype=np.float32)
        for start in range(0, packed.shape[0], _BLOCK):
            rows = slice(start, start + _BLOCK)
            self.matrix[rows] = unpack_int4(packed[rows]) * scales[rows].astype(np.float32)[:, None]
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
        if vectors.dtype != np.uint8 or scales.dtype != np.float32:
            raise ValueError(f"verse vectors are {vectors.dtype}/{scales.dtype}, this app needs packed 4-bit "
                             "uint8/float32: rebuild the index")
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
