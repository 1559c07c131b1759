"""Session 44's reading mechanisms, in our own wordings: a claim asked about a hymn's own god finds the verse that
makes it; a question read from another language keeps the names it has."""
from __future__ import annotations

from typing import Any

from pyapp.lexicon import lexicon_for
from pyapp.reading.names import find_names
from reader_turns import ask, cited


def test_a_claim_about_a_hymns_own_god_finds_the_verse_that_makes_it(searcher: Any) -> None:
    # most of RV 1.165 names Indra, so naming him tells no verse apart; what the question says of him does
    result = ask(searcher, "In RV 1.165, which verse has Indra say that he slew the dragon by himself, without the Maruts?")
    assert cited(result)[0] == "1.165.6" or cited(result)[0] == "1.165.8"
    assert result.answer.startswith("In RV 1.165, the verse that speaks most to the question is")


def test_cyrillic_kh_is_read_as_sanskrit_h_in_a_name(searcher: Any) -> None:
    lexicon = lexicon_for(searcher.index)
    assert [n.name for n in find_names("Брахманаспати", lexicon).names] == ["Brahmanaspati"]


def test_a_question_read_from_another_language_is_not_refused_for_its_unread_words(searcher: Any) -> None:
    # Ukrainian: "Is it true that Vṛtra frightened all the gods and only the Maruts stayed with Indra?"
    result = ask(searcher, "Чи правда, що Врітра налякав усіх богів і тільки Марути лишилися з Індрою?")
    assert result.kind != "off_topic"


def test_and_in_another_book_asks_the_last_question_of_that_book(searcher: Any) -> None:
    result = ask(searcher, "Which hymns of the fourth mandala are to the Ṛbhus?", "and in mandala 1?")
    assert result.verses and all(r.startswith("1.") for r in cited(result)[:3])
    assert "maṇḍala 1" in result.answer.split("[RV")[0] or "mandala 1" in result.answer.split("[RV")[0]


def test_a_book_alone_with_a_question_of_its_own_is_no_swap() -> None:
    from pyapp.agents.history import HistoryTurn
    from pyapp.reading.scope_swap import swap

    last = [HistoryTurn(question="Which hymns of mandala 2 are to Agni?", answer="…")]
    assert swap("what about the seventh mandala?", last) == "Which hymns in mandala 7 are to Agni?"
    assert swap("which hymns of mandala 8 go to the Aśvins?", last) is None
    assert swap("and in mandala 8?", []) is None
    # the book named by an ordinal in another language (the number table's): German, Spanish, Hindi
    assert swap("und im neunten Mandala?", last) == "Which hymns in mandala 9 are to Agni?"
    assert swap("¿y en el quinto mandala?", last) == "Which hymns in mandala 5 are to Agni?"
    assert swap("और छठे मंडल में?", last) == "Which hymns in mandala 6 are to Agni?"


def test_which_verse_in_it_looks_inside_the_hymn_the_last_answer_named(searcher: Any) -> None:
    result = ask(searcher, "Is there a hymn to Soma and Rudra together?",
                 "which verse in it asks them to loosen Varuṇa's noose from us?")
    assert cited(result)[0] == "6.74.4"
