"""Questions over the hymn table (issue 19, set 12's kinds as mechanisms): the Nth verse of a named hymn,
the longest/shortest hymn of a maṇḍala, whether a god has a hymn of its own, whether a name occurs in a
hymn, a seer's father from the patronymic, metre syllables from the metre table, two questions in one.
Asked in our own wordings (other gods, books, metres, seers than the held-out set's) and checked on what
the reader sees first; the expected facts are computed from the index, not copied."""
from __future__ import annotations

import re

import pytest

from pyapp import facts as F
from pyapp.counts import god_hymns
from pyapp.factbook import query
from pyapp.reading import asked_kind, hymn_query, sanskrit_question, several
from pyapp.search import Searcher


def read(searcher: Searcher, question: str):
    return asked_kind.answer(question, searcher.index, searcher)


# -- the Nth verse of a hymn named by its name -----------------------------------------------------
def test_the_nth_verse_of_a_named_hymn_is_that_verse(searcher: Searcher) -> None:
    found = read(searcher, "Show me the fourth stanza of the Hymn to Night.")
    assert found is not None and found.refs == ["10.127.4"]
    assert found.text.startswith("The fourth verse of the Rātri Sūkta")


def test_the_last_verse_of_a_named_hymn_counts_its_verses(searcher: Searcher) -> None:
    found = read(searcher, "What does the last verse of the frog hymn say?")
    last = len(searcher.index.hymn(7, 103))
    assert found is not None and found.refs == [f"7.103.{last}"]


def test_the_nth_verse_of_the_nth_hymn_of_a_book(searcher: Searcher) -> None:
    found = read(searcher, "What is the third verse of the first hymn of mandala 9?")
    assert found is not None and found.refs == ["9.1.3"]


def test_a_verse_beyond_the_hymn_says_how_many_it_has(searcher: Searcher) -> None:
    found = read(searcher, "What does the twelfth verse of the Nasadiya say?")
    assert found is not None and "only 7 verses" in found.text


# -- superlatives within a maṇḍala -----------------------------------------------------------------
@pytest.mark.parametrize("question,book,longest", [
    ("Which hymn of book 5 is the longest?", 5, True),
    ("the shortest sukta in the third mandala", 3, False),
])
def test_the_longest_or_shortest_hymn_of_a_book_comes_first(searcher: Searcher, question: str, book: int,
                                                             longest: bool) -> None:
    hymns = [h for h in F.facts_for(searcher.index).hymns if h.mandala == book]
    best = (max if longest else min)(h.verses for h in hymns)
    first = next(h for h in hymns if h.verses == best)
    found = read(searcher, question)
    assert found is not None and found.text.startswith(
        f"The {'longest' if longest else 'shortest'} hymn of maṇḍala {book} is RV {first.ref}, with {best} verse")


# -- a hymn of one's own; a name in a hymn -----------------------------------------------------------
def test_a_god_with_hymns_of_its_own_is_a_yes_with_them(searcher: Searcher) -> None:
    found = read(searcher, "Does Parjanya have any hymn of his own?")
    assert found is not None and found.text.startswith("Yes:") and "RV 5.83" in found.text


@pytest.mark.parametrize("god", ["Tvashtar", "Bhaga", "Aditi"])
def test_a_god_named_only_beside_others_is_a_plain_no(searcher: Searcher, god: str) -> None:
    own = god_hymns(searcher.index, god)
    found = read(searcher, f"Is there a hymn dedicated solely to {god}?")
    assert found is not None
    if own is not None and own.alone:
        assert found.text.startswith("Yes:") and f"RV {own.alone[0]}" in found.text
    else:
        assert re.match(r"No: no hymn of the RigVeda is addressed to \S+ alone", found.text)


def test_a_name_absent_from_a_named_hymn_is_a_no_with_the_hymn(searcher: Searcher) -> None:
    found = read(searcher, "Is Soma mentioned in the Hymn to Night?")
    assert found is not None and found.text.startswith("No: Soma is not named")
    assert found.subject_hymns == ["10.127"]


def test_a_name_present_in_a_named_hymn_cites_its_verses(searcher: Searcher) -> None:
    found = read(searcher, "Does Indra appear in the gambler's lament?")
    hits = [v.ref for v in searcher.index.hymn(10, 34) if "indr" in query._fold(v.roman)]
    if hits:
        assert found is not None and found.text.startswith("Yes:") and found.refs[0] == hits[0]
    else:
        assert found is not None and found.text.startswith("No:")


# -- genealogy from the patronymic ---------------------------------------------------------------------
@pytest.mark.parametrize("question,father", [
    ("Who was Bharadvaja's father?", "Bṛhaspati"),
    ("Kakshivan was the son of whom? Who is his father?", "Dīrghatamas"),
    ("whose son was Dirghatamas", "Ucathya"),
])
def test_a_seers_father_is_read_from_the_patronymic(searcher: Searcher, question: str, father: str) -> None:
    found = read(searcher, question)
    assert found is not None and re.search(rf"'s father is {father}\b", found.text)


def test_a_patronymic_undoes_the_strengthened_first_vowel() -> None:
    assert "visvamitr" in query.patronymic_base("vaiśvāmitraḥ")
    assert "brhaspat" in query.patronymic_base("bārhaspatyaḥ")


