"""Pyodide's standard library, repacked for the wire: ``web/assets/python_stdlib.zip``.

Why: the vendored ``python_stdlib.zip`` (npm ``pyodide@0.27.7``, pinned by sha256 in
``vendor.lock.json``) is deflated member by member: 2.36 MB that HTTP cannot shrink further, since
each of its 500 modules is compressed alone. Stored (members as they are) it is 9 MB, and brotli
over the whole (``precompress.py``, sent by ``serve.py`` or any host that honours
``Accept-Encoding``) sees the modules together: about 1.5 MB on the wire (issue 21: every first
visit, and the 35 MB budget). zipimport reads stored members without inflating them, too.

The page passes the repacked file to ``loadPyodide({stdLibURL})`` (``web/python/loader.js``) when
``assets/python.json`` lists it; the runtime snapshot is made from the same file
(``runtime_snapshot.py``: zipimport's table of the zip's offsets lives in the snapshot's memory, so
a snapshot and a stdlib of different builds must never meet). Without this file (an older build)
the page uses the vendored one, as before.

Modules no boot or answer path imports may be left out (``STDLIB_DROP``, data in
``stdlib_drop.json``); ``tests/unit/test_stdlib_zip.py`` checks that nothing pyapp or its packages
import, at any depth, is among them, so a dropped module fails a test and not a reader.

Deterministic (the vendored order, fixed 1980 timestamps, the inputs' digest in the zip comment):
rebuilt only when the vendored zip or the drop list changes.
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path
from typing import Iterable, List, NamedTuple, Tuple

from corpus_build.manifest import sha256_bytes, write_atomic

FILE_NAME = "python_stdlib.zip"  # under web/assets/, beside the other Python files of python.json
FORMAT = "rvs-stdlib-1"
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
DROP_FILE = Path(__file__).resolve().parent / "stdlib_drop.json"


class StdlibResult(NamedTuple):
    path: Path
    sha256: str
    bytes: int
    members: int
    dropped: int
    changed: bool


def drop_list(path: Path = DROP_FILE) -> Tuple[str, ...]:
    """Top-level modules and packages left out (``stdlib_drop.json``: ``{"drop": [...]}``); () without the file."""
    try:
        return tuple(sorted(json.loads(path.read_text(encoding="utf-8")).get("drop", [])))
    except (OSError, ValueError):
        return ()


def top_level(member: str) -> str:
    """``email/mime/text.py`` → ``email``; ``pydoc.py`` → ``pydoc``."""
    first = member.split("/", 1)[0]
    return first[:-3] if first.endswith(".py") else first


def repack(source: bytes, drop: Iterable[str] = ()) -> Tuple[bytes, int, int]:
    """The vendored zip's bytes → (stored zip, members kept, members dropped)."""
    dropped = set(drop)
    digest = hashlib.sha256(f"{FORMAT}\n{sorted(dropped)}\n".encode() + hashlib.sha256(source).digest()).hexdigest()
    out = io.BytesIO()
    kept = left = 0
    with zipfile.ZipFile(io.BytesIO(source)) as archive, zipfile.ZipFile(out, "w") as packed:
        for info in archive.infolist():
            if top_level(info.filename) in dropped:
                left += 1
                continue
            entry = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            entry.compress_type = zipfile.ZIP_STORED
            entry.external_attr = info.external_attr
            entry.create_system = 3
            packed.writestr(entry, b"" if info.is_dir() else archive.read(info))
            kept += 1
        packed.comment = digest.encode()
    return out.getvalue(), kept, left


def build_stdlib_zip(assets_dir: Path, pyodide_dir: Path, drop_file: Path = DROP_FILE) -> StdlibResult | None:
    """Write ``assets/python_stdlib.zip`` unless the one there was made from the same inputs; None
    when Pyodide is not vendored (the page then uses whatever ``vendor/pyodide/`` has)."""
    vendored = pyodide_dir / FILE_NAME
    if not vendored.is_file():
        return None
    source = vendored.read_bytes()
    drop = drop_list(drop_file)
    out = assets_dir / FILE_NAME
    wanted = hashlib.sha256(f"{FORMAT}\n{sorted(set(drop))}\n".encode() + hashlib.sha256(source).digest()).hexdigest()
    if out.is_file():
        try:
            with zipfile.ZipFile(out) as existing:
                if existing.comment.decode() == wanted:
                    data = out.read_bytes()
                    members = len(existing.infolist())
                    return StdlibResult(out, sha256_bytes(data), len(data), members, 0, False)
        except (OSError, zipfile.BadZipFile, UnicodeDecodeError):
            pass
    data, kept, left = repack(source, drop)
    write_atomic(out, data)
    return StdlibResult(out, sha256_bytes(data), len(data), kept, left, True)


def members(path: Path) -> List[str]:
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()
