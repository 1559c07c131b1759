"""Issue 19 part 6, kinds of questions people really asked: a hymn named by an anthology title in quotes,
quiz blanks, superlatives ("the main god", "which goddess most"), the Sanskrit word for an English idea,
disputed topics (is X in the RigVeda?) and fact-checks of false claims. Wordings are our own, not the
evaluation sets'."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyapp.orchestrator import Orchestrator
from pyapp.reading.blank import read_blank
from pyapp.reading.claim import claim_of, who_question
from pyapp.reading.sanskrit_for import asked_idea, words_for
from pyapp.reading.titled import quoted_titles, resolve
from pyapp.search import Searcher
from pyapp.search.terms import TermLexicon
from reader_turns import ask_alone


# --- reading the question (no index) ------------------------------------------------------------

@pytest.mark.parametrize("question, reading", [
    ("The Adityas are the ____ of Aditi.", "Who are the Adityas?"),
    ("Indra and Agni are called _____ in many hymns.", "Who are Indra and Agni?"),
    ("_____ is the god who drinks the most Soma.", "Who is the god who drinks the most Soma?"),
    ("The wife of Indra is the ______.", "Who is the wife of Indra?"),
])
def test_a_quiz_blank_is_read_as_the_question_about_its_subject(question: str, reading: str) -> None:
    assert read_blank(question, _KNOWN_NAME) == reading


def _KNOWN_NAME(text: str) -> bool:
    """A stand-in for the lexicon's names."""
    return any(name in text for name in ("Adityas", "Indra", "Agni", "Soma"))


def test_a_gap_beside_and_or_an_unknown_subject_is_left_to_the_search() -> None:
    assert read_blank("The wedding hymn tells of Soma and _____.", _KNOWN_NAME) is None
    assert read_blank("Xyzzan is another name for the ____.", _KNOWN_NAME) is None


@pytest.mark.parametrize("question", ["Who is Indra?", "What is ___?", "Explain RV 1.1"])
def test_a_question_without_a_gap_is_not_a_quiz(question: str) -> None:
    assert read_blank(question, _KNOWN_NAME) is None


@pytest.mark.parametrize("question, idea", [
    ("Which Sanskrit word do the hymns use for 'truth'?", "truth"),
    ("what's the vedic term for a cow", "cow"),
    ("The word for 'fire' in Rigvedic Sanskrit?", "fire"),
    ("How do the seers say 'water'?", "water"),
])
def test_the_english_idea_is_read_out_of_a_word_for_question(question: str, idea: str) -> None:
    assert asked_idea(question) == idea


@pytest.mark.parametrize("question", ["What does the word ṛta mean?", "Who is Agni?", "What is Soma made from?"])
def test_other_questions_ask_no_word_for_an_idea(question: str) -> None:
    assert asked_idea(question) == ""


def test_a_claim_is_read_out_of_its_framing() -> None:
    assert claim_of("Is it true that the Rigveda has nine books?") == "the Rigveda has nine books"
    assert claim_of("My teacher said that Soma is a kind of beer. True or false?") == "Soma is a kind of beer"
    assert claim_of("Who is Agni?") == ""


def test_a_claim_about_who_did_something_asks_who_did_it() -> None:
    assert who_question("Mitra is the one who split the Vala cave") == "Who split the Vala cave?"
    assert who_question("Vṛtra was slain by Viṣṇu") == ""  # not a regular past: left to the search
    assert who_question("Apālā was cured by Agni") == "Who cured Apālā?"


def test_quoted_titles_are_short_and_have_content_words() -> None:
    assert quoted_titles('What does the poet ask for in "The Hymn to Night"?') == ["The Hymn to Night"]
    assert quoted_titles('Is "the" a word?') == []


# --- with the built index -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def searcher(keyword_searcher: Searcher) -> Searcher:
    """Keyword search only (conftest.py: loaded once per run)."""
    return keyword_searcher


@pytest.fixture(scope="module")
def terms(index_dir: Path) -> TermLexicon:
    return TermLexicon.load(str(index_dir))


def _idf(searcher: Searcher):
    """The word rarity the app weighs titles by (BM25 statistics of the English field)."""
    return Orchestrator(searcher, None, None, {"useMemory": False}).idf()


