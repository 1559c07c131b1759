"""Reader questions that went wrong on a blind set (held-out 4), asked in our own words against the
real index: a Sanskrit word the term lexicon lacks, a long saṃhitā line typed joined, a god's name
on something else, "in it" after a hymn was found, "his most famous hymn", a comparison whose side
Griffith calls by another name, a fact question that names a passage it is not about.

Quotation tests take their line from the index itself (any verse would do), so no answer is
written into the test; the rest assert what the reader sees first: the verse cited, the refusal,
the rewritten question.
"""
from __future__ import annotations

import re

from pyapp.search import Searcher
from pyapp.search.translit import sanskrit_words
from reader_turns import REFUSED, ask, cited


def test_a_sanskrit_word_outside_the_lexicon_is_searched_in_the_sanskrit(searcher: Searcher) -> None:
    word = "aghnyā"  # "not to be killed", said of cows; not one of the lexicon's terms
    assert not [t for t in searcher.terms.find_terms(f"What does {word} mean?") if not t.from_corpus]
    result = ask(searcher, f"Which verses use the word {word}, and for what?")
    assert REFUSED not in result.answer.lower()
    uses = [v for v in result.verses if any(w.startswith("aghny") for w in sanskrit_words(v.iast or ""))]
    assert uses, cited(result)


def test_a_long_line_typed_joined_in_devanagari_finds_its_verse(searcher: Searcher) -> None:
    index = searcher.index
    verse = next(v for v in index.verses if v.ref == "10.125.1")  # any verse with a long first half would do
    first_half = verse.sanskrit.split("।")[0]
    joined = re.sub(r"[\s\u0951\u0952\u1cd0-\u1cff]+", "", first_half)  # no spaces, no accent marks
    assert " " not in joined and len(joined) > 30
    result = ask(searcher, f"{joined} — what is this verse?")
    assert result.verses[0].book_context == verse.ref
    assert result.answer.startswith(f"These words are found in RV {verse.ref}")


def test_a_gods_name_used_for_a_product_or_a_pet_is_no_reason_to_answer(searcher: Searcher) -> None:
    for question in ("My new sauna brand is called Agni Heat; what temperature should the thermostat be?",
                     "Our cat is named Soma and she won't eat her kibble, what should we try?"):
        assert REFUSED in ask(searcher, question).answer.lower(), question
    # the name said of the god stays a question about the god
    assert REFUSED not in ask(searcher, "Why is Agni called the messenger of the gods?").answer.lower()


def test_an_everyday_task_that_names_a_ritual_word_is_refused_when_no_verse_answers(searcher: Searcher) -> None:
    result = ask(searcher, "How many tablespoons of ghee do I need to fry two onions?")
    assert REFUSED in result.answer.lower()


def test_in_it_points_at_the_hymn_found_in_the_previous_turn(searcher: Searcher) -> None:
    result = ask(searcher, "Show me RV 10.39", "What do the Aśvins do for Ghoṣā in it?")
    assert "Read as" in " ".join(result.notes)
    found = cited(result)
    hymns = {".".join(r.split(".")[:2]) for r in found}
    assert hymns & {"10.39", "10.40"}, found


def test_a_seers_most_famous_hymn_is_one_readers_name(searcher: Searcher) -> None:
    result = ask(searcher, "Tell me about Dīrghatamas.", "Which is his most celebrated hymn?")
    assert any(r.startswith("1.164.") or r.startswith("1.162.") for r in cited(result)), cited(result)


def test_each_side_of_a_comparison_gets_its_own_hymns(searcher: Searcher) -> None:
    # Śraddhā is "Faith" in Griffith: the side is found through the hymn addressed to her
    result = ask(searcher, "How do the hymns to Manyu differ from the hymn to Śraddhā?")
    deities = " ".join((v.deity or "") + " " + (v.addressee or "") for v in result.verses).lower()
    assert "manyu" in deities and ("śradhā" in deities or "faith" in deities), deities


def test_a_fact_question_that_names_a_passage_is_answered_from_that_passage(searcher: Searcher) -> None:
    result = ask(searcher, "Which god ranks highest, given that the riddle hymn says the wise call the One "
                           "by many names?")
    assert any(r.startswith("1.164.") for r in cited(result)), cited(result)
    # a fact about the passage itself is still a fact
    fact = ask(searcher, "Who composed the Nāsadīya sūkta?")
    assert re.match(r"(The [^,]+, )?RV 10\.129,? was composed by", fact.answer), fact.answer[:80]
