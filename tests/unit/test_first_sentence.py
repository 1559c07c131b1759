"""The first sentence answers the question that was asked, or says plainly that no verse does (issue 19, part 5).

Composed by code from made-up verses and frames, so each rule of the composer is seen on its own: the
verses found scored weak, the question asks how or why of a glossed term, the question's verb is one the
action table does not know. What is asserted is what the reader reads first. The wordings are our own.
"""
from __future__ import annotations

import re

from pyapp.agents import compose
from pyapp.agents.statement import statement, unstated
from pyapp.reading.question import QuestionFrame
from pyapp.schemas import SearchResult
from pyapp.search.terms import TermHit


def _verse(ref: str, text: str, deity: str = "", iast: str = "") -> SearchResult:
    return SearchResult(title=f"RV {ref}", content=text, relevance=1.0, source="test", book_context=ref,
                        translation=text, deity=deity, addressee=deity, iast=iast)


def _term(display: str, gloss: str, name: bool = False) -> TermHit:
    return TermHit(key=display.lower(), display=display, gloss=gloss, name=name, curated=True)


def _first(text: str) -> str:
    return re.split(r"(?<=[.:])\s", text.strip(), maxsplit=1)[0]


# -- "none of the verses says" says back the question, never a list of its words ----------------------

def test_a_deed_no_verse_states_is_said_back_whole() -> None:
    said = unstated("Who lifted the heavy stone from the cave?", "who_did")
    assert said.startswith("None of the verses found says in so many words who lifted the heavy stone from the cave")
    assert "(" not in said  # no "(lifted or stone)" word list


def test_a_how_question_no_verse_answers_is_quoted_whole() -> None:
    frame = QuestionFrame(text="How do the frogs keep their vow?", form="open", topic_words=["frogs"])
    verses = [_verse("2.2.2", "The frogs lie still through the year like Brahmans.")]
    said = statement(frame, verses)
    assert said.startswith("None of the verses found says in so many words")
    assert "“How do the frogs keep their vow?”" in said


# -- weak verses: what the gloss knows, then a plain "no verse says it" ---------------------------------

def test_weak_verses_for_a_glossed_term_open_with_its_gloss() -> None:
    frame = QuestionFrame(text="Tell me about dhenu, the milch-cow of the songs.", form="open",
                          terms=[_term("dhenu", "milch-cow; a cow giving milk")])
    verses = [_verse("4.4.4", "The milch-cow streams for the singer.", "Agni", iast="dhenúḥ duhe")]
    lead = compose.lead(frame, verses, support=0.1)
    assert lead.startswith("Dhenu means milch-cow; a cow giving milk. No verse"), lead


def test_a_gloss_is_not_given_when_the_verses_found_are_not_the_terms() -> None:
    frame = QuestionFrame(text="Tell me about dhenu, the milch-cow of the songs.", form="open",
                          terms=[_term("dhenu", "milch-cow; a cow giving milk")])
    verses = [_verse("4.4.5", "The horse runs swiftly to the goal.", "Agni", iast="áśvaḥ")]
    assert compose.lead(frame, verses, support=0.1).startswith("No verse speaks directly of")


def test_a_blank_is_not_answered_with_the_gloss_of_a_name_beside_it() -> None:
    frame = QuestionFrame(text="The bride of Soma is the daughter of ____.", form="open",
                          terms=[_term("Sūrya", "the sun, and the Sun as god", name=True)])
    verses = [_verse("10.85.9", "Sūrya the bride was given to Soma.", "Sūrya", iast="sūryā")]
    assert compose.lead(frame, verses, support=0.1).startswith("No verse")


def test_weak_verses_for_a_how_question_say_back_the_question_not_its_verb() -> None:
    frame = QuestionFrame(text="How is the thunder personified?", form="open", topic_words=["thunder"])
    verses = [_verse("5.83.2", "He smites the trees apart, he slays the demons.", "Parjanya")]
    lead = compose.lead(frame, verses, support=0.1)
    assert lead.startswith("No verse found says in so many words what the question asks (“How is the thunder personified?”)"), lead


def test_weak_verses_still_name_the_thing_the_verses_lack() -> None:
    frame = QuestionFrame(text="What does Agni have to do with penguins?", form="open", names=["Agni"],
                          topic_words=["penguins"])
    verses = [_verse("1.1.1", "I laud Agni, the chosen priest.", "Agni")]
    assert compose.lead(frame, verses, support=0.1).startswith("No verse speaks directly of penguins")


