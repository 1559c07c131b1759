"""A phrase of the hymns' words quoted inside a question in another language (``pyapp.reading.quoted_sanskrit``),
and the text index's test of a typed word (``TextIndex.is_hymn_form``)."""
import pytest

from pyapp.reading.quoted_sanskrit import hymn_quote

HYMN_WORDS = {"agnim", "ile", "purohitam", "vartadhvam", "ni", "svahakrtim", "pitaras"}


def _word(word: str) -> bool:
    return word.lower() in HYMN_WORDS


@pytest.mark.parametrize("text,phrase", [
    ("Wo steht « agnim ile purohitam » genau?", "agnim ile purohitam"),
    ("c'est quel hymne (ni vartadhvam) ?", "ni vartadhvam"),
    ("что значит 'svahakrtim' в гимнах?", "svahakrtim"),
])
def test_a_quoted_or_bracketed_phrase_of_hymn_words_is_found(text: str, phrase: str) -> None:
    assert hymn_quote(text, _word) == phrase


@pytest.mark.parametrize("text", [
    "« éloignez de nous la haine » c'est où ?",  # a line in the reader's language: the translation's task
    "Was bedeutet (ni) hier?",  # a short particle alone says nothing
    "les Pères (pitaras) ont-ils trouvé la lumière ?",  # one bracketed word glosses the reader's own term
    "Qui est Agni ?",  # no quotation at all
])
def test_other_quotations_are_not_taken_for_the_hymns(text: str) -> None:
    assert hymn_quote(text, _word) == ""


def test_the_index_tells_a_hymn_form_from_a_modern_word(keyword_searcher) -> None:
    text = keyword_searcher.text_index
    assert text.is_hymn_form("vartadhvam") and text.is_hymn_form("dveṣo") and text.is_hymn_form("svahakriti")
    assert not text.is_hymn_form("maison") and not text.is_hymn_form("nation") and not text.is_hymn_form("Reich")
