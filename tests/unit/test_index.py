"""``pyapp.index.RigvedaIndex`` on the real built assets (via ``index_dir``) and on broken files."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from corpus_build.corpus import load_corpus
from pyapp.index import IndexLoadError, RigvedaIndex
from pyapp.schemas import Verse


@pytest.fixture(scope="module")
def index(index_dir: Path) -> RigvedaIndex:
    return RigvedaIndex.load(str(index_dir))


def test_rows_follow_the_corpus_order(index: RigvedaIndex) -> None:
    records = load_corpus()
    assert len(index.verses) == len(records) == index.manifest["counts"]["verses"]
    for doc_id in (0, 1, len(records) // 2, len(records) - 1):
        record, verse = records[doc_id], index.verses[doc_id]
        assert isinstance(verse, Verse)
        assert index.doc_id(record.ref) == doc_id
        assert (verse.ref, verse.sanskrit, verse.roman, verse.translation) == (
            record.ref, record.sanskrit, record.roman, record.translation)
        assert verse.addressee == record.hymn_addressee and verse.deity == record.deity


def test_constructed_verses_equal_validated_ones(index: RigvedaIndex) -> None:
    for verse in index.verses[:: max(1, len(index.verses) // 200)]:
        assert Verse(**verse.dict()) == verse
        assert Verse.parse_raw(verse.to_wire_json()).to_wire() == verse.to_wire()


def test_lookups_agree_with_each_other(index: RigvedaIndex) -> None:
    assert index.mandala_count == 10
    assert index.by_ref("0.1.1") is None and index.doc_id("1.1.999") is None and index.hymn(11, 1) == []
    assert index.hymn_count(0) == 0 and index.hymn_count(11) == 0 and index.verse_count(1, 9999) == 0
    total_hymns = sum(index.hymn_count(m) for m in range(1, 11))
    assert total_hymns == index.manifest["counts"]["hymns"]
    total = 0
    for mandala in range(1, 11):
        for hymn in range(1, index.hymn_count(mandala) + 1):
            verses = index.hymn(mandala, hymn)
            meta = index.hymns_meta(mandala, hymn)
            assert meta is not None and meta["verses"] == len(verses) == index.verse_count(mandala, hymn)
            assert [v.verse for v in verses] == list(range(1, len(verses) + 1))
            total += len(verses)
        assert index.hymns_meta(mandala, index.hymn_count(mandala) + 1) is None
    assert total == len(index.verses)
    last = index.verses[-1]
    assert index.by_ref(f" {last.ref} ") is last  # surrounding whitespace tolerated
    assert index.dir.endswith("index")


def test_a_passages_refs_name_its_verses_in_the_order_given(index: RigvedaIndex) -> None:
    """Verse refs and whole hymns mix in one list (a named passage's refs); what names nothing is left out."""
    hymn = index.hymn(10, 129)
    docs = index.doc_ids_of(["3.62.10", "10.129", "1.1.999", "11.1", "x.y", "3.62.10"])
    assert docs == [index.doc_id("3.62.10"), *[index.doc_id(v.ref) for v in hymn], index.doc_id("3.62.10")]
    assert [v.ref for v in index.verses_of(["10.129", "1.1.1"])] == [*[v.ref for v in hymn], "1.1.1"]
    assert index.doc_ids_of([]) == [] and index.verses_of(["0.0"]) == []


def _copy(index_dir: Path, tmp_path: Path) -> Path:
    target = tmp_path / "index"
    target.mkdir()
    for name in ("manifest.json", "verses.json", "hymns.json"):
        shutil.copy(index_dir / name, target / name)
    return target


def test_missing_or_truncated_files_fail_with_one_line(index_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(IndexLoadError, match="index file missing"):
        RigvedaIndex.load(str(tmp_path))
    copy = _copy(index_dir, tmp_path)
    verses = copy / "verses.json"
    verses.write_bytes(verses.read_bytes()[:-100])
    with pytest.raises(IndexLoadError, match="stale or truncated") as info:
        RigvedaIndex.load(str(copy))
    assert "\n" not in str(info.value)


def test_malformed_rows_and_layouts_are_rejected(index_dir: Path, tmp_path: Path) -> None:
    copy = _copy(index_dir, tmp_path)
    manifest = json.loads((copy / "manifest.json").read_text())
    table = json.loads((copy / "verses.json").read_text(encoding="utf-8"))

    def save(obj: dict) -> None:
        data = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        (copy / "verses.json").write_bytes(data)
        manifest["files"]["verses.json"]["bytes"] = len(data)
        (copy / "manifest.json").write_text(json.dumps(manifest))

    bad = json.loads(json.dumps(table))
    bad["rows"][5][1] = "1"  # mandala as a string
    save(bad)
    with pytest.raises(IndexLoadError, match="verses.json row 5: malformed row"):
        RigvedaIndex.load(str(copy))
    bad = json.loads(json.dumps(table))
    bad["rows"][7][0] = "9.9.9"  # ref disagrees with its numbers
    save(bad)
    with pytest.raises(IndexLoadError, match="row 7"):
        RigvedaIndex.load(str(copy))
    bad = json.loads(json.dumps(table))
    bad["fields"] = list(reversed(bad["fields"]))
    save(bad)
    with pytest.raises(IndexLoadError, match="unexpected layout"):
        RigvedaIndex.load(str(copy))
    bad = json.loads(json.dumps(table))
    del bad["rows"][-1]
    save(bad)
    with pytest.raises(IndexLoadError, match="manifest says"):
        RigvedaIndex.load(str(copy))
