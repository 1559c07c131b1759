"""``python -m pyapp.eval answers``: the browser scorer's checks, ROC AUC, the held-out set, a CLI smoke run."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from pyapp.eval import answers
from pyapp.eval.__main__ import main as eval_main
from pyapp.eval.checks import CHECK_KINDS, check, cited_refs, fold, roc_auc, spec_problem, strip_accents, summarise

REPO = Path(__file__).resolve().parents[2]
HELDOUT = REPO / "tests" / "eval" / "answers-heldout.jsonl"
INDEX_DIR = REPO / "web" / "assets" / "index"
CATEGORIES = {"named", "concept", "metadata", "followup", "compare", "romanization", "offtopic"}

# synthetic verses: only the two fields the checks read
ROWS = {
    "1.2.3": {"roman_plain": "ṛtasya panthām anu eti sādhu", "deity": "uṣāḥ"},
    "4.5.6": {"roman_plain": "tapasas tan mahinājāyataikam", "deity": "mitrāvaruṇau"},
    "7.8.9": {"roman_plain": "indraṃ vardhantu no giraḥ", "deity": None},
}


# -- each check kind, true and false ------------------------------------------------------------
@pytest.mark.parametrize("gold, refs, expected", [
    (["1.2.3"], ["1.2.3"], True),          # exact verse
    (["1.2"], ["1.2.3"], True),            # verse inside a gold hymn
    (["1"], ["1.2.3"], True),              # verse inside a gold mandala
    (["1.2"], ["1.20.3", "11.2.3"], False),  # a prefix of digits is not containment
    (["1.2.3"], [], False),
])
def test_cites_any(gold, refs, expected) -> None:
    assert check({"cites_any": gold}, "", refs, ROWS) is expected


def test_cites_sanskrit_regex_reads_the_cited_verses_only() -> None:
    spec = {"cites_sanskrit_regex": r"\btapa[sḥ]"}
    assert check(spec, "", ["4.5.6"], ROWS)
    assert not check(spec, "tapas tapas", ["1.2.3"], ROWS)  # the answer text does not count
    assert not check(spec, "", ["9.9.9"], ROWS)  # a ref missing from the corpus has no text


def test_cites_deity_any_and_all_fold_diacritics() -> None:
    assert check({"cites_deity_any": ["usa", "agni"]}, "", ["7.8.9", "1.2.3"], ROWS)
    assert not check({"cites_deity_any": ["agni"]}, "", ["1.2.3", "4.5.6", "7.8.9"], ROWS)
    assert check({"cites_deities_all": ["mitra", "varuna"]}, "", ["4.5.6"], ROWS)  # one dual deity covers both
    assert check({"cites_deities_all": ["usa", "varuna"]}, "", ["1.2.3", "4.5.6"], ROWS)
    assert not check({"cites_deities_all": ["usa", "varuna"]}, "", ["1.2.3"], ROWS)


def test_answer_regex_matches_the_folded_answer() -> None:
    spec = {"answer_regex": "vas(i|ee)s(h)?t(h)?a"}
    assert check(spec, "The seer is Vasiṣṭha Maitrāvaruṇi [RV 7.103.1].", [], ROWS)
    assert check(spec, "VASISHTHA", [], ROWS)
    assert not check(spec, "The seer is Vishvamitra.", [], ROWS)


def test_refused() -> None:
    assert check({"refused": True}, "Sorry, Not about the RigVeda", [], ROWS)
    assert check({"refused": True}, "sorry, not about the Rigveda.", ["1.2.3"], ROWS)
    assert not check({"refused": True}, "The Gita is not part of the Vedas.", [], ROWS)


def test_every_kind_in_a_spec_must_hold() -> None:
    spec = {"cites_any": ["1.2"], "answer_regex": "dawn"}
    assert check(spec, "Dawn comes [RV 1.2.3]", ["1.2.3"], ROWS)
    assert not check(spec, "Night comes", ["1.2.3"], ROWS)
    assert not check(spec, "Dawn comes", ["4.5.6"], ROWS)


def test_cited_refs_adds_the_refs_written_in_the_answer() -> None:
    assert cited_refs(["1.2.3", "", "4.5.6"], "see RV 7.8.9 and [RV 1.2.3], RV10.1.1") == \
        ["1.2.3", "4.5.6", "7.8.9", "10.1.1"]


def test_spec_problem_rejects_typos_and_bad_values() -> None:
    assert spec_problem({"cites_any": ["1.1"]}) is None
    assert all(spec_problem({kind: v}) is None for kind, v in zip(
        CHECK_KINDS, (["1"], "a", ["x"], ["x"], "a", True)))
    assert "cite_any" in spec_problem({"cite_any": ["1.1"]})
    assert spec_problem({}) and spec_problem({"cites_any": "1.1"}) and spec_problem({"refused": False})
    assert "regex" in spec_problem({"answer_regex": "("})


def test_fold_and_strip_accents() -> None:
    assert fold("Pūṣā") == "pusa" and fold(None) == ""
    assert strip_accents("agním īḷe puróhitaṃ") == "agnim īḷe purohitaṃ"
    assert strip_accents("viśvátaḥ paribhū́r") == "viśvataḥ paribhūr"  # ś keeps its acute, vowels lose theirs
    assert strip_accents("ŚRÁVAḤ") == "ŚRAVAḤ"


# -- ROC AUC --------------------------------------------------------------------------------------
def _pairwise_auc(pos, neg):
    wins = sum(1.0 if p > n else 0.5 if p == n else 0.0 for p, n in itertools.product(pos, neg))
    return wins / (len(pos) * len(neg))


def test_roc_auc_hand_computed() -> None:
    # 0.9 and 0.8 beat all three negatives (6); 0.4 loses to 0.7, ties 0.4, beats 0.1 (1.5) → 7.5 / 9
    assert roc_auc([0.9, 0.8, 0.4], [0.7, 0.4, 0.1]) == pytest.approx(7.5 / 9)
    assert roc_auc([1, 2], [0, 0]) == 1.0 and roc_auc([0], [1, 2]) == 0.0
    assert roc_auc([0.5, 0.5], [0.5]) == 0.5
    assert roc_auc([], [0.1]) is None and roc_auc([0.1], []) is None


def test_roc_auc_equals_pairwise_counting_with_many_ties() -> None:
    rng = random.Random(7)
    for _ in range(50):
        pos = [rng.choice([0.1, 0.2, 0.5, 0.9]) for _ in range(rng.randint(1, 12))]
        neg = [rng.choice([0.1, 0.2, 0.5, 0.9]) for _ in range(rng.randint(1, 12))]
        assert roc_auc(pos, neg) == pytest.approx(_pairwise_auc(pos, neg))


def test_summarise_matches_the_browser_scorer_shape() -> None:
    out = summarise([{"id": "a", "cat": "x", "ok": True}, {"id": "b", "cat": "x", "ok": False},
                     {"id": "c", "cat": "y", "ok": True}])
    assert out == {"n": 3, "passed": 2, "rate": 0.667, "by_cat": {"x": 0.5, "y": 1.0}, "failed": ["b"]}


# -- loading sets and the corpus ------------------------------------------------------------------
def test_load_items_reports_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text('{"id": "a", "cat": "x", "turns": ["q"], "check": {"refused": true}}\n\n'
                    '{"id": "b", "cat": "x", "turns": ["q"], "check": {"cite_any": ["1"]}}\n', encoding="utf-8")
    with pytest.raises(answers.AnswerSetError, match=r"line 3: unknown check kind"):
        answers.load_items(str(path))
    path.write_text('{"id": "a", "cat": "x", "turns": [], "check": {"refused": true}}\n', encoding="utf-8")
    with pytest.raises(answers.AnswerSetError, match="line 1: turns"):
        answers.load_items(str(path))


def test_without_a_corpus_roman_plain_comes_from_the_index(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RIGVEDA_CORPUS", str(tmp_path / "missing.jsonl"))
    verse = SimpleNamespace(ref="1.1.1", roman="agním īḷe puróhitaṃ", deity="agníḥ")
    rows = answers.corpus_rows(None, SimpleNamespace(index=SimpleNamespace(verses=[verse])))
    assert rows == {"1.1.1": {"roman_plain": "agnim īḷe purohitaṃ", "deity": "agníḥ"}}
    with pytest.raises(Exception):
        answers.corpus_rows(str(tmp_path / "missing.jsonl"), None)  # an explicit path must exist


# -- the committed held-out set ---------------------------------------------------------------------
def test_heldout_set_parses_and_covers_every_category() -> None:
    items = answers.load_items(str(HELDOUT))
    assert len(items) >= 60
    per_cat = {c: sum(1 for i in items if i["cat"] == c) for c in CATEGORIES}
    assert set(i["cat"] for i in items) == CATEGORIES
    assert min(per_cat.values()) >= 7, per_cat
    assert any(len(i["turns"]) == 2 and i["check"].get("refused") for i in items if i["cat"] == "followup")


# -- CLI smoke run on the real index --------------------------------------------------------------
def test_cli_runs_a_small_multi_turn_set(tmp_path: Path, capsys) -> None:
    if not (INDEX_DIR / "manifest.json").is_file():
        pytest.skip("index not built (web/assets/index/manifest.json missing)")
    path = tmp_path / "set.jsonl"
    items = [
        {"id": "s1", "cat": "romanization", "turns": ["agnim ile purohitam"], "check": {"cites_any": ["1.1.1"]}},
        {"id": "s2", "cat": "followup", "turns": ["Who is Agni?", "What is the capital of Peru?"],
         "check": {"refused": True}},
        {"id": "s3", "cat": "offtopic", "turns": ["How do I bake sourdough bread?"], "check": {"refused": True}},
    ]
    path.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")
    code = eval_main(["answers", "--set", str(path), "--index", str(INDEX_DIR), "--json"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0
    assert set(out) == {"n", "passed", "rate", "by_cat", "failed", "score_auc", "median_ms"}
    assert out["n"] == 3 and set(out["by_cat"]) == {"romanization", "followup", "offtopic"}
    assert 0 <= out["passed"] <= 3 and out["median_ms"] > 0
    assert out["score_auc"] is None or 0.0 <= out["score_auc"] <= 1.0


def test_cli_reports_a_missing_set_in_one_line(capsys) -> None:
    assert eval_main(["answers", "--set", "/nonexistent/set.jsonl"]) == 2
    assert capsys.readouterr().err.startswith("error: cannot read")
