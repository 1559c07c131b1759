"""Everyday questions in Hindi, Bengali, Gujarati and Hindi in Latin letters (issue 19 part 1), in our own
wordings: how they are read into English (question words written as two words, a yes-or-no क्या, several
questions in one, a quoted Sanskrit line), the look-alikes that ask for a lucky day or a horoscope in any
language, and what the reader sees when such a question is asked against the real index.

The reading tests use the hand lexicons built into a temporary folder; the asking tests use the built index.
Assertions are what the reader sees (the gods an answer names, the hymn it cites, the refusal), never an
answer copied from an evaluation set.
"""
from __future__ import annotations

import pytest

from pyapp.reading import hinglish
from pyapp.lexicon import Lexicon
from pyapp.reading import gloss, lookalike, several
from pyapp.search import Searcher
from reader_turns import REFUSED, ask, cited


def _english(question: str, language: str, lexicon: Lexicon, words_dir: str) -> str:
    reading = gloss.read(question, language, lexicon, index_dir=words_dir)
    assert reading is not None and reading.loaded
    return reading.english


@pytest.mark.parametrize("question, language, expected", [
    # "which" written as two words takes its noun; the case ending after it is dropped
    ("ऋग्वेद में किस देवी को सबसे अधिक महत्व दिया गया है?", "hi", "Which goddess is given most importance"),
    ("ऋग्वेद में कौन सा पक्षी आता है?", "hi", "Which"),
    # a sentence-initial क्या asks yes or no
    ("क्या ऋग्वेद में पूषन एक कुत्ता है?", "hi", "Is Pushan a dog"),
    # "what is X called" and the main god of a book
    ("ऋग्वेद के मुख्य देवता कौन हैं?", "hi", "the main god of Rigveda"),
    # Bengali: the imperative "write the names" and the genitive of the RigVeda
    ("ঋগ্বেদের তিনটি দার্শনিক সূক্তের নাম লেখো।", "bn", "List three philosophical hymns of Rigveda"),
    ("ঋগ্বেদের শেষ মন্ত্রটি কী?", "bn", "What is last mantra of Rigveda"),
    # Gujarati: a god's name with a suffix of respect, "what is said about"
    ("ઋગ્વેદમાં ઇન્દ્રદેવ વિશે શું કહ્યું છે?", "gu", "What is said in Rigveda about Indra"),
])
def test_indic_questions_are_read_in_english_order(lexicon: Lexicon, words_dir: str, question: str,
                                                   language: str, expected: str) -> None:
    english = _english(question, language, lexicon, words_dir)
    assert english.startswith(expected) or expected in english, english


def test_several_questions_are_read_one_sentence_at_a_time(lexicon: Lexicon, words_dir: str) -> None:
    english = _english("इंद्र कौन है? उसने किसको मारा?", "hi", lexicon, words_dir)
    first, second = english.split("? ", 1)
    assert first == "Who is Indra" and "Indra" not in second, english


def test_a_danda_ends_a_sentence_and_is_not_read_as_a_word(lexicon: Lexicon, words_dir: str) -> None:
    reading = gloss.read("ঋগ্বেদের দুটি সংবাদ সূক্তের নাম লেখো।", "bn", lexicon, index_dir=words_dir)
    assert "।" not in reading.english and not reading.unknown, (reading.english, reading.unknown)


def test_a_quoted_sanskrit_line_is_kept_whole(lexicon: Lexicon, words_dir: str) -> None:
    english = _english("'अग्निमीळे पुरोहितं' — इस मंत्र का देवता कौन है?", "hi", lexicon, words_dir)
    assert english.startswith("“agnim") and "purohitaṃ” —" in english, english


def test_a_common_noun_for_god_is_not_read_as_a_name(lexicon: Lexicon, words_dir: str) -> None:
    reading = gloss.read("ऋग्वेद में वर्णित देवता कौन कौन से हैं?", "hi", lexicon, index_dir=words_dir)
    assert "god" in reading.english.split() and "Devā" not in reading.english, reading.english


@pytest.mark.parametrize("typed, expected", [
    ("rigved mein pramukh devta kaun hai?", "Who is main god in Rigveda?"),
    ("rgved mein kaun kaun se devta varnit hain?", "Which god"),
    ("Rigved mein Varun ka zikr hai kya?", "Is the mention of Varun"),
])
def test_hindi_in_latin_letters_is_reordered_like_devanagari(typed: str, expected: str) -> None:
    read = hinglish.gloss(typed)
    assert read is not None and read.startswith(expected), read


