"""Issue 19, kinds from set 12 (b): a hymn's refrain, found in the Sanskrit itself. Wordings and hymns
are our own, not the set's."""
from __future__ import annotations

import re

import pytest

from pyapp.reading import caption, later_use, refrain, topic_words, woman_seer
from pyapp.search import Searcher
from reader_turns import ask, cited


# -- refrains ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "What line is repeated at the end of the verses of RV 10.119?",
    "In the Ushas hymn 5.79, what phrase recurs?",
    "which verses of 8.62 close with the same words?",
    "the refrain of the Vrishakapi hymn?",
])
def test_a_refrain_question_is_read(question: str) -> None:
    assert refrain.asks(question)


@pytest.mark.parametrize("question", ["Who composed RV 10.119?", "What does the hymn 5.79 ask of Dawn?",
                                      "How many verses does 8.62 have?", "What recurring themes appear in the Agni hymns?",
                                      "Is the burden of sin discussed in the hymns?"])
def test_other_questions_about_a_hymn_are_not(question: str) -> None:
    assert not refrain.asks(question)


def test_refrains_are_computed_from_the_sanskrit(searcher: Searcher) -> None:
    table = refrain.refrains(searcher.index)
    found = table["10.119"]
    assert found.line == "kuvit somasyāpām iti" and len(found.refs) == found.verses == 13
    assert "1.1" not in table  # the first hymn repeats no closing line


def test_the_answer_names_the_line_where_it_stands_and_how_often(searcher: Searcher) -> None:
    result = ask(searcher, "In the Ushas hymn 5.79, what phrase recurs?")
    first = result.answer.split(". ")[0]
    assert "sujāte aśvasūnṛte" in first and "all 10" in first
    assert all(r.startswith("5.79.") for r in cited(result))


def test_a_line_quoted_in_english_finds_its_hymn(searcher: Searcher) -> None:
    result = ask(searcher, "Which hymn of book 10 has the refrain 'have I not drunk of Soma juice'?")
    assert result.answer.startswith("The refrain of RV 10.119 ")
    assert "10.119.1" in cited(result)


def test_a_hymn_without_a_refrain_is_told_so(searcher: Searcher) -> None:
    result = ask(searcher, "Does hymn 1.1 have a refrain?")
    assert result.answer.startswith("No: ") and "1.1.1" in cited(result)


# -- women seers ------------------------------------------------------------------------------------------------

def test_every_woman_seer_of_the_table_has_verses_in_the_index(searcher: Searcher) -> None:
    for rishika in woman_seer.rishikas():
        refs = woman_seer.verses_of(rishika, searcher.index)
        assert refs, rishika.name
        assert all(searcher.index.by_ref(r) is not None for r in refs)


@pytest.mark.parametrize("question, hymn", [
    ("Which verses did the poetess Apala compose?", "8.91"),
    ("Visvavara is counted among the rishikas; which hymn is hers?", "5.28"),
    ("Shraddha is said to be the seer of a hymn. Where is it?", "10.151"),
])
def test_a_woman_seer_named_gets_her_own_verses_first(question: str, hymn: str, searcher: Searcher) -> None:
    result = ask(searcher, question)
    first = result.answer.split(". ")[0]
    assert "women seers" in first and f"RV {hymn}" in first
    assert any(r.startswith(hymn + ".") for r in cited(result))


@pytest.mark.parametrize("question", ["What does Indrani say to Indra?", "Who was the father of the rishika Godha?",
                                      "Who is Sarama?",
                                      # the poets in general, and the Sun god whose name folds like hers (Sūryā)
                                      "In what ways do the seers set Agni apart from Surya?"])
def test_a_goddess_or_a_family_question_is_left_to_other_readers(question: str, searcher: Searcher) -> None:
    assert woman_seer.answer(question, searcher.index) is None


def test_a_daughter_is_not_called_a_son(searcher: Searcher) -> None:
    result = ask(searcher, "Who was the father of the rishika Ghosha?")
    assert result.answer.startswith("Ghoṣā's father is Kakṣīvān") and "daughter" in result.answer.split(". ")[0]


# -- a line for a card, a caption, a tattoo ---------------------------------------------------------------------

@pytest.mark.parametrize("question, sanskrit", [
    ("Any Rigveda line for my grandpa's 90th birthday card?", r"śat.*śarad|śarad.*śat"),
    ("Need a verse for a caption on my photo of the ocean", r"samudr"),
    ("a mantra from the rig veda for our monsoon greeting card please", r"vṛṣṭ|parjany"),
])
def test_a_line_for_an_occasion_holds_its_sanskrit_words(question: str, sanskrit: str, searcher: Searcher) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith("A short line of the RigVeda")
    shown = [searcher.index.by_ref(r) for r in cited(result)[:1]]
    assert shown and re.search(sanskrit, topic_words._plain(shown[0].roman))


@pytest.mark.parametrize("question", ["What does the Rigveda say about light?", "Who wrote the wedding hymn?",
                                      "Which hymn is recited at a birthday?"])
def test_a_question_about_a_theme_is_not_a_request_for_a_caption(question: str) -> None:
    assert not caption.asks(question)


# -- a verse known by a later use -------------------------------------------------------------------------------

def test_every_later_use_points_at_verses_of_the_index(searcher: Searcher) -> None:
    for use in later_use.later_uses():
        assert all(searcher.index.by_ref(r) is not None for r in use.refs), use.id


@pytest.mark.parametrize("question, ref", [
    ("Which Rig Veda verse does the phrase 'let noble thoughts come to us' translate?", "1.89.1"),
    ("Is the healing chant that Shiva devotees repeat 108 times from the Rigveda?", "7.59.12"),
    ("Where does the Discovery of India TV series take its creation song from?", "10.129.1"),
])
def test_a_famous_later_use_finds_its_verse_first(question: str, ref: str, searcher: Searcher) -> None:
    result = ask(searcher, question)
    assert f"RV {ref.rsplit('.', 1)[0]}" in result.answer.split(". ")[0] and ref in cited(result)


@pytest.mark.parametrize("question", ["Who is Shiva in the Rigveda?", "How many times is the Gayatri chanted, 108?",
                                      "What does the judge Varuna do?"])
def test_a_question_naming_no_later_use_is_left_alone(question: str) -> None:
    assert later_use.match(question) is None


# -- lists in order ---------------------------------------------------------------------------------------------

def test_the_family_books_asked_as_a_range_list_every_seer_in_book_order(searcher: Searcher) -> None:
    from pyapp import facts

    fact = facts.answer_fact("Name the seer families of books 2 through 7 in order", searcher.index)
    assert fact is not None
    first = fact.text.split(" [RV")[0]
    order = [first.find(n) for n in ("Gṛtsamada", "Viśvāmitra", "Vāmadeva", "Atri", "Bharadvāja", "Vasiṣṭha")]
    assert -1 not in order and order == sorted(order)
