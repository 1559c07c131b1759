"""Shared fixtures: the built index, a served copy of `web/`, and a Chromium page that records
every request leaving the page's own origin.

Why build on demand: CI runs on a clean clone, so the first test that needs assets builds them
exactly the way a user's `python serve.py` would; later runs reuse them (the build skips
unchanged steps).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator, List

import pytest

from pyapp.bench.chromium import CHROMIUM, CHROMIUM_ARGS, guard_context, served_app

REPO = Path(__file__).resolve().parents[1]
INDEX_DIR = REPO / "web" / "assets" / "index"
VENDOR_DIR = REPO / "web" / "vendor"
TEST_OUTPUT = REPO / "test-output"


def pytest_configure(config) -> None:
    """A step cache from the environment ($RVS_STEP_CACHE) must not answer for the builds the tests check
    (they assert what a build does); test_fresh_clone.py passes its own to the clone's build."""
    os.environ.pop("RVS_STEP_CACHE", None)


def pytest_report_header(config) -> List[str]:
    """Which corpus and upstream copy the tests use (corpus_build.locate: the same order as serve.py)."""
    from corpus_build.locate import DEFAULT_BASE, find_corpus, find_upstream

    corpus, upstream = find_corpus(), find_upstream()
    return [f"corpus: {corpus or 'none found (tests that read it are skipped; run python serve.py --build-only)'}",
            f"upstream files: {upstream or f'no local copy (the build would fetch from {DEFAULT_BASE})'}"]


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


def _start_server(extra: List[str]) -> Iterator[str]:
    """serve.py with its build (a clean clone builds everything here, hence the long wait)."""
    try:
        with served_app(extra, build=True, timeout_s=1800, quiet=False) as url:
            yield url
    except RuntimeError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def served_url(index_dir: Path) -> Iterator[str]:
    """`serve.py` on a free port; it builds the vendored runtime and app bundle if missing."""
    yield from _start_server([])


def pytest_collection_modifyitems(session, config, items) -> None:
    """Tests that drive Chromium run after every other test, whatever order the paths were given in: the
    one Chromium of the run (``browser``, session-scoped) keeps the sync Playwright API's event loop
    running until the session ends, and the unit tests drive the agents with ``asyncio.run()``."""
    items.sort(key=lambda item: "browser" in getattr(item, "fixturenames", ()))  # stable: order kept within each


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the whole run (a launch per module cost a second or two each, and the shared
    booted page in tests/browser/conftest.py lives in it). Its event loop runs until the session ends,
    hence browser tests are collected last (pytest_collection_modifyitems)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `apt-get install -y chromium` (CI does)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


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