@pytest.mark.parametrize("message, count", [
    ("Who is Mitra? Which hymns praise him?", 2),
    ("अग्नि कौन है? उनके कितने सूक्त हैं? पहला मंत्र क्या है?", 3),
    ("Who is Mitra?", 1),
    ("Show RV 1.1.1. Why?", 1),  # a one-word follow-up is not a question of its own
    ("What is RV 2.12? And 2.13?", 1),
])
def test_a_message_is_split_into_its_questions(message: str, count: int) -> None:
    assert len(several.questions(message)) == count


@pytest.mark.parametrize("typed", [
    "Is Thursday an auspicious day to buy gold?",
    "कल किस शुभ मुहूर्त में गृह प्रवेश करें?",
    "আমার রাশিফল অনুযায়ী কোন দিন ভালো?",
    "ઋગ્વેદ મુજબ લગ્ન માટે શુભ મુહૂર્ત કયું છે?",
    "¿Qué día propicio recomiendan los Vedas para casarse?",
    "Quel jour propice pour signer un contrat selon les Védas ?",
    "Which colour should I wear on Friday, according to the Vedas?",
    "My nakshatra is Ashwini; what will my career be like?",
])
def test_fortune_asks_are_look_alikes_in_any_language(typed: str) -> None:
    assert lookalike.look_alike("", typed=typed) is not None or lookalike.look_alike(typed) is not None


@pytest.mark.parametrize("question", [
    "What do the hymns say about the nakshatras?",
    "Which hymns pray for good fortune?",
    "What colour is Agni's chariot?",
])
def test_questions_about_the_hymns_words_are_not_fortune_asks(question: str) -> None:
    assert lookalike.look_alike(question, typed=question) is None


def test_a_hindi_question_about_the_main_god_names_the_gods_by_hymn_count(searcher: Searcher) -> None:
    result = ask(searcher, "ऋग्वेद के मुख्य देवता कौन हैं?")
    assert "Indra" in result.answer and "Agni" in result.answer, result.answer[:300]


def test_a_bengali_request_for_philosophical_hymns_lists_them(searcher: Searcher) -> None:
    result = ask(searcher, "ঋগ্বেদের তিনটি দার্শনিক সূক্তের নাম লেখো।")
    assert {"10.129", "10.121"} <= {ref.rsplit(".", 1)[0] for ref in cited(result)} | set(
        r for r in ("10.129", "10.121") if f"RV {r}" in result.answer), result.answer[:300]


def test_a_gujarati_question_about_a_god_cites_its_hymns(searcher: Searcher) -> None:
    result = ask(searcher, "ઋગ્વેદમાં ઇન્દ્રદેવ વિશે શું કહ્યું છે?")
    assert REFUSED not in result.answer.lower() and any(v.book_context for v in result.verses), result.answer[:300]


def test_several_questions_in_one_message_are_each_answered(searcher: Searcher) -> None:
    result = ask(searcher, "Who is Mitra? Which hymn tells of the frogs?")
    assert result.answer.startswith("1. Who is Mitra?") and "\n\n2. Which hymn tells of the frogs?" in result.answer
    assert any(ref.startswith("7.103.") for ref in cited(result)), result.answer[:300]


@pytest.mark.parametrize("question", [
    "वेदों के कितने उपवेद होते हैं?",
    "What are the six vedangas?",
    "मंगलवार को कौन सा शुभ रंग पहनूँ?",
])
def test_questions_about_the_vedas_in_general_or_luck_are_refused_without_verses(searcher: Searcher,
                                                                                  question: str) -> None:
    result = ask(searcher, question)
    assert REFUSED in result.answer.lower() and not result.verses, result.answer[:200]


def test_a_title_after_a_name_is_read_as_the_name_alone(lexicon: Lexicon, words_dir: str) -> None:
    english = _english("वामदेव ऋषि को किसने जन्म दिया?", "hi", lexicon, words_dir)
    assert "Vamadeva" in english.replace("ā", "a") and "seer" not in english, english


@pytest.mark.parametrize("typed, words", [
    ("rigved mein paap ki kshama ka mantra kaun sa hai?", {"sin", "forgiveness"}),
    ("kya rigved mein madhumakhi aur shahad ka zikr hai?", {"bee", "honey"}),
    ("rigved mein purvaj kahan rehte hain, swarg mein?", {"ancestors", "heaven"}),
])
def test_everyday_hinglish_words_are_read_as_english(typed: str, words: set) -> None:
    read = hinglish.gloss(typed)
    assert read is not None and words <= set(read.lower().replace("?", "").replace(",", "").split()), read
