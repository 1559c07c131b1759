"""A reading plan asked for (pyapp.reading.reading_plan) and a hymn set beside another text (the classifier)."""
from __future__ import annotations

import pytest

from pyapp.agents import classifier
from pyapp.lexicon import Lexicon
from pyapp.reading import reading_plan

LEX = Lexicon()


@pytest.mark.parametrize("question", [
    "could you draw up a 5 day study plan of the hymns for a complete beginner?",
    "which suktas should I begin with if I have never read any?",
    "In what order should I read the famous hymns?",
])
def test_a_request_for_a_plan_is_read(question):
    assert reading_plan.asks_for_plan(question)


@pytest.mark.parametrize("question", [
    "what did the priests read first at the morning pressing?",
    "a month of Indra hymns to read, please",  # one god's hymns: left to the god's readers
    "Who is Savitṛ?",
])
def test_other_questions_are_not_plans(question):
    assert not reading_plan.asks_for_plan(question)


def test_the_plan_is_cut_to_the_days_asked_and_ordered_from_the_table():
    found = reading_plan.answer("a 3-day reading plan please", None)
    assert found is not None
    lines = found.text.splitlines()
    assert lines[0].startswith("A 3-day plan")
    assert [line for line in lines if line.startswith("- Day")] and "- Day 4" not in found.text
    assert found.refs[0] == "1.1.1"  # the table's first step: the opening hymn
    assert "RV 1.1)" in lines[1]


def test_a_plan_in_the_readers_own_words():
    assert reading_plan.asks_in_own_words("¿Por dónde empiezo a leer los himnos? ¿En qué orden?")
    assert reading_plan.asks_in_own_words("С чего начать читать гимны?")
    assert not reading_plan.asks_in_own_words("¿Quién es Agni? Estoy leyendo los himnos")
    assert not reading_plan.asks_in_own_words("Who is the ruler of the gods? please explain")
    assert reading_plan.answer_typed("Quiero leer los himnos en un año, ¿por dónde empezar?", None) is not None


def test_a_hymn_set_beside_another_text_is_answered_not_refused():
    out = classifier.classify_deterministic(classifier.ClassifierInput(
        user_query="how does the Purusha Sukta compare with the Book of Genesis?", history=[]), LEX)
    assert out.is_about_rig_veda and "beside another text" in out.reason
    plain = classifier.classify_deterministic(classifier.ClassifierInput(
        user_query="What does the Book of Genesis say about the flood?", history=[]), LEX)
    assert not plain.is_about_rig_veda


def test_who_wont_is_no_contest_won():
    hits = LEX.analyse("what happens to a man who won't share his wealth with the poor?")
    assert not hits.tasks
    assert LEX.analyse("who won the cricket match?").tasks


def test_friend_guest_and_the_hungry_are_table_entries_with_a_second_thing_named():
    from pyapp.reading import topic_words

    topic = topic_words.match("does any verse speak of friendship with the one who asks for food?")
    assert topic is not None
    others = {t.id for t in topic_words.also_named(topic, "does any verse speak of friendship with the one who asks for food?")}
    assert {topic.id} | others == {"friend", "feeding_the_hungry"}
    guest = topic_words.match("which hymns speak of a guest?")
    assert guest is not None and guest.id == "guest"


def test_a_hymn_the_reader_will_not_start_from_is_left_out():
    found = reading_plan.answer("which hymns should I read first? I was told never to begin with 1.1", None)
    assert found is not None and "RV 1.1)" not in found.text and found.refs[0] != "1.1.1"
    assert not reading_plan.asks_for_plan("Which hymn comes after 10.129, and how does it start?")


def test_the_evening_is_its_own_entry_but_not_the_evening_pressing():
    from pyapp.reading import topic_words

    found = topic_words.match("do any hymns describe what happens at nightfall?")
    assert found is not None and found.id == "evening"
    pressing = topic_words.match("which verses name the evening pressing of soma?")
    assert pressing is not None and pressing.id == "pressings"
