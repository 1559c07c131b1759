"""Multiple-choice questions: "Which deity is associated with law and punishing wrongdoers? a) Indra
b) Varuṇa c) Agni d) Soma", "Which of these women was a seer: (a) Gārgī (b) Maitreyī (c) Ghoṣā",
"Which of the following is NOT a priest — Hotṛ, Potṛ, Mahiṣī or Adhvaryu?", "Dadhikrā is: A) a divine
horse B) a cow …".

Why a reader: the search read the options as more words of the question and answered about the
first name it matched. Here the options are parsed (lettered, slashed, or "X, Y or Z" at the end),
each is scored against the question's evidence, and the answer names the chosen option first,
"(b) Varuna — …", with the verses that decided it:

* a question about seers: an option that is the seer of some hymn (the Anukramaṇī) beats one that
  is not; more hymns, a stronger claim;
* "only once", "fewest", "least" / "most": the verses that name each option are counted
  (:mod:`pyapp.reading.counting`) and the smallest (non-zero) or largest count wins;
* otherwise the question's key words are looked up with each option in the text index
  (:class:`pyapp.reading.yes_no._Lookup`): the option whose verses share most with them, relative to
  how often the option occurs at all, wins — or loses, when the question asks which is NOT;
* an option the hymns never name scores nothing, and numeric options (books, references) are left
  to the readers that know them.
"""
from __future__ import annotations

import math
import re
from typing import Any, List, Optional, Set, Tuple

from pyapp import facts as F
from pyapp.counts import seer_hymns
from pyapp.factbook.patterns import _q
from pyapp.reading import counting
from pyapp.reading.yes_no import _NOT_TERMS, _Lookup, _deity_of, _term_key

__all__ = ["options", "answer"]

_LETTERED = re.compile(r"(?:^|[\s(:;,.?-])\(?([a-dA-D])\)\s*|(?:^|\s)([a-dA-D])[.:]\s+(?=[A-Z])")
_TAIL_OR = re.compile(r"(?:[-–—:?]|\bof)\s*((?:[^\W\d_][\w'’ ]*,\s*){1,5}[^\W\d_][\w'’ ]*?,?\s+or\s+[^\W\d_][\w'’ ]*?)\s*\??\s*$")
_SEER_Q = re.compile(r"\b(?:seers?|rishis?|rsis?|rishikas?|poets?|poetess\w*|composers?|composed|authors?|wrote|sages?)\b")
_FEWEST = re.compile(r"\b(?:only once|once|fewest|least|rarest|rarely|seldom)\b")
_MOST = re.compile(r"\b(?:most often|most|many times|frequently|oftenest)\b")
_NOT = re.compile(r"\b(?:not|never|isn'?t|wasn'?t|except)\b")
MIN_EVIDENCE = 3  # verses an option must share with the question's words to be chosen
_OPT_STOP = {"a", "an", "the", "of", "divine", "one", "kind"}


def options(question: str) -> Tuple[str, List[str]]:
    """(the question without its options, the options as typed); no options → (question, [])."""
    marks = list(_LETTERED.finditer(question))
    letters = [(m.group(1) or m.group(2)).lower() for m in marks]
    if len(marks) >= 3 and letters[:3] == ["a", "b", "c"]:
        opts = [question[m.end():(marks[i + 1].start() if i + 1 < len(marks) else len(question))]
                for i, m in enumerate(marks)]
        return question[:marks[0].start()], [o.strip(" ,;?.") for o in opts if o.strip(" ,;?.")]
    if question.count("/") >= 2:
        first = question.index("/")
        cut = max(question.rfind("?", 0, first), question.rfind(":", 0, first), question.rfind(" - ", 0, first))
        head, tail = (question[:cut + 1], question[cut + 1:]) if cut >= 0 else ("", question)
        parts = [p.strip(" ?.-") for p in tail.split("/")]
        if head and len(parts) >= 3 and all(0 < len(p.split()) <= 4 for p in parts):
            return head + "?", parts
    tail = _TAIL_OR.search(question)
    if tail:
        parts = [p.strip(" ,?") for p in re.split(r",|\bor\b", tail.group(1)) if p.strip(" ,?")]
        if len(parts) >= 3 and all(len(p.split()) <= 4 for p in parts):
            return question[:tail.start(1)], parts
    return question, []


def _option_terms(option: str) -> List[str]:
    words = [w for w in re.findall(r"[^\W\d_]+", option) if w.lower() not in _OPT_STOP]
    return [_term_key(w) for w in words if len(w) >= 3] or [w.lower() for w in words]


def _question_terms(stem: str) -> List[str]:
    out: List[str] = []
    for w in re.findall(r"[^\W\d_]+", stem):
        key = _term_key(w)
        if len(key) >= 3 and key not in _NOT_TERMS and key not in out and key not in {
                "which", "following", "these", "those", "associated", "known", "deity", "god", "goddess",
                "called", "named", "only", "once", "once", "fewest", "least", "most"}:
            out.append(key)
    return out


