"""A topic question narrowed by a word the topic's verses lack is answered by the verses that have it (topic_words)."""
from __future__ import annotations

from pyapp.search import Searcher
from reader_turns import ask


def test_a_narrowing_word_is_honoured_by_the_cited_verses(searcher: Searcher) -> None:
    result = ask(searcher, "Which verses speak of milk given by a barren cow?")
    texts = [(searcher.index.by_ref(v.book_context).translation or "").lower() for v in result.verses]
    assert any("barren" in t for t in texts), result.answer[:200]


def test_lying_down_is_not_telling_lies() -> None:
    from pyapp.reading import topic_words

    assert topic_words.match("where was the fire lying hidden before the gods found it?") is None or \
        topic_words.match("where was the fire lying hidden before the gods found it?").id != "truth_speech"
    found = topic_words.match("does the rigveda condemn lying and liars?")
    assert found is not None and found.id == "truth_speech"
