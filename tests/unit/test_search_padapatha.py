"""The searcher matches Sanskrit words against the padapāṭha: a stem typed, or an inflected form the
saṃhitā text never writes alone, still finds the stanzas (the built index; our own probe words)."""
from __future__ import annotations

from typing import List

import numpy as np
import pytest

from pyapp.search import Searcher


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Searcher) -> Searcher:
    """Keyword search only (conftest.py: loaded once per run)."""
    return keyword_searcher


def _found(searcher: Searcher, query: str, word: str, k: int = 10) -> List[List[str]]:
    """The padapāṭha words of each of the top-k stanzas that ``word`` matches."""
    response = searcher.search(query, method="auto", k=k)
    assert response.success, response.error
    return [searcher.padapatha.matched_words(r.book_context, word) for r in response.results]


@pytest.mark.parametrize("query,word", [
    ("hotṛ", "hotṛ"),  # the stem: the hymns have hotā, hotāram, hotṛ-bhiḥ …, never hotṛ alone
    ("ṛtvij", "ṛtvij"),  # the stem of ṛtvijam / ṛtvijā
    ("What is the meaning of ṛtvij in the hymns?", "ṛtvij"),  # inside an English question
])
def test_a_stem_typed_finds_its_inflected_forms(searcher: Searcher, query: str, word: str) -> None:
    plain = searcher.text_index.scores(query)
    assert not plain.any(), "a probe for the padapāṭha must be one the keyword index alone misses"
    found = _found(searcher, query, word)
    assert len(found) == 10 and all(found), found
    assert len({w for words in found for w in words}) >= 2  # more than one inflected form


def test_stems_typed_for_a_famous_stanza_find_it(searcher: Searcher) -> None:
    """Dictionary forms of the words of 3.62.10 (the saṃhitā has savitúr váreṇyam bhárgo devásya dhīmahi)."""
    assert not searcher.text_index.scores("savitṛ vareṇya bharga deva dhī")[searcher.index.doc_id("3.62.10")]
    assert searcher.search("savitṛ vareṇya bharga deva dhī", method="auto", k=3).results[0].book_context == "3.62.10"


def test_a_fused_saṃhitā_word_and_a_compound_member(searcher: Searcher) -> None:
    assert searcher.search("devamṛtvijam", method="auto", k=3).results[0].book_context == "1.1.1"
    found = _found(searcher, "vṛtrahan", "vṛtrahan", k=5)
    assert all(found) and any("-" in w for words in found for w in words)  # the padapāṭha's vṛtra-han


def test_padapatha_helps_without_reordering_exact_matches(searcher: Searcher) -> None:
    """The typed forms themselves still lead: the padapāṭha adds at most half the best BM25 score."""
    query = "yajñasya hotāram"
    plain = searcher.text_index.scores(query)
    combined = searcher.text_scores(query)
    assert combined.max() <= plain.max() * 1.5 + 1e-9
    assert int(np.argmax(combined)) in set(np.argsort(-plain)[:3].tolist())
    without = Searcher(searcher.index, searcher.text_index, None, None)
    assert without.search("hotṛ", method="auto").results == []  # no padapāṭha: nothing found
