"""The Python runtime starts from the build's memory snapshot; a missing or damaged one only costs speed.
A host that sends the raw snapshot and numpy's tar uncompressed gets their `.gz` fetched and inflated
instead (web/python/packed.js), so a phone never downloads their 37 raw megabytes."""
from __future__ import annotations

import gzip
import re

import pytest

from helpers import boot, cards, error_text, submit

pytestmark = pytest.mark.browser

# the raw file and the `.gz` beside it (packed.js turns to it when the raw one comes uncompressed)
SNAPSHOT = re.compile(r"/assets/python-runtime\.snapshot(\.gz)?(\?v=[0-9a-f]+)?$")
PACKED_RAW = re.compile(r"/assets/(python-runtime\.snapshot|numpy-files\.tar)(\?v=[0-9a-f]+)?$")
PACKED_GZ = re.compile(r"/assets/(python-runtime\.snapshot|numpy-files\.tar)\.gz(\?v=[0-9a-f]+)?$")
# the app's and the packages' zips, whole or their rest (corpus_build/rest_zips.py)
ZIPS = re.compile(r"/assets/((?:pyapp|site-packages)(?:\.rest)?\.zip)(\?v=[0-9a-f]+)?$")


def _zips_seen(page) -> list:
    seen: list = []
    page.on("request", lambda request: seen.append(ZIPS.search(request.url).group(1)) if ZIPS.search(request.url) else None)
    return seen


def _answers_a_reference_and_a_question(page) -> None:
    submit(page, "RV 10.129.1")
    assert [c["ref"] for c in cards(page)][-1] == "10.129.1"
    submit(page, "Who is praised as the priest of the sacrifice?")
    assert error_text(page) == ""
    assert len((page.get_by_test_id("answer").text_content() or "").strip()) > 20


def test_python_starts_from_the_snapshot_and_answers(page, served_url: str) -> None:
    """...and fetches only the rest of the app's zips: the snapshot holds the modules it imported."""
    zips = _zips_seen(page)
    boot(page, served_url)
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "snapshot"
    _answers_a_reference_and_a_question(page)
    assert set(zips) == {"pyapp.rest.zip", "site-packages.rest.zip"}, zips


@pytest.mark.parametrize("damage", ["garbage", "truncated", "missing"])
def test_a_bad_snapshot_falls_back_to_a_normal_start(page, served_url: str, damage: str) -> None:
    def serve_bad(route) -> None:  # the raw file and its `.gz` alike
        gz = ".gz" in route.request.url.split("?")[0][-3:]
        if damage == "missing":
            route.fulfill(status=404, body="not here")
        elif damage == "garbage":
            garbage = b"\x07" * 200_000
            route.fulfill(status=200, body=gzip.compress(garbage) if gz else garbage, content_type="application/octet-stream")
        else:
            real = route.fetch().body()
            route.fulfill(status=200, body=real[: len(real) // 2], content_type="application/octet-stream")

    seen: list = []
    page.on("request", lambda request: seen.append(request.url) if SNAPSHOT.search(request.url) else None)
    zips = _zips_seen(page)
    page.route(SNAPSHOT, serve_bad)
    boot(page, served_url)
    assert error_text(page) == ""
    assert seen and all("?v=" in url for url in seen)  # versioned, so caches may keep it for good
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "start"
    _answers_a_reference_and_a_question(page)
    assert {"pyapp.zip", "site-packages.zip"} <= set(zips), zips  # a normal start needs every module: the full zips


def test_a_host_that_cannot_compress_gets_the_gz_inflated(page, served_url: str) -> None:
    """The raw snapshot and tar answered without Content-Encoding (as a plain static host would):
    the page fetches the `.gz` beside each, inflates it, and still starts from the snapshot and
    numpy's unpacked files."""
    gz_seen: list = []
    page.on("request", lambda request: gz_seen.append(request.url) if PACKED_GZ.search(request.url) else None)

    def serve_plain(route) -> None:
        real = route.fetch()
        route.fulfill(status=200, body=real.body(), content_type="application/octet-stream")

    page.route(PACKED_RAW, serve_plain)
    boot(page, served_url)
    assert error_text(page) == ""
    assert sorted(url.split("/")[-1].split("?")[0] for url in gz_seen) == ["numpy-files.tar.gz", "python-runtime.snapshot.gz"]
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "snapshot"
    assert page.evaluate("window.rvsTimings.numpyFrom") == "files"
    _answers_a_reference_and_a_question(page)
