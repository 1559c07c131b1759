"""A phrase is read before its words (``pyapp.reading.topic_words._shadowed``): "bow down", "bend the knee" ask
about worship, not the bows and arrows; wordings none of the answer sets use."""
from __future__ import annotations

from pyapp.reading import topic_words


def test_a_phrase_shadows_the_single_word_of_another_thing() -> None:
    assert topic_words.match("is bowing low before Varuna described by the poets?").id == "bowing"
    assert topic_words.match("did the singers bend the knee to Indra?").id == "bowing"
    assert topic_words.match("did the Maruts carry a bow and arrows?").id == "bow_arrow"


def test_the_bowing_verses_name_namas_or_the_knees(keyword_searcher) -> None:
    found = topic_words.answer("were prostrations part of worship in the hymns?", keyword_searcher.index)
    assert found is not None and found.text.startswith("The hymns' words for bowing down")
