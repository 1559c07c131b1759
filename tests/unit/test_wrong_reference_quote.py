"""A quotation copied with a mistyped reference is still found, and the reader is told the number is wrong.

Readers paste a verse's words with the number they remember ("… (Rigveda 1.644.6)"): refusing because
hymn 1.644 does not exist loses a question whose words say exactly which verse is meant. The words
are taken from the index at test time and the mistyped numbers are our own.
"""
from __future__ import annotations

import pytest

from pyapp.search import Searcher
from reader_turns import ask


@pytest.mark.parametrize("ref, wrong", [("7.86.1", "7.186.1"), ("10.90.2", "10.290.2"), ("2.12.1", "12.2.1")])
def test_the_quoted_words_find_the_verse_and_the_wrong_number_is_named(searcher: Searcher, ref: str,
                                                                      wrong: str) -> None:
    words = " ".join(searcher.index.by_ref(ref).roman.split()[:6])
    found = searcher.search(f"{words} (RV {wrong})")
    assert found.success and found.results[0].book_context == ref
    assert "does not exist" in found.notice and "quoted" in found.notice
    result = ask(searcher, f"What does “{words}” (Rigveda {wrong}) mean?")
    assert ref in [v.book_context for v in result.verses][:3]
    assert any("does not exist" in note for note in result.notes)


def test_a_wrong_reference_alone_is_still_refused_plainly(searcher: Searcher) -> None:
    found = searcher.search("RV 1.644.6")
    assert not found.success and "does not exist" in (found.error or "")
    found = searcher.search("what does RV 4.99.2 say about Indra")
    assert not found.success
