"""Offline build of everything the browser app ships: the verse index (``python -m corpus_build``),
the vendored runtime (``python -m corpus_build.vendor``) and the ``pyapp`` bundle
(``python -m corpus_build.app_bundle``). Runs in CPython only; never imported by ``pyapp``."""

__version__ = "0.1.0"
