"""The whole turn on the real built index with the extractive engine (no model)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.engines import ScriptedEngine
from pyapp.eval.pipeline import typical_reply
from pyapp.orchestrator import Orchestrator
from reader_turns import ask_alone

REPO = Path(__file__).resolve().parents[2]


def test_lexicon_is_built_from_the_corpus(searcher) -> None:
    lexicon = Orchestrator(searcher).lexicon
    assert len(lexicon.names) > 300 and len(lexicon.sanskrit_vocab) > 10000
    assert lexicon.analyse("Who is Aranyani?").names


def test_verse_lookup_answers_from_that_verse_with_the_index_text(searcher) -> None:
    result = ask_alone(searcher, "RV 10.129.3")
    verse = searcher.index.by_ref("10.129.3")
    assert result.kind == "answer" and result.citations == ["10.129.3"] and result.rounds == 1
    assert result.verses[0].translation == verse.translation and result.verses[0].content == verse.sanskrit


def test_unknown_verse_says_why(searcher) -> None:
    result = ask_alone(searcher, "RV 10.250.1")
    assert result.kind == "insufficient" and result.answer.startswith("Sorry, Not enough information")
    assert result.error


def test_sanskrit_quote_is_found_and_cited(searcher) -> None:
    result = ask_alone(searcher, "agním īḷe puróhitaṃ yajñásya devám")
    assert result.kind == "answer" and "1.1.1" in result.citations


def test_deity_question_gets_a_cited_readable_answer(searcher) -> None:
    result = ask_alone(searcher, "What do the hymns say about Parjanya and the rain?")
    assert result.kind == "answer" and result.validation == "VALID" and result.score > 0.6
    addressees = " ".join(v.addressee or "" for v in result.verses)
    assert "Parjanya" in addressees
    first_line = result.answer.splitlines()[0]
    assert "RV " in first_line and len(result.answer.split()) < 400


@pytest.mark.parametrize("question", ["What's the best pizza topping?", "How do I install numpy on Windows?",
                                      "What does the Talmud say about charity?"])
def test_off_topic_is_refused(searcher, question) -> None:
    assert ask_alone(searcher, question).kind == "off_topic"


def test_typical_llm_question_stays_within_four_calls(searcher) -> None:
    for question in ("What do the hymns say about Parjanya and the rain?", "Who is Aranyani?"):
        engine = ScriptedEngine(default=typical_reply)
        result = ask_alone(searcher, question, engine)
        assert result.kind == "answer" and result.llm_calls <= 4 and result.citations


def test_eval_commands_print_the_contract_keys(index_dir, tmp_path) -> None:
    rows = [{"id": "t1", "kind": "topic", "question": "Who is Parjanya?", "gold": ["5.83"]},
            {"id": "t2", "kind": "off_topic", "question": "What's the best pizza topping?", "gold": []}]
    qfile = tmp_path / "set.jsonl"
    qfile.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    for command, keys in (("classify", {"n", "accuracy", "false_positive", "false_negative"}),
                          ("answer", {"n", "refusal_accuracy", "cited_gold_rate", "mean_llm_calls", "median_ms"})):
        out = subprocess.run([sys.executable, "-c", f"from pyapp.eval.pipeline import main_{command} as m; "
                              f"raise SystemExit(m(['--set', {str(qfile)!r}, '--index', {str(index_dir)!r}, '--json']))"],
                             cwd=REPO, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        assert set(data) == keys and data["n"] == 2
