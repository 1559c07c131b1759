"""Who the hymns call the first of a kind (``pyapp.reading.first_role``): the person of the legends that the
verses with "first" (prathama, pūrvya) and the role's words name most; wordings none of the answer sets use."""
from __future__ import annotations

from pyapp.reading import first_role, speaker
from tests.unit.reader_turns import ask


def test_the_role_is_read_after_first_and_only_in_a_who_question() -> None:
    assert first_role.role_asked("which mortal was the earliest to offer an oblation to the gods?").id == "sacrificer"
    assert first_role.role_asked("who, say the hymns, first lit Agni for men?").id == "fire"
    assert first_role.role_asked("who is the original ancestor of mankind in the vedic hymns?").id == "man"
    assert first_role.role_asked("where is the word for man first used?") is None  # a first mention
    assert first_role.role_asked("what was the first sacrifice like?") is None  # not a who-question


def test_the_first_to_kindle_the_fire_and_to_go_the_way_of_the_dead(keyword_searcher) -> None:
    index = keyword_searcher.index
    fire = first_role.answer("name the first mortal who lit the fire for the gods", index, keyword_searcher)
    assert fire is not None and fire.text.startswith("Manu ") and "10.63.7" in fire.refs
    died = first_role.answer("which man was the earliest to die and go before the fathers?", index, keyword_searcher)
    assert died is not None and died.text.startswith("Yama ") and "10.14.2" in died.refs


def test_the_grammars_first_person_is_not_the_first_human() -> None:
    assert speaker._ASKS_I.search("who is the first person in hymn 10.48?")
    assert not speaker._ASKS_I.search("who was the first person to be born, say the hymns?")


def test_the_turn_answers_with_the_person_first(keyword_searcher) -> None:
    result = ask(keyword_searcher, "according to the vedic hymns who was the first sacrificer among men?")
    assert result.answer.startswith("Manu") and result.verses
