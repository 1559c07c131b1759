"""The shared diacritic folds (``pyapp.diacritics``): each keeps what it says it keeps, and the three differ
exactly where merging them would change an answer (ś, case, an Indic virama or nukta)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pyapp.diacritics import strip_latin_marks, strip_marks, strip_vedic_accents


def test_vedic_accents_go_and_letters_stay() -> None:
    assert strip_vedic_accents("agním īḷe puróhitaṃ") == "agnim īḷe purohitaṃ"
    assert strip_vedic_accents("víśvā ṛtásya") == "viśvā ṛtasya"  # ś is a letter: its acute stays
    assert strip_vedic_accents("Śácīpate Índra") == "Śacīpate Indra"  # case kept
    assert strip_vedic_accents("ágnè") == "agne"  # grave (svarita) too
    assert strip_vedic_accents(None) == ""


def test_strip_marks_drops_every_mark_and_keeps_case() -> None:
    assert strip_marks("Pūṣā") == "Pusa"
    assert strip_marks("Ṛgveda śiva") == "Rgveda siva"  # unlike the Vedic fold, ś becomes s
    assert strip_marks("Ίντρα") == "Ιντρα"
    assert strip_marks("नासदासीत्") == "नासदासीत"  # a Devanagari virama is a combining mark too
    assert strip_marks(None) == ""


def test_strip_latin_marks_keeps_indic_marks() -> None:
    assert strip_latin_marks("Ṛgveda आसीत्") == "Rgveda आसीत्"
    assert strip_latin_marks("maṇḍala দেবতা ड़") == "mandala দেবতা ड़"
    assert strip_latin_marks("Ūṣas") == "Usas"  # case kept
    assert strip_latin_marks("r\u0323\u0304") == "r"  # both marks of ṝ go


def test_the_folds_differ_where_they_should() -> None:
    word = "Viśvā́"
    assert strip_vedic_accents(word) == "Viśvā"
    assert strip_marks(word) == "Visva"
    assert strip_latin_marks(word) == "Visva"
    assert strip_marks("नासदासीत्") != strip_latin_marks("नासदासीत्") == "नासदासीत्"


def test_the_old_call_sites_fold_through_the_shared_bodies() -> None:
    from pyapp.agents.forms import plain
    from pyapp.eval.checks import fold, strip_accents
    from pyapp.reading import topic_words, words

    assert plain("índraḥ śácībhiḥ") == strip_accents("índraḥ śácībhiḥ") == "indraḥ śacībhiḥ"
    assert topic_words._plain("Índraḥ") == "indraḥ"  # the topic table's patterns are lower case
    assert fold("Pūṣā") == "pusa"
    assert words.fold("  Ṛg–veda  १० ") == "rg-veda 10"


CORPUS = Path(os.environ.get("RIGVEDA_CORPUS", "/work/shared/corpus/rigveda.jsonl"))


@pytest.mark.skipif(not CORPUS.exists(), reason="corpus not available")
def test_vedic_fold_gives_the_corpus_plain_iast() -> None:
    with CORPUS.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for _, line in zip(range(2000), lines)]
    assert all(strip_vedic_accents(r["roman"]) == r["roman_plain"] for r in rows)


def test_the_analyzer_suggests_sanskrit_words_with_their_sibilants() -> None:
    """The deterministic analyzer's next search term (shown as "next search: …") keeps ś: it used to be
    "satakratu" for "śatakratu" because its own accent stripper dropped every acute."""
    from pyapp.agents.analyzer import sanskrit_terms
    from pyapp.schemas import SearchResult

    verses = [SearchResult(title="t", content="", relevance=0.5, source="s", book_context=f"1.{n}.1",
                           iast="índra śatakrato víśvebhiḥ") for n in (1, 2)]
    terms = sanskrit_terms(verses)
    assert "śatakrato" in terms and "satakrato" not in terms
