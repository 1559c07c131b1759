"""Set 15's hymn-table kinds as mechanisms (issue 19): where a hymn stands (hymns after/before it, between
two, its number counting from 1.1, its place in its maṇḍala), a hymn found by its verse count under a god
and a maṇḍala, and the seer the last answer named as the entity of "what else did he compose?". Asked in
our own wordings, about other hymns, gods and seers than the held-out set's; every expected number is
computed from the index, never copied."""
from __future__ import annotations

import re

from pyapp import facts as F
from pyapp.factbook import position
from pyapp.reading import asked_kind, hymn_query
from pyapp.search import Searcher

from tests.unit.reader_turns import ask, cited


def read(searcher: Searcher, question: str):
    return asked_kind.answer(question, searcher.index, searcher)


def _count(searcher: Searcher, mandala: int) -> int:
    return searcher.index.hymn_count(mandala)


# -- position --------------------------------------------------------------------------------------
def test_hymns_after_a_named_hymn_are_counted_in_its_book(searcher: Searcher) -> None:
    found = read(searcher, "How many hymns follow the Hymn to Night in its book?")
    after = _count(searcher, 10) - 127
    assert found is not None and found.text.startswith(f"{after} hymns come after RV 10.127 in maṇḍala 10")


def test_hymns_between_two_references_and_their_distance(searcher: Searcher) -> None:
    found = read(searcher, "How many hymns are there between 7.86 and 7.89?")
    assert found is not None and found.text.startswith("2 hymns lie between RV 7.86 and RV 7.89: they are 3 hymns apart")
    assert {"7.86.1", "7.89.1"} <= set(found.refs)


def test_the_number_of_a_hymn_counting_from_the_first(searcher: Searcher) -> None:
    facts = F.facts_for(searcher.index)
    expected = sum(_count(searcher, m) for m in range(1, 4)) + 58
    found = read(searcher, "Counting from hymn 1.1, what number is the hymn to the ghee, 4.58?")
    assert found is not None and f"RV 4.58 is hymn number {expected} of {len(facts.hymns)}" in found.text


def test_a_hymn_after_the_valakhilya_has_two_numbers(searcher: Searcher) -> None:
    facts = F.facts_for(searcher.index)
    assert facts.valakhilya, "the index marks the Vālakhilya hymns"
    with_all = position.ordinal(facts, "9.1")
    without = position.ordinal(facts, "9.1", skip_valakhilya=True)
    assert with_all - without == len(facts.valakhilya)
    found = read(searcher, "What is the position of 9.1 in the whole Rigveda?")
    assert found is not None and str(with_all) in found.text and str(without) in found.text


def test_the_penultimate_hymn_is_told_as_such(searcher: Searcher) -> None:
    last = _count(searcher, 4)
    found = read(searcher, f"Is 4.{last - 1} near the end of the fourth mandala?")
    assert found is not None and "second-to-last" in found.text.split(".")[0] + found.text


def test_the_last_hymn_of_a_book_answers_yes(searcher: Searcher) -> None:
    last = _count(searcher, 2)
    found = read(searcher, f"Is hymn 2.{last} the final hymn of book 2?")
    assert found is not None and found.text.startswith(f"Yes: RV 2.{last} is the last hymn of maṇḍala 2")


def test_a_count_of_hymns_without_a_named_hymn_is_not_a_position() -> None:
    assert hymn_query.read("How many hymns are in the fifth mandala?") is None
    assert hymn_query.read("Who composed the first hymn of book 4?") is None or \
        hymn_query.read("Who composed the first hymn of book 4?").op != "position"


def test_the_origin_of_a_count_is_not_the_hymn_asked_about() -> None:
    assert hymn_query.named_hymns("counting from 1.1, what number is 6.75?") == ["6.75"]


# -- a hymn by its verse count under other constraints ---------------------------------------------
def test_a_hymn_of_a_god_in_a_book_found_by_its_verse_count(searcher: Searcher) -> None:
    from pyapp.counts import god_hymns

    facts = F.facts_for(searcher.index)
    god = god_hymns(searcher.index, "Agni", 5)
    counts = {}
    for ref in god.alone:
        counts.setdefault(facts.hymn(ref).verses, []).append(ref)
    n, refs = next((n, refs) for n, refs in sorted(counts.items(), reverse=True) if len(refs) == 1)
    found = read(searcher, f"Which Agni hymn in book 5 has {n} verses?")
    assert found is not None and found.refs[:1] == [f"{refs[0]}.1"]
    assert f"with {n} verses" in found.text


# -- the seer the last answer named ------------------------------------------------------------------
def test_what_else_he_composed_lists_the_seers_other_hymns(searcher: Searcher) -> None:
    result = ask(searcher, "Tell me about the hymn RV 3.33.", "Who composed it?", "What other hymns did he write?")
    refs = {r.rsplit(".", 1)[0] for r in cited(result)}
    assert refs and all(r.startswith("3.") for r in refs) and "3.33" not in refs
    assert "besides RV 3.33" in result.answer


def test_who_is_the_rishi_names_the_last_hymns_seer(searcher: Searcher) -> None:
    result = ask(searcher, "What is hymn 4.50 about?", "who is the rishi")
    first = result.answer.split(". ")[0]
    assert "Vāmadeva" in first and "4.50" in first


def test_a_god_pointed_at_is_not_read_as_a_seer(searcher: Searcher) -> None:
    result = ask(searcher, "Who is Savitr?", "Which hymns are addressed to him?")
    assert "as the seer of" not in result.answer.split(". ")[0]


# -- a family named by the plural of its seer ----------------------------------------------------------
def test_a_seers_plural_names_his_family(searcher: Searcher) -> None:
    from pyapp.counts import seer_hymns

    family = seer_hymns(searcher.index, "Bharadvāja")
    found = read(searcher, "Which hymns of the Bharadvajas are addressed to Pushan?")
    assert found is not None and "family" in found.text.split(":")[0]
    assert all(r.rsplit(".", 1)[0] in set(family.refs) | set(family.family) for r in found.refs)


# -- two gods invoked together ----------------------------------------------------------------------------
def test_two_gods_together_are_found_by_their_dual(searcher: Searcher) -> None:
    found = read(searcher, "Do Mitra and Varuna get hymns as a pair?")
    assert found is not None and found.text.startswith("Yes: ")
    for ref in found.refs:
        verse = searcher.index.by_ref(ref)
        folded = re.sub(r"[^a-z]", "", __import__("pyapp.diacritics", fromlist=["strip_marks"]).strip_marks(
            verse.deity or "").lower())
        assert "mitra" in folded and "varun" in folded


def test_one_god_with_together_is_not_a_pair(searcher: Searcher) -> None:
    from pyapp.reading import joint_deity

    assert joint_deity.answer("Which hymns call the Maruts together?", searcher.index) is None
