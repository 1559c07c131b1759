"""``pyapp.search.cover``: the verse that has several of the question's content words together leads
the generic path (in the reader's English words, a Sanskrit term hidden by sandhi, or a number in digits)."""
from __future__ import annotations

import asyncio

import pytest

from pyapp.eval.pipeline import make_engine
from pyapp.orchestrator import Orchestrator
from pyapp.search import cover
from pyapp.search.translit import sanskrit_words


def test_numbers_are_spoken_as_griffith_writes_them() -> None:
    assert cover.spoken(360) == ["three", "hundred", "sixty"]
    assert cover.spoken(1028) == ["one", "thousand", "twenty", "eight"]
    assert cover.spoken(12) == ["twelve"]
    assert cover.spoken(100000) == []


def _translation(searcher, doc: int) -> str:
    return (searcher.index.verses[doc].translation or "").lower()


def test_the_verse_with_both_words_wins_over_one_word_repeated(searcher) -> None:
    ti = searcher.text_index
    found = cover.concepts(ti, ["comrade", "neighbour"])
    best = cover.covering(found, ti.n_docs, ti.scores("comrade neighbour"))
    assert best and best[0][1] == 2
    for doc, _count in best:
        text = _translation(searcher, doc)
        assert "comrade" in text and "neighbour" in text


def test_a_word_in_many_verses_is_no_concept(searcher) -> None:
    ti = searcher.text_index
    labels = [c.label for c in cover.concepts(ti, ["god", "come", "spokes"])]
    assert labels == ["spokes"]  # "god" and "come" are in thousands of verses
    assert cover.covering(cover.concepts(ti, ["spokes"]), ti.n_docs) == []  # one concept picks nothing


def test_a_number_in_digits_finds_the_number_in_words(searcher) -> None:
    ti = searcher.text_index
    found = cover.concepts(ti, ["spokes"], text="the wheel with 360 spokes (see 1.2.3)")
    assert [c.label for c in found] == ["spokes", "360"]  # the verse reference is no number
    best = cover.covering(found, ti.n_docs)
    assert best and all("three hundred and sixty" in _translation(searcher, d) for d, _ in best)


def test_a_form_hidden_by_sandhi_is_found_word_by_word(searcher) -> None:
    ti, pada = searcher.text_index, searcher.padapatha
    if pada is None:
        pytest.skip("no padapāṭha in this index")
    plain = cover.concepts(ti, [], [("mūrdhan", {"murdha"})])[0]
    split = cover.concepts(ti, [], [("mūrdhan", {"murdha"})], pada=pada)[0]
    assert split.df > plain.df
    hidden = [d for d in range(ti.n_docs) if split.mask[d] and not plain.mask[d]]
    ref = searcher.index.verses[hidden[0]].ref
    assert "murdha" not in sanskrit_words(searcher.index.verses[hidden[0]].roman)  # run together with its neighbour
    assert any(w.startswith("mūrdh") for w in pada.words(ref))


def test_the_lead_says_which_words_the_verse_has(searcher) -> None:
    ti = searcher.text_index
    found = cover.concepts(ti, ["comrade", "neighbour", "chariot"])
    doc, _ = cover.covering(found, ti.n_docs)[0]
    said = cover.lead("5.85.7", doc, found)
    assert said.startswith("RV 5.85.7 comes nearest: it has “comrade” and “neighbour” together, though not “chariot”")


def _ask(searcher, question: str):
    orch = Orchestrator(searcher, make_engine("extractive"), None, {"useMemory": False})
    return asyncio.run(orch.run_turn(question, [], None, None))


def test_a_question_naming_two_sanskrit_words_opens_with_the_verse_that_has_both(searcher) -> None:
    result = _ask(searcher, "In which verse do grishma and sharad occur?")
    first = result.answer.split("\n")[0]
    assert first.startswith("RV 10.90.6 has the question's words")
    assert "grīṣma" in first and "śarad" in first  # as the verse has them, not as typed
    assert "10.90.6" in [v.book_context for v in result.verses]


def test_english_words_alone_do_not_reorder_the_verses(searcher) -> None:
    """A verse with "joins" and "horses" is no answer to what joins the horse in sacrifice."""
    result = _ask(searcher, "Which beast goes along with the horse to the sacrifice?")
    assert "comes nearest: it has" not in result.answer and "has the question's words" not in result.answer.split("\n")[0]


def test_a_final_stop_is_also_looked_up_in_pausa(searcher) -> None:
    ti, pada = searcher.text_index, searcher.padapatha
    if pada is None:
        pytest.skip("no padapāṭha in this index")
    assert cover._pausa("sarad") == ["sarad", "sarat"] and cover._pausa("agni") == ["agni"]
    found = cover.concepts(ti, [], [("grīṣma", {"grisma"}), ("śarad", {"sarad"})], pada=pada)
    best = cover.covering(found, ti.n_docs)
    assert best and best[0][1] == 2  # the verse that has both season words
