"""The rest zips (corpus_build/rest_zips.py): what a page that restores the runtime snapshot fetches instead of
the full app and package zips. What a reader would see go wrong: a module imported after the restore, or a data
table read after it, missing; a stale rest zip beside a new snapshot; the service worker caching both."""
from __future__ import annotations

import json
import zipfile
from pathlib import Path

from corpus_build import rest_zips, runtime_snapshot
from corpus_build.app_bundle import write_python_manifest


def _zip(path: Path, members: dict) -> None:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in members.items():
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)


def _assets(tmp_path: Path, loaded: dict) -> Path:
    _zip(tmp_path / "pyapp.zip", {"pyapp/__init__.pyc": b"init", "pyapp/boot.pyc": b"BOOTCODE" * 50,
                                  "pyapp/later.pyc": b"later", "pyapp/data/table.json": b'{"a": 1}'})
    _zip(tmp_path / "site-packages.zip", {"pkg/__init__.pyc": b"p", "pkg/lazy.pyc": b"lazy"})
    (tmp_path / runtime_snapshot.FILE_NAME).write_bytes(b"snapshot")
    (tmp_path / runtime_snapshot.STAMP_NAME).write_text(json.dumps({"inputs": "x", "bytes": 8, "loaded": loaded}))
    return tmp_path


def test_a_rest_zip_blanks_only_what_the_snapshot_imported_and_moves_nothing(tmp_path: Path) -> None:
    assets = _assets(tmp_path, {"pyapp.zip": ["pyapp/__init__.pyc", "pyapp/boot.pyc"], "site-packages.zip": ["pkg/__init__.pyc"]})
    made = {r.name: r for r in rest_zips.build_rest_zips(assets)}
    assert set(made) == {"pyapp.rest.zip", "site-packages.rest.zip"} and made["pyapp.rest.zip"].blanked == 2
    full, rest = (assets / "pyapp.zip").read_bytes(), (assets / "pyapp.rest.zip").read_bytes()
    assert len(rest) == len(full) and rest.count(b"BOOTCODE") == 0 and full.count(b"BOOTCODE") == 50  # the imported module's bytes are gone
    with zipfile.ZipFile(assets / "pyapp.zip") as a, zipfile.ZipFile(assets / "pyapp.rest.zip") as b:
        # every member where it was: the snapshot's importers keep reading the offsets they hold
        assert [(i.filename, i.header_offset) for i in a.infolist()] == [(i.filename, i.header_offset) for i in b.infolist()]
        assert b.read("pyapp/later.pyc") == b"later" and b.read("pyapp/data/table.json") == b'{"a": 1}'
    with zipfile.ZipFile(assets / "site-packages.rest.zip") as z:
        assert z.read("pkg/lazy.pyc") == b"lazy"
    rest_zips.build_rest_zips(assets)
    assert (assets / "pyapp.rest.zip").read_bytes() == rest  # byte-identical builds


def test_python_json_links_each_zip_to_its_rest_only_beside_a_snapshot(tmp_path: Path) -> None:
    assets = _assets(tmp_path, {"pyapp.zip": ["pyapp/boot.pyc"]})
    rest_zips.build_rest_zips(assets)
    files = json.loads(write_python_manifest(assets).read_text())["files"]
    assert files["pyapp.zip"]["rest"] == "pyapp.rest.zip" and files["pyapp.rest.zip"]["rest_of"] == "pyapp.zip"
    assert "rest" not in files["site-packages.zip"] and "site-packages.rest.zip" not in files  # nothing loaded from it

    (assets / runtime_snapshot.FILE_NAME).unlink()  # no snapshot: the full zips, and no stale rest left behind
    assert rest_zips.build_rest_zips(assets) == []
    assert not (assets / "pyapp.rest.zip").exists()
    files = json.loads(write_python_manifest(assets).read_text())["files"]
    assert "rest" not in files["pyapp.zip"] and "pyapp.rest.zip" not in files


def test_a_stamp_that_does_not_say_what_it_loaded_makes_no_rest(tmp_path: Path) -> None:
    assets = _assets(tmp_path, {})
    (assets / runtime_snapshot.STAMP_NAME).write_text(json.dumps({"inputs": "x", "bytes": 8}))  # an older stamp
    assert rest_zips.build_rest_zips(assets) == []
