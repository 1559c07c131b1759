"""A worksheet task over a list of the hymns' names or hymn numbers (``pyapp.reading.name_list``): each item
answered in turn, one line each at the top. Wordings none of the answer sets use."""
from __future__ import annotations

import unicodedata

from pyapp.reading import name_list
from tests.unit.reader_turns import ask


def test_a_task_word_makes_a_worksheet_but_a_question_does_not() -> None:
    assert name_list.is_worksheet("Draw up a chart: Savitṛ, Pūṣan, Bhaga, Viṣṇu")
    assert name_list.is_worksheet("Tabelle bitte: Mitra, Aryaman, Bhaga")
    assert name_list.is_worksheet("निम्न देवताओं की तालिका: मित्र, अर्यमा, भग")
    assert not name_list.is_worksheet("Which god is the closest match for Savitṛ among Pūṣan, Bhaga and Viṣṇu?")
    assert not name_list.is_worksheet("The matchless Savitṛ, Pūṣan and Bhaga")  # a word that only begins so


def test_the_items_are_the_listed_part_not_the_options() -> None:
    task = "pair each with its realm: Parjanya, Vāta, Apāṃ Napāt — (a) the waters (b) the wind (c) the rain-cloud"
    assert name_list.listed_part(task).strip() == "Parjanya, Vāta, Apāṃ Napāt"
    assert name_list.rows("fill in the chart: 3.62, 1.164, 10.121", []) == [
        "What is RV 3.62 about?", "What is RV 1.164 about?", "What is RV 10.121 about?"]
    assert name_list.rows("make a chart of Mitra and Varuṇa", ["Mitra", "Varuna"]) == []  # two: a comparison


def test_each_listed_god_is_answered_with_a_line_of_its_own(keyword_searcher) -> None:
    result = ask(keyword_searcher, "make a chart of these gods with one verse each: Savitr, Pushan, Vishnu")
    lines = result.answer.split("\n")
    heads = [line.split(":")[0] for line in lines[:3]]
    assert [h[:13] for h in heads] == ["- Who is Savi", "- Who is Push", "- Who is Vish"]  # the index's spelling
    assert "each is answered in turn" in " ".join(result.notes)
    deities = unicodedata.normalize("NFD", " ".join(v.deity.lower() for v in result.verses)).encode("ascii", "ignore").decode()
    assert all(name in deities for name in ("savit", "pus", "visn"))


def test_hymn_numbers_in_a_worksheet_are_each_summarised(keyword_searcher) -> None:
    result = ask(keyword_searcher, "Match these hymns to their subjects: 10.121, 3.62, 1.164")
    heads = result.answer.split("\n")[:3]
    assert heads[0].startswith("- What is RV 10.121 about: RV 10.121")
    assert heads[1].startswith("- What is RV 3.62 about: RV 3.62")
    assert heads[2].startswith("- What is RV 1.164 about: RV 1.164")
