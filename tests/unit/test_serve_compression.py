"""Compressed responses (issue 21): corpus_build/precompress.py writes .br/.gz beside each file
that shrinks; serve.py sends the one the browser accepts, with the headers a cache needs."""
from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Iterator

import pytest

from corpus_build.precompress import STATE_FILE, fresh_variant, precompress
from tests.unit.test_serve import fetch, start, stop

brotli = pytest.importorskip("brotli")

TEXT = json.dumps([{"verse": i, "text": "agním īḷe puróhitaṃ yajñásya devám ṛtvíjam"} for i in range(400)]).encode()
RANDOM = os.urandom(8192)  # does not shrink: served as it is, no variant written


FILES = {"index.html": b"<!doctype html><title>t</title>", "assets/index/verses.json": TEXT,
         "assets/index/vectors/v.npy": RANDOM, "vendor/models/m.gguf": TEXT,
         "vendor/pyodide/pyodide.asm.wasm": b"\0asm" + TEXT,
         "assets/python-runtime.snapshot": b"\0" * 70_000 + TEXT, "assets/numpy-files.tar": TEXT}


def _write_files(root: Path) -> Path:
    for name, data in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _write_files(tmp_path_factory.mktemp("web"))
    precompress(root)
    return root


@pytest.fixture(scope="module")
def server(web: Path) -> Iterator[str]:
    proc, url = start(["--web-root", str(web)])
    yield url
    stop(proc)


def test_precompress_writes_variants_only_where_they_pay(web: Path) -> None:
    source = web / "assets/index/verses.json"
    assert gzip.decompress((web / "assets/index/verses.json.gz").read_bytes()) == TEXT
    assert brotli.decompress((web / "assets/index/verses.json.br").read_bytes()) == TEXT
    assert fresh_variant(source, ".br") and fresh_variant(source, ".gz")
    assert not (web / "assets/index/vectors/v.npy.gz").exists()  # random bytes: no saving
    assert not (web / "vendor/models/m.gguf.br").exists()  # models are read with Range requests
    assert "assets/index/vectors/v.npy" in json.loads((web / STATE_FILE).read_text())
    assert precompress(web).written == []  # a second build has nothing to do
    # shipped raw so that HTTP compresses them (corpus_build/app_bundle.py GZIP_FALLBACK): both variants
    for name in ("assets/python-runtime.snapshot", "assets/numpy-files.tar"):
        assert gzip.decompress((web / f"{name}.gz").read_bytes()) == (web / name).read_bytes()
        assert brotli.decompress((web / f"{name}.br").read_bytes()) == (web / name).read_bytes()


def test_variants_made_with_other_settings_are_made_again(web: Path) -> None:
    variant = web / "assets/index/verses.json.br"
    state_path = web / STATE_FILE
    state = json.loads(state_path.read_text())
    assert precompress(web).written == []
    state["#settings"] = "an older build's brotli quality"
    state_path.write_text(json.dumps(state))
    variant.write_bytes(brotli.compress(TEXT, quality=1))  # made by that older build, same mtime as its source
    os.utime(variant, ns=(0, (web / "assets/index/verses.json").stat().st_mtime_ns))
    assert "assets/index/verses.json.br" in precompress(web).written
    assert variant.read_bytes() == brotli.compress(TEXT, quality=11, lgwin=22)  # this build's setting
    assert precompress(web).written == []  # and then nothing until the settings change again


def test_a_second_checkout_copies_the_variants_of_the_same_bytes_from_the_step_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """$RVS_STEP_CACHE: a checkout whose files were precompressed keeps their variants; another checkout
    gets byte-identical variants (and "none worth it") without compressing, except for a changed file."""
    monkeypatch.setenv("RVS_STEP_CACHE", str(tmp_path / "cache"))
    first, second = _write_files(tmp_path / "a"), _write_files(tmp_path / "b")
    precompress(first)
    changed = TEXT.replace(b"agn", b"AGN")
    (second / "assets/index/verses.json").write_bytes(changed)
    compressed = []
    real = brotli.compress
    monkeypatch.setattr(brotli, "compress", lambda data, **kw: compressed.append(data) or real(data, **kw))
    report = precompress(second)
    assert compressed == [changed]  # only the changed file was compressed
    assert report.from_cache == len(FILES) - 3  # the other compressible files (not the model, the small page)
    for name in FILES:
        for suffix in (".br", ".gz"):
            a, b = first / (name + suffix), second / (name + suffix)
            assert a.exists() == b.exists(), name + suffix
            if a.exists() and name != "assets/index/verses.json":
                assert a.read_bytes() == b.read_bytes() and fresh_variant(second / name, suffix), name + suffix
    assert brotli.decompress((second / "assets/index/verses.json.br").read_bytes()) == changed
    assert "assets/index/vectors/v.npy" in json.loads((second / STATE_FILE).read_text())  # none worth it, remembered
    assert precompress(second).written == []
    # a damaged entry is not used: that file is compressed again
    for entry in (tmp_path / "cache").iterdir():
        for variant in entry.glob("br"):
            variant.write_bytes(b"damaged")
    third = _write_files(tmp_path / "c")
    compressed.clear()
    precompress(third)
    assert len(compressed) >= 3 and b"damaged" not in (third / "assets/index/verses.json.br").read_bytes()
    assert brotli.decompress((third / "assets/numpy-files.tar.br").read_bytes()) == TEXT


def test_serves_brotli_then_gzip_then_plain_by_accept_encoding(server: str) -> None:
    url = server + "/assets/index/verses.json"
    status, headers, body = fetch(url, {"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["content-encoding"] == "br" and "Accept-Encoding" in headers["vary"]
    assert int(headers["content-length"]) == len(body) < len(TEXT) and brotli.decompress(body) == TEXT
    assert headers["content-type"] == "application/json"
    _, gz_headers, gz_body = fetch(url, {"Accept-Encoding": "gzip, br;q=0"})
    assert gz_headers["content-encoding"] == "gzip" and gzip.decompress(gz_body) == TEXT
    assert gz_headers["etag"] != headers["etag"]  # a cache must not answer one encoding with the other
    _, plain_headers, plain = fetch(url, {"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain_headers and plain == TEXT and "Accept-Encoding" in plain_headers["vary"]


def test_revalidation_is_per_encoding(server: str) -> None:
    url = server + "/vendor/pyodide/pyodide.asm.wasm"
    _, headers, _ = fetch(url, {"Accept-Encoding": "br"})
    status, again, body = fetch(url, {"Accept-Encoding": "br", "If-None-Match": headers["etag"]})
    assert status == 304 and body == b"" and again["etag"] == headers["etag"]
    status, _, body = fetch(url, {"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
    assert status == 200 and gzip.decompress(body).startswith(b"\0asm")


def test_range_requests_get_the_plain_bytes(server: str) -> None:
    status, headers, body = fetch(server + "/assets/index/verses.json", {"Accept-Encoding": "br", "Range": "bytes=0-9"})
    assert status == 206 and body == TEXT[:10] and "content-encoding" not in headers


def test_a_stale_variant_is_never_served(web: Path, server: str) -> None:
    source = web / "index.html"
    source.write_bytes(b"<!doctype html><title>" + b"new " * 600 + b"</title>")
    precompress(web)
    source.write_bytes(b"<!doctype html><title>" + b"newer " * 600 + b"</title>")  # edited after the build
    _, headers, body = fetch(server + "/", {"Accept-Encoding": "br"})
    assert "content-encoding" not in headers and body.startswith(b"<!doctype html><title>newer")
