"""Languages nobody wrote a hand lexicon for: told apart, their names found, their questions read into English.

Wordings are our own (none is from an eval set); the behaviour is what a reader sees: the language the
answer says it read, the god or the RigVeda recognised in the reader's script, and the English the search
runs on carrying the question's intent (how many, which, a short note) and its topic (frogs, forest, night).
"""
from __future__ import annotations

import pytest

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss
from pyapp.reading.language import detect
from pyapp.reading.letters import arabic_to_latin, ethiopic_to_latin, hebrew_to_latin, thai_to_latin
from pyapp.reading.names import find_names, name_of


@pytest.mark.parametrize("question, code", [
    ("Melyik isten hozza az esőt a himnuszokban?", "hu"),
    ("Mitä jumala Varuna tekee syntisille?", "fi"),
    ("Sino ang diyosa ng bukang-liwayway sa mga himno?", "tl"),
    ("Siapa dewa hujan dalam kitab itu?", "id"),
    ("Apakah maksud perkataan soma? Boleh terangkan kerana saya keliru.", "ms"),
    ("Kurbağa ilahisi hangi mandaladadır?", "tr"),
    ("Kto zabił Wrtrę według hymnów?", "pl"),
    ("Kdo je Indra a proč pije sómu?", "cs"),
    ("Ποιος είναι ο θεός της φωτιάς;", "el"),
    ("ვინ არის ინდრა?", "ka"),
    ("Ով է Ինդրան։", "hy"),
    ("ኢንድራ ማን ነው?", "am"),
    ("מי היא אלת השחר?", "he"),
    ("Хто така богиня світанку?", "uk"),
    ("Кто такая богиня зари?", "ru"),
    ("Je, Indra alimuua nani?", "sw"),
])
def test_the_language_is_told_by_script_or_function_words(question: str, code: str) -> None:
    assert detect(question).code == code, (question, detect(question))


def test_english_and_sanskrit_stay_the_app_s_own_way() -> None:
    assert detect("What does the frog hymn say?").code == "en"
    assert detect("agnim īḷe purohitaṃ yajñasya devam ṛtvijam").code in ("en", "sa")


@pytest.mark.parametrize("typed, name", [
    ("אגני", "Agni"), ("לאינדרה", "Indra"), ("הריגוודה", "Rigveda"),  # Hebrew, with a glued prefix
    ("آگنی", "Agni"), ("وارونا", "Varuna"), ("ریگ‌ودا", "Rigveda"),  # Persian, ZWNJ inside the word
    ("อัคนี", "Agni"), ("พระอินทร์", "Indra"), ("ริคเวท", "Rigveda"), ("วรุณ", "Varuna"),  # Thai
    ("ინდრას", "Indra"), ("რიგვედაში", "Rigveda"),  # Georgian, inflected
    ("Ագնին", "Agni"), ("Ռիգվեդայում", "Rigveda"),  # Armenian, inflected
    ("አግኒ", "Agni"), ("ሪግቬዳ", "Rigveda"),  # Ethiopic
])
def test_names_are_found_in_six_more_scripts(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon)
    assert found is not None and found.name == name, (typed, found)


def test_everyday_words_of_the_abjads_and_thai_are_not_names(lexicon: Lexicon) -> None:
    assert find_names("מה כתוב בספר על הלילה ועל השמש ואיזה פסוק מדבר על זה", lexicon).names == []
    assert find_names("لطفاً بنویسید کدام سرود درباره شب و خورشید است و چه می‌گوید", lexicon).names == []
    assert find_names("ช่วยเขียนสั้นๆ หน่อย บทไหนพูดถึงกลางคืน", lexicon).names == []


def test_the_scripts_read_into_latin_keys() -> None:
    assert hebrew_to_latin("אינדרה") == "indra"
    assert arabic_to_latin("ایندرا") == "indra"
    assert thai_to_latin("เวท") == "ved"  # the vowel written before its consonant comes after it
    assert ethiopic_to_latin("ሶማ") == "soma"


