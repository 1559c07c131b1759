"""Sanskrit typed any way folds to one key; the run-time Devanagari → IAST converter equals sanscript."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.search.translit import (
    deva_to_iast, fold_english_token, fold_sanskrit, has_devanagari, has_iast_diacritics, sanskrit_words,
)

from corpus_build.corpus import default_corpus_location

CORPUS = Path(default_corpus_location())


@pytest.mark.parametrize("variants", [
    ["viṣṇu", "vishnu", "Visnu", "VISHNU", "Vishṇu", "विष्णु"],
    ["ṛta", "rta", "rita", "ऋत"],
    ["vṛtra", "vritra", "vrtra", "Vr̥itra", "वृत्र"],
    ["aśvinā", "ashvina", "asvina", "Aṣvinâ", "अश्विना"],
    ["savitur", "savitur", "सवितुर्"],
    ["vareṇyam", "varenyam", "वरेण्यम्"],
    ["dhīmahi", "dhimahi", "dheemahi", "धीमहि"],
    ["īḷe", "ile", "ईळे"],
    ["agniḥ", "agnih", "agni", "अग्निः"],
    ["purohitaṃ", "purohitam", "पुरोहितं"],
    ["gacchati", "gachati", "gacati", "गच्छति"],
    ["ṛgveda", "rigveda", "rgveda", "Ṛgveda"],
    ["kṛṣṇa", "krishna", "krsna", "कृष्ण"],
    ["sahasraśīrṣā", "sahasrashirsha", "sahasrasirsa", "सहस्रशीर्षा"],
    ["devām̐", "devā~", "devam", "देवाँ"],
    ["svāhā", "swaha", "svaha", "स्वाहा"],
    ["pūṣan", "pushan", "Pûshan", "पूषन्"],
    ["yajñasya", "yajnasya", "यज्ञस्य"],
])
def test_spellings_of_one_word_fold_to_one_key(variants: list) -> None:
    keys = {fold_sanskrit(deva_to_iast(v)) for v in variants}
    assert len(keys) == 1, dict(zip(variants, (fold_sanskrit(deva_to_iast(v)) for v in variants)))


def test_different_words_keep_different_keys() -> None:
    words = ["agni", "indra", "soma", "varuna", "mitra", "rudra", "savitar", "usas", "vayu", "deva"]
    assert len({fold_sanskrit(w) for w in words}) == len(words)


def test_accents_and_long_r_do_not_matter() -> None:
    assert fold_sanskrit("agním") == fold_sanskrit("agnim")
    assert fold_sanskrit("pitṝn") == fold_sanskrit("pitṛṛn") == fold_sanskrit("pitrin")
    assert deva_to_iast("अ॒ग्निमी॑ळे") == deva_to_iast("अग्निमीळे") == "agnimīḻe"


def test_english_fold_keeps_english_spelling() -> None:
    # names lose their marks; ordinary words are untouched (no sh → s that would break stemming)
    assert fold_english_token("Vr̥itra") == fold_english_token("Vṛtra") == "vritra"
    assert fold_english_token("Aṣvins") == fold_english_token("Aśvins") == "ashvins"
    assert fold_english_token("shining") == "shining"


def test_sanskrit_words_handles_scripts_and_punctuation() -> None:
    assert sanskrit_words("agním īḷe puróhitaṃ | yajñásya") == ["agnim", "ile", "purohitam", "yajnasya"]
    assert sanskrit_words("अग्निमीळे पुरोहितं ।") == ["agnimile", "purohitam"]
    assert sanskrit_words("dive-dive") == ["dive", "dive"]
    assert has_devanagari("RV अग्नि") and not has_devanagari("agni")
    assert has_iast_diacritics("viṣṇu") and not has_iast_diacritics("Vishnu café")


@pytest.mark.skipif(not CORPUS.is_file(), reason="no corpus found (corpus_build.locate)")
def test_converter_equals_sanscript_on_every_corpus_verse() -> None:
    sanscript = pytest.importorskip("indic_transliteration.sanscript")
    mismatches = []
    count = 0
    with CORPUS.open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            count += 1
            expected = sanscript.transliterate(record["sanskrit_plain"], sanscript.DEVANAGARI, sanscript.IAST)
            if deva_to_iast(record["sanskrit_plain"]) != expected:
                mismatches.append(record["ref"])
    assert count > 10_000
    assert mismatches == []


_CONSONANTS = list("कखगघङचछजझञटठडढणतथदधनपफबभमयरलळवशषसह")
_SIGNS = ["", "्", "ा", "ि", "ी", "ु", "ू", "ृ", "ॄ", "े", "ै", "ो", "ौ"]
_VOWELS = list("अआइईउऊऋएऐओऔ")
_MARKS = ["", "ं", "ः", "ँ"]
_syllable = st.one_of(
    st.tuples(st.sampled_from(_CONSONANTS), st.sampled_from(_SIGNS), st.sampled_from(_MARKS)).map("".join),
    st.tuples(st.sampled_from(_VOWELS), st.sampled_from(_MARKS)).map("".join),
    st.sampled_from([" ", "।", "॥", "ऽ", "१", "३"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_syllable, min_size=1, max_size=12).map("".join))
def test_converter_equals_sanscript_on_generated_syllables(text: str) -> None:
    sanscript = pytest.importorskip("indic_transliteration.sanscript")
    assert deva_to_iast(text) == sanscript.transliterate(text, sanscript.DEVANAGARI, sanscript.IAST)
