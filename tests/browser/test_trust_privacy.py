"""Privacy audit: a whole no-LLM session — boot, a verse lookup, a question, a citation, the whole
hymn, a new chat, the history, an export, a reload — records every request the page, its workers
and its service worker make. Every one goes to the page's own origin (or is a local data:/blob:)."""
from __future__ import annotations

from urllib.parse import urlparse

import pytest

from helpers import boot, submit

pytestmark = pytest.mark.browser


def test_full_no_llm_session_talks_only_to_its_own_origin(page, context, served_url: str, tmp_path) -> None:
    requests = {}  # one entry per request, whether the page, a worker or the service worker made it

    def record(request) -> None:
        requests[id(request)] = (request, request.url)

    context.on("request", record)
    page.on("request", record)

    boot(page, served_url)
    submit(page, "RV 1.1.1")  # a direct lookup
    page.wait_for_selector("[data-testid=verse-card][data-ref='1.1.1']")
    submit(page, "Who is praised as the priest of the sacrifice?")
    answer = page.get_by_test_id("answer")
    assert len((answer.text_content() or "").strip()) > 20

    cite = answer.locator("button.cite").first  # open a cited verse's card
    ref = cite.get_attribute("data-cite")
    cite.click()
    page.wait_for_function("ref => document.activeElement && document.activeElement.dataset.ref === ref", arg=ref)
    card = page.locator(f"[data-testid=verse-card][data-ref='{ref}']").last
    card.get_by_role("button", name="Show the whole hymn").click()  # the whole hymn, in the reader
    page.locator("[data-testid=reader-verse]").first.wait_for()
    page.go_back()

    page.get_by_test_id("new-chat").click()
    page.wait_for_selector(".welcome")
    page.locator(".history-item").first.click()  # back through the history
    page.wait_for_selector("[data-testid=verse-card]")

    with page.expect_download() as download:
        page.get_by_test_id("history-export").click()
    download.value.save_as(tmp_path / "history.json")

    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
    page.reload()
    page.wait_for_selector("[data-testid=ready]", timeout=180_000)
    submit(page, "RV 10.129.1")
    page.wait_for_selector("[data-testid=verse-card][data-ref='10.129.1']")

    seen = [url for _, url in requests.values()]
    own = urlparse(served_url).netloc
    off_site = [u for u in seen if urlparse(u).scheme not in ("data", "blob") and urlparse(u).netloc != own]
    assert off_site == [], off_site[:10]
    assert page.rvs_foreign_requests == []
    assert page.rvs_console_errors == []
    assert len(seen) > 20  # the recorder did see the session (runtime, index, app files)
    # no cookie or storage of ours is sent anywhere else, and no engine origin was ever allowed
    assert "rvs_connect" not in page.evaluate("document.cookie")
    print(f"\nprivacy audit: {len(seen)} requests ({len(set(seen))} distinct URLs), all to {served_url}")
