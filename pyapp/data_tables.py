"""The app's own data tables (``pyapp/data/*.json``): read once, in one place, and made ready while
the runtime snapshot is taken.

Why one loader: about thirty readers each read their table with the same ``pkgutil.get_data`` +
``json.loads`` lines (``pkgutil`` and not ``open()``: under Pyodide ``pyapp`` is imported from a
zip). :func:`table` is that pattern once, cached.

Why :func:`prepare`: every question runs most readers (measured on the dev questions: 85–95 of the
~100 reading modules run for each), and each reader builds its table (parsed JSON, compiled cue
regexes, folded name lists) on first use, so the first question after "ready" paid for all of them:
about 0.5 s of CPython, seconds of Pyodide. None of that depends on the verse index, only on the
package's own files, so the build does it once, while the runtime snapshot is made
(``corpus_build/make_snapshot.mjs``), and the page restores the built tables with the rest of the
memory. It loads every table and calls every zero-argument ``functools`` cache of the ``pyapp``
modules already imported: a builder with no argument can only read the package (a builder of the
index takes the index as an argument). ``tests/unit/test_data_tables.py`` checks that they open no
file outside the package.
"""
from __future__ import annotations

import inspect
import json
import pkgutil
import sys
import time
import types
from functools import lru_cache
from typing import Any, Callable, Dict, Iterator, List, Tuple

PACKAGE = "pyapp"
FOLDER = "data"


@lru_cache(maxsize=None)
def _parsed(path: str) -> Any:
    raw = pkgutil.get_data(PACKAGE, path)
    if raw is None:
        raise FileNotFoundError(f"{PACKAGE}/{path} is missing from the package")
    return json.loads(raw.decode("utf-8"))


def table(path: str, default: Any = None) -> Any:
    """``pyapp/<path>`` (``"data/kinship.json"``) parsed, read once. The object is shared by every
    caller: read it, never change it. ``default`` (when given) stands for a missing or unreadable
    file; without it the error is raised."""
    try:
        return _parsed(path)
    except (OSError, ValueError):
        if default is None:
            raise
        return default


def rows(path: str, key: str, model: Callable[..., Any]) -> Tuple[Any, ...]:
    """The table's list under ``key``, each item made into ``model`` (a pydantic row); an item that does not
    fit is skipped and an unreadable table gives (), so one bad row never costs a reader its other rows."""
    out = []
    for item in table(path, {}).get(key, []):
        try:
            out.append(model(**item))
        except (TypeError, ValueError):
            continue
    return tuple(out)


def table_names() -> List[str]:
    """``data/<name>.json`` for every table in the package (a source tree or the page's zip)."""
    try:
        from importlib.resources import files

        folder = files(PACKAGE).joinpath(FOLDER)
        return sorted(f"{FOLDER}/{entry.name}" for entry in folder.iterdir() if entry.name.endswith(".json"))
    except (OSError, ImportError, AttributeError, TypeError):
        return []


def zero_arg_builders(prefix: str = PACKAGE + ".") -> Iterator[Tuple[str, Callable[[], Any]]]:
    """Every module-level ``functools`` cache taking no argument in the imported ``pyapp`` modules."""
    for name in sorted(m for m in list(sys.modules) if m.startswith(prefix)):
        module = sys.modules.get(name)
        for attr, value in list(getattr(module, "__dict__", {}).items()):
            if isinstance(value, types.ModuleType):  # numpy's placeholder answers every name by importing numpy
                continue
            try:
                if not callable(getattr(value, "cache_clear", None)) or getattr(value, "__module__", None) != name:
                    continue
                params = inspect.signature(value).parameters.values()
            except Exception:  # noqa: BLE001 (an object that cannot say what it is is no table builder)
                continue
            if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
                yield f"{name}.{attr}", value


def release_parsed() -> int:
    """Forget the parsed JSON of every table; returns how many were held. For the runtime snapshot, after
    :func:`prepare`: the builders have turned the tables into what the readers use (their own caches keep
    that), and the parsed JSON beside it is a few MB of memory that every first visit downloads in the
    snapshot (issue 21). A table still read directly is parsed again on first use (measured: one table
    over four questions of different kinds, well under a millisecond of CPython)."""
    held = _parsed.cache_info().currsize
    _parsed.cache_clear()
    return held


def prepare() -> Dict[str, Any]:
    """Load every table and build every zero-argument cached table (see the module's docstring).
    Never raises: a builder that fails is left to build on first use, as before. Returns what was
    done: ``{tables, built, failed, ms}``."""
    start = time.perf_counter()
    tables = 0
    for path in table_names():
        try:
            _parsed(path)
            tables += 1
        except (OSError, ValueError):
            pass
    built: List[str] = []
    failed: List[str] = []
    for name, builder in zero_arg_builders():
        try:
            builder()
            built.append(name)
        except Exception:  # noqa: BLE001 (left to its first use, which reports it as it always did)
            builder.cache_clear()
            failed.append(name)
    return {"tables": tables, "built": built, "failed": failed, "ms": round((time.perf_counter() - start) * 1000, 1)}
