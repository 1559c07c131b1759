"""The runtime snapshot's preloaded modules (corpus_build/runtime_snapshot.py PRELOAD): they import
without numpy (whose wasm libraries a memory snapshot cannot hold) and without pyapp.bridge (which
binds the page's `js`), and the snapshot is rebuilt whenever the zips they come from change."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from corpus_build import runtime_snapshot


def test_preloaded_modules_import_without_numpy_and_never_pull_in_the_bridge() -> None:
    code = ("import importlib, sys\nsys.modules['numpy'] = None\n"
            f"for name in {list(runtime_snapshot.PRELOAD)!r}:\n    importlib.import_module(name)\n"
            "assert 'pyapp.bridge' not in sys.modules, 'bridge preloaded'\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-800:]


def test_the_snapshot_is_rebuilt_when_the_app_zip_changes(tmp_path: Path) -> None:
    pyodide_dir = tmp_path / "pyodide"
    pyodide_dir.mkdir()
    for name in runtime_snapshot.ZIPS:
        (tmp_path / name).write_bytes(b"zip A " + name.encode())
    before = runtime_snapshot._inputs_digest(pyodide_dir, tmp_path)
    (tmp_path / "pyapp.zip").write_bytes(b"zip B")
    after = runtime_snapshot._inputs_digest(pyodide_dir, tmp_path)
    assert before != after
    assert runtime_snapshot._inputs_digest(pyodide_dir) != before  # a bare runtime is another snapshot
