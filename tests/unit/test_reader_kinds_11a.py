"""Issue 19, scholarly kinds from set 11: a grammatical form or one word's senses shown in the verses, a riddle
retold in the reader's words found by its content, and a later text's claim read apart from who makes it.
Wordings, gods, words, forms and claims are our own, not the set's."""
from __future__ import annotations

import re
import unicodedata

import pytest

from pyapp.agents.forms import plain
from pyapp.reading import form_asked, later_claim, riddle
from pyapp.search import Searcher
from pyapp.search.translit import fold_sanskrit
from reader_turns import ask, cited


def _any_word(key: str) -> bool:
    """A stand-in for "occurs in the verses" (the index's test is ``pyapp.agents.forms.word_set``)."""
    return key in {"vayo", "devanam", "anam", "akran", "dhenu", "agni"}


def _folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()


# ---- reading the question -------------------------------------------------------------------------

def test_a_vocative_is_read_from_the_stem_class() -> None:
    asked = form_asked.read_grammar("How is Vāyu addressed in the vocative? Give a verse.", _any_word)
    assert asked is not None and "vayo" in asked.forms and "vocative" in asked.label


def test_an_ending_and_its_example_are_read() -> None:
    asked = form_asked.read_grammar("Is there a genitive plural in -ānām, such as devānām? Show a verse.", _any_word)
    assert asked is not None and asked.endings == ["anam"] and "devanam" in asked.forms


def test_english_words_in_parentheses_are_not_taken_for_forms() -> None:
    asked = form_asked.read_grammar("Find the aorist 'akran' (they made) in a verse.", _any_word,
                                    lambda word: word in {"they", "made", "find", "verse"})
    assert asked is not None and asked.forms == ["akran"]


@pytest.mark.parametrize("question", [
    "Split the compound ratnadhātamam the way the padapāṭha does.",
    "Who is Agni?",
    "Which hymns are the most perfect poetry?",
])
def test_other_questions_are_no_grammar_questions(question: str) -> None:
    assert form_asked.read_grammar(question, lambda key: key in {"ratnadhatamam", "agni"},
                                   lambda word: word.isascii()) is None


def test_a_word_and_the_senses_offered_are_read() -> None:
    asked = form_asked.read_senses("Does dhenu always mean a cow, or also a drink?", lambda word: ["dhenu"]
                                   if word == "dhenu" else [])
    assert asked is not None and asked.word == "dhenu" and {"cow", "drink"} <= set(asked.senses)


def test_a_plain_what_does_it_mean_is_left_to_the_term_reader() -> None:
    assert form_asked.read_senses("What does ṛta mean?", lambda word: ["rta"]) is None


def test_a_later_claim_that_points_back_is_asked_about_itself() -> None:
    read = later_claim.read("My guru says Rudra is the same god as Shiva. Does the Rigveda itself say that?")
    assert read is not None and read.points_back
    assert read.question == "Does the Rigveda say that Rudra is the same god as Shiva?"


def test_a_self_contained_question_after_a_later_claim_is_asked_alone() -> None:
    read = later_claim.read("In the Puranas Indra is a lustful king who loses his throne. Who is Indra in the "
                            "Rigveda itself?")
    assert read is not None and read.question == "Who is Indra in the Rigveda?"


@pytest.mark.parametrize("question", [
    "In the creation hymn the poet doubts everything. What does he doubt?",
    "Wilson says 'fire', Griffith says 'Agni'. Which is better?",
    "Who is Varuna? What does he punish?",
])
def test_no_later_claim_is_read_where_none_is_attributed(question: str) -> None:
    assert later_claim.read(question) is None


def test_a_riddle_keeps_only_its_retelling() -> None:
    told = riddle.retelling("A riddle: two birds, close friends, sit on one tree; one eats the sweet fig, the other "
                            "just watches. Which verse is this?")
    assert told is not None and "birds" in told and "Which verse" not in told


def test_a_quotation_without_a_riddle_is_no_riddle() -> None:
    assert riddle.retelling("Which verse says 'I laud Agni, the chosen priest'?") is None


# ---- answering ------------------------------------------------------------------------------------

def test_the_vocative_is_shown_in_verses_that_have_it(searcher: Searcher) -> None:
    result = ask(searcher, "How is Vāyu addressed in the vocative? Give a verse.")
    refs = cited(result)
    assert refs and result.answer.startswith("The vocative of Vāyu")
    assert all(re.search(r"\bvāyo\b", plain(searcher.index.by_ref(r).roman)) for r in refs)


def test_an_ending_is_shown_with_its_vowel_length(searcher: Searcher) -> None:
    result = ask(searcher, "Is there a genitive plural in -anam like devanam in the hymns? Give a verse.")
    refs = cited(result)
    assert refs and "-ānām" in result.answer
    assert all(re.search(r"ānā[mṃ]\b", plain(searcher.index.by_ref(r).roman)) for r in refs)


def test_a_words_senses_are_grouped_by_the_translation(searcher: Searcher) -> None:
    result = ask(searcher, "Does dhenu always mean a cow, or also a drink?")
    refs = cited(result)
    assert result.answer.startswith("In the Rigveda *dhenu*") and "“cow”" in result.answer
    assert refs and all("dhen" in fold_sanskrit(plain(searcher.index.by_ref(r).roman)) for r in refs)


def test_a_riddle_retold_finds_its_verse(searcher: Searcher) -> None:
    result = ask(searcher, "A riddle: two birds, close friends, sit on one tree; one eats the sweet fig, the other "
                           "just watches. Which verse is this?")
    assert "1.164.20" in cited(result)[:3]


def test_a_later_claim_is_not_refused_and_answers_from_the_hymns(searcher: Searcher) -> None:
    result = ask(searcher, "In later Hinduism Rudra became the destroyer Shiva. Who is Rudra in the Rigveda itself?")
    assert "not about the rigveda" not in _folded(result.answer)
    assert any("rudra" in _folded(searcher.index.by_ref(r).deity or "") for r in cited(result))
