"""After one online visit the service worker has everything: an offline reload boots and answers."""
from __future__ import annotations

import pytest

from helpers import assert_only_own_origin, boot, cards, error_text, submit

pytestmark = pytest.mark.browser


def test_offline_reload_still_answers(page, context, served_url: str) -> None:
    boot(page, served_url)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
    # numpy's wheel and its bytecode are the fallback of its unpacked files: not downloaded for the cache
    cached = page.evaluate("caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n)"
                           ".then((c) => c.keys())))).then((lists) => lists.flat().map((r) => r.url))")
    assert any("numpy-files.tar" in url for url in cached)
    assert not [url for url in cached if url.split("?")[0].endswith((".whl", "numpy-bytecode.zip"))]
    context.set_offline(True)
    try:
        page.reload()
        boot_ready = page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=180_000)
        assert error_text(page) == "", error_text(page)
        assert "10552" in (boot_ready.text_content() or "").replace(",", "")
        # a reload starts the Python worker from the page's first module (python/prefetch.js), and only that one
        assert page.evaluate("Boolean(window.rvsTimings.spans && window.rvsTimings.spans.earlyWorker)")
        assert len([w for w in page.workers if w.url.endswith("/python/host.mjs")]) == 1, [w.url for w in page.workers]
        # numpy's unpacked files are in the service worker's cache too, not only the wheel they replace
        assert page.evaluate("window.rvsTimings.numpyFrom") == "files"
        submit(page, "RV 1.1.1")
        assert [c["ref"] for c in cards(page)][-1] == "1.1.1"
        submit(page, "Who is praised as the priest of the sacrifice?")
        assert error_text(page) == ""
        assert len((page.get_by_test_id("answer").text_content() or "").strip()) > 20
    finally:
        context.set_offline(False)
    assert_only_own_origin(page)
