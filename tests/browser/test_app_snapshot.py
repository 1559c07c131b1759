"""The Python runtime snapshot: a reload starts from it, and a damaged one never breaks the page."""
from __future__ import annotations

import pytest

from helpers import boot, cards, error_text, submit

pytestmark = pytest.mark.browser

STORED_SNAPSHOT_BYTES = """
async () => {
  const cache = await caches.open('rvs-v1-runtime');
  const keys = await cache.keys();
  if (!keys.length) return 0;
  return (await (await cache.match(keys[0])).arrayBuffer()).byteLength;
}
"""

DAMAGE_SNAPSHOT = """
async () => {
  const cache = await caches.open('rvs-v1-runtime');
  const [key] = await cache.keys();
  await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
}
"""


def _wait_snapshot(page, bigger_than: int = 1_000_000) -> int:
    page.wait_for_function(f"async () => (await ({STORED_SNAPSHOT_BYTES})()) > {bigger_than}", timeout=60_000)
    return int(page.evaluate(STORED_SNAPSHOT_BYTES))


def test_reload_starts_python_from_the_snapshot_and_answers(page, served_url: str) -> None:
    boot(page, served_url)
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "start"
    _wait_snapshot(page)
    page.reload()
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=180_000)
    assert error_text(page) == ""
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "snapshot"
    submit(page, "RV 10.129.1")
    assert [c["ref"] for c in cards(page)][-1] == "10.129.1"
    submit(page, "Who is praised as the priest of the sacrifice?")
    assert error_text(page) == ""
    assert len((page.get_by_test_id("answer").text_content() or "").strip()) > 20


def test_a_damaged_snapshot_is_replaced_without_an_error(page, served_url: str) -> None:
    boot(page, served_url)
    _wait_snapshot(page)
    page.evaluate(DAMAGE_SNAPSHOT)
    assert page.evaluate(STORED_SNAPSHOT_BYTES) == 4096
    page.reload()
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=180_000)
    assert error_text(page) == ""
    assert page.evaluate("window.rvsTimings.runtimeFrom") == "start"
    assert _wait_snapshot(page) > 1_000_000  # a good snapshot took the damaged one's place
    submit(page, "RV 1.1.1")
    assert [c["ref"] for c in cards(page)][-1] == "1.1.1"
