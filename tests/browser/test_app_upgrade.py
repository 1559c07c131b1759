"""Upgrades are safe (issue #11, item 7): a reader who loaded build A and comes back after build B
was deployed gets B — online, and offline afterwards — and never A's index beside B's code.

The test serves its own copy of the site. Build A is the index the other tests use (copied, with
its build state); build B is the same corpus with one verse's English translation changed, written
into the served folder by `python -m corpus_build` the way a deploy would. Only the verse tables
are rebuilt for B (`--skip` keeps A's intact search files: the slow embedding step is not what is
under test). The corpus copy lives in a temporary folder for the length of the test only.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator, Tuple

import pytest

from corpus_build.corpus import HYMNS_FILE, default_corpus_location
from helpers import BOOT_TIMEOUT_MS, error_text, wait_idle
from pyapp.bench.chromium import guard_context, served_app

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
WEB = REPO / "web"
REF = "1.1.1"
MARKER = "Build-B marker: this translation was changed by the upgrade test"
SKIP_FOR_B = "text,vectors,encoder,terms,versions"  # B differs from A only in verses.json / hymns.json


def _changed_corpus(folder: Path) -> Path:
    """rigveda.jsonl (and hymns.jsonl) with REF's translation replaced by MARKER."""
    source = Path(default_corpus_location())
    if not source.is_file():
        pytest.skip(f"no corpus found (corpus_build.locate; run `python serve.py --build-only` first): {source}")
    folder.mkdir(parents=True)
    out = folder / source.name
    changed = 0
    with source.open(encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        for line in src:
            record = json.loads(line)
            if record.get("ref") == REF:
                record["translation"] = MARKER
                line = json.dumps(record, ensure_ascii=False) + "\n"
                changed += 1
            dst.write(line)
    assert changed == 1
    if (source.parent / HYMNS_FILE).is_file():
        shutil.copy(source.parent / HYMNS_FILE, folder / HYMNS_FILE)
    return out


@pytest.fixture(scope="module")
def site(index_dir: Path, served_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tuple[Path, str]]:
    """A served copy of web/ with build A; served_url made sure web/ is fully built."""
    root = tmp_path_factory.mktemp("upgrade")
    web = root / "web"
    shutil.copytree(WEB, web, ignore=shutil.ignore_patterns("vendor", "index", "img"))
    (web / "vendor").symlink_to(WEB / "vendor", target_is_directory=True)  # pinned runtime: read only
    shutil.copytree(index_dir, web / "assets" / "index")
    with served_app(["--web-root", str(web)]) as base:
        yield root, base


def _verse_text(page, ref: str) -> str:
    page.get_by_test_id("query").fill(f"RV {ref}")
    page.get_by_test_id("query").press("Enter")
    wait_idle(page)
    card = page.locator(f"[data-testid=verse-card][data-ref='{ref}']").last
    return card.text_content() or ""


def _ready(page) -> None:
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=BOOT_TIMEOUT_MS)
    assert error_text(page) == "", error_text(page)


def test_a_deploy_reaches_an_open_page_then_works_offline(browser, site: Tuple[Path, str]) -> None:
    root, base = site
    context = browser.new_context(service_workers="allow")
    foreign = guard_context(context, base)
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        # build A, loaded once: the service worker installs and caches it
        page.goto(base + "/")
        _ready(page)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
        build_a = page.evaluate("async () => (await (await fetch('assets/index/manifest.json')).json()).build_version")
        assert MARKER not in _verse_text(page, REF)

        # deploy B into the served folder while the page stays open
        corpus = _changed_corpus(root / "corpus")
        result = subprocess.run(
            [sys.executable, "-m", "corpus_build", "--corpus", str(corpus), "--out", str(root / "web" / "assets" / "index"),
             "--no-app-zip", "--skip", SKIP_FOR_B, "--quiet"], cwd=REPO, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr[-2000:]

        # the open page still runs A whole: a file named for a build the server no longer has is
        # refused, never answered with B's bytes under A's name …
        stale = page.evaluate("""async () => {
          const r = await fetch('assets/index/verses.json?v=0000000000000000');
          return {status: r.status, stale: r.headers.get('X-RVS-Stale-Build')};
        }""")
        assert stale == {"status": 409, "stale": "1"}
        assert MARKER not in _verse_text(page, REF)
        # … and the reader is offered the new version (the worker's report, or any later check)
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        page.get_by_test_id("update-notice").wait_for()
        assert "new version" in (page.get_by_test_id("update-notice").text_content() or "")

        # "Reload": B starts whole, online
        with page.expect_navigation():
            page.get_by_test_id("update-action").click()
        _ready(page)
        assert MARKER in _verse_text(page, REF)
        build_b = page.evaluate("async () => (await (await fetch('assets/index/manifest.json')).json()).build_version")
        assert build_b != build_a

        # offline from here on: still B, from the cache
        context.set_offline(True)
        try:
            page.reload()
            _ready(page)
            assert MARKER in _verse_text(page, REF)
            assert page.evaluate("async () => (await (await fetch('assets/index/manifest.json')).json()).build_version") == build_b
        finally:
            context.set_offline(False)
    finally:
        context.close()
    assert foreign == []
