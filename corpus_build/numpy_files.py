"""numpy for the page, unpacked at build time: ``web/assets/numpy-files.tar`` + ``web/assets/numpy-libs/``.

Why: ``pyodide.loadPackage(["numpy"])`` unzips the 3 MB wheel with Python's zipfile inside wasm and
compiles and instantiates all 19 of its wasm libraries on every page load (about a second of a warm
reload here). The build does the unzipping once, from the same sha256-checked wheel:

- ``numpy-files.tar``: every file of the installed numpy (the wheel's members minus the
  libraries listed below and the parts the page never imports, ``OMIT_*``, plus the ``__pycache__``
  bytecode of ``numpy-bytecode.zip``), which the
  page writes straight into Pyodide's file system (``web/python/loader.js``, ``installNumpy``);
- ``numpy-libs/<path in site-packages>.wasm``: the libraries ``import numpy`` loads (``EAGER``), each
  its own file, so the page compiles them with ``WebAssembly.compileStreaming`` while the runtime
  restores (and Chromium may keep their compiled code). The others (``numpy.linalg.lapack_lite``, the
  test modules) stay in the tar and are loaded by ``dlopen`` only if something imports them — the
  app never does.

Both are listed with their sha256 in ``assets/python.json`` and fetched with subresource integrity;
when they are absent (an older build, or this step failed) the page installs the wheel as before.
The tar is written uncompressed (12 MB) and travels compressed: ``precompress.py``'s ``.br``
(≈ 2.1 MB, against 3.3 MB for the gzip it used to be) or, where a host cannot negotiate, its
``.gz`` inflated by ``web/python/packed.js``.
Deterministic (sorted entries, mtime 0): rebuilt only when the wheel or the bytecode changes.
"""
from __future__ import annotations

import hashlib
import io
import json
import tarfile
import zipfile
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional

from corpus_build.manifest import sha256_bytes, write_atomic
from corpus_build.numpy_patches import fingerprint as patches_fingerprint
from corpus_build.numpy_patches import patch_source

FILES_NAME = "numpy-files.tar"
LIBS_DIR = "numpy-libs"
STAMP_NAME = "numpy-files.json"
FORMAT = "rvs-numpy-files-3"  # 2: the tar uncompressed (HTTP compresses it); 3: OMIT left out
# Parts of the wheel the page never imports, left out of the tar (issue 21: 0.9 of its 2.0 MB on the
# wire, every first visit, before ready). ``import numpy`` imports none of them (numpy 2.0 loads these
# subpackages on first attribute access, ``numpy.__getattr__``), and ``tests/unit/test_python_bundles.py``
# fails when pyapp uses one. ``numpy.ma`` stays: ``numpy.lib.recfunctions`` imports it. The wheel,
# installed when the unpacked files fail, still has everything. Prefixes of paths; suffixes of stubs.
OMIT_PACKAGES = ("numpy/f2py/", "numpy/testing/", "numpy/random/", "numpy/fft/", "numpy/polynomial/")
OMIT_SUFFIXES = (".pyi", ".pxd")  # type stubs and Cython headers: read by tools, never imported


def omitted(path: str) -> bool:
    return path.startswith(OMIT_PACKAGES) or path.endswith(OMIT_SUFFIXES)
# what `import numpy` (2.0.2, Pyodide 0.27.7) dlopens, checked under Node: `numpy.linalg` is imported
# by `numpy.matrixlib`, `_multiarray_tests` by `numpy._core`. A library missing here still works,
# loaded from the file system when first imported (a synchronous compile, slower).
EAGER = (
    "numpy/_core/_multiarray_umath.cpython-312-wasm32-emscripten.so",
    "numpy/_core/_multiarray_tests.cpython-312-wasm32-emscripten.so",
    "numpy/linalg/_umath_linalg.cpython-312-wasm32-emscripten.so",
)


class NumpyFiles(NamedTuple):
    names: List[str]  # written under assets/, for python.json
    changed: bool
    note: str


