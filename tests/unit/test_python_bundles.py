"""The Python the page loads: zips with Pyodide-compiled bytecode, and the runtime's memory snapshot.

The bytecode and the snapshot are made by the vendored Pyodide under Node; these tests check what
the page relies on (bytecode for exactly Pyodide's Python, every module covered, rebuilt only when
an input changes, a usable zip without Node) without trusting the build's own report.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
import tarfile
import zipfile
from pathlib import Path

import pytest

from corpus_build.app_bundle import build_app_zip, build_python_bundles, write_python_manifest
from corpus_build.numpy_files import OMIT_PACKAGES, build_numpy_files, omitted
from corpus_build.numpy_patches import PATCHES, patch_source
from corpus_build.runtime_snapshot import build_runtime_snapshot, sparse, unsparse

REPO = Path(__file__).resolve().parents[2]
PY312_MAGIC = (3531).to_bytes(2, "little") + b"\r\n"  # importlib.util.MAGIC_NUMBER of CPython 3.12
SNAPSHOT_MAGIC = 1886286592


def _pyc_flags(data: bytes) -> int:
    assert data[:4] == PY312_MAGIC, "bytecode is not for Python 3.12"
    return struct.unpack("<I", data[4:8])[0]


def test_all_three_zips_carry_312_bytecode_for_every_module(tmp_path: Path, vendor_dir: Path) -> None:
    results = {r.path.name: r for r in build_python_bundles(tmp_path, vendor_dir)}
    assert set(results) == {"pyapp.zip", "site-packages.zip", "numpy-bytecode.zip"}
    with zipfile.ZipFile(tmp_path / "pyapp.zip") as app:
        names = set(app.namelist())
        assert "pyapp/bridge.pyc" in names and "pyapp/orchestrator.pyc" in names
        # bytecode alone: the sources are 1.97 MB nothing at run time reads (0.36 MB brotli before "ready")
        assert not any(n.endswith(".py") for n in names)
        assert "pyapp/data/kinship.json" in names  # the tables travel along
        # hash-based and unchecked: the page never re-reads the source to trust the bytecode
        assert _pyc_flags(app.read("pyapp/bridge.pyc")) == 0b01
        # compiled as -OO would: no docstring travels (a module's own opening words are not in its bytecode)
        bridge_doc = (REPO / "pyapp" / "bridge.py").read_text().split('"""')[1].split("\n")[0].encode()
        assert len(bridge_doc) > 20 and bridge_doc not in app.read("pyapp/bridge.pyc")
        # the command-line tools stay home; what the page imports of their packages travels
        assert "pyapp/bench/firstvisit.pyc" not in names and "pyapp/eval/calibrate.pyc" not in names
        assert {"pyapp/bench/inpage.pyc", "pyapp/eval/checks.pyc"} <= names
    with zipfile.ZipFile(tmp_path / "site-packages.zip") as site:
        names = set(site.namelist())
        assert "pydantic/main.pyc" in names and "typing_extensions.pyc" in names
        assert any(n.startswith("snowballstemmer/") and n.endswith(".pyc") for n in names)
        assert any(n.endswith(".dist-info/RECORD") for n in names)  # licences and metadata travel along
    with zipfile.ZipFile(tmp_path / "numpy-bytecode.zip") as numpy_pyc:
        names = numpy_pyc.namelist()
        assert "numpy/__pycache__/__init__.cpython-312.pyc" in names
        assert not any("/tests/" in n for n in names)
        _pyc_flags(numpy_pyc.read("numpy/__pycache__/__init__.cpython-312.pyc"))
    for name in results:  # stored: brotli over the whole zip (precompress.py) beats deflate per member
        with zipfile.ZipFile(tmp_path / name) as archive:
            assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}


