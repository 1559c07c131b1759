"""The page boots from vendored files only, shows its progress and the verse count, and says in
one line what is missing when a vendored file is absent."""
from __future__ import annotations

import re

import pytest

from helpers import BOOT_TIMEOUT_MS, assert_only_own_origin, boot, error_text, shot

pytestmark = pytest.mark.browser


def test_boot_shows_verse_count_and_stage_timings(page, served_url: str) -> None:
    ready = boot(page, served_url)
    assert "10552" in ready.replace(",", ""), ready
    timings = page.evaluate("window.rvsTimings")
    for stage in ("runtime", "packages", "app", "index", "python"):
        assert timings["stages"][stage] >= 0, timings
    assert timings["bytes"]["index"] > 1_000_000, timings  # the real index, not a stub
    # every boot stage ended done and says how much it loaded
    states = page.eval_on_selector_all(".stage", "els => els.map(e => e.dataset.state)")
    assert states and set(states) == {"done"}, states
    assert re.search(r"\d+(\.\d)? MB", page.locator(".stage").first.text_content() or "")
    assert page.get_by_test_id("query").is_enabled()
    assert page.get_by_test_id("engine").text_content().strip()
    # the credits line names every corpus licence
    footer = page.locator("footer").text_content() or ""
    for licence in ("CC BY-NC-SA 4.0", "public domain", "ODbL 1.0", "CC BY 4.0"):
        assert licence in footer
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)
    shot(page, "boot-ready")


def test_missing_vendored_runtime_gives_one_line_error(page, served_url: str) -> None:
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(served_url + "/")
    page.wait_for_selector("[data-testid=error]", timeout=BOOT_TIMEOUT_MS)
    message = error_text(page)
    assert "pyodide.asm.wasm" in message and "\n" not in message, message
    assert page.query_selector("[data-testid=ready]") is None
    assert page.locator(".stage[data-state=error]").count() == 1
    shot(page, "boot-missing-runtime")


def test_phone_width_layout(browser, served_url: str) -> None:
    from pyapp.bench.chromium import guard_context

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    foreign = guard_context(context, served_url)
    page = context.new_page()
    try:
        boot(page, served_url)
        # nothing wider than the screen, the question box and the send button are reachable
        # (an overflowing element widens the layout viewport itself, so compare with the device width)
        widths = page.evaluate("[window.innerWidth, document.documentElement.scrollWidth]")
        assert max(widths) <= 390, f"page is wider than the phone screen: {widths}"
        assert page.get_by_test_id("ask").is_visible() and page.get_by_test_id("query").is_visible()
        assert not page.get_by_test_id("history").is_visible()  # drawer closed
        page.locator("#history-toggle").click()
        page.get_by_test_id("new-chat").wait_for(state="visible")
        shot(page, "phone-history-open")
        page.keyboard.press("Escape")
        page.get_by_test_id("query").fill("RV 1.1.1")
        page.get_by_test_id("query").press("Enter")
        page.wait_for_selector("[data-testid=verse-card][data-ref='1.1.1']", timeout=60_000)
        shot(page, "phone-verse")
        assert foreign == []
    finally:
        context.close()


def test_welcome_is_in_the_page_itself(browser, served_url: str) -> None:
    """The welcome is the largest thing a first visit paints: it must come with the HTML (painted at once,
    readable with scripting off), and booting must not rebuild it (a repaint would come seconds later)."""
    context = browser.new_context(java_script_enabled=False)
    try:
        bare = context.new_page()
        bare.goto(served_url + "/")
        assert "Ask the RigVeda" in (bare.locator("#conversation .welcome").text_content() or "")
    finally:
        context.close()
    page = browser.new_page()
    try:
        page.goto(served_url + "/")
        page.evaluate("window.rvsWelcome = document.querySelector('#conversation .welcome')")
        page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=BOOT_TIMEOUT_MS)
        assert page.query_selector("[data-testid=error]") is None
        assert page.evaluate("document.querySelector('#conversation .welcome') === window.rvsWelcome")
    finally:
        page.close()


# Every layout shift the page makes, from its first paint (buffered), with what moved.
SHIFT_RECORDER = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    window.__shifts.push({value: e.value, moved: (e.sources || []).map((s) => s.node && s.node.nodeType === 1
      ? `${s.node.tagName}#${s.node.id}.${s.node.className}` : String(s.node && s.node.nodeName))});
  }
}).observe({type: "layout-shift", buffered: true});
"""


@pytest.mark.parametrize("viewport", [{"width": 412, "height": 823}, {"width": 1280, "height": 800}], ids=["phone", "wide"])
def test_boot_moves_nothing_on_screen(browser, served_url: str, viewport: dict) -> None:
    """A first visit, from the first paint to a second after ready: the loading list filling and going, the
    settings folding, the translation picker and the credits arriving, the status turning into the verse count
    and the meaning-search banner coming must not move what the reader sees (Lighthouse's layout shift)."""
    context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 700, has_touch=viewport["width"] < 700)
    context.add_init_script(SHIFT_RECORDER)
    page = context.new_page()
    try:
        boot(page, served_url)
        page.wait_for_timeout(1000)
        shifts = page.evaluate("window.__shifts")
        total = sum(s["value"] for s in shifts)
        assert total < 0.01, shifts
        # the loading list was shown (above the question box) and is gone; the question box is on screen
        assert page.locator("#boot .stage").count() == 5 and page.locator("#boot").is_hidden()
        box = page.get_by_test_id("query").bounding_box()
        assert box and box["y"] + box["height"] <= viewport["height"], box
    finally:
        context.close()
