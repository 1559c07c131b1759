"""The Python the page imports, as three zips with precompiled bytecode.

- ``web/assets/pyapp.zip``: the ``pyapp`` package as ``.pyc`` (its sources only where no bytecode
  could be made) and its data tables.
- ``web/assets/site-packages.zip``: the vendored pure wheels (pydantic, typing_extensions,
  snowballstemmer), whole, plus a ``.pyc`` beside each module.
- ``web/assets/numpy-bytecode.zip``: ``__pycache__`` files for the Pyodide numpy wheel's modules
  (not its tests), unpacked over the installed numpy.

Why zips the page puts on ``sys.path`` (zipimport) rather than unpacks: one download each and no
per-file unpacking in wasm. Why stored, not deflated: deflate works per member, so the many small
modules and their ``.pyc`` share nothing; brotli over the whole stored zip (``precompress.py``,
sent by ``serve.py``) sees them together and is smaller on the wire, and zipimport then reads
members without inflating them. Why bytecode: see ``bytecode.py`` (about a second per page load). Why
deterministic (sorted entries, fixed 1980 timestamps and permissions, the inputs' digest in the zip
comment): a zip only changes when an input does, so ``serve.py`` can rebuild on every start for
free and caches stay valid otherwise.

    python -m corpus_build.app_bundle [--out web/assets/pyapp.zip] [--assets web/assets]

(without ``--out`` it also builds the runtime snapshot, ``runtime_snapshot.py``)
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
import zipfile
from pathlib import Path, PurePosixPath
from typing import Dict, List, NamedTuple, Optional, Tuple

from corpus_build.bytecode import PYODIDE_DIR, compile_sources, compiler_fingerprint, compiler_problem
from corpus_build.manifest import sha256_bytes, write_atomic
from corpus_build.numpy_patches import patch_source
from corpus_build.progress import Heartbeat

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = REPO_ROOT / "pyapp"
ASSETS_DIR = REPO_ROOT / "web" / "assets"
VENDOR_DIR = REPO_ROOT / "web" / "vendor"
DEFAULT_OUT = ASSETS_DIR / "pyapp.zip"
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
# where the page puts things (web/ui/boot.js): zips on sys.path, numpy in site-packages
APP_ZIP_PATH = "/home/pyodide/pyapp.zip"
SITE_ZIP_PATH = "/home/pyodide/site-packages.zip"
SITE_PACKAGES = "/lib/python3.12/site-packages"
FORMAT = "rvs-bundle-4"  # 3: members stored, not deflated (HTTP brotli over the whole zip is smaller); 4: optimize level
# pyapp's command-line tools the page never imports (benchmarks, calibration, the eval runners): left out of
# pyapp.zip, which every first visit downloads before "ready" (issue 21). Kept: what the page does import —
# the in-page search benchmark (web/python/worker.py) and the eval's text checks (pyapp/reading/refrain.py).
BROWSER_ONLY_FROM = {"pyapp/bench": {"__init__.py", "inpage.py"}, "pyapp/eval": {"__init__.py", "checks.py"}}
# pyapp's bytecode is compiled as ``python -OO`` would (docstrings and asserts left out): the docstrings
# say why for the developer and are a tenth of the bytecode, in pyapp.zip and in the runtime snapshot
# that holds the imported modules; nothing in the page reads a docstring (measured: pyapp.zip 1.19 ->
# 1.04 MB brotli). The vendored wheels keep theirs (optimize 0): their code may read its own.
APP_OPTIMIZE = 2


class BundleResult(NamedTuple):
    path: Path
    sha256: str
    bytes: int
    files: int  # Python modules in it
    changed: bool
    compiled: int = 0  # of which have bytecode


class BundleSpec(NamedTuple):
    """What goes into one zip: files stored as they are, and pycs to compile from sources."""

    out: Path
    files: Dict[str, bytes]
    compile: Dict[str, Tuple[bytes, str]]  # archive path of the pyc -> (source, path at run time)
    # a module's source left out where its bytecode is in: zipimport runs a hash-based, unchecked pyc
    # without it, and nothing of pyapp reads its own sources (issue 21: pyapp.zip 1.42 -> 1.06 MB brotli,
    # before "ready"; a traceback then names file and line without the line's text)
    sourceless: bool = False
    optimize: int = 0  # compile()'s optimize: 2 leaves docstrings and asserts out


def package_sources(package_dir: Path = PACKAGE_DIR) -> List[Path]:
    """Every ``.py`` file of the package the page may import, in a stable order (no caches, no tests, no
    data, none of the command-line tools in ``BROWSER_ONLY_FROM``'s folders but the modules it keeps)."""
    def for_page(path: Path) -> bool:
        rel = path.relative_to(package_dir.parent).as_posix()
        folder, _, name = rel.rpartition("/")
        return "__pycache__" not in path.parts and name in BROWSER_ONLY_FROM.get(folder, {name})

    return sorted((p for p in package_dir.rglob("*.py") if for_page(p)),
                  key=lambda p: p.relative_to(package_dir.parent).as_posix())


def package_data(package_dir: Path = PACKAGE_DIR) -> List[Path]:
    """The package's own data files (``pyapp/data/*.json``, read with ``pkgutil.get_data``)."""
    return sorted(package_dir.glob("data/*.json"), key=lambda p: p.name)


def app_spec(out: Path, package_dir: Path = PACKAGE_DIR) -> BundleSpec:
    files: Dict[str, bytes] = {}
    jobs: Dict[str, Tuple[bytes, str]] = {}
    for path in package_sources(package_dir):
        rel = path.relative_to(package_dir.parent).as_posix()
        files[rel] = path.read_bytes()
        jobs[rel[:-3] + ".pyc"] = (files[rel], f"{APP_ZIP_PATH}/{rel}")
    for path in package_data(package_dir):
        files[path.relative_to(package_dir.parent).as_posix()] = path.read_bytes()
    return BundleSpec(out, files, jobs, sourceless=True, optimize=APP_OPTIMIZE)


def _wheel_members(wheel: Path) -> Dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist() if not info.is_dir()}


