"""A phrase the reader quotes in their own language ('हमें डर न हो', "may we not fear") is read with the rest of
the question, not looked up as a Sanskrit line; a Sanskrit line quoted in Devanagari still is. A verse of courage
asked for is one that says "we have no fear". Our own wordings."""
from __future__ import annotations

from pyapp.reading.language import detect
from reader_turns import ask, cited


def test_a_hindi_phrase_is_hindi() -> None:
    assert detect("हमें डर न हो").code == "hi"
    assert detect("मुझे नहीं पता").code == "hi"


def test_a_quoted_hindi_phrase_is_not_looked_up_as_a_verse(searcher) -> None:
    result = ask(searcher, "ऋग्वेद में 'हमें डर नहीं है' ऐसा कहने वाला इंद्र का मंत्र कौन सा है?")
    assert "No verse has these exact words" not in result.answer


def test_a_quoted_sanskrit_line_is_still_found(searcher) -> None:
    result = ask(searcher, "'सं पूषन् विदुषा नय' — इस मंत्र का देवता कौन है?")
    assert "6.54.1" in cited(result)[:2]


def test_a_verse_of_courage_says_we_have_no_fear(searcher) -> None:
    result = ask(searcher, "give me a fearless verse from the rigveda")
    assert cited(result)[0] in {"1.11.2", "8.61.13", "8.4.7", "2.41.12"}, cited(result)[:3]


def test_a_mantra_named_in_an_indian_script_is_that_mantra(searcher) -> None:
    """"గాయత్రీ మంత్రం", "காயத்ரி மந்திரம்", "গায়ত্রী মন্ত্রের": the title read with its ending, not glossed word by word
    (Telugu had been read "gayatr hymn" and answered with the word gāyatrī's senses)."""
    for question in ("గాయత్రీ మంత్రం ఎవరు రాశారు?", "காயத்ரி மந்திரம் எந்த மண்டலம்?", "গায়ত্রী মন্ত্রের দেবতা কে?"):
        result = ask(searcher, question)
        assert "3.62.10" in cited(result)[:3], (question, result.answer[:120])
