"""The grammar of one word of one verse, read from its ending (``pyapp.agents.word_grammar``).

Words and verses no question set asks: a genitive plural, a third person plural present, the
instrumental plural of a consonant stem the padapāṭha writes apart (marut-bhiḥ), a sandhi form typed
by the reader, and a follow-up about "that verse"."""
from __future__ import annotations

import pytest

from pyapp.agents import word_grammar
from pyapp.reading import word_grammar as reader
from reader_turns import ask, ask_alone


@pytest.fixture(scope="module")
def padapatha(searcher):
    return searcher.padapatha


def test_endings_read_with_corpus_evidence(padapatha) -> None:
    best = word_grammar.analyse("devānām", padapatha)[0]
    assert (best.stem, best.case, best.number) == ("deva", "genitive", "plural")
    best = word_grammar.analyse("bharanti", padapatha)[0]
    assert best.kind == "verb" and (best.person, best.number, best.tense) == (3, "plural", "present")
    best = word_grammar.analyse("marut-bhiḥ", padapatha)[0]
    assert (best.stem, best.case, best.number) == ("marut", "instrumental", "plural")
    best = word_grammar.analyse("indreṇa", padapatha)[0]  # -ena written -eṇa after r
    assert (best.stem, best.case) == ("indra", "instrumental")


def test_the_word_is_found_from_a_sandhi_form() -> None:
    words = "saḥ vāvaśānaḥ iha pāhi somam marut-bhiḥ indra sakhi-bhiḥ sutam naḥ".split()
    assert word_grammar.find_word("what case is marudbhir here?", words, reader.cue_spans("what case is marudbhir")) \
        == "marut-bhiḥ"
    assert word_grammar.find_word("what case is the river?", words) is None


def test_the_question_is_read_in_other_languages() -> None:
    for question in ("Welcher Kasus ist X?", "¿en qué caso está X?", "X est à quel cas ?", "X kaun si vibhakti hai",
                     "X: singular or plural?", "what tense is X?"):
        assert reader.asks_grammar(question), question
    assert not reader.asks_grammar("what does agni mean in RV 1.1.1?")


def test_turn_answers_the_case_first_and_says_how(searcher) -> None:
    result = ask_alone(searcher, "RV 2.25.5 — which case is devanam?")
    first = result.answer.splitlines()[0]
    assert "genitive" in first and "ṣaṣṭhī" in first and "plural" in first and "2.25.5" in result.citations
    assert "read from its ending" in first and "not grammatically tagged" in result.answer


def test_turn_reads_a_verb_in_that_verse(searcher) -> None:
    result = ask(searcher, "show me RV 5.1.10", "in that verse, what person and number is bharanti?")
    first = result.answer.splitlines()[0]
    assert "third person plural" in first and "present" in first and "5.1.10" in result.citations


def test_a_word_not_in_the_verse_is_left_to_the_usual_readers(searcher) -> None:
    result = ask_alone(searcher, "RV 3.47.2: what case is agnim?")
    assert "read from its ending" not in result.answer


def test_word_in_verse_names_a_word_the_reader_wrote_in_sanskrit(searcher) -> None:
    result = ask_alone(searcher, "which word of RV 5.1.10 means 'balim'?")
    first = result.answer.splitlines()[0]
    assert "balim is a word of the verse itself" in first and "accusative" in first
    assert "could be matched" not in result.answer


def test_two_case_names_offered_ask_the_grammar_too() -> None:
    for question in ("is X dative or genitive?", "X — Genitiv oder Dativ?", "X: ¿genitivo o dativo?",
                     "is it in the locative?"):
        assert reader.asks_grammar(question), question
    assert not reader.asks_grammar("is Indra greater or Varuna?")


def test_a_word_named_by_its_place_in_the_verse() -> None:
    words = ["vāyo", "iti", "ā", "yāhi", "darśata"]
    assert word_grammar.asked_position("what case is the second word of RV 1.2.1?") == 2
    assert word_grammar.asked_position("das letzte Wort von RV 1.2.1") == -1
    assert word_grammar.asked_position("RV 1.2.1 का पहला शब्द") == 1
    assert word_grammar.asked_position("what case is vayo in RV 1.2.1?") is None
    assert word_grammar.word_at(words, 2) == "ā"  # the padapāṭha's iti after a pragṛhya vowel is no word
    assert word_grammar.word_at(words, -1) == "darśata" and word_grammar.word_at(words, 9) is None


def test_turn_answers_the_grammar_of_the_word_at_a_place(searcher) -> None:
    first = ask_alone(searcher, "RV 7.86.1: which case is the third word?").answer.splitlines()[0]
    assert "read from its ending" in first and "7.86.1" in first


def test_pronouns_are_read_from_their_paradigms_not_from_a_look_alike_ending() -> None:
    for form, case, number in (("tasmai", "dative", "singular"), ("yebhiḥ", "instrumental", "plural"),
                               ("asya", "genitive", "singular"), ("tubhyam", "dative", "singular")):
        best = word_grammar.analyse(form)[0]
        assert (best.case, best.number) == (case, number) and "pronoun" in best.label, form


def test_an_adverb_is_said_to_have_no_case(searcher) -> None:
    first = ask_alone(searcher, "RV 10.129.1 — what case is tadanim?").answer.splitlines()[0]
    assert "indeclinable" in first and "no case" in first and "accusative" not in first
