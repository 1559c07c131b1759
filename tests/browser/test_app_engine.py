"""Choosing an LLM engine only announces its download size; nothing is fetched until the reader
confirms, and cancelling keeps the no-LLM engine."""
from __future__ import annotations

import pytest

from helpers import assert_only_own_origin, shot

pytestmark = pytest.mark.browser


def test_model_is_not_downloaded_before_the_reader_confirms(page, served_url: str) -> None:
    model_requests = []
    page.on("request", lambda r: model_requests.append(r.url) if "/vendor/models/" in r.url or "/vendor/wllama/" in r.url else None)
    page.goto(served_url + "/")
    select = page.get_by_test_id("engine-select")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=engine-select] option')].some(o => o.value.startsWith('wllama'))",
        timeout=120_000)
    assert select.input_value() == "extractive"  # the default

    wllama = page.eval_on_selector(
        "[data-testid=engine-select]", "s => [...s.options].find(o => o.value.startsWith('wllama')).value")
    select.select_option(wllama)
    notice = page.locator("#engine-notice")
    notice.wait_for(state="visible")
    assert "MB" in (notice.text_content() or "")
    shot(page, "engine-download-notice")
    assert model_requests == []

    notice.get_by_role("button", name="Cancel").click()
    assert select.input_value() == "extractive"
    assert notice.is_hidden()
    assert model_requests == []
    assert_only_own_origin(page)
