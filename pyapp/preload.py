"""Import the app's numpy-free modules one at a time, while the page installs numpy.

Why: installing numpy (unpacking its wheel, compiling its 16 wasm libraries) takes about a second
of every page load, and nothing can run on numpy until it is done. Most of the app does not need
numpy at import time (pydantic, the schemas, every agent, the orchestrator, the bridge), so the
page imports those in slices between numpy's own steps: the compiling runs on the browser's
background threads while the imports run on the page's thread. Only ``pyapp.search`` and
``pyapp.embed`` wait for numpy. A unit test imports this list with numpy blocked.
"""
from __future__ import annotations

import importlib
import sys

# dependency order, so each step is a modest slice of work
NUMPY_FREE_MODULES = (
    "pydantic",
    "pyapp.schemas",
    "pyapp.engines",
    "pyapp.lexicon",
    "pyapp.agents.classifier",
    "pyapp.agents.analyzer",
    "pyapp.agents.searcher",
    "pyapp.agents.translator",
    "pyapp.agents.generator",
    "pyapp.agents.validator",
    "pyapp.agents.critic",
    "pyapp.agents.evaluator",
    "pyapp.memory",
    "pyapp.orchestrator",
    "pyapp.bridge",
)


def import_next() -> str:
    """Import the first module of the list that is not imported yet; its name, or "" when done."""
    for name in NUMPY_FREE_MODULES:
        if name not in sys.modules:
            importlib.import_module(name)
            return name
    return ""