# -- a definition is never the whole answer to how, why or who ----------------------------------------

def test_a_how_question_about_a_term_does_not_open_with_its_definition() -> None:
    frame = QuestionFrame(text="How is the pavitra woven?", form="open",
                          terms=[_term("pavitra", "the filter or sieve of the Soma rite")])
    verses = [_verse("9.1.1", "Flow to the sieve, O Soma, for Indra.", "Soma", iast="pavítram")]
    lead = compose.lead(frame, verses, support=0.9)
    assert lead.startswith("None of the verses found says in so many words"), lead
    assert not lead.startswith("Pavitra means")
    assert "Pavitra means the filter" in lead  # the definition may follow


def test_a_what_is_question_about_a_term_still_opens_with_its_definition() -> None:
    frame = QuestionFrame(text="What is the pavitra?", form="open",
                          terms=[_term("pavitra", "the filter or sieve of the Soma rite")])
    verses = [_verse("9.1.1", "Flow to the sieve, O Soma, for Indra.", "Soma", iast="pavítram")]
    assert compose.lead(frame, verses, support=0.9).lower().startswith("pavitra means the filter")


# -- a verb the action table does not know: the question's own words find the clause ------------------

def test_a_what_do_question_with_an_unlisted_verb_quotes_the_clause_with_its_words() -> None:
    frame = QuestionFrame(text="What does Ushas polish at daybreak?", form="open", names=["Ushas"])
    verses = [_verse("1.92.4", "Ushas polishes the sky like a bright vessel at daybreak.", "Ushas"),
              _verse("1.92.5", "The cows come forth to the pasture.", "Ushas")]
    said = statement(frame, verses)
    first = _first(said)
    assert "“" in said and "[RV 1.92.4]" in said, said
    assert not first.startswith("None of the verses"), said


def test_an_unlisted_verb_no_clause_carries_gives_no_false_none_says() -> None:
    frame = QuestionFrame(text="What does Ushas polish at daybreak?", form="open", names=["Ushas"])
    verses = [_verse("1.92.5", "The cows come forth to the pasture.", "Ushas")]
    assert statement(frame, verses) == ""  # the question's nouns missing prove nothing: other leads speak


def test_a_name_in_a_question_about_something_else_is_not_glossed_first() -> None:
    frame = QuestionFrame(text="In the hymn of the angry king, what were the poet's faults toward Varuna?", form="open",
                          terms=[_term("Varuna", "guardian of order and of oaths", name=True)])
    verses = [_verse("7.86.4", "What was my chief offence, Varuna, that thou wouldst slay thy friend?", "Varuna")]
    assert compose.lead(frame, verses, support=0.1).startswith("No verse"), compose.lead(frame, verses, support=0.1)


def test_a_god_asked_what_it_is_is_glossed_first() -> None:
    frame = QuestionFrame(text="What is Varuna the keeper of?", form="open",
                          terms=[_term("Varuna", "guardian of order and of oaths", name=True)])
    verses = [_verse("7.86.4", "What was my chief offence, Varuna, that thou wouldst slay thy friend?", "Varuna")]
    assert compose.lead(frame, verses, support=0.1).startswith("Varuna: guardian of order and of oaths. No verse")


def test_a_yes_or_no_question_is_not_answered_with_a_gloss() -> None:
    frame = QuestionFrame(text="Was dhenu a kind of horse?", form="open",
                          terms=[_term("dhenu", "milch-cow; a cow giving milk")])
    verses = [_verse("4.4.4", "The milch-cow streams for the singer.", "Agni", iast="dhenúḥ duhe")]
    assert compose.lead(frame, verses, support=0.1).startswith("No verse")


def test_a_verse_claim_is_checked_against_the_verse_it_names_even_with_context_verses_beside_it() -> None:
    """"Does RV 3.62.10 say …?" with a second verse shown beside it still reads the named verse, not none."""
    from types import SimpleNamespace

    from pyapp.agents.compose import _verse_asked

    named, other = SimpleNamespace(book_context="3.62.10"), SimpleNamespace(book_context="3.62.1")
    assert _verse_asked("Does RV 3.62.10 say the sun inspires?", [other, named]) is named
    assert _verse_asked("Does RV 3.62.1 say so?", [named, other]) is other  # 3.62.1 is no prefix match of 3.62.10
    assert _verse_asked("Do these verses agree?", [named, other]) is None