def _label(i: int) -> str:
    return f"({'abcdefgh'[i]})"


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    stem, opts = options(question)
    if len(opts) < 3 or len(opts) > 6 or any(re.search(r"\d", o) for o in opts) or searcher is None:
        return None
    q = _q(stem)
    verses = index.verses
    # seers: the Anukramaṇī decides
    if _SEER_Q.search(q):
        found = []
        for i, o in enumerate(opts):
            seer = seer_hymns(index, o)
            found.append((len(seer.refs) if seer else 0, i, seer))
        best = max(found, key=lambda t: t[0])
        if best[0] and sum(1 for t in found if t[0]) == 1:
            n, i, seer = best
            text = (f"{_label(i)} {opts[i]} — {seer.name} is named by the Anukramaṇī (the traditional index of seers) "
                    f"as the seer of {F._plural(n, 'hymn')}: " + ", ".join(f"RV {r}" for r in seer.refs[:6])
                    + f" [RV {seer.refs[0]}.1]; the other options are not named as seers of any hymn.")
            return F.FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in seer.refs[:F.REFS_LIMIT]],
                                subject_hymns=seer.refs[:F.LIST_LIMIT])
    if _FEWEST.search(q) or (_MOST.search(q) and re.search(r"\b(?:mention\w*|named?|times|occur\w*)\b", q)):
        counted = [(len(counting.mentions(searcher, o)), i) for i, o in enumerate(opts)]
        named = [c for c in counted if c[0]]
        if named:
            n, i = (min if _FEWEST.search(q) else max)(named)
            refs = counting.mentions(searcher, opts[i])
            others = ", ".join(f"{opts[j]} {c}" for c, j in counted if j != i)
            text = (f"{_label(i)} {opts[i]} — named in {F._plural(n, 'verse')} of the RigVeda "
                    f"{' '.join('[RV ' + r + ']' for r in refs[:4])}; the others: {others} "
                    f"(verses counted in the padapāṭha).")
            return F.FactAnswer(kind="list", text=text, refs=refs[:F.REFS_LIMIT], subject_hymns=[])
    look = _Lookup(searcher)
    terms = _question_terms(stem)
    if not terms:
        return None
    term_docs = [(t, look.docs(t)) for t in terms]
    term_docs = [(t, d) for t, d in term_docs if d]
    if not term_docs:
        return None
    position = {v.ref: n for n, v in enumerate(verses)}
    scored = []
    for i, o in enumerate(opts):
        head = _option_terms(o)[-1:]  # "a divine horse": its head noun
        docs: Set[int] = set()
        for part in head:
            docs = look.docs(part) | {position[r] for r in counting.mentions(searcher, part) if r in position}
        hits: Set[int] = set()
        score = 0.0
        for _, d in term_docs:
            shared = docs & d
            hits |= shared
            score += len(shared) / math.sqrt(len(docs) + 1)
        scored.append((score, i, sorted(hits), len(docs)))
    negative = bool(_NOT.search(q))
    pool = [s for s in scored if s[3]] if not negative else scored
    if not pool:
        return None
    best = (min if negative else max)(pool, key=lambda s: (s[0], -s[1]) if not negative else (s[0], s[1]))
    ranked = sorted(scored, key=lambda s: -s[0])
    if not negative and (len(ranked[0][2]) < MIN_EVIDENCE or (len(ranked) > 1 and ranked[0][0] <= ranked[1][0] * 1.1)):
        return None  # no clear winner, or too little evidence: the usual search, not a guess
    if negative and sorted(s[0] for s in scored)[1] <= best[0] * 1.1 + 1e-9:
        return None  # no option stands apart as the exception
    score, i, hits, _ = best
    key = re.sub(r"[^a-z]", "", opts[i].lower())[:4]
    hits.sort(key=lambda d: not _deity_of(verses[d]).startswith(key))
    refs = [verses[d].ref for d in hits]
    words = ", ".join(t for t, _ in term_docs)
    if negative:
        others = [opts[s[1]] for s in scored if s[1] != i]
        text = (f"{_label(i)} {opts[i]} — of the options, it is the one the hymns least connect with {words}: "
                f"{F._plural(len(refs), 'verse names', 'verses name')} them together, against "
                + ", ".join(f"{opts[s[1]]} {len(s[2])}" for s in scored if s[1] != i) + ".")
        cite = [verses[d].ref for d in (scored[[s[1] for s in scored].index(next(j for j, o in enumerate(opts)
                                                                               if o == others[0]))][2])][:4]
        if cite:
            text += f" For example RV {cite[0]} [RV {cite[0]}]."
        return F.FactAnswer(kind="list", text=text, refs=cite[:F.REFS_LIMIT], subject_hymns=[])
    if not refs:
        return None
    text = (f"{_label(i)} {opts[i]} — the hymns name {opts[i]} with {words} in {F._plural(len(refs), 'verse')}, "
            f"more than any other option, for example {', '.join('RV ' + r for r in refs[:4])} [RV {refs[0]}].")
    return F.FactAnswer(kind="list", text=text, refs=refs[:F.REFS_LIMIT], subject_hymns=[])
