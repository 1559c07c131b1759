"""Whether a question names the RigVeda, the Vedas or a hymn (``reading.text_named``), one judgement at explicit
levels for the readers that ask it (world, practice, situation, about_text, later_terms, collection).

The phrasings are our own, in the scripts and languages the app reads; none is a question of an answer set."""
from __future__ import annotations

import pytest

from pyapp.reading.text_named import names_rigveda, text_named

RIGVEDA_ITSELF = [
    "ऋग्वेद के पहले मंडल में कितने सूक्त हैं",  # Hindi
    "ঋগ্বেদের অগ্নিসূক্ত কে লিখেছেন",  # Bengali
    "ઋગ્વેદમાં વરુણ વિશે શું લખ્યું છે",  # Gujarati
    "ருக் வேதத்தில் இந்திரன் யார்",  # Tamil
    "ரிக் வேதம் பற்றி சொல்லுங்கள்",  # Tamil, the other spelling
    "ఋగ్వేదంలో ఉషస్సు ఎవరు",  # Telugu
    "ಋಗ್ವೇದದಲ್ಲಿ ಅಗ್ನಿ ಯಾರು",  # Kannada
    "ഋഗ്വേദത്തിലെ സോമൻ ആരാണ്",  # Malayalam
    "ଋଗ୍ବେଦରେ ଇନ୍ଦ୍ର କିଏ",  # Odia
    "ਰਿਗਵੇਦ ਵਿੱਚ ਅਗਨੀ ਕੌਣ ਹੈ",  # Punjabi
    "Что в Ригведе говорится о Варуне",  # Russian
    "Що каже Рігведа про зорю",  # Ukrainian
    "در ریگ‌وید درباره ایندرا چه آمده است",  # Persian
    "رگ وید میں اگنی کون ہے",  # Urdu
    "ماذا تقول الريجفيدا عن الفجر",  # Arabic
    "리그베다에서 인드라는 누구인가",  # Korean
    "梨俱吠陀中的因陀罗是谁",  # Chinese
    "リグ・ヴェーダのインドラとは誰か",  # Japanese
    "ฤคเวทกล่าวถึงพระอินทร์อย่างไร",  # Thai
    "מה אומרת הריגוודה על השחר",  # Hebrew
    "Τι λέει η Ριγκβέντα για την αυγή",  # Greek
    "Was sagt die Rig-Véda über die Morgenröte",  # German, the name split and accented
    "Co mówi Rigweda o świcie",  # Polish
    "Mit mond a Rigvédában Indra",  # Hungarian
]


@pytest.mark.parametrize("question", RIGVEDA_ITSELF)
def test_the_rigveda_itself_is_named_in_every_script_the_app_reads(question: str) -> None:
    named = text_named(question)
    assert named.rigveda and named.any and names_rigveda(question), question


@pytest.mark.parametrize("question", [
    "What do the Vedas teach about the soul?", "वेदों में आत्मा", "Are the Upanishads part of the Veda?",
])
def test_the_vedas_in_general_are_not_the_rigveda(question: str) -> None:
    named = text_named(question)
    assert named.vedas and not named.rigveda, question


def test_the_levels_are_told_apart() -> None:
    assert text_named("Describe the Vedic household fire").vedic
    assert not text_named("Describe the Vedic household fire").vedas
    hymn = text_named("Which mantra is chanted when a calf is born?")
    assert hymn.hymn and not hymn.the_hymns and not hymn.rigveda and not hymn.vedas
    whole = text_named("Do these suktas ever speak of the sea?")
    assert whole.the_hymns and whole.hymn
    assert text_named("Is there a ṛṣi who sings of the plough?").hymn
    nothing = text_named("How do I bake bread at home?")
    assert not nothing.any


def test_the_readers_take_their_levels_from_one_place() -> None:
    """The collection and the refusal's reading answer alike for a spelling only the shared judgement knows."""
    from pyapp.reading.collection import names_collection
    from pyapp.reading.world import names_rigveda as world_names, points_at_text

    for question in ("ریگ‌وید چیست", "梨俱吠陀是什么书", "ரிக் வேதம் என்றால் என்ன"):
        assert names_collection(question) and world_names(question) and points_at_text(question), question
    assert not names_collection("What do the Vedas say about rivers?")


def test_later_terms_read_a_hymn_word_and_not_the_vedas_in_general() -> None:
    asked = text_named("Is moksha ever mentioned in a single mantra?")
    assert asked.hymn  # a hymn word: later_terms reads the question
    assert not text_named("Is moksha in the Vedas at all?").hymn
