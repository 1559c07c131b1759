"""Rough edges a new user hit (issue 12 §3), each checked where the reader sees it: badges in plain
words, a long question as one short pill, verse cards that explain their pills and keep their
metadata inside, settings folded on a phone, "LLM effort" only with a model, GPU rows that say
why they are unavailable, a failed WebLLM start that narrows the policy again and names its cause,
and a plain word on what the bundled 135M model can do. Also refreshes the README's pictures."""
from __future__ import annotations

import re

import pytest

from helpers import BADGE_RECORDER, assert_only_own_origin, boot, error_text, readme_shot, shot, submit

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# the log wording the badges used to show: "words the hymns never use; Sanskrit text", "5 relevant", "VALID", "citation(s)"
JARGON = re.compile(r"never use|Sanskrit text|\brelevant$|\d+ relevant ·|\bVALID\b|\(s\)")


def _badge(page, agent: str) -> dict:
    return page.eval_on_selector(f"[data-testid=badge-{agent}]", """el => ({
      detail: el.querySelector('.badge-detail').textContent, title: el.title || '',
      width: el.getBoundingClientRect().width, right: el.getBoundingClientRect().right,
      room: el.closest('.conversation, .turn, main').getBoundingClientRect().right })""")


def test_badges_use_plain_words(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.evaluate(BADGE_RECORDER)
    submit(page, "agnim īḷe purohitaṃ yajñasya devam ṛtvijam")  # a correct IAST quotation (RV 1.1.1)
    classifier = _badge(page, "classifier")
    assert "never use" not in classifier["detail"] + classifier["title"], classifier
    assert "Sanskrit" in classifier["detail"], classifier
    translator = _badge(page, "translator")  # no model is loaded: the verses keep Griffith's English
    assert "relevant" not in translator["detail"] and "Griffith" in translator["detail"], translator
    for agent in ("classifier", "searcher", "analyzer", "translator", "generator", "validator", "critic", "memory"):
        badge = _badge(page, agent)
        assert not JARGON.search(badge["detail"]), (agent, badge)
    assert error_text(page) == ""


def test_a_20000_character_question_is_one_short_search_pill(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    long_question = ("Agni the priest and Indra the thunderer " * 600)[:19_999] + "?"
    submit(page, long_question)
    search = _badge(page, "searcher")
    assert len(search["detail"]) <= 40, search
    for agent in ("classifier", "searcher", "analyzer"):
        badge = _badge(page, agent)
        assert badge["right"] <= badge["room"] + 1, (agent, badge)  # no pill runs out of the conversation
    # the live pill during the search is short too (the term is clipped in the page)
    described = page.evaluate("""async (q) => (await import('/ui/badges.js')).describe(
        {agent: 'searcher', phase: 'running', round: 1, message: 'searching: ' + q.slice(0, 80), searchTerm: q.slice(0, 80)})""",
                              long_question)
    assert len(described) <= 40 and described.endswith("…"), described


def test_verse_cards_explain_their_pills_and_keep_metadata_inside(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.set_viewport_size(PHONE)  # as a 390 × 844 context shows it (the page lays out again on resize)
    submit(page, "Who are Urvashi and Pururavas?")
    cards = page.locator("[data-testid=verse-card]")
    assert cards.count() >= 2
    pills = page.eval_on_selector_all(".verse-card .relevance, .verse-card .importance",
                                      "els => els.map(e => [e.textContent, e.title])")
    assert pills and all(title for _, title in pills), pills
    assert any(text.endswith("%") and "how closely this verse matches" in title for text, title in pills), pills
    first = cards.first
    legend = first.locator(".pill-legend")
    assert legend.is_hidden()
    first.get_by_test_id("pill-help").click()
    assert legend.is_visible() and "match" in (legend.text_content() or "")
    assert first.get_by_test_id("pill-help").get_attribute("aria-expanded") == "true"
    # every label and value starts inside the card's padding and stays with its label
    outside = page.evaluate("""() => [...document.querySelectorAll('[data-testid=verse-card]')].flatMap((c) => {
      const s = getComputedStyle(c), box = c.getBoundingClientRect();
      const left = box.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft) - 0.5;
      const right = box.right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight) + 0.5;
      return [...c.querySelectorAll('.verse-meta dt, .verse-meta dd')]
        .filter((e) => e.getBoundingClientRect().left < left || e.getBoundingClientRect().right > right)
        .map((e) => c.dataset.ref + ': ' + e.textContent);
    })""")
    assert outside == []
    pairs = page.eval_on_selector_all(".verse-meta > *", "els => els.map(e => e.tagName + ':' + e.children.length)")
    assert pairs and all(p == "DIV:2" for p in pairs), pairs
    # the metre is the name, cleaned at build time (RV 1.36.1 carries a manuscript note upstream)
    submit(page, "1.36.1")
    metres = page.eval_on_selector_all(".verse-meta dt", "els => els.filter(e => e.textContent === 'Metre')"
                                       ".map(e => e.nextElementSibling.textContent)")
    assert metres and not any(ch in m for m in metres for ch in "()|=[]0123456789"), metres
    assert "caraṇacchedaḥ" not in (page.locator("#conversation").text_content() or ""), metres
    shot(page, "verse-cards-phone")


def test_phone_settings_fold_behind_one_button(browser, served_url: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(120_000)
    try:
        boot(page, served_url)
        toggle = page.get_by_test_id("settings-toggle")
        select = page.get_by_test_id("engine-select")
        assert toggle.is_visible() and select.is_hidden() and page.locator("#deep-mode").is_hidden()
        engine = page.get_by_test_id("engine")
        assert engine.is_visible()
        heights = page.evaluate("""() => ({toolbar: document.querySelector('#settings').getBoundingClientRect().height,
                                          composer: document.querySelector('#composer').getBoundingClientRect().height,
                                          screen: innerHeight})""")
        assert heights["toolbar"] + heights["composer"] < 0.3 * heights["screen"], heights
        # a long engine name wraps instead of being cut off
        page.evaluate("document.querySelector('[data-testid=engine]').textContent = 'SmolLM2 135M Instruct (wllama, CPU)'")
        fits = page.evaluate("""() => { const line = document.querySelector('.engine-line'), name = document.querySelector('#engine');
          const r = name.getBoundingClientRect(); return {right: r.right, width: innerWidth, clipped: line.scrollWidth > line.clientWidth + 1}; }""")
        assert fits["right"] <= fits["width"] and not fits["clipped"], fits
        toggle.click()
        assert select.is_visible() and toggle.get_attribute("aria-expanded") == "true"
        readme_shot(page, "screenshot-phone-settings")
        toggle.click()
        assert select.is_hidden()
    finally:
        context.close()


def test_llm_effort_only_with_a_model_and_gpu_rows_say_why(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=engine-select] option')]"
                           ".some(o => o.value.startsWith('wllama'))", timeout=120_000)
    effort = page.get_by_test_id("llm-effort")
    assert effort.is_hidden()  # "No LLM": nothing for an effort setting to act on
    unavailable = page.get_by_test_id("webllm-unavailable")  # this machine has no usable GPU
    text = unavailable.text_content() or ""
    assert unavailable.is_disabled() and "unavailable:" in text and "GPU" in text.split("unavailable:")[1], text
    select = page.get_by_test_id("engine-select")
    label = page.eval_on_selector("[data-testid=engine-select]",
                                  "s => [...s.options].find(o => o.value.startsWith('wllama:') && !o.value.endsWith(':custom')).textContent")
    assert "very small, often overruled by the checks" in label, label
    value = page.eval_on_selector("[data-testid=engine-select]",
                                  "s => [...s.options].find(o => o.value.startsWith('wllama:') && !o.value.endsWith(':custom')).value")
    select.select_option(value)
    assert effort.is_visible()
    notice = page.locator("#engine-notice")
    expectation = page.get_by_test_id("engine-expectation").text_content() or ""
    assert "very small" in expectation and "checks" in expectation and "Qwen2.5 0.5B Instruct" in expectation, expectation
    shot(page, "engine-bundled-expectation")
    page.get_by_test_id("engine-example").click()  # → "your own GGUF" with the example filled in
    assert select.input_value() == "wllama:custom"
    url = page.get_by_test_id("engine-url").input_value()
    assert url.startswith("https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/") and url.endswith(".gguf"), url
    notice.get_by_role("button", name="Cancel").click()
    assert select.input_value() == "extractive" and effort.is_hidden()
    assert_only_own_origin(page)  # nothing was downloaded


def test_failed_webllm_start_names_the_cause_and_narrows_the_policy(page, served_url: str) -> None:
    boot(page, served_url)
    assert "rvs_connect=" not in page.evaluate("document.cookie")
    with page.expect_navigation(timeout=60_000):  # the model hosts join the policy: one reload
        page.evaluate("() => { rvsEngines.select('webllm', null, {}, () => {}); }")
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=180_000)
    page.wait_for_function("() => (document.querySelector('#error-slot')?.textContent || '').length > 0", timeout=60_000)
    message = error_text(page) or (page.locator("#error-slot").text_content() or "")
    assert "Chrome 113" not in message, message
    assert "No GPU adapter" in message and "blocklisted" in message and "no-LLM engine" in message, message
    # the start failed: the cookie is back to what "No LLM" needs, so the next load is narrow again
    assert "rvs_connect=" not in page.evaluate("document.cookie")
    page.reload()
    page.wait_for_selector("[data-testid=ready]", timeout=180_000)
    assert page.eval_on_selector("meta[data-rvs-connect]", "m => m.content") == "connect-src 'self'"
    assert page.rvs_foreign_requests == []


@pytest.mark.parametrize("name, viewport, scheme", [
    ("screenshot", {"width": 1280, "height": 860}, "light"),
    ("screenshot-phone", PHONE, "light"),
    ("screenshot-dark", {"width": 1280, "height": 860}, "dark"),
])
def test_readme_screenshots(shared_page, served_url: str, name: str, viewport: dict, scheme: str) -> None:
    """The README's pictures, from the app as it is now (web/img/*.png)."""
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme=scheme)
    submit(page, "What does the Nasadiya hymn say about the origin of the universe?")
    assert page.locator("[data-testid=verse-card]").count() >= 1 and error_text(page) == ""
    if name == "screenshot-dark":  # the verse cards: texts, pills, metadata
        page.locator("[data-testid=verse-card]").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)  # smooth scrolling settles
    readme_shot(page, name)
