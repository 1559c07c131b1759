"""The searcher on the real index: lookups, Sanskrit in every script, English topics, auto's choices."""
from __future__ import annotations

from typing import List

import pytest

from pyapp.schemas import SearchResponse
from pyapp.search import SOURCE, Searcher


@pytest.fixture(scope="module")
def keyword_only(searcher: Searcher) -> Searcher:
    """The same index without meaning vectors (a build that skipped them)."""
    return Searcher(searcher.index, searcher.text_index, None, None)


def refs(response: SearchResponse) -> List[str]:
    return [r.book_context for r in response.results]


def test_verse_lookup_returns_that_verse_with_full_card(searcher: Searcher) -> None:
    response = searcher.search("Show me RV 7.59.12", method="auto")
    assert response.success and response.search_type == "bookContext"
    assert refs(response) == ["7.59.12"]
    card = response.results[0]
    assert card.relevance == 1.0 and card.source == SOURCE
    assert card.title.startswith("RV 7.59.12 · ")
    assert card.translation and card.iast and card.deity and card.meter
    assert any("\u0900" <= ch <= "\u097f" for ch in card.content)  # Devanagari
    assert "reference" in response.method_reason


def test_hymn_lookup_returns_whole_hymn_in_order(searcher: Searcher) -> None:
    response = searcher.search("mandala 7 hymn 103", method="bookContext", k=3)
    assert response.success
    expected = [v.ref for v in searcher.index.hymn(7, 103)]
    assert len(expected) > 3 and refs(response) == expected  # k does not cut a hymn short


@pytest.mark.parametrize("query,message", [
    ("11.1.1", "Mandala 11 does not exist: the RigVeda has mandalas 1–10"),
    ("RV 1.999.1", "Hymn 1.999 does not exist: mandala 1 has hymns 1–191"),
    ("Rigveda 7.103.99", "Verse 7.103.99 does not exist: hymn 7.103 has verses 1–10"),
])
def test_missing_reference_is_an_error_not_an_empty_success(searcher: Searcher, query: str, message: str) -> None:
    for method in ("auto", "bookContext"):
        response = searcher.search(query, method=method)
        assert not response.success and response.results == []
        assert response.error == message


def test_not_a_reference(searcher: Searcher) -> None:
    response = searcher.search("abc", method="bookContext")
    assert not response.success and "no verse reference" in response.error
    assert searcher.search("abc", method="auto").search_type != "bookContext"


@pytest.mark.parametrize("query,ref", [
    ("tryambakam yajamahe sugandhim pushtivardhanam", "7.59.12"),
    ("त्र्यम्बकं यजामहे सुगन्धिं पुष्टिवर्धनम्", "7.59.12"),
    ("madhu vata rtayate", "1.90.6"),
    ("मधु वाता ऋतायते मधु क्षरन्ति सिन्धवः", "1.90.6"),
    ("ā no bhadrāḥ kratavo yantu viśvataḥ", "1.89.1"),
    ("a no bhadrah kratavo yantu vishvatah", "1.89.1"),
    ("samgacchadhvam samvadadhvam", "10.191.2"),
    ("sam gacchadhvam sam vadadhvam sam vo manamsi janatam", "10.191.2"),
    ("ṛtaṃ ca satyaṃ cābhīddhāt tapaso", "10.190.1"),
    ("ऋतं च सत्यं चाभीद्धात्तपसो", "10.190.1"),
    ("rtam ca satyam cabhiddhat tapaso", "10.190.1"),
])
def test_famous_sanskrit_lines_rank_first_in_any_script(searcher: Searcher, query: str, ref: str) -> None:
    response = searcher.search(query)
    assert response.success and response.search_type == "hybrid"
    assert "Sanskrit" in response.method_reason
    assert refs(response)[0] == ref


@pytest.mark.parametrize("query,hymn", [
    ("the frogs croak like brahmins at the start of the rains", "7.103"),
    ("dialogue of Pururavas and the nymph Urvasi", "10.95"),
    ("Sarama the dog of Indra and the Panis who hid the cows", "10.108"),
    ("Aranyani, goddess of the forest", "10.146"),
])
def test_english_topics_find_their_hymn(searcher: Searcher, query: str, hymn: str) -> None:
    response = searcher.search(query, k=10)
    assert response.success and response.search_type == "hybrid"
    assert any(ref.startswith(hymn + ".") for ref in refs(response)), refs(response)


def test_relevance_is_normalised(searcher: Searcher) -> None:
    for method in ("text", "vector", "hybrid", "auto"):
        response = searcher.search("Indra drinks Soma and slays the dragon", method=method, k=10)
        assert response.success and len(response.results) == 10, method
        values = [r.relevance for r in response.results]
        assert all(0.0 <= v <= 1.0 for v in values), method
        assert values == sorted(values, reverse=True), method


def test_name_spellings_give_the_same_results(searcher: Searcher) -> None:
    for spellings in (["Vritra", "Vṛtra", "vrtra"], ["Ashvins", "Aśvins", "Asvins"], ["Vishnu", "Viṣṇu", "Visnu"]):
        first = refs(searcher.search(f"{spellings[0]} strides", method="text"))
        assert first, spellings
        for other in spellings[1:]:
            assert refs(searcher.search(f"{other} strides", method="text"))[:5] == first[:5], (spellings[0], other)


def test_bad_input_never_raises(searcher: Searcher) -> None:
    assert not searcher.search("", method="auto").success
    assert not searcher.search("agni", method="telepathy").success
    assert searcher.search("agni", method="text", k=0).results  # k clamped to at least 1
    response = searcher.search("zzzqqqxxx", method="text")
    assert response.success and response.results == [] and "no verse matched" in response.method_reason


def test_without_vectors_hybrid_degrades_to_keywords(keyword_only: Searcher) -> None:
    response = keyword_only.search("the frogs croak like brahmins", method="hybrid")
    assert response.success and response.search_type == "text" and "keyword search only" in response.method_reason
    vector = keyword_only.search("the frogs croak like brahmins", method="vector")
    assert not vector.success and "vector search unavailable" in vector.error
    auto = keyword_only.search("tryambakam yajamahe")
    assert auto.success and auto.search_type == "text" and refs(auto)[0] == "7.59.12"
