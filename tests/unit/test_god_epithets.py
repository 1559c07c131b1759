"""A god's other names (epithets) are listed with how many of the god's verses use each and one of them, in any
language the app reads; every pattern of the table finds verses in the built index. Our own wordings."""
from __future__ import annotations

import re

import pytest

from pyapp.reading import god_epithets
from reader_turns import ask, cited


def test_every_epithet_of_the_table_is_in_the_hymns(searcher) -> None:
    plain = [god_epithets._plain(v.roman or "") for v in searcher.index.verses]
    for row in god_epithets._rows():
        for epithet in row["epithets"]:
            pattern = re.compile(epithet["pattern"])
            assert any(pattern.search(text) for text in plain), (row["god"], epithet["epithet"])


@pytest.mark.parametrize("question, first_epithet", [
    ("by what other names is vishnu known in the hymns?", "urugāya"),
    ("Soma's epithets?", "pavamāna"),
    ("¿qué otros nombres tiene Indra en el Rigveda?", "maghavan"),
])
def test_the_answer_opens_with_the_epithets(searcher, question: str, first_epithet: str) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith("The hymns call"), result.answer[:120]
    assert first_epithet in result.answer.split("\n")[0]
    verse = searcher.index.by_ref(cited(result)[0])
    assert verse is not None


def test_a_name_asked_for_its_meaning_is_not_an_epithet_list() -> None:
    assert not god_epithets.asks("what does the name Indra mean?")
    assert not god_epithets.asks("what are the names of the seven rivers?")
