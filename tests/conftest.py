"""Shared fixtures: the built index, a served copy of `web/`, and a Chromium page that records
every request leaving the page's own origin.

Why build on demand: CI runs on a clean clone, so the first test that needs assets builds them
exactly the way a user's `python serve.py` would; later runs reuse them (the build skips
unchanged steps).
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator, List
from urllib.parse import urlparse

import pytest

REPO = Path(__file__).resolve().parents[1]
INDEX_DIR = REPO / "web" / "assets" / "index"
VENDOR_DIR = REPO / "web" / "vendor"
TEST_OUTPUT = REPO / "test-output"

CHROMIUM = os.environ.get("RVS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _run(args: List[str]) -> None:
    result = subprocess.run([sys.executable, *args], cwd=REPO)
    if result.returncode != 0:
        pytest.fail(f"`python {' '.join(args)}` failed with exit code {result.returncode}")


@pytest.fixture(scope="session")
def index_dir() -> Path:
    """The built index assets; the build skips every step whose inputs are unchanged (~3 s),
    so tests never see an index older than the code that reads it."""
    _run(["-m", "corpus_build", "--out", str(INDEX_DIR), "--quiet"])
    return INDEX_DIR


@pytest.fixture(scope="session")
def vendor_dir() -> Path:
    """The vendored runtime and wheels, fetched the way `python serve.py` does (verified once present)."""
    _run(["-m", "corpus_build.vendor", "--out", str(VENDOR_DIR)])
    return VENDOR_DIR


@pytest.fixture(scope="session")
def test_output() -> Path:
    TEST_OUTPUT.mkdir(exist_ok=True)
    return TEST_OUTPUT


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(url: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"server at {url} did not answer within {seconds:.0f} s")


def _start_server(extra: List[str]) -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "serve.py", "--port", str(port), *extra],
        cwd=REPO,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_for(url + "/", 1800)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def served_url(index_dir: Path) -> Iterator[str]:
    """`serve.py` on a free port; it builds the vendored runtime and app bundle if missing."""
    yield from _start_server([])


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module: closing it also stops the event loop the sync Playwright
    API keeps running, so `asyncio.run()` works again in any test collected after it."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `apt-get install -y chromium` (CI does)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def guard_context(context, origin: str) -> List[str]:
    """Abort every request that leaves `origin` and return the list they are recorded in."""
    foreign: List[str] = []
    own = urlparse(origin)

    def route(route_obj) -> None:
        url = route_obj.request.url
        parsed = urlparse(url)
        if parsed.scheme in ("data", "blob") or (parsed.scheme in ("http", "https") and parsed.netloc == own.netloc):
            route_obj.continue_()
        else:
            foreign.append(url)
            route_obj.abort()

    context.route("**/*", route)
    return foreign


@pytest.fixture()
def context(browser, served_url: str):
    context = browser.new_context(service_workers="allow")
    context.rvs_foreign_requests = guard_context(context, served_url)
    yield context
    context.close()


@pytest.fixture()
def page(context, served_url: str):
    page = context.new_page()
    page.rvs_foreign_requests = context.rvs_foreign_requests
    page.rvs_console_errors = []
    page.on("pageerror", lambda exc: page.rvs_console_errors.append(str(exc)))
    page.set_default_timeout(120_000)
    yield page
    page.close()
