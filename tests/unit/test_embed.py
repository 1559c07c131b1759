"""The browser's query encoder must put queries where the build put the verses.

Two parities are checked against the real reference stack (the ``build`` extras):
- ``WordPieceTokenizer`` gives exactly the ids of the model's own ``tokenizer.json`` (HF
  ``tokenizers``) on every corpus translation, corpus Sanskrit, odd inputs and a code point sweep;
- ``MiniLMEncoder`` on the exported (quantised) weights gives vectors with cosine >= 0.99 to
  sentence-transformers/PyTorch on 50 queries of every kind a user may type.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import List

import numpy as np
import pytest

from corpus_build.corpus import load_corpus
from corpus_build.encoder_export import export_encoder, model_dir
from pyapp.embed.encoder import MiniLMEncoder, gelu
from pyapp.embed.tokenizer import WordPieceTokenizer

os.environ.setdefault("HF_HUB_OFFLINE", "1")

# Written for this test (not taken from the eval set): English questions, keywords, IAST, ASCII
# Sanskrit, Devanagari, one-word, punctuation-only, long, emoji and HTML.
QUERIES: List[str] = [
    "Who is Agni?",
    "hymns praising the dawn goddess Ushas",
    "What role does Soma play in the sacrifice?",
    "Which god is called the lord of the waters and guardian of cosmic order?",
    "rta cosmic order truth",
    "horses harnessed to the chariot of the sun",
    "prayer for rain and abundant cattle",
    "What do the Maruts do in storms?",
    "How are the twin horsemen described when they rescue people at sea?",
    "funeral hymn and the path of the fathers",
    "the seven rivers flowing to the ocean",
    "Who is Brihaspati, lord of prayer?",
    "a hymn about healing herbs and plants",
    "the frogs that croak like priests at the start of the rains",
    "Savitar the golden-handed god who sets all in motion",
    "marriage of the daughter of the sun",
    "What happens to the soul after death in Vedic belief?",
    "Is there any mention of iron or metal weapons?",
    "creation of the world from the cosmic waters",
    "hymns to the earth and heaven as parents",
    "agnim īḷe purohitaṃ",
    "indrasya nu vīryāṇi pra vocam",
    "ṛtasya panthā",
    "somaḥ pavate",
    "tat savitur vareṇyam bhargo devasya dhīmahi",
    "nāsad āsīn no sad āsīt tadānīm",
    "agni mile purohitam",
    "vak devi",
    "purusha sukta",
    "hiranyagarbha samavartatagre",
    "अग्निमीळे पुरोहितं",
    "इन्द्र",
    "सोम पवमान",
    "ऋतस्य पन्था",
    "वरुण",
    "Agni",
    "Indra",
    "dice",
    "cows",
    "?",
    "What is the meaning of the word dharma in the oldest hymns, and how does it relate to later concepts "
    "of duty and law in Hindu thought?",
    "I am writing an essay on the relationship between the gods and humans in the earliest Sanskrit poetry. "
    "Which passages show the priests bargaining with the gods, offering praise and oblations in return for "
    "wealth, sons, long life, and victory over enemies?",
    "Compare the roles of Mitra and Varuna as a pair of sovereign gods, their association with contracts, "
    "oaths, and the watchful eye of the sun.",
    "Tell me everything about the horse sacrifice: the preparation of the steed, the carving, and the words "
    "spoken to the horse as it goes to the gods.",
    "hymn where a poet asks who really knows and who can declare where this creation came from",
    "where does the rigveda talk about the ashvins saving bhujyu",
    "RV 1.164 riddle hymn",
    "mandala 9 soma pavamana hymns",
    "The Vedic god of fire carries the oblations to the gods 🔥 — explain!",
    "<b>Rudra</b> the fierce archer &amp; healer",
]

ODD_INPUTS: List[str] = [
    "",
    "   ",
    "\x00\x01abc\u200b def\x7f",
    "🔥 Agni 🙏🏽 fire 🥲",
    "<b>Indra</b> &amp; <i>Soma</i><script>alert(1)</script>",
    "Hello [MASK] world [CLS][SEP] [mask] [UNK]x",
    "İstanbul ΣΟΦΙΑΣ straße ﬁne Å Ǆ",
    "中文字符 and 日本語 カタカナ 한국어",
    "tab\tnew\nline\r\n\u2028end\u00a0nbsp\u3000ideographic",
    "a" * 100 + " " + "b" * 101,
    "\ufffd\ufeffbom \ue000private",
    "ŚATAPATHA Ṛgveda ṛṣi kṣatriya",
    "don't won't o'clock ... !!! ??? $100 + 5% = ~ok|yes^2`",
    "e\u0301 cafe\u0301 caf\u00e9 \u0610\u061d\u0898",
    "Indra slays Vritra. " * 1000,  # ~20,000 characters: truncated to max_len ids
    "\U0001F600" * 300,
]


@pytest.fixture(scope="module")
def reference():
    """The model's own fast tokenizer, with the truncation sentence-transformers applies."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(256)
    return tok


