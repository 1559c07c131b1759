"""Edits to numpy's sources for the page: imports ``import numpy`` makes that nothing in the app uses.

Why: ``import numpy`` runs on every page load after the runtime's restore (numpy's wasm libraries cannot
be in the memory snapshot), and in Pyodide every module it executes costs. ``numpy.linalg`` is imported
by ``numpy.matrixlib`` whatever the app does, and ``numpy/linalg/_linalg.py`` imports ``numpy._typing``
only to annotate five result tuples: that package (the typing stubs' runtime half: unions, protocols and
aliases) was ~9 % of ``import numpy`` under Node (median of 5: 160 of 1,810 ms at load 7). With
``from __future__ import annotations`` the annotations stay strings and the import moves under
``TYPE_CHECKING``; ``numpy.typing`` (and so ``numpy._typing``) still imports on first use.

Each edit names the exact text it replaces and must find it once: a numpy upgrade whose source moved
fails the build (``PatchMismatch``) instead of shipping an unpatched or half-patched file. The same
edited source goes into ``numpy-files.tar`` (``corpus_build/numpy_files.py``) and is what
``numpy-bytecode.zip``'s bytecode is compiled from (``corpus_build/app_bundle.py``), so the unpacked
files and the wheel fallback behave alike. ``tests/unit/test_numpy_patches.py`` checks both.
"""
from __future__ import annotations

import hashlib
from typing import Dict, Tuple

# path in the wheel → ((old, new), …), applied in order; each `old` must occur exactly once
PATCHES: Dict[str, Tuple[Tuple[str, str], ...]] = {
    "numpy/linalg/_linalg.py": (
        ("\n__all__ = ['matrix_power',", "\nfrom __future__ import annotations\n\n__all__ = ['matrix_power',"),
        ("\nfrom numpy._typing import NDArray\n",
         "\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:  # the page's build: numpy._typing is not imported by"
         " `import numpy` (corpus_build/numpy_patches.py)\n    from numpy._typing import NDArray\n"),
    ),
}


class PatchMismatch(RuntimeError):
    """numpy's source is not the one the patch was written for."""


def patch_source(path: str, data: bytes) -> bytes:
    """``data`` (the wheel's file at ``path``) with its edits applied; unchanged when it has none."""
    edits = PATCHES.get(path)
    if not edits:
        return data
    text = data.decode("utf-8")
    for old, new in edits:
        count = text.count(old)
        if count != 1:
            raise PatchMismatch(f"{path}: expected the text {old.strip()[:60]!r} once, found it {count} times; "
                                "update corpus_build/numpy_patches.py for this numpy")
        text = text.replace(old, new)
    return text.encode("utf-8")


def fingerprint() -> str:
    """Changes whenever the edits do (the build steps that use them fold it into their stamps)."""
    digest = hashlib.sha256()
    for path in sorted(PATCHES):
        digest.update(path.encode() + b"\0")
        for old, new in PATCHES[path]:
            digest.update(old.encode() + b"\0" + new.encode() + b"\0")
    return digest.hexdigest()
