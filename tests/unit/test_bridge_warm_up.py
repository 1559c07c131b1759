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



def test_warm_up_builds_the_hymn_table_so_the_first_who_question_does_not(index_dir) -> None:
    """The facts' hymn table (a pass over every hymn) took ~0.35 s in CPython, ~1 s in Pyodide, on the
    first who / which / how-many question; the warm-up pays it while the reader types."""
    from pyapp.factbook import table

    status = json.loads(bridge.boot(str(index_dir)))
    assert status["success"], status
    table._CACHE.clear()
    assert json.loads(bridge.warm_up())["success"] is True
    index = bridge._state.searcher.index
    assert id(index) in table._CACHE and table._CACHE[id(index)][0] is index