@pytest.mark.parametrize("question, wanted", [
    ("Mit mond a Rigvéda a békákról?", {"frogs", "Rigveda"}),
    ("Hány himnusz van a hetedik mandalában?", {"how many", "hymn", "seventh", "mandala"}),
    ("Mitä Rigveda kertoo metsästä?", {"what", "Rigveda"}),
    ("Ilang himno ang para kay Indra sa ikasampung mandala?", {"how many", "hymn", "Indra", "mandala"}),
    ("Ano ang sinasabi ng himno ng kasal sa Rigveda?", {"what", "hymn", "marriage", "Rigveda"}),
    ("כתבו הערה קצרה על ורונה", {"short note", "Varuna"}),
    ("מה אומר המזמור על הצפרדעים?", {"what", "hymn", "frogs"}),
    ("เขียนบันทึกสั้นเกี่ยวกับพระวรุณ", {"short note", "Varuna"}),
    ("บทสวดเกี่ยวกับป่าในฤคเวทพูดถึงอะไร", {"hymn", "forest", "Rigveda", "what"}),
    ("Що розповідає гімн про жаб у Рігведі?", {"what", "hymn", "frogs", "Rigveda"}),
    ("Який гімн Рігведи про весілля?", {"which", "hymn", "Rigveda"}),
    ("کدام سرود درباره جنگل است؟", {"which", "hymn", "forest"}),
    ("ஏழாம் மண்டலத்தில் வருணன் பற்றிய மந்திரங்கள் எவை?", {"which", "seventh", "mandala", "Varuna"}),
    ("మూడవ మండలంలో అగ్ని గురించిన మంత్రాలు ఏవి?", {"which", "third", "mandala", "Agni"}),
    ("Ni wimbo gani unaohusu msitu katika Rigveda?", {"hymn", "forest", "Rigveda"}),
    ("Tuliskan nota ringkas tentang Dewa Agni.", {"short note", "Agni"}),
])
def test_a_question_s_intent_and_topic_are_read_into_english(lexicon: Lexicon, words_dir: str, question: str,
                                                             wanted: set) -> None:
    read = gloss.read_question(question, lexicon, None, words_dir)
    assert read is not None and read.loaded, question
    english = read.english.lower()
    missing = {w for w in wanted if w.lower() not in english}
    assert not missing, (question, read.english, missing)


def test_the_word_file_is_asked_for_only_when_such_a_question_arrives() -> None:
    assert gloss.needed_file("Who is Varuna?") == ""
    assert gloss.needed_file("מי זה ורונה?") == "languages/he.json"
    assert gloss.needed_file("Kuka on Varuna?") == "languages/fi.json"


@pytest.mark.parametrize("typed, name", [("வருணனுக்கு", "Varuna"), ("இந்திரனை", "Indra"), ("ருத்ரனின்", "Rudra")])
def test_a_tamil_name_is_found_under_its_case_ending(lexicon: Lexicon, typed: str, name: str) -> None:
    found = name_of(typed, lexicon)
    assert found is not None and found.name == name, (typed, found)


@pytest.mark.parametrize("question, english", [
    ("Hány Varuna-himnusz van a hetedik mandalában?", "How many hymns to Varuna are in the seventh mandala?"),
    ("Kuinka monta Indralle omistettua hymniä on kolmannessa mandalassa?",
     "How many hymns to Indra are in the third mandala?"),
    ("ఏడవ మండలంలో వరుణుడి గురించిన మంత్రాలు ఏవి?", "Which hymns to Varuna are in the seventh mandala?"),
])
def test_one_god_s_hymns_in_one_mandala_are_asked_in_plain_english(lexicon: Lexicon, words_dir: str,
                                                                  question: str, english: str) -> None:
    read = gloss.read_question(question, lexicon, None, words_dir)
    assert read is not None and read.english == english, (question, read and read.english)


def test_a_god_s_hymns_keep_their_reading_unless_the_frame_is_whole() -> None:
    assert gloss.hymns_in_mandala("How many hymn dedicated Agni is?", ["Agni"]) == "How many hymns are addressed to Agni?"
    assert gloss.hymns_in_mandala("Which hymn of Agni speaks of horses?", ["Agni"]) == "Which hymn of Agni speaks of horses?"
    assert gloss.hymns_in_mandala("Which hymn of the fifth mandala? Who is Agni?", ["Agni"]).startswith("Which hymn of")
    assert gloss.hymns_in_mandala("How many hymns to Indra and Agni?", ["Indra", "Agni"]).endswith("Indra and Agni?")


@pytest.mark.parametrize("question, ref", [
    ("Ni nini maana ya 7.86.4 katika Rigveda?", "7.86.4"),
    ("Jaki jest sens hymnu 1.32 w Rygwedzie?", "1.32"),
])
def test_a_dotted_reference_survives_the_reading(lexicon: Lexicon, words_dir: str, question: str, ref: str) -> None:
    read = gloss.read_question(question, lexicon, None, words_dir)
    assert read is not None and ref in read.english, (question, read and read.english)


def test_references_lost_by_the_word_tables_are_added_once() -> None:
    assert gloss._with_references("What says the verse?", "Kio diras 3.62.10?") == "What says the verse? (RV 3.62.10)"
    assert gloss._with_references("What says RV 3.62.10?", "Kio diras 3.62.10?") == "What says RV 3.62.10?"
    assert gloss._with_references("Which hymn?", "Welche Hymne, 2024.5 Euro?") == "Which hymn?"
