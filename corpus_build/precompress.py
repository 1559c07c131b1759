"""Precompressed copies of the web app's files: ``name.br`` and ``name.gz`` beside ``name``.

Why at build time: a phone's first visit downloads the Python runtime, the verse texts and the
index (measured: 70 MB uncompressed over 4G, 36 s). Pyodide's wasm and the JSON/text files shrink
to a quarter with brotli, but brotli at a useful quality is far too slow to run per request, and
``serve.py`` (stdlib ``http.server``) should only pick a file, never compress. A static host that
understands ``.br``/``.gz`` siblings (nginx ``gzip_static``/``brotli_static``, Netlify, many CDNs)
uses the same files.

What: every file under ``web/`` whose type compresses (``COMPRESSIBLE``), at least ``MIN_BYTES``
long, outside ``vendor/models/`` (the 100 MB GGUF is read with Range requests and does not shrink).
A variant is kept only when it saves at least ``MIN_SAVING`` (3 %) of the bytes; else none is written,
and the file is served as it is. Brotli comes from PyPI ``brotli`` (the ``build`` extra); without
it only ``.gz`` (stdlib, level 9) is written.

Freshness without a database: each variant gets its source's modification time (``os.utime``),
and a variant whose mtime differs from its source's is stale — the build remakes it, and
``serve.py`` ignores it (it serves the source uncompressed rather than bytes of an older build).
Files found not worth compressing are remembered in ``web/.precompress.json`` (a dotfile:
never served) so a warm build skips them in milliseconds; it also records the settings the variants
were made with (``SETTINGS``), and a build with other settings remakes them all once.

Shared between checkouts with ``$RVS_STEP_CACHE`` (``corpus_build.step_cache``): brotli at these settings
costs minutes of CPU over the whole of ``web/`` (the encoder's weights and the runtime snapshot most), and a
second checkout of the same files — a test that clones the repository — would make byte-identical variants
again. With the cache set, the variants of each file are kept under ``DIR/precompress-<key>/``, the key
being the sha256 of the settings, the encodings wanted, the file's name and its bytes, so a hit means
"these bytes made these variants" (also "none worth keeping"); each is checked against its recorded sha256
on the way out, and an entry that does not check out is ignored. Unset (the default), nothing changes.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

from corpus_build import step_cache

COMPRESSIBLE = {".wasm", ".js", ".mjs", ".json", ".css", ".html", ".txt", ".npy", ".bin", ".zip",
                ".webmanifest", ".svg", ".py", ".map", ".tar", ".snapshot"}
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # preference order for serving
MIN_BYTES = 1024
# a variant must be at least 3 % smaller (it was 10 %; issue 21: the 35 MB budget counts every
# megabyte, and a .br that saves 3 % of a large file still saves bytes on every first visit)
MIN_SAVING = 0.03
SKIP_DIRS = ("vendor/models",)
# quality 11 below this size; above it quality 10 with a 16 MB window (default 4 MB). Measured on the
# 25 MB runtime snapshot (load 4): q9 4.84 MB in 15 s, q9 + window 4.78 MB in 21 s, q10 + window
# 4.30 MB in 48 s, q11 + window 4.11 MB in 174 s (too slow: the snapshot is remade on every pyapp change)
BROTLI_BEST_BELOW = 2_000_000
BROTLI_LARGE_QUALITY = 10
BROTLI_LARGE_WINDOW = 24
STATE_FILE = ".precompress.json"
# What the variants were made with, kept in STATE_FILE: a variant's mtime says which source it was made
# from, not how. Without this, variants of an older setting stayed for good wherever they had been
# made (measured: pyodide.asm.wasm 2.62 MB at quality 11 / 4 MB window where quality 10 / 16 MB gives
# 2.40, verses.json 1.73 against 1.57), so a machine's first-visit bytes depended on its history.
SETTINGS_KEY = "#settings"
SETTINGS = (f"br q11 w22 < {BROTLI_BEST_BELOW} <= q{BROTLI_LARGE_QUALITY} w{BROTLI_LARGE_WINDOW}; "
            f"gzip 9; saving >= {MIN_SAVING}; from {MIN_BYTES} B")


@dataclass
class PrecompressReport:
    written: List[str] = field(default_factory=list)
    kept: int = 0
    skipped: int = 0
    brotli: bool = False
    saved_bytes: int = 0
    from_cache: int = 0  # files whose variants came from $RVS_STEP_CACHE


def _brotli() -> Optional[Callable[[bytes, int], bytes]]:
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        return None
    def compress(data: bytes, quality: int) -> bytes:
        window = 22 if len(data) < BROTLI_BEST_BELOW else BROTLI_LARGE_WINDOW
        return brotli.compress(data, quality=quality, lgwin=window)

    return compress


def candidates(web: Path) -> List[Path]:
    """The files worth trying, sorted (byte-identical builds need a fixed order only for the report)."""
    out = []
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web).as_posix()
        if not path.is_file() or any(part.startswith(".") for part in rel.split("/")):
            continue
        if rel.startswith(SKIP_DIRS) or path.suffix.lower() not in COMPRESSIBLE:
            continue
        if path.stat().st_size < MIN_BYTES:
            continue
        out.append(path)
    return out


def fresh_variant(source: Path, suffix: str) -> Optional[Path]:
    """``source + suffix`` when it exists and was made from this source (same mtime), else None."""
    variant = source.with_name(source.name + suffix)
    try:
        return variant if variant.stat().st_mtime_ns == source.stat().st_mtime_ns else None
    except OSError:
        return None


def _write(variant: Path, data: bytes, source_stat: os.stat_result) -> None:
    tmp = variant.with_name(variant.name + ".tmp")
    tmp.write_bytes(data)
    os.utime(tmp, ns=(source_stat.st_atime_ns, source_stat.st_mtime_ns))
    os.replace(tmp, variant)


VARIANTS = "variants.json"  # in a cache entry: {suffix: sha256 of the variant}; {} = none worth keeping


def _cache_key(name: str, data: bytes, wanted: List[Tuple[str, str]]) -> str:
    digest = hashlib.sha256(f"{SETTINGS}\n{','.join(enc for enc, _suf in wanted)}\n{name}\n".encode())
    digest.update(data)
    return digest.hexdigest()


def _cached(cache: Path, key: str) -> Optional[Dict[str, bytes]]:
    """{suffix: variant bytes} kept for ``key`` ({} when none was worth keeping), or ``None`` on a miss."""
    entry = cache / f"precompress-{key}"
    try:
        listing = json.loads((entry / VARIANTS).read_text(encoding="utf-8"))
        variants = {suf: (entry / suf.lstrip(".")).read_bytes() for suf in listing}
    except (OSError, ValueError, AttributeError, TypeError):
        return None
    if any(hashlib.sha256(data).hexdigest() != listing[suf] for suf, data in variants.items()):
        shutil.rmtree(entry, ignore_errors=True)  # damaged: compress instead, and keep it afresh
        return None
    return variants


def _has(cache: Path, key: str) -> bool:
    return (cache / f"precompress-{key}" / VARIANTS).is_file()


def _keep(cache: Path, key: str, variants: Dict[str, bytes]) -> None:
    """Store a file's variants; a full disk or a read-only cache is no failure (the cache only saves time)."""
    entry = cache / f"precompress-{key}"
    temporary = cache / f".{entry.name}.{os.getpid()}.tmp"
    try:
        shutil.rmtree(temporary, ignore_errors=True)
        temporary.mkdir(parents=True)
        for suf, data in variants.items():
            (temporary / suf.lstrip(".")).write_bytes(data)
        listing = {suf: hashlib.sha256(data).hexdigest() for suf, data in variants.items()}
        (temporary / VARIANTS).write_text(json.dumps(listing, sort_keys=True), encoding="utf-8")
        os.replace(temporary, entry)
    except OSError:  # stored by another build meanwhile, or no room: compress next time
        shutil.rmtree(temporary, ignore_errors=True)


