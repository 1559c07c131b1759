"""Deterministic file writing, hashing and the index manifest.

Why this exists: the browser trusts ``manifest.json`` to know which files to fetch and the service
worker can key its cache on ``build_version``; the build trusts it to skip steps whose inputs did
not change. Both only work if the same input gives byte-identical files (sorted keys, no
timestamps, no absolute paths) and if each file records which step wrote it.
"""
from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import os
import contextlib
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional

try:
    import fcntl
except ImportError:  # Windows: builds are not serialised there
    fcntl = None  # type: ignore[assignment]

from pydantic import BaseModel, Field, ValidationError

MANIFEST = "manifest.json"
STATE = ".build-state.json"  # per-step progress of an unfinished build; manifest.json appears last
# Files the page fetches only when asked (a translation the reader chooses): listed in the manifest
# with "lazy": true, so the boot and the service worker's install leave them out (web/ui/boot.js, web/sw.js).
LAZY_PREFIXES = ("versions/", "languages/", "bilingual/")


class StepUnavailable(Exception):
    """A step's optional inputs cannot be reached: the build warns and lists the step as skipped."""


def is_lazy(name: str) -> bool:
    return name.startswith(LAZY_PREFIXES)


class FileEntry(BaseModel):
    sha256: str = Field(..., regex=r"^[0-9a-f]{64}$")
    bytes: int = Field(..., ge=0)
    step: str


class BuildState(BaseModel):
    """What the skip logic needs: the input hash of each finished step and the files it wrote."""

    steps: Dict[str, str] = Field(default_factory=dict)
    files: Dict[str, FileEntry] = Field(default_factory=dict)

    class Config:
        extra = "ignore"  # a manifest is a superset of the state and can be read as one

    def files_of(self, step: str) -> Dict[str, FileEntry]:
        return {name: entry for name, entry in self.files.items() if entry.step == step}


@contextlib.contextmanager
def exclusive(lock_file: Path, what: str) -> Iterator[None]:
    """Serialise concurrent builds of the same directory (tests and ``serve.py`` may start one each);
    the second waits and then finds everything up to date instead of racing on the same files."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_file, "a+") as handle:
        if fcntl is not None:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                print(f"waiting for another process building {what}…", file=sys.stderr, flush=True)
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def json_bytes(obj: Any, *, indent: Optional[int] = None) -> bytes:
    """Canonical JSON: sorted keys, UTF-8 (Devanagari stays readable and ~3x smaller than \\u escapes)."""
    separators = (",", ":") if indent is None else (",", ": ")
    text = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=separators, indent=indent, allow_nan=False)
    return (text + "\n").encode("utf-8")


def write_atomic(path: Path, data: bytes) -> str:
    """Write via a temp file + rename so an interrupted build never leaves a half file; returns sha256."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return sha256_bytes(data)


PROJECT_PACKAGES = ("pyapp", "corpus_build")


def _project_imports(module: Any) -> List[str]:
    """Project modules a module uses: imported modules and the home modules of imported names
    (``from pyapp.search.translit import fold`` → ``pyapp.search.translit``)."""
    found = set()
    for value in vars(module).values():
        name = value.__name__ if inspect.ismodule(value) else getattr(value, "__module__", None)
        if isinstance(name, str) and name.split(".")[0] in PROJECT_PACKAGES and name != module.__name__:
            found.add(name)
    return sorted(found)


def module_closure(module_name: str) -> List[str]:
    """The project modules a step's code consists of: its module and every project module it
    imports, transitively, plus the extra modules it names in ``BUILD_DEPENDS``."""
    seen: List[str] = []
    pending = [module_name]
    while pending:
        name = pending.pop(0)
        if name in seen or name == "corpus_build.__main__":
            continue
        seen.append(name)
        module = importlib.import_module(name)
        pending.extend(_project_imports(module) + sorted(getattr(module, "BUILD_DEPENDS", ()) or ()))
    return sorted(seen)


def module_source_hash(module_name: str) -> str:
    """Hash of a step's code (``module_closure``: so a change to the pyapp tokenizer a BM25 index must
    agree with rebuilds that index) and of each module's optional ``BUILD_VERSION``."""
    digest = hashlib.sha256()
    for name in module_closure(module_name):
        module = importlib.import_module(name)
        digest.update(name.encode() + b"\0")
        try:
            digest.update(inspect.getsource(module).encode("utf-8"))
        except (OSError, TypeError):
            digest.update(b"<no source>")
        digest.update(str(getattr(module, "BUILD_VERSION", "")).encode() + b"\0")
    return digest.hexdigest()


def step_input_hash(parts: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8") + b"\0")
    return digest.hexdigest()


def read_state(out_dir: Path) -> BuildState:
    """The state of the last (possibly unfinished) build; an unreadable file just means 'rebuild'."""
    for name in (STATE, MANIFEST):
        path = out_dir / name
        if path.is_file():
            try:
                return BuildState.parse_raw(path.read_bytes())
            except (ValidationError, ValueError):
                continue
    return BuildState()


def write_state(out_dir: Path, state: BuildState) -> None:
    write_atomic(out_dir / STATE, json_bytes(state.dict()))


def files_intact(out_dir: Path, entries: Dict[str, FileEntry]) -> bool:
    """True if every recorded file exists with the recorded size and sha256."""
    for name, entry in entries.items():
        path = out_dir / name
        if not path.is_file() or path.stat().st_size != entry.bytes:
            return False
        if sha256_file(path) != entry.sha256:
            return False
    return True


def build_version(package_version: str, files: Dict[str, FileEntry]) -> str:
    """``<package version>+<12 hex>`` over all file hashes: changes iff any shipped byte changes,
    so the browser/service worker can use it as a cache key."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name}\0{files[name].sha256}\n".encode())
    return f"{package_version}+{digest.hexdigest()[:12]}"


def render_manifest(
    *,
    package_version: str,
    corpus: Dict[str, Any],
    counts: Dict[str, Any],
    model: Dict[str, Any],
    state: BuildState,
    skipped: List[str],
) -> bytes:
    files = {name: {**entry.dict(), **({"lazy": True} if is_lazy(name) else {})}
             for name, entry in sorted(state.files.items())}
    manifest = {
        "build_version": build_version(package_version, state.files),
        "corpus": corpus,
        "counts": counts,
        "model": model,
        "files": files,
        "steps": dict(sorted(state.steps.items())),
        "skipped": sorted(skipped),
    }
    return json_bytes(manifest, indent=1)
