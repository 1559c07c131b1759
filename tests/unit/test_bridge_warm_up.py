"""The page's post-"ready" warm-up and the faster diacritic folding it relies on."""
from __future__ import annotations

import asyncio
import json
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp import bridge
from pyapp.agents.text import fold


def _reference_fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60))
def test_fold_matches_the_per_character_definition(text: str) -> None:
    assert fold(text) == _reference_fold(text)


def test_fold_strips_iast_marks_but_keeps_devanagari_letters() -> None:
    assert fold("Uṣas Bṛhaspati ŚIVA") == "usas brhaspati siva"
    assert fold("अग्निमीळे") == _reference_fold("अग्निमीळे") and fold("अग्निमीळे")


def test_warm_up_before_boot_says_the_app_is_loading(monkeypatch) -> None:
    monkeypatch.setattr(bridge._state, "searcher", None)
    report = json.loads(bridge.warm_up())
    assert report["success"] is False and "loading" in report["error"]


def test_warm_up_builds_the_lexicon_and_the_next_question_answers(index_dir) -> None:
    status = json.loads(bridge.boot(str(index_dir)))
    assert status["success"], status
    report = json.loads(bridge.warm_up())
    assert report["success"] is True and report["total_ms"] >= report["lexicon_ms"] > 0
    again = json.loads(bridge.warm_up())
    assert again["lexicon_ms"] < report["lexicon_ms"]  # built once, reused by every turn
    tokens: list = []
    result = json.loads(asyncio.run(bridge.ask("Who are the Maruts?", "[]", "{}", lambda e: None, tokens.append)))
    assert result["success"] and result["citations"] and "".join(tokens)

