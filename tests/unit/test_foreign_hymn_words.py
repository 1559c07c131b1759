"""A German or French question whose only unread words are the hymns' own (a Sanskrit word typed plain, a term of
the lexicon: "svadha", "rta") is read through its English, where the word readers answer it; before, the
translation's search was left with a word no translator wrote and the answer said it could not read the question
(``Orchestrator._unread_are_hymn_words``). Also: a regimen is not a count, and a cosmetic is a remedy. Our own
wordings."""
from __future__ import annotations

from reader_turns import ask, cited
from pyapp.reading import counting
from pyapp.reading.lookalike import remedy_asked


def test_a_german_question_about_a_hymn_word_opens_on_that_word(searcher) -> None:
    result = ask(searcher, "Was heißt eigentlich svadha im Rigveda?")
    assert result.answer.lower().startswith("svadhā")
    assert cited(result)


def test_a_french_question_about_rta_opens_on_rta(searcher) -> None:
    result = ask(searcher, "et le rta, c'est quoi dans le rig veda ?")
    assert "ṛta" in result.answer.lower().split(".")[0]


def test_a_german_presence_question_about_a_hymn_word_says_yes_with_verses(searcher) -> None:
    result = ask(searcher, "Steht das Wort svaha irgendwo im Rigveda?")
    assert result.answer.startswith(("Yes", "Svāhā", "In the Rigveda *svaha*")) and cited(result)


def test_how_many_times_a_day_is_a_regimen_not_a_count(searcher) -> None:
    assert counting.answer("How many times a day should the vedas be read aloud?", searcher.index, searcher) is None
    assert counting.answer("How many times is the word soma used?", searcher.index, searcher) is not None


def test_a_cream_for_fair_skin_is_a_remedy() -> None:
    assert remedy_asked("which cream should i apply for fair skin as per the vedas, how many times a day?") == "health"
    assert remedy_asked("Does the Rigveda speak of skin colour?") == ""


def test_a_bracketed_hymn_word_is_the_readers_gloss_not_the_subject(searcher) -> None:
    """"die Morgenröte (uṣas) …": the bracket glosses a word of the question; the question is not about the word."""
    result = ask(searcher, "Die Väter (pitaras) – haben sie das verborgene Licht gefunden? Wo sagt das der Rigveda?")
    assert not result.answer.lower().startswith(("pitṛ means", "pitaras means", "pitara means"))
