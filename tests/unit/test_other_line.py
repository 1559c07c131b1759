"""A later text's famous line asked as the RigVeda's (``pyapp.reading.other_line``): read in any spelling or
script, answered with the refusal, the line's real source and the hymns' counterpart where there is one. The
wordings here are none of the answer sets'."""
from __future__ import annotations

from pyapp.reading import other_line
from tests.unit.reader_turns import REFUSED, ask


def test_a_line_is_read_in_roman_iast_devanagari_and_english() -> None:
    assert other_line.find("a poster says Dharmo Rakshati Rakshitah comes from the hymns").source.startswith("the Manusmṛti")
    assert "Īśa" in other_line.find("ईशावास्यमिदं सर्वं — ऋग्वेद?").source
    assert "Aitareya" in other_line.find("is prajñānaṃ brahma a mahavakya of the rig veda?").source
    assert "Mahābhārata" in other_line.find("was non-violence is the highest dharma first said in the rigveda?").source


def test_no_line_is_read_where_none_is_quoted_or_a_verse_is_named() -> None:
    assert other_line.find("what does the rigveda say about truth and falsehood?") is None
    assert other_line.find("what does ekam sat mean?") is None
    assert other_line.find("RV 10.90.2 says puruṣa is all this; is that like sarvam khalvidam brahma?") is None


def test_the_counterpart_is_named_when_the_hymns_say_the_same_thing() -> None:
    found = other_line.find("is 'one without a second' from the rigveda?")
    assert found is not None and found.counterpart == "1.164.46" and "RV 1.164.46" in found.sentence()


def test_the_answer_refuses_then_names_the_source(keyword_searcher) -> None:
    result = ask(keyword_searcher, "my grandfather recites 'poornamadah poornamidam' every morning; which rigveda hymn is it?")
    assert result.kind == "off_topic" and REFUSED in result.answer.lower()
    assert "Bṛhadāraṇyaka" in result.answer and not result.verses
