"""Compile Python sources to the bytecode of the Python that runs in the page (Pyodide's 3.12).

Why: without bytecode, every page load compiles numpy's, pydantic's and the app's sources again
inside wasm (about a second here). A ``.pyc`` is only valid for the interpreter that wrote it, and
the build may run any CPython, so the compiling is done by the vendored Pyodide itself under Node
(``compile_pyc.mjs``), which the vendoring step already needs (``npm pack``).

Without Node or the vendored runtime the bundles are built from sources only: the page then
compiles at load time, slower but the same behaviour.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Dict, Optional

REPO_ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = REPO_ROOT / "web" / "vendor" / "pyodide"
COMPILER = Path(__file__).resolve().parent / "compile_pyc.mjs"
CACHE_TAG = "cpython-312"
TIMEOUT_S = 600


def compiler_problem(pyodide_dir: Path = PYODIDE_DIR) -> Optional[str]:
    """Why bytecode cannot be compiled here, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (pyodide_dir / "pyodide.mjs").is_file() or not (pyodide_dir / "pyodide.asm.wasm").is_file():
        return f"the Pyodide runtime is not vendored in {pyodide_dir}"
    return None


def compiler_fingerprint(pyodide_dir: Path = PYODIDE_DIR) -> str:
    """Changes whenever compiled output could: the runtime's version lock and the compile script."""
    lock = pyodide_dir / "pyodide-lock.json"
    parts = [COMPILER.read_bytes()]
    if lock.is_file():
        parts.append(lock.read_bytes())
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def compile_sources(jobs: Dict[str, tuple], pyodide_dir: Path = PYODIDE_DIR) -> Dict[str, bytes]:
    """``{target_path: (source_bytes, runtime_path[, optimize])}`` → ``{target_path: pyc_bytes}``.

    ``optimize`` is ``compile()``'s (0 when absent; 2 leaves docstrings and asserts out).

    ``target_path`` is where the pyc goes inside a bundle (``pkg/mod.pyc`` for zipimport,
    ``pkg/__pycache__/mod.cpython-312.pyc`` for an unpacked package). A source Python 3.12 cannot
    compile is left out (the page will report it when imported). Raises RuntimeError if the
    compiler itself fails.
    """
    if not jobs:
        return {}
    with tempfile.TemporaryDirectory(prefix="rvs-pyc-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        src.mkdir()
        out.mkdir()
        files = []
        for n, (target, (source, runtime_path, *optimize)) in enumerate(sorted(jobs.items())):
            name = f"{n}.py"
            (src / name).write_bytes(source)
            files.append([name, target, runtime_path, optimize[0] if optimize else 0])
        job = Path(tmp) / "job.json"
        job.write_text(json.dumps({"src": str(src), "out": str(out), "files": files}))
        proc = subprocess.run(["node", str(COMPILER), str(pyodide_dir), str(job)], capture_output=True,
                              text=True, timeout=TIMEOUT_S)
        if proc.returncode != 0:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            raise RuntimeError(f"compiling bytecode with Pyodide failed: {tail[0]}")
        tag = proc.stdout.split()[0] if proc.stdout.split() else ""
        if tag != CACHE_TAG:
            raise RuntimeError(f"the vendored Pyodide compiles for {tag or 'an unknown Python'}, expected {CACHE_TAG}")
        return {target: (out / target).read_bytes() for target in jobs if (out / target).is_file()}
