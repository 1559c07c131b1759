"""Labels that tell what happened, and a turn that fits a phone (issue 20, parts 3 and 5).

- A model whose text fails the checks: the answer is labelled as composed by code, with the reason
  the model's draft was set aside (read from the TurnResult, not guessed by the page), and the draft
  is folded away below the answer, marked as rejected — never left looking like the answer.
- What a model costs here: its first answer's seconds and its kept/asked count are stored per
  engine, and shown when the reader picks that engine again.
- On a 390 × 844 phone: a turn's steps are one line that opens on tap (aria-expanded, keyboard), the
  first sentence of the answer is on screen after asking, the question box's hint fits, and the
  header keeps the hymn count.
- The hymn reader's filters say where they search, and offer all maṇḍalas when the current has none.

The model is the scripted one from trust_helpers, swapped in at the JS engine boundary and reporting
the id "wllama", so Python runs the CPU budget (fast mode, the draft protocol) exactly as for the
real model.
"""
from __future__ import annotations

import pytest

from helpers import ANSWER_TIMEOUT_MS, assert_only_own_origin, boot, error_text, shot, submit, wait_idle, wait_meaning
from trust_helpers import install_scripted_engine

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
QUESTION = "Who is Agni, the priest of the sacrifice?"
# confident text with no citation that the verses support: the checks set all of it aside
NONSENSE = ("The Purusha hymn, also called the first Upanishad, is sung in Jainism and Buddhism "
            "by the kings of Delhi every winter.")


def test_a_model_answer_rejected_by_the_checks_is_labelled_as_composed_by_code(page, served_url: str) -> None:
    install_scripted_engine(page, NONSENSE, engine_id="wllama", delay_ms=20)
    boot(page, served_url)
    wait_meaning(page)
    page.get_by_test_id("query").fill(QUESTION)
    page.get_by_test_id("query").press("Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=answer] [data-testid=draft]')", timeout=ANSWER_TIMEOUT_MS)
    wait_idle(page)

    label = page.get_by_test_id("composed-by")
    text = label.text_content() or ""
    assert label.get_attribute("data-composed") == "code", text
    assert text.startswith("Composed by code from the verses") and "set aside" in text, text
    assert "no sentence passed the checks" in text or "cited none" in text, text  # why, in plain words
    assert "Answered by" not in text

    # the answer is code's, with cited verses; the draft is no longer in it
    answer = page.get_by_test_id("answer").text_content() or ""
    assert "Jainism" not in answer and "[RV " in answer and page.get_by_test_id("verse-card").count() > 0
    assert page.query_selector("[data-testid=answer] [data-testid=draft]") is None
    # … it is folded below the answer, marked as a rejected draft, and opens on request
    rejected = page.get_by_test_id("rejected-draft")
    toggle = page.get_by_test_id("rejected-draft-toggle")
    assert rejected.count() == 1 and "Rejected draft" in (toggle.text_content() or "")
    assert toggle.get_attribute("aria-expanded") == "false" and rejected.locator(".draft-text").is_hidden()
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true" and "Jainism" in (rejected.locator(".draft-text").text_content() or "")
    shot(page, "answer-rejected-draft")
    assert error_text(page) == ""

    # counted for this engine on this device: asked once, kept none, the first answer's seconds
    costs = page.evaluate("rvsStorage.getSetting('engineCosts', {})")
    entries = [v for k, v in costs.items() if k.startswith("wllama:")]
    assert len(entries) == 1 and entries[0]["asked"] == 1 and entries[0]["kept"] == 0, costs
    assert entries[0]["firstSeconds"] > 0, costs
    assert_only_own_origin(page)


