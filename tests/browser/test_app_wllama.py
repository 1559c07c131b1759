"""The CPU engine for real: the reader picks wllama with the bundled SmolLM2-135M in the settings,
confirms the download, asks one RigVeda question, and gets a cited answer end to end.

Slow by nature (one compact generation of ≤ 120 tokens on the WebAssembly threads the free-cores
probe allows, web/engines/cores.js: about a minute on an idle 2-core machine, several under load),
so the turn gets a generous timeout; the
fast-mode budget keeps it to that one model call. Whatever the 135M model writes, code checks
it: the answer must cite provided verses and show their cards. While it writes, its text is shown
as a marked draft (pyapp/agents/generator.py, "The draft protocol"); the time from asking to the
first draft text is printed.
"""
from __future__ import annotations

import time

import pytest

from helpers import BADGE_RECORDER, CITATION, assert_only_own_origin, boot, cards, error_text, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

QUESTION = "How is Agni the messenger of the gods?"
LOAD_TIMEOUT_MS = 300_000
TURN_TIMEOUT_MS = 600_000


def choose_bundled_wllama(page) -> None:
    """Through the real settings UI: pick the bundled model, confirm the download, wait until loaded."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=engine-select] option')]"
        ".some(o => o.value.startsWith('wllama:') && !o.value.endsWith(':custom'))", timeout=120_000)
    value = page.eval_on_selector(
        "[data-testid=engine-select]",
        "s => [...s.options].find(o => o.value.startsWith('wllama:') && !o.value.endsWith(':custom')).value")
    page.get_by_test_id("engine-select").select_option(value)
    load = page.get_by_test_id("engine-load")
    load.wait_for(state="visible")
    assert "MB" in (load.text_content() or "")
    load.click()
    page.wait_for_function("() => globalThis.rvsEngines && rvsEngines.active().id === 'wllama'",
                           timeout=LOAD_TIMEOUT_MS)
    page.locator("#engine-notice").wait_for(state="hidden", timeout=30_000)


def test_wllama_answers_a_question_end_to_end(page, served_url: str) -> None:
    boot(page, served_url)
    choose_bundled_wllama(page)
    assert "wllama" in (page.get_by_test_id("engine").text_content() or "")

    page.evaluate(BADGE_RECORDER)
    started = time.monotonic()
    page.get_by_test_id("query").fill(QUESTION)
    page.get_by_test_id("query").press("Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=stop]').disabled === false", timeout=30_000)
    page.wait_for_function(
        "() => { const b = document.querySelector('[data-testid=ask]'); return b && !b.disabled"
        " && document.querySelector('[data-testid=stop]').disabled; }", timeout=TURN_TIMEOUT_MS)
    seconds = time.monotonic() - started
    drafts = page.evaluate("window.rvsTimings.drafts || []")
    info = page.evaluate("rvsEngines.active().info || {}")
    # the model's text was shown as a draft while it wrote, and the checked answer replaced it
    assert drafts and drafts[0]["ms"] is not None, f"no draft text appeared while the model wrote: {drafts}"
    print(f"\nwllama turn: {seconds:.1f} s on {info.get('threads')} thread(s); draft box after "
          f"{drafts[0]['openMs'] / 1000:.1f} s, first draft text after {drafts[0]['ms'] / 1000:.1f} s")
    assert page.query_selector("[data-testid=draft]") is None
    shot(page, "answer-wllama", full_page=True)
    assert error_text(page) == ""

    # the model really ran: the generator called it (running → done), and the engine is named
    log = page.evaluate("window.__badgeLog")
    assert ("badge-generator", "running") in [tuple(x) for x in log], log
    assert page.get_by_test_id("badge-generator").get_attribute("data-state") == "done"
    generator_title = page.get_by_test_id("badge-generator").get_attribute("title") or ""
    assert "model" in generator_title, generator_title  # "by model, checked by code" or why code took over
    assert "wllama" in (page.get_by_test_id("engine").text_content() or "")
    # the label says who composed the answer shown (the TurnResult's composedBy): the model's checked
    # sentences, or code's answer with the reason the model's draft was set aside — never "Answered by
    # wllama" when code replaced its text (the label this test used to require whatever happened)
    label = page.get_by_test_id("composed-by")
    said, composed = label.text_content() or "", label.get_attribute("data-composed")
    print(f"label: {said}")
    if composed == "code":
        assert said.startswith("Composed by code") and "wllama's draft was set aside: " in said, said
        assert page.get_by_test_id("rejected-draft").count() <= 1
    else:
        assert composed in ("model", "model+code") and "wllama" in said and "checked by code" in said, said

    # a non-empty answer citing provided verses, each with its card shown
    answer = page.get_by_test_id("answer").text_content() or ""
    assert len(answer.strip()) > 40, answer
    cited = set(CITATION.findall(answer))
    assert cited and "[RV " in answer, answer
    shown = {c["ref"] for c in cards(page)}
    assert shown and shown <= cited, (shown, cited)
    assert_only_own_origin(page)
