"""Kinds of questions readers ask (issue 19): yes/no, multiple choice, counts of mentions and of a
seer's hymns, maṇḍala comparisons, two constraints, practices and modern topics. Each is asked in
our own wordings (other gods, seers and numbers than the held-out set's) and checked on what the
reader sees first: the opening words, the number, the book, the hymns cited."""
from __future__ import annotations

import re
from typing import List

import pytest

from pyapp.counts import god_hymns, seer_hymns
from pyapp.reading import asked_kind, choices, practice, references
from pyapp.search import Searcher
from pyapp.search.translit import fold_sanskrit
from reader_turns import ask, cited


def read(searcher: Searcher, question: str):
    return asked_kind.answer(question, searcher.index, searcher)


def hymns_of(refs: List[str]) -> List[str]:
    return [r.rsplit(".", 1)[0] if r.count(".") == 2 else r for r in refs]


# -- maṇḍala comparisons ---------------------------------------------------------------------------
def test_the_book_with_most_hymns_to_a_god_is_named_first_with_its_count(searcher: Searcher) -> None:
    found = read(searcher, "In which maṇḍala is Indra praised the most?")
    god = god_hymns(searcher.index, "Indra")
    per_book = {}
    for ref in god.alone + god.joint_refs:
        per_book[int(ref.split(".")[0])] = per_book.get(int(ref.split(".")[0]), 0) + 1
    book = max(per_book, key=lambda b: (per_book[b], -b))
    assert found is not None and found.text.startswith(f"Maṇḍala {book} ")
    assert f"{per_book[book]} of the" in found.text and "Indra" in found.text.split(":")[0]
    assert all(r.startswith(f"{book}.") for r in found.refs)


def test_a_comparison_among_the_family_books_stays_within_them(searcher: Searcher) -> None:
    found = read(searcher, "Among the family books, which one has the most verses?")
    assert found is not None and re.match(r"Of maṇḍalas 2–7, maṇḍala [2-7] ", found.text)
    assert "maṇḍala 1:" not in found.text and "maṇḍala 10:" not in found.text


def test_the_whole_texts_ranking_is_left_to_the_fact_module(searcher: Searcher) -> None:
    from pyapp.reading import mandala_compare
    assert mandala_compare.answer("Which mandala has the most hymns?", searcher.index) is None


# -- two constraints --------------------------------------------------------------------------------
def test_a_seer_and_a_god_are_both_kept(searcher: Searcher) -> None:
    found = read(searcher, "hymns to Agni by Vishvamitra?")
    seer = set(seer_hymns(searcher.index, "Vishvamitra").refs)
    assert found is not None and found.subject_hymns
    assert set(found.subject_hymns) <= seer and all(r.startswith("3.") or r in seer for r in found.subject_hymns)
    for ref in found.subject_hymns:
        assert "Agni" in searcher.index.by_ref(f"{ref}.1").addressee, ref


def test_a_metre_and_a_book_narrow_a_gods_hymns(searcher: Searcher) -> None:
    found = read(searcher, "an Indra hymn in the jagati metre from book 10")
    assert found is not None and found.subject_hymns
    assert all(r.startswith("10.") for r in found.subject_hymns)
    assert "Jagatī" in found.text and "Indra" in found.text


def test_no_hymn_meets_both_constraints_says_so(searcher: Searcher) -> None:
    found = read(searcher, "a hymn by Vasishtha to Agni in maṇḍala 2")
    assert found is not None and found.text.startswith("No hymn") and not found.refs


# -- counts -----------------------------------------------------------------------------------------
def test_a_mention_count_states_the_number_of_verses_and_cites_them(searcher: Searcher) -> None:
    found = read(searcher, "How many verses of the RigVeda mention the Parushni?")
    assert found is not None
    n = int(re.match(r"(\d+) verses? ", found.text).group(1))
    assert 1 <= n <= 10 and len(found.refs) == min(n, 10)
    for ref in found.refs:
        assert "parusn" in fold_sanskrit(searcher.padapatha.line(ref) or "")  # paruṣṇī, parūṣṇīm …


def test_a_mention_count_is_not_the_addressed_count(searcher: Searcher) -> None:
    found = read(searcher, "how many verses mention Ushas")
    assert found is not None and "addressed to" in found.text  # says which count it is, and gives the other


def test_a_seers_attributed_hymns_are_counted_as_his(searcher: Searcher) -> None:
    found = read(searcher, "How many hymns are attributed to Vamadeva?")
    seer = seer_hymns(searcher.index, "Vamadeva")
    assert found is not None and found.text.startswith(f"{len(seer.refs)} hymns are attributed to Vāmadeva")


