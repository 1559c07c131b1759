"""numpy comes from the files the build unpacked from its wheel (corpus_build/numpy_files.py); when they
are missing or their bytes do not match their sha256, the wheel is installed instead and the app works."""
from __future__ import annotations

import re

import pytest

from helpers import BOOT_TIMEOUT_MS, cards, error_text, submit

pytestmark = pytest.mark.browser

NUMPY_FILES = re.compile(r"/assets/numpy-(files\.tar(\.gz)?|libs/.+\.wasm)(\?v=[0-9a-f]+)?$")
NUMPY_LIBS = re.compile(r"/assets/numpy-libs/.+\.wasm(\?v=[0-9a-f]+)?$")


def _boot(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=BOOT_TIMEOUT_MS)
    assert error_text(page) == "", error_text(page)


def _uses_numpy(page) -> None:
    submit(page, "RV 10.129.1")
    assert [c["ref"] for c in cards(page)][-1] == "10.129.1"
    submit(page, "Who is praised as the priest of the sacrifice?")  # hybrid search: numpy vectors
    assert error_text(page) == ""
    assert len((page.get_by_test_id("answer").text_content() or "").strip()) > 20


@pytest.mark.parametrize("where", ["worker", "page"])
def test_numpy_installs_from_its_unpacked_files(page, served_url: str, where: str) -> None:
    seen: list = []
    page.on("request", lambda request: seen.append(request.url) if NUMPY_FILES.search(request.url) else None)
    _boot(page, served_url + ("/?python=page" if where == "page" else "/"))
    assert page.evaluate("window.rvsTimings.numpyFrom") == "files"
    assert any("numpy-files.tar?" in url for url in seen) and any("_multiarray_umath" in url for url in seen)
    assert all("?v=" in url for url in seen)  # versioned, so the service worker keeps them for good
    _uses_numpy(page)


@pytest.mark.parametrize("damage", ["missing", "tampered"])
def test_missing_or_tampered_numpy_files_fall_back_to_the_wheel(page, served_url: str, damage: str) -> None:
    def serve_bad(route) -> None:
        if damage == "missing":
            route.fulfill(status=404, body="not here")
            return
        response = route.fetch()
        body = bytearray(response.body())
        body[-64] ^= 0x01  # one flipped bit near the end (data): the sha256 in python.json no longer matches
        route.fulfill(response=response, body=bytes(body))

    # tampered: only the libraries, whose flipped byte (in a data segment) would still compile
    page.route(NUMPY_FILES if damage == "missing" else NUMPY_LIBS, serve_bad)
    _boot(page, served_url + "/")
    assert page.evaluate("window.rvsTimings.numpyFrom") == "wheel"
    _uses_numpy(page)
