"""Questions in any language in the real app (issue 19): a Spanish and a Hindi (Devanagari) question are
answered on topic and say how they were read; a language's word file is not fetched on an English
reader's first visit, is fetched (its size said first) on the first question in that language, and
still serves once the browser is offline."""
from __future__ import annotations

from typing import List

import pytest

from helpers import assert_only_own_origin, boot, cards, error_text, last_answer, shot, submit

pytestmark = pytest.mark.browser
WORDS = "/assets/index/languages/"


def notes(page) -> List[str]:
    return page.eval_on_selector_all(".note", "els => els.map(e => e.textContent)")


def fetched(requests: List[str]) -> List[str]:
    return [u.split("?")[0].rsplit("/", 1)[-1] for u in requests if WORDS in u]


def test_spanish_and_hindi_answered_word_files_lazy_and_offline(page, context, served_url: str) -> None:
    requests: List[str] = []
    context.on("request", lambda r: requests.append(r.url))
    boot(page, served_url)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
    submit(page, "Who is Varuṇa?")  # an English reader's first visit and question
    assert fetched(requests) == [], requests

    submit(page, "¿Quién es Varuṇa en el Rigveda?")
    text = last_answer(page)
    assert not text.startswith("Sorry"), text[:200]
    assert "Varuṇa" in text or "Varuna" in text
    assert any(n.startswith("Read as Spanish") for n in notes(page)), notes(page)
    assert cards(page)
    assert set(fetched(requests)) == {"es.json"}, fetched(requests)  # (the page's request and its service worker's)
    said = page.evaluate("document.documentElement.dataset.rvsLastFetch") or ""
    assert "Spanish" in said and ("kB" in said or "MB" in said), said  # its size, said before the download
    shot(page, "multilingual-spanish")

    submit(page, "ऋग्वेद में इंद्र कौन है?")
    text = last_answer(page)
    assert not text.startswith("Sorry") and "Indra" in text, text[:200]
    assert any(n.startswith("Read as Hindi") for n in notes(page)), notes(page)
    assert "hi.json" in fetched(requests)

    submit(page, "Que disent les hymnes sur la pluie ?")
    assert "fr.json" in fetched(requests)
    said = page.evaluate("document.documentElement.dataset.rvsLastFetch") or ""
    assert "French" in said and ("kB" in said or "MB" in said), said

    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=180_000)
        assert error_text(page) == "", error_text(page)
        submit(page, "¿Qué dicen los himnos sobre la aurora?")
        assert error_text(page) == ""
        assert not any("could not be loaded" in n for n in notes(page)), notes(page)
        assert any(n.startswith("Read as Spanish: “") and "dawn" in n for n in notes(page)), notes(page)
        assert not last_answer(page).startswith("Sorry")
    finally:
        context.set_offline(False)
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)
