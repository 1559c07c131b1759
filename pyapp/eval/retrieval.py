"""``python -m pyapp.eval retrieval --set FILE [--mode bm25|vector|hybrid|auto] [--k 10] [--json]``.

Runs every non-off-topic question of a JSONL set (``{"id","kind","question","gold"}``) through
:class:`pyapp.search.Searcher` and prints the contract's JSON object (``--json``) or a table.
``--index DIR`` picks the built index (default ``web/assets/index``).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from pydantic import BaseModel, ValidationError

from pyapp.eval.metrics import QuestionScore, score_question, summarise

MODES = {"bm25": "text", "text": "text", "vector": "vector", "hybrid": "hybrid", "auto": "auto"}
DEFAULT_INDEX = "web/assets/index"
_REPO_ROOT = Path(__file__).resolve().parents[2]


def index_path(path: str) -> str:
    """``path`` as given, or — for the relative default run outside the repo — the repo's index."""
    if not Path(path).is_absolute() and not Path(path).exists() and (_REPO_ROOT / path).exists():
        return str(_REPO_ROOT / path)
    return path
SKIPPED_KINDS = {"off_topic"}


class EvalRow(BaseModel):
    id: str
    kind: str
    question: str
    gold: List[str]


class EvalSetError(Exception):
    """The question file is missing or malformed (one line)."""


def load_set(path: str) -> List[EvalRow]:
    """Read a JSONL question set; a bad line stops with ``FILE line N: problem``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise EvalSetError(f"cannot read {path}: {exc.strerror or exc}") from None
    rows: List[EvalRow] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(EvalRow(**json.loads(line)))
        except (ValueError, ValidationError, TypeError) as exc:
            first = str(exc).splitlines()[0]
            raise EvalSetError(f"{path} line {number}: {first}") from None
    return rows


def evaluate(searcher: object, rows: Sequence[EvalRow], mode: str, k: int) -> List[QuestionScore]:
    method = MODES[mode]
    scores: List[QuestionScore] = []
    for row in rows:
        if row.kind in SKIPPED_KINDS:
            continue
        response = searcher.search(row.question, method=method, k=k)  # type: ignore[attr-defined]
        refs = [result.book_context for result in response.results]
        scores.append(score_question(row.id, row.kind, row.question, row.gold, refs, k,
                                     method=response.search_type, error=response.error))
    return scores


def render_table(summary: Dict[str, object], scores: Sequence[QuestionScore]) -> str:
    """A readable report: totals, per kind, then every question that missed."""
    k = summary["k"]
    lines = [f"retrieval  mode={summary['mode']}  k={k}  n={summary['n']}",
             f"  hit@{k} {summary['hit_at_k']:.3f}   MRR {summary['mrr']:.3f}   recall@{k} {summary['recall_at_k']:.3f}",
             "", f"  {'kind':<10} {'n':>3} {'hit@' + str(k):>7} {'MRR':>7}"]
    for kind, row in summary["by_kind"].items():  # type: ignore[union-attr]
        lines.append(f"  {kind:<10} {row['n']:>3} {row['hit_at_k']:>7.3f} {row['mrr']:>7.3f}")
    misses = [s for s in scores if s.hit == 0]
    if misses:
        lines += ["", "  misses:"]
        for s in misses:
            why = f" ({s.error})" if s.error else ""
            lines.append(f"    {s.id} [{s.kind}] {s.question[:60]!r} gold={','.join(s.gold)[:40]} "
                         f"got={','.join(s.refs[:3])}{why}")
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyapp.eval retrieval", description=__doc__.splitlines()[0])
    parser.add_argument("--set", required=True, dest="set_path", help="JSONL question set")
    parser.add_argument("--mode", choices=["bm25", "vector", "hybrid", "auto"], default="auto")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--index", default=DEFAULT_INDEX, help=f"built index directory (default {DEFAULT_INDEX})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.k < 1:
        parser.error("--k must be at least 1")
    try:
        rows = load_set(args.set_path)
    except EvalSetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from pyapp.search import Searcher

    try:
        searcher = Searcher.load(index_path(args.index), vectors=args.mode != "bm25")
    except Exception as exc:  # noqa: BLE001 - one line, not a traceback
        print(f"error: cannot load the index from {args.index}: {exc}", file=sys.stderr)
        return 2
    if args.mode == "vector" and not searcher.has_vectors:
        print(f"error: {searcher.vector_note}", file=sys.stderr)
        return 2
    if args.mode in ("hybrid", "auto") and not searcher.has_vectors:
        print(f"warning: {searcher.vector_note}; {args.mode} runs on keywords only", file=sys.stderr)
    scores = evaluate(searcher, rows, args.mode, args.k)
    summary = summarise(scores, args.mode, args.k)
    if args.json:
        print(json.dumps(summary))
    else:
        print(render_table(summary, scores))
    return 0
