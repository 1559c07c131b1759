"""Where a poet or his clan names itself in the verses (pyapp/reading/poet_signature.py): the name's stem with a
case ending in the Sanskrit of the poet's own hymns, in the maṇḍala asked."""
from __future__ import annotations

from pyapp.lexicon import norm
from pyapp.reading import poet_signature
from pyapp.search import Searcher
from reader_turns import ask, cited


def test_only_self_naming_questions_are_read() -> None:
    assert poet_signature.asks_signature("Is there a verse where Kutsa names himself?")
    assert poet_signature.asks_signature("Do the Bharadvajas put their own name in their hymns?")
    assert not poet_signature.asks_signature("Who composed the hymns of book 6?")


def test_the_verses_cited_name_the_poet_in_his_own_hymns(searcher: Searcher) -> None:
    index = searcher.index
    answer = poet_signature.answer("In book 7, where do the Vasishthas name themselves?", index)
    assert answer is not None and answer.refs, answer
    for ref in answer.refs:
        verse = index.by_ref(ref)
        assert verse.mandala == 7
        assert "vasisth" in norm(verse.roman)
        assert "vasisth" in norm(verse.rishi)


def test_a_short_name_needs_a_case_ending(searcher: Searcher) -> None:
    answer = poet_signature.answer("Does Atri name himself in his own hymns?", searcher.index)
    assert answer is not None and answer.refs
    for ref in answer.refs:  # atraye, atrim … never atra ("here") alone
        words = norm(searcher.index.by_ref(ref).roman).split()
        assert any(w.startswith("atr") and w != "atra" for w in words), ref


def test_a_reader_asking_in_the_app_gets_those_verses(searcher: Searcher) -> None:
    result = ask(searcher, "Does Gotama's clan ever call themselves by name in their hymns?")
    refs = cited(result)
    assert refs and all("gotam" in norm(searcher.index.by_ref(r).roman) for r in refs[:3]), result.answer[:200]