def lib_name(path: str) -> str:
    """``numpy/_core/x.so`` → ``numpy-libs/numpy/_core/x.so.wasm`` (``.wasm``: static hosts send
    ``application/wasm``, which ``compileStreaming`` requires)."""
    return f"{LIBS_DIR}/{path}.wasm"


def _tar(entries: Dict[str, bytes]) -> bytes:
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name in sorted(entries):
            info = tarfile.TarInfo(name)
            info.size = len(entries[name])
            info.mode = 0o644
            info.mtime = 0
            archive.addfile(info, io.BytesIO(entries[name]))
    return raw.getvalue()


def build_numpy_files(assets_dir: Path, vendor_dir: Path) -> NumpyFiles:
    """Write the tar and the libraries from the vendored wheel, if its sha256 is the lock's."""
    lock_path = vendor_dir / "pyodide" / "pyodide-lock.json"
    bytecode_path = assets_dir / "numpy-bytecode.zip"
    if not lock_path.is_file():
        return NumpyFiles([], False, "no pyodide-lock.json: the page installs the wheel")
    entry = json.loads(lock_path.read_text())["packages"]["numpy"]
    wheel_path = vendor_dir / "pyodide" / entry["file_name"]
    if not wheel_path.is_file():
        return NumpyFiles([], False, "numpy wheel not vendored: the page installs the wheel")
    wheel = wheel_path.read_bytes()
    if sha256_bytes(wheel) != entry["sha256"]:
        raise RuntimeError(f"{wheel_path.name} does not match the sha256 in pyodide-lock.json; not unpacking it")
    bytecode = bytecode_path.read_bytes() if bytecode_path.is_file() else b""
    digest = hashlib.sha256(f"{FORMAT}\n{entry['sha256']}\n{sha256_bytes(bytecode)}\n{EAGER}\n{OMIT_PACKAGES}\n{OMIT_SUFFIXES}"
                            f"\n{patches_fingerprint()}"
                            .encode()).hexdigest()
    names = [FILES_NAME] + [lib_name(path) for path in sorted(EAGER)]
    stamp = assets_dir / STAMP_NAME
    try:
        previous = json.loads(stamp.read_text()).get("inputs")
    except (OSError, ValueError):
        previous = None
    libs_dir = assets_dir / LIBS_DIR
    if previous == digest and all((assets_dir / name).is_file() for name in names):
        return NumpyFiles(names, False, "unchanged")
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        # the sources as the page's bytecode was compiled from them (corpus_build/numpy_patches.py)
        members = {info.filename: patch_source(info.filename, archive.read(info))
                   for info in archive.infolist() if not info.is_dir()}
    missing = [path for path in EAGER if path not in members]
    if missing:
        raise RuntimeError(f"the numpy wheel has no {missing[0]}; update EAGER in corpus_build/numpy_files.py")
    if bytecode:
        with zipfile.ZipFile(io.BytesIO(bytecode)) as archive:
            members.update({info.filename: archive.read(info) for info in archive.infolist() if not info.is_dir()})
    eager = {path: members.pop(path) for path in EAGER}
    members = {path: data for path, data in members.items() if not omitted(path)}
    write_atomic(assets_dir / FILES_NAME, _tar(members))
    wanted = set()
    for path, data in eager.items():
        target = assets_dir / lib_name(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
        wanted.add(target)
    if libs_dir.is_dir():  # a library no longer eager must not stay listed
        for old in libs_dir.rglob("*.wasm"):
            if old not in wanted:
                old.unlink()
    write_atomic(stamp, json.dumps({"inputs": digest}, indent=1).encode())
    return NumpyFiles(names, True, f"written ({len(members)} files, {len(eager)} libraries)")


def listed_files(assets_dir: Path) -> List[str]:
    """The numpy files present under ``assets_dir`` (for python.json), tar first."""
    names = [FILES_NAME] if (assets_dir / FILES_NAME).is_file() else []
    libs = assets_dir / LIBS_DIR
    if names and libs.is_dir():
        names += sorted(p.relative_to(assets_dir).as_posix() for p in libs.rglob("*.wasm"))
    return names if len(names) > 1 else []
