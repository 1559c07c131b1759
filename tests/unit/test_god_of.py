""""Who is the god of X?": the god named first, from the domains table, counted and quoted from the index."""
from __future__ import annotations

from typing import Any

import pytest

from pyapp.reading import god_of
from reader_turns import ask_alone


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


@pytest.mark.parametrize("question,god", [
    ("which deity is the god of the wind in the vedas?", "Vāyu"),
    ("who's the storm god??", "Maruts"),
    ("who was the goddess of the waters", "Waters"),
    ("who is the lord of the dead in the rig veda", "Yama"),
])
def test_the_first_sentence_names_the_god_of_the_domain(searcher: Any, question: str, god: str) -> None:
    result = ask_alone(searcher, question)
    first = result.answer.split(":")[0]
    assert god.lower() in first.lower(), result.answer[:200]
    assert result.citations  # a verse of the god's own hymns backs it


@pytest.mark.parametrize("question", ["is Agni the god of fire?", "who is the god of love?", "what is fire?",
                                      "which hymn tells of the owl, the messenger of death?"])
def test_a_named_god_or_a_domain_the_table_lacks_is_left_to_the_other_readers(searcher: Any, question: str) -> None:
    from pyapp.orchestrator import _component

    assert god_of.answer(question, _component(searcher, "index")) is None


def test_is_there_a_god_of_asks_for_the_god() -> None:
    """"Is there a goddess of the forest?" (and the other languages' "is there X?", read so) wants the god named."""
    from pyapp.reading.god_of import asked_domain

    found = asked_domain("Is there a goddess of the forest in the hymns?")
    assert found is not None and found[0] == "Araṇyānī", found
    assert asked_domain("Is there a hymn to the forest?") is None
