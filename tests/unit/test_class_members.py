"""Asked for examples or a list of a class of things the hymns name — goddesses, rivers, demons Indra slew, kings,
seers — the answer opens with as many members as were asked for, each with a verse that shows it; a named hymn
narrows the class to the members in it; a question about one member by its description is left to the other
readers. Real index, no model."""
from __future__ import annotations

import re
from typing import Any

import pytest

from pyapp.reading import class_members
from reader_turns import ask


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def _opening_refs(answer: str) -> list:
    return re.findall(r"\[RV (\d+\.\d+\.\d+)\]", answer.split("\n")[0])


@pytest.mark.parametrize("question,count,label", [
    ("could you name 2 goddesses praised in the rig veda", 2, "goddesses"),
    ("give four examples of enemies of indra", 4, "demons"),
    ("mention three rishis of the rigveda", 3, "seers"),
    ("nenne zwei Beispiele für Flüsse im Rigveda", 2, "rivers"),
])
def test_as_many_members_as_asked_each_with_its_verse(searcher: Any, question: str, count: int, label: str) -> None:
    result = ask(searcher, question)
    first_line = result.answer.split("\n")[0]
    assert first_line.lower().startswith(f"{['one', 'two', 'three', 'four'][count - 1]} examples of"), first_line[:200]
    assert label in first_line.split(":")[0]
    assert len(_opening_refs(result.answer)) >= count


def test_a_named_hymn_narrows_the_class_to_its_members(searcher: Any) -> None:
    result = ask(searcher, "list the rivers mentioned in the river hymn")
    refs = _opening_refs(result.answer)
    assert refs and all(r.startswith("10.75.") for r in refs), result.answer[:300]
    assert "Gaṅgā" in result.answer.split("\n")[0]


def test_a_class_asked_in_hindi_is_read_as_typed(searcher: Any) -> None:
    result = ask(searcher, "ऋग्वेद के किन्हीं दो राजाओं के नाम लिखिए")
    assert result.answer.startswith("Two examples of kings"), result.answer[:200]


@pytest.mark.parametrize("question", [
    "which goddess is called the daughter of heaven?",
    "what did the rivers say to vishvamitra?",
    "who is the king of the gods?",
])
def test_one_member_by_its_description_is_not_a_list_question(question: str) -> None:
    assert not class_members.asks(question)


def test_every_member_of_the_table_has_a_real_verse(searcher: Any) -> None:
    index = searcher.index
    assert len(class_members.classes()) >= 8
    for klass in class_members.classes():
        assert klass.words and len(klass.members) >= 4, klass.id
        for member in klass.members:
            assert index.by_ref(member.ref) is not None, (klass.id, member.name, member.ref)
