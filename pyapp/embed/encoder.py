"""all-MiniLM-L6-v2 sentence embeddings in numpy only (runs unchanged in CPython and Pyodide).

Implements the sentence-transformers pipeline of the model: BERT embeddings (word + position +
token type 0, LayerNorm) -> 6 post-LN transformer layers (12-head self-attention with padding
mask, exact-erf GELU feed-forward) -> mean pooling over real tokens -> L2 normalisation.
Reference: Devlin et al. 2019 (BERT), Wang et al. 2020 (MiniLM), Reimers & Gurevych 2019 (SBERT).

Why numpy and not onnx/torch: Pyodide 0.27 ships numpy 2.0.2 and nothing heavier; the verse
vectors were computed at build time with PyTorch from the very same checkpoint, so queries land
in the same space (parity is tested: cosine >= 0.99 against PyTorch).

Speed notes: every projection is a 2-D float32 product of ``(tokens x in)`` with a stored
``(out x in)`` matrix; Q/K/V are one fused matrix; no Python loop runs over tokens or heads.
Pyodide's numpy has no BLAS: there ``einsum`` (contiguous inner loops) beats ``@`` by 1.1-1.5x
and the (out x in) layout beats (in x out) by 2.7x (measured); CPython uses BLAS through ``@``.
Weights are dequantised once per process and cached by directory, so a second ``load`` is free.
"""
from __future__ import annotations

import json
import math
import os
import sys
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from .tokenizer import WordPieceTokenizer

_CACHE: Dict[str, "MiniLMEncoder"] = {}
FORMAT = "rvs-minilm-5"  # bump when the file layout changes; a stale export must not load silently
# 5: the word-embedding table may leave out rows no text can reach (its weights.json entry lists them as
# ``"dropped": [[start, stop], ...]`` token-id runs; corpus_build.encoder_export.unreachable_rows): a token id
# is looked up at its row among the kept ones (issue 21: 1,331 rows, 0.2 MB of every first visit).
# 4: any matrix may be NF4 (its weights.json entry says ``"codebook": "nf4", "group": G``), not only the
# word-embedding table: the feed-forward matrices are NF4 in groups of 32 by default (issue 21).
# 3: the word-embedding table may be 4-bit NF4 (config "word_codebook"), two codes a byte, low nibble first,
# one float16 absmax per group of "word_group" values. NF4 (Dettmers et al. 2023, QLoRA): the 16 levels
# are quantiles of a normal distribution, which fits embedding values better than 16 even steps
# (measured on the 50 parity queries, min / mean cosine to PyTorch: int4 per row 0.977 / 0.993,
# int4 groups of 32 0.993 / 0.9975, NF4 groups of 32 0.995 / 0.998; int8 per row 0.997 / 0.9995).
NF4 = np.array([-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453, -0.28444138169288635,
                -0.18477343022823334, -0.09105003625154495, 0.0, 0.07958029955625534, 0.16093020141124725,
                0.24611230194568634, 0.33791524171829224, 0.44070982933044434, 0.5626170039176941,
                0.7229568362236023, 1.0], dtype=np.float32)
_NO_BLAS = sys.platform == "emscripten"


