"""Zip the ``pyapp`` package into ``web/assets/pyapp.zip`` for the browser.

Why a zip: the page fetches one file and unpacks it into Pyodide's file system
(``pyodide.unpackArchive``) instead of fetching dozens of modules. Why deterministic (sorted
entries, fixed 1980 timestamps, fixed permissions): the file only changes when a source changes,
so ``serve.py`` can rebuild it on every start for free and caches stay valid otherwise.

    python -m corpus_build.app_bundle [--out web/assets/pyapp.zip]
"""
from __future__ import annotations

import argparse
import io
import sys
import zipfile
from pathlib import Path
from typing import List, NamedTuple, Optional

from corpus_build.manifest import sha256_bytes, write_atomic

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = REPO_ROOT / "pyapp"
DEFAULT_OUT = REPO_ROOT / "web" / "assets" / "pyapp.zip"
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


class BundleResult(NamedTuple):
    path: Path
    sha256: str
    bytes: int
    files: int
    changed: bool


def package_sources(package_dir: Path = PACKAGE_DIR) -> List[Path]:
    """Every ``.py`` file of the package, in a stable order (no caches, no tests, no data)."""
    return sorted(
        (p for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts),
        key=lambda p: p.relative_to(package_dir.parent).as_posix(),
    )


def bundle_bytes(package_dir: Path = PACKAGE_DIR) -> tuple[bytes, int]:
    """The zip as bytes; entries are ``pyapp/...`` so unpacking into a sys.path dir makes it importable."""
    sources = package_sources(package_dir)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sources:
            info = zipfile.ZipInfo(path.relative_to(package_dir.parent).as_posix(), date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            info.create_system = 3  # unix, regardless of the building OS
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue(), len(sources)


def build_app_zip(out: Path = DEFAULT_OUT, package_dir: Path = PACKAGE_DIR) -> BundleResult:
    """Write the zip unless the file already has exactly these bytes."""
    data, count = bundle_bytes(package_dir)
    digest = sha256_bytes(data)
    if out.is_file() and out.stat().st_size == len(data) and out.read_bytes() == data:
        return BundleResult(out, digest, len(data), count, changed=False)
    write_atomic(out, data)
    return BundleResult(out, digest, len(data), count, changed=True)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus_build.app_bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="zip to write (default web/assets/pyapp.zip)")
    args = parser.parse_args(argv)
    result = build_app_zip(args.out)
    state = "written" if result.changed else "unchanged"
    print(f"pyapp.zip {state}: {result.files} modules, {result.bytes / 1024:.0f} KiB -> {result.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
