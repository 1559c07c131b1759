"""Read "at which verse does hymn 1.22 turn to Viṣṇu?", "to whom are the first verses of hymn 3.62 addressed?",
"which verses of 10.14 speak to the dogs instead of Yama?": where a hymn's addressee changes.

Why its own reader: such a question names a hymn *and* a part of it, often a god or a verse too, so the
usual readers answer the wrong unit — the one verse it mentions, the verses that merely name the god, or
a search for "begins" and "start". The index has the Anukramaṇī's deity for every verse; its runs
(verses 1–4 to the Aśvins, 5–8 to Savitṛ …) are the answer. The run asked about comes first: the one
whose god the question names (not a god it sets aside: "instead of Yama", "begins with the Aśvins"),
else the one whose verses use the question's own rarer words (Griffith's "dogs" for the *śvānau*), else
the first or last verses asked for; then every run of the hymn, each cited by its first verse.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Tuple

from pyapp.facts import FactAnswer, facts_for
from pyapp.lexicon import norm

__all__ = ["asks", "answer"]

_HYMN = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?(?![\d])")
_PART = re.compile(r"\b(?:which|what) verses?\b|\b(?:at|from|in|with) (?:which|what) verse\b|"
                   r"\b(?:first|last|opening|closing|final|later|earlier) (?:\w+ )?verses\b|\bverses? \d+\s*(?:-|–|to)\s*\d+\b|"
                   r"\bwhere (?:does|do) (?:the|this|that|it|hymn)\b|\bwhere in (?:the|this) hymn\b")
_SHIFT = re.compile(r"\b(?:turns?|turning|switch\w*|shifts?|changes?|moves?|start\w*|begin\w*) (?:\w+ )?(?:to|praising|"
                    r"addressing|invoking|with)\b|\binstead of\b|\baddress\w*\b|\bspeaks? to\b|\bpraise[sd]?\b|\bpraising\b|"
                    r"\bto whom\b|\binvoke[sd]?\b|\bdedicated\b")
_ASIDE = re.compile(r"\b(?:instead of|rather than|not|begins? with|starts? with|opens? with|after)\s+(?:the\s+)?([\w'’-]+)")
_WORD = re.compile(r"[a-z]{4,}")
_COMMON = set("""which what verse verses hymn hymns does turn turns start starts begin begins praising praise speak speaks
address addressed addressing instead rather first last opening closing final later earlier where whom from with this that
their there they them these those about into other another funeral rigveda invoke invoked change changes shift""".split())


def asks(question: str) -> bool:
    q = norm(question)
    return bool(_HYMN.search(question)) and bool(_PART.search(q)) and bool(_SHIFT.search(q))


def _hymn_ref(question: str) -> Optional[str]:
    """The hymn named: "hymn 3.62" over a verse mentioned aside ("the Gāyatrī is 3.62.10"), else a verse's hymn."""
    found = list(_HYMN.finditer(question))
    plain = [m for m in found if m.group(3) is None]
    chosen = (plain or found)[0]
    return f"{chosen.group(1)}.{chosen.group(2)}"


def _name_words(name: str) -> List[str]:
    return [w for w in _WORD.findall(norm(re.sub(r"\(.*?\)", " ", name))) if w not in ("gods", "other", "alternatively")]


def _named(question_norm: str, name: str, aside: Sequence[str]) -> int:
    """2 when the question names the run's god (not only aside), 0 otherwise."""
    for word in _name_words(name):
        key = word[:5]
        if re.search(rf"\b{key}", question_norm) and not any(a.startswith(key) for a in aside):
            return 2
    return 0


def _span(start: int, end: int) -> str:
    return f"verse {start}" if start == end else f"verses {start}–{end}"


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    if index is None or not asks(question):
        return None
    ref = _hymn_ref(question)
    hymn = facts_for(index).hymn(ref)
    if hymn is None:
        return None
    runs = [r for r in hymn.deity_runs if r[2]]
    if len(runs) < 2:
        return None  # one addressee throughout: the usual hymn facts say so
    q = norm(question)
    aside = [w for m in _ASIDE.finditer(q) for w in _name_words(m.group(1))]
    verses = {v.ref: v for v in (index.by_ref(f"{ref}.{n}") for n in range(1, hymn.verses + 1)) if v is not None}
    words = {w for w in _WORD.findall(q) if w not in _COMMON and not any(w.startswith(n[:5]) for r in runs
                                                                          for n in _name_words(r[2]))}

    def in_run(run: Tuple[int, int, str], word: str) -> bool:
        return any(re.search(rf"\b{word[:5]}", norm(verses[f"{ref}.{n}"].translation or ""))
                   for n in range(run[0], run[1] + 1) if f"{ref}.{n}" in verses)

    def score(i: int) -> float:
        run = runs[i]
        own = sum(1 for w in words if in_run(run, w) and not any(in_run(o, w) for o in runs if o is not run))
        position = (0.5 if i == 0 and re.search(r"\b(?:first|opening|earlier)\b", q) else 0.0) + \
            (0.5 if i == len(runs) - 1 and re.search(r"\b(?:last|closing|final|later)\b", q) else 0.0)
        return _named(q, run[2], aside) + own + position

    scores = [score(i) for i in range(len(runs))]
    best = max(range(len(runs)), key=lambda i: (scores[i], -i))
    listing = ", ".join(f"{name} ({_span(s, e)})" for s, e, name in runs)
    cite = lambda s: f"[RV {ref}.{s}]"  # noqa: E731
    if scores[best] > 0:
        s, e, name = runs[best]
        lead = f"In RV {ref}, {_span(s, e)} {'is' if s == e else 'are'} addressed to {name} {cite(s)}."
        first = [f"{ref}.{n}" for n in range(s, min(e, s + 2) + 1)]
    else:
        lead = f"RV {ref} turns from one god to another:"
        first = []
    text = (f"{lead} The whole hymn, by the Anukramaṇī's deity of each verse: {listing}"
            + "".join(f" {cite(s)}" for s, _, _ in runs[:8]) + ".")
    refs = first + [f"{ref}.{s}" for s, _, _ in runs if f"{ref}.{s}" not in first]
    return FactAnswer(kind="list", text=text, refs=refs[:8], subject_hymns=[ref])
