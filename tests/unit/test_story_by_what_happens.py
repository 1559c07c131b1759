"""A story of the stories table asked by what happens, its doer asked for ("which god ran off and hid in the
waters?"), is that story, answered with the doer's name; "which hymn tells that?" after it cites the story's verses.
Our own wordings, not an evaluation set's."""
from __future__ import annotations

from pyapp.reading import known_story
from reader_turns import ask, cited


def test_the_doer_asked_for_names_the_story() -> None:
    story = known_story.story_in("which deity once hid himself in the waters, according to the rigveda?")
    assert story is not None and story.id == "agni_hides"


def test_a_story_word_alone_is_not_the_story() -> None:
    assert known_story.story_in("who are the waters in the rigveda?") is None


def test_which_hymn_tells_that_cites_the_story(searcher) -> None:
    result = ask(searcher, "in the rig veda which god ran away and hid in the water?", "ok which hymn tells that?")
    assert any(ref.startswith("10.51.") for ref in cited(result)[:3]), cited(result)