def _is_module(name: str) -> bool:
    return name.endswith(".py") and ".dist-info/" not in name


def site_spec(out: Path, vendor_dir: Path = VENDOR_DIR) -> Optional[BundleSpec]:
    """The pure wheels named in ``vendor/wheels/wheels.json``; None until they are vendored."""
    listing = vendor_dir / "wheels" / "wheels.json"
    if not listing.is_file():
        return None
    files: Dict[str, bytes] = {}
    for name in json.loads(listing.read_text())["wheels"]:
        wheel = vendor_dir / "wheels" / name
        if not wheel.is_file():
            return None
        files.update(_wheel_members(wheel))
    jobs = {name[:-3] + ".pyc": (data, f"{SITE_ZIP_PATH}/{name}") for name, data in files.items() if _is_module(name)}
    return BundleSpec(out, files, jobs)


def numpy_spec(out: Path, vendor_dir: Path = VENDOR_DIR) -> Optional[BundleSpec]:
    """Bytecode for the numpy wheel Pyodide installs (named in its lock); None until vendored."""
    lock = vendor_dir / "pyodide" / "pyodide-lock.json"
    if not lock.is_file():
        return None
    wheel = vendor_dir / "pyodide" / json.loads(lock.read_text())["packages"]["numpy"]["file_name"]
    if not wheel.is_file():
        return None
    jobs: Dict[str, Tuple[bytes, str]] = {}
    for name, data in _wheel_members(wheel).items():
        parts = PurePosixPath(name).parts
        if not _is_module(name) or "tests" in parts:
            continue
        cache = PurePosixPath(*parts[:-1], "__pycache__", parts[-1][:-3] + ".cpython-312.pyc").as_posix()
        # compiled from the page's edited source (corpus_build/numpy_patches.py), like numpy-files.tar's copy
        jobs[cache] = (patch_source(name, data), f"{SITE_PACKAGES}/{name}")
    return BundleSpec(out, {}, jobs)


def _digest(spec: BundleSpec, fingerprint: str) -> str:
    digest = hashlib.sha256(f"{FORMAT}\n{fingerprint}\n{'sourceless' + chr(10) if spec.sourceless else ''}"
                            f"optimize {spec.optimize}\n".encode())
    for name in sorted(spec.files):
        digest.update(f"{name}\n".encode() + hashlib.sha256(spec.files[name]).digest())
    for name in sorted(spec.compile):
        source, runtime = spec.compile[name]
        digest.update(f"{name}\n{runtime}\n".encode() + hashlib.sha256(source).digest())
    return digest.hexdigest()


