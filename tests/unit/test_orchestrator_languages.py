"""Questions in German, French and Russian: the matching translation is searched, quoted beside the
reference, and decides whether the question is about the RigVeda (the real index, no model)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import List

import pytest

from pyapp import bridge
from pyapp.reading import foreign
from pyapp.search import Searcher
from pyapp.search.translations import TranslationIndex
from reader_turns import ask_alone

# hymns to Uṣas (the dawn), by their addressee in the index
USHAS_HYMNS = {"1.48", "1.49", "1.92", "1.113", "1.123", "1.124", "3.61", "4.51", "4.52", "5.79", "5.80", "6.64",
               "6.65", "7.75", "7.76", "7.77", "7.78", "7.79", "7.80", "7.81", "10.172"}


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Searcher) -> Searcher:
    """Keyword search only (conftest.py: loaded once per run)."""
    return keyword_searcher


@pytest.fixture()
def no_versions(index_dir: Path, tmp_path: Path) -> Searcher:
    """The index as the page has it before any version file was fetched (offline, never loaded)."""
    for name in os.listdir(index_dir):
        if name != "versions":
            os.symlink(index_dir / name, tmp_path / name)
    return Searcher.load(str(tmp_path), vectors=False)


def _hymns(refs: List[str]) -> List[str]:
    return [r.rsplit(".", 1)[0] for r in refs]


def test_a_german_question_is_answered_from_geldner_with_ushas_verses(searcher: Searcher, index_dir: Path) -> None:
    result = ask_alone(searcher, "Was sagt der Rigveda über die Morgenröte?")
    assert result.kind == "answer" and len(result.citations) >= 3
    assert sum(h in USHAS_HYMNS for h in _hymns(result.citations)) >= len(result.citations) - 1, result.citations
    assert "German" in result.answer and "Geldner" in result.answer
    geldner = TranslationIndex.load(str(index_dir), "geldner")
    quoted = [r for r in result.citations if geldner.text(r) and geldner.text(r)[:60] in result.answer]
    assert len(quoted) == len(result.citations)  # each cited verse quoted in Geldner's words beside its reference
    assert any(v.translation[:40] in result.answer for v in result.verses)  # and Griffith's English as usual


@pytest.mark.parametrize("question", [
    "Qui a gagné la coupe du monde de football ?",
    "Quelle est la meilleure recette de crêpes ?",
    "Wie koche ich Nudeln?",
    "Как приготовить борщ?",
])
def test_off_topic_questions_in_other_languages_are_refused(searcher: Searcher, question: str) -> None:
    result = ask_alone(searcher, question)
    assert result.kind == "off_topic" and not result.citations


def test_french_and_russian_questions_about_the_hymns_are_answered(searcher: Searcher, index_dir: Path) -> None:
    french = ask_alone(searcher, "Que dit le Rigveda sur l'aurore ?")
    assert french.kind == "answer" and "Renou" in french.answer
    assert sum(h in USHAS_HYMNS for h in _hymns(french.citations)) >= 3, french.citations
    russian = ask_alone(searcher, "Кто такой Индра?")
    assert russian.kind == "answer" and "Elizarenkova" in russian.answer and russian.citations


def test_a_name_in_a_german_question_reaches_the_english_search(searcher: Searcher) -> None:
    result = ask_alone(searcher, "Welche Rolle spielt Agni im Rigveda?")
    assert result.kind == "answer" and result.citations
    assert all("agni" in v.translation.lower() for v in result.verses)


def test_without_the_version_file_the_answer_says_so_and_uses_griffith(no_versions: Searcher) -> None:
    result = ask_alone(no_versions, "Was sagt der Rigveda über die Morgenröte?")
    assert result.kind == "answer" and result.citations
    assert sum(h in USHAS_HYMNS for h in _hymns(result.citations)) >= 3, result.citations  # Morgenröte → Uṣas
    assert "could not be loaded" in result.answer and any("could not be loaded" in n for n in result.notes)


def test_english_questions_need_no_version() -> None:
    assert bridge.version_for("Was sagt der Rigveda über die Morgenröte?") == "geldner"
    assert bridge.version_for("Que dit le Rigveda sur l'aurore ?") == "renou"
    assert bridge.version_for("Кто такой Индра?") == "elizarenkova"
    assert bridge.version_for("What does the RigVeda say about the dawn?") == ""
    assert bridge.version_for("agním īḷe puróhitaṃ") == ""
    assert foreign.question_language("Who is Uṣas?") == "en"


@pytest.mark.parametrize("question,word,language", [
    ("Steht im Rigveda etwas über Quantencomputer?", "Quantencomputer", "German"),
    ("Le Rig-Véda parle-t-il des smartphones ?", "smartphones", "French"),
])
def test_a_question_whose_subject_no_word_reads_says_so_instead_of_citing(searcher: Searcher, question: str,
                                                                          word: str, language: str) -> None:
    """Naming the RigVeda makes a question on topic, but the name is not what it asks about: with every other
    word unread, the app says which word it could not read and cites nothing (it cited the same Agni verses,
    found for "Veda" inside "Jātavedas", for every such question, at high confidence)."""
    result = ask_alone(searcher, question)
    assert not result.citations, result.answer[:200]
    assert word in result.answer and language in result.answer
    assert result.score < 0.5


def test_the_rigveda_s_own_name_is_never_what_a_translation_question_searches(searcher: Searcher,
                                                                             index_dir: Path) -> None:
    found = foreign.search("Was sagt der Rigveda über die Morgenröte?", str(index_dir))
    assert found is not None and "rigveda" not in found.fallback_query.lower()
    result = ask_alone(searcher, "Was sagt der Rigveda über die Morgenröte?")
    assert result.citations  # a subject it reads is still answered
