"""The corpus from its public sources (corpus_build.upstream + corpus_build.normalize).

Runs against the copy of the pinned upstream files ``corpus_build.locate`` finds (``$RIGVEDA_UPSTREAM``, a
directory or URL; ``shared/upstream`` beside the checkout; ``.cache/upstream``); skipped only when it finds
none. Nothing here touches the
network: "over http" means a server in this process serving that directory. Outputs go to tmp
dirs, never into the repository.
"""
from __future__ import annotations

import io
import json
import os
import threading
import time
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, Iterator, Optional

import pytest

import corpus_build.__main__ as build_cli
from corpus_build import locate, upstream
from corpus_build.manifest import sha256_file
from corpus_build.normalize import INPUTS
from corpus_build.upstream import (
    CORPUS_FILE, HYMNS_FILE, LICENCES_FILE, Reporter, build_corpus, cached, corpus_for_build, fetch,
    load_lock,
)

REPO = Path(__file__).resolve().parents[2]
LOCK = load_lock()


_FOUND = locate.find_upstream()
UPSTREAM = _FOUND.location if _FOUND else None
LOCAL_UPSTREAM = Path(UPSTREAM) if UPSTREAM and not locate.is_url(UPSTREAM) else None
_CORPUS = locate.find_corpus()
LOCATED_CORPUS = Path(_CORPUS.location) if _CORPUS and Path(_CORPUS.location).is_file() else None
NO_UPSTREAM = ("no upstream files found: set $RIGVEDA_UPSTREAM to a directory or URL, or provide ../shared/upstream "
               "(corpus_build.locate)")
needs_upstream = pytest.mark.skipif(UPSTREAM is None, reason=NO_UPSTREAM)
needs_local_upstream = pytest.mark.skipif(
    LOCAL_UPSTREAM is None or not LOCAL_UPSTREAM.is_dir(),
    reason="no local upstream directory ($RIGVEDA_UPSTREAM as a path, ../shared/upstream or .cache/upstream)")


@pytest.fixture(autouse=True)
def _upstream_copies_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files fetched over http here are kept in a tmp folder, never in the checkout's .cache/upstream."""
    monkeypatch.setattr(locate, "UPSTREAM_CACHE", tmp_path_factory.mktemp("upstream-copies"))


def _nothing_beside(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cache: Path) -> None:
    """A checkout with no shared/ beside it and ``cache`` as its .cache/corpus (for locate)."""
    monkeypatch.setattr(locate, "REPO_ROOT", tmp_path / "nowhere" / "checkout")
    monkeypatch.setattr(locate, "CORPUS_CACHE", cache)


def _locate(root: Path, repo: str, commit: str, path: str) -> Path:
    """A locked file in a local mirror, with or without the commit level."""
    for candidate in (root / repo / commit / path, root / repo / path):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"{repo}/{path} not in {root}")


