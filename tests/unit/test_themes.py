"""What the RigVeda says about a theme or an idea, asked in the languages readers use: the answer opens with the
table's sentence that answers it, citing one of the theme's listed verses, and quotes them below; questions that
name a verse, ask who someone is, what a word means, or ask about a god the theme's verses are not addressed to are
left to the other readers. Every verse the table lists is in the index. Real index, no model."""
from __future__ import annotations

import re
from typing import Any

import pytest

from pyapp.reading import themes
from reader_turns import ask, cited


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def _theme(theme_id: str) -> themes.Theme:
    return next(t for t in themes.themes() if t.id == theme_id)


@pytest.mark.parametrize("question,theme_id,opening", [
    ("do the rishis claim they received their hymns from the gods, or that they crafted them themselves? does the rigveda say",
     "revealed_or_composed", "The poets say both"),
    ("¿Dice algo el Rigveda sobre las deudas y quién las perdona?", "debts", "The hymns know debt"),
    ("Que dit le Rig-Véda de l'hospitalité envers les hôtes ?", "hospitality", "The hymns honour the guest"),
    ("Was sagt der Rigveda über Würfelspiel und Glücksspiel?", "gambling", "The RigVeda speaks of gambling"),
    ("Что сказано в Ригведе о щедрости к бедным?", "generosity_poor", "The RigVeda praises giving"),
    ("ऋग्वेद में बुरे सपने दूर करने के बारे में क्या कहा गया है?", "bad_dreams", "The hymns send bad dreams away"),
    ("rigved mein udarta aur daan ke baare mein kya kaha hai", "generosity_poor", "The RigVeda praises giving"),
    ("O que o Rigveda diz sobre a chuva e a seca?", "rain", "The hymns call rain"),
    ("Il Rigveda parla della lunga vita, dei cento autunni?", "long_life", "The hymns pray for a full span"),
    ("what do the vedic hymns say about a priest who gets the ritual wrong by mistake?", "ritual_error", "Yes — the hymns ask pardon"),
    ("any verses on the quail the wolf had caught?", "quail", "The Aśvins freed the quail"),
])
def test_the_answer_opens_with_the_themes_sentence_and_cites_its_verses(searcher: Any, question: str, theme_id: str,
                                                                       opening: str) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith(opening), result.answer[:200]
    first = result.answer.split("\n")[0]
    listed = set(_theme(theme_id).refs)
    assert any(r in listed for r in re.findall(r"\[RV (\d+\.\d+\.\d+)\]", first)), first
    assert cited(result), result.answer[:200]


def test_the_reader_finds_the_theme_in_each_language() -> None:
    cases = {
        "does the rigveda say the gods strike bargains with their worshippers, a give and take?": "gods_bargain",
        "¿Hay algún verso sobre la amistad verdadera en el Rigveda?": "friendship",
        "Y a-t-il dans le Rig-Véda des hymnes sur la mort et l'au-delà ?": "death_afterlife",
        "Gibt es im Rigveda Verse über Wahrheit und Lüge?": "truth_speaking",
        "Что Ригведа говорит о сотворении мира?": "creation",
        "ऋग्वेद में विवाह के बारे में क्या कहा गया है?": "marriage",
        "what does the rigveda say about the cow that gave no milk?": "barren_cow",
    }
    for question, theme_id in cases.items():
        assert themes.asks(question), question
        found = themes.theme_in(question)
        assert found is not None and found.id == theme_id, (question, found and found.id)


@pytest.mark.parametrize("question", [
    "what does RV 10.117.4 say about friends?",       # a verse named by number
    "who is the god of rain in the rigveda?",         # who someone is
    "what does the word rna mean in the rigveda?",    # a word's meaning
    "how many hymns speak about rain?",               # a count
    "list the verses about rain in the ninth mandala",  # one maṇḍala's verses
    "which mantra should I chant to get rich quickly?",  # a practice or a request for advice
    "what is the best recipe for rice?",              # not about the text at all
])
def test_questions_for_other_readers_are_not_taken(question: str) -> None:
    assert not themes.asks(question)


def test_a_question_about_a_god_the_verses_do_not_address_is_left_alone(searcher: Any) -> None:
    assert themes.answer("does the rigveda say that Indra owned many cows?", searcher.index) is None
    assert themes.answer("does the rigveda say Varuna forgives sins?", searcher.index) is not None


def test_every_theme_cites_real_verses_and_answers_in_one_sentence(searcher: Any) -> None:
    table = themes.themes()
    assert len(table) >= 50
    assert len({t.id for t in table}) == len(table)
    for theme in table:
        assert theme.refs and all(searcher.index.by_ref(r) is not None for r in theme.refs), theme.id
        assert theme.triggers.get("en"), theme.id
        named = re.findall(r"\b(\d+\.\d+\.\d+)", theme.gist)
        assert all(searcher.index.by_ref(r) is not None for r in named), theme.id


@pytest.mark.parametrize("question,theme_id", [
    ("in which verse does a poet tell Indra 'if I were lord of riches as you are'?", "if_i_were_you"),
    ("qual verso pede cem outonos de vida longa?", "long_life"),
    ("which hymn tells of the Aśvins rescuing the quail from the wolf?", "quail"),
])
def test_a_verse_asked_for_is_the_themes_when_the_question_holds_the_theme_plainly(question: str, theme_id: str) -> None:
    assert themes.asks(question), question
    assert themes.theme_in(question).id == theme_id


@pytest.mark.parametrize("question", [
    "which verse praises the generosity of king Svanaya?",   # one word of the theme, a patron's verse asked for
    "which verse says the Fathers adorned the night sky?",   # "the Fathers" is one word, the verse is about stars
])
def test_a_verse_asked_for_about_something_else_is_left_to_other_readers(question: str) -> None:
    assert not themes.asks(question)
