"""The shapes held-out set 20 exposed, read over the index and tables (session 33, kinds21): an idea asked of the
hymns (a theme of ``topic_words`` that opens with what its plainest verse says), a later place or rite asked as the
hymns' (``later_terms``), a prophecy read into the text (``prophecy``), a deed done to a kinsman (not the
patronymic reader's), the gods by region (``god_regions``) and a god's weapon or animal (``god_attribute``).
Wordings and subjects none of the answer sets use."""
from __future__ import annotations

from pyapp.reading import god_attribute, god_regions, later_terms, lookalike, name_list, prophecy, topic_words, yes_no
from pyapp.reading.hymn_query import read as read_hymn_query


def test_an_idea_opens_with_what_its_plainest_verse_says(keyword_searcher) -> None:
    index = keyword_searcher.index
    found = topic_words.answer("did any poet of the hymns doubt the existence of the gods at all?", index)
    assert found is not None and found.text.startswith("The plainest verse on doubt and unbelief")
    assert found.refs[0] in {"2.12.5", "8.100.3"} and f"[RV {found.refs[0]}]" in found.text.split(". The hymns")[0]
    found = topic_words.answer("is there a rite to bring back the departed mind of a sick man?", index)
    assert found is not None and found.refs[0].startswith("10.58.")
    found = topic_words.answer("was a human victim ever offered in the vedic hymns?", index)
    assert found is not None and {"1.24.12", "1.24.13", "5.2.7", "10.90.15", "10.90.6"} & set(found.refs)


def test_a_thing_of_daily_life_keeps_its_count_opening(keyword_searcher) -> None:
    found = topic_words.answer("was barley grown by the people of the hymns?", keyword_searcher.index)
    assert found is not None and found.text.startswith("The hymns' words for barley")


def test_a_later_place_asked_as_the_gods_home_is_said_absent(keyword_searcher) -> None:
    found = later_terms.answer("does Shiva dwell on Kailash according to the rigveda?", keyword_searcher.index)
    assert found is not None and found.text.startswith("No: Mount Kailāsa is not named")
    found = later_terms.answer("did the rigvedic people know the naramedha rite?", keyword_searcher.index)
    assert found is not None and "10.90.15" in found.refs


def test_a_prophecy_read_into_the_hymns_is_answered_no() -> None:
    assert prophecy.asks("is the coming of Shankaracharya foretold in a rig veda hymn?")
    assert prophecy.asks("Does the Rigveda predict the invention of aeroplanes?")
    assert not prophecy.asks("Will the Rigveda predict my exam result?")  # the reader's fortune
    assert not prophecy.asks("show me the bible verse that fulfils the vedic prophecy")  # another scripture's text
    assert not prophecy.asks("what does the rigveda say about rivers?")
    assert lookalike.look_alike("Does the Rigveda predict the invention of aeroplanes?") is None
    assert lookalike.look_alike("Can the Rigveda predict my job?") is not None
    assert prophecy.lead("No verse speaks directly of aeroplanes …").startswith("No — the RigVeda holds no prophecy")
    assert prophecy.lead("No: Kalki is not named …").startswith("No: Kalki")


def test_a_negated_claim_gets_no_yes_from_co_occurrence() -> None:
    assert not yes_no.is_yes_no("Did the poets say that Soma does not heal?")
    assert yes_no.is_yes_no("Did Soma heal the blind?")


def test_a_deed_done_to_a_kinsman_is_no_patronymic_question(keyword_searcher) -> None:
    asked = read_hymn_query("did Tvashtar curse his own son?", keyword_searcher.index)
    assert asked is None or asked.op != "father"
    asked = read_hymn_query("who was the father of Gritsamada?", keyword_searcher.index)
    assert asked is not None and asked.op == "father"


def test_the_gods_by_region(keyword_searcher) -> None:
    found = god_regions.answer("name two celestial deities of the vedas", keyword_searcher.index)
    assert found is not None and "Varuṇa" in found.text.split("The grouping")[0] and "Indra" not in found.text.split("The grouping")[0]
    found = god_regions.answer("which gods belong to each of the three worlds?", keyword_searcher.index)
    assert found is not None and all(w in found.text for w in ("earth", "mid-air", "heaven"))
    assert god_regions.answer("what do the gods do in the air?", keyword_searcher.index) is None
    assert god_regions.answer("who is the god of the sky?", keyword_searcher.index) is None


def test_a_gods_weapon_and_animal_come_from_his_own_verses(keyword_searcher) -> None:
    index = keyword_searcher.index
    found = god_attribute.answer("which weapons do the Maruts bear?", index)
    assert found is not None and "spears" in found.text.split(":")[0]
    found = god_attribute.answer("what animal pulls the chariot of Pushan? his vehicle", index)
    assert found is not None and "goats" in found.text.split(":")[0]
    assert god_attribute.answer("what is the weapon of the sacrifice?", index) is None  # no god asked


def test_a_worksheet_row_asks_the_attribute_of_each_name() -> None:
    rows = name_list.rows("match each god with his weapon: Indra, Maruts, Rudra", ["Indra", "Maruts", "Rudra"])
    assert rows == ["What is Indra's weapon?", "What is Maruts' weapon?", "What is Rudra's weapon?"]
    assert name_list.rows("match each god with his role: Indra, Maruts, Rudra", ["Indra", "Maruts", "Rudra"])[0] == "Who is Indra?"
