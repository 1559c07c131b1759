"""numpy's placeholder in the runtime snapshot (pyapp/lazy_numpy.py): the app's modules import with it
(so they can be restored instead of imported on every visit), a use of numpy at import time is refused
(that module stays out of the snapshot), and once resolved the modules run on the real numpy."""
from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

from corpus_build import runtime_snapshot


def _run(code: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=180, cwd=str(cwd))


def test_a_module_binds_the_placeholder_and_runs_on_real_numpy_once_resolved(tmp_path: Path) -> None:
    (tmp_path / "uses_np.py").write_text("import numpy as np\n\ndef total(values):\n    return np.asarray(values).sum()\n")
    (tmp_path / "needs_np_now.py").write_text("import numpy as np\nZEROS = np.zeros(3)\n")
    root = Path(__file__).resolve().parents[2]
    proc = _run(f"""
        import sys
        sys.path[:0] = [{str(tmp_path)!r}, {str(root)!r}]
        from pyapp import lazy_numpy
        placeholder = lazy_numpy.install()
        import uses_np
        assert uses_np.np is placeholder
        try:
            import needs_np_now
        except ImportError as exc:
            print("refused:", exc)
        else:
            raise SystemExit("numpy used at import time was not refused")
        assert "needs_np_now" not in sys.modules
        lazy_numpy.arm()
        real = lazy_numpy.resolve()
        assert sys.modules["numpy"] is real and uses_np.np is real, "not rebound"
        assert int(uses_np.total([1, 2, 3])) == 6
        assert int(placeholder.asarray([4]).sum()) == 4  # a missed reference still works
        assert lazy_numpy.resolve() is real
        print("ok")
    """, tmp_path)
    assert proc.returncode == 0, proc.stderr[-1500:]
    assert "refused: numpy.zeros used at import time" in proc.stdout and proc.stdout.strip().endswith("ok")


def test_every_module_the_boot_imports_can_be_in_the_snapshot(tmp_path: Path) -> None:
    names = runtime_snapshot.boot_modules()
    assert "pyapp.orchestrator" in names and "pyapp.search" in names
    assert not [n for n in names if n == "pyapp.bridge" or n.split(".")[0] == "numpy"]
    proc = _run(f"""
        import importlib, sys
        sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
        from pyapp import lazy_numpy
        lazy_numpy.install()
        left_out = []
        for name in {names!r}:
            try:
                importlib.import_module(name)
            except ImportError as exc:
                if "used at import time" in str(exc):
                    left_out.append(name)
        print(left_out)
        assert "pyapp.bridge" not in sys.modules
    """, tmp_path)
    assert proc.returncode == 0, proc.stderr[-1500:]
    left_out = set(ast.literal_eval(proc.stdout.strip().splitlines()[-1]))
    # only modules that functions import when they run may stay out (meaning search's encoder, after
    # "ready"): a module the boot itself imports would be imported on every visit
    booted = set(runtime_snapshot.boot_modules(functions=False))
    assert not left_out & booted, f"these use numpy while importing, so the page imports them on every visit: {left_out & booted}"
