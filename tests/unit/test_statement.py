"""How / why / who-did / what-do questions open with the answer, in the verses' own words (issue 19, part 5).

Asked against the real index with the no-LLM engine. What is asserted is what a reader sees in the
first sentence: the doer's name for "who did X", a quotation carrying the question's action and a
citation for the rest, and an honest "none of the verses says" when no found verse carries it. The
doers checked are the ones the cited verse itself names, read from the index at test time.
"""
from __future__ import annotations

import re

import pytest

from pyapp.agents.statement import _groups, kind_of, statement
from pyapp.agents.text import fold, stem
from pyapp.reading.question import QuestionFrame
from pyapp.schemas import SearchResult
from pyapp.search import Searcher
from reader_turns import ask


def first_sentence(answer: str) -> str:
    return answer.split("\n", 1)[0]


@pytest.mark.parametrize("question, kind", [
    ("Who slew the serpent?", "who_did"),
    ("Which god released the rivers?", "who_did"),
    ("Who is Mitra?", ""),  # who someone is: not a deed
    ("How is the fire kindled?", "how"),
    ("How many hymns are there?", ""),
    ("Why do the gods drink?", "why"),
    ("What does Pushan carry?", "what_do"),
    ("What is soma?", ""),
])
def test_the_shape_of_the_question_is_read(question: str, kind: str) -> None:
    assert kind_of(question) == kind


def test_an_action_word_reaches_griffiths_archaic_forms() -> None:
    # a question says "killed", the 1896 translation says "slew" / "smote"
    stems = _groups().stems_for("killed")
    assert {stem("slew"), stem("smote")} <= stems
    assert stem("gave") not in stems


def _verse(ref: str, text: str, deity: str = "") -> SearchResult:
    return SearchResult(title=f"RV {ref}", content=text, relevance=1.0, source="test", book_context=ref,
                        translation=text, deity=deity, addressee=deity)


def test_a_deed_done_by_thou_is_the_addressee_s() -> None:
    frame = QuestionFrame(text="Who broke the fort of the demon?", form="who")
    verses = [_verse("1.1.1", "Thou brakest down the fort of the demon with thy bolt.", "Someone"),
              _verse("1.1.2", "Hear us, O Someone, and come to our feast.", "Someone")]

    class Names:
        def main_names(self, text: str):
            return ["Someone"] if "someone" in text.lower() else []

    said = statement(frame, verses, Names())
    assert said.startswith("Someone broke the fort of the demon")
    assert "[RV 1.1.1]" in said


def test_no_verse_carrying_the_action_is_said_plainly() -> None:
    frame = QuestionFrame(text="How do the frogs sing?", form="open", topic_words=["frogs"])
    verses = [_verse("2.2.2", "The frogs lie still through the year like Brahmans.")]
    said = statement(frame, verses)
    assert said.startswith("None of the verses found says")


@pytest.mark.parametrize("question", ["Who slew Vritra?", "Who killed the dragon Vritra?"])
def test_who_did_opens_with_the_doer_that_the_cited_verse_names(searcher: Searcher, question: str) -> None:
    result = ask(searcher, question)
    first = first_sentence(result.answer)
    cited = re.findall(r"\[RV (\d+\.\d+\.\d+)\]", first)
    assert cited, first
    doer = first.split(" ", 1)[0]
    verse = next(v for v in searcher.index.verses if v.ref == cited[0])
    # the doer is named by the quoted verse or is the god it is addressed to
    assert fold(doer)[:4] in fold(" ".join([verse.translation or "", verse.deity or "", verse.addressee or ""]))
    assert "vritra" in fold(first) or "vrtra" in fold(first)


@pytest.mark.parametrize("question, action", [
    ("How is the soma juice purified?", "purif"),
    ("What do the Maruts carry in their hands?", ""),
])
def test_how_and_what_do_open_with_a_cited_clause_carrying_the_action(searcher: Searcher, question: str,
                                                                       action: str) -> None:
    first = first_sentence(ask(searcher, question).answer)
    assert "“" in first and re.search(r"\[RV \d+\.\d+\.\d+\]", first), first
    quoted = fold(re.search(r"“([^”]+)”", first).group(1))
    wanted = _groups().stems_for(question.split()[-1].strip("?")) if not action else {action}
    assert any(stem(w).startswith(tuple(wanted)) for w in re.findall(r"[a-z]+", quoted)), first
