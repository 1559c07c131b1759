"""The opening is typed (``compose.opening`` → ``Lead``): whether it states an answer or only hedges, and the gloss
a hedge carries. The orchestrator puts the verse that has the question's words together first (``_cover``) where
the opening states nothing, whatever the hedge's wording. Made-up verses and frames; the wordings are our own."""
from __future__ import annotations

from types import SimpleNamespace

from pyapp.agents import compose
from pyapp.orchestrator import Orchestrator, _State
from pyapp.reading.question import QuestionFrame
from pyapp.schemas import SearchResult
from pyapp.search.terms import TermHit


def _verse(ref: str, text: str, deity: str = "", iast: str = "") -> SearchResult:
    return SearchResult(title=f"RV {ref}", content=text, relevance=1.0, source="test", book_context=ref,
                        translation=text, deity=deity, addressee=deity, iast=iast)


def _term(display: str, gloss: str, name: bool = False) -> TermHit:
    return TermHit(key=display.lower(), display=display, gloss=gloss, name=name, curated=True)


HOW = QuestionFrame(text="How do the herons keep their silence?", form="open", topic_words=["herons"])
HOW_VERSES = [_verse("3.3.3", "The herons stand in the shallows through the rains.")]


def test_a_how_question_no_verse_answers_hedges() -> None:
    said = compose.opening(HOW, HOW_VERSES, support=0.9)
    assert said.text.startswith("None of the verses found says in so many words")
    assert not said.states


def test_a_weak_hedge_keeps_the_gloss_apart() -> None:
    frame = QuestionFrame(text="What is Mitra the friend of?", form="open",
                          terms=[_term("Mitra", "the god of the covenant", name=True)])
    verses = [_verse("3.59.1", "Mitra, when speaking, stirs men to labour.", "Mitra")]
    said = compose.opening(frame, verses, support=0.1)
    assert not said.states
    assert said.gloss == "Mitra: the god of the covenant. " and said.text.startswith(said.gloss)


def test_a_definition_states() -> None:
    frame = QuestionFrame(text="What is the dhenu?", form="open", terms=[_term("dhenu", "a milch-cow")])
    verses = [_verse("4.4.4", "The milch-cow streams for the singer.", "Agni", iast="dhenúḥ duhe")]
    said = compose.opening(frame, verses, support=0.9)
    assert said.states and said.text.lower().startswith("dhenu means a milch-cow")
    assert compose.lead(frame, verses, support=0.9) == said.text


class _Orchestrator(Orchestrator):
    lexicon = None  # no lexicon: the made-up verses need none


def _lead(frame: QuestionFrame, verses: list, support: float, covered: tuple) -> str:
    orch = _Orchestrator(SimpleNamespace())
    state = _State(question=frame.text, history=[], turn=None, on_token=None, standalone=frame.text, frame=frame,
                   verses=verses, support=support, covered=covered)
    return orch._lead(state)


def test_the_covering_verse_leads_after_any_hedge() -> None:
    covered = ("3.3.3", "RV 3.3.3 has the question's words “herons” and “rains” together:")
    assert _lead(HOW, HOW_VERSES, 0.9, covered) == covered[1]


def test_the_covering_verse_follows_the_hedges_gloss() -> None:
    frame = QuestionFrame(text="What is Mitra the friend of?", form="open",
                          terms=[_term("Mitra", "the god of the covenant", name=True)])
    verses = [_verse("3.59.1", "Mitra, when speaking, stirs men to labour.", "Mitra")]
    covered = ("3.59.1", "RV 3.59.1 has “mitra” and “labour” together:")
    assert _lead(frame, verses, 0.1, covered) == "Mitra: the god of the covenant. " + covered[1]


def test_an_opening_that_states_is_kept() -> None:
    frame = QuestionFrame(text="What is the dhenu?", form="open", terms=[_term("dhenu", "a milch-cow")])
    verses = [_verse("4.4.4", "The milch-cow streams for the singer.", "Agni", iast="dhenúḥ duhe")]
    covered = ("4.4.4", "RV 4.4.4 has “dhenu” and “singer” together:")
    assert _lead(frame, verses, 0.9, covered).lower().startswith("dhenu means a milch-cow")


def test_the_covering_verse_must_be_the_first_shown() -> None:
    covered = ("9.9.9", "RV 9.9.9 has the question's words together:")
    assert _lead(HOW, HOW_VERSES, 0.9, covered).startswith("None of the verses found")
