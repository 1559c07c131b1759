"""Issue 19, kinds found in real people's questions (session 29): a verse asked in the reciters' word orders
(krama, jaṭā, ghana pāṭha), written out by rule from its padapāṭha. Our own wordings, on verses none of the
answer sets asks this of; the expected groups are built in the test from the index's padapāṭha.
"""
from __future__ import annotations

import pytest

from pyapp.agents import recitation as build
from pyapp.reading import recitation
from pyapp.reading.references import HymnTable
from pyapp.search import Searcher
from reader_turns import ask


def test_the_three_orders_follow_their_rules() -> None:
    words = ["a", "b", "c", "d"]
    assert build.krama(words) == ["a b", "b c", "c d"]
    assert build.jata(words) == ["a b b a a b", "b c c b b c", "c d d c c d"]
    assert build.ghana(words) == ["a b b a a b c c b a a b c", "b c c b b c d d c b b c d", "c d d c c d"]


@pytest.mark.parametrize("question, modes, ref", [
    ("Could you recite RV 7.59.12 in jatapatha?", ["jata"], "7.59.12"),
    ("ghanam for the verse 1.89.1 please, as the ghanapathis chant it", ["ghana"], "1.89.1"),
    ("Show the pada and krama path of RV 5.82.1", ["pada", "krama"], "5.82.1"),
    ("ऋग्वेद 1.2.1 का क्रम पाठ क्या है?", ["krama"], "1.2.1"),
])
def test_a_recitation_question_is_read_with_its_modes_and_verse(searcher: Searcher, question: str, modes, ref) -> None:
    assert recitation.modes_asked(question) == modes
    task = recitation.read(question, HymnTable(searcher.index))
    assert task is not None and task.task == "recitation" and task.span.ref == ref
    assert task.attribute.split(",") == modes


@pytest.mark.parametrize("question", [
    "What is the krama (order) of the hymns in the tenth mandala?",  # "krama" as the ordinary word for order
    "padapatha of RV 4.1.1",  # the word-by-word reader's
    "Is ghana a word for cloud in the Rigveda?",
])
def test_other_questions_are_not_read_as_a_recitation(searcher: Searcher, question: str) -> None:
    assert recitation.read(question, HymnTable(searcher.index)) is None


def test_the_answer_opens_with_the_order_written_out(searcher: Searcher) -> None:
    pada = searcher.padapatha
    words = pada.words("7.59.12")
    result = ask(searcher, "jata patha of tryambakam yajamahe sugandhim pushtivardhanam")
    first = f"{words[0]} {words[1]} {words[1]} {words[0]} {words[0]} {words[1]}"
    assert result.answer.startswith("The jaṭā pāṭha of RV 7.59.12 begins: " + first), result.answer[:200]
    assert "no model wrote this answer" in result.answer


@pytest.mark.parametrize("question, use", [
    ("दुर्गा सूक्त किस वेद का है?", "durga_sukta"),  # Hindi, Devanagari
    ("ಶ್ರೀ ಸೂಕ್ತ ಯಾವ ವೇದದಲ್ಲಿದೆ?", "sri_sukta"),  # Kannada
    ("Where does the Shatarudriya come from?", "sri_rudram"),
])
def test_a_liturgical_sukta_is_named_in_any_script(question: str, use: str) -> None:
    from pyapp.reading import later_use

    found = later_use.match(question)
    assert found is not None and found.id == use


def test_a_liturgical_sukta_named_in_kannada_is_answered_from_the_table(searcher: Searcher) -> None:
    result = ask(searcher, "ದುರ್ಗಾ ಸೂಕ್ತ ಋಗ್ವೇದದಲ್ಲಿ ಇದೆಯೇ?")
    assert result.answer.startswith("The Durgā Sūkta"), result.answer[:200]
    assert "1.99.1" in result.answer


@pytest.mark.parametrize("question", [
    "Urvashi left Pururavas - is that vedic or only in the puranas?",
    "Indra cut off the wings of the mountains: true, or just a puranic story?",
])
def test_a_story_set_against_a_later_text_is_asked_of_the_hymns(searcher: Searcher, question: str) -> None:
    from reader_turns import REFUSED

    result = ask(searcher, question)
    assert REFUSED not in result.answer.lower(), result.answer[:200]


def test_a_question_about_what_a_later_text_says_is_still_refused(searcher: Searcher) -> None:
    from reader_turns import REFUSED

    assert REFUSED in ask(searcher, "What do the Puranas say about Urvashi?").answer.lower()


def test_a_question_whose_pronoun_points_into_a_claim_is_asked_with_the_claim(searcher: Searcher) -> None:
    from pyapp.reading import later_claim

    read = later_claim.read("I heard the Aśvins rescued a man from the sea in RV 1.116.5. What was his name?")
    assert read is not None and "rescued a man from the sea" in read.question and read.question.endswith("What was his name?")
    alone = later_claim.read("I read that the Aśvins are physicians. Who is Rudra in the Rigveda?")
    assert alone is not None and alone.question == "Who is Rudra in the Rigveda?"


@pytest.mark.parametrize("question, line", [
    ("निम्नलिखित मन्त्र की व्याख्या कीजिए: मा नो मित्रो वरुणो अर्यमायुः", "मा नो मित्रो वरुणो अर्यमायुः"),
    ("मा नो मित्रो वरुणो अर्यमायुः । इस मंत्र की सप्रसंग व्याख्या करें", "मा नो मित्रो वरुणो अर्यमायुः"),
    ("मा नो मित्रो वरुणो अर्यमायुः की संदर्भ सहित व्याख्या करें", "मा नो मित्रो वरुणो अर्यमायुः"),
    ("गायत्री मंत्र का अर्थ स्पष्ट कीजिए", ""),  # names the verse, quotes no line: a Hindi question
    ("ऋग्वेद में इन्द्र कौन है?", ""),
])
def test_the_line_of_an_exam_task_is_read_apart_from_the_task(question: str, line: str) -> None:
    from pyapp.reading.question import exam_line

    assert exam_line(question) == line


def test_an_exam_task_after_a_danda_finds_its_verse(searcher: Searcher) -> None:
    result = ask(searcher, "मा नो मित्रो वरुणो अर्यमायुरिन्द्र ऋभुक्षा मरुतः परि ख्यन् । इस मंत्र का प्रसंग और अर्थ स्पष्ट कीजिए")
    assert result.answer.startswith("These words are found in RV 1.162.1"), result.answer[:200]
