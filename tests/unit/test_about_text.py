"""Questions about the RigVeda as a text (its age, language, writing down, transmission, compiler, homeland,
recensions, om, the Avesta, translations) get the table's note first, not verses that share a word.
Wordings are our own."""
from __future__ import annotations

import pytest

from pyapp.reading import about_text
from pyapp.search import Searcher
from reader_turns import ask


@pytest.mark.parametrize("question, entry", [
    ("roughly how old are the Rig Veda hymns?", "age"),
    ("In what millennium was the Rgveda composed?", "age"),
    ("did the vedic hymns exist in manuscripts early on?", "writing"),
    ("how was the rigveda passed down without books?", "transmission"),
    ("In which language are the Rigveda hymns?", "language"),
    ("who arranged the Rig Veda into mandalas?", "compiler"),
    ("where were the vedic hymns composed?", "homeland"),
    ("which shakha of the Rig Veda do we have today?", "recensions"),
    ("does om appear in the rig veda?", "om"),
    ("how close is the Rigveda to the Zoroastrian Avesta?", "avesta"),
    ("who translated the Rigveda into English first?", "translations"),
])
def test_a_question_about_the_text_finds_its_entry(question: str, entry: str) -> None:
    found = about_text.entry_for(question)
    assert found is not None and found["id"] == entry


@pytest.mark.parametrize("question", [
    "How old is Soma when he is born?",  # a god's story, not the text's age
    "Where did the Maruts come from?",
    "What do the hymns say about the region of the Sindhu?",
    "Where was hymn 3.33 composed?",  # one hymn: its own readers answer
    "Which god is praised most in the Rigveda?",
    "",
])
def test_questions_about_gods_hymns_or_topics_are_left_to_the_other_readers(question: str) -> None:
    assert about_text.entry_for(question) is None


def test_every_entry_cites_verses_that_exist(searcher: Searcher) -> None:
    for entry, _ in about_text.entries():
        for ref in entry.get("refs", []):
            assert searcher.index.by_ref(ref) is not None, (entry["id"], ref)


def test_om_is_said_to_be_absent_and_no_verse_has_it(searcher: Searcher) -> None:
    import re

    from pyapp.diacritics import strip_marks

    assert not [v.ref for v in searcher.index.verses if re.search(r"(?<![a-z])(?:om|aum)(?![a-z])", strip_marks(v.roman or "").lower())]
    answer = ask(searcher, "What does the syllable Om mean in the Rig Veda?")
    assert answer.answer.startswith("The syllable om") and "does not occur" in answer.answer.split(".")[0]


def test_the_answer_opens_with_what_the_hymns_do_not_state_then_the_view(searcher: Searcher) -> None:
    answer = ask(searcher, "roughly how old are the Rig Veda hymns?")
    first = answer.answer.split(":")[0]
    assert "no dates" in first
    assert "BCE" in answer.answer.split("\n")[0]


@pytest.mark.parametrize("question, entry", [
    ("how is the Yajurveda different from the Rig Veda?", "other_vedas"),
    ("which upanishads are part of the rigveda?", "later_texts"),
    ("What did Yaska's Nirukta explain?", "commentators"),
])
def test_the_texts_around_the_rigveda_are_told_apart_from_it(question: str, entry: str) -> None:
    found = about_text.entry_for(question)
    assert found is not None and found["id"] == entry


def test_the_priests_called_brahmanas_in_the_hymns_are_not_the_later_texts() -> None:
    assert about_text.entry_for("Who are the brahmanas in the Rig Veda hymns?") is None
