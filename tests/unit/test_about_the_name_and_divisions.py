"""What the RigVeda's name means and how the text is divided: answered from the about-the-text notes
(our own words), with the verses they point to, never refused as off-topic nor read as a Sanskrit word."""
from __future__ import annotations

from reader_turns import ask_alone


def test_the_name_is_explained_not_refused(keyword_searcher) -> None:
    for question in ("what does the word rig mean?", "meaning of the name rigveda"):
        result = ask_alone(keyword_searcher, question)
        assert "ṛc" in result.answer.split(". ")[0] and "10.90.9" in result.citations, question


def test_the_recitation_divisions_are_explained(keyword_searcher) -> None:
    for question in ("what is a varga in the rig veda", "how many adhyayas does each ashtaka have?"):
        first = ask_alone(keyword_searcher, question).answer.split(". ")[0:3]
        assert any("aṣṭaka" in part for part in first) or "divided in two ways" in first[0], question


def test_the_oldest_and_the_latest_book_asked_in_other_words(keyword_searcher) -> None:
    oldest = ask_alone(keyword_searcher, "which books in the rgveda were the earliest?").answer.split(". ")[0]
    assert "no dates" in oldest and "2–7" in oldest
    latest = ask_alone(keyword_searcher, "what is the newest mandala?").answer.split(". ")[0]
    assert "no dates" in latest and "maṇḍala 10" in latest.split(" as the latest")[0]


def test_a_word_in_too_few_verses_gets_no_learned_rendering(keyword_searcher) -> None:
    assert keyword_searcher.griffith_words_for(["atharva", "atharvana"]) == []
