"""A well-known story asked about as the RigVeda's gets the verdict first — Yes, Partly or No — then what the hymns
have, cited, then where the rest is told; words that merely stand together in a hymn ("churned", "ocean") no longer
make a later story the RigVeda's, and a spelling the translation lacks no longer makes a story it tells "never
named". Real index, no model."""
from __future__ import annotations

import re
from typing import Any

import pytest

from pyapp.reading import known_story
from reader_turns import ask


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def _cited(answer: str) -> set:
    return set(re.findall(r"\[RV (\d+\.\d+\.\d+)\]", answer))


@pytest.mark.parametrize("question,later", [
    ("Does the Rig Veda contain the tale of Samudra Manthan?", "Purāṇas"),
    ("is the legend of the boat and the fish that saved manu told in the rig-veda", "Brāhmaṇa"),
    ("Is Narsimha killing Hiranyakashyap mentioned in the Rigveda?", "Purāṇas"),
])
def test_a_later_story_is_answered_no_with_where_it_is_told(searcher: Any, question: str, later: str) -> None:
    result = ask(searcher, question)
    first = result.answer.split(". ")[0]
    assert result.answer.startswith("No —"), result.answer[:200]
    assert later in result.answer[:300], result.answer[:300]
    assert "in one hymn" not in first and "together in RV" not in first


def test_a_story_the_hymns_tell_is_found_whatever_the_spelling(searcher: Any) -> None:
    result = ask(searcher, "Is the tale of Dadhichi and his horse-head in the Rig-Veda?")
    assert result.answer.startswith("Yes —"), result.answer[:200]
    assert _cited(result.answer) & {"1.116.12", "1.117.22"}, result.answer[:400]


def test_a_story_told_in_part_says_which_part_is_later(searcher: Any) -> None:
    result = ask(searcher, "shunashepa and king harishchandra — is that story in the rigveda?")
    assert result.answer.startswith("Partly —"), result.answer[:200]
    assert "Aitareya" in result.answer
    assert _cited(result.answer) & {"1.24.12", "1.24.13", "5.2.7"}


def test_where_is_a_story_opens_with_its_verses(searcher: Any) -> None:
    result = ask(searcher, "where in the rigveda can i read about vishpala getting an iron leg?")
    assert result.answer.startswith("The RigVeda tells of Viśpalā's iron leg in RV 1.116.15"), result.answer[:200]


def test_a_story_named_in_devanagari_is_read_as_typed(searcher: Any) -> None:
    result = ask(searcher, "क्या ऋग्वेद में नरसिंह की कथा है?")
    assert result.answer.startswith("No —"), result.answer[:200]


@pytest.mark.parametrize("question", [
    "who composed the hymns ascribed to shunahshepa?",
    "how many verses does the hymn of the battle of the ten kings have?",
    "what does the word churning mean in sanskrit?",
])
def test_other_questions_about_the_same_names_are_left_to_their_readers(question: str) -> None:
    assert not known_story.asks(question)


def test_every_story_of_the_table_is_well_formed_and_cites_real_verses(searcher: Any) -> None:
    index = searcher.index
    stories = known_story.stories()
    assert len(stories) >= 30
    for story in stories:
        assert story.verdict in {"yes", "partly", "no"}, story.id
        assert story.names, story.id
        if story.verdict != "no":
            assert story.verses, story.id
        if story.verdict != "yes":
            assert story.later, story.id
        for ref in story.verses:
            assert index.by_ref(ref) is not None, (story.id, ref)
