"""``verses.bin`` (``pyapp.verse_table``): the page's verse table holds exactly what ``verses.json`` holds,
is read without making a verse, and a damaged file fails the boot with one line."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pyapp import verse_table
from pyapp.index import VERSES_FIELDS, IndexLoadError, RigvedaIndex
from pyapp.search import Searcher


def _rows(index_dir: Path) -> list:
    return json.loads((index_dir / "verses.json").read_text(encoding="utf-8"))["rows"]


def test_the_page_reads_the_columns_and_never_fetches_the_json(index_dir: Path) -> None:
    files = json.loads((index_dir / "manifest.json").read_text())["files"]
    assert verse_table.FILE_NAME in files and not files[verse_table.FILE_NAME].get("lazy")
    assert files["verses.json"].get("lazy")  # neither the boot, the prefetch nor the offline cache takes it


def test_every_verse_is_the_one_in_verses_json(index_dir: Path) -> None:
    rows = _rows(index_dir)
    one_by_one = RigvedaIndex.load(str(index_dir))
    assert len(one_by_one.verses) == len(rows)
    for doc_id in range(0, len(rows), 7):
        assert one_by_one.verses[doc_id].dict() == dict(zip(VERSES_FIELDS, rows[doc_id]))
    whole = RigvedaIndex.load(str(index_dir))
    assert [v.dict() for v in whole.verses] == [dict(zip(VERSES_FIELDS, row)) for row in rows]
    assert any(row[6] is None for row in rows) and any(row[7] is None for row in rows)  # missing values kept


def test_the_boot_makes_no_verse_and_an_answer_makes_the_ones_it_shows(index_dir: Path) -> None:
    searcher = Searcher.load(str(index_dir), vectors=False)
    made = lambda: sum(v is not None for v in searcher.index.verses._made)  # noqa: E731
    assert made() == 0
    found = searcher.search("hymn to the dawn", method="text", k=5)
    assert found.success and len(found.results) == 5 and made() <= 10
    assert searcher.index.hymn(10, 129)[0].ref == "10.129.1" and searcher.index.verse_count(10, 129) == 7


def test_it_behaves_like_a_list(index_dir: Path) -> None:
    verses = RigvedaIndex.load(str(index_dir)).verses
    assert verses[-1].ref == _rows(index_dir)[-1][0] and verses[-1] is verses[len(verses) - 1]
    assert [v.ref for v in verses[3:6]] == ["1.1.4", "1.1.5", "1.1.6"] and verses[:0] == []
    with pytest.raises(IndexError):
        verses[len(verses)]
    assert list(verses)[0] is verses[0]


def test_round_trip_of_rows_with_missing_values() -> None:
    rows = [["1.1.1", 1, 1, 1, "अ॒ग्निमी॑ळे", "agním īḷe", "I laud Agni", "Agni", "Madhuchandas", "gāyatrī", "Agni"],
            ["1.1.2", 1, 1, 2, "अ॒ग्निः", "agníḥ", None, None, None, None, "Agni"],
            ["1.2.1", 1, 2, 1, "वाय॒व्", "vā́yav", "", "Vāyu", "Madhuchandas", None, "Vāyu"]]
    columns = verse_table.VerseColumns.from_bytes(verse_table.encode(rows), 3)
    assert [list(columns.values(i).values()) for i in range(3)] == rows
    assert [list(values) for values in columns.all_values()] == rows
    assert columns.hymn_runs() == ([0, 2], [(1, 1), (1, 2)])


def test_the_build_refuses_a_row_it_cannot_hold() -> None:
    with pytest.raises(verse_table.VerseTableError, match="not mandala.hymn.verse"):
        verse_table.encode([["1.1.2", 1, 1, 1, "अ", "a", None, None, None, None, None]])
    with pytest.raises(verse_table.VerseTableError, match="fields"):
        verse_table.encode([], fields=list(reversed(verse_table.FIELDS)))


def _copy(index_dir: Path, tmp_path: Path) -> Path:
    target = tmp_path / "index"
    target.mkdir()
    for name in ("manifest.json", verse_table.FILE_NAME, "hymns.json"):
        shutil.copy(index_dir / name, target / name)
    return target


def _damage(copy: Path, data: bytes) -> None:
    (copy / verse_table.FILE_NAME).write_bytes(data)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["files"][verse_table.FILE_NAME]["bytes"] = len(data)
    (copy / "manifest.json").write_text(json.dumps(manifest))


def test_a_damaged_table_fails_the_boot_with_one_line(index_dir: Path, tmp_path: Path) -> None:
    copy = _copy(index_dir, tmp_path)
    good = (copy / verse_table.FILE_NAME).read_bytes()
    (copy / verse_table.FILE_NAME).write_bytes(good[:-100])
    with pytest.raises(IndexLoadError, match="stale or truncated"):
        RigvedaIndex.load(str(copy))
    cases = {
        "not a verse table": b"JUNK" + good[4:],
        "runs past the end": good[:-100],
        "rows, the manifest says": good.replace(b'"rows":10552', b'"rows":10553', 1),
    }
    for message, data in cases.items():
        assert data != good
        _damage(copy, data)
        with pytest.raises(IndexLoadError, match=message) as info:
            RigvedaIndex.load(str(copy))
        assert "\n" not in str(info.value)
    (copy / verse_table.FILE_NAME).unlink()
    with pytest.raises(IndexLoadError, match="index file missing"):
        RigvedaIndex.load(str(copy))
