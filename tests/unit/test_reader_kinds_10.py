"""Issue 19, kinds from set 10: things of the hymns' world asked in English (food, crafts, ethics words,
time, the body, the poet's craft) are answered from the verses whose Sanskrit names them, and a long
forum post is read by its question sentences. Wordings, foods and gods are our own, not the sets'."""
from __future__ import annotations

import re
import unicodedata

import pytest

from pyapp.reading import asked_kind, forum, topic_words
from pyapp.search import Searcher
from reader_turns import ask, cited


def plain(roman: str) -> str:
    return topic_words._plain(roman)


@pytest.mark.parametrize("question, topic", [
    ("Are curds ever mentioned in the hymns?", "curds"),
    ("What do the Vedic poets say about ghee?", "ghee"),
    ("did they know boats or sea voyages in rigvedic times", "ship"),
    ("Was honey (madhu) offered to the Asvins?", "honey"),
    ("What does the Rigveda say of weaving cloth on a loom?", "weaving"),
    ("Is the evening pressing of soma described anywhere?", "pressings"),
])
def test_the_thing_asked_about_is_read(question: str, topic: str) -> None:
    found = topic_words.match(question)
    assert found is not None and found.id == topic


@pytest.mark.parametrize("question", [
    "Who is Agni?",
    "What does madhu mean?",
    "How many verses mention honey?",
    "Explain RV 1.1.1",
    "Which verse says “the cows bring their milk to the pressing”?",
    "Who was Bhujyu, saved from the sea by a ship?",
    "How did they churn butter with the churning stick (manthā)?",
    "What's the difference between the honey of the bees and soma?",
    "Give me a recipe for barley bread",
])
def test_other_kinds_of_question_are_left_to_their_readers(question: str) -> None:
    assert topic_words.match(question) is None


def test_every_cited_verse_names_the_thing_in_its_sanskrit(searcher: Searcher) -> None:
    fact = topic_words.answer("Do the hymns talk about ghee being poured into the fire?", searcher.index)
    assert fact is not None and fact.refs
    assert all(re.search(r"\bghṛt", plain(searcher.index.by_ref(r).roman)) for r in fact.refs)
    assert re.match(r"The hymns' words for ghee \(Sanskrit ghṛta.*occur in \d+ verses", fact.text)


def test_a_god_named_in_the_question_ranks_his_verses_first(searcher: Searcher) -> None:
    fact = topic_words.answer("Was honey offered to the Asvins?", searcher.index)
    assert fact is not None
    first = searcher.index.by_ref(fact.refs[0])
    assert "asvin" in unicodedata.normalize("NFD", first.deity).encode("ascii", "ignore").decode().lower()
    assert re.search(r"\bmadh", plain(first.roman))


def test_one_long_hymn_does_not_fill_the_answer(searcher: Searcher) -> None:
    fact = topic_words.answer("What does the Rigveda say about meat?", searcher.index)
    hymns = [r.rsplit(".", 1)[0] for r in fact.refs]
    assert max(hymns.count(h) for h in hymns) <= topic_words.PER_HYMN


def test_the_router_answers_a_food_question_from_the_verses(searcher: Searcher) -> None:
    fact = asked_kind.answer("Did people in the hymns drink milk with their soma?", searcher.index, searcher)
    assert fact is not None
    assert any(re.search(r"\bpay|\bkṣīr", plain(searcher.index.by_ref(r).roman)) for r in fact.refs)


def test_the_whole_app_cites_a_verse_naming_the_thing(searcher: Searcher) -> None:
    result = ask(searcher, "did the rigvedic people ever eat porridge or gruel?")
    refs = cited(result)
    assert refs and any(re.search(r"karambh", plain(searcher.index.by_ref(r).roman)) for r in refs)


NOVEL = ("I'm putting together a play about a village in the Vedic age and I want the prayers to feel right. "
         "In one scene the women bring milk and ghee to the morning offering while the priest sings. "
         "I have read bits of Griffith but got lost. What do the hymns say about pouring ghee into Agni?")


def test_the_question_sentence_of_a_long_post_is_found() -> None:
    assert forum.is_long(NOVEL)
    assert forum.question_core(NOVEL) == "What do the hymns say about pouring ghee into Agni?"
    assert forum.question_core("What do the hymns say about ghee?") is None


def test_a_sentence_the_question_leans_on_is_kept_without_its_verse_number() -> None:
    post = ("Hello everyone, I am new to all this. My uncle told me that book 3 verse 62.10 is the most famous "
            "line, but a friend said that the most famous one is really the hymn to the waters in the last book. "
            "Where is that one, and what does it say?")
    core = forum.question_core(post)
    assert core is not None and core.endswith("Where is that one, and what does it say?")
    assert "the hymn to the waters" in core and "62.10" not in core
    assert forum.stray_reference(post)


def test_a_long_post_is_answered_by_its_question_not_its_story(searcher: Searcher) -> None:
    """The story names women, milk and a play; the question asks about ghee poured into Agni."""
    result = ask(searcher, NOVEL)
    assert "not about the rigveda" not in result.answer.lower()
    first = searcher.index.by_ref(cited(result)[0])
    assert re.search(r"\bghṛt", plain(first.roman))
