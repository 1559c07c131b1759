"""The one reading of a question (``pyapp.reading.frame.read_question``): what the frame says was read
is what a reader would see read — the language and its English reading, the passage and the range, the
thing a pronoun or "that X" points back at, the claim "which verse says so?" asks about, a change of
subject, a look-alike request, a bare name. Wordings are our own, not the evaluation sets'; the index
and the orchestrator's own readers are the real ones."""
from __future__ import annotations

import asyncio
from typing import Any, List

import pytest

from pyapp.orchestrator import Orchestrator, _component
from pyapp.reading.frame import QuestionFrame, read_question
from pyapp.search import Searcher

# an earlier turn as the app answers it: its claim cites a verse, and it names a weapon and a demon
_EARLIER = [{"question": "What did Indra do to the serpent?",
             "answer": "Indra slew the serpent Vṛtra with his thunderbolt and set the waters free [RV 1.32.1]. "
                       "The rivers flowed to the sea [RV 1.32.2].",
             "citations": ["1.32.1", "1.32.2"]}]


@pytest.fixture(scope="module")
def orchestrator(keyword_searcher: Searcher) -> Orchestrator:
    return Orchestrator(keyword_searcher, None, None, {"useMemory": False})


def frame(orchestrator: Orchestrator, text: str, conversation: List[Any] = ()) -> QuestionFrame:
    from pyapp.agents.history import parse_history

    return orchestrator.read_frame(text, parse_history(list(conversation)))


@pytest.mark.parametrize("text, operation, source, target", [
    ("Show me the stanza that follows RV 4.2.20", "next", "RV 4.2.20", "RV 4.3.1"),
    ("¿cuál es el himno anterior al 6.1?", "previous", "RV 6.1", "RV 5.87"),
    ("Welcher Vers kommt nach 9.1.10?", "next", "RV 9.1.10", "RV 9.2.1"),
])
def test_a_reference_and_its_neighbour_in_any_language(orchestrator: Orchestrator, text: str, operation: str,
                                                        source: str, target: str) -> None:
    read = frame(orchestrator, text)
    assert (read.task, read.operation, read.references, read.target) == ("show", operation, [source], target)
    assert not read.off_topic and not read.topic_switch


def test_a_range_is_a_range_and_a_plain_reference_a_reference(orchestrator: Orchestrator) -> None:
    ranged = frame(orchestrator, "give me stanzas 2 to 4 of 3.62")
    assert ranged.ranges == ["RV 3.62.2–4"] and ranged.operation == "range" and ranged.references == []
    hymns = frame(orchestrator, "who wrote hymns 2.10-2.12?")
    assert hymns.ranges == ["RV 2.10–2.12"]
    plain = frame(orchestrator, "Who is praised in hymn 5.40?")
    assert plain.references == ["RV 5.40"] and plain.task in ("", "content")
    assert frame(orchestrator, "hymn 11.400 please").references == []  # no such passage: nothing is read


def test_a_number_that_is_no_passage_is_not_read_as_one(orchestrator: Orchestrator) -> None:
    assert frame(orchestrator, "What do the hymns say about the dawn?").references == []


def test_the_language_and_its_english_reading_are_said(orchestrator: Orchestrator) -> None:
    spanish = frame(orchestrator, "¿Qué dicen los himnos sobre el fuego?")
    assert spanish.language == "es" and spanish.language_name == "Spanish"
    assert "fire" in spanish.english.lower() and spanish.english_question == spanish.english
    hindi = frame(orchestrator, "ऋग्वेद में इन्द्र कौन है?")
    assert (hindi.language, hindi.script) == ("hi", "devanagari")
    assert "Indra" in hindi.english and hindi.form == "who"
    assert {("Indra", "god", "इन्द्र")} <= {(e.name, e.kind, e.typed) for e in hindi.entities}
    assert "rigveda" in {e.kind for e in hindi.entities}
    russian = frame(orchestrator, "Кто такой Агни?")
    assert russian.language == "ru" and "Agni" in russian.gods


def test_english_is_read_as_english(orchestrator: Orchestrator) -> None:
    read = frame(orchestrator, "Which god drinks the soma?")
    assert read.language == "en" and read.english == "" and read.english_question == read.question


def test_gods_seers_terms_and_named_passages_are_told_apart(orchestrator: Orchestrator) -> None:
    assert frame(orchestrator, "Who was the poet Vasishtha?").seers == ["Vasishtha"]
    assert frame(orchestrator, "Tell me about Varuna and Mitra").gods[:2] == ["Varuna", "Mitra"]
    assert frame(orchestrator, "What is meant by rta?").terms == ["ṛta"]
    named = frame(orchestrator, "Summarize the Purusha Sukta")
    assert named.task == "summarize" and named.references == ["RV 10.90"]
    assert [(e.kind, e.refs) for e in named.entities if e.kind == "passage"] == [("passage", ["10.90"])]


