"""The reader-question checks of ``/work/shared/tools/ask_in_browser.py``, written once.

An item of a question set is ``{"id", "cat", "turns": [question, ...], "check": {...}}``; the check
applies to the last answer of the item's conversation. Check kinds (names of deities are compared
without diacritics, lower case; every kind present must hold):

- ``cites_any: [gold, ...]``        a cited verse equals a gold "M.H.V" or lies in a gold hymn "M.H" / mandala "M"
- ``cites_sanskrit_regex: "re"``    a cited verse's ``roman_plain`` text (lower case) matches the regex
- ``cites_deity_any: [name, ...]``  a cited verse's deity contains one of the names
- ``cites_deities_all: [name, ...]`` every name is in the deity of at least one cited verse
- ``answer_regex: "re"``            the answer text (diacritics removed, lower case) matches the regex
- ``refused: true``                 the answer says "not about the RigVeda"

Cited verses = the verses shown with the answer plus every "RV M.H.V" written in its text
(:func:`cited_refs`). :func:`roc_auc` is the Mann–Whitney U statistic divided by ``|pos|·|neg|``
(Hanley & McNeil 1982), ties counted one half. No dependencies beyond the standard library, so the
browser test and the bench can import it too.
"""
from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence

from pyapp.diacritics import strip_marks, strip_vedic_accents

CHECK_KINDS = ("cites_any", "cites_sanskrit_regex", "cites_deity_any", "cites_deities_all", "answer_regex", "refused")
REFUSAL = "not about the rigveda"
_RV_REF = re.compile(r"RV\s*(\d+\.\d+\.\d+)")


def fold(text: Optional[str]) -> str:
    """Lower case without diacritics: "Pūṣā" → "pusa"."""
    return strip_marks(text).lower()


def strip_accents(roman: Optional[str]) -> str:
    """Accented IAST → the corpus's ``roman_plain`` (vowel accents gone, ś ñ ṅ ṛ ā … kept);
    equals ``roman_plain`` for every verse of the corpus."""
    return strip_vedic_accents(roman)


def in_gold(ref: str, gold: str) -> bool:
    return ref == gold or ref.startswith(gold + ".")


def cited_refs(verse_refs: Iterable[str], answer: str) -> List[str]:
    """The shown verses' refs, then every "RV M.H.V" of the answer text, without repeats."""
    return list(dict.fromkeys([r for r in verse_refs if r] + _RV_REF.findall(answer or "")))


def check(spec: Mapping[str, Any], answer: str, refs: Sequence[str], corpus_rows: Mapping[str, Mapping[str, Any]]) -> bool:
    """True when every check kind in ``spec`` holds for this answer and its cited refs.
    ``corpus_rows`` maps "M.H.V" to a row with at least ``roman_plain`` and ``deity``."""
    verses = [corpus_rows[r] for r in refs if r in corpus_rows]
    ok = True
    if "cites_any" in spec:
        ok &= any(in_gold(r, g) for r in refs for g in spec["cites_any"])
    if "cites_sanskrit_regex" in spec:
        rx = re.compile(spec["cites_sanskrit_regex"])
        ok &= any(rx.search((v.get("roman_plain") or "").lower()) for v in verses)
    if "cites_deity_any" in spec:
        ok &= any(any(n in fold(v.get("deity")) for n in spec["cites_deity_any"]) for v in verses)
    if "cites_deities_all" in spec:
        ok &= all(any(n in fold(v.get("deity")) for v in verses) for n in spec["cites_deities_all"])
    if "answer_regex" in spec:
        ok &= bool(re.search(spec["answer_regex"], fold(answer)))
    if spec.get("refused"):
        ok &= REFUSAL in fold(answer)
    return bool(ok)


def spec_problem(spec: Any) -> Optional[str]:
    """Why a check object is unusable (unknown kind, wrong type, bad regex), or None. A typo such
    as ``cite_any`` would otherwise make the item pass silently."""
    if not isinstance(spec, dict) or not spec:
        return "check must be a non-empty object"
    unknown = sorted(set(spec) - set(CHECK_KINDS))
    if unknown:
        return f"unknown check kind(s) {', '.join(unknown)} (known: {', '.join(CHECK_KINDS)})"
    for key in ("cites_any", "cites_deity_any", "cites_deities_all"):
        if key in spec and (not isinstance(spec[key], list) or not spec[key]
                            or not all(isinstance(x, str) and x for x in spec[key])):
            return f"{key} must be a non-empty list of strings"
    for key in ("cites_sanskrit_regex", "answer_regex"):
        if key in spec:
            try:
                re.compile(spec[key])
            except (re.error, TypeError) as exc:
                return f"{key}: bad regex: {exc}"
    if "refused" in spec and spec["refused"] is not True:
        return "refused must be true"
    return None


def roc_auc(pos_scores: Sequence[float], neg_scores: Sequence[float]) -> Optional[float]:
    """P(score of a random positive > score of a random negative), ties ½; None if a class is empty.
    O((p+n) log(p+n)) via average ranks, so a few thousand answers cost nothing."""
    pos, neg = [float(s) for s in pos_scores], [float(s) for s in neg_scores]
    if not pos or not neg:
        return None
    ranked = sorted([(s, 1) for s in pos] + [(s, 0) for s in neg], key=lambda t: t[0])
    rank_sum = 0.0
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        mean_rank = (i + 1 + j) / 2.0  # ranks i+1 … j share their mean
        rank_sum += mean_rank * sum(label for _, label in ranked[i:j])
        i = j
    u = rank_sum - len(pos) * (len(pos) + 1) / 2.0
    return u / (len(pos) * len(neg))


def summarise(outcomes: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """``{n, passed, rate, by_cat, failed}`` from ``[{"id", "cat", "ok"}, ...]`` (the browser scorer's shape),
    plus ``by_lang`` when the outcomes carry a ``lang``."""
    n = len(outcomes)
    passed = sum(1 for o in outcomes if o["ok"])
    cats = sorted({o["cat"] for o in outcomes})
    by_cat = {c: round(sum(1 for o in outcomes if o["cat"] == c and o["ok"]) /
                       sum(1 for o in outcomes if o["cat"] == c), 3) for c in cats}
    out = {"n": n, "passed": passed, "rate": round(passed / max(1, n), 3), "by_cat": by_cat,
           "failed": [o["id"] for o in outcomes if not o["ok"]]}
    langs = sorted({o["lang"] for o in outcomes if o.get("lang")})
    if langs:  # a set whose items say their language ("lang": "es") is also scored per language
        out["by_lang"] = {lang: round(sum(1 for o in outcomes if o.get("lang") == lang and o["ok"]) /
                                      sum(1 for o in outcomes if o.get("lang") == lang), 3) for lang in langs}
    return out