def test_every_label_names_who_composed_the_answer(shared_page, served_url: str) -> None:
    """The label for each value of TurnResult.composedBy, as the page words it (web/ui/chat.js)."""
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    labels = page.evaluate("""async () => {
      const { composedLabel } = await import('/ui/chat.js');
      const base = { kind: 'answer', engine: 'wllama' };
      return {
        model: composedLabel({ ...base, composedBy: 'model' }),
        mixed: composedLabel({ ...base, composedBy: 'model+code' }),
        setAside: composedLabel({ ...base, composedBy: 'code', setAsideReason: 'it cited none of the verses provided' }),
        notAsked: composedLabel({ ...base, composedBy: 'code' }),
        index: composedLabel({ ...base, composedBy: 'index' }),
        memory: composedLabel({ ...base, composedBy: 'memory' }),
        noModel: composedLabel({ kind: 'answer', engine: 'extractive', composedBy: 'code' }),
        refusal: composedLabel({ kind: 'off_topic', engine: 'extractive', composedBy: 'code' }),
      };
    }""")
    assert labels["model"].startswith("Answered by wllama")
    assert "wllama" in labels["mixed"] and "checked by code" in labels["mixed"]
    assert labels["setAside"] == ("Composed by code from the verses — wllama's draft was set aside: "
                                  "it cited none of the verses provided")
    assert labels["notAsked"].startswith("Composed by code") and "not asked" in labels["notAsked"]
    assert labels["index"].startswith("Stated by code from the index")
    assert labels["memory"].startswith("Repeated from memory")
    assert labels["noModel"] == "Composed by code from the verses (no language model)"
    assert "verses" not in labels["refusal"] and labels["refusal"].startswith("Composed by code")
    assert [k for k, v in labels.items() if "Answered by" in v] == ["model"]


def test_picking_a_model_shows_what_it_cost_on_this_device(page, served_url: str) -> None:
    boot(page, served_url)
    bundled = page.eval_on_selector(
        "[data-testid=engine-select]",
        "s => [...s.options].find(o => o.value.startsWith('wllama:') && !o.value.endsWith(':custom')).value")
    page.get_by_test_id("engine-select").select_option(bundled)
    cost = page.get_by_test_id("engine-cost").text_content() or ""
    assert "MB" in cost and "measured on your first question" in cost, cost  # nothing measured yet
    page.evaluate("([id]) => rvsStorage.setSetting('engineCosts', {[id]: {firstSeconds: 48.2, asked: 4, kept: 1}})", [bundled])
    page.reload()
    page.wait_for_selector("[data-testid=ready]", timeout=180_000)
    page.wait_for_function("(id) => [...document.querySelectorAll('[data-testid=engine-select] option')]"
                           ".some(o => o.value === id)", arg=bundled)
    option = page.eval_on_selector("[data-testid=engine-select]", "(s, id) => [...s.options].find(o => o.value === id).textContent",
                                   bundled)
    assert "48 s/answer here" in option and "text kept 1/4" in option, option
    page.get_by_test_id("engine-select").select_option(bundled)
    cost = page.get_by_test_id("engine-cost").text_content() or ""
    assert "about 48 s per answer here" in cost and "kept 1 of 4 times" in cost and "MB" in cost, cost
    assert_only_own_origin(page)  # nothing was downloaded


def _first_sentence_box(page) -> dict:
    """The first sentence of the newest answer: its rectangles' union, and the visible band (below the
    sticky top bar, above the sticky question box)."""
    return page.evaluate("""() => {
      const p = document.querySelector('[data-testid=answer] p');
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let first = null, last = null, offset = 0;
      while (walker.nextNode()) {
        const node = walker.currentNode;
        if (!first) first = node;
        const i = node.textContent.search(/[.!?:](\\s|$)/);
        if (i >= 0) { last = node; offset = i + 1; break; }
        last = node; offset = node.textContent.length;
      }
      range.setStart(first, 0); range.setEnd(last, offset);
      const r = range.getBoundingClientRect();
      return {top: r.top, bottom: r.bottom, text: range.toString(),
              band: [document.querySelector('.topbar').getBoundingClientRect().bottom,
                     Math.min(innerHeight, document.querySelector('#composer').getBoundingClientRect().top)]};
    }""")