# -- metres as data ---------------------------------------------------------------------------------
@pytest.mark.parametrize("question,number", [
    ("How many syllables in a jagati stanza?", "48"),
    ("syllables per pada of the gayatri metre?", "8"),
    ("How many aksharas does a pankti verse have?", "40"),
])
def test_a_metres_syllables_come_first(searcher: Searcher, question: str, number: str) -> None:
    found = read(searcher, question)
    assert found is not None and re.search(rf"\bhas {number} syllables\b", found.text.split(".")[0])
    assert found.refs and searcher.index.by_ref(found.refs[0]) is not None


def test_a_metre_is_found_by_its_syllables_per_line(searcher: Searcher) -> None:
    found = read(searcher, "Which metre has eleven syllables in every line?")
    assert found is not None and found.text.startswith("The Triṣṭubh has 11 syllables in each line")


def test_the_metres_in_order_run_from_gayatri_to_jagati(searcher: Searcher) -> None:
    found = read(searcher, "List the main Vedic meters from the shortest to the longest")
    assert found is not None
    names = re.findall(r"(Gāyatrī|Uṣṇih|Anuṣṭubh|Bṛhatī|Paṅkti|Triṣṭubh|Jagatī) (\d+)", found.text)
    assert [n for _, n in names] == sorted((n for _, n in names), key=int) and len(names) == 7


def test_the_metre_table_totals_its_lines() -> None:
    table = {m.name: m.total for m in hymn_query.metres()}
    assert table["Gāyatrī"] == 24 and table["Anuṣṭubh"] == 32 and table["Bṛhatī"] == 36


# -- two questions in one -------------------------------------------------------------------------------
def test_two_wh_questions_joined_by_and_are_split() -> None:
    assert several.questions("Which god is the hymn to the frogs for, and who is its seer?") == [
        "Which god is the hymn to the frogs for?", "Who is its seer?"]
    assert several.questions("How many hymns does book 9 have and to which god are they addressed?") == [
        "How many hymns does book 9 have?", "To which god are they addressed?"]


def test_one_question_naming_two_things_stays_whole() -> None:
    for message in ("Who are Indra and Agni?", "What is the bond between Soma and what the poets call amrta?",
                    "Which seers and which gods appear in book 2?"):
        assert several.questions(message) == [message]


# -- later ideas ----------------------------------------------------------------------------------------
def test_a_later_word_that_occurs_is_a_yes_with_verses_that_have_it(searcher: Searcher) -> None:
    found = read(searcher, "Is the word atman found in the Rigveda?")
    assert found is not None and found.text.startswith("Yes: the word ātman")
    assert all("tm" in query._fold(searcher.index.by_ref(r).roman) for r in found.refs[:3])


def test_a_later_idea_that_is_absent_is_a_plain_no_with_the_nearest(searcher: Searcher) -> None:
    found = read(searcher, "Are Vishnu's avatars mentioned in the Rig Veda?")
    assert found is not None and found.text.startswith("No:") and found.refs


def test_a_theme_question_is_not_read_as_a_presence_question(searcher: Searcher) -> None:
    found = read(searcher, "What does the Rigveda say about maya?")
    assert found is None or not found.text.startswith(("Yes: the word", "No:"))


# -- questions written in Sanskrit ----------------------------------------------------------------------
@pytest.mark.parametrize("question,english", [
    ("अघमर्षणसूक्तस्य ऋषिः कः?", "Who is the seer of the aghamarṣaṇa sūkta?"),
    ("नासदीयसूक्ते कति ऋचः सन्ति?", "How many verses are in the nāsadīya sūkta?"),
    ("ऋग्वेदस्य द्वितीयः मन्त्रः कः?", "What is the second verse of the Rigveda?"),
    ("अग्निः वृत्रं कथम् अहन्?", "How did Agni kill Vritra?"),
])
def test_a_sanskrit_question_is_read_into_english(question: str, english: str) -> None:
    assert sanskrit_question.read(question) == english


def test_hindi_is_not_read_as_sanskrit() -> None:
    assert sanskrit_question.read("ऋग्वेद में कितने मंडल हैं?") is None
    assert sanskrit_question.read("अग्नि का क्या अर्थ है?") is None


# -- the verses a (woman) seer is named for ----------------------------------------------------------------
def test_a_rishikas_verses_are_the_verses_her_name_is_on(searcher: Searcher) -> None:
    found = read(searcher, "Which verses did the rishika Apala compose?")
    mine = [v.ref for v in searcher.index.verses if "apala" in query._fold(v.rishi)]
    # the women seers' own reader (reading/woman_seer.py) answers first since session 26: it names her, and the Anukramaṇī
    first = found.text.split(": ")[0] if found is not None else ""
    assert found is not None and found.text.startswith("Apālā") and "Anukramaṇī" in found.text.split(". ")[0], first
    assert mine and found.refs[0] == mine[0]


def test_verse_runs_are_written_as_ranges() -> None:
    assert query._ranges(["5.1.3", "5.1.4", "5.1.5", "5.2.1"]) == ["RV 5.1.3–5", "RV 5.2.1"]


def test_his_name_in_a_question_about_a_gods_name_is_not_a_seer_question() -> None:
    assert hymn_query.read("Is Indra's name linked to his strength in the hymns?") is None
    assert hymn_query.read("Agastya is a seer of book 1. Which hymns are his?").op == "seer_verses"
