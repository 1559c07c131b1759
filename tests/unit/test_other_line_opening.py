"""A later text's famous line quoted by its first words only ('mitrasya cakṣuṣā …' for the whole line): the table's
line is found from its opening, unless the hymns themselves have those words (``pyapp.reading.other_line``)."""
from __future__ import annotations

from reader_turns import ask, cited
from pyapp.reading import other_line


def _an_opening() -> tuple:
    """(a table line, the first words of one of its keys) — from the data, so no line is named here."""
    for line, keys in other_line.lines():
        for key_text in (line.line,):
            words = key_text.split()
            for n in (2, 3):
                opening = " ".join(words[:n])
                if len(words) > n and len(other_line.compact(opening)) >= other_line.MIN_OPENING:
                    return line, opening
    raise AssertionError("no table line has a long enough opening")


def test_a_quoted_opening_finds_the_table_line_when_the_hymns_lack_it() -> None:
    line, opening = _an_opening()
    question = f"is '{opening}' from the rig veda?"
    assert other_line.find(question, in_hymns=lambda span: False) == line
    assert other_line.find(question, in_hymns=lambda span: True) is None  # the hymns' own words: theirs
    assert other_line.find(question) is None  # nothing to ask the hymns with: an opening alone is not enough


def test_the_hymns_own_opening_is_still_located(searcher) -> None:
    result = ask(searcher, "'agnim ile purohitam' which verse is that?")
    assert "1.1.1" in cited(result)
