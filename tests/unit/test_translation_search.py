"""``pyapp.search.translations``: a question's language, BM25 over one translation, the catalogue.

The BM25 numbers are checked against a direct implementation of the formula on a tiny invented
version; the behaviour on the real versions (Geldner, Renou, Elizarenkova) reads the built index
through the shared ``index_dir`` fixture.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Dict, List

import pytest

from pyapp.index import RigvedaIndex
from pyapp.search.translations import (
    B, K1, TranslationIndex, VersionMissing, detect_language, has_version, load_catalog, query_terms, term_key,
    weighted_terms, words,
)

USHAS_HYMNS = {"1.48", "1.49", "1.92", "1.113", "1.123", "1.124", "3.61", "4.51", "4.52", "5.79", "5.80", "6.64",
               "6.65", "7.75", "7.76", "7.77", "7.78", "7.79", "7.80", "7.81", "10.172"}


# --------------------------------------------------------------------------- detect_language


@pytest.mark.parametrize("question, language", [
    ("Was sagt der Rigveda über die Morgenröte?", "de"),
    ("Wer ist Indra?", "de"),
    ("Was ist Soma?", "de"),
    ("Welche Hymnen preisen Agni?", "de"),
    ("Morgenröte", "de"),
    ("Que dit le Rigveda sur l'aurore ?", "fr"),
    ("Qui est Indra ?", "fr"),
    ("Quelle est la recette de la pizza ?", "fr"),
    ("Comment faire une tarte aux pommes ?", "fr"),
    ("Что говорит Ригведа о заре?", "ru"),
    ("Кто такой Агни?", "ru"),
    ("Who is Agni?", "en"),
    ("What was Indra?", "en"),
    ("Do the gods die?", "en"),
    ("Agni", "en"),
    ("10.129.1", "en"),
    ("agním īḷe puróhitaṃ yajñásya devám ṛtvíjam", "en"),
    ("अग्निमीळे पुरोहितं", "en"),
    ("What does the hymn to the frogs say? Ushas", "en"),
    ("", "en"),
])
def test_detect_language(question: str, language: str) -> None:
    assert detect_language(question) == language


def test_query_terms_drop_question_words_and_stem() -> None:
    assert query_terms("Was sagt der Rigveda über die Morgenröte?", "de") == ["morgenrot"]
    assert query_terms("Que dit le Rigveda sur l'aurore ?", "fr") == ["auror"]
    assert query_terms("Что говорит Ригведа о Соме?", "ru") == ["сом"]
    # diacritics fold after stemming: Geldner's "Uṣas" meets a typed "Ushas"; ß → ss
    assert term_key("uṣas", "de") == term_key("ushas", "de") == "ushas"
    assert term_key("Hotr̥".lower(), "de") == "hotri"
    assert words("J'invoque l'Aurore, qu'elle vienne") == ["invoque", "aurore", "elle", "vienne"]
    weighted = dict(weighted_terms("Morgenröte", "de"))
    assert weighted["morgenrot"] == 1.0 and weighted["ushas"] == pytest.approx(0.7)


# --------------------------------------------------------------------------- BM25 on an invented version

DATA = {
    "format": 1, "id": "test", "language": "de",
    "hymns": {
        "1.1": ["Die Morgenröte leuchtet hell.", None, "Agni und die Morgenröte, Morgenröte."],
        "1.2": ["Indra trinkt Soma.", "Soma für Indra und Agni, lange Worte hier in diesem Satz."],
    },
}
DATA["stems"] = {w: term_key(w, "de") for text in ["Die Morgenröte leuchtet hell. Agni und die Morgenröte, Morgenröte. "
                                                   "Indra trinkt Soma. Soma für Indra und Agni, lange Worte hier in "
                                                   "diesem Satz."] for w in words(text) if term_key(w, "de") != w}


def reference_bm25(docs: List[List[str]], query: List[str]) -> Dict[int, float]:
    n, avg = len(docs), sum(map(len, docs)) / len(docs)
    out: Dict[int, float] = {}
    for term in query:
        df = sum(1 for d in docs if term in d)
        if not df:
            continue
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        for i, d in enumerate(docs):
            tf = d.count(term)
            if tf:
                out[i] = out.get(i, 0.0) + idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(d) / avg))
    return out


def test_bm25_matches_the_formula_and_absent_stanzas_are_absent() -> None:
    index = TranslationIndex(DATA, doc_id={"1.1.1": 0, "1.1.3": 2, "1.2.1": 3, "1.2.2": 4}.get)
    assert index.refs == ["1.1.1", "1.1.3", "1.2.1", "1.2.2"] and len(index) == 4
    assert index.text("1.1.2") is None and index.text("1.1.3").startswith("Agni und")
    docs = [[DATA["stems"].get(w, w) for w in words(index.text(r))] for r in index.refs]
    for query in (["morgenrot"], ["agni", "soma"], ["indra", "morgenrot", "fehlt"]):
        ours = index.scores(query)
        ref = reference_bm25(docs, query)
        assert set(ours) == set(ref)
        for position, score in ref.items():
            assert ours[position] == pytest.approx(score, rel=1e-12)
    hits = index.search("Was sagt der Rigveda über die Morgenröte?", k=5, hymn_boost=0)
    assert [h.ref for h in hits] == ["1.1.3", "1.1.1"]  # two mentions beat one
    assert hits[0].doc_id == 2 and hits[0].version == "test" and hits[0].text.startswith("Agni und")
    assert index.search("Wer ist Indra?", k=1)[0].ref == "1.2.1"  # shorter stanza first


def test_hymn_boost_prefers_a_hymn_about_the_subject() -> None:
    data = {"format": 1, "id": "t", "language": "en", "stems": {},
            "hymns": {"1.1": ["dawn shines", "dawn comes", "dawn goes"], "1.2": ["dawn", "x y", "x y", "x y"]}}
    index = TranslationIndex(data)
    assert index.search("dawn", k=1, hymn_boost=0)[0].ref == "1.2.1"  # the shortest stanza
    assert index.search("dawn", k=1)[0].ref.startswith("1.1.")  # the hymn whose every stanza has it


def test_missing_or_foreign_files(tmp_path: Path) -> None:
    with pytest.raises(VersionMissing, match="not loaded"):
        TranslationIndex.load(str(tmp_path), "geldner")
    assert isinstance(VersionMissing("x"), FileNotFoundError)
    assert not has_version(str(tmp_path), "geldner") and load_catalog(str(tmp_path)) is None
    with pytest.raises(ValueError, match="format"):
        TranslationIndex({"format": 99, "hymns": {}})


# --------------------------------------------------------------------------- the real versions


@pytest.fixture(scope="module")
def rigveda(index_dir: Path) -> RigvedaIndex:
    return RigvedaIndex.load(str(index_dir))


def _hymns(hits) -> List[str]:
    return [h.ref.rsplit(".", 1)[0] for h in hits]


def test_catalog_lists_every_version(index_dir: Path) -> None:
    catalog = load_catalog(str(index_dir))
    assert catalog is not None, "versions.json missing: the `versions` build step did not run"
    assert [v.id for v in catalog.versions][:1] == ["griffith"] and catalog.get("griffith").default
    assert {v.language for v in catalog.versions} == {"en", "de", "fr", "ru"}
    assert [v.id for v in catalog.for_language("de")] == ["geldner", "grassmann"]
    assert [v.id for v in catalog.for_language("ru")] == ["elizarenkova"]
    assert catalog.for_language("en")[0].id == "griffith"
    assert catalog.get("renou").coverage == pytest.approx(63.79)
    assert catalog.get("elizarenkova").stanzas == 10548 and catalog.get("geldner").stanzas == 10548
    for version in catalog.versions:
        assert version.licence and version.credit and (version.default or has_version(str(index_dir), version.id))


def test_geldner_german_question_finds_the_ushas_hymns(index_dir: Path, rigveda: RigvedaIndex) -> None:
    geldner = TranslationIndex.load(str(index_dir), "geldner", doc_id=rigveda.doc_id)
    assert geldner.text("1.1.1").startswith("Agni berufe ich als Bevollmächtigten")
    assert geldner.text("10.106.5") is None  # "..........": Geldner left it out
    hits = geldner.search("Was sagt der Rigveda über die Morgenröte?", k=10)
    assert sum(h in USHAS_HYMNS for h in _hymns(hits)) >= 7, _hymns(hits)
    assert all(rigveda.verses[h.doc_id].ref == h.ref for h in hits)


def test_french_and_russian_questions(index_dir: Path) -> None:
    renou = TranslationIndex.load(str(index_dir), "renou")
    hits = renou.search("Que dit le Rigveda sur l'aurore ?", k=10)
    assert sum(h in USHAS_HYMNS for h in _hymns(hits)) >= 7, _hymns(hits)
    assert renou.text("1.3.1") is None  # Renou's translation skips 1.3
    elizarenkova = TranslationIndex.load(str(index_dir), "elizarenkova")
    assert elizarenkova.text("1.1.1").startswith("Агни призываю я")
    hits = elizarenkova.search("Что говорит Ригведа об Ушас?", k=10)
    assert sum(h in USHAS_HYMNS for h in _hymns(hits)) >= 7, _hymns(hits)
    assert elizarenkova.search("Кто такой Индра?", k=3)
