"""Questions in any language through the whole turn (issue 19), on the real index, no model: each language
is read (the answer says how), names in any script count as evidence, answers cite the god's hymns, the
German/French/Russian translations are still quoted, and look-alike requests are refused with no verses."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pyapp.search import Searcher
from pyapp.search.translations import TranslationIndex
from reader_turns import ask_alone


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Searcher) -> Searcher:
    """Keyword search only (conftest.py: loaded once per run)."""
    return keyword_searcher


@pytest.fixture()
def no_word_files(index_dir: Path, tmp_path: Path) -> Searcher:
    """The index as the page has it before any language's word file was fetched (offline, never loaded)."""
    for name in os.listdir(index_dir):
        if name != "languages":
            os.symlink(index_dir / name, tmp_path / name)
    return Searcher.load(str(tmp_path), vectors=False)


def _to(result, god: str) -> int:
    """How many of the answer's verses are in hymns to ``god`` (by the index's deity field)."""
    return sum(god in (v.deity or "").lower() for v in result.verses)


@pytest.mark.parametrize("question, language, god", [
    ("¿Qué pide el Rigveda a los Maruts?", "Spanish", "marut"),
    ("Parlami di Varuṇa nel Rig Veda", "Italian", "varuṇa"),
    ("Quem é Sūrya no Rigveda?", "Portuguese", "sūrya"),
    ("ऋग्वेद में वरुण कौन है?", "Hindi", "varuṇa"),
    ("ঋগ্বেদে সোম কে?", "Bengali", "soma"),
    ("வருணன் யார்?", "Tamil", "varuṇa"),
    ("Расскажи о Варуне", "Russian", "varuṇa"),
])
def test_a_question_naming_a_god_is_answered_from_that_god_s_hymns(searcher: Searcher, question: str,
                                                                     language: str, god: str) -> None:
    result = ask_alone(searcher, question)
    assert result.kind == "answer", (result.kind, result.answer[:200])
    assert any(note.startswith(f"Read as {language}") for note in result.notes), result.notes
    assert result.citations and _to(result, god) >= len(result.verses) // 2, [(v.book_context, v.deity) for v in result.verses]


@pytest.mark.parametrize("question", [
    "¿Qué dicen los himnos sobre los dados y el jugador?",
    "Cosa raccontano gli inni sui dadi?",
    "ऋग्वेद में जुआरी के बारे में क्या कहा गया है?",
])
def test_a_theme_crosses_languages_to_the_hymn_about_it(searcher: Searcher, question: str) -> None:
    result = ask_alone(searcher, question)
    assert result.kind == "answer" and "10.34" in {c.rsplit(".", 1)[0] for c in result.citations}, result.citations


def test_the_rigveda_s_name_in_another_language_is_never_off_topic(searcher: Searcher) -> None:
    for question in ("¿Qué es el Rigveda?", "Che cos'è il Rigvéda?", "ऋग्वेद क्या है?"):
        assert ask_alone(searcher, question).kind != "off_topic", question


def test_french_is_read_by_the_new_detection_and_still_quoted_from_renou(searcher: Searcher, index_dir: Path) -> None:
    result = ask_alone(searcher, "Qu'est-ce que les hymnes disent de l'aurore ?")
    assert result.kind == "answer" and "Renou" in result.answer
    assert any(n.startswith("Read as French") for n in result.notes)
    renou = TranslationIndex.load(str(index_dir), "renou")
    assert any(renou.text(r) and renou.text(r)[:50] in result.answer for r in result.citations)


def test_without_the_word_file_the_names_are_searched_and_the_answer_says_so(no_word_files: Searcher) -> None:
    result = ask_alone(no_word_files, "¿Qué dice el Rigveda sobre Varuṇa?")
    assert result.kind == "answer" and _to(result, "varuṇa")
    assert any("word list could not be loaded" in n for n in result.notes), result.notes


@pytest.mark.parametrize("question", [
    "Which Vedic mantra should I chant to get a job?",
    "What does my horoscope say about Agni?",
    "¿Qué dios védico me hará rico?",
    "मेरी राशि के लिए कौन सा मंत्र है?",
    "Welcher Rigveda-Hymnus hilft mir, reich zu werden?",
])
def test_look_alike_requests_are_refused_plainly_without_verses(searcher: Searcher, question: str) -> None:
    result = ask_alone(searcher, question)
    assert result.kind == "off_topic" and result.answer.startswith("Sorry, Not about the RigVeda")
    assert not result.citations and not result.verses
    assert "ask" in result.answer.lower()  # then what can be asked instead


def test_another_scripture_is_refused_first_then_pointed_to_the_rigveda_s_own_hymn(searcher: Searcher) -> None:
    result = ask_alone(searcher, "How does the Bhagavad Gita describe Purusha?")
    assert result.kind == "off_topic" and result.answer.startswith("Sorry, Not about the RigVeda")
    assert "RV 10.90" in result.answer and not result.verses
    russian = ask_alone(searcher, "Что Упанишады говорят о Гаятри?")
    assert russian.kind == "off_topic" and "RV 3.62.10" in russian.answer and not russian.verses


def test_a_fact_asked_in_russian_is_stated_from_the_index(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Сколько всего гимнов в Ригведе?")
    assert result.kind == "answer" and "1,028" in result.answer, result.answer[:200]
