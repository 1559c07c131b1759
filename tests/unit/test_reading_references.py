"""The reference algebra (``pyapp.reading.references``) read from wordings of our own, against the
real index's hymn table: spans of every shape, operations across hymn and maṇḍala boundaries, the
task a question asks for, and the plain references it leaves to the reference reader."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import pytest

from pyapp.index import RigvedaIndex
from pyapp.reading.conversation import asks_for_support, change_of_subject, claims_of
from pyapp.reading.references import HymnTable, ReferenceTask, Span, read_task


@pytest.fixture(scope="module")
def table(index_dir: Path) -> HymnTable:
    return HymnTable(RigvedaIndex.load(str(index_dir)))


def target(table: HymnTable, question: str, context: Optional[Span] = None) -> Optional[str]:
    task = read_task(question, table, context)
    return None if task is None or task.span is None else task.span.label()


@pytest.mark.parametrize("question, expected", [
    ("Which verse comes after RV 2.4.3?", "RV 2.4.4"),
    ("the stanza following 4.2.20", "RV 4.3.1"),  # across a hymn boundary (4.2 has 20 verses)
    ("show me the verse after 1.191.16", "RV 2.1.1"),  # across a maṇḍala boundary
    ("the verse before 6.1.1", "RV 5.87.9"),  # backwards across a maṇḍala boundary
    ("the hymn after 2.43", "RV 3.1"),
    ("which hymn precedes 9.1?", "RV 8.103"),
    ("el himno siguiente a 3.5", "RV 3.6"),
    ("der nächste Vers nach 10.129.7", "RV 10.130.1"),
    ("следующий стих после 7.86.8", "RV 7.87.1"),
])
def test_next_and_previous_cross_hymn_and_mandala_boundaries(table: HymnTable, question: str, expected: str) -> None:
    assert target(table, question) == expected


@pytest.mark.parametrize("question, expected", [
    ("the last verse of hymn 7.86", "RV 7.86.8"),
    ("the first verse of hymn 10.90", "RV 10.90.1"),
    ("the final stanza of 6.75", "RV 6.75.19"),
])
def test_first_and_last_of_a_hymn_or_a_mandala(table: HymnTable, question: str, expected: str) -> None:
    assert target(table, question) == expected


@pytest.mark.parametrize("question, expected", [
    ("the last verse of the RigVeda", (10, 191, 4)),
    ("the first hymn of the Rigveda", (1, 1)),
    ("the last hymn of book 9", (9, 114)),
    ("the closing verse of mandala 6", (6, 75, 19)),
])
def test_first_and_last_of_a_mandala_or_the_whole_text_reach_its_edges(table: HymnTable, question: str,
                                                                     expected: tuple) -> None:
    from pyapp.reading.references import _existing_target

    read = read_task(question, table)
    # answered here, or left to the reference reader because it finds the very same passage
    assert (read.span.start if read is not None else _existing_target(question, table)) == expected


def test_an_operation_past_the_edge_of_the_text_says_so(table: HymnTable) -> None:
    assert "no verse after" in read_task("the verse after 10.191.4", table).error
    assert "no hymn before" in read_task("the hymn before 1.1", table).error


@pytest.mark.parametrize("question, label", [
    ("verses 2-4 of 10.129", "RV 10.129.2–4"),
    ("RV 3.62.10-12", "RV 3.62.10–12"),
    ("hymns 1.1–1.11", "RV 1.1–1.11"),
    ("show 1.50 to 1.60", "RV 1.50–1.60"),
    ("4.1 through 4.3", "RV 4.1–4.3"),
    ("1.191.15 to 2.1.2", "RV 1.191.15–2.1.2"),
])
def test_ranges_of_each_shape_are_read_as_ranges(table: HymnTable, question: str, label: str) -> None:
    task = read_task(question, table)
    assert task is not None and task.operation == "range" and task.span.label() == label


def test_expanding_a_range_crosses_a_hymn_boundary(table: HymnTable) -> None:
    points, total = table.verse_points(Span("verse", (1, 191, 15), (2, 1, 2)), 50)
    assert [".".join(map(str, p)) for p in points] == ["1.191.15", "1.191.16", "2.1.1", "2.1.2"] and total == 4


@pytest.mark.parametrize("question", ["RV 10.129.3", "Rigveda 1.1", "Who composed hymn 1.1?", "What is RV 3.62.10 about?",
                                      "What is hymn 10.129 about?"])
def test_plain_references_and_single_hymn_facts_are_left_to_the_pipeline(table: HymnTable, question: str) -> None:
    assert read_task(question, table) is None


def test_an_operation_word_inside_a_question_about_a_hymn_is_not_an_operation(table: HymnTable) -> None:
    """"after" here is part of the story, not "the hymn after 1.32": the question is asked inside 1.32."""
    task = read_task("What happened after Indra killed Vritra in 1.32?", table)
    assert task is not None and task.operation == "" and task.task == "content" and task.span == Span("hymn", (1, 32))


@pytest.mark.parametrize("question, task, attribute", [
    ("who composed hymns 5.1 to 5.6?", "facts", "seer"),
    ("To whom are 2.1-2.10 addressed?", "facts", "deity"),
    ("give me a summary of hymn 10.121", "summarize", ""),
    ("Résume l'hymne 1.25", "summarize", ""),
    ("padapatha of 1.89.1", "word_by_word", ""),
    ("explain 7.86.4 word by word", "word_by_word", ""),
])
def test_the_task_is_read_from_the_words(table: HymnTable, question: str, task: str, attribute: str) -> None:
    read = read_task(question, table)
    assert read is not None and read.task == task and read.attribute == attribute


def test_a_god_named_with_a_hymn_is_a_question_inside_that_hymn(table: HymnTable) -> None:
    read = read_task("What does hymn 1.3 say about Sarasvati?", table, topics=["Sarasvatī"])
    assert read.task == "content" and read.span.label() == "RV 1.3"


def test_the_verse_after_that_moves_from_the_conversations_verse(table: HymnTable) -> None:
    assert target(table, "and the verse after that?", Span("verse", (5, 1, 12))) == "RV 5.2.1"
    assert target(table, "the previous one", Span("verse", (5, 2, 1))) == "RV 5.1.12"
    assert read_task("What happened next to the cows?", table, Span("verse", (5, 2, 1))) is None


def test_a_quoted_translation_asks_for_its_sanskrit(table: HymnTable) -> None:
    read = read_task("Which verse is the Sanskrit of “Waters, ye are the ones who bring us vital energy”?", table)
    assert read.task == "sanskrit_of_quote" and read.quote.startswith("Waters, ye are")


@pytest.mark.parametrize("question, rest", [
    ("Let's talk about something else. Who is Ushas?", "Who is Ushas?"),
    ("new question: what is soma?", "what is soma?"),
    ("Otra pregunta: ¿quién es Agni?", "¿quién es Agni?"),
    ("Autre question : qui est Varuna ?", "qui est Varuna ?"),
    ("Andere Frage: wer ist Indra?", "wer ist Indra?"),
    ("другой вопрос: кто такой Индра?", "кто такой Индра?"),
    ("दूसरा सवाल: अग्नि कौन है?", "अग्नि कौन है?"),
])
def test_a_change_of_subject_is_recognised_in_many_wordings(question: str, rest: str) -> None:
    assert change_of_subject(question) == (True, rest)


def test_a_question_that_only_contains_similar_words_is_not_a_change_of_subject() -> None:
    assert change_of_subject("Is Agni something else than fire?")[0] is False
    assert change_of_subject("Who composed the hymns, and is there another question in the text?")[0] is False


@pytest.mark.parametrize("question, asks", [("Which verse says so?", True), ("where does it say that?", True),
                                            ("¿Qué verso lo dice?", True),
                                            ("Which verse mentions the frogs and the rain?", False)])
def test_asking_for_the_verse_behind_a_claim(question: str, asks: bool) -> None:
    assert asks_for_support(question) is asks


def test_claims_keep_each_statement_with_the_verses_quoted_under_it() -> None:
    answer = ("Soma is pressed with stones and purified through a woollen filter:\n\n"
              "- “The juice flows through the fleece.” [RV 9.1.6]\n- “Pressed by the stones.” [RV 9.67.19]\n\n"
              "He is also called a king [RV 9.96.10].")
    claims = claims_of(answer)
    assert claims[0].refs == ["9.1.6", "9.67.19"] and claims[0].text.startswith("Soma is pressed")
    assert claims[1].refs == ["9.96.10"]


def test_that_river_points_at_the_river_the_last_answer_named() -> None:
    from pyapp.reading.conversation import ConversationState

    state = ConversationState(last_answer="Sarasvatī is praised as the best of rivers [RV 2.41.16].",
                              last_question="Which goddess is a river?")
    assert state.named_entity("Where does that river flow?") == ("that river", "sarasvati")
    # "the river hymn" and "his father" are not pointers at the last answer
    assert state.named_entity("What is the river hymn?") is None
    assert state.named_entity("Who is his father?") is None


def test_a_line_pasted_without_quotation_marks_asks_for_its_sanskrit(table: HymnTable) -> None:
    read = read_task("the Sanskrit of the verse that begins with Bright Dawn comes shining from the east", table)
    assert read.task == "sanskrit_of_quote" and read.quote == "Bright Dawn comes shining from the east"
    assert read_task("What is the Sanskrit word for horse?", table) is None


def test_that_after_a_run_of_verses_is_the_runs_last_verse() -> None:
    from pyapp.reading.conversation import ConversationState

    assert ConversationState(last_verses=["10.90.2", "10.90.3", "10.90.4"]).last_span.label() == "RV 10.90.4"
    assert ConversationState(last_verses=["8.62.7", "10.89.10"]).last_span.label() == "RV 8.62.7"


def test_a_passage_called_by_its_name_is_a_span_for_a_task(table: HymnTable) -> None:
    from pyapp.reading.named import find_named, passage_refs

    hymn = passage_refs(find_named("the Purusha Sukta")[0].passage)[0]
    summary = read_task("Please summarize the Purusha Sukta", table)
    assert summary.task == "summarize" and summary.span.ref == hymn
    after = read_task("which hymn follows the Purusha Sukta?", table)
    m, h = map(int, hymn.split("."))
    assert after.span.start == (m, h + 1)
    # named without a task: the named-passage search answers, as before
    assert read_task("what does the Purusha Sukta say about the first sacrifice?", table) is None


@pytest.mark.parametrize("question", ["Wer verfasste die Lieder 4.1 bis 4.10?", "¿Quién compuso los himnos 4.1 a 4.10?",
                                      "Кто сочинил гимны 4.1-4.10?"])
def test_who_composed_a_range_in_other_languages(table: HymnTable, question: str) -> None:
    read = read_task(question, table)
    assert read.task == "facts" and read.attribute == "seer" and read.span.label() == "RV 4.1–4.10"