# -- multiple choice --------------------------------------------------------------------------------
@pytest.mark.parametrize("question, expected", [
    ("Which god is the divine priest of the sacrifice? (a) Mitra (b) Pushan (c) Agni (d) Vayu", ["Agni"]),
    ("Who among these was a woman seer: Apala / Gargi / Maitreyi / Sita?", ["Apala"]),
    ("Which river is named in the fewest verses? a) Sarasvati b) Sindhu c) Parushni d) Vipash", None),
])
def test_the_chosen_option_opens_the_answer(searcher: Searcher, question: str, expected) -> None:
    stem, opts = choices.options(question)
    assert len(opts) == 4
    found = read(searcher, question)
    assert found is not None
    chosen = re.match(r"\(([a-d])\) ([^—]+) —", found.text)
    assert chosen is not None
    if expected:
        assert chosen.group(2).strip() in expected
    else:  # the fewest: the count beside it is the smallest of the four
        counts = [len(__import__("pyapp.reading.counting", fromlist=["x"]).mentions(searcher, o)) for o in opts]
        assert counts["abcd".index(chosen.group(1))] == min(c for c in counts if c)


def test_numeric_options_are_left_to_the_readers_that_know_them(searcher: Searcher) -> None:
    assert choices.answer("Where is the Purusha Sukta? 10.90 / 1.1 / 3.62 / 7.86", searcher.index, searcher) is None


# -- yes / no ---------------------------------------------------------------------------------------
def test_a_claim_the_verses_make_opens_with_yes(searcher: Searcher) -> None:
    found = read(searcher, "Does Indra drink the soma?")
    assert found is not None and found.text.startswith("Yes — ") and found.refs


def test_a_deed_of_another_god_opens_with_no_and_names_him(searcher: Searcher) -> None:
    found = read(searcher, "Was it Mitra who killed Vritra?")
    assert found is not None and found.text.startswith("No — ") and "Indra" in found.text.split(":")[0]


def test_no_evidence_either_way_is_left_to_the_search(searcher: Searcher) -> None:
    assert read(searcher, "Does the Rigveda mention computers and telephones?") is None


# -- practices and modern topics --------------------------------------------------------------------
def test_every_practice_cites_verses_of_the_index(searcher: Searcher) -> None:
    for entry in practice.entries():
        found = practice.answer_entry(entry, searcher.index)
        assert found is not None and len(found.refs) == len(set(found.refs)), entry.id
        assert all(searcher.index.by_ref(r) is not None for r in found.refs)


@pytest.mark.parametrize("question, hymn", [
    ("What mantra do people chant at a funeral pyre?", "10.16"),
    ("Which hymn should be sung for rain during a drought?", "5.83"),
    ("what does the rig veda teach about dice and gambling", "10.34"),
    ("How does the Rigveda view charity?", "10.117"),
])
def test_a_practice_or_theme_names_its_passage_first(searcher: Searcher, question: str, hymn: str) -> None:
    found = read(searcher, question)
    assert found is not None and hymn in hymns_of(found.refs)
    assert f"RV {hymn}" in re.split(r"(?<=\.)\s", found.text)[0] or f"[RV {hymn}." in found.text


def test_the_speller_keeps_a_rites_name() -> None:
    assert practice.knows("sandhya") and practice.knows("havan") and not practice.knows("the")


def test_after_death_is_a_topic_not_the_verse_after_the_rigveda(searcher: Searcher) -> None:
    result = ask(searcher, "What does the Rig Veda say about life after death?")
    assert "no hymn after" not in result.answer
    assert {"10.14", "10.16", "10.18", "9.113"} & set(hymns_of(cited(result)))


def test_the_topic_asked_about_wins_over_a_word_of_the_story(searcher: Searcher) -> None:
    found = read(searcher, "My sister's husband bets on horses and it is ruining their marriage; what does the "
                           "Rigveda say about gambling?")
    assert found is not None and "10.34" in hymns_of(found.refs)


@pytest.mark.parametrize("question", [
    "is Mitra the same as Varuna?",  # an identity, not a co-occurrence
    "My horoscope says Venus is rising - what does it say about my marriage?",  # not about the hymns
])
def test_questions_these_readers_must_leave_alone(searcher: Searcher, question: str) -> None:
    assert read(searcher, question) is None


@pytest.mark.parametrize("question", ["Is transmigration of souls taught anywhere in the Rig Veda?",
                                      "Do the Vedic hymns speak of reincarnation at all?"])
def test_a_theme_with_a_framed_named_passage_is_answered_by_its_framing(searcher: Searcher, question: str) -> None:
    """The afterlife passage's framing says the hymns teach no rebirth: a yes/no or theme reading must not
    open with "Yes —" because verses about the dead exist."""
    result = ask(searcher, question)
    first = result.answer.split("\n")[0]
    assert not first.startswith("Yes") and "no rebirth" in first