@pytest.fixture(scope="module")
def encoder_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh export (independent of the full index build, ~1 s)."""
    out = tmp_path_factory.mktemp("index")
    export_encoder(out, lambda *args: None)
    return out


@pytest.fixture(scope="module")
def tokenizer(encoder_dir: Path) -> WordPieceTokenizer:
    return MiniLMEncoder.load(str(encoder_dir)).tokenizer


@pytest.fixture(scope="module")
def records():
    return load_corpus()


def _mismatches(mine: WordPieceTokenizer, ref, texts: List[str]) -> List[str]:
    expected = [enc.ids for enc in ref.encode_batch(texts)]
    return [t[:60] for t, ids in zip(texts, expected) if mine.encode(t) != ids]


def test_max_length_is_the_models_max_seq_length(encoder_dir: Path, tokenizer: WordPieceTokenizer) -> None:
    sbert = json.loads((model_dir() / "sentence_bert_config.json").read_text())
    config = json.loads((encoder_dir / "encoder" / "config.json").read_text())
    assert tokenizer.max_length == config["max_len"] == sbert["max_seq_length"] == 256
    ids = tokenizer.encode("word " * 5000)
    assert len(ids) == 256 and ids[0] == tokenizer.cls_id and ids[-1] == tokenizer.sep_id
    assert tokenizer.encode("") == [tokenizer.cls_id, tokenizer.sep_id]


def test_tokenizer_matches_reference_on_every_translation(tokenizer, reference, records) -> None:
    texts = [r.translation for r in records if r.translation]
    assert len(texts) >= 10_000
    assert _mismatches(tokenizer, reference, texts) == []


def test_tokenizer_matches_reference_on_sanskrit(tokenizer, reference, records) -> None:
    rng = random.Random(7)
    sample = rng.sample(records, 500)
    texts = [r.roman for r in sample] + [r.roman_plain for r in sample] + [r.sanskrit for r in sample]
    texts += [r.sanskrit_plain for r in sample[:100]] + [r.deity or "" for r in sample[:100]]
    assert _mismatches(tokenizer, reference, texts) == []


def test_tokenizer_matches_reference_on_odd_inputs(tokenizer, reference) -> None:
    assert _mismatches(tokenizer, reference, ODD_INPUTS + QUERIES) == []


def test_tokenizer_matches_reference_on_random_strings(tokenizer, reference) -> None:
    rng = random.Random(11)
    pool = [chr(c) for c in [*range(32, 127), *range(0xA0, 0x250), *range(0x300, 0x370), *range(0x900, 0x980),
                             *range(0x1E00, 0x1F00), *range(0x2000, 0x2070), 0x0B, 0x1C, 0x85, 0x4E00, 0x3042,
                             0x1F600, 0x1F972, 0xE000, 0x10FFFF, 0x61D, 0xFFFD]]
    texts = ["".join(rng.choice(pool) for _ in range(rng.randint(0, 60))) for _ in range(2000)]
    assert _mismatches(tokenizer, reference, texts) == []


def test_tokenizer_character_classes_match_reference(tokenizer, reference) -> None:
    """Every code point of the BMP and plane 1 (every script), each between letters and alone."""
    cps = [c for c in range(0x20000) if not 0xD800 <= c <= 0xDFFF] + list(range(0x20000, 0x110000, 97))
    texts = [f"a{chr(c)}b x{chr(c)} {chr(c)}" for c in cps]
    bad = _mismatches(tokenizer, reference, texts)
    assert bad == [], f"{len(bad)} code points differ, e.g. {[hex(ord(t[1])) for t in bad[:10]]}"


def test_gelu_is_the_exact_erf_form() -> None:
    import math

    xs = np.linspace(-8, 8, 4001).astype(np.float32)
    exact = np.array([0.5 * x * (1 + math.erf(x / math.sqrt(2))) for x in xs.astype(np.float64)])
    assert np.abs(gelu(xs) - exact).max() < 1e-6


def test_encoder_output_is_unit_length_and_order_independent(encoder_dir: Path) -> None:
    enc = MiniLMEncoder.load(str(encoder_dir))
    assert MiniLMEncoder.load(str(encoder_dir / "encoder")) is enc  # cached, either directory form
    texts = ["Agni", "a much longer question about the horses of the sun and the chariot", "", "वरुण"]
    batch = enc.encode(texts)
    assert batch.shape == (4, 384) and batch.dtype == np.float32
    assert np.allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-5)
    singles = np.vstack([enc.encode([t]) for t in texts])
    assert np.abs(batch - singles).max() < 1e-4  # padding in a batch changes nothing
    assert enc.encode([]).shape == (0, 384)


def test_export_is_deterministic(encoder_dir: Path, tmp_path: Path) -> None:
    again = export_encoder(tmp_path, lambda *args: None)
    for rel, sha in again.items():
        assert hashlib.sha256((encoder_dir / rel).read_bytes()).hexdigest() == sha, rel
    assert set(again) == {"encoder/config.json", "encoder/vocab.txt", "encoder/weights.bin", "encoder/weights.json"}


@pytest.mark.slow
def test_encoder_matches_pytorch_on_50_queries(encoder_dir: Path) -> None:
    from corpus_build.vectors import load_model

    model = load_model()
    expected = model.encode(QUERIES, convert_to_numpy=True, normalize_embeddings=True)
    got = MiniLMEncoder.load(str(encoder_dir)).encode(QUERIES)
    cosines = (expected * got).sum(axis=1)
    print(f"numpy vs PyTorch cosine over {len(QUERIES)} queries: min {cosines.min():.5f} mean {cosines.mean():.5f}")
    assert cosines.min() >= 0.99, [QUERIES[i] for i in np.where(cosines < 0.99)[0]]
    assert cosines.mean() >= 0.998


def test_nf4_word_rows_decode_what_the_export_packed() -> None:
    """The export's NF4 packing (two codes a byte, a float16 absmax per group of 32) and the
    encoder's lookup agree: each value comes back as the nearest of the 16 levels of its group."""
    from corpus_build.encoder_export import NF4_GROUP, _nf4_groups
    from pyapp.embed.encoder import NF4

    rng = np.random.default_rng(7)
    table = rng.normal(0, 0.05, size=(50, 384)).astype(np.float32)
    table[3] = 0.0  # an all-zero group must decode to zeros, not NaN
    packed, absmax = _nf4_groups(table)
    assert packed.shape == (50, 192) and absmax.shape == (50, 384 // NF4_GROUP) and absmax.dtype == np.float16
    enc = MiniLMEncoder.__new__(MiniLMEncoder)
    enc.dims, enc._word, enc._word_scale, enc._word_group = 384, packed, absmax, NF4_GROUP
    ids = np.array([[0, 3, 49]])
    rows = enc._word_rows(ids)
    assert rows.shape == (1, 3, 384) and np.all(rows[0, 1] == 0.0)
    step = np.diff(NF4).max() / 2 * absmax.astype(np.float32).max()
    assert np.abs(rows[0, [0, 2]] - table[[0, 49]]).max() <= step + 1e-6


def test_coarse_int8_rows_keep_their_outliers_and_take_few_values() -> None:
    """The word table's coarse int8 (``int8-coarse-word``): the step follows the row's spread, so the
    values take few distinct levels (what brotli codes cheaply), but an outlier is never clipped."""
    from corpus_build.encoder_export import WORD_STEP_SD, _quantize_rows_step

    rng = np.random.default_rng(9)
    table = rng.normal(0, 0.05, size=(200, 384)).astype(np.float32)
    table[5, 10] = 2.0  # an outlier 40 sd out
    table[6] = 0.0
    q, scale = _quantize_rows_step(table, WORD_STEP_SD)
    assert q.dtype == np.int8 and scale.dtype == np.float32 and scale.shape == (200,)
    back = q.astype(np.float32) * scale[:, None]
    assert np.all(np.abs(back - table) <= scale[:, None] / 2 + 1e-7)  # round to nearest, nothing clipped
    assert abs(back[5, 10] - 2.0) <= scale[5] / 2 and np.all(back[6] == 0.0)
    assert len(np.unique(q[7:])) < 40  # vs up to 255 for absmax/127 steps


def test_an_export_of_the_previous_format_is_refused(encoder_dir: Path, tmp_path: Path) -> None:
    import shutil

    stale = tmp_path / "encoder"
    shutil.copytree(encoder_dir / "encoder", stale)
    for name in ("config.json", "weights.json"):
        data = json.loads((stale / name).read_text())
        data["format"] = "rvs-minilm-3"
        (stale / name).write_text(json.dumps(data))
    with pytest.raises(ValueError, match="rebuild the index"):
        MiniLMEncoder.load(str(tmp_path))


def test_no_text_reaches_a_word_row_the_export_left_out(encoder_dir: Path, reference, records) -> None:
    """The word table ships without the rows no text can reach (issue 21); the reference tokenizer, fed
    every translation, Sanskrit in three forms, random strings and every code point between letters and
    alone, never emits one of them, so every query reads the same rows as the full model."""
    entry = json.loads((encoder_dir / "encoder" / "weights.json").read_text())["tensors"]["embeddings.word"]
    dropped = {i for start, stop in entry.get("dropped", []) for i in range(start, stop)}
    assert len(dropped) > 1000  # the [unusedN] placeholders at least
    rng = random.Random(5)
    pool = [chr(c) for c in [*range(32, 127), *range(0xA0, 0x250), *range(0x300, 0x370), *range(0x900, 0x980),
                             *range(0x3000, 0x3100), *range(0x4E00, 0x4F00), *range(0xFF00, 0xFF60)]]
    texts = [r.translation for r in records if r.translation] + [r.roman for r in records[:2000]]
    texts += [r.sanskrit for r in records[:2000]] + ODD_INPUTS + QUERIES
    texts += ["".join(rng.choice(pool) for _ in range(rng.randint(1, 40))) for _ in range(3000)]
    texts += [f"a{chr(c)}b x{chr(c)} {chr(c)}" for c in range(0x20, 0x10000) if not 0xD800 <= c <= 0xDFFF]
    seen = {i for enc in reference.encode_batch(texts) for i in enc.ids}
    assert not seen & dropped
    assert len(seen) > 8_000  # the texts reach a third of the table: the check is not vacuous


def test_a_left_out_row_reads_as_unknown_not_as_a_neighbour() -> None:
    from pyapp.embed.encoder import row_of_ids

    rows = row_of_ids(10, [[1, 3], [6, 7]], unk_id=4)
    assert rows.tolist() == [0, 2, 2, 1, 2, 3, 2, 4, 5, 6]  # ids 1, 2 and 6 read [UNK]'s row (2)
