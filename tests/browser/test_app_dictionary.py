"""A language's free dictionary table (``bilingual/<code>.json``, FreeDict) in the real app: not fetched for an
English question, fetched once with the language's word list when the first question in that language
arrives (its size said), and not fetched again for the second; a word only the dictionary has is read."""
from __future__ import annotations

from typing import List

import pytest

from helpers import boot, last_answer, submit

pytestmark = pytest.mark.browser
TABLES = "/assets/index/bilingual/"


def notes(page) -> List[str]:
    return page.eval_on_selector_all(".note", "els => els.map(e => e.textContent)")


def test_a_language_dictionary_is_fetched_once_on_its_first_question(page, context, served_url: str) -> None:
    requests: List[str] = []
    context.on("request", lambda r: requests.append(r.url))
    boot(page, served_url)
    if not page.evaluate("() => globalThis.rvsVersions?.hasFile?.('bilingual/pt.json')"):
        pytest.skip("this build has no FreeDict table for Portuguese (apt-get install dict-freedict-por-eng)")
    submit(page, "What do the hymns say about the beard?")
    assert not [u for u in requests if TABLES in u], requests

    submit(page, "O que dizem os hinos sobre a barba?")
    first = [u for u in requests if TABLES in u]
    assert first and all(u.split("?")[0].endswith("/pt.json") for u in first), first
    said = page.evaluate("document.documentElement.dataset.rvsLastFetch") or ""
    assert "Portuguese dictionary" in said and "kB" in said, said  # its size, said before the download
    assert not last_answer(page).startswith("Sorry"), last_answer(page)[:200]
    assert any("free dictionary" in n and "beard" in n for n in notes(page)), notes(page)

    submit(page, "Os hinos falam das lágrimas?")
    assert [u for u in requests if TABLES in u] == first  # kept: not fetched again