@pytest.mark.parametrize("title, hymn", [
    ("The Gamblers", "10.34"),  # its heading
    ("Song of the Frogs", "7.103"),
    ("Ghee", "4.58"),  # the gloss of its addressee ghṛta
    ("The Wedding of Surya", "10.85"),  # its heading and the verses' gods
    ("Vrishakapi and Indra", "10.86"),
])
def test_a_title_in_quotes_finds_the_hymn_it_describes(searcher: Searcher, title: str, hymn: str) -> None:
    match = resolve(f'What happens in "{title}"?', searcher.index, searcher.terms, _idf(searcher))
    assert match is not None and match.passage.refs == [hymn], title


@pytest.mark.parametrize("title", ["Harry Potter", "The Quarterly Report", "Star Wars"])
def test_a_title_no_hymn_describes_names_none(searcher: Searcher, title: str) -> None:
    assert resolve(f'Summarise "{title}" for me', searcher.index, searcher.terms, _idf(searcher)) is None


@pytest.mark.parametrize("question, stem", [
    ("What Sanskrit word does the Rigveda use for truth?", "satya"),
    ("the word for 'horse' in Vedic Sanskrit", "aśva"),
    ("Which word means wealth in the Rigveda?", "rayi"),
])
def test_the_word_for_an_idea_comes_from_the_terms_glosses(terms: TermLexicon, question: str, stem: str) -> None:
    found = words_for(question, terms)
    assert found is not None and found.stems[0] == stem


def test_a_question_about_a_titled_hymn_is_answered_inside_that_hymn(searcher: Searcher) -> None:
    result = ask_alone(searcher, 'Why do the frogs croak in "The Frogs"?')
    assert result.kind == "answer"
    assert result.citations and all(c.startswith("7.103.") for c in result.citations)
    assert any("read as RV 7.103" in note for note in result.notes)


def test_the_sanskrit_word_answer_defines_the_stem_with_its_verses(searcher: Searcher) -> None:
    result = ask_alone(searcher, "What is the Rigvedic word for 'chariot'?")
    assert result.answer.startswith("Ratha")
    assert result.citations


def test_a_quiz_blank_about_a_named_god_is_filled_from_the_index(searcher: Searcher) -> None:
    result = ask_alone(searcher, "The mother of the gods is _____.")
    assert "Aditi" in result.answer.split(".")[0]


def test_which_goddess_has_most_hymns_ranks_only_goddesses(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Which female deity is praised most often in the hymns?")
    first = result.answer.split(".")[0]
    assert "Uṣas" in first and "Indra" not in first


def test_the_main_god_is_the_one_with_most_hymns(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Who is the chief deity of the Rig Veda?")
    assert re.search(r"\bIndra\b", result.answer.split(".")[0])


@pytest.mark.parametrize("question, cited", [
    ("Does the Rig Veda mention Lord Shiva?", "2.33"),
    ("Is there a caste system in the Rigveda? the four classes", "10.90.12"),
    ("Did the Vedas measure the velocity of light?", "1.50.4"),
])
def test_disputed_topics_cite_their_passages_with_a_framing(searcher: Searcher, question: str, cited: str) -> None:
    result = ask_alone(searcher, question)
    assert result.kind == "answer"
    assert any(c == cited or c.startswith(cited + ".") for c in result.citations), result.citations


def test_a_person_of_another_tradition_gets_the_honest_framing_not_a_refusal(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Does the Rigveda speak about Krishna?")
    assert result.kind == "answer" and "not named in the hymns" in result.answer
    assert ask_alone(searcher, "What does Krishna teach in the Bhagavad Gita?").kind == "off_topic"
    assert ask_alone(searcher, "What advice does Krishna give Arjuna before the battle?").kind == "off_topic"


def test_a_false_count_claim_opens_with_no_and_the_true_count(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Is it true that the Rig Veda has 15 mandalas?")
    assert result.answer.startswith("No — ") and "10 maṇḍalas" in result.answer
    assert ask_alone(searcher, "Is it true that maṇḍala 9 has 114 hymns?").answer.startswith("Yes — ")