def _zip(entries: Dict[str, bytes], comment: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o100644 << 16
            info.create_system = 3  # unix, regardless of the building OS
            archive.writestr(info, entries[name])
        archive.comment = comment.encode()
    return buffer.getvalue()


def _stored_digest(path: Path) -> Optional[str]:
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.comment.decode()
    except (OSError, zipfile.BadZipFile, UnicodeDecodeError):
        return None


def build_bundles(specs: List[BundleSpec], pyodide_dir: Path = PYODIDE_DIR,
                  say=lambda message: print(message, file=sys.stderr)) -> List[BundleResult]:
    """Write every zip whose inputs changed; one Pyodide run compiles the bytecode they all need."""
    problem = compiler_problem(pyodide_dir)
    fingerprint = "sources-only" if problem else compiler_fingerprint(pyodide_dir)
    digests = [_digest(spec, fingerprint) for spec in specs]
    todo = [i for i, spec in enumerate(specs) if _stored_digest(spec.out) != digests[i]]
    compiled: Dict[str, bytes] = {}
    jobs = {f"{i}/{name}": (*job, specs[i].optimize) for i in todo for name, job in specs[i].compile.items()}
    if problem and jobs:
        say(f"warning: Python bundles without bytecode ({problem}); the page will compile at load time")
    elif jobs:
        names = ", ".join(specs[i].out.name for i in todo)
        say(f"compiling {len(jobs)} Python modules to bytecode with the vendored Pyodide under Node ({names})…")
        try:
            with Heartbeat(say, "compiling Python bytecode"):
                compiled = compile_sources(jobs, pyodide_dir)
        except (RuntimeError, OSError) as exc:
            say(f"warning: Python bundles without bytecode: {exc}")
            for i in todo:
                digests[i] = _digest(specs[i], "sources-only")
    results = []
    for i, spec in enumerate(specs):
        modules = sum(1 for name in spec.files if name.endswith(".py")) or len(spec.compile)
        if i not in todo:
            data = spec.out.read_bytes()
            with zipfile.ZipFile(spec.out) as archive:
                count = sum(1 for n in archive.namelist() if n.endswith(".pyc"))
            results.append(BundleResult(spec.out, sha256_bytes(data), len(data), modules, False, count))
            continue
        pycs = {name: compiled[f"{i}/{name}"] for name in spec.compile if f"{i}/{name}" in compiled}
        files = spec.files
        if spec.sourceless:
            files = {name: data for name, data in files.items() if not (name.endswith(".py") and name[:-3] + ".pyc" in pycs)}
        data = _zip({**files, **pycs}, digests[i])
        write_atomic(spec.out, data)
        results.append(BundleResult(spec.out, sha256_bytes(data), len(data), modules, True, len(pycs)))
    return results


def bundle_bytes(package_dir: Path = PACKAGE_DIR) -> tuple[bytes, int]:
    """pyapp.zip's sources-only bytes (entries ``pyapp/...``), as the no-Node fallback writes them."""
    spec = app_spec(DEFAULT_OUT, package_dir)
    return _zip(spec.files, _digest(spec, "sources-only")), len(spec.files)


def build_app_zip(out: Path = DEFAULT_OUT, package_dir: Path = PACKAGE_DIR,
                  pyodide_dir: Path = PYODIDE_DIR) -> BundleResult:
    """pyapp.zip alone (the index build makes it next to the index)."""
    return build_bundles([app_spec(out, package_dir)], pyodide_dir, say=lambda m: None)[0]


def build_python_bundles(assets_dir: Path = ASSETS_DIR, vendor_dir: Path = VENDOR_DIR,
                         say=lambda message: print(message, file=sys.stderr, flush=True)) -> List[BundleResult]:
    """All three zips the page loads; the two from vendored wheels need ``corpus_build.vendor`` first."""
    specs = [app_spec(assets_dir / "pyapp.zip")]
    for spec in (site_spec(assets_dir / "site-packages.zip", vendor_dir),
                 numpy_spec(assets_dir / "numpy-bytecode.zip", vendor_dir)):
        if spec is not None:
            specs.append(spec)
    return build_bundles(specs, vendor_dir / "pyodide", say=say)


PYTHON_MANIFEST = "python.json"
# python_stdlib.zip: Pyodide's stdlib repacked stored, for brotli over the whole (corpus_build/stdlib_zip.py)
PYTHON_FILES = ("pyapp.zip", "site-packages.zip", "numpy-bytecode.zip", "python-runtime.snapshot", "python_stdlib.zip",
                "pyapp.rest.zip", "site-packages.rest.zip", "python_stdlib.rest.zip")
# a rest zip (corpus_build/rest_zips.py) and the full zip it is the rest of: python.json links them
# (``rest`` / ``rest_of``) so the page and the service worker fetch the rest where the snapshot restores
REST_OF = {"pyapp.rest.zip": "pyapp.zip", "site-packages.rest.zip": "site-packages.zip",
           "python_stdlib.rest.zip": "python_stdlib.zip"}
# Files shipped raw that must not travel raw: ``"gz": true`` in python.json tells the page and the
# service worker (web/python/packed.js, web/sw.js) that ``name.gz`` lies beside them, to fetch and
# inflate when a host sends ``name`` without Content-Encoding (25 and 12 MB instead of 5 and 2).
GZIP_FALLBACK = ("python-runtime.snapshot", "numpy-files.tar", "python_stdlib.zip", "python_stdlib.rest.zip")


def write_python_manifest(assets_dir: Path = ASSETS_DIR) -> Path:
    """``assets/python.json``: sha256 and size of each Python file the page loads.

    Why: the page asks for ``<file>?v=<sha>``, so the service worker and the HTTP cache can keep
    them for good (cache-first) while a rebuilt file still arrives at once under a new URL; only
    this small file is revalidated on each load."""
    from corpus_build.numpy_files import listed_files

    files = {}
    for name in (*PYTHON_FILES, *listed_files(assets_dir)):
        path = assets_dir / name
        if path.is_file():
            data = path.read_bytes()
            files[name] = {"sha256": sha256_bytes(data), "bytes": len(data)}
            if name in GZIP_FALLBACK:
                files[name]["gz"] = True
    for rest, full in REST_OF.items():
        if rest in files and full in files and "python-runtime.snapshot" in files:
            files[rest]["rest_of"] = full
            files[full]["rest"] = rest
        else:
            files.pop(rest, None)
    out = assets_dir / PYTHON_MANIFEST
    data = (json.dumps({"files": files}, indent=1, sort_keys=True) + "\n").encode()
    if not out.is_file() or out.read_bytes() != data:
        write_atomic(out, data)
    return out


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus_build.app_bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, help="write only pyapp.zip, here")
    parser.add_argument("--assets", type=Path, default=ASSETS_DIR, help="where the three zips go (default web/assets)")
    args = parser.parse_args(argv)
    results = [build_app_zip(args.out)] if args.out else build_python_bundles(args.assets)
    for result in results:
        state = "written" if result.changed else "unchanged"
        print(f"{result.path.name} {state}: {result.files} modules ({result.compiled} compiled), "
              f"{result.bytes / 1024:.0f} KiB -> {result.path}")
    if not args.out:
        from corpus_build.numpy_files import build_numpy_files
        from corpus_build.runtime_snapshot import build_runtime_snapshot
        from corpus_build.stdlib_zip import build_stdlib_zip

        numpy_files = build_numpy_files(args.assets, VENDOR_DIR)
        print(f"numpy files {numpy_files.note}")
        stdlib = build_stdlib_zip(args.assets, VENDOR_DIR / "pyodide")  # before the snapshot, which is made from it
        if stdlib is not None:
            print(f"python_stdlib.zip {'written' if stdlib.changed else 'unchanged'}: {stdlib.members} members, "
                  f"{stdlib.bytes / 2**20:.1f} MiB stored -> {stdlib.path}")

        snapshot = build_runtime_snapshot(args.assets, VENDOR_DIR / "pyodide")
        print(f"runtime snapshot {snapshot.note}: {snapshot.raw_bytes / 2**20:.1f} MiB (sparse)"
              + (f" -> {snapshot.path}" if snapshot.path else ""))
        from corpus_build.rest_zips import build_rest_zips

        for rest in build_rest_zips(args.assets):
            print(f"{rest.name}: {rest.full} with the {rest.blanked} members the snapshot holds blanked "
                  f"({rest.blanked_bytes / 1024:.0f} KiB of zeros)")
        print(f"listed in {write_python_manifest(args.assets)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
