"""What the confidence reads from a question and an answer's opening (session 27): a question in a language
it was misread as, words that could not be read, and the slot a question's form asks to have filled.
Wordings are this file's own."""
from __future__ import annotations

import pytest

from pyapp.agents import confidence
from pyapp.agents.confidence import ConfidenceFeatures, TurnEvidence, features_from
from pyapp.reading.alphabet import alien_words, misread_share
from pyapp.reading.slot_filled import asked_slot, english_reading, slot_filled


# -- the letters of the language a question was read as ------------------------------------------------

def test_a_letter_the_language_never_writes_shows_the_question_was_misread() -> None:
    assert alien_words("Қай гимнде Агни туралы айтылады?", "ru")  # Kazakh қ, read as Russian
    assert alien_words("Који химн слави Агнија?", "ru")  # Serbian ј
    assert alien_words("Kje v Rigvedi je opisan čoln?", "en")  # Slovene č, read as English
    assert misread_share("Hangi ilahide Agni övülür?", "tr") == 0.0  # Turkish read as Turkish


def test_a_language_written_in_its_own_letters_is_not_flagged() -> None:
    assert misread_share("Какой гимн посвящён Агни?", "ru") == 0.0
    assert misread_share("Welche Hymne preist die Morgenröte?", "de") == 0.0
    assert misread_share("Quelle hymne célèbre l'aurore ?", "fr") == 0.0
    assert misread_share("Which hymn praises the café of the gods?", "en") == 0.0


def test_names_in_another_script_or_in_romanised_sanskrit_are_never_counted() -> None:
    assert misread_share("Что говорит RV 1.1 об Agni?", "ru") == 0.0  # Latin words in a Russian question
    assert misread_share("What does Pṛthivī give to Ṛbhukṣan?", "en") == 0.0
    assert misread_share("Qualcosa su Indra?", "xx") == 0.0  # a language with no alphabet listed is not judged


def test_a_question_misread_as_russian_counts_as_unread() -> None:
    assert confidence.language_unread("Қай гимнде Агни туралы айтылады?") == 1.0
    assert confidence.language_unread("Какой гимн посвящён Агни?") == 0.0


# -- words that could not be read weigh neither way ------------------------------------------------------

def test_asked_words_that_no_index_knows_are_neither_found_nor_missing() -> None:
    no_index = lambda key: 0.0  # noqa: E731 — every word unknown
    assert confidence.asked_coverage(["zqrv", "flobb"], {"agni"}, no_index) == confidence.UNREAD_COVERAGE
    assert confidence.asked_coverage([], {"agni"}, no_index) == 1.0  # nothing asked beyond names
    assert confidence.asked_coverage(["fire"], {"fire"}, lambda key: 1.0) == 1.0


# -- the slot the question's form asks for, and the opening that fills it ---------------------------------

@pytest.mark.parametrize("question, slot", [
    ("Did Varuṇa ever fight a demon?", "yes_no"),
    ("Is it true that Soma is a king?", "yes_no"),
    ("How many horses draw the car of the Sun?", "number"),
    ("In which hymn does the gambler lament?", "verse"),
    ("Where in the Rigveda is the ploughing mentioned?", "verse"),
    ("Who measured out the three worlds?", "person"),
    ("Which goddess drives away the night?", "person"),
    ("What is the name of the Maruts' mother?", "name"),
    ("What kind of weapon does Rudra carry?", "name"),
    ("The Ṛbhus fashioned a cow out of a _____.", "name"),
    ("What does the word kratu mean?", "meaning"),
    ("Who is Savitṛ?", ""),
    ("Who are the Ādityas?", ""),
    ("Tell me about the dawn hymns.", ""),
])
def test_the_slot_is_read_from_the_form_of_the_question(question: str, slot: str) -> None:
    assert asked_slot(question) == slot


def test_an_opening_that_fills_the_slot_scores_one_and_an_overview_or_an_admission_zero() -> None:
    q = "Which goddess drives away the night?"
    assert slot_filled(q, "Uṣas, the Dawn, drives away the night [RV 1.113.2].") == 1.0
    assert slot_filled(q, "The RigVeda speaks to this most directly in RV 10.127 (a hymn to Night) and RV 1.113 "
                          "(a hymn to Dawn):\n- “…” [RV 1.113.2]") == 0.0
    assert slot_filled(q, "No verse speaks directly of drives; the closest verses are: …") == 0.0
    yes_no = "Did Varuṇa ever fight a demon?"
    assert slot_filled(yes_no, "No: the demon-slayer of the hymns is Indra [RV 1.32.1].") == 1.0
    assert slot_filled(yes_no, "Varuṇa (RV 7.86): a hymn of the seer Vasiṣṭha asking forgiveness.") == 0.0
    assert slot_filled("In which hymn does the gambler lament?", "The gambler's lament is RV 10.34 [RV 10.34.1].") == 1.0
    assert slot_filled("In which hymn does the gambler lament?", "Dice are made of vibhīdaka nuts.") == 0.0
    assert slot_filled("Tell me about the dawn hymns.", "Anything at all.") == 1.0  # no slot asked


def test_a_question_in_another_language_is_read_through_its_english_reading() -> None:
    notes = ["Read as Spanish: “Who brought the fire from heaven?”"]
    assert english_reading("¿Quién trajo el fuego del cielo?", "¿Quién trajo el fuego del cielo?", notes) \
        == "Who brought the fire from heaven?"
    assert english_reading("typed", "the question", ["Spelling read as: x → y"]) == "the question"


def test_the_slot_is_a_feature_of_every_answer_and_defaults_to_filled() -> None:
    assert ConfidenceFeatures().slot_filled == 1.0 and "slot_filled" in ConfidenceFeatures().vector()


@pytest.fixture(scope="module")
def orch(index_dir):
    from pyapp.orchestrator import Orchestrator
    from pyapp.search import Searcher

    return Orchestrator(Searcher.load(str(index_dir)), None, None, {"useMemory": False})


def test_the_same_answer_scores_lower_when_the_question_was_misread(orch) -> None:
    answer = "The RigVeda speaks to this most directly in RV 1.1 (a hymn to Agni): “I laud Agni” [RV 1.1.1]"
    base = dict(answer=answer, citations=["1.1.1"], quality=0.6, support=0.6, path="foreign")
    russian = TurnEvidence(question="Какой гимн посвящён Агни?", **base)
    kazakh = TurnEvidence(question="Қай гимн Агниге арналған?", **base)
    f_ru, f_kk = (features_from(e, orch.lexicon, orch.idf()) for e in (russian, kazakh))
    assert f_kk.unread_share == 1.0 and f_ru.unread_share == 0.0
    assert confidence.score(f_kk) < confidence.score(f_ru)
