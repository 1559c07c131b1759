"""Issue 19 (set 18's kinds, our own wordings): worksheet blanks read as the question they stand for
(pyapp/reading/blank.py), remedies "according to the Vedas" refused while questions about healing hymns,
planets or yoking go on (pyapp/reading/lookalike.py), "does the RigVeda use the word X?" counted in the
padapāṭha (pyapp/reading/word_used.py) and the first or last word of a stretch of the text
(pyapp/reading/opening_word.py)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Dict, List

import pytest

from pyapp.reading.blank import fill, homework, lead, read_blank
from pyapp.reading.lookalike import look_alike, remedy_asked
from pyapp.reading import opening_word, word_used


def _known(text: str) -> bool:
    """A stand-in for the lexicon's names."""
    return any(name in text for name in ("Agni", "Maruts", "Vala", "Rudra"))


# --- worksheet blanks ------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, reading", [
    ("Q7. The father of the Maruts is ______ (2 marks)", "Who is the father of the Maruts?"),
    ("Fill in the blank: Vala's cave was broken open by ______", "Who broke Vala's cave open?"),
    ("Blank - Agni is ______-headed in some hymns.", "How many heads does Agni have?"),
    ("complete: the last hymn of the Rigveda is ______", "What is the last hymn of the Rigveda?"),
    ("3) The bridge of the sacrifice is called ______.", "What is the bridge of the sacrifice?"),
])
def test_a_worksheet_blank_reads_as_its_question(typed: str, reading: str) -> None:
    assert read_blank(typed, _known) == reading


def test_the_framing_goes_but_a_blank_whose_question_is_unclear_is_left_to_the_search() -> None:
    assert homework("Completa: Agni nació de ______ (1 punto)") == "Agni nació de ______ (1 punto)"
    assert homework("रिक्त स्थान भरिए: अग्नि ______ का दूत है।") == "अग्नि ______ का दूत है।"
    assert read_blank("In the wedding hymn the bride is led from her ______.", _known) is None
    assert read_blank("Xyzzan is another name for the ____.", _known) is None
    assert homework("Who is Agni?") == "Who is Agni?"


def test_the_word_that_fills_a_blank_is_read_where_a_verse_lines_up_with_the_words_before_it() -> None:
    verses = [("9.9.1", "The wind was breathed out from his mouth, and from his feet the earth."),
              ("9.9.2", "Praise the wind, the breath of the gods.")]
    assert fill("Complete the sentence: the wind came out from Purusha's ______", verses) == ("mouth", "9.9.1")
    assert fill("The wind is the _____ of the gods.", verses) is None  # one word lines up: not enough
    assert fill("Who is the wind?", verses) is None
    said = lead("Complete the sentence: the wind came out from Purusha's ______", verses, "The Purusha hymn …")
    assert said == ("The word that fills the blank is “mouth”, as RV 9.9.1 has it [RV 9.9.1].", "9.9.1")
    assert lead("Complete the sentence: the wind came out from Purusha's ______", verses, "Its mouth …") is None


# --- remedies ------------------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "Which vedic mantra cures my migraine? tell me the steps",
    "what should i donate on a tuesday to pacify ketu",
    "give me a step-by-step vedic workout routine for weight loss",
    "vastu tips for the main door according to the rigveda",
    "Which ruby or emerald should I wear to calm Rahu?",
])
def test_a_remedy_according_to_the_vedas_is_refused(question: str) -> None:
    found = look_alike(question)
    assert found is not None and found.kind == "advice" and "remedy" in found.reason


@pytest.mark.parametrize("question", [
    "Which hymns pray to Rudra for healing remedies?",
    "Is Saturn mentioned in the RigVeda?",
    "What does the word yoga mean in RV 1.5.3?",
    "Which verse says the cows of dawn are red?",
    "Is there a hymn against disease (yakshma)?",
    "What is the best hymn to Ushas?",
    "On which day of the rite is the Soma pressed?",
])
def test_a_question_about_the_hymns_is_not_a_remedy(question: str) -> None:
    assert remedy_asked(question) == ""
    assert look_alike(question) is None


# --- the hymns' own words --------------------------------------------------------------------------

class _Padapatha:
    """A stand-in padapāṭha: refs in the text's order and their lines."""

    def __init__(self, lines: Dict[str, str]) -> None:
        self._lines = lines
        self.refs: List[str] = list(lines)

    def line(self, ref: str) -> str:
        return self._lines.get(ref, "")


_LINES = {
    "1.2.3": "ṛcchati devaḥ samānam",  # look-alikes: "goes", "same"
    "2.4.6": "chandaḥ ṛcā stomam",
    "5.1.1": "sāmāni gāyata",
    "7.3.2": "ṛcaḥ sāmāni yajuḥ",
    "9.9.9": "atharvā agnim",
}
_SEARCHER = SimpleNamespace(padapatha=_Padapatha(_LINES))


def test_a_word_for_the_hymns_own_speech_is_counted_in_every_form_and_not_in_look_alikes() -> None:
    found = word_used.answer("Does the RigVeda use the word rc for a verse?", object(), _SEARCHER)
    assert found is not None and found.text.startswith("Yes")
    assert "in 2 verses" in found.text and found.refs[:2] == ["2.4.6", "7.3.2"]
    assert "1.2.3" not in found.refs


def test_two_later_books_asked_together_show_the_verse_naming_both_first() -> None:
    found = word_used.answer("Does the Rigveda itself name the Yajurveda and the Samaveda?", object(), _SEARCHER)
    assert found is not None and found.text.startswith("Yes") and found.refs[0] == "7.3.2"
    assert [row["id"] for row in word_used.asked_words("Does the Rigveda name the Yajurveda and the Samaveda?")] \
        == ["yajus", "saman"]


def test_a_count_or_a_first_mention_is_left_to_their_readers() -> None:
    assert word_used.answer("How many times does the RigVeda use the word stoma?", object(), _SEARCHER) is None
    assert word_used.answer("Where does the RigVeda first mention the sāman?", object(), _SEARCHER) is None
    assert word_used.answer("Does the RigVeda mention the Maruts?", object(), _SEARCHER) is None


# --- the first or last word ------------------------------------------------------------------------

def _verse(ref: str, roman: str, deity: str = "") -> SimpleNamespace:
    m, h, v = ref.split(".")
    return SimpleNamespace(ref=ref, mandala=int(m), hymn=int(h), verse=int(v), roman=roman, translation="…",
                           addressee=deity, deity=deity)


def test_the_first_and_last_word_come_from_the_text_in_order() -> None:
    index = SimpleNamespace(verses=[_verse("1.1.1", "índram vayám | gṛṇīmasi ||", "Indra"),
                                    _verse("1.1.2", "sómam píbatu ||"), _verse("2.1.1", "marúto yāta ||", "Maruts")])
    assert opening_word.asks_word_at("What is the last word of book 1?") == (False, "1")
    first = opening_word.answer("What is the first word of the Rig Veda?", index, None)
    assert first is not None and first.text.startswith("The first word of the RigVeda is índram (indram)")
    assert "name of Indra" in first.text and first.refs == ["1.1.1"]
    last = opening_word.answer("and the final word of mandala 1?", index, None)
    assert last is not None and "píbatu" in last.text and last.refs == ["1.1.2"]
    assert opening_word.answer("What is the first hymn of the Rigveda?", index, None) is None
