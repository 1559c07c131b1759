"""A rite's count or a cure asked in any language is a working asked of the hymns, refused plainly; a count of the
text's own words, or "how often" asked about the hymns in Latin letters without an asker, is a question about them."""
from __future__ import annotations

import pytest

from pyapp.reading import lookalike, regimen


@pytest.mark.parametrize("question", [
    "ಈ ಮಂತ್ರವನ್ನು ದಿನಕ್ಕೆ ಎಷ್ಟು ಬಾರಿ ಜಪಿಸಿದರೆ ಕೆಲಸ ಸಿಗುತ್ತದೆ?",  # Kannada: how many times a day to chant it for a job
    "পরীক্ষার আগে এই মন্ত্র কতবার পড়ব?",  # Bengali: how many times before the exam
    "ما المانترا التي أرددها وكم مرة في اليوم؟",  # Arabic: which mantra, and how many times a day
    "berapa kali saya harus membaca mantra ini setiap malam?",  # Indonesian, with the asker
    "Kaç kez mantra okumalıyım ki işimi kaybetmeyeyim?",  # Turkish
    "ਹਨੂਮਾਨ ਚਾਲੀਸਾ ਦਾ ਪਾਠ ਕਿੰਨੀ ਵਾਰ ਕਰਾਂ?",  # Punjabi: how many times should I do the pāṭh
])
def test_how_many_times_to_do_a_rite_is_a_regimen(question: str) -> None:
    assert regimen.repetition_asked(question)
    found = lookalike.look_alike(question, typed=question)
    assert found is not None and found.kind == "advice"


def test_a_count_of_the_texts_own_word_in_an_indian_script_is_not_a_regimen() -> None:
    assert not regimen.repetition_asked("ரிக்வேதத்தில் மந்திரம் என்ற சொல் எத்தனை முறை வருகிறது?")  # Tamil: the word's count


@pytest.mark.parametrize("question", [
    "How often is Varuṇa praised in the hymns?",  # a count of the text, in Latin letters, no asker
    "How many times does the word mantra occur in the RigVeda?",
    "ऋग्वेद में गायत्री मंत्र कितनी बार आता है?",  # Hindi: how many times does it occur
    "Is the Gāyatrī recited three times a day in the hymns themselves?",
])
def test_a_count_asked_of_the_text_is_no_regimen(question: str) -> None:
    assert not regimen.repetition_asked(question)
    assert not regimen.cure_asked(question)


@pytest.mark.parametrize("question", [
    "ഈ മന്ത്രം ദിവസവും ചൊല്ലിയാൽ എന്റെ പ്രമേഹം ഭേദമാകുമോ?",  # Malayalam: will my diabetes go if I chant it daily
    "Jika saya minum air tembaga setiap pagi, apakah sakit kepala saya sembuh?",  # Indonesian: every morning … heal
    "Si récite ce mantra 21 fois, vais-je guérir de mon asthme ?",  # French: 21 times … heal
])
def test_a_cure_asked_of_a_rite_or_a_regimen_is_refused(question: str) -> None:
    assert regimen.cure_asked(question)
    assert lookalike.look_alike(question, typed=question) is not None


def test_a_hymn_that_sends_death_away_is_no_cure_asked() -> None:
    question = "What does the funeral hymn mean by 'go away, Death, by your own path'?"
    assert not regimen.cure_asked(question)
    assert lookalike.look_alike(question, typed=question) is None


@pytest.mark.parametrize("question", [
    "حسب خريطتي الفلكية ما هو يومي المحظوظ؟",  # Arabic: by my chart, my lucky day
    "ज्योतिष अनुसार मेरो बिहे कहिले हुन्छ?",  # Nepali: according to astrology, when will I marry
])
def test_a_chart_or_astrology_asked_for_the_reader_is_fortune_telling(question: str) -> None:
    found = lookalike.look_alike(question, typed=question)
    assert found is not None and found.kind == "fortune"


def test_hinglish_in_which_is_no_purpose() -> None:
    question = "koi mantra hai jisme varun ka naam ho aur rishi ko chhudaya gaya ho?"  # "a mantra in which …"
    assert lookalike.look_alike(question, typed=question) is None
