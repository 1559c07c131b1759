"""Session 43's reading mechanisms, in our own wordings: a Romance superlative after its noun is read in English
order; "the one after X" in a ranking opens with the next one; Griffith's -eth verbs meet a reader's verbs; a
domain asked with "pray to … for" and a second domain word is still the domain's god; a French word typed without
its accents is read."""
from __future__ import annotations

from typing import Any

import pytest

from pyapp.reading.adjective_order import adjective_first
from pyapp.search.text import english_doc_tokens, english_query_words, stem
from reader_turns import ask, cited


@pytest.mark.parametrize("typed,english", [
    ("Which is the river the most sacred?", "Which is the most sacred river?"),
    ("What is the hymn the most short of the book?", "What is the shortest hymn of the book?"),
    ("Which is the seer more old than Vasishtha?", "Which is the older seer than Vasishtha?"),
    ("Who has the most hymns?", "Who has the most hymns?"),  # no noun before the degree word: unchanged
    ("the one most loved", "the one most loved"),
])
def test_a_degree_word_after_its_noun_goes_before_it(typed: str, english: str) -> None:
    assert adjective_first(typed) == english


@pytest.mark.parametrize("archaic,modern", [("bringeth", "brings"), ("stirreth", "stirs"), ("loveth", "loves"),
                                            ("seeth", "sees")])
def test_griffiths_third_person_meets_the_readers_verb(archaic: str, modern: str) -> None:
    assert stem(archaic) == stem(modern)
    assert english_doc_tokens(f"he {archaic}") == [stem(w) for w in english_query_words(f"he {modern}")]


@pytest.mark.parametrize("word", ["twentieth", "teeth", "beneath"])
def test_an_ordinal_or_a_short_word_in_eth_is_no_verb(word: str) -> None:
    from pyapp.search.text import _modern

    assert _modern(word) == word


def test_the_one_after_a_named_god_opens_the_ranking(searcher: Any) -> None:
    result = ask(searcher, "after agni which god has the most hymns?")
    first = result.answer.split(". ")[0]
    assert first.startswith("After Agni") and "Soma" in first, result.answer[:200]


def test_the_second_seer_opens_the_seers_ranking(searcher: Any) -> None:
    result = ask(searcher, "which seer composed the second most hymns")
    first = result.answer.split(". ")[0]
    assert first.startswith("After ") and "Vasiṣṭha" in first, result.answer[:200]


def test_a_spanish_superlative_after_its_noun_is_the_ranking(searcher: Any) -> None:
    result = ask(searcher, "cual es la diosa mas importante del rigveda?")
    assert "hymn" in result.answer.split(".")[0] and "not about" not in result.answer.lower(), result.answer[:200]


def test_a_domain_asked_with_pray_for_and_two_domain_words_names_its_god(searcher: Any) -> None:
    result = ask(searcher, "which goddess do people pray to for learning and eloquence?")
    assert result.answer.startswith("Sarasvatī"), result.answer[:200]
    assert cited(result)


def test_a_french_word_without_its_accents_is_read(searcher: Any, index_dir: Any) -> None:
    from pyapp.orchestrator import Orchestrator
    from pyapp.reading import gloss

    orchestrator = Orchestrator(searcher, None, None, {"useMemory": False})
    index_dir = str(index_dir)
    with_accents = gloss.read("les études", "fr", orchestrator.lexicon, index_dir=index_dir)
    without = gloss.read("les etudes", "fr", orchestrator.lexicon, index_dir=index_dir)
    assert with_accents is not None and without is not None
    assert not without.unknown and without.english == with_accents.english, (without.english, without.unknown)


@pytest.mark.parametrize("question,verse", [
    ("In which verse do Varuna and the poet go aboard a boat and swing on the ocean waves?", "7.88.3"),
    ("which verse tells that the frog repeats the lesson like a student of a teacher", "7.103.5"),
])
def test_a_verse_asked_for_by_several_things_it_says_opens_the_answer(searcher: Any, question: str,
                                                                       verse: str) -> None:
    result = ask(searcher, question)
    assert f"RV {verse}" in result.answer.split(": ")[0], result.answer[:200]
    assert cited(result)[0] == verse


def test_a_question_many_verses_fit_is_left_to_the_search(searcher: Any) -> None:
    """Agni, fire and a priest are in hundreds of verses: no one of them is "the verse"."""
    from pyapp.reading import described_verse

    question = "which verse mentions agni and fire and the priest"
    assert described_verse.asks(question)
    assert described_verse.answer(question, searcher.index, searcher) is None


def test_a_german_question_about_a_verse_is_read_in_english_and_found(searcher: Any) -> None:
    result = ask(searcher, "Welche Strophe erzählt, wie Varuna und der Sänger im Boot mitten auf dem Ozean fahren?")
    assert "7.88.3" in cited(result)[:2], result.answer[:200]


def test_a_name_no_vocabulary_knows_beside_a_hymn_name_is_said_to_be_absent_first(searcher: Any) -> None:
    """The hymns' own name (Indra) is answered, after the sentence that the later name is in no verse."""
    result = ask(searcher, "is it in the rigveda itself that Indra rides the elephant Airavata, or in a later text?")
    first = result.answer.split("\n")[0]
    assert "Airavata is not named in any verse" in first, result.answer[:200]


