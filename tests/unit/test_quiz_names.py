"""Questions whose answer is a name (pyapp.reading.quiz_form, described_name, analogy): a crossword or quiz clue
read without its form words and with its letter count, a name asked by its description answered name first, and
an analogy completed by a relation of the tables. Wordings of our own."""
from __future__ import annotations

import pytest

from pyapp.reading import analogy, described_name, quiz_form
from pyapp.search import Searcher
from reader_turns import ask


@pytest.mark.parametrize("text, clue, letters", [
    ("Crossword, 8 across: the Vedic god of the wind (4)", "8 across: the Vedic god of the wind", [4]),
    ("mots fléchés — dieu védique du vent en 4 lettres", "dieu védique du vent", [4]),
    ("Kreuzworträtsel Hinweis: Gott des Windes im Rigveda, vier Buchstaben", "Gott des Windes im Rigveda", [4]),
    ("krzyżówka: wedyjski bóg wiatru, 4 litery", "wedyjski bóg wiatru", [4]),
    ("a six or seven letter name for the rain god of the hymns", "the rain god of the hymns", [6, 7]),
])
def test_a_clue_loses_its_form_words_and_keeps_its_letter_count(text: str, clue: str, letters: list) -> None:
    read = quiz_form.read(text)
    assert read is not None and read.clue == clue and read.letters == letters


@pytest.mark.parametrize("text", ["Who is the god of the wind?", "How many letters are in the Devanagari script?",
                                  "What does RV 10.90 (16 verses) say about the moon?"])
def test_ordinary_questions_are_no_clues(text: str) -> None:
    assert quiz_form.read(text) is None


def test_the_letter_count_picks_between_names_a_description_fits() -> None:
    both = {m.candidate.name for m in described_name.best("the sun god")}
    assert {"Sūrya", "Savitṛ"} <= both
    assert [m.candidate.name for m in described_name.best("the sun god", [5])][:1] == ["Sūrya"]
    assert [m.candidate.name for m in described_name.best("the sun god", [7])][:1] == ["Savitṛ"]


def test_a_name_counts_its_common_romanisations() -> None:
    by_name = {c.name: c for c in described_name.candidates()}
    assert {5, 6} <= described_name.letters_of(by_name["Vṛtra"])  # VRTRA, VRITRA
    assert {6, 7} <= described_name.letters_of(by_name["Aśvins"])  # ASVINS, ASHVINS


def test_a_name_question_naming_the_god_is_no_description() -> None:
    assert described_name.best("who is Pūṣan?") == []


def test_a_description_is_answered_with_the_name_first(searcher: Searcher) -> None:
    result = ask(searcher, "which deity is the divine craftsman who forged the thunderbolt?")
    assert result.answer.startswith("Tvaṣṭṛ")


def test_a_crossword_clue_in_another_language_gets_the_name_of_its_length(searcher: Searcher) -> None:
    result = ask(searcher, "crucigrama: el dios védico del viento, 4 letras")
    assert result.answer.startswith("Vāyu (4 letters: VAYU)")


def test_a_clue_follow_up_keeps_to_its_own_description(searcher: Searcher) -> None:
    result = ask(searcher, "crossword: the artisan gods of the rigveda (6)", "and their mother? the dappled cow, 5 letters")
    assert result.answer.startswith("Pṛśni")


@pytest.mark.parametrize("text, a, b, c", [
    ("Pūṣan : goats :: Sūrya : ?", "Pūṣan", "goats", "Sūrya"),
    ("Rudra is to the Maruts as Aditi is to ___", "Rudra", "the Maruts", "Aditi"),
    ("si Yama es a Yamī, Purūravas es a ___", "Yama", "Yamī", "Purūravas"),
    ("Tvaṣṭṛ est à Indra ce que les Ṛbhus sont à ___", None, None, None),
])
def test_an_analogy_is_read_in_its_forms(text: str, a: str, b: str, c: str) -> None:
    read = analogy.parse(text)
    if a is None:
        assert read is None or read.a  # a form we do not read is left to the open search
        return
    assert read is not None and (read.a, read.b, read.c) == (a, b, c)


def test_an_analogy_applies_the_relation_of_a_and_b_to_c(searcher: Searcher) -> None:
    result = ask(searcher, "Pūṣan : goats :: Sūrya : ?")
    assert result.answer.lower().startswith("seven bay mares")
    assert "1.50.8" in [v.book_context for v in result.verses]


def test_an_analogy_of_family_books_names_the_book(searcher: Searcher) -> None:
    result = ask(searcher, "Bharadvāja is to book 6 as Vāmadeva is to which book?")
    assert result.answer.startswith("Maṇḍala 4")


def test_an_analogy_without_a_relation_says_so_and_answers_about_c(searcher: Searcher) -> None:
    result = ask(searcher, "Sūrya is to gold as Soma is to ___")
    assert result.answer.startswith("No relation between")
    assert "Soma" in result.answer.split("\n\n", 1)[1][:300]


def _verse(ref: str, addressee: str, text: str, relevance: float) -> object:
    from types import SimpleNamespace

    return SimpleNamespace(book_context=ref, addressee=addressee, translation=text, relevance=relevance)


def test_the_verses_vote_for_the_addressee_they_agree_on_not_the_top_one() -> None:
    verses = [_verse("1.1.1", "Soma", "the golden pillar of the sky stands firm", 0.9),
              _verse("2.1.1", "Varuna", "he propped the sky apart with a pillar", 0.6),
              _verse("2.2.1", "Varuna", "the pillar of heaven he set up, the sky", 0.5),
              _verse("3.1.1", "Agni", "bright in the morning", 0.95)]
    said = described_name.lead("which god holds up the sky with a pillar?", verses)
    assert said is not None and said[0].startswith("Most likely Varuṇa") and said[1] == "2.1.1"


def test_a_split_vote_names_no_one() -> None:
    verses = [_verse("1.1.1", "Soma", "the pillar of the sky", 0.9), _verse("2.1.1", "Varuna", "a pillar, the sky", 0.9)]
    assert described_name.lead("which god holds up the sky with a pillar?", verses) is None


def test_he_after_a_spouse_answer_is_the_husband_not_the_woman_seer(searcher: Searcher) -> None:
    result = ask(searcher, "Lopāmudrā's verses, please", "and who was she married to?", "what else did he compose?")
    assert result.answer.startswith("Agastya")


def test_a_clue_about_astrology_is_refused_not_answered_with_a_god(searcher: Searcher) -> None:
    result = ask(searcher, "crossword: birthstone of Saturn in Vedic astrology, 8 letters")
    assert "not about the rigveda" in result.answer.lower()
