"""Meaning search arriving after "ready" (issue 21): the manifest marks its files, the boot answers
without them, answers say so, and attaching them later turns meaning search on."""
from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from corpus_build.boot_order import is_deferred, mark_deferred
from pyapp import bridge


def test_the_manifest_marks_meaning_search_files_deferred(index_dir: Path) -> None:
    files = json.loads((index_dir / "manifest.json").read_text(encoding="utf-8"))["files"]
    deferred = {name for name, info in files.items() if info.get("deferred")}
    assert "encoder/weights.bin" in deferred and "vectors/verse_vectors.npy" in deferred
    # what keyword search, the facts and the reader need is never deferred
    assert not deferred & {"verses.json", "hymns.json", "text/vocab.json", "terms.json", "padapatha.json"}
    assert not any(info.get("lazy") and info.get("deferred") for info in files.values())


def test_mark_deferred_keeps_lazy_files_lazy_only() -> None:
    marked = mark_deferred({"files": {"vectors/a.npy": {"bytes": 1}, "versions/x.json": {"lazy": True},
                                      "verses.json": {"bytes": 2}}})["files"]
    assert marked["vectors/a.npy"].get("deferred") is True
    assert "deferred" not in marked["verses.json"] and "deferred" not in marked["versions/x.json"]
    assert is_deferred("encoder/vocab.txt") and not is_deferred("text/vocab.json")


@pytest.fixture()
def index_without_meaning(index_dir: Path, tmp_path: Path) -> Path:
    """The index as the page's file system holds it at "ready" on a first visit."""
    target = tmp_path / "index"
    shutil.copytree(index_dir, target, ignore=shutil.ignore_patterns("versions", "*.br", "*.gz"))
    for sub in ("encoder", "vectors"):
        shutil.rmtree(target / sub)
    return target


def _ask(question: str) -> dict:
    return json.loads(asyncio.run(bridge.ask(question, "[]", "{}", lambda e: None, lambda t: None)))


def test_answers_before_meaning_search_say_so_and_later_ones_use_it(index_dir: Path, index_without_meaning: Path) -> None:
    status = json.loads(bridge.boot(str(index_without_meaning)))
    assert status["success"] and status["vectors"] == "loading" and bridge.vectors_pending()
    early = _ask("What does the dawn bring?")
    assert early["success"] and early["citations"]
    assert bridge.VECTORS_PENDING_NOTE in early["notes"]
    assert bridge._state.searcher.search("dawn", method="hybrid", k=3).search_type == "text"

    for sub in ("encoder", "vectors"):  # what python/loader.js downloadDeferred writes after ready
        shutil.copytree(index_dir / sub, index_without_meaning / sub, ignore=shutil.ignore_patterns("*.br", "*.gz"))
    attached = json.loads(bridge.attach_vectors(str(index_without_meaning)))
    assert attached["success"] and attached["vectors"] == "loaded" and not bridge.vectors_pending()
    later = _ask("What does the dawn bring?")
    assert later["success"] and bridge.VECTORS_PENDING_NOTE not in later["notes"]
    assert bridge._state.searcher.search("dawn", method="hybrid", k=3).search_type == "hybrid"


def test_a_failed_download_leaves_keyword_search_and_stops_the_note(index_without_meaning: Path) -> None:
    assert json.loads(bridge.boot(str(index_without_meaning)))["vectors"] == "loading"
    bridge.attach_vectors_failed("HTTP 404")
    answer = _ask("Who are the Maruts?")
    assert answer["success"] and bridge.VECTORS_PENDING_NOTE not in answer["notes"]
    assert "download failed" in bridge._state.searcher.vector_note


def test_a_complete_index_boots_with_meaning_search(index_dir: Path) -> None:
    assert json.loads(bridge.boot(str(index_dir)))["vectors"] == "loaded" and not bridge.vectors_pending()
    assert bridge.deferred_missing(str(index_dir)) == []
