"""The Python runs in a worker (python/host.mjs), not on the page's thread: the page itself never downloads
or compiles the runtime, numpy, the index or PyScript, yet boot progress, answers (streamed), the reader and
the padapāṭha all work through messages. `?python=pyscript` (the same worker started by PyScript) and
`?python=page` (the old way), kept for comparison, still answer too."""
from __future__ import annotations

import pytest

from helpers import BOOT_TIMEOUT_MS, assert_only_own_origin, boot, cards, error_text, submit

pytestmark = pytest.mark.browser

# what only the Python needs: if the page's own thread fetched any of these, Python ran there
PYTHON_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "numpy-2.0.2", "pyapp.zip", "pyapp.rest.zip", "assets/index/verses.bin")
PAGE_FETCHES = "() => performance.getEntriesByType('resource').map((e) => e.name)"
PAGE_FETCHES_BY_KIND = "() => performance.getEntriesByType('resource').map((e) => [e.name, e.initiatorType])"


def test_python_boots_and_answers_in_the_worker(page, served_url: str) -> None:
    boot(page, served_url)
    assert page.evaluate("window.rvsTimings.python") == "worker"
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "snapshot"  # the snapshot survives the move
    # every stage's progress reached the page from the worker
    states = page.eval_on_selector_all("#boot [data-stage]", "els => els.map((e) => [e.dataset.stage, e.dataset.state])")
    assert states and all(state == "done" for _, state in states), states
    # the page may warm the HTTP cache with the boot's files (web/python/prefetch.js drains them with fetch()),
    # but it never loads them as a runtime would: every page-thread request for them is such a fetch
    fetched = page.evaluate(PAGE_FETCHES_BY_KIND)
    assert not [url for url, kind in fetched if any(name in url for name in PYTHON_FILES) and kind != "fetch"], fetched
    assert any(w.url.endswith("/python/host.mjs") for w in page.workers), [w.url for w in page.workers]
    # PyScript's core no longer starts the worker: none of its code is fetched (or run) on the page's thread
    assert not [url for url, _ in fetched if "/vendor/pyscript/" in url], fetched

    submit(page, "Who are the Maruts?")
    assert not error_text(page)
    found = cards(page)
    assert found and all(card["ref"] for card in found)
    assert page.get_by_test_id("answer").last.text_content().strip()

    # a verse reference and the hymn reader ask the worker too
    submit(page, "10.129.1")
    assert any(card["ref"] == "10.129.1" for card in cards(page))
    page.evaluate("() => { location.hash = '#/10.129'; }")
    page.wait_for_selector("[data-testid=reader][data-state=ready][data-ref='10.129']", timeout=BOOT_TIMEOUT_MS)
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def test_the_page_thread_way_still_answers(page, served_url: str) -> None:
    page.goto(served_url + "/?python=page")
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=BOOT_TIMEOUT_MS)
    assert not error_text(page), error_text(page)
    assert page.evaluate("window.rvsTimings.python") == "page"
    submit(page, "Who are the Maruts?")
    assert not error_text(page)
    assert cards(page)
    assert_only_own_origin(page)


def test_the_pyscript_worker_still_answers(page, served_url: str) -> None:
    page.goto(served_url + "/?python=pyscript")
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=BOOT_TIMEOUT_MS)
    assert not error_text(page), error_text(page)
    assert page.evaluate("window.rvsTimings.python") == "pyscript"
    assert any(w.url.startswith("blob:") for w in page.workers), [w.url for w in page.workers]
    submit(page, "Who are the Maruts?")
    assert not error_text(page)
    assert cards(page)
    assert_only_own_origin(page)
