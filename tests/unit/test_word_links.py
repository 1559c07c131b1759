"""Word by word: every padapāṭha word gets what can honestly be said of it (``pyapp/agents/word_links.py``).

A reader asking for a verse "word by word" wants a meaning beside the words, not only beside the few
the curated term lexicon explains. What is checked is what the reader sees and can verify: pronouns and
particles carry their grammar gloss; a word linked to the translation is linked to a word that this
verse's translation really contains, and no translation word is given to two Sanskrit words; the
answer says that these links are code's reading of the translation. Verses are chosen by their own
content at test time (any verse with a relative pronoun, any verse of a hymn), not from an eval set.
"""
from __future__ import annotations

import re

import pytest

from pyapp.agents.word_links import link_verse, particles
from pyapp.search import Searcher
from reader_turns import ask


def _verses(searcher: Searcher, hymn: str, count: int):
    for n in range(1, count + 1):
        ref = f"{hymn}.{n}"
        verse, line = searcher.index.by_ref(ref), searcher.padapatha.line(ref)
        if verse is not None and line:
            yield ref, verse, line


@pytest.mark.parametrize("hymn", ["2.12", "5.80", "10.34"])
def test_links_name_words_of_this_verse_each_once(searcher: Searcher, hymn: str) -> None:
    linked = 0
    for ref, verse, line in _verses(searcher, hymn, 8):
        links = link_verse(line, verse.translation, searcher.text_index, searcher.terms)
        assert [l.word for l in links] == line.split()
        english = [l.english.lower() for l in links if l.english]
        assert len(english) == len(set(english)), ref
        for word in english:
            assert re.search(r"\b" + re.escape(word) + r"\b", verse.translation.lower()), (ref, word)
        linked += len(english)
    assert linked >= 10  # most content words of a hymn's verses find their rendering


def test_pronouns_and_particles_carry_their_grammar(searcher: Searcher) -> None:
    table = particles()
    seen = 0
    for ref, verse, line in _verses(searcher, "1.32", 15):
        for link in link_verse(line, verse.translation, searcher.text_index, searcher.terms):
            if link.word in table:
                assert link.grammar == table[link.word] and link.source == "particles"
                seen += 1
    assert seen >= 10


def test_without_a_text_index_every_word_is_still_listed(searcher: Searcher) -> None:
    verse, line = searcher.index.by_ref("4.50.1"), searcher.padapatha.line("4.50.1")
    links = link_verse(line, verse.translation, None, None)
    assert [l.word for l in links] == line.split()
    assert all(l.source in ("", "particles") for l in links)


def test_the_word_by_word_answer_glosses_most_words_and_says_how(searcher: Searcher) -> None:
    result = ask(searcher, "Show me 1.1.2 word by word, please")
    words = searcher.padapatha.line("1.1.2").split()
    rows = [r for r in result.answer.split("\n") if r.startswith("- ")]
    assert [r[2:].split(" — ")[0] for r in rows] == words
    assert sum(" — " in r for r in rows) >= len(words) * 0.6
    assert "Griffith here" in result.answer and "not a dictionary" in result.answer