def test_a_name_described_by_a_domain_is_asked_about_as_a_name(searcher: Any) -> None:
    """"X, the god of Y, is he in the RigVeda?": X's absence, not the god of Y."""
    result = ask(searcher, "Kamadeva, the god of love with the sugarcane bow, does he appear in the Rig Veda?")
    assert result.answer.startswith("No — Kamadeva is not named"), result.answer[:200]


def test_an_italian_presence_question_without_an_auxiliary_is_a_yes_no(searcher: Any) -> None:
    result = ask(searcher, "Kamadeva, il dio dell'amore con l'arco, compare nel Rig Veda?")
    assert result.answer.startswith("No — Kamadeva is not named"), result.answer[:200]


@pytest.mark.parametrize("question", ["who was nodhas in the rigveda?", "did nodhas compose hymns?"])
def test_a_seer_no_table_knows_is_found_in_the_anukramani(searcher: Any, question: str) -> None:
    result = ask(searcher, question)
    assert "is a seer (ṛṣi) of the RigVeda" in result.answer.split(".")[0], result.answer[:200]
    assert cited(result)


def test_a_seers_name_is_never_said_to_be_absent(searcher: Any) -> None:
    result = ask(searcher, "is Nodhas named in the rig veda?")
    assert "not named in any verse" not in result.answer, result.answer[:200]


@pytest.mark.parametrize("question", [
    "કયો મંત્ર રોજ 11 વાર બોલું તો મારો દીકરો પરીક્ષામાં પાસ થાય?",
    "माझ्या वडिलांना मधुमेह आहे, कोणता मंत्र म्हटला तर बरे होतील?",
    "ఏ మంత్రం చదివితే నాకు ఉద్యోగం వస్తుంది?",
    "எந்த மந்திரம் சொன்னால் எனக்கு வீடு கிடைக்கும்?",
    "quel mantra dois-je réciter pour gagner mon procès ?",
    "qué mantra recito para aprobar mi examen de conducir?",
])
def test_a_chant_for_the_askers_own_end_is_refused_in_more_languages(question: str) -> None:
    from pyapp.reading import lookalike

    assert lookalike.chant_for_asker(question), question


@pytest.mark.parametrize("question", [
    "कोणता मंत्र अग्नीला उद्देशून आहे?",
    "ரிக் வேதத்தில் சகுனம் பற்றி என்ன சொல்கிறது?",
    "pour comprendre ce mantra, que dois-je lire ?",
    "ఈ మంత్రం ఏ దేవునికి?",
])
def test_a_question_about_chants_or_omens_is_not_a_working(question: str) -> None:
    from pyapp.reading import lookalike

    assert not lookalike.chant_for_asker(question) and not lookalike.remedy_asked(question), question


def test_a_remedy_for_an_omen_is_refused(searcher: Any) -> None:
    result = ask(searcher, "a crow keeps cawing at my door, is it a bad omen? what remedy does the rigveda give?")
    assert result.kind == "off_topic", result.answer[:200]


def test_a_number_typed_in_digits_meets_griffiths_number_words() -> None:
    from pyapp.search.text import spelled_numbers

    assert spelled_numbers("the 33 gods and the 7 rivers") == ["thirty", "three", "seven"]
    assert spelled_numbers("what does RV 1.32 say? and 10:129?") == []


def test_a_count_asked_in_digits_finds_the_verse_that_spells_it(searcher: Any) -> None:
    result = ask(searcher, "is there a verse about the 33 deities? which one")
    assert {"8.30.2", "8.28.1", "1.34.11", "1.139.11", "3.6.9", "1.45.2", "8.35.3", "8.57.2", "9.92.4", "3.9.9",
            "10.52.6"} & set(cited(result)[:4]), cited(result)[:6]


def test_griffiths_second_person_after_thou_meets_the_readers_verb() -> None:
    assert english_doc_tokens("where thou knowest the names") == english_doc_tokens("where he knows the names")
    assert "greatest" in english_doc_tokens("thou art the greatest")  # a superlative stays one


@pytest.mark.parametrize("question", ["who opens the doors of the cave where the cows were penned?",
                                      "what is the cave where the cows were hidden?"])
def test_a_where_inside_a_who_or_what_question_asks_no_verse(question: str) -> None:
    from pyapp.reading import described_verse

    assert not described_verse.asks(question)


def test_is_there_a_hell_in_the_vedas_is_the_hell_theme(searcher: Any) -> None:
    result = ask(searcher, "is there a hell in the vedas?")
    assert "no hell" in result.answer.split(";")[0].lower() and "4.5.5" in cited(result)[:3], result.answer[:200]


def test_a_later_name_in_an_aside_does_not_take_the_question(searcher: Any) -> None:
    """The yes/no asks about singing; the later name after it is an aside, not the subject."""
    result = ask(searcher, "is there singing in the rig veda at all? like carnatic kriti roots... do the poets sing?")
    assert not result.answer.startswith("No — "), result.answer[:200]


@pytest.mark.parametrize("question", ["who lifted the sage Kakshivan onto his chariot?",
                                      "who praised the poets of the hymns?"])
def test_who_did_something_to_a_seer_is_no_question_about_who_he_is(question: str) -> None:
    from pyapp.reading import seer_presence

    assert not seer_presence.asks(question)
