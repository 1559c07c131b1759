"""The orchestrator consumes what ``pyapp.reading`` read; it does not read the question's text itself.

Why a structural test: reading code left in the orchestrator (a regex here, a word test there) is how the
question's reading got spread over its branches before; other engineers edit the orchestrator in small
hooks every session, and this keeps the next hook from parsing text in place. The turn method is checked
to read as the turn's steps: each line a named call, no reading of its own.
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List

import pyapp.orchestrator as orchestrator

SOURCE = Path(orchestrator.__file__).read_text(encoding="utf-8")
TREE = ast.parse(SOURCE)


def _imported_modules(tree: ast.AST) -> List[str]:
    names: List[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_the_orchestrator_has_no_regular_expressions_or_character_tables() -> None:
    modules = _imported_modules(TREE)
    assert not {"re", "regex", "unicodedata", "fnmatch"} & set(modules)
    # nor a pattern compiled or matched through another name
    calls = {node.func.attr for node in ast.walk(TREE)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
    assert not {"compile", "fullmatch", "finditer", "findall"} & calls


def test_the_orchestrator_runs_no_lexical_analysis_of_its_own() -> None:
    """The lexicon's analysis of a question (names, other scriptures, Sanskrit or not) is a reader's job."""
    analysed = [node.lineno for node in ast.walk(TREE)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "analyse"]
    assert analysed == []


def _method(name: str) -> ast.AsyncFunctionDef:
    cls = next(n for n in TREE.body if isinstance(n, ast.ClassDef) and n.name == "Orchestrator")
    return next(n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name)


def test_the_turn_method_is_a_list_of_named_steps() -> None:
    """Every call in ``_run`` is a step of the orchestrator (``self._…``), the status stream, or builds the
    turn's state or result: no reader module is called from the turn method itself."""
    allowed_names = {"_State", "TurnResult", "parse_history"}
    for node in ast.walk(_method("_run")):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            assert func.id in allowed_names, f"line {node.lineno}: {func.id}()"
        else:
            assert isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name), f"line {node.lineno}"
            assert func.value.id in {"self", "turn"}, f"line {node.lineno}: {func.value.id}.{func.attr}()"


def test_the_turn_reads_before_it_routes_searches_composes_checks_and_scores() -> None:
    """The steps come in the turn's order: read, route, search ⇄ analyse, compose, check, score."""
    lines: Dict[str, int] = {}
    for node in ast.walk(_method("_run")):
        func = getattr(node, "func", None)
        if isinstance(node, ast.Call) and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                and func.value.id == "self":
            lines[func.attr] = min(lines.get(func.attr, node.lineno), node.lineno)
    steps = ["_restate", "read_frame", "_read_as", "_route", "_search", "_generate", "_validate", "_remember"]
    assert all(step in lines for step in steps)
    assert [lines[step] for step in steps] == sorted(lines[step] for step in steps)
