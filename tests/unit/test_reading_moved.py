"""Readers that moved out of the orchestrator into ``pyapp.reading``, each with its own job: typing slips,
another language's translation search, a famous hymn asked for, a reference that names no verse, another
scripture named, a message's hidden question, the question as typed made safe. The frame carries what they
read; the orchestrator only consumes it. Wordings are our own, not the evaluation sets'."""
from __future__ import annotations

from typing import Any

import pytest

from pyapp.orchestrator import Orchestrator, _component
from pyapp.reading import famous, lookalike, restate
from pyapp.reading.references import missing_reference
from pyapp.reading.sanitize import MAX_QUESTION_CHARS, sanitize_question
from pyapp.search import Searcher


@pytest.fixture(scope="module")
def orchestrator(keyword_searcher: Searcher) -> Orchestrator:
    return Orchestrator(keyword_searcher, None, None, {"useMemory": False})


@pytest.fixture(scope="module")
def index(orchestrator: Orchestrator) -> Any:
    return _component(orchestrator.searcher, "index")


def test_the_frame_carries_the_question_with_its_typing_slips_mended(orchestrator: Orchestrator) -> None:
    mended = orchestrator.read_frame("Which godess is the voice of speach?", []).spelling
    assert mended is not None and mended.text == "Which goddess is the voice of speech?"
    assert ("godess", "goddess") in mended.changes and mended.note.startswith("Spelling read as: godess → goddess")
    assert orchestrator.read_frame("Who is the goddess of the dawn?", []).spelling is None
    assert orchestrator.read_frame("agnim ile purohitam", []).spelling is None  # Sanskrit is never "mended"


def test_the_frame_carries_a_german_or_french_questions_translation_search(orchestrator: Orchestrator) -> None:
    german = orchestrator.read_frame("Wer ist Indra im Rigveda?", []).foreign
    french = orchestrator.read_frame("Qui est Agni ?", []).foreign
    assert german is not None and german.language == "de" and german.version == "geldner"
    assert french is not None and french.language == "fr"
    assert orchestrator.read_frame("Who is Indra in the Rigveda?", []).foreign is None


def test_a_question_asking_for_a_famous_hymn_is_read_so(orchestrator: Orchestrator) -> None:
    assert orchestrator.read("Which is the best-known hymn of Vishvamitra?").asks_famous
    assert orchestrator.read("Tell me a celebrated verse of Vasishtha").asks_famous
    assert not orchestrator.read("Who is Vishvamitra?").asks_famous
    assert not orchestrator.read("Is Vasishtha famous?").asks_famous  # famous, but no hymn asked for


def test_a_seers_famous_passages_are_the_named_passages_he_composed(orchestrator: Orchestrator, index: Any) -> None:
    found = famous.passages("Vishvamitra", index)
    assert found and all(ref.startswith("3.") for m in found for ref in m.passage.refs)
    form = orchestrator.read("Which is the best-known hymn of Vasishtha?")
    famous.name_passages(form, index)
    assert form.named and all(ref.startswith("7.") for m in form.named for ref in m.passage.refs)


def test_a_reference_to_no_verse_is_told_and_a_good_one_is_not(index: Any) -> None:
    assert "does not exist" in missing_reference("What is said in RV 12.4.2?", index)
    assert missing_reference("What is said in RV 2.12.3?", index) == ""
    assert missing_reference("Who is Mitra?", index) == ""


def test_another_scripture_named_without_the_rigveda(orchestrator: Orchestrator) -> None:
    lexicon = orchestrator.lexicon
    assert lookalike.another_scripture_only("Was erzählt das Ramayana über Sita?", lexicon)
    assert not lookalike.another_scripture_only("What does the Rigveda say about Sita?", lexicon)


def test_after_a_refusal_the_rigvedas_own_counterpart_is_pointed_to(orchestrator: Orchestrator) -> None:
    lexicon, named = orchestrator.lexicon, (lambda text: orchestrator.read(text).named)
    assert "RV 10.90" in lookalike.pointer("Does the Bhagavad Gita quote the Purusha Sukta?", lexicon, named)
    assert "Agni" in lookalike.pointer("How does the Bhagavad Gita describe Agni?", lexicon, named)
    assert lookalike.pointer("How is Agni described?", lexicon, named) == ""  # no other text named


def test_a_blank_to_fill_is_read_as_its_question_and_a_plain_question_as_it_stands(orchestrator: Orchestrator) -> None:
    lexicon, terms = orchestrator.lexicon, _component(orchestrator.searcher, "terms")
    filled = restate.restate("Soma is the ____ of the gods.", lambda text: bool(lexicon.main_names(text)), terms)
    assert "_" not in filled.question and filled.notes and filled.notes[0].startswith("Read as")
    plain = restate.restate("Who is Soma?", lambda text: bool(lexicon.main_names(text)), terms)
    assert plain.question == "Who is Soma?" and plain.notes == []


def test_the_question_as_typed_is_made_safe_to_read() -> None:
    text, notes = sanitize_question("Who\u200b is  Agni?\u202e\n")
    assert (text, notes) == ("Who is Agni?", [])
    long_text, notes = sanitize_question("word " * MAX_QUESTION_CHARS)
    assert len(long_text) <= MAX_QUESTION_CHARS and notes and "characters long" in notes[0]
    assert sanitize_question(None) == ("", [])
