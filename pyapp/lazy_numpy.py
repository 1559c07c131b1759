"""numpy's stand-in while the runtime snapshot is made, so the app's modules can be in it.

Why: the build-time memory snapshot (``corpus_build/runtime_snapshot.py``) cannot hold numpy (its wasm
libraries live outside the memory it saves), and every module that says ``import numpy as np`` at
its top (``pyapp.search``, and through it the orchestrator, the facts, most readers) was therefore
imported on every visit after the restore: seconds of a phone's boot. None of them *uses* numpy while
importing; they only bind the name. So the snapshot is made with this placeholder in
``sys.modules["numpy"]``: ``import numpy as np`` binds it, any use of it at import time fails (that
module is left out of the snapshot, as before). In the page, once numpy's files are installed
(``web/python/loader.js``), :func:`resolve` imports the real numpy and rebinds every module-level name
that held the placeholder, so the app's code runs on numpy itself, with no indirection. Anything the
rebinding missed still works: the placeholder forwards to the real module.
"""
from __future__ import annotations

import sys
import types
from typing import Any


class LazyNumpy(types.ModuleType):
    """``sys.modules["numpy"]`` while the snapshot is made (refuses use) and until :func:`resolve`."""

    rvs_lazy = True

    def __init__(self) -> None:
        super().__init__("numpy", "numpy, imported once the page has installed it (pyapp.lazy_numpy)")
        self.__dict__["_rvs_armed"] = False
        self.__dict__["_rvs_real"] = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        real = self.__dict__.get("_rvs_real")
        if real is None:
            if not self.__dict__.get("_rvs_armed"):
                raise ImportError(f"numpy.{name} used at import time: this module cannot be in the runtime snapshot")
            real = resolve()
        return getattr(real, name)


def install() -> LazyNumpy:
    """Put the placeholder in ``sys.modules`` (build time, before the app's modules are imported)."""
    placeholder = LazyNumpy()
    sys.modules["numpy"] = placeholder
    return placeholder


def arm() -> None:
    """Right before the snapshot is taken: from now on a use of the placeholder imports numpy."""
    placeholder = sys.modules.get("numpy")
    if isinstance(placeholder, LazyNumpy):
        placeholder.__dict__["_rvs_armed"] = True


def resolve() -> types.ModuleType:
    """The real numpy, imported now; every module global bound to the placeholder is rebound to it.
    Without a placeholder (no snapshot, or one made without it) this is ``import numpy``."""
    placeholder = sys.modules.get("numpy")
    if not isinstance(placeholder, LazyNumpy):
        import numpy

        return numpy
    del sys.modules["numpy"]
    try:
        import numpy as real
    except BaseException:
        sys.modules["numpy"] = placeholder  # the caller reports the failure; nothing half-done stays
        raise
    placeholder.__dict__["_rvs_real"] = real
    for module in list(sys.modules.values()):
        names = getattr(module, "__dict__", None)
        if module is placeholder or not isinstance(names, dict):
            continue
        for key, value in list(names.items()):
            if value is placeholder:
                names[key] = real
    return real
