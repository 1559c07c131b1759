"""Names of the hymns' world written as Korean, Polish, Dutch and Japanese readers write them, and the
grammar of a Japanese question left out of its English reading.

Wordings are our own (none is from an eval set): what a reader sees is the god or term recognised in their
script or spelling, and an English reading without stray syllables.
"""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss
from pyapp.reading.language import detect
from pyapp.reading.names import name_of
from pyapp.reading.script import hangul_to_latin, romanise


def test_hangul_is_read_syllable_by_syllable() -> None:
    assert hangul_to_latin("소마") == "soma"
    assert hangul_to_latin("인드라") == "indeura"  # the cluster vowel ㅡ stays in the letters; names.py drops it
    assert romanise("야마와 소마") == "yamawa soma"


@pytest.mark.parametrize("typed, name", [
    ("아그니", "Agni"), ("바루나", "Varuna"), ("브리트라", "Vritra"), ("비슈누", "Vishnu"), ("푸샨", "Pushan"),
    ("프리티비", "Prithivi"), ("디야우스", "Dyaus"), ("리그베다", "Rigveda"), ("비슈바미트라", "Vishvamitra"),
])
def test_names_written_in_hangul_are_found(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon)
    assert found is not None and found.name == name, (typed, found)


def test_korean_everyday_words_are_not_names(lexicon: Lexicon) -> None:
    for word in ("사람들", "무릎", "기도", "영혼", "하늘", "어머니"):
        assert name_of(word, lexicon) is None, word


@pytest.mark.parametrize("typed, name", [
    ("Wisznu", "Vishnu"), ("Aświnów", "Ashvins"),  # Polish sz, w; a case ending
    ("Varoena", "Varuna"), ("Soerja", "Surya"),  # Dutch oe for u
])
def test_latin_letter_spellings_of_other_languages_find_the_name(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon, loose=True)
    assert found is not None and found.name == name, (typed, found)


def test_a_polish_question_with_few_question_words_is_polish() -> None:
    assert detect("który bóg nie pije somy: Indra, Agni czy Waju").code == "pl"
    assert detect("Wat betekent het woord rta?").code == "nl"


def test_a_korean_question_reads_its_names(lexicon: Lexicon, words_dir: str) -> None:
    read = gloss.read_question("바루나와 미트라는 누구입니까?", lexicon, None, words_dir)
    assert read is not None and {"Varuna", "Mitra"} <= set(read.names), read


def test_japanese_verb_endings_leave_no_syllables_in_the_english(lexicon: Lexicon, words_dir: str) -> None:
    read = gloss.read_question("ヴァルナは何を見ましたか？", lexicon, None, words_dir)
    assert read is not None and "Varuna" in read.english, read
    for syllable in ("ma", "shi", "ta"):
        assert f" {syllable} " not in f" {read.english.lower().rstrip('?')} ", read.english


@pytest.mark.parametrize("question, wanted", [
    # Telugu and Kannada share Sanskrit words with Hindi: read through its table once their endings are off
    ("ఋగ్వేదంలో అత్యంత ప్రాచీన సూక్తం ఏది?", {"which", "oldest", "hymn"}),
    ("ఆకాశాన్ని నిలబెట్టిన దేవుడు ఎవరు?", {"who", "sky", "god"}),
    ("ಕುರುಡನಿಗೆ ಕಣ್ಣು ಕೊಟ್ಟ ದೇವತೆಗಳು ಯಾರು?", {"who", "gods"}),
    ("ಋಗ್ವೇದದಲ್ಲಿ ಶಾಪದ ಬಗ್ಗೆ ಏನು ಹೇಳುತ್ತದೆ?", {"what", "curse", "rigveda"}),
    ("ઋગ્વેદમાં શપથ વિશે શું છે?", {"oath", "rigveda"}),
    # Chinese and Japanese names written in Chinese characters are data, found without guessing
    ("众友仙人写了哪些颂歌？", {"which", "hymn", "visvamitra"}),
    ("閻魔の国はどこですか？", {"where", "yama"}),
    ("梨俱吠陀有没有说灵魂？", {"soul", "rigveda"}),
    # Korean content words and its question endings
    ("리그베다에 저주가 나오나요?", {"curse", "appear", "rigveda"}),
])
def test_content_words_of_these_languages_are_read(lexicon: Lexicon, words_dir: str, question: str,
                                                   wanted: set) -> None:
    read = gloss.read_question(question, lexicon, None, words_dir)
    assert read is not None and read.loaded, question
    english = read.english.lower()
    missing = {w for w in wanted if w not in english}
    assert not missing, (question, read.english, missing)


