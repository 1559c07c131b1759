"""The app's data tables (pyapp/data_tables.py): one cached loader, and the tables the readers build from
the package's own files made while the runtime snapshot is taken (`prepare`), which is only right if
those builders read nothing but the package. Also: the snapshot's module list follows the imports the
boot modules' functions make when they run (corpus_build/runtime_snapshot.py function_imports)."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from corpus_build import runtime_snapshot
from pyapp import data_tables

ROOT = Path(__file__).resolve().parents[2]


def test_a_table_is_read_once_and_shared() -> None:
    names = data_tables.table_names()
    assert names and all(n.startswith("data/") and n.endswith(".json") for n in names)
    first = data_tables.table(names[0])
    assert first is data_tables.table(names[0])  # cached: one parse per page


def test_a_missing_table_gives_the_default_or_raises() -> None:
    assert data_tables.table("data/no_such_table.json", {}) == {}
    with pytest.raises(FileNotFoundError):
        data_tables.table("data/no_such_table.json")


def test_prepare_builds_every_zero_argument_table_and_opens_only_the_package(tmp_path: Path) -> None:
    """As at snapshot time: numpy is a placeholder, the boot modules are imported, then prepare()."""
    code = textwrap.dedent(f"""
        import json, os, sys
        sys.path.insert(0, {str(ROOT)!r})
        from pyapp import lazy_numpy
        lazy_numpy.install()
        for name in ("pyapp.orchestrator", "pyapp.search", "pyapp.agents.generator", "pyapp.memory"):
            __import__(name)
        from pyapp import data_tables
        data_tables.table_names()  # its own imports first
        package = os.path.dirname(data_tables.__file__)
        opened = []
        sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
        done = data_tables.prepare()
        outside = [p for p in opened if not os.path.abspath(p).startswith(package + os.sep)]
        print(json.dumps({{"done": done, "outside": outside}}))
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-1500:]
    import json

    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["outside"] == [], "a table builder read a file outside the package: it cannot be built at snapshot time"
    assert result["done"]["failed"] == []
    assert result["done"]["tables"] == len(data_tables.table_names())
    assert len(result["done"]["built"]) >= 10


def test_function_imports_follow_imports_made_inside_functions(tmp_path: Path) -> None:
    pkg = tmp_path / "pyapp"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("import json\n\ndef f():\n    from pyapp.sub import b\n    return b\n")
    (pkg / "sub" / "b.py").write_text("def g():\n    import pyapp.c\n    from pyapp import d\n")
    (pkg / "c.py").write_text("X = 1\n")
    (pkg / "d.py").write_text("def h():\n    from pyapp.a import f\n")
    found = runtime_snapshot.function_imports(["pyapp.a"], tmp_path)
    assert set(found) == {"pyapp", "pyapp.sub", "pyapp.sub.b", "pyapp.c", "pyapp.d"}
    assert "pyapp.a" not in found  # already listed


def test_the_snapshot_lists_what_the_boot_modules_functions_import() -> None:
    listed = runtime_snapshot.boot_modules(root=ROOT)
    assert "pyapp.orchestrator" in listed
    code = ("import json, sys\nbefore = set(sys.modules)\nimport pyapp.orchestrator, pyapp.search, pyapp.agents.generator, "
            "pyapp.memory\nprint(json.dumps([m for m in sys.modules if m not in before]))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=str(ROOT))
    top_level = set(__import__("json").loads(proc.stdout.strip().splitlines()[-1]))
    inner = runtime_snapshot.function_imports(sorted(top_level), ROOT)
    assert inner, "the orchestrator imports some readers inside its functions"
    assert set(inner) - set(listed) <= {"pyapp.bridge"}  # the bridge binds the page's `js`: never in the snapshot


def test_a_released_table_is_read_again_on_first_use() -> None:
    """The snapshot forgets the parsed JSON after the builders ran (issue 21: bytes of every first visit);
    a reader that reads its table directly afterwards gets the same content, parsed anew."""
    names = data_tables.table_names()
    assert names
    before = data_tables.table(names[0])
    assert data_tables.release_parsed() >= 1
    again = data_tables.table(names[0])
    assert again == before and again is not before
    assert data_tables.release_parsed() == 1  # only what was read since
