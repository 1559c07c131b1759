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
