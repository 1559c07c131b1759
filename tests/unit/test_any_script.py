"""Any script read from its letters' Unicode names (pyapp/reading/any_script.py): the RigVeda's name and a
hymn number are found in scripts the app has no table for, and such a question is not refused."""
from __future__ import annotations

import pytest

from pyapp.reading import any_script
from pyapp.reading.language import detect
from pyapp.search import Searcher
from reader_turns import ask, cited


@pytest.mark.parametrize("text", [
    "རིག་བེ་ད་ནི་ཅི་ཡིན།",  # Tibetan, ba for va
    "ރިގްވޭދަ ކޮބާ؟",  # Thaana, a long e
    "ᠷᠢᠭᠸᠧᠳᠠ",  # Mongolian
    "ܪܝܓܘܝܕܐ",  # Syriac: no table of the app's has it
    "رىگۋېدادا نېمە بار؟",  # Uyghur, with a case ending glued on
    "the Rig Veda",  # the name in two words
])
def test_the_rigvedas_name_is_found_in_any_script(text: str) -> None:
    assert any_script.names_rigveda(text), any_script.to_latin(text)


@pytest.mark.parametrize("text", ["ཁྱེད་རང་ག་འདྲ་ཡོད།", "ކޮބާ ހާލު؟", "rigorous reviewers", "ᠮᠣᠩᠭᠣᠯ"])
def test_other_words_are_not_taken_for_it(text: str) -> None:
    assert not any_script.names_rigveda(text), any_script.to_latin(text)


def test_a_hymn_number_is_read_in_any_digits() -> None:
    assert any_script.references("གླུ་དབྱངས་ ༡༠.༨༥ ཀྱི") == ["10.85"]
    assert any_script.references("hymn 12.5 or 3.62") == ["3.62"]  # there is no twelfth book
    assert any_script.vouches("ސޫކްތަ (1.1)") == "gives RV 1.1"


def test_letters_are_read_from_their_names() -> None:
    assert any_script.to_latin("ރިގް") == "rig"  # RAA + IBIFILI, GAAFU + SUKUN
    assert any_script.to_latin("ཝེ") == "we"  # WA + vowel sign E replaces the inherent a


def test_uyghur_is_not_read_as_urdu() -> None:
    assert detect("ئاگنى ھەققىدە قايسى مەدھىيە بار؟ ۋە ئۇ نېمە دەيدۇ").code == "ug"


def test_a_question_in_an_unread_script_with_a_hymn_number_is_answered(searcher: Searcher) -> None:
    result = ask(searcher, "རིག་ཝེ་དའི་ནང་གི་གླུ་དབྱངས་ (1.1) ཅི་ཡིན།")
    assert result.kind != "off_topic", result.answer[:200]
    assert any(ref.startswith("1.1.") for ref in cited(result)), result.answer[:200]


def test_a_question_naming_only_the_rigveda_is_not_refused_as_off_topic(searcher: Searcher) -> None:
    result = ask(searcher, "ރިގްވެދަ ގައި ކިތައް ބައި؟")
    assert result.kind != "off_topic", result.answer[:200]