def _in_place(source: Path, wanted: List[Tuple[str, str]]) -> Dict[str, bytes]:
    """The fresh variants beside ``source`` (those of ``wanted`` that exist), to keep in the cache."""
    return {suf: variant.read_bytes() for _enc, suf in wanted if (variant := fresh_variant(source, suf))}


def precompress(web: Path, say: Callable[[str], None] = lambda _m: None) -> PrecompressReport:
    """Write missing or stale ``.br``/``.gz`` variants under ``web``; remove variants of files gone."""
    web = Path(web)
    report = PrecompressReport()
    compress_br = _brotli()
    report.brotli = compress_br is not None
    state_path = web / STATE_FILE
    try:
        state: Dict[str, object] = json.loads(state_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        state = {}
    new_state: Dict[str, object] = {SETTINGS_KEY: SETTINGS}
    remake = state.get(SETTINGS_KEY) != SETTINGS  # made with other settings (or by an older build): all stale
    if remake:
        state = {}
    cache = step_cache.cache_dir()
    for source in candidates(web):
        rel = source.relative_to(web).as_posix()
        st = source.stat()
        stamp = [st.st_mtime_ns, st.st_size]
        wanted: List[Tuple[str, str]] = [(enc, suf) for enc, suf in ENCODINGS if enc != "br" or compress_br]
        key = _cache_key(rel, source.read_bytes(), wanted) if cache is not None else ""
        if state.get(rel) == stamp:  # known not worth compressing
            new_state[rel] = stamp
            report.skipped += 1
            if cache is not None and not _has(cache, key):
                _keep(cache, key, {})
            continue
        if not remake and all(fresh_variant(source, suf) for _enc, suf in wanted):
            report.kept += 1
            if cache is not None and not _has(cache, key):
                _keep(cache, key, _in_place(source, wanted))
            continue
        found = _cached(cache, key) if cache is not None else None
        if found is not None:
            for _enc, suf in wanted:
                variant = source.with_name(source.name + suf)
                if suf in found:
                    _write(variant, found[suf], st)
                    report.written.append(variant.relative_to(web).as_posix())
                    report.saved_bytes += st.st_size - len(found[suf])
                elif variant.exists():
                    variant.unlink()
            report.from_cache += 1
            if not found:
                new_state[rel] = stamp
            continue
        data = source.read_bytes()
        made = 0
        for enc, suf in wanted:
            if not remake and fresh_variant(source, suf):
                made += 1
                continue
            if enc == "br" and compress_br is not None:
                packed = compress_br(data, 11 if len(data) < BROTLI_BEST_BELOW else BROTLI_LARGE_QUALITY)
            else:
                packed = gzip.compress(data, 9, mtime=0)
            variant = source.with_name(source.name + suf)
            if len(packed) <= len(data) * (1 - MIN_SAVING):
                _write(variant, packed, st)
                report.written.append(variant.relative_to(web).as_posix())
                report.saved_bytes += len(data) - len(packed)
                made += 1
            elif variant.exists():
                variant.unlink()
        if not made:
            new_state[rel] = stamp
        if cache is not None and not _has(cache, key):
            _keep(cache, key, _in_place(source, wanted))
    # variants whose source is gone (an older build's file)
    for _enc, suf in ENCODINGS:
        for variant in web.rglob(f"*{suf}"):
            source = variant.with_name(variant.name[: -len(suf)])
            if source.suffix.lower() in COMPRESSIBLE and not source.exists():
                variant.unlink()
    state_path.write_text(json.dumps(new_state, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    if report.written:
        say(f"precompressed {len(report.written)} files ({'brotli and gzip' if report.brotli else 'gzip only: pip install brotli for .br'}), "
            f"{report.saved_bytes / 1e6:.1f} MB smaller"
            + (f"; {report.from_cache} files' variants copied from ${step_cache.CACHE_ENV}" if report.from_cache else ""))
    return report


def main(argv: Optional[List[str]] = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m corpus_build.precompress", description=__doc__.split("\n")[0])
    parser.add_argument("web", nargs="?", default=str(Path(__file__).resolve().parents[1] / "web"))
    args = parser.parse_args(argv)
    report = precompress(Path(args.web), say=print)
    print(f"{len(report.written)} written, {report.kept} up to date, {report.skipped} not worth compressing"
          f"{'' if report.brotli else ' (no brotli module: gzip only)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
