"""A "what if" question is read as asking what the hymns say of the thing it supposes away, and the answer says
the hymns tell no alternative history; a reader's own "what if I …" is not. Our own wordings."""
from __future__ import annotations

from pyapp.reading import counterfactual
from reader_turns import ask, cited


def test_the_negation_is_dropped() -> None:
    assert counterfactual.restate("what would have happened if the Ribhus had not made the four cups?") == \
        "What does the RigVeda say about the Ribhus made the four cups?"


def test_a_readers_own_what_if_is_not_restated() -> None:
    assert counterfactual.restate("what if I recite the hymn to Ushas every morning?") is None
    assert counterfactual.restate("What is soma?") is None


def test_a_what_if_in_spanish_is_read_through_its_english(searcher) -> None:
    result = ask(searcher, "¿qué pasaría si Indra no hubiera matado a Vritra?")
    assert counterfactual.NOTE in result.notes
    assert any(searcher.index.by_ref(r) is not None and "ndra" in (searcher.index.by_ref(r).addressee or "")
               for r in cited(result)[:3])