def mirror(root: Path, *, with_commit: bool, replace: Optional[Dict[str, bytes]] = None) -> Path:
    """A mirror of the locked files made of symlinks (no copies of the corpus sources), in either
    layout; ``replace`` gives some files other bytes (a tampered or truncated copy)."""
    assert LOCAL_UPSTREAM is not None
    for item in LOCK.files():
        target = root / item.repo / (item.commit if with_commit else "") / item.pin.path
        target.parent.mkdir(parents=True, exist_ok=True)
        if replace and item.name in replace:
            target.write_bytes(replace[item.name])
        else:
            target.symlink_to(_locate(LOCAL_UPSTREAM, item.repo, item.commit, item.pin.path))
    return root


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (http.server's signature)
        pass


@contextmanager
def served(directory: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _original(name: str) -> bytes:
    item = next(i for i in LOCK.files() if i.name == name)
    assert LOCAL_UPSTREAM is not None
    return _locate(LOCAL_UPSTREAM, item.repo, item.commit, item.pin.path).read_bytes()


# --------------------------------------------------------------------------- the lock


def test_lock_pins_every_input_and_no_text() -> None:
    names = [item.name for item in LOCK.files()]
    assert len(names) == len(set(names))
    assert set(names) == set(INPUTS) | {"vedaweb_tei", "dharmic_licence"}
    assert set(LOCK.outputs) == {CORPUS_FILE, HYMNS_FILE}
    assert upstream.LOCK_PATH.stat().st_size < 10_000  # hashes only, never corpus text


@pytest.mark.skipif(LOCATED_CORPUS is None, reason="no corpus found (corpus_build.locate)")
def test_lock_outputs_are_the_shared_corpus() -> None:
    assert LOCATED_CORPUS is not None
    for name, pin in LOCK.outputs.items():
        assert sha256_file(LOCATED_CORPUS.with_name(name)) == pin.sha256, name


# --------------------------------------------------------------------------- (a) fetch + normalise


@pytest.fixture(scope="module")
def fetched(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, object]:
    """One fetch + normalise from the upstream files (~2 s locally), shared by several tests."""
    if UPSTREAM is None:
        pytest.skip(NO_UPSTREAM)
    out = tmp_path_factory.mktemp("corpus") / CORPUS_FILE
    log = io.StringIO()
    started = time.monotonic()
    build_corpus(UPSTREAM, out, stream=log)
    return {"out": out, "log": log.getvalue(), "seconds": time.monotonic() - started}


@needs_upstream
def test_corpus_from_upstream_equals_pinned_and_shared_corpus(fetched: Dict[str, object]) -> None:
    out = fetched["out"]
    assert isinstance(out, Path)
    if LOCATED_CORPUS is not None:
        for name in (CORPUS_FILE, HYMNS_FILE):
            ours = out.with_name(name).read_text(encoding="utf-8").splitlines()
            theirs = LOCATED_CORPUS.with_name(name).read_text(encoding="utf-8").splitlines()
            assert len(ours) == len(theirs), name
            for number, (mine, shared) in enumerate(zip(ours, theirs), 1):
                assert json.loads(mine) == json.loads(shared), f"{name} line {number} differs"
            assert ours == theirs, f"{name}: same records, different bytes"
    for name, pin in LOCK.outputs.items():
        assert sha256_file(out.with_name(name)) == pin.sha256, name
    assert "warning" not in str(fetched["log"])
    assert cached(out)


@needs_upstream
def test_downloads_show_sizes(fetched: Dict[str, object]) -> None:
    log = str(fetched["log"])
    total = sum(item.pin.bytes for item in LOCK.files())
    assert f"fetching {len(LOCK.files())} upstream files ({total / 1e6:.2f} MB)" in log
    assert "rigveda/versions/eichler.csv  3.41 MB  sha256 ok" in log
    assert f"({total / 1e6:.2f} MB of {total / 1e6:.2f} MB)" in log


# --------------------------------------------------------------------------- (d) licences


@needs_upstream
def test_licences_printed_and_written(fetched: Dict[str, object]) -> None:
    log, out = str(fetched["log"]), fetched["out"]
    assert isinstance(out, Path)
    notice = out.with_name(LICENCES_FILE).read_text(encoding="utf-8")
    assert notice in log
    for expected in ("eichler.csv)", "CC BY-NC-SA 4.0 <https://creativecommons.org/licenses/by-nc-sa/4.0/>",
                     "public domain; VedaWeb's digital compilation CC BY-NC-SA 4.0",
                     "addressees.json)", "CC BY 4.0 <https://creativecommons.org/licenses/by/4.0/>",
                     "ODbL 1.0", "Attribution: Sanskrit text: D. Eichler, via VedaWeb",
                     "VedaWebProject/vedaweb-data @ d3eb8af73243", "bhavykhatri/DharmicData @ e1767713548e"):
        assert expected in notice, expected


@needs_local_upstream
def test_licences_printed_even_when_quiet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = upstream.main(["--upstream", str(LOCAL_UPSTREAM), "--out", str(tmp_path / CORPUS_FILE), "--quiet"])
    err = capsys.readouterr().err
    assert code == 0
    assert "CC BY-NC-SA 4.0" in err and "ODbL 1.0" in err and "Attribution:" in err
    assert "sha256 ok" not in err  # progress is what --quiet drops


# --------------------------------------------------------------------------- (b) over http


@needs_local_upstream
def test_fetch_over_http_verifies_every_file(tmp_path: Path) -> None:
    """The shared directory as a server sees it (no commit level in the paths)."""
    assert LOCAL_UPSTREAM is not None
    log = io.StringIO()
    with served(LOCAL_UPSTREAM) as url:
        files = fetch(url, LOCK, Reporter(log, quiet=False))
    assert set(files) == {item.name for item in LOCK.files()}
    assert log.getvalue().count("sha256 ok") == len(LOCK.files())


@needs_local_upstream
def test_corpus_over_http_in_raw_host_layout(tmp_path: Path) -> None:
    """``<owner>/<repo>/<commit>/<path>``, as raw.githubusercontent.com serves it."""
    root = mirror(tmp_path / "mirror", with_commit=True)
    out = tmp_path / "out" / CORPUS_FILE
    with served(root) as url:
        build_corpus(url, out, stream=io.StringIO())
    for name, pin in LOCK.outputs.items():
        assert sha256_file(out.with_name(name)) == pin.sha256, name


# --------------------------------------------------------------------------- (c) tampered files


def _tampered(name: str, how: str) -> bytes:
    data = _original(name)
    if how == "truncated":
        return data[: len(data) // 2]
    index = len(data) // 3
    return data[:index] + bytes([data[index] ^ 0x01]) + data[index + 1:]


@needs_local_upstream
@pytest.mark.parametrize("name,how,over_http", [
    ("eichler", "truncated", False),
    ("mandala_3", "changed", True),
    ("vedaweb_tei", "changed", False),
])
def test_tampered_file_stops_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           name: str, how: str, over_http: bool) -> None:
    root = mirror(tmp_path / "mirror", with_commit=False, replace={name: _tampered(name, how)})
    item = next(i for i in LOCK.files() if i.name == name)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    if over_http:
        with served(root) as url:
            code = upstream.main(["--upstream", url, "--out", str(out_dir / CORPUS_FILE)])
    else:
        code = upstream.main(["--upstream", str(root), "--out", str(out_dir / CORPUS_FILE)])
    err = capsys.readouterr().err
    error = [line for line in err.splitlines() if line.startswith("error:")]
    assert code == 1
    assert len(error) == 1
    assert item.label in error[0] and f"expected sha256 {item.pin.sha256}" in error[0]
    assert f"got {upstream.sha256_bytes(_tampered(name, how))}" in error[0]
    assert ("truncated" in error[0]) == (how == "truncated")
    assert "Traceback" not in err and "Licences" not in err  # nothing is used before every file is checked
    assert list(out_dir.iterdir()) == []


@needs_local_upstream
def test_build_cli_with_tampered_upstream_builds_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    root = mirror(tmp_path / "mirror", with_commit=True, replace={"griffith": _tampered("griffith", "truncated")})
    monkeypatch.setattr(locate, "CORPUS_CACHE", tmp_path / "cache")
    index = tmp_path / "index"
    code = build_cli.main(["--upstream", str(root), "--out", str(index), "--no-app-zip", "--quiet"])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("error:") == 1 and "translations/eng/griffith.csv" in err
    assert not (tmp_path / "cache" / CORPUS_FILE).exists() and not (tmp_path / "cache" / HYMNS_FILE).exists()
    assert not index.exists()


# --------------------------------------------------------------------------- how the build finds its corpus


def test_configured_corpus_is_used_as_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--corpus / $RIGVEDA_CORPUS win, even when missing (the build then says 'corpus not found')."""
    monkeypatch.setattr(locate, "CORPUS_CACHE", tmp_path / "cache")
    assert corpus_for_build("x.jsonl", None) == "x.jsonl"
    monkeypatch.setenv("RIGVEDA_CORPUS", str(tmp_path / "missing.jsonl"))
    assert corpus_for_build(None, None) == str(tmp_path / "missing.jsonl")
    with pytest.raises(upstream.CorpusError, match="not both"):
        corpus_for_build("x.jsonl", "https://example.org")
    assert not (tmp_path / "cache").exists()


@needs_upstream
def test_no_corpus_anywhere_builds_from_cache(fetched: Dict[str, object], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """No --corpus, no $RIGVEDA_CORPUS, no shared corpus: the build uses the corpus fetched into the
    cache (a valid one is reused, so this does not fetch again)."""
    out = fetched["out"]
    assert isinstance(out, Path)
    monkeypatch.delenv("RIGVEDA_CORPUS", raising=False)
    monkeypatch.setenv("RIGVEDA_UPSTREAM", str(UPSTREAM))
    _nothing_beside(monkeypatch, tmp_path, out.parent)
    index = tmp_path / "index"
    code = build_cli.main(["--out", str(index), "--skip", "text,vectors,encoder", "--no-app-zip", "--quiet"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "fetching" not in err and "Licences" not in err
    manifest = json.loads((index / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["corpus"]["source"] == CORPUS_FILE and manifest["corpus"]["records"] == 10552


@needs_upstream
def test_stale_cache_is_not_reused(fetched: Dict[str, object], tmp_path: Path) -> None:
    out = fetched["out"]
    assert isinstance(out, Path)
    copy = tmp_path / CORPUS_FILE
    for name in (CORPUS_FILE, HYMNS_FILE, upstream.STAMP_FILE):
        copy.with_name(name).write_bytes(out.with_name(name).read_bytes())
    assert cached(copy)
    copy.with_name(HYMNS_FILE).write_bytes(b"")
    assert not cached(copy)


def test_no_corpus_and_unreachable_upstream_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("RIGVEDA_CORPUS", raising=False)
    monkeypatch.setenv("RIGVEDA_UPSTREAM", str(tmp_path / "no-such-mirror"))
    _nothing_beside(monkeypatch, tmp_path, tmp_path / "cache")
    code = build_cli.main(["--out", str(tmp_path / "index"), "--no-app-zip", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "no corpus found" in err and "no-such-mirror" in err and "--corpus" in err
    assert not (tmp_path / "index").exists()


# --------------------------------------------------------------------------- corpus_build.locate: one order for all


def _link_pinned(root: Path, wanted) -> Path:
    """``root`` as a raw-host-layout mirror (symlinks into the local upstream copy) of ``wanted``."""
    assert LOCAL_UPSTREAM is not None
    for item in wanted:
        target = root / item.repo / item.commit / item.pin.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(_locate(LOCAL_UPSTREAM, item.repo, item.commit, item.pin.path))
    return root


@needs_local_upstream
def test_locate_corpus_order_ends_with_the_built_cache(fetched: Dict[str, object], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """--corpus, $RIGVEDA_CORPUS, shared/corpus beside the checkout, then the corpus built into .cache/corpus:
    the one serve.py and the tests find again after the build made it."""
    out = fetched["out"]
    assert isinstance(out, Path)
    cache = tmp_path / "cache"
    _nothing_beside(monkeypatch, tmp_path, cache)
    monkeypatch.delenv("RIGVEDA_CORPUS", raising=False)
    assert locate.find_corpus() is None
    cache.mkdir()
    for name in (CORPUS_FILE, HYMNS_FILE, upstream.STAMP_FILE):
        (cache / name).write_bytes(out.with_name(name).read_bytes())
    assert locate.find_corpus().location == str(cache / CORPUS_FILE)
    shared = tmp_path / "nowhere" / "shared" / "corpus" / CORPUS_FILE
    shared.parent.mkdir(parents=True)
    shared.write_bytes(b"")
    assert locate.find_corpus().location == str(shared)
    monkeypatch.setenv("RIGVEDA_CORPUS", str(tmp_path / "configured.jsonl"))  # explicit: used even if missing
    assert locate.find_corpus().location == str(tmp_path / "configured.jsonl")
    assert locate.find_corpus("given.jsonl").location == "given.jsonl"


@needs_local_upstream
def test_locate_upstream_order_and_the_kept_copies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--upstream, $RIGVEDA_UPSTREAM, shared/upstream beside the checkout, a complete .cache/upstream, the host."""
    _nothing_beside(monkeypatch, tmp_path, tmp_path / "cache")
    monkeypatch.delenv("RIGVEDA_UPSTREAM", raising=False)
    kept = tmp_path / "kept"
    monkeypatch.setattr(locate, "UPSTREAM_CACHE", kept)
    assert locate.find_upstream() is None and locate.upstream_location() == locate.DEFAULT_BASE
    _link_pinned(kept, LOCK.files())  # the corpus files only: not yet a complete copy
    assert locate.find_upstream() is None
    _link_pinned(kept, LOCK.version_files())
    assert locate.find_upstream().location == str(kept)
    shared = tmp_path / "nowhere" / "shared" / "upstream"
    shared.mkdir(parents=True)
    assert locate.find_upstream().location == str(shared)
    monkeypatch.setenv("RIGVEDA_UPSTREAM", "https://mirror.example.org")
    assert locate.upstream_location() == "https://mirror.example.org"
    assert locate.upstream_location("given") == "given"


@needs_local_upstream
def test_files_fetched_over_http_are_kept_for_offline_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = tmp_path / "kept"
    monkeypatch.setattr(locate, "UPSTREAM_CACHE", kept)
    with served(mirror(tmp_path / "mirror", with_commit=True)) as url:
        fetch(url, LOCK, Reporter(io.StringIO(), quiet=True))
    for item in LOCK.files():
        assert sha256_file(kept / item.repo / item.commit / item.pin.path) == item.pin.sha256, item.label
