"""Where or whether "the word X" occurs, and how often (``pyapp.reading.counting``): counted in the padapāṭha,
with the short word matched with its endings only, so a word of four or five letters does not count every longer
word that begins with its letters (typed "mani" is maṇi, "jewel", not manīṣā, "thought")."""
from __future__ import annotations

from pyapp.reading import counting, yes_no


def _count(text: str) -> int:
    return int(text.split(" verse")[0].split()[-1].replace(",", ""))


def test_a_short_word_counts_its_own_forms_not_longer_words(searcher) -> None:
    index = searcher.index
    found = counting.answer("How often is the word mani used in the Rig Veda?", index, searcher)
    assert found is not None and found.refs
    assert "1.33.8" in found.refs  # maṇinā, the Paṇis' jewels
    assert all(r in counting.mentions(searcher, "mani") for r in found.refs)
    assert _count(found.text) < 10


def test_where_and_whether_the_word_occurs_open_on_the_count(searcher) -> None:
    index = searcher.index
    where = counting.answer("so where does the word mani show up in the rigveda, which verses?", index, searcher)
    assert where is not None and where.text.startswith("The word mani occurs in") and "[RV 1.33.8]" in where.text
    whether = counting.answer("Is the word soma in the Rig-Veda at all?", index, searcher)
    assert whether is not None and whether.text.startswith("Yes: the word soma occurs in")
    assert counting.answer("Is the word zorblaxia in the Rig-Veda?", index, searcher) is None  # no verse: not "yes"


def test_the_word_asked_about_is_not_a_second_subject(searcher) -> None:
    """"is the word love in the rigveda?" asks about "love", never about "word" and "love" said together."""
    found = yes_no.answer("is the word love in the rigveda?", searcher.index, searcher)
    assert found is None or "word and love" not in found.text