@pytest.mark.parametrize("typed, name", [
    ("விசுவாமித்திரர்", "Vishvamitra"), ("வசிட்டர்", "Vasishtha"), ("வாமதேவர்", "Vamadeva"),  # the honorific -ar
    ("பிருகு", "Bhrigu"),  # ṛ written iru
])
def test_tamil_seers_are_found_under_their_honorific(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon)
    assert found is not None and found.name == name, (typed, found)


def test_a_number_word_is_read_as_the_number(lexicon: Lexicon, words_dir: str) -> None:
    read = gloss.read_question("क्या ऋग्वेद में निन्यानवे किलों की बात है?", lexicon, None, words_dir)
    assert read is not None and "ninety-nine" in read.english, read.english
    read = gloss.read_question("सूर्य के रथ में सात घोड़े हैं क्या?", lexicon, None, words_dir)
    assert read is not None and "seven" in read.english, read.english


def test_hinglish_content_words_are_read() -> None:
    from pyapp.reading import hinglish

    english = hinglish.gloss("rigved me andhe ko kisne dekhne ki shakti di, kaunsa mantra hai?") or ""
    assert "blind" in english, english
    english = hinglish.gloss("surya ke rath ke kitne pahiye hain?") or ""
    assert "wheels" in english and "chariot" in english, english


@pytest.mark.parametrize("question, wanted", [
    ("ಪುರುಷಸೂಕ್ತದಲ್ಲಿ ಎಷ್ಟು ಮಂತ್ರಗಳಿವೆ?", "sūkta"),  # glued, with a case ending
    ("புருஷசூக்தத்தில் எத்தனை மந்திரங்கள் உள்ளன?", "sūkta"),  # Tamil writes s with the letter of c
    ("नासदीय सूक्त का दूसरा मंत्र बताइए", "nāsadīya sūkta"),  # the title's first word kept whole
])
def test_a_hymn_title_in_an_indian_script_is_read_as_a_title(lexicon: Lexicon, words_dir: str, question: str,
                                                            wanted: str) -> None:
    read = gloss.read_question(question, lexicon, None, words_dir)
    assert read is not None and wanted in read.english, read.english


def test_a_hymn_word_after_a_question_word_stays_hymn(lexicon: Lexicon, words_dir: str) -> None:
    read = gloss.read_question("कौन सा सूक्त वरुण का है?", lexicon, None, words_dir)
    assert read is not None and "hymn" in read.english and "sūkta" not in read.english, read.english


def test_an_ordinal_word_is_read_as_english(lexicon: Lexicon, words_dir: str) -> None:
    read = gloss.read_question("अग्नि सूक्त का चौथा मंत्र क्या कहता है?", lexicon, None, words_dir)
    assert read is not None and "fourth" in read.english, read.english


def test_a_number_word_of_another_language_is_not_read_as_a_number(lexicon: Lexicon, words_dir: str) -> None:
    read = gloss.read_question("Che cosa dicono gli inni sulla sete dei guerrieri?", lexicon, None, words_dir)
    assert read is not None and "seven" not in read.english.lower(), read.english  # Italian sete: thirst


def test_everyday_dutch_and_polish_words_leave_english_english() -> None:
    assert detect("Give me ten verses to read about the door of heaven").code == "en"
