"""Pyodide's stdlib repacked for the wire (corpus_build/stdlib_zip.py): every kept member's bytes
unchanged and stored, the dropped modules gone, deterministic; and no module that pyapp, its
packages, numpy or Pyodide's own package import (at any depth, inside functions too) is dropped —
a dropped module must fail here, not in a reader's browser."""
from __future__ import annotations

import ast
import io
import json
import zipfile
from pathlib import Path
from typing import Dict, Iterable, List, Set

import pytest

from corpus_build import runtime_snapshot, stdlib_zip

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "web" / "vendor"
VENDORED_STDLIB = VENDOR / "pyodide" / "python_stdlib.zip"


def _zip(members: Dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_repack_stores_every_kept_member_unchanged_and_leaves_the_dropped_out() -> None:
    source = _zip({"json/__init__.py": b"x = 1\n" * 50, "mailbox.py": b"y = 2\n", "os.py": b"import sys\n" * 30,
                   "mailboxes/__init__.py": b"kept: another name\n"})
    data, kept, dropped = stdlib_zip.repack(source, ["mailbox"])
    assert (kept, dropped) == (3, 1)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.namelist() == ["json/__init__.py", "os.py", "mailboxes/__init__.py"]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())
        assert archive.read("os.py") == b"import sys\n" * 30
    assert stdlib_zip.repack(source, ["mailbox"])[0] == data  # deterministic
    assert stdlib_zip.repack(source, [])[0] != data


def test_the_build_rewrites_the_zip_only_when_its_inputs_change(tmp_path: Path) -> None:
    pyodide_dir, assets = tmp_path / "pyodide", tmp_path / "assets"
    pyodide_dir.mkdir()
    assets.mkdir()
    (pyodide_dir / "python_stdlib.zip").write_bytes(_zip({"a.py": b"1", "b.py": b"2"}))
    drop = tmp_path / "drop.json"
    drop.write_text(json.dumps({"drop": []}))
    first = stdlib_zip.build_stdlib_zip(assets, pyodide_dir, drop)
    assert first is not None and first.changed and first.members == 2
    again = stdlib_zip.build_stdlib_zip(assets, pyodide_dir, drop)
    assert again is not None and not again.changed and again.sha256 == first.sha256
    drop.write_text(json.dumps({"drop": ["b"]}))
    third = stdlib_zip.build_stdlib_zip(assets, pyodide_dir, drop)
    assert third is not None and third.changed and stdlib_zip.members(third.path) == ["a.py"]
    assert stdlib_zip.build_stdlib_zip(assets, tmp_path / "nowhere", drop) is None


def test_the_snapshot_is_remade_when_the_repacked_stdlib_changes(tmp_path: Path) -> None:
    pyodide_dir = tmp_path / "pyodide"
    pyodide_dir.mkdir()
    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(b"A")
    before = runtime_snapshot._inputs_digest(pyodide_dir, None, stdlib)
    stdlib.write_bytes(b"B")
    assert runtime_snapshot._inputs_digest(pyodide_dir, None, stdlib) != before
    assert runtime_snapshot._inputs_digest(pyodide_dir) not in (before,)


# ---- the drop list against what is imported --------------------------------------------------

def _imports(source: bytes) -> Set[str]:
    """Top-level names of every import in a module: any depth, functions and try blocks included,
    and ``importlib.import_module("x")`` / ``__import__("x")`` with a literal name."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    out: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None))
              in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            out.add(node.args[0].value.split(".")[0])
    return out


def _sources_of_wheels(wheels: Iterable[Path], skip: tuple = ()) -> List[bytes]:
    out = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            out += [archive.read(n) for n in archive.namelist()
                    if n.endswith(".py") and not any(part in n for part in skip)]
    return out


def used_stdlib_modules(stdlib: zipfile.ZipFile) -> Set[str]:
    """The stdlib's top-level modules reachable from what the page runs: pyapp, the pure wheels,
    numpy (not its tests, testing helpers or build tools), Pyodide's own packages, the worker."""
    modules: Dict[str, List[str]] = {}
    for name in stdlib.namelist():
        if name.endswith(".py"):
            modules.setdefault(stdlib_zip.top_level(name), []).append(name)
    roots: Set[str] = {"pyodide", "_pyodide", "encodings", "site"}
    for path in (ROOT / "pyapp").rglob("*.py"):
        roots |= _imports(path.read_bytes())
    roots |= _imports((ROOT / "web" / "python" / "worker.py").read_bytes())
    for source in _sources_of_wheels(sorted((VENDOR / "wheels").glob("*.whl"))):
        roots |= _imports(source)
    numpy = sorted((VENDOR / "pyodide").glob("numpy-*.whl"))
    for source in _sources_of_wheels(numpy, skip=("/tests/", "numpy/testing", "_pytesttester", "f2py", "distutils")):
        roots |= _imports(source)
    seen: Set[str] = set()
    todo = [name for name in roots if name in modules]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for member in modules[name]:
            todo += [n for n in _imports(stdlib.read(member)) if n in modules and n not in seen]
    return seen


@pytest.mark.skipif(not VENDORED_STDLIB.is_file() or not (VENDOR / "wheels").is_dir(),
                    reason="Pyodide not vendored (python -m corpus_build.vendor)")
def test_no_dropped_stdlib_module_is_imported_by_anything_the_page_runs() -> None:
    drop = set(stdlib_zip.drop_list())
    assert drop, "corpus_build/stdlib_drop.json lists nothing"
    with zipfile.ZipFile(VENDORED_STDLIB) as stdlib:
        present = {stdlib_zip.top_level(n) for n in stdlib.namelist()}
        used = used_stdlib_modules(stdlib)
    assert drop <= present, f"not in Pyodide's stdlib (a typo?): {sorted(drop - present)}"
    assert {"json", "re", "asyncio", "pyodide", "encodings"} <= used  # the scan itself works
    assert not drop & used, f"imported by the page's Python yet dropped from the stdlib: {sorted(drop & used)}"


def test_the_scan_sees_imports_inside_functions_and_by_name() -> None:
    source = b"def f():\n    import mailbox\n    from zoneinfo import ZoneInfo\nimportlib.import_module('wave.x')\n"
    assert {"mailbox", "zoneinfo", "wave"} <= _imports(source)
