"""Questions in other languages (issue 14): a German question about the dawn is answered with Uṣas verses
found in Geldner's translation and quoted in his words beside the reference; a French question about
football is refused as off-topic; the translation file is fetched only when a question needs it; no
request leaves the page's origin."""
from __future__ import annotations

import re
from typing import List

import pytest

from helpers import assert_only_own_origin, boot, cards, last_answer, shot, submit

pytestmark = pytest.mark.browser

# hymns to Uṣas (the dawn)
USHAS_HYMNS = {"1.48", "1.49", "1.92", "1.113", "1.123", "1.124", "3.61", "4.51", "4.52", "5.79", "5.80", "6.64",
               "6.65", "7.75", "7.76", "7.77", "7.78", "7.79", "7.80", "7.81", "10.172"}


def test_german_question_answered_from_geldner_french_off_topic_refused(page, context, served_url: str) -> None:
    requests: List[str] = []
    context.on("request", lambda r: requests.append(r.url))
    boot(page, served_url)
    page.wait_for_function("() => { const s = document.querySelector('[data-testid=version-select]');"
                           " return s && !s.disabled && s.options.length > 1; }", timeout=60_000)
    assert not [u for u in requests if "/assets/index/versions/" in u]  # nothing fetched before a question needs it

    submit(page, "Was sagt der Rigveda über die Morgenröte?")
    text = last_answer(page)
    # the language it read, and Geldner's words for the verses (searched in Geldner, or read whole into English and
    # Geldner quoted after: session 34)
    assert "Your question is in German" in text and "Geldner" in text, text[:300]
    quoted = re.findall(r"RV (\d+\.\d+\.\d+) \(Geldner\): “", text)
    assert len(quoted) >= 3, text[-600:]
    hymns = [ref.rsplit(".", 1)[0] for ref in quoted]
    assert sum(h in USHAS_HYMNS for h in hymns) >= len(hymns) - 1, hymns
    assert "Uṣas" in text or "Morgenröte" in text  # Geldner's own words
    shown = [c["ref"] for c in cards(page)]
    assert set(quoted) <= set(shown)  # the quoted verses are the answer's cards (Griffith's English on them)
    fetched = {u.split("?")[0].rsplit("/", 1)[-1] for u in requests if "/assets/index/versions/" in u}
    assert fetched == {"geldner.json"}, fetched
    assert page.get_by_test_id("version-select").input_value() == "griffith"  # the reader's choice is untouched
    shot(page, "languages-german-dawn")

    submit(page, "Qui a gagné la coupe du monde de football ?")
    text = last_answer(page)
    assert text.startswith("Sorry, Not about the RigVeda"), text[:200]
    assert page.locator("[data-testid=answer]").last.locator("button.cite").count() == 0
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)
