"""``pyapp.factbook``: the fact answers split by what they answer, behind ``pyapp.facts``.

Why these checks: a module of the package that imports one below it in the documented order can make
an import cycle that only shows when some other module happens to be imported first (in the page's
worker, a Python that does not start); and callers import from ``pyapp.facts``, which must keep
its public face.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pyapp.factbook
import pyapp.facts

PACKAGE = Path(pyapp.factbook.__file__).parent
ORDER = ["answer", "names", "display", "table", "patterns", "about", "detect", "targets", "wording", "words",
         "deities", "family", "totals", "extremes", "hymns", "ranking", "profile", "lists", "order", "position", "query"]


def factbook_imports(module: str) -> set:
    """The modules of the package that ``module`` imports at its top level."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    return {node.module.rsplit(".", 1)[1] for node in tree.body
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pyapp.factbook.")}


def test_every_module_is_in_the_order_and_imports_only_modules_above_it() -> None:
    assert sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__") == sorted(ORDER)
    for position, module in enumerate(ORDER):
        below = factbook_imports(module) - set(ORDER[:position])
        assert not below, f"pyapp.factbook.{module} imports {sorted(below)}, which come after it"


def test_the_package_docstring_states_the_import_order() -> None:
    named = re.findall(r"``(\w+)``", pyapp.factbook.__doc__ or "")
    assert named == ORDER, "pyapp/factbook/__init__.py's docstring and ORDER list the modules differently"


def test_facts_keeps_its_public_face() -> None:
    for name in pyapp.facts.__all__ + ["metre_display", "FAMILY_BOOKS", "Facts", "HymnFacts", "ascii_name",
                                       "spellings_of", "persons_in"]:
        assert hasattr(pyapp.facts, name), name
    assert pyapp.facts.facts_for is pyapp.factbook.table.facts_for  # one cache of the per-index tables