def _linear(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """``x @ weight.T + bias`` for a (tokens x in) ``x`` and an (out x in) ``weight``."""
    if _NO_BLAS:
        return np.einsum("ni,oi->no", x, weight) + bias
    return x @ weight.T + bias


def _erf(x: np.ndarray) -> np.ndarray:
    """erf(x), Abramowitz & Stegun 7.1.26: |error| <= 1.5e-7 (measured 1.4e-7), float32 resolution.

    numpy has no erf and Pyodide has no scipy; ``math.erf`` per element would be a Python loop.
    Parity effect vs the exact erf: query-vector cosine changes by < 1e-6 (tanh GELU: 1.5e-6).
    """
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def gelu(x: np.ndarray) -> np.ndarray:
    """Exact GELU, ``x * Phi(x)``, as BERT's ``hidden_act = "gelu"`` (not the tanh variant)."""
    return (0.5 * x * (1.0 + _erf(x * np.float32(1.0 / math.sqrt(2.0))))).astype(np.float32, copy=False)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    centered = x - mean
    var = (centered * centered).mean(axis=-1, keepdims=True)
    return centered / np.sqrt(var + np.float32(eps)) * weight + bias


def _resolve_dir(path: str) -> str:
    """Accept the index directory (``.../index``) or its ``encoder`` sub-directory."""
    sub = os.path.join(path, "encoder")
    return sub if os.path.isfile(os.path.join(sub, "config.json")) else path


Tensors = Dict[str, Tuple[np.ndarray, Optional[np.ndarray], int]]


def nf4_decode(packed: np.ndarray, absmax: np.ndarray, group: int) -> np.ndarray:
    """NF4 codes (two a byte, low nibble first, along the last axis) and one absmax per ``group``
    values -> float32 of shape ``packed.shape[:-1] + (2 * packed.shape[-1],)``."""
    cols = packed.shape[-1] * 2
    codes = np.empty(packed.shape[:-1] + (cols,), dtype=np.uint8)
    codes[..., 0::2] = packed & 0x0F
    codes[..., 1::2] = packed >> 4
    values = NF4[codes].reshape(packed.shape[:-1] + (cols // group, group))
    values *= absmax.astype(np.float32)[..., None]
    return values.reshape(packed.shape[:-1] + (cols,))


def row_of_ids(vocab_size: int, dropped: Sequence[Sequence[int]], unk_id: int) -> np.ndarray:
    """Token id -> row of a word table stored without the ``dropped`` id runs. An id in a run (which the
    tokenizer never emits) reads the [UNK] row rather than a neighbour's."""
    keep = np.ones(vocab_size, dtype=bool)
    for start, stop in dropped:
        keep[int(start):int(stop)] = False
    if not keep[unk_id]:
        raise ValueError("encoder word table leaves out [UNK]; rebuild the index")
    rows = np.cumsum(keep, dtype=np.int64) - 1
    rows[~keep] = rows[unk_id]
    return rows


def _read_dropped(enc_dir: str) -> List[List[int]]:
    with open(os.path.join(enc_dir, "weights.json"), encoding="utf-8") as fh:
        return list(json.load(fh)["tensors"]["embeddings.word"].get("dropped", []))


def _read_tensors(enc_dir: str) -> Tensors:
    """name -> (stored array, its scale or NF4 absmax or None, NF4 group size or 0)."""
    with open(os.path.join(enc_dir, "weights.json"), encoding="utf-8") as fh:
        index = json.load(fh)
    if index.get("format") != FORMAT:
        raise ValueError(f"encoder weights are format {index.get('format')!r}, this app needs {FORMAT!r}: rebuild the index")
    with open(os.path.join(enc_dir, index["file"]), "rb") as fh:
        blob = fh.read()
    if len(blob) != index["bytes"]:
        raise ValueError(f"encoder weights are truncated ({len(blob)} of {index['bytes']} bytes)")

    def view(entry: dict) -> np.ndarray:
        dtype = np.dtype(entry["dtype"]).newbyteorder("<")
        count = int(np.prod(entry["shape"])) if entry["shape"] else 1
        return np.frombuffer(blob, dtype=dtype, count=count, offset=entry["offset"]).reshape(entry["shape"])

    out: Tensors = {}
    for name, e in index["tensors"].items():
        group = int(e.get("group") or 0) if e.get("codebook") == "nf4" else 0
        if e.get("codebook") not in (None, "nf4") or (e.get("codebook") and (group <= 0 or "scale" not in e)):
            raise ValueError(f"encoder tensor {name}: unknown quantisation {e.get('codebook')!r}; rebuild the index")
        out[name] = (view(e), view(e["scale"]) if "scale" in e else None, group)
    return out


class MiniLMEncoder:
    """Query encoder: ``encode(texts) -> (n, 384) float32``, rows L2-normalised."""

    def __init__(self, config: dict, tokenizer: WordPieceTokenizer, tensors: Tensors,
                 dropped: Sequence[Sequence[int]] = ()) -> None:
        self.config = config
        self.tokenizer = tokenizer
        self.dims = int(config["dims"])
        self.heads = int(config["heads"])
        self.layers = int(config["layers"])
        self.eps = float(config["layer_norm_eps"])
        word, word_scale, word_group = tensors["embeddings.word"]
        vocab_size = int(config.get("vocab_size", word.shape[0]))
        self._row_of = row_of_ids(vocab_size, dropped, tokenizer.unk_id)
        if int(self._row_of.max()) + 1 != word.shape[0]:
            raise ValueError("encoder word table rows do not match the vocabulary; rebuild the index")
        # int8 or NF4 rows are dequantised on lookup: a query touches a few dozen of the 30522 rows.
        self._word = word
        self._word_scale = word_scale
        self._word_nf4 = word_group > 0
        self._word_group = word_group
        if self._word_nf4 and (word_scale is None or self.dims % self._word_group or word.shape[1] * 2 != self.dims):
            raise ValueError("encoder word embeddings: NF4 layout does not match the config; rebuild the index")
        self._pos = tensors["embeddings.position"][0].astype(np.float32)
        self._type0 = tensors["embeddings.token_type"][0][0].astype(np.float32)
        self._emb_ln = (self._f32(tensors, "embeddings.ln.weight"), self._f32(tensors, "embeddings.ln.bias"))
        self._layers: List[Dict[str, np.ndarray]] = []
        for i in range(self.layers):
            p = f"layer.{i}."
            self._layers.append({k: self._f32(tensors, p + k) for k in (
                "qkv.weight", "qkv.bias", "attn_out.weight", "attn_out.bias", "attn_ln.weight", "attn_ln.bias",
                "ffn_in.weight", "ffn_in.bias", "ffn_out.weight", "ffn_out.bias", "ffn_ln.weight", "ffn_ln.bias")})

    @staticmethod
    def _f32(tensors: Tensors, name: str) -> np.ndarray:
        """Dequantise: NF4 matrices carry one absmax per group, int8 ones one scale per row (output
        unit); float16/32 just widen. Done once at load, so a query multiplies float32 only."""
        arr, scale, group = tensors[name]
        if group:
            return np.ascontiguousarray(nf4_decode(arr, scale, group))
        out = arr.astype(np.float32)
        if scale is not None:
            out *= scale[:, None]
        return np.ascontiguousarray(out)

    @classmethod
    def load(cls, path: str) -> "MiniLMEncoder":
        """Load (once per process) from the index directory or its ``encoder/`` sub-directory."""
        enc_dir = os.path.abspath(_resolve_dir(str(path)))
        cached = _CACHE.get(enc_dir)
        if cached is not None:
            return cached
        cfg_path = os.path.join(enc_dir, "config.json")
        if not os.path.isfile(cfg_path):
            raise FileNotFoundError(f"no encoder found at {path} (expected encoder/config.json)")
        with open(cfg_path, encoding="utf-8") as fh:
            config = json.load(fh)
        if config.get("format") != FORMAT:
            raise ValueError(f"encoder files are format {config.get('format')!r}, this app needs {FORMAT!r}: rebuild the index")
        tokenizer = WordPieceTokenizer.from_files(
            os.path.join(enc_dir, "vocab.txt"), max_length=int(config["max_len"]), lowercase=bool(config["lowercase"]),
            max_input_chars_per_word=int(config.get("max_input_chars_per_word", 100)),
        )
        encoder = cls(config, tokenizer, _read_tensors(enc_dir), _read_dropped(enc_dir))
        _CACHE[enc_dir] = encoder
        return encoder

    # -- forward pass ----------------------------------------------------------------------
    def _word_rows(self, ids: np.ndarray) -> np.ndarray:
        """NF4 rows → float32: two codes per byte (low nibble first), one absmax per group."""
        return nf4_decode(self._word[ids], self._word_scale[ids], self._word_group)

    def _embed(self, ids: np.ndarray) -> np.ndarray:
        ids = self._row_of[ids]
        if self._word_nf4:
            tok = self._word_rows(ids)
        elif self._word_scale is not None:
            tok = self._word[ids].astype(np.float32) * self._word_scale[ids][..., None]
        else:
            tok = self._word[ids].astype(np.float32)
        x = tok + self._pos[: ids.shape[1]][None, :, :] + self._type0
        return _layer_norm(x, *self._emb_ln, self.eps)

    def _layer(self, x: np.ndarray, w: Dict[str, np.ndarray], mask_bias: np.ndarray) -> np.ndarray:
        b, n, d = x.shape
        h, hd = self.heads, d // self.heads
        flat = x.reshape(b * n, d)
        qkv = _linear(flat, w["qkv.weight"], w["qkv.bias"]).reshape(b, n, 3, h, hd).transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]  # each (b, h, n, hd)
        scores = (q @ k.transpose(0, 1, 3, 2)) * np.float32(1.0 / math.sqrt(hd)) + mask_bias
        scores -= scores.max(axis=-1, keepdims=True)
        probs = np.exp(scores)
        probs /= probs.sum(axis=-1, keepdims=True)
        ctx = (probs @ v).transpose(0, 2, 1, 3).reshape(b * n, d)
        flat = _layer_norm(flat + _linear(ctx, w["attn_out.weight"], w["attn_out.bias"]),
                           w["attn_ln.weight"], w["attn_ln.bias"], self.eps)
        inter = gelu(_linear(flat, w["ffn_in.weight"], w["ffn_in.bias"]))
        flat = _layer_norm(flat + _linear(inter, w["ffn_out.weight"], w["ffn_out.bias"]),
                           w["ffn_ln.weight"], w["ffn_ln.bias"], self.eps)
        return flat.reshape(b, n, d)

    def _forward(self, batch: Sequence[List[int]]) -> np.ndarray:
        n = max(len(ids) for ids in batch)
        ids = np.zeros((len(batch), n), dtype=np.int64)
        mask = np.zeros((len(batch), n), dtype=np.float32)
        for row, seq in enumerate(batch):
            ids[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1.0
        mask_bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :].astype(np.float32)
        x = self._embed(ids)
        for w in self._layers:
            x = self._layer(x, w, mask_bias)
        pooled = (x * mask[:, :, None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.sqrt((pooled * pooled).sum(axis=1, keepdims=True))
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)

    def encode(self, texts: Sequence[str], batch_size: int = 16) -> np.ndarray:
        """Embed ``texts``: (len(texts), 384) float32, each row unit length (cosine = dot product).

        Texts are grouped by token length so padding stays small; output order = input order.
        """
        if isinstance(texts, str):
            raise TypeError("encode() takes a list of strings")
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        if not texts:
            return out
        encoded = [self.tokenizer.encode(t) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: len(encoded[i]))
        for start in range(0, len(order), batch_size):
            rows = order[start : start + batch_size]
            out[rows] = self._forward([encoded[i] for i in rows])
        return out
