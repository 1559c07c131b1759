"""A content-addressed cache of build steps' outputs, shared between checkouts: ``$RVS_STEP_CACHE``.

Why: the vectors step embeds 10,552 verses (about 5 minutes on 2 cores). A second checkout of the
same code with the same corpus — a fresh clone in CI, a test that clones the repository — would
compute byte-identical files again. With ``RVS_STEP_CACHE=DIR`` the build keeps each step's files
under ``DIR/<step>-<input hash>/`` and a later build whose step has the same input hash copies them
instead of rebuilding. The input hash is exactly the one that lets a build skip a step in place
(package version, the step's own source code and everything it imports, the corpus sha256;
``corpus_build.__main__``), so a hit means "these inputs made these bytes". Every file is checked
against its recorded sha256 on the way out; an entry that does not check out is ignored (and the
step is built). Unset (the default), nothing is cached and nothing changes.

Layout: ``DIR/<step>-<hash>/files.json`` ({relative path: sha256}) beside the files; an entry is
written to a temporary folder and renamed into place, so a reader never sees half of one.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Dict, Optional

from corpus_build.manifest import sha256_file

CACHE_ENV = "RVS_STEP_CACHE"
LISTING = "files.json"


def cache_dir() -> Optional[Path]:
    """The cache folder from ``$RVS_STEP_CACHE``, or ``None`` (no caching)."""
    configured = os.environ.get(CACHE_ENV, "").strip()
    return Path(configured).expanduser().resolve() if configured else None


def _entry(cache: Path, step: str, input_hash: str) -> Path:
    return cache / f"{step}-{input_hash}"


def _listing(entry: Path) -> Optional[Dict[str, str]]:
    try:
        listing = json.loads((entry / LISTING).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(listing, dict) or not listing:
        return None
    return {str(rel): str(sha) for rel, sha in listing.items()}


def restore(cache: Path, step: str, input_hash: str, out_dir: Path) -> Optional[Dict[str, str]]:
    """Copy a cached step's files into ``out_dir``; {relative path: sha256}, or ``None`` on a miss."""
    entry = _entry(cache, step, input_hash)
    listing = _listing(entry)
    if listing is None:
        return None
    for rel, sha in listing.items():
        source = entry / rel
        if rel.startswith(("/", "../")) or not source.is_file() or sha256_file(source) != sha:
            shutil.rmtree(entry, ignore_errors=True)  # damaged: build the step instead, and store it afresh
            return None
    for rel in listing:
        target = out_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        shutil.copyfile(entry / rel, temporary)
        os.replace(temporary, target)
    return dict(listing)


def has(cache: Path, step: str, input_hash: str) -> bool:
    return _listing(_entry(cache, step, input_hash)) is not None


def store(cache: Path, step: str, input_hash: str, out_dir: Path, files: Dict[str, str]) -> bool:
    """Keep a step's files (``files``: {relative path: sha256}, as recorded); ``True`` if stored now.
    A full disk or a read-only cache only warns: the cache is an optimisation, never a failure."""
    entry = _entry(cache, step, input_hash)
    if has(cache, step, input_hash):
        return False
    temporary = cache / f".{entry.name}.{os.getpid()}.tmp"
    try:
        shutil.rmtree(temporary, ignore_errors=True)
        for rel in files:
            target = temporary / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(out_dir / rel, target)
        (temporary / LISTING).write_text(json.dumps(files, sort_keys=True, indent=1), encoding="utf-8")
        try:
            os.replace(temporary, entry)
        except OSError:  # another build stored the same entry meanwhile
            shutil.rmtree(temporary, ignore_errors=True)
            return False
    except OSError as exc:
        shutil.rmtree(temporary, ignore_errors=True)
        print(f"warning: cannot keep step {step} in ${CACHE_ENV} ({cache}): {exc}", file=sys.stderr, flush=True)
        return False
    return True
