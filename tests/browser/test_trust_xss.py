"""No script injection: markup typed into the question box, streamed by a (scripted) model, or
returned in the model's JSON replies stays text — no dialog, no element, no clickable javascript:
link — and the page's policy reports no blocked attempt either (nothing even tried to load)."""
from __future__ import annotations

import pytest

from helpers import assert_only_own_origin, boot, error_text, shot, submit, wait_idle
from trust_helpers import TRAP, XSS_ANSWER, XSS_ANSWER_LINES, XSS_JSON, install_scripted_engine, trap_findings

pytestmark = pytest.mark.browser

QUERY_PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "[click](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a> Agni',
    "<svg/onload=alert(1)>",
    "<iframe srcdoc=\"<script>alert(1)</script>\">",
    "![x](x\" onerror=\"alert(1))",
    "**<b onmouseover=alert(1)>Indra</b>** `<img src=x onerror=alert(1)>`",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "\"><script>alert(1)</script><\"",
    "javascript:alert(1)//RV 1.1.1",
    "<details open ontoggle=alert(1)>",
    "{{constructor.constructor('alert(1)')()}}",
    "RV 1.1.1<img src=x onerror=alert(1)>",
]


def _dialogs(page):
    seen = []
    page.on("dialog", lambda d: (seen.append(d.message), d.dismiss()))
    return seen


def test_query_box_payloads_stay_text(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    dialogs = _dialogs(page)
    page.evaluate(TRAP)
    for payload in QUERY_PAYLOADS:
        submit(page, payload)
        shown = page.locator(".turn .question p").last.text_content() or ""
        rejected = error_text(page)
        # either it was asked (shown literally in the conversation) or rejected with a message
        # while the text stays in the box
        assert payload.strip() in shown or (rejected and page.get_by_test_id("query").input_value() == payload), payload
    assert "<img src=x" in (page.get_by_test_id("history").text_content() or "")
    found = trap_findings(page)
    assert found["xss"] == [] and found["csp"] == [], found
    assert dialogs == []
    assert page.locator("#conversation img, #conversation svg, #conversation iframe, #conversation a, "
                        "#conversation script, #history img, #history script").count() == 0
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)
    print(f"\nXSS via the question box: {len(QUERY_PAYLOADS)} payloads, 0 executed")


def test_model_output_payloads_stay_text(page, served_url: str) -> None:
    dialogs = _dialogs(page)
    install_scripted_engine(page, XSS_ANSWER, XSS_JSON)
    boot(page, served_url)
    assert page.evaluate("rvsEngines.active().id") == "scripted"
    page.evaluate(TRAP)
    page.get_by_test_id("query").fill("Who is Agni, the priest of the sacrifice? <img src=x onerror=alert('q')>")
    page.get_by_test_id("query").press("Enter")
    wait_idle(page)
    requests = page.evaluate("window.__scripted.requests")
    assert any(r["agent"] == "generator" and r["stream"] for r in requests), requests

    answer = page.get_by_test_id("answer")
    text = answer.text_content() or ""
    # the payloads arrived and are shown as characters (proof the scripted model answered)
    for fragment in ("onerror=alert('img')", "<script>alert('script')</script>", "javascript:alert('md-link')",
                     "ontoggle=alert('details')", "srcdoc="):
        assert fragment in text, (fragment, text[:400])
    # no element a payload asks for, no link at all, citations still work as buttons
    assert answer.locator("img, script, iframe, svg, math, object, embed, form, meta, base, link, style, "
                          "details, noscript, a, [onerror], [onload], [style], [srcdoc]").count() == 0
    assert page.locator("a[href^='javascript:' i], a[href^='data:' i], iframe, object, embed").count() == 0
    cite = answer.locator("button.cite").first
    assert cite.count() == 1 and cite.get_attribute("data-cite")
    cite.click()  # clicking what looks like a link runs nothing either
    page.wait_for_timeout(300)
    shot(page, "trust-xss-model-output", full_page=True)

    found = trap_findings(page)
    assert found["xss"] == [] and found["csp"] == [], found
    assert dialogs == []
    assert page.rvs_console_errors == []

    # reload: the stored answer is rendered from IndexedDB through the same text-only path
    page.reload()
    page.wait_for_selector("[data-testid=ready]", timeout=180_000)
    page.evaluate(TRAP)
    assert "onerror=alert('img')" in (page.get_by_test_id("answer").text_content() or "")
    assert page.locator("#conversation img, #conversation script, #conversation svg, #conversation a").count() == 0
    assert trap_findings(page)["xss"] == [] and dialogs == []
    assert_only_own_origin(page)
    agents = sorted({r["agent"] for r in requests})
    print(f"\nXSS via model output: {len(XSS_ANSWER_LINES) + len(XSS_JSON)} payloads (answer lines + JSON fields),"
          f" 0 executed; model calls: {len(requests)} ({', '.join(agents)})")
