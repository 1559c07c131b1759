"""The verse vectors' 4-bit layout, shared by the build (``corpus_build.vectors``) and the search
(``pyapp.search.vector``): one source of truth, in a module of its own so that editing the search
code does not make the build embed every verse again (the vectors step hashes what it imports).

Row layout: D signed codes in -7..7 (one level, -8, is never written), two a byte, code + 8 per
nibble, the even dimension in the low nibble.
"""
from __future__ import annotations

import numpy as np


def pack_int4(codes: np.ndarray) -> np.ndarray:
    """(N, D) int8 codes in -7..7 (D even) -> (N, D/2) uint8, code + 8 per nibble, low nibble first."""
    biased = (np.asarray(codes, dtype=np.int16) + 8).astype(np.uint8)
    return np.ascontiguousarray(biased[:, 0::2] | (biased[:, 1::2] << 4))


def unpack_int4(packed: np.ndarray) -> np.ndarray:
    """(N, D/2) uint8 -> (N, D) float32 codes in -8..7: the inverse of :func:`pack_int4`."""
    out = np.empty((packed.shape[0], packed.shape[1] * 2), dtype=np.float32)
    out[:, 0::2] = packed & 0x0F
    out[:, 1::2] = packed >> 4
    out -= np.float32(8.0)
    return out
