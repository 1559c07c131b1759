"""References in other notations are read as the dotted form every later reader knows."""
from pyapp.reading.ref_notation import canonical


def test_slashes_dashes_and_colons_become_dots():
    assert canonical("explain rv 3/62/10 to me") == "explain rv 3.62.10 to me"
    assert canonical("Rig Veda 7-86-4, what does it say") == "Rig Veda 7.86.4, what does it say"
    assert canonical("meaning of 2:33:11?") == "meaning of 2.33.11?"


def test_devanagari_digits_with_dandas():
    assert canonical("ऋग्वेद ३।६२।१० क्या कहता है?") == "ऋग्वेद 3.62.10 क्या कहता है?"


def test_roman_mandala_and_spaced_numbers_after_a_rigveda_word():
    assert canonical("RV VII 86 4 please") == "RV 7.86.4 please"
    assert canonical("Rgveda x, 90, 12") == "Rgveda 10.90.12"
    assert canonical("RV 2 33 11") == "RV 2.33.11"
    assert canonical("see IX 1 1") == "see 9.1.1"


def test_dates_numbers_and_the_dotted_form_are_left_alone():
    for text in ("on 2024-01-05 I read the hymns", "I read 3 4 5 hymns", "RV 10.129.1-3", "verses 3-5 of 10.129",
                 "RV 1.1.1", "ऋग्वेद में अग्नि १० बार", "vi 12 3 is a line of code", "hymn 11/250/3"):
        assert canonical(text) == text


def test_out_of_bounds_triples_are_not_references():
    assert canonical("RV 12/4/5") == "RV 12/4/5"  # there is no twelfth maṇḍala
    assert canonical("7-86-99") == "7-86-99"  # no hymn has 99 verses


def test_book_abbreviations_and_roman_mandalas_with_hyphens_or_slashes():
    # as books and posts print them: "Rg.", "Rig.", a Roman maṇḍala, hyphens or slashes between the numbers
    assert canonical("a tract cites Rg. VIII-101-15 for it") == "a tract cites Rg. 8.101.15 for it"
    assert canonical("Rig. IV/26/1 says so") == "Rig. 4.26.1 says so"
    assert canonical("RV.II.12.1 please") == "RV 2.12.1 please"
    assert canonical("rgv iii 62 10") == "rgv 3.62.10"  # "RgV" is still the prefix, "iii" the maṇḍala
    assert canonical("the rig. is old, VIII-101") == "the rig. is old, VIII-101"  # two numbers: no verse
