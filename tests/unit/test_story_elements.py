"""A story asked by its elements (``pyapp.reading.story_elements``): "yes" only when one verse or one hymn names
them all, else "no" with where each occurs; wordings none of the answer sets use."""
from __future__ import annotations

from pyapp.reading import story_elements
from tests.unit.reader_turns import ask


def test_the_elements_are_the_nouns_and_names_after_story_of() -> None:
    assert story_elements.elements("is the legend of the horse-headed dadhyanc and the honey in the hymns?") == \
        ["horse", "head", "dadhyanc", "honey"]
    assert story_elements.elements("what is the story of agni?") == []  # not a yes/no question
    assert story_elements.elements("does the rigveda mention horses?") == []  # no story asked


def test_yes_only_where_one_verse_or_hymn_joins_them(keyword_searcher) -> None:
    index = keyword_searcher.index
    found = story_elements.answer("does the rig veda tell the tale of sarama and the panis?", index, keyword_searcher)
    assert found is not None and found.text.startswith("Yes") and any(r.startswith("10.108.") for r in found.refs)
    missing = story_elements.answer("is the myth of krishna lifting the govardhana hill in the rig veda?", index,
                                    keyword_searcher)
    assert missing is not None and missing.text.startswith("No") and "never named" in missing.text


def test_one_known_element_does_not_make_the_story_known(keyword_searcher) -> None:
    result = ask(keyword_searcher, "is the story of the elephant god and the broken tusk found in the rigveda?")
    assert result.answer.startswith("No")