def test_phone_turn_fits_one_screen(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.set_viewport_size(PHONE)  # as a 390 × 844 context shows it (the page lays out again on resize)
    # the header keeps the hymn count, and the question box's hint fits
    hymns = page.get_by_test_id("ready-hymns")
    assert hymns.is_visible() and "hymns" in (hymns.text_content() or "")
    box = hymns.bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"]
    fit = page.evaluate("""() => { const t = document.querySelector('[data-testid=query]'), s = getComputedStyle(t);
      const c = document.createElement('canvas').getContext('2d'); c.font = s.font;
      return {text: c.measureText(t.placeholder).width, room: t.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
              scroll: t.scrollWidth, client: t.clientWidth, placeholder: t.placeholder}; }""")
    assert fit["placeholder"] and fit["text"] <= fit["room"] and fit["scroll"] <= fit["client"], fit

    submit(page, "What does the Nasadiya hymn say about the origin of the universe?")
    # eight steps in one line, folded
    steps = page.get_by_test_id("steps")
    toggle = page.get_by_test_id("steps-toggle")
    line = toggle.bounding_box()
    assert line and line["height"] <= 40 and steps.bounding_box()["height"] <= 40, (line, steps.bounding_box())
    assert "steps" in (toggle.text_content() or "") and " s" in (toggle.text_content() or "")
    assert page.get_by_test_id("badge-classifier").is_hidden()
    # the first sentence of the answer is on screen without scrolling
    first = _first_sentence_box(page)
    assert len(first["text"]) > 20, first
    assert first["band"][0] - 1 <= first["top"] and first["bottom"] <= first["band"][1] + 1, first
    shot(page, "phone-turn-folded")
    # the fold opens on tap and from the keyboard
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true" and page.get_by_test_id("badge-classifier").is_visible()
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "false" and page.get_by_test_id("badge-classifier").is_hidden()
    # the Classify pill shows what the question names, not the vocabulary evidence
    detail = page.eval_on_selector("[data-testid=badge-classifier] .badge-detail", "e => e.textContent")
    assert detail.startswith("names ") and "never uses" not in detail, detail
    assert error_text(page) == ""


def test_reader_filters_say_where_they_search_and_offer_all_mandalas(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.goto(served_url + "/#/read")
    page.wait_for_selector("[data-testid=reader][data-view=home][data-state=ready]", timeout=120_000)
    assert "in all maṇḍalas" in (page.get_by_test_id("reader-scope").text_content() or "")
    page.get_by_test_id("reader-filter-seer").fill("Vishvamitra")
    everywhere = page.locator("[data-testid=reader-hymn]").count()
    assert everywhere > 0
    hymn_mandalas = set(page.eval_on_selector_all("[data-testid=reader-hymn]", "els => els.map(e => e.dataset.ref.split('.')[0])"))
    empty = next(str(m) for m in range(1, 11) if str(m) not in hymn_mandalas)  # a maṇḍala with none of his hymns

    page.goto(served_url + f"/#/{empty}?seer=Vishvamitra")
    page.wait_for_selector("[data-testid=reader][data-view=mandala][data-state=ready]", timeout=120_000)
    assert f"in maṇḍala {empty}" in (page.get_by_test_id("reader-scope").text_content() or "")
    assert page.locator("[data-testid=reader-hymn]").count() == 0
    none = page.get_by_test_id("reader-none").text_content() or ""
    assert f"in maṇḍala {empty}" in none, none
    widen = page.get_by_test_id("reader-widen")
    assert f"({everywhere} hymns)" in (widen.text_content() or "")
    shot(page, "reader-filter-widen")
    widen.click()
    page.wait_for_selector("[data-testid=reader][data-view=home][data-state=ready]", timeout=60_000)
    assert page.get_by_test_id("reader-filter-seer").input_value() == "Vishvamitra"
    assert page.locator("[data-testid=reader-hymn]").count() == everywhere
    assert "in all maṇḍalas" in (page.get_by_test_id("reader-scope").text_content() or "")
    assert page.rvs_console_errors == []
