"""Issue 19: names with two slips in any script, read as the names meant (``pyapp.reading.name_match``), and
ordinary words left as words. Misspellings and sentences are our own, none of the answer sets'."""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading.name_match import NameMatcher, damerau, skeleton
from pyapp.search import Searcher


# -- the skeleton and the distance -----------------------------------------------------------------------

@pytest.mark.parametrize("typed, name", [
    ("prajapathy", "Prajāpati"), ("vasishtta", "Vasiṣṭha"), ("Brrihaspathy", "Bṛhaspati"), ("aaryamman", "Aryaman"),
    ("maroots", "Maruts"), ("ushhass", "Uṣas"),
])
def test_two_spellings_of_one_name_share_a_skeleton(typed: str, name: str) -> None:
    assert skeleton(typed) == skeleton(name)


def test_damerau_counts_a_swap_as_one_slip_and_stops_at_the_limit() -> None:
    assert damerau("mtir", "mitr", 2) == 1
    assert damerau("sarsavt", "sarasvat", 2) == 2
    assert damerau("abcdef", "uvwxyz", 2) == 3  # above the limit: limit + 1
    assert damerau("sand", "sind", 1, change=2) == 2  # a changed letter is two slips where only one is allowed


# -- the matcher over a small table (no index) ----------------------------------------------------------

@pytest.fixture(scope="module")
def matcher() -> NameMatcher:
    names = [("indra", "Indra", 900), ("mitra", "Mitra", 200), ("varuna", "Varuṇa", 300), ("agastya", "Agastya", 40),
             ("parjanya", "Parjanya", 30), ("pusan", "Pūṣan", 60), ("vayu", "Vāyu", 80), ("sarama", "Saramā", 10),
             ("gandharva", "Gandharva", 20), ("indrani", "Indrāṇī", 10), ("parusni", "Paruṣṇī", 0)]
    return NameMatcher(names)


@pytest.mark.parametrize("typed, meant", [
    ("Agsatya", "Agastya"),  # two letters swapped, y for i
    ("parjjanyaa", "Parjanya"),  # a doubled consonant and a long final vowel
    ("poosshan", "Pūṣan"),  # oo, a doubled s, the stem's -an
    ("vaayuu", "Vāyu"),
    ("Sarrama", "Saramā"),
    ("Parushnni", "Paruṣṇī"),  # a river
    ("Varrna", "Varuṇa"),  # a vowel dropped, a consonant doubled
])
def test_a_name_with_two_slips_is_read_as_the_name(matcher: NameMatcher, typed: str, meant: str) -> None:
    found = matcher.match(typed)
    assert found is not None and found.name == meant


@pytest.mark.parametrize("typed", [
    "Gandhar",  # a name cut short is another word (Gandhāra, the region)
    "sind",  # a changed letter in a short word ("sandhi" is no Sindhu)
    "Vaya",  # too short to tell apart from Vāyu by a changed letter
    "Indra",  # the name as typed: nothing to read
    "Mitrabheda",  # far from every name
])
def test_words_near_no_name_or_too_short_stay_as_typed(matcher: NameMatcher, typed: str) -> None:
    assert matcher.match(typed) is None


def test_a_tie_goes_to_the_name_the_index_names_more_often() -> None:
    found = NameMatcher([("sarama", "Saramā", 1), ("saroma", "Saroma", 50)]).match("sarma")  # one slip from both
    assert found is not None and found.name == "Saroma"
    assert NameMatcher([("sarama", "Saramā", 5), ("saroma", "Saroma", 5)]).match("sarma") is None  # no reading


def test_names_of_a_lexicon_and_the_rivers_table_are_both_targets() -> None:
    matcher = NameMatcher.of(Lexicon())
    assert matcher.match("yamunnaa") is not None and matcher.match("yamunnaa").name.lower() == "yamuna"
    assert matcher.match("Vishnnu").key == "visnu"


# -- in the app's reading ----------------------------------------------------------------------------------

def _frame(searcher: Searcher, question: str):
    from pyapp.orchestrator import Orchestrator

    return Orchestrator(searcher).read_frame(question, [])


@pytest.mark.parametrize("question, typed, meant", [
    ("what did the poets say about sohmaa and its pressing", "sohmaa", "soma"),  # a stray h, a long a
    ("tell me about the seer Agsatya and his wife", "Agsatya", "agastya"),
    ("what is prajapathy's role in creation", "prajapathy", "prajapati"),
])
def test_an_english_question_reads_the_name_and_says_so(searcher: Searcher, question: str, typed: str,
                                                        meant: str) -> None:
    from pyapp.lexicon import norm

    mended = _frame(searcher, question).spelling
    assert mended is not None
    assert any(t == typed and norm(name) == meant for t, name in mended.changes)
    assert "Spelling read as:" in mended.note and typed in mended.note


@pytest.mark.parametrize("question", [
    "Was the samiti an assembly of the tribe?",  # a word of the hymns typed plainly
    "Who wears a mitre at the altar?",  # English
    "What did Indira Gandhi say about the Vedas?",  # a modern person's name
    "Is the sandhi of these words regular?",
])
def test_ordinary_words_are_never_read_as_names(searcher: Searcher, question: str) -> None:
    mended = _frame(searcher, question).spelling
    changed = [typed.lower() for typed, _ in (mended.changes if mended is not None else [])]
    assert not {"samiti", "mitre", "indira", "sandhi"} & set(changed)


def test_a_hindi_question_reads_a_misspelt_name_in_devanagari(searcher: Searcher) -> None:
    frame = _frame(searcher, "ऋग्वेद में पर्जन्न्य कौन हैं?")
    mended = frame.spelling
    assert mended is not None and any(name.lower() == "parjanya" for _, name in mended.changes)
    assert "Parjanya" in mended.text
