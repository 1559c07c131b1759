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


def test_a_sanskrit_compound_typed_with_the_topic_leads_to_its_own_verses(searcher: Searcher) -> None:
    from collections import Counter

    from pyapp.factbook.patterns import _q
    from pyapp.reading import topic_words

    lines = topic_words._folded_lines(searcher.index)
    counts = Counter(w for line in lines for w in set(line.split()) if w.startswith("madhu") and len(w) >= 10)
    word = sorted(w for w, n in counts.items() if 2 <= n <= 6)[0]  # a rare honey compound of the hymns
    found = topic_words.answer(f"what is the honey called {word} in the hymns?", searcher.index, searcher)
    assert found is not None and word in found.text.split(".")[0], found and found.text[:200]
    assert word[:-1] in _q(searcher.index.by_ref(found.refs[0]).roman), (word, found.text[:200])
