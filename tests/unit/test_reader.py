"""``pyapp.reader``: the hymn reader's catalogue and hymns on the real built index, and the bridge's JSON."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp import bridge, reader
from pyapp.index import RigvedaIndex


@pytest.fixture(scope="module")
def index(index_dir: Path) -> RigvedaIndex:
    return RigvedaIndex.load(str(index_dir))


def test_catalogue_has_every_hymn_with_clean_names(index: RigvedaIndex) -> None:
    data = reader.catalog(index)
    rows = [dict(zip(data["fields"], row)) for row in data["rows"]]
    assert len(rows) == index.manifest["counts"]["hymns"] == 1028
    assert sum(r["verses"] for r in rows) == len(index.verses)
    by_ref = {r["ref"]: r for r in rows}
    assert by_ref["3.62"]["seers"][0] == "Gāthina Viśvāmitra"  # sandhi undone: "gāthino viśvāmitraḥ"
    assert by_ref["1.1"]["deities"] == ["Agni"] and by_ref["1.1"]["metres"] == ["Gāyatrī"]
    assert by_ref["10.129"]["metres"] == ["Triṣṭubh"]
    assert [m["hymns"] for m in data["mandalas"]] == [index.hymn_count(m) for m in range(1, 11)]
    assert {m["mandala"]: m["family"] for m in data["mandalas"] if m["family"]}[3] == "Viśvāmitra"
    text = reader.catalog_json(index)
    assert reader.catalog_json(index) is text  # made once per index
    assert len(text.encode()) < 200_000  # small: the page parses it once


def test_hymn_has_its_verses_runs_and_neighbours(index: RigvedaIndex) -> None:
    data = reader.hymn(index, "3.62.10")
    assert data["success"] and data["ref"] == "3.62" and data["verse"] == 10
    assert [row[0] for row in data["verses"]] == list(range(1, 19))
    verse = index.by_ref("3.62.10")
    assert data["verses"][9][1:] == [verse.sanskrit, verse.roman, verse.translation]
    assert data["seers"][0] == [1, 15, "Gāthina Viśvāmitra"]
    assert data["metres"] == [[1, 3, "Triṣṭubh"], [4, 18, "Gāyatrī"]]
    assert (data["prev"], data["next"]) == ("3.61", "4.1")
    assert (reader.hymn(index, "1.1")["prev"], reader.hymn(index, "10.191")["next"]) == (None, None)
    assert reader.hymn(index, "2.1")["prev"] == "1.191"


@pytest.mark.parametrize("ref, message", [
    ("11.1", "Mandala 11 does not exist"), ("1.999", "Hymn 1.999 does not exist"),
    ("1.1.99", "Verse 1.1.99 does not exist"), ("<b>1</b>", "is not a hymn reference"),
])
def test_bad_references_say_why(index: RigvedaIndex, ref: str, message: str) -> None:
    data = reader.hymn(index, ref)
    assert not data["success"] and message in data["error"]


def test_bridge_functions_return_json(index_dir: Path) -> None:
    assert json.loads(bridge.boot(str(index_dir)))["success"]
    hymn = json.loads(bridge.reader_hymn("10.129"))
    assert hymn["success"] and len(hymn["verses"]) == 7
    catalog = json.loads(bridge.reader_catalog())
    assert catalog["success"] and len(catalog["rows"]) == 1028
    assert json.loads(bridge.reader_hymn("0.0"))["success"] is False
