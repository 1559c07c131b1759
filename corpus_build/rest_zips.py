"""The rest of the Python zips: ``pyapp.rest.zip``, ``site-packages.rest.zip`` and ``python_stdlib.rest.zip``
(issue 21).

Why: the runtime snapshot (``runtime_snapshot.py``) holds the modules it imported — 99 % of ``pyapp.zip``'s
bytecode, most of the pure packages and much of the standard library — so a page that restores it reads from
those zips only the modules imported later (those that need numpy at import, a stemmer for one language) and
the package's data files. Yet every first visit downloaded the three zips whole: 3 MB of the 35 MB budget,
all before "ready".

A rest zip is its zip with the *data* of each member the snapshot's modules came from set to zeros (the
snapshot's stamp lists them, ``runtime_snapshot.loaded_members``): every header, every other member and the
central directory stay byte for byte where they were. Why zeros and not a smaller zip: zipimport keeps each
zip's directory (the members' offsets) in the snapshot's memory, and the stdlib's is used by Pyodide's own
start-up before the page could tell it about a new file; with every offset unchanged, the restored importers
read the rest zip exactly as they read the full one. The zeros cost nothing on the wire (brotli, or gzip where
a host cannot negotiate, codes a run of them in a few bytes), and nothing reads them: those modules are in
``sys.modules`` already.

The page (``web/python/loader.js``) fetches the rest zips when it restores the snapshot, and the full zips if
the snapshot does not restore (a normal start needs every module); the service worker precaches only the rest
(``python.json``: a full zip names its ``rest``, a rest zip its ``rest_of``).

Without a snapshot, or a stamp that does not say what it loaded, no rest zip is written (and a stale one is
removed): the page then loads the full zips as before.
"""
from __future__ import annotations

import struct
import zipfile
from pathlib import Path
from typing import Dict, List, NamedTuple

from corpus_build.manifest import write_atomic
from corpus_build.runtime_snapshot import STDLIB_NAME, ZIPS, loaded_members

SUFFIX = ".rest.zip"
LOCAL_HEADER = struct.Struct("<4sHHHHHIIIHH")  # a member's local file header (APPNOTE 4.3.7), 30 bytes
LOCAL_MAGIC = b"PK\x03\x04"
FULL_ZIPS = (*ZIPS, STDLIB_NAME)  # the zips a rest is made of, under assets/


class RestZip(NamedTuple):
    name: str  # under assets/
    full: str  # the zip it is the rest of
    blanked: int  # members whose data are zeros
    blanked_bytes: int


def rest_name(full: str) -> str:
    """``pyapp.zip`` -> ``pyapp.rest.zip``."""
    return full[: -len(".zip")] + SUFFIX


def blanked(data: bytes, members: List[str]) -> bytes:
    """``data`` (a zip) with the stored bytes of each member in ``members`` set to zeros, nothing moved.
    A member that is not in the zip is ignored; a local header that does not check out raises ValueError."""
    import io

    wanted = set(members)
    out = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for info in z.infolist():
            if info.filename not in wanted:
                continue
            at = info.header_offset
            fields = LOCAL_HEADER.unpack_from(data, at)
            if fields[0] != LOCAL_MAGIC:
                raise ValueError(f"{info.filename}: no local header at {at}")
            start = at + LOCAL_HEADER.size + fields[9] + fields[10]  # + the name's and the extra field's lengths
            out[start:start + info.compress_size] = bytes(info.compress_size)
    return bytes(out)


def build_rest_zips(assets_dir: Path) -> List[RestZip]:
    """Write (or remove) the rest zip of each zip the snapshot imported from; returns the ones there now."""
    loaded: Dict[str, List[str]] = loaded_members(assets_dir)
    made: List[RestZip] = []
    for full in FULL_ZIPS:
        path = assets_dir / rest_name(full)
        members = loaded.get(full) or []
        source = assets_dir / full
        if not members or not source.is_file():
            path.unlink(missing_ok=True)
            continue
        data = source.read_bytes()
        rest = blanked(data, members)
        if not path.is_file() or path.read_bytes() != rest:
            write_atomic(path, rest)
        with zipfile.ZipFile(source) as z:
            sizes = {info.filename: info.compress_size for info in z.infolist()}
        hit = [m for m in set(members) if m in sizes]
        made.append(RestZip(path.name, full, len(hit), sum(sizes[m] for m in hit)))
    return made
