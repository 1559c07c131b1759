"""Answers that read right (issue 20): a bare name is a question about that god or seer, in any
script; every answer starts with a capital where the script has one; a comparison's counts are
those of the list answers."""
from __future__ import annotations


import pytest

from pyapp.agents.text import capital_first
from pyapp.lexicon import norm
from pyapp.orchestrator import Orchestrator
from pyapp.reading.bare_name import bare_name
from reader_turns import ask_alone


@pytest.fixture(scope="module")
def lexicon(searcher):
    return Orchestrator(searcher).lexicon


@pytest.mark.parametrize("typed, name", [
    ("वरुण", "Varuṇa"), ("वरुणः", "Varuṇa"), ("इन्द्र", "Indra"), ("Varuṇa", "Varuṇa"), ("varuna?", "Varuṇa"),
    ("  Agni ", "Agni"), ("Vasishtha", "Vasiṣṭha"),
])
def test_a_bare_name_in_any_script_is_that_name(lexicon, typed: str, name: str) -> None:
    found = bare_name(typed, lexicon)
    assert found is not None and norm(found) == norm(name)


@pytest.mark.parametrize("typed", ["Who is Varuna?", "Varuna and Mitra", "अग्निमीळे पुरोहितं", "water", "the", "",
                                   "What is rta?", "1.1"])
def test_anything_more_than_a_name_is_not_a_bare_name(lexicon, typed: str) -> None:
    assert bare_name(typed, lexicon) is None


@pytest.mark.parametrize("typed", ["वरुण", "Varuṇa", "varuna"])
def test_a_bare_god_name_is_answered_as_who_the_god_is(searcher, typed: str) -> None:
    result = ask_alone(searcher, typed)
    assert result.kind == "answer" and not result.answer.startswith("These words are found")
    assert "addressed mainly to Varuṇa" in result.answer.split("Key verses")[0]
    assert "shared with Mitra (Mitra–Varuṇa)" in result.answer  # joint hymns named as the pair


@pytest.mark.parametrize("typed, asked", [("ऋत", "What does ṛta mean?"), ("yajna", "What does yajña mean?"),
                                           ("soma", "Who is Soma?"), ("वरुण", "Who is Varuna?")])
def test_a_bare_term_asks_what_it_means_and_a_bare_god_who_it_is(searcher, lexicon, typed: str, asked: str) -> None:
    """A hand-glossed concept (yajña: "sacrifice") is a term though some verse makes it a deity; a
    term glossed as a god (soma) stays a name."""
    from pyapp.reading.bare_name import bare_question

    assert norm(bare_question(typed, lexicon, searcher.terms) or "") == norm(asked)


def test_capital_first_covers_scripts_and_markup() -> None:
    assert capital_first("soma means the pressed drink") == "Soma means the pressed drink"
    assert capital_first("ṛta means order") == "Ṛta means order"
    assert capital_first("“dakṣiṇā” is …") == "“Dakṣiṇā” is …"
    assert capital_first("- agni is fire") == "- Agni is fire"
    assert capital_first("वरुण is …") == "वरुण is …"  # Devanagari has no capitals
    assert capital_first("10 hymns …") == "10 hymns …" and capital_first("") == ""


@pytest.mark.parametrize("question", [
    "what does dakshina mean?", "soma", "what is rta", "how many hymns are addressed to mitra?",
    "compare mitra and varuna", "agním īḷe puróhitaṃ", "write me a python script",
])
def test_every_answer_starts_with_a_capital(searcher, question: str) -> None:
    answer = ask_alone(searcher, question).answer
    first = next(ch for ch in answer if ch.isalnum())
    assert not (first.isalpha() and first.islower()), answer[:80]


def test_a_comparison_counts_joint_hymns_as_joint(searcher) -> None:
    answer = ask_alone(searcher, "Compare Mitra and Varuṇa").answer
    lead = answer.split("The verses of each")[0]
    assert "1 hymn to Mitra alone" in lead and "shared with Varuṇa (Mitra–Varuṇa)" in lead
    assert "10 hymns to Varuṇa alone" in lead and "25 hymns" not in lead


def test_a_hymn_list_ending_a_sentence_is_not_read_as_a_verse_citation() -> None:
    """"… RV 7.89, RV 8.41. 9 more hymns …": the sentence ends after hymn 8.41; it is not RV 8.41.9,
    which the check would drop as not provided, taking the number with it."""
    from pyapp.citations import check_citations, find_citations

    text = "Hymns to Varuṇa: RV 7.89, RV 8.41. 9 more hymns address him; see RV 1.25.10 and [RV 1.25.5]."
    assert find_citations(text) == ["1.25.10", "1.25.5"]
    checked = check_citations(text, ["1.25.10", "1.25.5"])
    assert "RV 8.41. 9 more hymns" in checked.text and not checked.removed
