"""Eval arithmetic on a tiny hand-made set: verse, hymn and mandala golds; hit@k, MRR, recall@k."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp.eval.metrics import (
    gold_matches, hit_at_k, recall_at_k, reciprocal_rank, score_question, summarise,
)
from pyapp.eval.retrieval import EvalSetError, load_set


def test_gold_levels() -> None:
    assert gold_matches("10.129.3", "10.129.3")
    assert gold_matches("10.129.3", "10.129")
    assert gold_matches("10.129.3", "10")
    assert not gold_matches("10.129.3", "10.12")      # prefix of digits is not containment
    assert not gold_matches("1.1.10", "1.1.1")
    assert not gold_matches("10.129.3", "1")
    assert not gold_matches("10.129.3", "10.129.3.1")
    assert not gold_matches("10.129.3", "")


def test_hit_mrr_recall_by_hand() -> None:
    refs = ["1.1.1", "2.3.4", "10.129.2", "9.1.1", "7.103.1"]
    assert hit_at_k(refs, ["10.129"], 5) == 1.0
    assert hit_at_k(refs, ["10.129"], 2) == 0.0
    assert reciprocal_rank(refs, ["10.129"], 5) == pytest.approx(1 / 3)
    assert reciprocal_rank(refs, ["9", "10.129"], 5) == pytest.approx(1 / 3)  # first match wins, whichever gold
    assert reciprocal_rank(refs, ["5.5.5"], 5) == 0.0
    # three golds: a verse found, a hymn found via one of its verses, a mandala not found
    assert recall_at_k(refs, ["1.1.1", "7.103", "4"], 5) == pytest.approx(2 / 3)
    assert recall_at_k(refs, ["1.1.1", "7.103", "4"], 1) == pytest.approx(1 / 3)
    assert recall_at_k(refs, [], 5) == 0.0


def test_summary_means_and_kinds() -> None:
    rows = [
        score_question("a", "topic", "q1", ["10.129"], ["10.129.1"], 10),          # hit, rr 1, recall 1
        score_question("b", "topic", "q2", ["1.32", "1.33"], ["5.1.1", "1.32.4"], 10),  # hit, rr .5, recall .5
        score_question("c", "lookup", "q3", ["3.62.10"], [], 10),                   # miss
        score_question("d", "sanskrit", "q4", ["9"], ["1.1.1", "1.1.2", "9.5.5"], 2),  # miss within k=2
    ]
    summary = summarise(rows, "auto", 10)
    assert summary["n"] == 4
    assert summary["hit_at_k"] == pytest.approx(0.5)
    assert summary["mrr"] == pytest.approx((1 + 0.5 + 0 + 0) / 4)
    assert summary["recall_at_k"] == pytest.approx((1 + 0.5 + 0 + 0) / 4)
    assert summary["by_kind"] == {
        "lookup": {"n": 1, "hit_at_k": 0.0, "mrr": 0.0},
        "sanskrit": {"n": 1, "hit_at_k": 0.0, "mrr": 0.0},
        "topic": {"n": 2, "hit_at_k": 1.0, "mrr": 0.75},
    }
    assert set(summary) == {"n", "hit_at_k", "mrr", "recall_at_k", "by_kind", "mode", "k"}


def test_load_set_reports_bad_lines(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps({"id": "x", "kind": "topic", "question": "q", "gold": ["1.1"]}) + "\n\n", encoding="utf-8")
    assert [row.id for row in load_set(str(good))] == ["x"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "x", "kind": "topic", "question": "q", "gold": ["1.1"]}) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(EvalSetError, match="line 2"):
        load_set(str(bad))
    with pytest.raises(EvalSetError, match="cannot read"):
        load_set(str(tmp_path / "missing.jsonl"))
