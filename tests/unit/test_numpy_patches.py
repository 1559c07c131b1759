"""numpy's sources as the page gets them (corpus_build/numpy_patches.py): ``import numpy`` no longer
imports ``numpy._typing``, and numpy behaves as before.

The edits are checked where they matter: on the vendored wheel's own source (each edit finds its text
once, or the build fails), and by running the edited numpy in the vendored Pyodide under Node.
"""
from __future__ import annotations

import ast
import json
import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

from corpus_build.numpy_files import build_numpy_files
from corpus_build.numpy_patches import PATCHES, PatchMismatch, fingerprint, patch_source

LINALG = "numpy/linalg/_linalg.py"


def _wheel_members(vendor_dir: Path) -> dict:
    lock = json.loads((vendor_dir / "pyodide" / "pyodide-lock.json").read_text())["packages"]["numpy"]
    with zipfile.ZipFile(vendor_dir / "pyodide" / lock["file_name"]) as wheel:
        return {n: wheel.read(n) for n in wheel.namelist() if n in PATCHES}


def _top_level_imports(tree: ast.Module) -> set:
    """Modules the file imports when it runs (``if TYPE_CHECKING:`` blocks never do)."""
    out = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_every_patch_applies_to_the_vendored_numpy(vendor_dir: Path) -> None:
    members = _wheel_members(vendor_dir)
    assert set(members) == set(PATCHES), "a patched file is not in the vendored wheel"
    for path, data in members.items():
        patched = patch_source(path, data)
        assert patched != data
        tree = ast.parse(patched)  # still Python
        assert "numpy._typing" in _top_level_imports(ast.parse(data))
        assert "numpy._typing" not in _top_level_imports(tree)
        assert isinstance(tree.body[1], ast.ImportFrom) and tree.body[1].module == "__future__"


def test_a_source_the_patch_was_not_written_for_fails_the_build() -> None:
    with pytest.raises(PatchMismatch, match="_linalg.py"):
        patch_source(LINALG, b'"""doc"""\nimport numpy\n')
    untouched = b"x = 1\n"
    assert patch_source("numpy/other.py", untouched) is untouched
    assert len(fingerprint()) == 64


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_numpy_as_shipped_imports_without_its_typing_and_still_works(tmp_path: Path, vendor_dir: Path) -> None:
    """The unpacked files (no bytecode here: the edited sources are compiled at import) in a fresh Pyodide."""
    assert build_numpy_files(tmp_path, vendor_dir).changed
    with tarfile.open(tmp_path / "numpy-files.tar") as tar:
        files = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    assert files[LINALG] == patch_source(LINALG, _wheel_members(vendor_dir)[LINALG])
    site = tmp_path / "site"
    for name, data in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    for lib in (tmp_path / "numpy-libs").rglob("*.wasm"):
        target = site / lib.relative_to(tmp_path / "numpy-libs").as_posix()[: -len(".wasm")]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(lib.read_bytes())
    script = tmp_path / "check.mjs"
    script.write_text("""
import path from "node:path";
const [pyodideDir, site] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
py.FS.mkdirTree("/site");
py.FS.mount(py.FS.filesystems.NODEFS, { root: site }, "/site");
try {
  console.log(py.runPython(`
import json, sys
sys.path.insert(0, "/site")
import numpy as np
typing_at_import = "numpy._typing" in sys.modules
r = np.linalg.eigh(np.array([[2.0, 0.0], [0.0, 1.0]]))
q = np.linalg.qr(np.eye(2))
import numpy.typing as npt
json.dumps({"typing_at_import": typing_at_import, "fields": list(type(r)._fields), "values": sorted(r.eigenvalues.tolist()),
            "qr": list(type(q)._fields), "annotation": str(type(r).__annotations__["eigenvalues"]),
            "ndarray_alias": str(npt.NDArray[np.float32])})
`));
} catch (err) {  // Python's own message, not the minified runtime's source around it
  console.error(String(err && err.message).split("\\n").slice(-12).join("\\n"));
  process.exit(1);
}
""")
    proc = subprocess.run(["node", str(script), str(vendor_dir / "pyodide"), str(site)], capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["typing_at_import"] is False
    assert out["fields"] == ["eigenvalues", "eigenvectors"] and out["values"] == [1.0, 2.0]
    assert out["qr"] == ["Q", "R"]
    assert "NDArray" in out["annotation"]  # a string now, never evaluated at import
    assert "float32" in out["ndarray_alias"]  # numpy.typing still works, imported on first use
