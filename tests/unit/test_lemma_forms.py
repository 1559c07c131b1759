"""Inflected forms met through their headword: the build's form table (``corpus_build.lemma_forms``, from
simplemma) and the reader's lookup through it (``pyapp.reading.bilingual.lookup``)."""
import json
from pathlib import Path

import pytest

from pyapp.reading import bilingual


def _write_table(tmp_path: Path, language: str, words: dict, forms: dict) -> str:
    folder = tmp_path / "bilingual"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{language}.json").write_text(json.dumps({"format": 1, "language": language, "words": words,
                                                         "forms": forms}), encoding="utf-8")
    return str(tmp_path)


def test_an_irregular_form_is_read_through_its_headword(tmp_path: Path) -> None:
    index_dir = _write_table(tmp_path, "it", {"rimanere": "remain", "paura": "fear"}, {"rimasto": "rimanere"})
    assert bilingual.lookup("rimasto", "it", index_dir) == "remain"
    assert bilingual.lookup("paura", "it", index_dir) == "fear"  # the table's own word as before
    assert bilingual.lookup("zzzz", "it", index_dir) is None


def test_an_auxiliarys_form_is_read_as_nothing(tmp_path: Path) -> None:
    index_dir = _write_table(tmp_path, "es", {"miedo": "fear"}, {"habian": ""})
    assert bilingual.lookup("habían", "es", index_dir) == ""


def test_a_table_without_forms_reads_as_before(tmp_path: Path) -> None:
    folder = tmp_path / "bilingual"
    folder.mkdir()
    (folder / "pt.json").write_text(json.dumps({"format": 1, "language": "pt", "words": {"contar": "tell"}}),
                                    encoding="utf-8")
    assert bilingual.lookup("contado", "pt", str(tmp_path)) is None


def test_the_build_maps_forms_the_reader_misses_and_only_those() -> None:
    pytest.importorskip("simplemma")
    from corpus_build import lemma_forms

    words = {"litigare": "quarrel", "rimanere": "remain", "paura": "fear", "cavallo": "horse"}
    forms = lemma_forms.forms_for("it", words)
    assert forms.get("litigano") == "litigare" and forms.get("rimasto") == "rimanere"
    assert forms.get("hanno") == "" and forms.get("avuto") == ""  # avere: tense, not topic
    assert "cavalli" not in forms  # a plural the reader's own endings meet (cavalli → cavallo)
    assert "paura" not in forms and len(forms) <= lemma_forms.MAX_FORMS
    assert lemma_forms.forms_for("xx", words) == {}
