"""References in every wording, read from wordings of our own against the real index: numbers
written in words in eight languages (``pyapp.reading.number_words``), a verse named by its first
words (``pyapp.reading.incipit``), padapāṭha and compound wordings, follow-ups on the last verse,
and questions asked inside one numbered hymn (``pyapp.reading.references``, answered by
``pyapp.agents.reference_tasks``)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import pytest

from pyapp.index import RigvedaIndex
from pyapp.reading.number_words import rewrite, value, worded_reference
from pyapp.reading.references import HymnTable, Span, read_task


@pytest.fixture(scope="module")
def index(index_dir: Path) -> RigvedaIndex:
    return RigvedaIndex.load(str(index_dir))


@pytest.fixture(scope="module")
def table(index: RigvedaIndex) -> HymnTable:
    return HymnTable(index)


# -- numbers and references in words ------------------------------------------------------------------
@pytest.mark.parametrize("phrase, expected", [
    ("ninety-seven", 97), ("one hundred and sixty-four", 164), ("a hundred and ninety-first", 191),
    ("ciento treinta y cinco", 135), ("veintisiete", 27), ("vigésimo tercero", 23),
    ("centoquarantatré", 143), ("trentaseiesimo", 36), ("quatre-vingt-treize", 93), ("soixante-dixième", 70),
    ("einhundertzweiundvierzigsten", 142), ("achtzehnten", 18), ("восьмой", 8),
    ("сорок шестой", 46), ("छियासठवें", 66), ("एक सौ बारह", 112), ("cento e quinze", 115), ("dezenove", 19),
])
def test_number_words_in_eight_languages(phrase: str, expected: int) -> None:
    assert value(phrase) == expected


@pytest.mark.parametrize("question, point", [
    ("Show me the ninth verse of the sixty-first hymn of book one", (1, 61, 9)),
    ("what does hymn seventy-one of the tenth book say", (10, 71)),
    ("the thirty-third sukta of the seventh mandala", (7, 33)),
    ("¿Qué dice el verso tercero del himno cuarenta y siete del libro sexto?", (6, 47, 3)),
    ("Zeig mir das vierundzwanzigste Lied des neunten Buches", (9, 24)),
    ("la deuxième strophe de l'hymne cent vingt-neuf du dixième livre", (10, 129, 2)),
    ("il trentesimo inno del quarto libro", (4, 30)),
    ("o hino oitenta e nove do primeiro livro", (1, 89)),
    ("покажи седьмой гимн второй книги", (2, 7)),
    ("तीसरे मंडल का बासठवाँ सूक्त", (3, 62)),
    ("सातवें मंडल के छियासीवें सूक्त का चौथा मंत्र", (7, 86, 4)),
    ("the 2nd verse of the 3rd hymn of the 4th book", (4, 3, 2)),
])
def test_references_in_words_read_as_digits(question: str, point: tuple) -> None:
    assert worded_reference(question) == point
    assert "RV " + ".".join(map(str, point)) in (rewrite(question) or "")


@pytest.mark.parametrize("question", [
    "What do the two birds of the first book stand for?",  # a number beside no hymn word
    "Which god is praised most in the tenth mandala?",  # a book alone is a topic, not a hymn
    "one hymn of the third book mentions a horse",  # "one hymn": an article
    "compare the two hymns of the seventh book to Ushas",  # a count, not hymn 2
    "Tell me about RV 3.62.10",  # already in digits: left as it is
])
def test_words_that_name_no_hymn_are_not_rewritten(question: str) -> None:
    assert rewrite(question) is None


@pytest.mark.parametrize("question, expected", [
    ("Hymn 2.12, verse 3", "RV 2.12.3"), ("what does 10.90 stanza two say", "what does RV 10.90.2 say"),
])
def test_a_hymn_in_digits_and_its_verse_in_words(question: str, expected: str) -> None:
    assert rewrite(question) == expected


def test_a_reference_spread_over_the_question_is_added_not_spliced() -> None:
    out = rewrite("In the fifth book, what does the second hymn ask of Agni?")
    assert out is not None and out.startswith("In the fifth book, what does the second hymn") and out.endswith("(RV 5.2)")


# -- a verse named by its first words -------------------------------------------------------------------
@pytest.mark.parametrize("question, ref, attribute", [
    ("Who composed the verse starting 'agnim ile purohitam'?", "1.1.1", "seer"),
    ("To whom is yo nah pita janita yo vidhata addressed?", "10.82.3", "deity"),
    ("what metre is hiranyagarbha samavartatagre in", "10.121.1", "metre"),
    ("'नासदासीन्नो सदासीत्तदानीं' — इस मंत्र का देवता कौन है?", "10.129.1", "deity"),
    ("who is the rishi of the stanza that opens tat savitur varenyam bhargo devasya", "3.62.10", "seer"),
])
def test_a_verse_named_by_its_first_words_in_any_romanization(table: HymnTable, question: str, ref: str,
                                                             attribute: str) -> None:
    task = read_task(question, table)
    assert task is not None and task.task == "verse_facts" and task.span is not None
    assert task.span.ref == ref and attribute in task.attribute.split(",")


def test_an_english_question_is_never_taken_for_a_verse_opening(table: HymnTable) -> None:
    task = read_task("Who is the seer of the hymn that praises the dawn as a young woman?", table)
    assert task is None or task.task != "verse_facts"


def test_the_answer_names_the_asked_fact_first_and_cites_the_verse(index: RigvedaIndex, table: HymnTable) -> None:
    from pyapp.agents.reference_tasks import answer

    task = read_task("who composed the verse beginning agnim ile purohitam yajnasya devam", table)
    assert task is not None
    out = answer(task, index, searcher=None)
    assert out.refs == ["1.1.1"] and "[RV 1.1.1]" in out.text
    assert re.match(r"RV 1\.1\.1 \([^)]*\) is composed by Madhucchandas", out.text)
    from pyapp.reading.asked import unserved

    assert unserved("who composed the verse beginning agnim ile purohitam yajnasya devam", out.text) == []


# -- padapāṭha and compounds ------------------------------------------------------------------------------
@pytest.mark.parametrize("question", [
    "list the individual words of RV 2.12.1", "undo the sandhi in 2.12.1", "pada text of 2.12.1 please",
    "separate the words of rigveda 2.12.1", "den Pada-Text von 2.12.1",
])
def test_padapatha_wordings(table: HymnTable, question: str) -> None:
    task = read_task(question, table)
    assert task is not None and task.task == "word_by_word" and task.span == Span("verse", (2, 12, 1))


def test_a_compound_without_a_reference_is_found_in_the_padapatha(index: RigvedaIndex, table: HymnTable,
                                                                   index_dir: Path) -> None:
    from pyapp.agents.reference_tasks import compound
    from pyapp.search.padapatha import PadapathaIndex

    task = read_task("how is the compound puruṣṭuta split?", table)
    assert task is not None and task.task == "compound"
    pada = PadapathaIndex.load(str(index_dir), index)
    if pada is None:
        pytest.skip("this index was built without a padapāṭha")
    out = compound(task, pada)
    assert "puru-stuta" in out.text and out.refs and all(re.fullmatch(r"\d+\.\d+\.\d+", r) for r in out.refs)


# -- follow-ups on the last verse -------------------------------------------------------------------------
def test_go_back_and_forward_several_verses(table: HymnTable) -> None:
    here = Span("verse", (4, 26, 3))
    assert read_task("go back three verses", table, here).span == Span("verse", (4, 25, 8))  # across a hymn
    assert read_task("skip ahead two verses", table, here).span == Span("verse", (4, 26, 5))


@pytest.mark.parametrize("question, task, level", [
    ("and its padapatha?", "word_by_word", "verse"),
    ("who is it addressed to?", "facts", "verse"),
    ("who composed that hymn?", "facts", "hymn"),
    ("इसके बाद वाला मंत्र?", "show", "verse"),
])
def test_follow_ups_read_the_last_verse(table: HymnTable, question: str, task: str, level: str) -> None:
    here = Span("verse", (1, 50, 4))
    read = read_task(question, table, here)
    assert read is not None and read.task == task and read.span is not None and read.span.level == level
    assert read.from_context


# -- a question inside one numbered hymn ------------------------------------------------------------------
@pytest.mark.parametrize("question, hymn", [
    ("what does the singer want from the gods in 1.89", (1, 89)),
    ("Which animals are named one after another in RV 10.108?", (10, 108)),
])
def test_a_question_inside_a_numbered_hymn_is_answered_from_it(table: HymnTable, question: str, hymn: tuple) -> None:
    task = read_task(question, table)
    assert task is not None and task.task == "content" and task.operation == "" and task.span == Span("hymn", hymn)


@pytest.mark.parametrize("question", ["hymn 2.12 in a nutshell?", "what is 10.90 about, in short"])
def test_a_summary_in_other_words(table: HymnTable, question: str) -> None:
    task = read_task(question, table)
    assert task is not None and task.task == "summarize" and task.span is not None and task.span.level == "hymn"


def test_a_plain_look_at_a_passage_in_another_language_is_shown(table: HymnTable) -> None:
    task: Optional[object] = read_task("¿Qué dice RV 1.32?", table)
    assert task is not None and task.task == "show" and task.span == Span("hymn", (1, 32))


@pytest.mark.parametrize("question", ["¿Quién es Indra en el Rigveda?", "Was sagt der Rigveda über die Morgenröte?",
                                      "ऋग्वेद में अग्नि कौन है?"])
def test_a_question_about_the_whole_text_in_another_language_is_not_a_passage_to_show(table: HymnTable,
                                                                                     question: str) -> None:
    assert read_task(question, table) is None
