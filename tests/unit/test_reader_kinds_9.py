"""Issue 19, kinds readers ask (set 9), in our own wordings against the real index: where a name is
first mentioned, a number the myths give, places/animals/implements named in English, and a god of the
hymns compared with another tradition's. The expected verses are worked out from the index in the test
(the padapāṭha in text order, the verse's own words), never copied from an evaluation set.
"""
from __future__ import annotations

import re

import pytest

from pyapp.reading import first_mention, myth_numbers, named_things, parallels
from pyapp.search import Searcher
from pyapp.search.translit import sanskrit_words
from reader_turns import REFUSED, ask, cited


def _first_naming(searcher: Searcher, prefix: str) -> str:
    """The first verse in text order whose padapāṭha (compounds whole too) has a word beginning with ``prefix``."""
    pp = searcher.padapatha
    for ref in pp.refs:
        line = pp.line(ref) or ""
        words = sanskrit_words(line) + sanskrit_words(line.replace("-", ""))
        if any(w.startswith(prefix) for w in words):
            return ref
    raise AssertionError(prefix)


# -- first mentions ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, prefix", [
    ("When does Pushan first show up in the hymns?", "pusan"),
    ("earliest verse naming Aryaman", "aryaman"),
    ("Which verse is the first to mention the Maruts?", "marut"),
])
def test_a_first_mention_names_the_first_verse_in_text_order(searcher: Searcher, question: str, prefix: str) -> None:
    result = ask(searcher, question)
    first = _first_naming(searcher, prefix)
    opening = result.answer.split(". ")[0]
    assert f"RV {first}" in opening, result.answer[:300]
    assert cited(result)[0] == first
    assert "not age" in result.answer  # first in the text is not the oldest


def test_the_first_hymn_to_a_god_leads_with_the_hymn_addressed_to_it(searcher: Searcher) -> None:
    found = first_mention.answer("Which is the first hymn addressed to Ushas?", searcher.index, searcher)
    assert found is not None
    hymn = re.search(r"\bis RV (\d+\.\d+)\b", found.text.split(". ")[0]).group(1)
    verses = [v for v in searcher.index.verses if v.ref.startswith(hymn + ".")]
    assert any("uṣ" in (v.deity or "") for v in verses)
    # no earlier hymn is addressed mainly to her
    assert "first hymn addressed to" in found.text.split(". ")[0]


@pytest.mark.parametrize("question", ["What is the first hymn of maṇḍala 4?", "first verse of hymn 2.12",
                                      "Who is the first god praised in the Rigveda?"])
def test_a_position_in_the_book_is_not_a_first_mention(searcher: Searcher, question: str) -> None:
    assert first_mention.answer(question, searcher.index, searcher) is None


# -- numbers in the myths ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, words, values", [
    ("Thrice-sixty Maruts, waxing strong, were with thee", ("marut",), [180]),
    ("have horses, seven in tale, who draw them onward", ("horse",), [7]),
    ("three and thirty Gods", ("god",), [33]),
    ("two bay steeds and one chariot", ("steed",), [2]),
])
def test_number_words_beside_a_noun_are_read(text: str, words: tuple, values: list) -> None:
    assert myth_numbers.number_pairs(text, words) == values


def test_how_many_asks_the_myth_and_answers_with_the_number_first(searcher: Searcher) -> None:
    found = myth_numbers.answer("How many tongues has Agni got?", searcher.index, searcher)
    assert found is not None
    number = found.text.split(":")[0].lower()
    lead = searcher.index.by_ref(found.refs[0])
    assert number in (lead.translation or "").lower()  # the verse cited says that number
    assert "tongue" in (lead.translation or "").lower()
    assert "verses of the rigveda name" not in found.text.lower()  # never a mention count


@pytest.mark.parametrize("question", ["Who crossed the seven rivers with Indra?", "Which god has three heads?"])
def test_a_number_inside_another_question_is_not_read_as_asked(question: str) -> None:
    assert myth_numbers.read_number_question(question) is None  # they ask who / which god, not what the seven are


@pytest.mark.parametrize("question", ["How many hymns are in maṇḍala 2?", "How many verses name Soma?",
                                      "How many seers composed the Rigveda?"])
def test_counts_of_the_text_are_not_myth_numbers(searcher: Searcher, question: str) -> None:
    assert myth_numbers.answer(question, searcher.index, searcher) is None


# -- places, animals, implements --------------------------------------------------------------------------

def test_a_modern_river_name_finds_the_vedic_river(searcher: Searcher) -> None:
    result = ask(searcher, "Does the Rig Veda mention the Chenab?")
    assert REFUSED not in result.answer.lower()
    assert result.answer.startswith("Yes")
    refs = cited(result)
    pp = searcher.padapatha
    assert any(w.startswith("asikn") for w in sanskrit_words(pp.line(refs[0]) or ""))


def test_which_hymn_is_about_an_animal_names_the_hymn_that_keeps_naming_it(searcher: Searcher) -> None:
    found = named_things.answer("Which sukta is all about the frogs?", searcher.index, searcher)
    assert found is not None
    hymn = found.text.split(" ")[1]
    naming = [v.ref for v in searcher.index.verses if v.ref.startswith(hymn + ".")
              and any(w.startswith("manduk") for w in sanskrit_words(searcher.padapatha.line(v.ref) or ""))]
    assert len(naming) >= 3


@pytest.mark.parametrize("question", ["What does the sea stand for in the hymns of Varuna?", "The horse sacrifice"])
def test_a_thing_named_in_passing_is_left_to_the_search(searcher: Searcher, question: str) -> None:
    assert named_things.answer(question, searcher.index, searcher) is None


def test_a_short_name_is_matched_as_a_whole_word() -> None:
    kubha = next(t for t in named_things.things_in("the Kabul river"))
    assert "kubha" in kubha.exact and not any("kubhanyava".startswith(s) for s in kubha.stems)


# -- another tradition's gods -----------------------------------------------------------------------------

def test_a_likeness_to_another_traditions_god_is_answered_from_the_gods_hymns(searcher: Searcher) -> None:
    result = ask(searcher, "Is Indra the Vedic counterpart of the Norse Thor?")
    assert REFUSED not in result.answer.lower()
    assert "comparative" in result.answer  # the hymns do not state the likeness
    refs = cited(result)
    assert refs and all("indra" in (searcher.index.by_ref(r).deity or "") for r in refs[:3])


def test_another_traditions_text_is_still_another_subject(searcher: Searcher) -> None:
    assert parallels.compares("Is Indra like the Norse Thor?")
    assert not parallels.compares("Who is Indra?")
    result = ask(searcher, "What does the Quran say about Agni?")
    assert REFUSED in result.answer.lower()
