"""``pyapp.facts``: factual questions about hymns answered by code, on the real built index.

The assertions are about what a reader sees: the first sentence states the fact, names are shown
in IAST with an ASCII spelling, verses are cited as [RV M.H.V], and questions that are not about
a fact (or whose subject is unknown) get ``None`` instead of a guess. A reference that does not
exist gets a ``FactAnswer`` of kind ``"not_found"`` that says so (documented in the module).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyapp.facts import FactAnswer, answer_fact, detect_fact, display_name, facts_for, metre_display
from pyapp.index import RigvedaIndex

CITE = re.compile(r"\[RV (\d+\.\d+\.\d+)\]")


@pytest.fixture(scope="module")
def index(index_dir: Path) -> RigvedaIndex:
    return RigvedaIndex.load(str(index_dir))


def ask(index: RigvedaIndex, question: str, subject=None) -> FactAnswer:
    answer = answer_fact(question, index, subject)
    assert answer is not None, question
    return answer


def first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s+(?=[A-Z0-9])", text, maxsplit=1)[0]


def check_citations(index: RigvedaIndex, answer: FactAnswer) -> None:
    """Every cited verse exists and every evidence ref is a real verse (≤ 10 cards)."""
    assert len(answer.refs) <= 10
    for ref in CITE.findall(answer.text) + answer.refs:
        assert index.by_ref(ref) is not None, ref
    for hymn in answer.subject_hymns:
        m, h = map(int, hymn.split("."))
        assert index.verse_count(m, h) > 0, hymn


# --- one hymn -----------------------------------------------------------------------------------

def test_seer_of_the_first_hymn_names_madhucchandas_with_an_ascii_spelling(index) -> None:
    answer = ask(index, "Which rishi composed RV 1.1?")
    assert answer.kind == "seer" and answer.subject_hymns == ["1.1"]
    lead = first_sentence(answer.text)
    assert "Madhucchandas" in lead and "Vaiśvāmitra" in lead
    assert "Madhuchchhandas Vaishvamitra" in lead  # readers type it this way
    assert "[RV 1.1.1]" in lead and answer.refs[0] == "1.1.1"
    check_citations(index, answer)


def test_follow_up_uses_the_callers_hymn_but_a_reference_in_the_question_wins(index) -> None:
    follow_up = ask(index, "and who was its author?", ["10.90"])
    assert follow_up.kind == "seer" and follow_up.subject_hymns == ["10.90"]
    assert "Nārāyaṇa" in follow_up.text
    own_ref = ask(index, "who composed sukta 2.12", ["10.90"])
    assert own_ref.subject_hymns == ["2.12"] and "Gṛtsamada" in own_ref.text
    assert answer_fact("and who was its author?", index) is None  # nothing to refer to: no guess


def test_verse_level_seer_mentions_a_different_attribution(index) -> None:
    answer = ask(index, "Who is the seer of 3.62.17?")
    assert answer.refs == ["3.62.17"] and "Jamadagni" in first_sentence(answer.text)
    whole = ask(index, "Name the poet of maṇḍala 3 sūkta 62")
    assert "Viśvāmitra" in first_sentence(whole.text)
    assert "16–18" in whole.text and "Jamadagni" in whole.text  # the verses that differ


def test_deity_of_a_hymn(index) -> None:
    answer = ask(index, "To which god is hymn 2.12 dedicated?")
    assert answer.kind == "deity"
    assert re.match(r"RV 2\.12 is addressed to Indra\b", answer.text)
    mixed = ask(index, "To whom is RV 3.62 addressed?")
    lead = first_sentence(mixed.text)
    assert "Savitṛ (verses 10–12)" in lead and "Bṛhaspati" in lead
    assert "3.62.10" in mixed.refs
    check_citations(index, mixed)


def test_metre_of_the_vena_hymn_from_subject_hymns(index) -> None:
    answer = ask(index, "What metre is the Vena hymn composed in?", ["10.123"])
    assert answer.kind == "metre" and answer.subject_hymns == ["10.123"]
    assert "Triṣṭubh (trishtubh" in first_sentence(answer.text)
    mostly = ask(index, "what's the meter of RV 10.90")
    assert "Anuṣṭubh" in first_sentence(mostly.text) and "verse 16" in mostly.text


def test_verse_count_of_a_hymn(index) -> None:
    answer = ask(index, "How many stanzas are there in RV 10.90?")
    assert answer.kind == "verse_count"
    assert answer.text.startswith("RV 10.90 has 16 verses")
    assert answer.refs == ["10.90.1", "10.90.16"]
    assert ask(index, "how long is it?", ["10.129"]).text.startswith("RV 10.129 has 7 verses")


def test_first_and_last_hymns(index) -> None:
    last = ask(index, "Which is the final hymn of the Rig Veda?")
    assert last.kind == "first_last" and last.subject_hymns == ["10.191"]
    assert "RV 10.191" in first_sentence(last.text)
    first = ask(index, "Name the opening hymn of mandala 5")
    assert first.subject_hymns == ["5.1"]
    seer = ask(index, "Who composed the first hymn of the Rigveda?")
    assert seer.kind == "seer" and seer.subject_hymns == ["1.1"]


# --- counts -------------------------------------------------------------------------------------

def test_hymn_and_verse_counts_are_computed(index) -> None:
    mandala = ask(index, "How many suktas does maṇḍala 1 contain?")
    assert mandala.kind == "hymn_count" and mandala.text.startswith("Maṇḍala 1 has 191 hymns")
    total_hymns = sum(index.hymn_count(m) for m in range(1, 11))
    whole = ask(index, "How many hymns are there in the Rigveda altogether?")
    assert f"{total_hymns:,} hymns" in first_sentence(whole.text)
    assert "1,028" in whole.text and "Vālakhilya" in whole.text
    verses = ask(index, "How many verses does the Rig Veda contain?")
    assert verses.kind == "verse_count" and f"{len(index.verses):,} verses" in first_sentence(verses.text)
    book = ask(index, "number of verses in the third mandala")
    book_verses = sum(index.verse_count(3, h) for h in range(1, index.hymn_count(3) + 1))
    assert book.text.startswith(f"Maṇḍala 3 has {book_verses:,} verses")


# --- lists --------------------------------------------------------------------------------------

@pytest.mark.parametrize("spelling", ["Vishvamitra", "Viśvāmitra", "Visvamitra"])
def test_hymns_by_vishvamitra_are_in_mandala_3(index, spelling: str) -> None:
    answer = ask(index, f"Which hymns were composed by {spelling}?")
    assert answer.kind == "list"
    lead = first_sentence(answer.text)
    assert lead.startswith("Viśvāmitra (Vishvamitra) is named as the seer of")
    assert "maṇḍala 3" in lead and "RV 3.1," in lead
    assert all(h.startswith("3.") for h in answer.subject_hymns[:10])
    assert "Vaiśvāmitra" in answer.text  # his family (e.g. Madhucchandas) is told apart, after him
    check_citations(index, answer)


def test_hymns_to_a_deity_count_and_list(index) -> None:
    agni = ask(index, "how many hymns are dedicated to agni")
    count = int(re.match(r"([\d,]+) hymns are addressed mainly to Agni", agni.text).group(1).replace(",", ""))
    assert 150 < count < 260 and "RV 1.1," in agni.text
    varuna = ask(index, "list the hymns addressed to Varuṇa")
    assert "Varuṇa (Varuna)" in first_sentence(varuna.text) and "RV 7.86" in varuna.text
    pair = ask(index, "Which hymns are addressed to Mitra and Varuna?")
    assert "RV 5.62" in pair.text and "RV 1.24" not in first_sentence(pair.text)


def test_hymns_in_a_metre_and_of_a_mandala(index) -> None:
    gayatri = ask(index, "Which hymns are in the Gayatri metre?")
    assert "Gāyatrī" in first_sentence(gayatri.text) and "RV 1.1," in gayatri.text
    book = ask(index, "Show me the hymns in trishtubh in book 2")
    assert all(h.startswith("2.") for h in book.subject_hymns)
    ninth = ask(index, "Which gods are praised in mandala 9?")
    assert "Soma" in first_sentence(ninth.text)


def test_family_books_are_checked_against_the_attributions(index) -> None:
    answer = ask(index, "What are the family books of the Rigveda?")
    assert answer.kind == "family_books"
    for name in ("Gṛtsamada", "Viśvāmitra", "Vāmadeva", "Atri", "Bharadvāja", "Vasiṣṭha"):
        assert name in answer.text
    shares = [int(x) for x in re.findall(r"(\d+)%", answer.text)]
    assert len(shares) == 6 and min(shares) >= 60
    seventh = ask(index, "Which is the family book of Vasishtha?")
    assert seventh.text.startswith("Maṇḍala 7 is the family book of Vasiṣṭha")


# --- not facts, unknown references ----------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "What does the Nasadiya hymn tell us about the beginning of things?",
    "Who is Agni?",
    "Who was the sage Vishvamitra?",
    "What god is Soma?",
    "What do the hymns say about the role of fire?",
    "Which hymns talk about horses?",
    "Show me RV 10.129.3",
    "How do I bake bread?",
    "",
])
def test_non_fact_questions_return_none(index, question: str) -> None:
    assert detect_fact(question) is None or answer_fact(question, index) is None
    assert answer_fact(question, index, ["1.1"]) is None  # a previous hymn does not make it a fact question


def test_unknown_references_say_so_without_crashing(index) -> None:
    for question, needle in (("Who composed hymn 1.500?", "1–191"), ("What metre is RV 11.2 in?", "1–10"),
                             ("How many hymns are in book 12?", "1–10"), ("Who is the seer of 1.1.40?", "1–9")):
        answer = ask(index, question)
        assert answer.kind == "not_found" and "does not exist" in answer.text and needle in answer.text
        assert answer.refs == [] and answer.subject_hymns == []
    assert answer_fact("Who composed it?", index, ["99.1", "garbage"]) is None


def test_detect_fact_kinds() -> None:
    assert detect_fact("who is the rsi of 1.1") == "seer"
    assert detect_fact("To whom is 3.62 dedicated?") == "deity"
    assert detect_fact("In which chandas is 1.164?") == "metre"
    assert detect_fact("how many rcs in 10.90") == "verse_count"
    assert detect_fact("How many hymns are in mandala 4?") == "hymn_count"
    assert detect_fact("Which hymns did Vasishtha compose?") == "list"
    assert detect_fact("What is the last hymn of mandala 7?") == "first_last"
    assert detect_fact("Which are the family books?") == "family_books"


# --- display helpers and cost -------------------------------------------------------------------

def test_display_helpers() -> None:
    assert display_name("Viśvāmitra") == "Viśvāmitra (Vishvamitra)"
    assert display_name("Agni") == "Agni"
    assert metre_display("triṣṭup") .startswith("Triṣṭubh (trishtubh")
    assert metre_display("pragāthaḥ= ( viṣamā bṛhatī, samā satobṛhatī )").startswith("Pragātha")


def test_tables_are_cached_per_index(index) -> None:
    """The fact tables are built once per index (their cost belongs to ``pyapp.bench``, not to a timed test,
    which failed on a loaded machine)."""
    assert facts_for(index) is facts_for(index)
