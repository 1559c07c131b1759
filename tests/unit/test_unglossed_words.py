"""A word of the hymns the glossary lacks, a name whose verse word comes a few words on, and the app's own
passage descriptions in an answer: what a reader sees for each.

* "what does <a Sanskrit word> mean?" for a word with no glossary entry says what Griffith most often wrote
  where it occurs (counted from the verses, and said to be that, not a gloss) and, for a clear verb
  ending, the form code reads from it;
* "is the Gāyatrī a … mantra?" names the passage though words stand between the name and "mantra";
  "the gāyatrī metre … verse" does not;
* the validator does not flag a named passage's own description as a claim the verses fail to bear out.
"""
from __future__ import annotations

import re

from pyapp.agents import grounding
from pyapp.reading.named import find_named
from pyapp.search.text import english_words, stem
from reader_turns import ask_alone


def _unglossed_hit(searcher, question: str):
    hits = [h for h in searcher.terms.find_terms(question, names=True) if h.from_corpus]
    assert hits, question
    return hits[0]


def test_an_unglossed_word_gets_the_words_griffith_wrote_beside_it(keyword_searcher) -> None:
    for word in ("havamahe", "dhimahi"):
        hit = _unglossed_hit(keyword_searcher, f"what does {word} mean")
        assert hit.learned and not hit.gloss, word
        docs, _ = keyword_searcher.text_index.associated_english(hit.sa_terms)
        translations = [keyword_searcher.index.verses[int(d)].translation or "" for d in docs]
        for shown in hit.learned:  # each shown word is Griffith's, in the verses that use the Sanskrit word
            assert sum(any(stem(w) == stem(shown.lower()) for w, _ in english_words(t)) for t in translations) >= 2


def test_the_answer_says_the_renderings_are_counted_not_a_gloss(keyword_searcher) -> None:
    answer = ask_alone(keyword_searcher, "meaning of the word havamahe").answer
    first = answer.splitlines()[0]
    assert "glossary does not explain" in first and "most often has" in first


def test_a_clear_verb_ending_is_read_when_the_padapatha_is_there(keyword_searcher) -> None:
    ending = keyword_searcher.ending_of("dhimahi")
    assert re.search(r"first person plural", ending)
    assert keyword_searcher.ending_of("agnim") == ""  # a noun's case says little of its meaning: left out


def test_a_passage_name_finds_its_verse_word_a_few_words_on() -> None:
    assert [m.passage.id for m in find_named("is the gayatri really a mantra for meditation")] == ["gayatri"]
    assert [m.passage.id for m in find_named("Purusha, the famous sukta")] == ["purusha"]
    assert find_named("the gayatri metre: which verse uses it") == []
    assert find_named("what is the gayatri? give one verse") == []


def test_a_curated_description_is_not_a_claim_the_verses_must_bear_out() -> None:
    about = "A hymn of our own description that no verse words, saying things the verses do not."
    answer = f"The Example hymn (RV 9.9): {about} The verse: [RV 9.9.1]"
    plain = grounding.analyse(answer, [], "")
    with_data = grounding.analyse(answer, [], "", curated=[about])
    assert len(with_data.unsupported) < len(plain.unsupported)


def test_a_passage_name_heard_and_misspelt_beside_its_hymn_or_verse_word() -> None:
    for question, passage in (("what does the Purushha Sooktham teach", "purusha"),
                              ("meaning of the gaayatrii manthram", "gayatri"),
                              ("the naasadeeya hymn in simple words", "nasadiya")):
        assert [m.passage.id for m in find_named(question)] == [passage], question
    assert find_named("which hymns are the oldest") == []  # ordinary words beside "hymns" stay words
    assert find_named("is gaythri a goddess") == []  # a misspelt name without its verse word stays a word
