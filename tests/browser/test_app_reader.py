"""The hymn reader: deep links (also offline), history, filters without diacritics, citations, keys, phone width.

Every test ends with the guard's count of requests to other origins (0) and no page errors.
"""
from __future__ import annotations

import re

import pytest

from helpers import DEVANAGARI, assert_only_own_origin, boot, shot, submit

try:  # the README's pictures are remade into web/img/ on every run
    from helpers import readme_shot
except ImportError:  # an older helpers.py: the picture goes to test-output/
    readme_shot = shot

pytestmark = pytest.mark.browser

READER = "[data-testid=reader]"


def wait_reader(page, ref: str = "", view: str = "") -> None:
    """Until the reader shows `ref` ("M.H") or `view`, rendered."""
    selector = f"{READER}[data-state=ready]"
    if ref:
        selector += f"[data-ref='{ref}']"
    if view:
        selector += f"[data-view='{view}']"
    page.wait_for_selector(selector, timeout=60_000)


def current_verse(page) -> str:
    return page.eval_on_selector_all(".reader-verse.current", "els => els.map(e => e.dataset.ref).join(',')")


def reading(page) -> bool:
    return page.evaluate("document.body.classList.contains('reading') && !document.querySelector('[data-testid=reader]').hidden")


def no_overflow(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"page is {scroll} px wide in a {width} px window"


def test_deep_link_opens_offline_and_history_moves_between_hymns(page, context, served_url: str) -> None:
    boot(page, served_url)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
    context.set_offline(True)
    try:
        page.goto("about:blank")
        page.goto(served_url + "/#/10.129.3")  # a fresh load, served by the service worker
        wait_reader(page, "10.129")
        assert page.locator("[data-testid=reader-verse]").count() == 7
        assert current_verse(page) == "10.129.3"
        verse = page.locator("[data-testid=reader-verse][data-ref='10.129.3']")
        assert DEVANAGARI.search(verse.locator("[lang=sa-Deva]").text_content() or "")
        assert (verse.locator("[lang=sa-Latn]").text_content() or "").strip()  # IAST
        assert (verse.locator(".translation").text_content() or "").strip()  # Griffith
        assert page.evaluate("document.activeElement.dataset.ref") == "10.129.3"

        # next hymn by key and by click, then back and forward through them
        page.keyboard.press("n")
        wait_reader(page, "10.130")
        page.get_by_test_id("reader-next").click()
        wait_reader(page, "10.131")
        page.go_back()
        wait_reader(page, "10.130")
        page.go_back()
        wait_reader(page, "10.129")
        assert current_verse(page) == "10.129.3"
        page.go_forward()
        wait_reader(page, "10.130")
        page.get_by_test_id("reader-prev").click()
        wait_reader(page, "10.129")

        # a verse address inside the open hymn moves the highlight; j / k walk the verses
        page.goto(served_url + "/#/10.129.6")
        page.wait_for_function("() => document.querySelector('.reader-verse.current')?.dataset.ref === '10.129.6'")
        page.keyboard.press("j")
        assert current_verse(page) == "10.129.7" and page.evaluate("location.hash") == "#/10.129.7"
        page.keyboard.press("k")
        page.keyboard.press("k")
        assert current_verse(page) == "10.129.5"

        # a maṇḍala, a verse that does not exist, Esc back to the conversation
        page.goto(served_url + "/#/10")
        wait_reader(page, view="mandala")
        assert page.locator("[data-testid=reader-hymn]").count() == 191
        page.goto(served_url + "/#/10.129.99")
        page.wait_for_selector("[data-testid=reader-error]")
        assert "10.129 has verses 1–7" in (page.get_by_test_id("reader-error").text_content() or "")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.body.classList.contains('reading')")
        assert page.get_by_test_id("reader").is_hidden() and page.get_by_test_id("query").is_visible()
    finally:
        context.set_offline(False)
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def test_from_an_answers_citation_to_the_reader_and_back(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    submit(page, "Who is praised as the priest of the sacrifice?")
    answer = page.get_by_test_id("answer")
    cite = answer.locator("button.cite").first
    ref = cite.get_attribute("data-cite")
    hymn = ".".join(ref.split(".")[:2])
    cite.click()
    page.wait_for_function("ref => document.activeElement && document.activeElement.dataset.ref === ref", arg=ref)
    card = page.locator(f"[data-testid=verse-card][data-ref='{ref}']").last
    card.get_by_test_id("open-hymn").click()  # "Show the whole hymn"
    wait_reader(page, hymn)
    assert reading(page) and current_verse(page) == ref
    assert page.evaluate("location.hash") == f"#/{ref}"
    assert page.get_by_test_id("answer").is_hidden()

    page.go_back()  # the conversation comes back as it was
    page.wait_for_function("() => !document.body.classList.contains('reading')")
    assert page.get_by_test_id("answer").is_visible()
    assert page.evaluate("location.hash") == ""
    assert card.is_visible()

    page.go_forward()  # and forward to the verse again
    wait_reader(page, hymn)
    assert reading(page) and current_verse(page) == ref

    page.get_by_test_id("reader-close").click()  # Close also returns through history
    page.wait_for_function("() => !document.body.classList.contains('reading')")
    assert page.evaluate("location.hash") == ""
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.dataset.testid") == "query"
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def test_filters_match_without_diacritics_and_are_addresses(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.get_by_test_id("open-reader").click()
    wait_reader(page, view="home")
    assert page.locator("[data-testid=reader-mandala]").count() == 10
    assert "null" not in (page.get_by_test_id("reader").text_content() or "")

    seer = page.get_by_test_id("reader-filter-seer")
    seer.fill("Vishvamitra")
    count = page.get_by_test_id("reader-count").text_content() or ""
    match = re.fullmatch(r"Vishvamitra: (\d+) hymns", count)
    assert match, count
    refs = page.eval_on_selector_all("[data-testid=reader-hymn]", "els => els.map(e => e.dataset.ref)")
    assert len(refs) == int(match.group(1)) > 40
    in_three = [r for r in refs if r.startswith("3.")]
    assert len(in_three) >= 0.9 * len(refs), refs  # Viśvāmitra's family book; a few elsewhere (9.67, 10.137 …)
    assert "3.62" in refs and "1.1" not in refs  # Madhucchandas Vaiśvāmitra is his son, not he
    assert "seer=Vishvamitra" in page.evaluate("location.hash")
    page.get_by_test_id("reader-suggestion").first.wait_for()
    assert "Viśvāmitra" in (page.get_by_test_id("reader-suggest").text_content() or "")
    shot(page, "reader-filter")

    for spelling in ("Viśvāmitra", "visvamitra", "VISHVAMITRA"):  # the same hymns, however written
        seer.fill(spelling)
        assert (page.get_by_test_id("reader-count").text_content() or "").endswith(f": {len(refs)} hymns")

    page.get_by_test_id("reader-filter-book").select_option("3")
    family = page.eval_on_selector_all("[data-testid=reader-hymn]", "els => els.map(e => e.dataset.ref)")
    assert family == in_three

    # a filter is an address: reload it and the same list comes back
    page.reload()
    wait_reader(page, view="home")
    assert page.get_by_test_id("reader-filter-book").input_value() == "3"
    assert page.eval_on_selector_all("[data-testid=reader-hymn]", "els => els.map(e => e.dataset.ref)") == family

    # deity counts ("Agni: N hymns"), a metre, and a maṇḍala with a filter
    page.goto(served_url + "/#/read?deity=agni")
    wait_reader(page, view="home")
    agni = page.get_by_test_id("reader-count").text_content() or ""
    assert re.fullmatch(r"agni: (\d{3}) hymns", agni), agni
    page.get_by_test_id("reader-filter-deity").fill("")
    page.get_by_test_id("reader-filter-metre").fill("trishtubh")
    assert re.fullmatch(r"trishtubh: \d{3} hymns", page.get_by_test_id("reader-count").text_content() or "")
    page.goto(served_url + "/#/7?deity=ushas")
    wait_reader(page, view="mandala")
    assert re.fullmatch(r"ushas: \d+ hymns? in maṇḍala 7", page.get_by_test_id("reader-count").text_content() or "")
    assert all(r.startswith("7.") for r in page.eval_on_selector_all("[data-testid=reader-hymn]", "els => els.map(e => e.dataset.ref)"))
    page.locator("[data-testid=reader-hymn]").first.click()
    page.wait_for_selector(f"{READER}[data-view=hymn][data-state=ready]")
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def test_copy_citation_and_link_and_switch_texts(page, context, served_url: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served_url)
    boot(page, served_url)
    page.goto(served_url + "/#/3.62.10")
    wait_reader(page, "3.62")
    verse = page.locator("[data-testid=reader-verse][data-ref='3.62.10']")
    verse.get_by_test_id("copy-citation").click()
    page.wait_for_function("() => window.rvsLastCopy && window.rvsLastCopy.includes('3.62.10')")
    text = page.evaluate("navigator.clipboard.readText()")
    lines = text.split("\n")
    assert lines[0] == "Ṛgveda 3.62.10 (RV 3.62.10)"
    assert "savitúr váreṇyam" in lines[1]  # the IAST
    assert "excellent glory of Savitar" in lines[2] and lines[2].endswith("(tr. R. T. H. Griffith, 1896)")
    assert lines[3].startswith("Source: ") and "VedaWeb" in lines[3] and "CC BY-NC-SA 4.0" in lines[3]
    assert "<" not in text and len(lines) == 4

    verse.get_by_test_id("copy-link").click()
    page.wait_for_function("() => window.rvsLastCopy && window.rvsLastCopy.endsWith('#/3.62.10')")
    assert page.evaluate("navigator.clipboard.readText()") == f"{served_url}/#/3.62.10"

    # Devanagari / IAST / Griffith each switch off and on; the choice survives a reload
    toggle = page.get_by_test_id("reader-toggle-deva")
    toggle.uncheck()
    assert verse.locator(".deva").is_hidden() and verse.locator(".iast").is_visible()
    page.get_by_test_id("reader-toggle-english").uncheck()
    assert verse.locator(".translation").is_hidden()
    page.get_by_test_id("reader-toggle-iast").click()  # the last one stays on
    assert page.get_by_test_id("reader-toggle-iast").is_checked() and verse.locator(".iast").is_visible()
    page.reload()
    wait_reader(page, "3.62")
    assert verse.locator(".deva").is_hidden()
    page.get_by_test_id("reader-toggle-deva").check()
    page.get_by_test_id("reader-toggle-english").check()
    assert verse.locator(".deva").is_visible() and verse.locator(".translation").is_visible()
    page.get_by_test_id("reader-close").click()
    page.wait_for_function("() => !document.body.classList.contains('reading')")

    # a lookup card has the same buttons
    submit(page, "RV 10.129.1")
    card = page.locator("[data-testid=verse-card][data-ref='10.129.1']").last
    card.get_by_test_id("copy-citation").click()
    page.wait_for_function("() => window.rvsLastCopy && window.rvsLastCopy.startsWith('Ṛgveda 10.129.1')")
    assert "tr. R. T. H. Griffith, 1896" in page.evaluate("navigator.clipboard.readText()")
    card.get_by_test_id("copy-link").click()
    page.wait_for_function("() => window.rvsLastCopy && window.rvsLastCopy.endsWith('#/10.129.1')")

    # "Share this question" is the only way a question gets into an address
    submit(page, "Who are the Maruts?")
    assert "Maruts" not in page.evaluate("location.href")
    page.locator("[data-testid=share-question]").last.click()
    page.wait_for_function("() => window.rvsLastCopy && window.rvsLastCopy.includes('#/ask?q=')")
    link = page.evaluate("window.rvsLastCopy")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("[data-testid=ready]", timeout=180_000)
    assert page.get_by_test_id("query").input_value() == "Who are the Maruts?"
    assert "#/ask" not in page.evaluate("location.href")  # it leaves the address at once
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def test_phone_width(shared_page, served_url: str) -> None:
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_test_id("open-reader").click()
    wait_reader(page, view="home")
    no_overflow(page)
    page.locator("[data-testid=reader-mandala][data-mandala='1']").click()
    wait_reader(page, view="mandala")
    no_overflow(page)
    page.get_by_test_id("reader-filter-seer").fill("Dirghatamas")
    assert (page.get_by_test_id("reader-count").text_content() or "").startswith("Dirghatamas: ")
    page.locator("[data-testid=reader-hymn][data-ref='1.164']").click()
    wait_reader(page, "1.164")
    assert page.locator("[data-testid=reader-verse]").count() == 52
    no_overflow(page)
    box = page.locator("[data-testid=reader-verse]").first.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, "reader-phone")
    page.get_by_test_id("reader-next").click()
    wait_reader(page, "1.165")
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def test_readme_screenshot(shared_page, served_url: str) -> None:
    """The README's picture of the reader (web/img/reader.png)."""
    page = shared_page  # booted, at a fresh start (tests/browser/conftest.py)
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(served_url + "/#/10.129.3")
    wait_reader(page, "10.129")
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("document.activeElement.blur()")
    readme_shot(page, "reader")
    assert_only_own_origin(page)
