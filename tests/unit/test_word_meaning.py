"""A compound of the hymns asked for its meaning (``pyapp.reading.word_meaning``): its padapāṭha members, their
senses where the glossary has them, Griffith's renderings found in its verses, and the gods it is given to. Words
no answer set asks; what is expected is read from the index, not written here."""
from __future__ import annotations

from pyapp.reading import word_meaning
from tests.unit.reader_turns import ask_alone


def test_a_compound_is_cut_into_its_members_with_griffiths_rendering(searcher) -> None:
    searcher.padapatha_now()
    found = word_meaning.answer("what does the epithet sahasrākṣa mean?", searcher.index, searcher)
    assert found is not None and found.text.startswith("Sahasrākṣa is a compound, sahasra-akṣa")
    assert found.refs and all(r.count(".") == 2 for r in found.refs)
    assert "[RV " in found.text  # each rendering and the count cite a verse


def test_words_other_readers_explain_are_left_to_them(searcher) -> None:
    searcher.padapatha_now()
    index = searcher.index
    assert word_meaning.answer("What does rta mean?", index, searcher) is None  # glossed: the definition reader
    assert word_meaning.answer("What does sacrifice mean?", index, searcher) is None  # English
    assert word_meaning.answer("What does agni mean?", index, searcher) is None  # one word, not a compound
    assert word_meaning.asked_word("What does this hymn mean?") is None


def test_the_app_answers_instead_of_refusing(searcher) -> None:
    result = ask_alone(searcher, "Why is Savitr called hiranyapani")  # was refused: an unknown English word
    assert result.kind == "answer" and result.answer.startswith("Hiranyapani is a compound, hiraṇya-pāṇi")
    assert result.citations
