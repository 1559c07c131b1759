"""A claim seen online, asked for its source ("someone said …. which verse?", "…, source?", "post: … real? which
hymn"): the attribution and the request are taken off and the claim is what the search reads (issue 19: people
check what they read online by asking where it is; sloppy lower-case sentences and tacked-on requests included)."""
from __future__ import annotations

from pyapp.reading import later_claim


def _asked(text: str) -> str:
    found = later_claim.read(text)
    return found.question if found else ""


def test_a_lower_case_source_request_after_the_claim_is_read_apart_from_it() -> None:
    assert _asked("a guy on a forum said the rigveda likens soma to a bull. which verse?") == \
        "Which verse of the Rigveda likens soma to a bull?"
    assert _asked("my uncle claims the rig veda says the rivers are mothers. verse number?") == \
        "Which verse of the Rigveda tells that the rivers are mothers?"


def test_a_request_tacked_on_after_a_comma_or_a_doubt_before_it_belongs_to_the_ask() -> None:
    assert _asked("I heard that the rigveda says the sky is a father, source?") == \
        "Which verse of the Rigveda tells that the sky is a father?"
    assert _asked("facebook post: rigveda says the night has stars for eyes lol. real? which hymn") == \
        "Which hymn of the Rigveda tells that the night has stars for eyes?"


def test_no_question_or_an_abbreviation_is_not_a_claim_to_source() -> None:
    assert later_claim.read("I read the Rigveda today. It was beautiful.") is None
    assert later_claim.read("someone said the hymns, e.g. the ones to Agni, are old") is None


def test_a_claim_about_a_named_verse_is_left_to_the_verse_readers() -> None:
    assert later_claim.read("a pamphlet says rv 1/164/46 means all religions are one. is that what the verse says?") is None


def test_a_topic_people_debate_is_not_a_claim_and_the_question_keeps_its_word() -> None:
    from pyapp.reading import later_claim

    # "argue about X - …": no claim is made, so the ask must not be cut off from the word it asks about
    assert later_claim.read("Historians argue about the sense of 'sabhā' - which hymns use the word?") is None
    assert later_claim.read("Some teachers argue over whether soma was a plant - where does it grow, per the hymns?") is None
