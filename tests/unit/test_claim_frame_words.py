"""A claim read elsewhere, asked about in German, French or Russian: the words of where it was read ("Ich habe
gelesen", "un site affirme", "в статье утверждают") are not topic words that the translation must contain.

Why: a question in those languages is judged about the RigVeda by whether its content words occur in the
translation (``pyapp.reading.foreign``); "Webseite" or "affirme" never do, so a claim the reader wants checked was
refused or searched on the frame's words. Wordings are our own (none is from an eval set).
"""
from __future__ import annotations

import pytest

from pyapp.search import Searcher
from pyapp.search.translations import query_terms, term_key
from reader_turns import ask_alone


@pytest.mark.parametrize("question, language, frame, topic", [
    ("Ich habe auf einer Webseite gelesen, dass die Morgenröte die Kühe befreit. Stimmt das wirklich?", "de",
     ["gelesen", "webseite", "wirklich"], "morgenröte"),
    ("Un blog affirme que l'Aurore ouvre les portes du ciel. Est-ce vraiment dans les hymnes ?", "fr",
     ["blog", "affirme", "vraiment"], "aurore"),
    ("Я читал в статье, что заря открывает врата неба. Это правда?", "ru", ["читал", "статье", "правда"], "заря"),
])
def test_the_frame_of_a_claim_is_not_searched(question: str, language: str, frame: list, topic: str) -> None:
    terms = query_terms(question, language)
    assert term_key(topic, language) in terms, terms
    assert not [w for w in frame if term_key(w, language) in terms], terms


def test_a_french_claim_from_a_website_is_answered_not_refused(keyword_searcher: Searcher) -> None:
    result = ask_alone(keyword_searcher, "Un site affirme que l'Aurore chasse les ténèbres. Où est-ce dit ?")
    assert result.kind == "answer" and result.citations, result.answer[:200]
    assert "not about the rigveda" not in result.answer.lower()
