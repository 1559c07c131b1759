"""Reading a question in any language (issue 19): its language and script, the names it contains in any
script, its words read into English, and requests that only borrow the hymns' words. Pure functions,
no index: the lexicon here is the curated one (``Lexicon()``), the word files are built into a temporary
folder from the hand lexicons (``corpus_build.languages``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from corpus_build.languages import build_languages, learn_pivot
from pyapp.lexicon import Lexicon
from pyapp.reading import gloss, lookalike
from pyapp.reading.language import detect
from pyapp.reading.names import find_names, name_of
from pyapp.reading.script import brahmic_to_iast, cyrillic_to_latin, main_script, to_devanagari


def test_the_languages_word_files_are_built_without_a_corpus(tmp_path: Path) -> None:
    written = build_languages([], tmp_path)  # the fixtures lexicon / words_dir: tests/unit/conftest.py
    assert "languages/es.json" in written and "languages/hi.json" in written


@pytest.mark.parametrize("question, code, script", [
    ("¿Qué cuentan los himnos de la lluvia?", "es", "latin"),
    ("Chi è la dea dell'aurora negli inni?", "it", "latin"),
    ("Quais deuses são louvados no Rigveda?", "pt", "latin"),
    ("Qu'est-ce que les hymnes racontent du soleil ?", "fr", "latin"),
    ("Welche Götter werden im Rigveda gepriesen?", "de", "latin"),
    ("Какие боги упоминаются в Ригведе?", "ru", "cyrillic"),
    ("ऋग्वेद में वर्षा के देवता कौन हैं?", "hi", "devanagari"),
    ("ऋग्वेदात पावसाचा देव कोण आहे?", "mr", "devanagari"),
    ("ঋগ্বেদে বৃষ্টির দেবতা কে?", "bn", "bengali"),
    ("ரிக்வேதத்தில் மழையின் கடவுள் யார்?", "ta", "tamil"),
    ("ఋగ్వేదంలో వర్షానికి దేవుడు ఎవరు?", "te", "telugu"),
    ("ಋಗ್ವೇದದಲ್ಲಿ ಮಳೆಯ ದೇವರು ಯಾರು?", "kn", "kannada"),
    ("ઋગ્વેદમાં વરસાદના દેવ કોણ છે?", "gu", "gujarati"),
    ("Which gods bring the rain in the hymns?", "en", "latin"),
    ("Rigved mein barish ka devta kaun hai?", "hi-Latn", "latin"),
])
def test_each_language_is_detected_with_its_script(question: str, code: str, script: str) -> None:
    reading = detect(question)
    assert (reading.code, reading.script) == (code, script), reading
    assert 0.0 < reading.confidence <= 1.0 and reading.name


def test_a_sanskrit_line_or_a_bare_name_stays_the_app_s_own_way() -> None:
    assert detect("अग्निमीळे पुरोहितं यज्ञस्य देवम्").code == "sa"
    assert detect("agnim īḷe purohitaṃ").code == "en"
    assert detect("Indra").code == "en"


def test_brahmic_scripts_map_to_devanagari_by_block_offset() -> None:
    assert to_devanagari("অগ্নি") == "अग्नि"  # Bengali
    assert to_devanagari("ಅಗ್ನಿ") == "अग्नि"  # Kannada
    assert brahmic_to_iast("ઇન્દ્ર") == "indra"  # Gujarati, the anusvāra-free spelling
    assert brahmic_to_iast("इंद्र") == "indra"  # Hindi's anusvāra before d reads n
    assert cyrillic_to_latin("Ушас") == "Ushas"
    assert main_script("வருணன்") == "tamil"


@pytest.mark.parametrize("typed, name", [
    ("Индры", "Indra"), ("Ригведе", "Rigveda"), ("अग्नि", "Agni"), ("ऋग्वेद", "Rigveda"), ("বরুণ", "Varuna"),
    ("ঋগ্বেদে", "Rigveda"), ("இந்திரன்", "Indra"), ("சோமன்", "Soma"), ("ఇంద్రుడు", "Indra"), ("Rigvéda", "Rigveda"),
])
def test_a_god_s_or_the_rigveda_s_name_is_found_in_any_script(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon)
    assert found is not None and found.name == name, (typed, found)


def test_everyday_words_of_other_scripts_are_not_names(lexicon: Lexicon) -> None:
    assert find_names("कौन है में के बारे क्या कहा गया", lexicon).names == []
    assert find_names("Кто такая что говорит", lexicon).names == []


@pytest.mark.parametrize("question, language, expected", [
    ("¿Qué cuentan los himnos de la lluvia?", "es", "rain"),
    ("Chi è la dea dell'aurora negli inni?", "it", "dawn"),
    ("Quais deuses são louvados no Rigveda?", "pt", "gods"),
    ("ऋग्वेद में वर्षा के देवता कौन हैं?", "hi", "rain"),
    ("ঋগ্বেদে বৃষ্টির দেবতা কে?", "bn", "god"),
])
def test_a_question_is_read_into_english(lexicon: Lexicon, words_dir: str, question: str, language: str,
                                         expected: str) -> None:
    reading = gloss.read(question, language, lexicon, index_dir=words_dir)
    assert reading is not None and reading.loaded
    assert expected in reading.english.lower().split() or expected in reading.english.lower(), reading.english


def test_verb_final_questions_come_out_in_english_order(lexicon: Lexicon, words_dir: str) -> None:
    reading = gloss.read("ऋग्वेद में वरुण कौन है?", "hi", lexicon, index_dir=words_dir)
    assert reading.english == "Who is Varuna in Rigveda?" and reading.names == ["Rigveda", "Varuna"]
    assert gloss.read("मित्र की माता कौन है?", "hi", lexicon, index_dir=words_dir).english.startswith(
        "Who is the mother of Mitra")


def test_romance_cognates_are_read_against_the_english_the_hymns_use(lexicon: Lexicon, words_dir: str) -> None:
    english = {"purification", "generosity"}
    reading = gloss.read("¿Qué dicen de la purificación y la generosidad?", "es", lexicon,
                         known_english=lambda w: w in english, index_dir=words_dir)
    assert "purification" in reading.english and "generosity" in reading.english and not reading.unknown


def test_without_the_word_file_only_the_names_are_read(lexicon: Lexicon, tmp_path: Path) -> None:
    reading = gloss.read("¿Qué dice el Rigveda sobre Varuṇa?", "es", lexicon, index_dir=str(tmp_path))
    assert reading is not None and not reading.loaded
    assert reading.english == "Rigveda Varuna"


def test_the_page_is_told_which_word_file_a_question_needs() -> None:
    assert gloss.needed_file("¿Quién es Varuṇa?") == "languages/es.json"
    assert gloss.needed_file("Wer ist Varuṇa?") == "languages/de.json"
    assert gloss.needed_file("Who is Varuṇa?") == ""


def test_a_pivot_is_learned_from_aligned_verses_without_their_text() -> None:
    pairs = [("Die Morgenröte leuchtet hell", "The Dawn shines bright"),
             ("Die Morgenröte kommt", "Dawn comes to us"),
             ("Morgenröte und Sonne", "Dawn and the Sun"),
             ("Das Feuer brennt", "The fire burns"),
             ("Feuer und Sonne", "Fire and the Sun"),
             ("Das Feuer leuchtet", "The fire shines")]
    table = learn_pivot(pairs, "de")
    from pyapp.search.translations import term_key
    assert table[term_key("morgenröte", "de")][0] == "dawn"
    assert table[term_key("feuer", "de")][0] == "fire"
    assert all(isinstance(v, list) and all(" " not in w for w in v) for v in table.values())  # words, no text


@pytest.mark.parametrize("question, kind", [
    ("Which hymn of the RigVeda will bring me a promotion?", "advice"),
    ("Should I chant a Vedic mantra to win the lottery?", "advice"),
    ("What is my lucky number according to the Vedas?", "fortune"),
    ("Can the Rigveda predict my marriage?", "fortune"),
    ("Do you believe the Vedic gods are real?", "opinion"),
    ("Which religion is true, the Vedic or another?", "opinion"),
])
def test_look_alike_requests_are_recognised(question: str, kind: str) -> None:
    found = lookalike.look_alike(question)
    assert found is not None and found.kind == kind and found.instead


@pytest.mark.parametrize("question", [
    "What do the hymns ask of Agni for wealth?",
    "Which hymn asks Indra for cattle and sons?",
    "What does nakshatra mean in the RigVeda?",
    "How do the poets describe the stars?",
    "Which hymn asks Indra to make us rich?",
    "Which god grants us good fortune in the hymns?",
    "Which hymn should I read first to understand Agni?",
])
def test_questions_about_what_the_hymns_say_are_not_look_alikes(question: str) -> None:
    assert lookalike.look_alike(question) is None


def test_another_scripture_s_passage_points_to_the_rigveda_s_counterpart(lexicon: Lexicon) -> None:
    pointer = lookalike.counterpart("How is the Gayatri explained in the Brihadaranyaka Upanishad?", lexicon)
    assert "RV 3.62.10" in pointer
    assert "Yama" in lookalike.counterpart("What does Yama teach Nachiketas in the Katha Upanishad?", lexicon)
    assert lookalike.counterpart("What does the Bible say about forgiveness?", lexicon) == ""


def test_the_bridge_names_the_word_file_and_language_for_the_page() -> None:
    import json

    from pyapp import bridge

    assert json.loads(bridge.language_file("ऋग्वेद में वरुण कौन है?")) == {
        "file": "languages/hi.json", "language": "Hindi", "dictionary": "bilingual/hi.json"}  # its FreeDict table, if built
    assert json.loads(bridge.language_file("Who is Varuṇa?")) is None
