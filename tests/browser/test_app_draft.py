"""Fast mode's visible draft: while a CPU model writes, its raw text streams into the answer as a
marked draft (dimmed, labelled, plain text); when code's checks finish, the checked answer replaces
it and a note says what was dropped.

The model is the scripted one from trust_helpers, swapped in at the JS engine boundary and
reporting the id "wllama", so Python picks the CPU budget (fast mode) exactly as for the real
model; its chunks are paced like a slow model. The real SmolLM2 draft is timed in
test_app_wllama.py.
"""
from __future__ import annotations

import pytest

from helpers import ANSWER_TIMEOUT_MS, assert_only_own_origin, boot, error_text, shot, wait_idle, wait_meaning
from trust_helpers import TRAP, install_scripted_engine, trap_findings

pytestmark = pytest.mark.browser

QUESTION = "Who is Agni, the priest of the sacrifice?"
# one sentence the verses support, one they do not (a citation of a verse never provided), and markup
MODEL_TEXT = ("Agni is the priest of the sacrifice [RV {REF}]. The moon is made of green cheese [RV 9.9.9]. "
              "<img src=x onerror=alert('draft')> <b>bold</b>")

# Records every state of the draft box: its label, its text, and whether it ever held an element
# other than the two plain paragraphs (the draft must never be rendered as HTML or Markdown).
DRAFT_RECORDER = """
() => {
  window.__drafts = [];
  const log = () => {
    const box = document.querySelector('[data-testid=answer] [data-testid=draft]');
    if (!box) return;
    const label = box.querySelector('.draft-label')?.textContent || '';
    const text = box.querySelector('.draft-text')?.textContent || '';
    const elements = box.querySelectorAll('*').length;
    const last = window.__drafts[window.__drafts.length - 1];
    if (!last || last.text !== text) window.__drafts.push({ label, text, elements, opacity: getComputedStyle(box).opacity });
  };
  new MutationObserver(log).observe(document.body, { childList: true, subtree: true, characterData: true });
}
"""


def test_fast_mode_shows_the_draft_then_the_checked_answer(page, served_url: str) -> None:
    install_scripted_engine(page, MODEL_TEXT, engine_id="wllama", delay_ms=40)
    boot(page, served_url)
    wait_meaning(page)  # the draft is what is tested here, not how a question asked during that download waits
    page.evaluate(TRAP)
    page.evaluate(DRAFT_RECORDER)
    page.get_by_test_id("query").fill(QUESTION)
    page.get_by_test_id("query").press("Enter")

    # while the model writes: a labelled, dimmed draft inside the answer, growing chunk by chunk
    page.wait_for_function("() => (window.__drafts || []).some((d) => d.text.includes('green cheese'))", timeout=ANSWER_TIMEOUT_MS)
    shot(page, "answer-draft")
    wait_idle(page)
    drafts = page.evaluate("window.__drafts")
    assert len(drafts) >= 5, drafts  # streamed, not shown at once
    assert all(d["label"] == "Draft — being checked" for d in drafts), drafts
    assert all(d["elements"] == 2 for d in drafts), "the draft is text only"
    assert all(float(d["opacity"]) < 1 for d in drafts), "the draft is dimmed"
    assert "<img src=x onerror=alert('draft')>" in drafts[-1]["text"]  # markup shown as the characters it is
    assert trap_findings(page) == {"xss": [], "csp": []}

    # after the checks: the checked answer replaced the draft, and a note says what was dropped
    assert page.query_selector("[data-testid=draft]") is None
    answer = page.get_by_test_id("answer").text_content() or ""
    assert "cheese" not in answer and "<img" not in answer and "[RV 9.9.9]" not in answer, answer
    assert page.get_by_test_id("verse-card").count() > 0
    meta = page.locator(".turn").last.locator(".turn-meta").text_content() or ""
    assert "dropped" in meta or "not usable" in meta, meta
    assert "Fast mode" in meta, meta
    assert error_text(page) == ""
    first = page.evaluate("window.rvsTimings.drafts[0].ms")
    print(f"\nscripted fast mode: first draft text {first} ms after asking")

    # the draft is never stored: the reloaded conversation shows only the checked answer
    page.reload()
    page.wait_for_selector("[data-testid=ready]", timeout=180_000)
    page.wait_for_function("() => (document.querySelector('[data-testid=answer]')?.textContent || '').length > 20")
    assert page.query_selector("[data-testid=draft]") is None
    assert "cheese" not in (page.get_by_test_id("answer").text_content() or "")
    assert_only_own_origin(page)


def test_stopping_while_the_model_writes_keeps_the_draft_marked_unchecked(page, served_url: str) -> None:
    install_scripted_engine(page, MODEL_TEXT + " And more words follow here." * 20, engine_id="wllama", delay_ms=60)
    boot(page, served_url)
    wait_meaning(page)
    page.get_by_test_id("query").fill(QUESTION)
    page.get_by_test_id("query").press("Enter")
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=draft] .draft-text')?.textContent || '').includes('priest')",
        timeout=ANSWER_TIMEOUT_MS)
    page.get_by_test_id("stop").click()
    wait_idle(page)
    box = page.locator("[data-testid=answer] [data-testid=draft]")
    assert box.count() == 1
    assert box.locator(".draft-label").text_content() == "Unchecked draft — stopped before the checks"
    assert "priest" in (box.locator(".draft-text").text_content() or "")
    assert "Stopped by you." in (page.locator(".turn").last.locator(".turn-meta").text_content() or "")
    assert error_text(page) == ""
