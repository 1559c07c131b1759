"""The shapes of set 21's kinds, asked of other subjects (session 34, kinds22): an idea asked of the hymns (a virtue or
vice: the idea's own Sanskrit words find its verses), a modern word or thing (the hymns' counterpart, or a plain "No"),
a foreign land (a counterpart under another name, or "No"), a thing the hymns never name, a gotra or surname (the seer
family's hymns, or "No"), and "and the X?" after a presence question. Wordings and subjects no answer set uses."""
from __future__ import annotations

from pyapp.diacritics import strip_vedic_accents
from pyapp.reading import gotra, later_terms, topic_words
from tests.unit.reader_turns import ask, ask_alone, cited


def test_an_idea_is_read_as_a_theme_with_its_sanskrit_words(searcher) -> None:
    index = searcher.index
    found = topic_words.answer("Does any hymn praise the man who labours and toils?", index, searcher)
    assert found is not None and found.text.startswith("The plainest verse on toil")
    assert "4.33.11" in found.refs  # na ṛte śrāntasya sakhyāya devāḥ
    # a verse Griffith left in Latin (1.179.3 names śrānta too) is never the opening quotation
    assert not found.text.startswith("The plainest verse on toil and hard work is RV 1.179.3")
    truth = topic_words.answer("What do the hymns teach about dishonesty and falsehood?", index, searcher)
    assert truth is not None and topic_words.match("What do the hymns teach about dishonesty?").id == "truth_speech"


def test_the_verse_that_says_an_idea_is_the_ideas_verses_but_a_thing_stays_a_quotation() -> None:
    assert topic_words.theme_of("is there a verse that says the lazy man is hated by the gods?") is not None
    # a thing (not an idea) named in a "verse that says …" is a line to find word for word, as before
    assert topic_words.match("which verse says milk flows from the cow's udder?") is None


def test_an_idea_asked_with_a_thing_cites_the_verse_naming_both(searcher) -> None:
    found = topic_words.answer("ploughing the field for food: does the rigveda call that honest toil?", searcher.index, searcher)
    assert found is not None and found.refs[0] in {"10.117.7", "10.34.13"}


def test_an_ambiguous_word_ranks_griffiths_english_first(searcher) -> None:
    found = topic_words.answer("were there bondsmen and servitude among the Vedic people?", searcher.index, searcher)
    assert found is not None
    text = searcher.index.by_ref(found.refs[0]).translation.lower()
    assert "slave" in text or "serve" in text


def test_stems_keep_their_marks(searcher) -> None:
    refs = later_terms._verses_with(searcher.index, ["brāhmaṇ"])
    assert 5 < len(refs) < 40  # the priest, not every verse of brahman "prayer"
    assert all("brāhmaṇ" in strip_vedic_accents(searcher.index.by_ref(r).roman).lower() for r in refs)


def test_a_counterpart_under_another_name_says_how_far_it_goes(searcher) -> None:
    found = later_terms.answer("were the Parthians known to the poets of the Rigveda?", searcher.index, searcher)
    assert found is not None and found.text.startswith("Not by that name") and "6.27.8" in found.refs


def test_a_land_beyond_the_horizon_is_a_plain_no(searcher) -> None:
    for question in ("Babylon in the rig veda?", "Does the Rigveda mention the Sumerians?"):
        found = later_terms.answer(question, searcher.index, searcher)
        assert found is not None and found.text.startswith("No:"), question


def test_a_modern_thing_names_the_hymns_counterpart(searcher) -> None:
    found = later_terms.answer("were coins used as currency in rigvedic times?", searcher.index, searcher)
    assert found is not None and found.text.startswith("No:") and "niṣka" in found.text


def test_a_gotra_names_the_seer_family_or_says_no(searcher) -> None:
    index = searcher.index
    assert gotra.family_name("our gotra is Vatsa — which suktas did our rishi compose?") == "vatsa"
    vatsa = gotra.answer("our gotra is Vatsa — which suktas did our rishi compose?", index, searcher)
    assert vatsa is not None and "8.6.1" in vatsa.refs
    spelt = gotra.answer("Bharadwaj surname, which hymns belong to my family?", index, searcher)
    assert spelt is not None and spelt.refs and spelt.refs[0].startswith("6.")
    none = gotra.answer("my gotra is Zorblax, any hymns by our rishi in the rigveda?", index, searcher)
    assert none is not None and none.text.startswith("No —")
    # the word gotra asked about, with no family of the reader's: left to the word readers
    assert gotra.answer("what does gotra mean in the rigveda?", index, searcher) is None
    assert gotra.answer("the gotra system in the rig veda", index, searcher) is None


def test_a_thing_the_hymns_never_name_is_a_plain_no(searcher) -> None:
    answer = ask_alone(searcher, "The hymns never speak of the rhinoceros, do they?").answer
    assert answer.startswith("No"), answer[:120]


def test_and_the_x_after_a_presence_question_asks_the_same_of_x(searcher) -> None:
    result = ask(searcher, "Is the elephant in the Rigveda?", "and the mango? also?")
    assert result.answer.startswith("No"), result.answer[:120]
    assert not any(r.startswith("4.16.") for r in cited(result)[:1]) or "mango" in result.answer.lower()


def test_a_god_set_beside_another_tradition_s_is_not_answered_as_a_foreign_land(keyword_searcher) -> None:
    """"Is Varuṇa the same as the Persian Ahura Mazda?" asks about Varuṇa: the Persians' entry stays out of it."""
    from pyapp.reading import later_terms

    index = keyword_searcher.index
    assert later_terms.answer("Is Varuna the same god as the Persian Ahura Mazda?", index) is None
    assert later_terms.answer("are the persians mentioned in the rig veda?", index) is not None
