"""``pyapp.search.padapatha``: the padapāṭha word → verses index (forms, compound members, stems,
prefixes, words run together) on a small invented padapāṭha and on the built ``padapatha.json``.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pyapp.index import RigvedaIndex
from pyapp.search.padapatha import PadapathaIndex, fold_word, query_keys, stem_key, word_keys
from pyapp.search.translit import fold_sanskrit

DATA = {"format": 1, "hymns": {
    "1.1": ["agnim īḷe puraḥ-hitam yajñasya devam", "agniḥ ṛṣi-bhiḥ īḍyaḥ", None, "agne yam yajñam"],
    "1.2": ["indra ā gahi vṛtra-han", "dive--dive ṛtasya gopām"],
}}


@pytest.fixture()
def small() -> PadapathaIndex:
    return PadapathaIndex.from_data(DATA)


def test_word_keys_forms_members_stems() -> None:
    keys = word_keys("puraḥ-hitam")
    assert keys["form"] == {"purahitam", "purohitam"}  # members joined, and the -aḥ + voiced sandhi form
    assert keys["member"] == {"pura", "hitam"}  # a final visarga folds away (puraḥ = pura)
    assert "hit" in keys["stem"]
    assert word_keys("agnim") == {"form": {"agnim"}, "member": set(), "stem": {"agn"}}
    assert word_keys("dive--dive") == {"form": {"divedive"}, "member": {"dive"}, "stem": {"divediv", "div"}}
    assert stem_key(fold_word("agninā")) == "agn"  # stems are cut from folded keys
    assert stem_key("agne") == stem_key("agnaye") == stem_key("agni") == "agn"
    assert stem_key("ile") == "ile"  # at least three letters stay


def test_lines_words_and_absent_stanzas(small: PadapathaIndex) -> None:
    assert len(small) == 5 and small.refs[0] == "1.1.1" and "1.1.3" not in small.refs
    assert small.line("1.1.3") is None and small.words("1.1.3") == []
    assert small.words("1.1.1") == ["agnim", "īḷe", "puraḥ-hitam", "yajñasya", "devam"]


def test_search_by_form_member_stem_and_script(small: PadapathaIndex) -> None:
    assert [h.ref for h in small.search("purohitam")] == ["1.1.1"]  # the saṃhitā form of the compound
    assert small.search("hitam")[0].words == ["puraḥ-hitam"]  # a member
    agni = small.search("agninā")  # no such form: the stem finds agnim, agniḥ, agne
    assert [h.ref for h in agni] == ["1.1.1", "1.1.2", "1.1.4"] and agni[0].words == ["agnim"]
    assert small.lookup_refs("ऋतस्य") == ["1.2.2"]  # Devanagari
    assert small.lookup_refs("rtasya") == small.lookup_refs("ṛtasya") == ["1.2.2"]  # ASCII
    assert [h.ref for h in small.search("vṛtra")] == ["1.2.1"]  # member / prefix of vṛtra-han
    assert small.search("vṛtrahan")[0].words == ["vṛtra-han"]
    # positions when no index is given; doc ids through the index's doc_id
    assert small.lookup("agnim") == [0, 1, 2]
    with_ids = PadapathaIndex.from_data(DATA, doc_id={"1.1.1": 10, "1.1.2": 11, "1.1.4": 13}.get)
    assert with_ids.lookup("agnim") == [10, 11, 13] and with_ids.search("agnim")[0].doc_id == 10


def test_words_run_together_are_split(small: PadapathaIndex) -> None:
    assert small.split("agnimile") == ["agnim", "ile"]
    hits = small.search("agnimīḷe")
    assert hits[0].ref == "1.1.1" and hits[0].words == ["agnim", "īḷe"]
    assert small.split("xyzq") == []


def test_matched_words_for_highlighting(small: PadapathaIndex) -> None:
    assert small.matched_words("1.1.1", "puraḥ") == ["puraḥ-hitam"]
    assert small.matched_words("1.1.4", "agni") == ["agne"]
    assert small.matched_words("1.1.1", "soma") == []


def test_query_keys_skip_particles() -> None:
    assert [k for _, k in query_keys("agnim iti ca u yajñasya")] == ["agnim", "yajnasya"]


# --------------------------------------------------------------------------- the built padapāṭha


@pytest.fixture(scope="module")
def pada(index_dir: Path) -> PadapathaIndex:
    found = PadapathaIndex.load(str(index_dir), RigvedaIndex.load(str(index_dir)))
    assert found is not None, "padapatha.json missing: the `versions` build step did not run"
    return found.prepare()


def test_fast_fold_equals_fold_sanskrit_on_every_word(pada: PadapathaIndex) -> None:
    parts = {part for ref in pada.refs for word in pada.words(ref) for part in [word, *word.split("-")] if part}
    assert len(parts) > 30_000
    assert [p for p in parts if fold_word(p) != fold_sanskrit(p)] == []


def test_real_padapatha(pada: PadapathaIndex, index_dir: Path) -> None:
    assert len(pada) == 10551 and pada.line("9.97.35") is None  # VedaWeb has none for 9.97.35
    assert pada.words("1.1.1") == ["agnim", "īḷe", "puraḥ-hitam", "yajñasya", "devam", "ṛtvijam", "hotāram",
                                   "ratna-dhātamam"]
    first = pada.search("agnim īḷe purohitam", k=3)
    assert first[0].ref == "1.1.1" and first[0].doc_id == 0
    assert pada.search("devamṛtvijam", k=5)[0].words == ["devam", "ṛtvijam"]  # run together, as in the saṃhitā
    assert pada.search("अग्निमीळे पुरोहितं", k=1)[0].ref == "1.1.1"
    # a stem or an inflected form finds the others
    refs = set(pada.lookup_refs("ṛta"))
    assert {"1.1.8", "1.23.5"} <= refs and len(refs) > 300
    vrtra = pada.search("vṛtrahan", k=50)
    assert any("vṛtra-han" in h.words for h in vrtra) and any("vṛtrahan" in h.words for h in vrtra)
