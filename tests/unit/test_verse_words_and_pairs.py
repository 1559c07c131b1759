"""One verse's word for an idea, two verses' wording side by side, and a deed put in the wrong hymn of
the wrong god (``pyapp/reading/word_in_verse.py``, ``compare_wording.py``; ``pyapp/agents/word_in_verse.py``,
``compare_wording.py``, ``misplaced.py``).

What a reader sees is checked: the first sentence names the padapāṭha word of *that* verse and cites it;
two verses are both cited and a repeated verse is called the same; a hymn that never names the god
asked about is corrected to where the deed is told. Verses are chosen at test time from their own
links and texts, and the wordings are our own, not any eval set's.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import List, Tuple

import pytest

from pyapp.agents.word_links import link_verse
from pyapp.index import RigvedaIndex
from pyapp.reading import compare_wording, word_in_verse
from pyapp.reading.references import HymnTable
from pyapp.search import Searcher
from reader_turns import ask, cited


@pytest.fixture(scope="module")
def table(index_dir: Path) -> HymnTable:
    return HymnTable(RigvedaIndex.load(str(index_dir)))


def _first_sentence(text: str) -> str:
    return text.split("\n")[0]


@pytest.mark.parametrize("question, ideas", [
    ("Which word in RV 4.2.3 stands for 'horse'?", ["horse"]),
    ("what's the sanskrit word for “father” in 1.164.33", ["father"]),
    ("In 7.86.4 which term means the idea of sin?", ["the idea of sin"]),
    ("Which words of 2.12.1 say 'born' and 'mighty'?", ["born", "mighty"]),
])
def test_a_verse_and_an_idea_are_read_as_a_word_of_that_verse(table: HymnTable, question: str,
                                                                ideas: List[str]) -> None:
    task = word_in_verse.read(question, table)
    assert task is not None and task.task == "word_in_verse" and task.span.level == "verse"
    assert task.topics == ideas


@pytest.mark.parametrize("question", [
    "What is the Sanskrit word for horse?",  # no verse: the reverse lexicon answers it
    "Explain RV 1.1.1 word by word",  # a word-by-word reading, not one word
    "Are RV 1.1.1 and RV 1.1.2 word for word the same?",  # two verses: a comparison
])
def test_other_questions_are_not_one_verses_word(table: HymnTable, question: str) -> None:
    assert word_in_verse.read(question, table) is None


@pytest.mark.parametrize("ref", ["1.32.2", "10.34.1", "5.80.1"])
def test_the_first_sentence_names_the_word_griffith_renders_that_way(searcher: Searcher, ref: str) -> None:
    verse, line = searcher.index.by_ref(ref), searcher.padapatha.line(ref)
    links = [l for l in link_verse(line, verse.translation, searcher.text_index, searcher.terms)
             if l.english and l.source in ("lexicon", "hymns") and len(l.english) >= 4 and l.english.isalpha()]
    assert links, ref
    link = links[0]
    result = ask(searcher, f"Which Sanskrit word of RV {ref} means '{link.english.lower()}'?")
    first = _first_sentence(result.answer)
    assert link.word in first and f"[RV {ref}]" in first
    assert ref in cited(result)


def test_a_meaning_the_translation_words_otherwise_is_found_by_its_verb_root(searcher: Searcher) -> None:
    result = ask(searcher, "Which word of the Gāyatrī mantra says 'we contemplate'?")
    first = _first_sentence(result.answer)
    assert "dhīmahi" in first and "3.62.10" in first


def test_an_idea_in_another_language_is_read_with_that_languages_words(searcher: Searcher) -> None:
    result = ask(searcher, "ऋग्वेद 10.129.3 में 'अंधकार' का संस्कृत शब्द कौन सा है?")
    first = _first_sentence(result.answer)
    assert "darkness" in first.lower() and "tamaḥ" in first


def _repeated_pair(searcher: Searcher) -> Tuple[str, str]:
    seen = defaultdict(list)
    for verse in searcher.index.verses:
        line = searcher.padapatha.line(verse.ref)
        if line and len(line.split()) >= 8:
            seen[line].append(verse.ref)
    return next(tuple(refs[:2]) for refs in seen.values() if len(refs) >= 2 and
                refs[0].rsplit(".", 1)[0] != refs[1].rsplit(".", 1)[0])


def test_two_verses_named_for_comparison_are_both_read(table: HymnTable) -> None:
    for question in ("Set RV 1.1.1 beside RV 1.1.2: how does the wording differ?",
                     "Je, Rigveda 1.1.1 na 1.1.2 zina maneno sawa?"):  # Swahili, which code cannot read
        task = compare_wording.read(question, table)
        assert task is not None and task.refs == ["1.1.1", "1.1.2"], question
    assert compare_wording.read("What do RV 1.1.1 and RV 1.1.2 ask of Agni?", table) is None


def test_a_repeated_verse_is_said_to_be_the_same_and_both_places_are_cited(searcher: Searcher) -> None:
    a, b = _repeated_pair(searcher)
    result = ask(searcher, f"Do {a} and {b} have identical wording?")
    first = _first_sentence(result.answer)
    assert "same verse" in first and f"RV {a}" in first and f"RV {b}" in first
    assert {a, b} <= set(cited(result))


def test_two_different_verses_are_compared_word_by_word(searcher: Searcher) -> None:
    result = ask(searcher, "Compare the wording of RV 1.1.1 with RV 1.1.2.")
    first = _first_sentence(result.answer)
    assert "differ" in first and "[RV 1.1.1]" in first and "[RV 1.1.2]" in first


def test_a_deed_put_in_a_hymn_that_never_names_the_god_is_moved_to_where_it_is(searcher: Searcher) -> None:
    result = ask(searcher, "In hymn 1.1, how does Mitra smite Vṛtra with the thunderbolt?")
    first = _first_sentence(result.answer)
    assert first.startswith("Two corrections") and "Indra" in first
    assert any(not r.startswith("1.1.") for r in cited(result))


@pytest.mark.parametrize("question, reads", [
    ("What is Varuṇa likened to when he spreads the earth?", True),
    ("Which hymn says Ushas shines like a young girl?", True),
    ("Compare Mitra and Varuna.", False),  # two gods side by side
    ("Why are the Maruts compared to birds?", False),  # an image explained
    ("Who is Agni?", False),
])
def test_a_simile_is_read_only_when_a_comparison_to_something_is_asked(question: str, reads: bool) -> None:
    from pyapp.reading import simile

    assert (simile.read(question, ["Varuna"]) is not None) is reads


def test_a_simile_answer_lists_comparisons_from_the_subjects_verses(searcher: Searcher) -> None:
    result = ask(searcher, "What is Agni compared to when he eats the forest?")
    first = _first_sentence(result.answer)
    assert first.startswith("In the RigVeda, Agni is compared") and "[RV " in first
    for ref in cited(result)[:3]:
        verse = searcher.index.by_ref(ref)
        assert "agni" in (verse.deity or "").lower() or "agni" in verse.translation.lower()
        assert " like " in f" {verse.translation.lower()} " or " as " in f" {verse.translation.lower()} "