def test_a_pronoun_points_back_and_which_verse_says_so_names_the_claim(orchestrator: Orchestrator) -> None:
    pronoun = frame(orchestrator, "and what weapon did he use?", _EARLIER)
    assert pronoun.follow_up and not pronoun.topic_switch
    assert not frame(orchestrator, "and what weapon did he use?").follow_up  # nothing to point back at
    for asked in ("Show me where, please", "¿Dónde lo dice?"):
        support = frame(orchestrator, asked, _EARLIER)
        assert support.intent == "support" and support.follow_up, asked
        assert [(c.refs, "Vṛtra" in c.text) for c in support.claims] == [(["1.32.1"], True)], asked
    assert frame(orchestrator, "Show me where, please").claims == []  # no earlier answer: no claim


def test_that_thing_becomes_the_thing_the_last_answer_named(orchestrator: Orchestrator) -> None:
    read = frame(orchestrator, "tell me more about that weapon", _EARLIER)
    assert read.follow_up and "thunderbolt" in read.question.lower()
    assert [(e.name, e.from_conversation) for e in read.entities if e.kind == "thing"] == [("thunderbolt", True)]


def test_a_verse_after_that_moves_from_the_verse_last_cited(orchestrator: Orchestrator) -> None:
    # the last answer showed 1.32.1 and 1.32.2 in order: "the next verse" continues the run
    read = frame(orchestrator, "and the next verse?", _EARLIER)
    assert read.follow_up and read.references == ["RV 1.32.2"] and read.target == "RV 1.32.3"
    assert frame(orchestrator, "and the next verse?").task == ""  # no conversation: nothing to move from


@pytest.mark.parametrize("text", ["Different topic: who is Ushas?", "otra pregunta: ¿quién es Ushas?"])
def test_a_change_of_subject_starts_fresh(orchestrator: Orchestrator, text: str) -> None:
    read = frame(orchestrator, text, _EARLIER)
    assert read.topic_switch and not read.follow_up and read.claims == []
    assert read.question.lower().lstrip("¿").startswith(("who", "quién")) and "topic" not in read.question.lower()


@pytest.mark.parametrize("text, kind", [
    ("Which sukta should I chant to get a promotion?", "advice"),
    ("What does the Rigveda predict for my zodiac sign this year?", "fortune"),
    ("What does the Quran say about fasting?", "other_scripture"),
])
def test_a_look_alike_is_read_as_off_topic_with_what_to_ask_instead(orchestrator: Orchestrator, text: str,
                                                                     kind: str) -> None:
    read = frame(orchestrator, text)
    assert read.off_topic and read.off_topic_kind == kind and read.intent == "off_topic"
    assert read.off_topic_reason
    if kind != "other_scripture":
        assert "ask" in read.instead


def test_a_question_about_the_hymns_is_not_a_look_alike(orchestrator: Orchestrator) -> None:
    read = frame(orchestrator, "What do the hymns ask of Pushan for travellers?")
    assert not read.off_topic and read.intent != "off_topic"


@pytest.mark.parametrize("text, asked", [("मित्र", "Who is Mitra?"), ("savitr?", "Who is Savit")])
def test_a_bare_name_asks_who_that_is(orchestrator: Orchestrator, text: str, asked: str) -> None:
    read = frame(orchestrator, text)
    assert read.bare.startswith(asked) and read.read_as == read.bare and read.intent == "who"
    assert read.entities and read.entities[0].kind == "god"


def test_the_frame_is_a_typed_wire_object_without_the_readers_internals(orchestrator: Orchestrator) -> None:
    read = frame(orchestrator, "the verse before 2.1.1")
    wire = read.dict()
    assert "turn" not in wire and "gloss" not in wire
    assert wire["target"] == "RV 1.191.16" and wire["operation"] == "previous"


def test_without_an_index_the_frame_reads_less_and_never_raises() -> None:
    read = read_question("New question: which verse comes after 1.1.1?", [])
    assert read.topic_switch and read.task == "" and read.references == ["RV 1.1.1"]
    assert read_question("", []).question == ""


def test_the_orchestrator_answers_what_the_frame_read(orchestrator: Orchestrator) -> None:
    """One reading per turn: the turn answers the passage the frame names, and keeps its notes."""
    result = asyncio.run(orchestrator.run_turn("Completely different question: what is the hymn after 3.61?", _EARLIER))
    assert "3.62" in " ".join(result.citations) or "RV 3.62" in result.answer
    assert any("New subject" in note for note in result.notes)
    assert _component(orchestrator.searcher, "index") is not None
