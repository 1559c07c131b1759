"""Which index files the page needs before it can answer, and which may arrive just after.

Why: on a phone's first visit (issue 21) the encoder and the verse vectors of meaning search are
27 MB of the index, more than everything else the page needs together; keyword search, the facts
and verse lookups do not need them. The manifest lists them with ``"deferred": true``:
``web/python/loader.js`` downloads them once the boot's files are in, ``pyapp.bridge.attach_vectors``
adds them to the running searcher, and the answers given before that say meaning search was not
yet available. The service worker still caches them for offline use (they are not ``lazy``).

Why a module of its own, applied by ``corpus_build/__main__.py`` to the rendered manifest: the
build hashes each step's imported modules to know when to rebuild it; this rule changes no file
a step writes, so it must not be in a module the steps import (``corpus_build.manifest``).

``verses.json`` is marked ``"lazy"``: the page reads the same table from ``verses.bin``
(``pyapp.verse_table``, columns it loads without parsing JSON), so neither the boot, the prefetch nor
the service worker's precache fetches it; it stays in the index for tools, tests and an older page.
``text/vocab.json`` likewise: the page reads ``text/vocab.txt`` (``pyapp.search.vocab_lines``, lines).
"""
from __future__ import annotations

import json
from typing import Any, Dict

DEFERRED_PREFIXES = ("encoder/", "vectors/")
# files the page never needs when the index has their binary form (name → that form)
BINARY_FORMS = {"verses.json": "verses.bin", "text/vocab.json": "text/vocab.txt"}


def is_deferred(name: str) -> bool:
    return name.startswith(DEFERRED_PREFIXES)


def mark_deferred(manifest: Dict[str, Any]) -> Dict[str, Any]:
    """The manifest with ``"deferred": true`` on each deferred file, and ``"lazy": true`` on a file whose
    binary form the index has (a new dict; keys kept sorted)."""
    listed = manifest.get("files", {})

    def marked(name: str, entry: Dict[str, Any]) -> Dict[str, Any]:
        if is_deferred(name) and not entry.get("lazy"):
            return {**entry, "deferred": True}
        if BINARY_FORMS.get(name) in listed:
            return {**entry, "lazy": True}
        return entry

    return {**manifest, "files": {name: marked(name, entry) for name, entry in listed.items()}}


def mark_deferred_bytes(rendered: bytes) -> bytes:
    """``mark_deferred`` on a manifest as ``corpus_build.manifest.render_manifest`` renders it."""
    from corpus_build.manifest import json_bytes

    return json_bytes(mark_deferred(json.loads(rendered)), indent=1)