def test_bundles_are_rebuilt_only_when_an_input_changes(tmp_path: Path, vendor_dir: Path) -> None:
    package = tmp_path / "pyapp"
    shutil.copytree(REPO / "pyapp", package, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "pyapp.zip"
    first = build_app_zip(out, package, vendor_dir / "pyodide")
    again = build_app_zip(out, package, vendor_dir / "pyodide")
    assert first.changed and not again.changed and first.sha256 == again.sha256
    (package / "schemas.py").write_text((package / "schemas.py").read_text() + "\nNEW_NAME = 1\n")
    changed = build_app_zip(out, package, vendor_dir / "pyodide")
    assert changed.changed and changed.sha256 != first.sha256
    with zipfile.ZipFile(out) as archive:
        assert b"NEW_NAME" in archive.read("pyapp/schemas.pyc")


def test_without_the_runtime_the_zip_holds_sources_only(tmp_path: Path) -> None:
    result = build_app_zip(tmp_path / "pyapp.zip", REPO / "pyapp", tmp_path / "no-pyodide-here")
    assert result.changed and result.compiled == 0
    with zipfile.ZipFile(result.path) as archive:
        names = archive.namelist()
    assert "pyapp/bridge.py" in names and not any(n.endswith(".pyc") for n in names)


def test_runtime_snapshot_is_a_sparse_pyodide_memory_image(tmp_path: Path, vendor_dir: Path) -> None:
    first = build_runtime_snapshot(tmp_path, vendor_dir / "pyodide")
    assert first.path is not None, first.note
    packed = first.path.read_bytes()  # uncompressed: HTTP compresses it (precompress.py's .br/.gz beside it)
    raw = unsparse(packed)  # what web/ui/snapshot.js expandSnapshot hands Pyodide
    assert len(packed) < 0.8 * len(raw) and sparse(raw) == packed
    magic, image_start, header_length = struct.unpack("<III", raw[:12])
    assert magic == SNAPSHOT_MAGIC and 48 + header_length <= image_start
    assert (len(raw) - image_start) % 65536 == 0 and len(packed) == first.raw_bytes
    assert not build_runtime_snapshot(tmp_path, vendor_dir / "pyodide").changed


def test_no_snapshot_without_the_runtime(tmp_path: Path) -> None:
    result = build_runtime_snapshot(tmp_path, tmp_path / "missing")
    assert result.path is None and "not vendored" in result.note
    assert not (tmp_path / "python-runtime.snapshot").exists()


def test_numpy_files_are_the_wheel_unpacked_with_its_bytecode(tmp_path: Path, vendor_dir: Path) -> None:
    lock = json.loads((vendor_dir / "pyodide" / "pyodide-lock.json").read_text())["packages"]["numpy"]
    with zipfile.ZipFile(vendor_dir / "pyodide" / lock["file_name"]) as wheel:
        members = {n: wheel.read(n) for n in wheel.namelist() if not n.endswith("/")}
    build_python_bundles(tmp_path, vendor_dir)
    first = build_numpy_files(tmp_path, vendor_dir)
    assert first.changed and not build_numpy_files(tmp_path, vendor_dir).changed
    with tarfile.open(tmp_path / "numpy-files.tar") as tar:
        unpacked = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    libs = {p.relative_to(tmp_path / "numpy-libs").as_posix()[: -len(".wasm")]: p.read_bytes()
            for p in (tmp_path / "numpy-libs").rglob("*.wasm")}
    assert "numpy/_core/_multiarray_umath.cpython-312-wasm32-emscripten.so" in libs
    assert all(data[:4] == b"\0asm" for data in libs.values())
    # every file of the wheel the page may import, byte for byte (the few the page edits, as edited:
    # corpus_build/numpy_patches.py), in exactly one of the two places
    assert set(unpacked) & set(libs) == set()
    shipped = {name: patch_source(name, data) for name, data in members.items() if not omitted(name)}
    assert all(shipped[name] != members[name] for name in PATCHES)
    assert {name: data for name, data in {**unpacked, **libs}.items() if name in members} == shipped
    assert not any(omitted(name) for name in unpacked) and "numpy/ma/core.py" in unpacked
    assert not any(name.startswith("numpy/random/") for name in [*unpacked, *libs])
    pycs = [name for name in unpacked if name.endswith(".cpython-312.pyc")]
    assert "numpy/__pycache__/__init__.cpython-312.pyc" in pycs
    _pyc_flags(unpacked["numpy/__pycache__/__init__.cpython-312.pyc"])
    listed = json.loads(write_python_manifest(tmp_path).read_text())["files"]
    for name in first.names:  # the page fetches them by these names, checked against these hashes
        assert listed[name]["sha256"] == hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
    # the raw tar travels compressed; where a host cannot, the page turns to its .gz (packed.js)
    assert listed["numpy-files.tar"].get("gz") is True and not any(listed[n].get("gz") for n in first.names[1:])


def test_a_numpy_wheel_not_matching_the_lock_is_not_unpacked(tmp_path: Path, vendor_dir: Path) -> None:
    fake = tmp_path / "vendor"
    (fake / "pyodide").mkdir(parents=True)
    lock = vendor_dir / "pyodide" / "pyodide-lock.json"
    shutil.copy(lock, fake / "pyodide" / lock.name)
    name = json.loads(lock.read_text())["packages"]["numpy"]["file_name"]
    (fake / "pyodide" / name).write_bytes(b"someone else's numpy")
    with pytest.raises(RuntimeError, match="sha256"):
        build_numpy_files(tmp_path, fake)
    assert not (tmp_path / "numpy-files.tar").exists() and not (tmp_path / "numpy-libs").exists()


def test_pyapp_uses_no_part_of_numpy_the_page_leaves_out() -> None:
    """numpy_files.OMIT_PACKAGES are not shipped unpacked: a use in pyapp must fail here, not in a
    reader's browser (``np.random.x``, ``numpy.fft``, ``from numpy import polynomial`` …)."""
    names = [p.rstrip("/").split("/", 1)[1] for p in OMIT_PACKAGES]
    pattern = re.compile(r"\b(?:np|numpy)\s*\.\s*(%s)\b|from\s+numpy\s+import\s+[^\n]*\b(%s)\b"
                         % ("|".join(names), "|".join(names)))
    root = Path(__file__).resolve().parents[2] / "pyapp"
    uses = [f"{p.relative_to(root)}: {m.group(0)}" for p in root.rglob("*.py")
            for m in pattern.finditer(p.read_text(encoding="utf-8"))]
    assert not uses, f"pyapp uses numpy parts the page does not ship (corpus_build/numpy_files.py OMIT_PACKAGES): {uses}"
    assert pattern.search("x = np.random.rand(3)") and pattern.search("from numpy import fft")
