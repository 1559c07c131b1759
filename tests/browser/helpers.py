"""Browser-test helpers (Playwright sync API) shared by the tests in this folder.

They only drive the page through its stable test hooks (CONTRACT.md): `ready`, `query`, `ask`,
`answer`, `verse-card[data-ref]`, `error`, `badge-<agent>[data-state]`, `history`, `engine`.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List

BOOT_TIMEOUT_MS = 180_000
ANSWER_TIMEOUT_MS = 120_000
TEST_OUTPUT = Path(__file__).resolve().parents[2] / "test-output"
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
CITATION = re.compile(r"\d{1,2}\.\d{1,3}\.\d{1,3}")

# Records every data-state a badge takes, so a test can see the progression even when a turn
# finishes between two polls.
BADGE_RECORDER = """
() => {
  window.__badgeLog = [];
  const seen = new WeakSet();
  const watch = () => {
    for (const el of document.querySelectorAll('[data-testid^="badge-"]')) {
      if (seen.has(el)) continue;
      seen.add(el);
      new MutationObserver(() => window.__badgeLog.push([el.dataset.testid, el.dataset.state]))
        .observe(el, {attributes: true, attributeFilter: ['data-state']});
    }
  };
  watch();
  new MutationObserver(watch).observe(document.body, {childList: true, subtree: true});
}
"""

# Flags any element or dialog an injected payload might create.
XSS_TRAP = """
() => {
  window.__xss = [];
  window.alert = (m) => window.__xss.push('alert:' + m);
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      for (const el of [n, ...n.querySelectorAll('*')]) {
        const tag = el.tagName.toLowerCase();
        if (tag === 'script' || tag === 'img' || tag === 'iframe' || [...el.attributes].some((a) => a.name.startsWith('on'))) {
          window.__xss.push(tag + ':' + el.outerHTML.slice(0, 80));
        }
      }
    }
  }).observe(document.documentElement, {childList: true, subtree: true});
}
"""


def boot(page, url: str) -> str:
    """Open the app and wait until it reports ready; returns the ready text. Fails on a boot error."""
    page.goto(url + "/")
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=BOOT_TIMEOUT_MS)
    error = page.query_selector("[data-testid=error]")
    assert error is None, f"boot failed: {error.text_content()}"
    return page.get_by_test_id("ready").text_content() or ""


def wait_meaning(page) -> None:
    """Wait until meaning search, which downloads after "ready" on a first visit (web/ui/meaning.js),
    is attached or has failed: answers then no longer depend on how fast it arrived."""
    page.wait_for_function("() => document.documentElement.dataset.meaning !== 'loading'",
                           timeout=BOOT_TIMEOUT_MS)


def submit(page, text: str, meaning: bool = True) -> None:
    """Type into the question box and press Enter, then wait until the turn has finished. With
    `meaning`, a page that is ready but still downloading meaning search waits for it first."""
    if meaning and page.get_by_test_id("ready").count():
        wait_meaning(page)
    page.get_by_test_id("query").fill(text)
    page.get_by_test_id("query").press("Enter")
    wait_idle(page)


def wait_idle(page) -> None:
    page.wait_for_function(
        "() => { const b = document.querySelector('[data-testid=ask]'); return b && !b.disabled"
        " && document.querySelector('[data-testid=stop]').disabled; }",
        timeout=ANSWER_TIMEOUT_MS,
    )


def cards(page) -> List[Dict[str, str]]:
    """Every verse card on the page: its data-ref and Devanagari text."""
    return page.eval_on_selector_all(
        "[data-testid=verse-card]",
        "els => els.map(e => ({ref: e.dataset.ref, deva: (e.querySelector('[lang=sa-Deva]') || {}).textContent || ''}))",
    )


def last_answer(page) -> str:
    """The last answer's text, white space folded."""
    return " ".join((page.get_by_test_id("answer").last.text_content() or "").split())


def last_cards(page) -> List[str]:
    """The refs of the verse cards under the last answer."""
    return page.eval_on_selector_all(
        ".turn:last-of-type [data-testid=verse-card]", "els => els.map(e => e.dataset.ref)")


def last_notes(page) -> str:
    """The notes under the last answer, as one string."""
    return " ".join(page.eval_on_selector_all(".turn:last-of-type .note", "els => els.map(e => e.textContent)"))


def new_chat(page) -> None:
    """Start a new conversation (so a follow-up does not lean on the last answer)."""
    page.get_by_test_id("new-chat").click()
    page.wait_for_timeout(300)


def error_text(page) -> str:
    el = page.query_selector("[data-testid=error]")
    return (el.text_content() or "").strip() if el else ""


def shot(page, name: str, full_page: bool = False) -> Path:
    TEST_OUTPUT.mkdir(exist_ok=True)
    path = TEST_OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def assert_only_own_origin(page) -> None:
    foreign = getattr(page, "rvs_foreign_requests", [])
    assert foreign == [], f"requests left the page's origin: {foreign[:5]}"


README_IMG = Path(__file__).resolve().parents[2] / "web" / "img"


def readme_shot(page, name: str, full_page: bool = False) -> Path:
    """Like `shot`, but into web/img/ — the pictures the README shows (they stay current with every run)."""
    README_IMG.mkdir(exist_ok=True)
    path = README_IMG / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
