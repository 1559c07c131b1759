""""Consider the following statements: 1. … 2. … Which is/are correct?": the exam form, each statement checked by
the readers that check claims, and the verdict opening the answer (issue 19, set 22).

Why: the form is how the RigVeda is examined (civil-service and school papers), and read whole it was a search for
all of its words at once, answered with verses about one of them. Each numbered statement is a claim the app can
already check — a count ("the RigVeda has ten maṇḍalas": ``claim.count_check``), an attribution ("maṇḍala 9 is
devoted to Agni", "the Nāsadīya is in the tenth maṇḍala": ``attribution_claim``), a god's domain ("Soma is the god
of the wind": ``god_of``'s table) — so the reader splits them, asks each, and says which are right. A statement no
reader can check is said to be unchecked, never guessed.
"""
from __future__ import annotations

import re
from typing import Any, Callable, List, Optional, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.patterns import _q

__all__ = ["answer", "statements_of"]

_ASKS = re.compile(r"\bwhich\b[^.?]*\b(?:correct|true|right|incorrect|false|wrong|valid)\b|"
                   r"\b(?:correct|true|incorrect|false)\s*\?\s*$|statements?", re.I)
_ITEM = re.compile(r"(?<!\S)(?:\(?([1-4]|i{1,3}|iv)[.)]|\(([a-d1-4])\))\s+", re.I)
_FALSE_ASKED = re.compile(r"\b(?:incorrect|false|wrong|not\s+correct|not\s+true)\b", re.I)


def _number(label: str) -> int:
    label = (label or "").lower()
    if label.isdigit():
        return int(label)
    return {"i": 1, "ii": 2, "iii": 3, "iv": 4, "a": 1, "b": 2, "c": 3, "d": 4}.get(label, 0)


def statements_of(question: str) -> List[str]:
    """The numbered statements, in order (two to four), or []."""
    text = " ".join((question or "").split())
    if not _ASKS.search(text):
        return []
    marks = []
    for mark in _ITEM.finditer(text):  # "1. … 2. … 3." in order: a number inside a statement ("in mandala 3.") is not one
        if _number(mark.group(1) or mark.group(2)) == len(marks) + 1:
            marks.append(mark)
    if len(marks) < 2:
        return []
    out: List[str] = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        body = re.split(r"[.?;,]?\s+(?:which|select|choose|who|what)\b", text[mark.end():end], maxsplit=1, flags=re.I)[0]
        out.append(body.strip(" .;,"))
    return [s for s in out if len(s.split()) >= 3][:4]


def _god_domain(statement: str, index: Any) -> Optional[Tuple[bool, str]]:
    """"X is the god of Y": the domains table's god for Y against X."""
    from pyapp.reading import god_of

    match = re.match(r"^(?:the\s+)?(.+?)\s+(?:is|was|are|were)\s+(?:the\s+)?(?:\w+\s+)?(?:god|goddess|gods|deity)\s+of\s+(.+)$",
                     _q(statement))
    if match is None:
        return None
    asked = god_of.asked_domain(f"who is the god of {match.group(2)}?")
    if asked is None:
        return None
    god = asked[0]
    said = match.group(1).strip()
    from pyapp.search.translit import fold_sanskrit

    right = fold_sanskrit(_q(god)).replace("the ", "")[:4] == fold_sanskrit(said).replace("the ", "")[:4]
    role = "goddess" if "goddess" in _q(statement) else "god"
    return right, f"the {role} of {asked[1]} is {god} ({asked[2]})"


def _verdict(statement: str, index: Any, searcher: Any, answer_fact: Callable[[str], Any]) -> Optional[Tuple[bool, str, List[str]]]:
    """(true?, the sentence that says so, refs) for one statement, or None when no reader can check it."""
    from pyapp.reading import attribution_claim, claim

    checked = claim.count_check(statement, answer_fact)
    if checked is not None and re.match(r"^\s*(?:yes|no)\b", checked.text, re.I):
        return checked.text.lower().startswith("yes"), checked.text, list(checked.refs)
    domain = _god_domain(statement, index)
    if domain is not None:
        return domain[0], domain[1][:1].upper() + domain[1][1:] + ".", []
    fact = attribution_claim.answer(f"Is it true that {statement}?", index, searcher, [])
    if fact is not None and re.match(r"^\s*(?:yes|no|partly)\b", fact.text, re.I):
        return fact.text.lower().startswith("yes"), fact.text, list(fact.refs)
    return None


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The statements' verdicts, the asked-for ones first, or None (not the form, or fewer than two checked)."""
    items = statements_of(question)
    if len(items) < 2 or not getattr(index, "verses", None):
        return None
    from pyapp import facts

    verdicts = [_verdict(s, index, searcher, lambda text: facts.answer_fact(text, index)) for s in items]
    if sum(v is not None for v in verdicts) < len(items) - 1:  # more than one left unchecked: not ours
        return None
    right = [i + 1 for i, v in enumerate(verdicts) if v is not None and v[0]]
    wrong = [i + 1 for i, v in enumerate(verdicts) if v is not None and not v[0]]
    unchecked = [i + 1 for i, v in enumerate(verdicts) if v is None]

    def joined(nums: List[int]) -> str:
        return " and ".join(str(n) for n in nums) if len(nums) < 3 else ", ".join(map(str, nums[:-1])) + f" and {nums[-1]}"

    if _FALSE_ASKED.search(question.split("?")[0][-80:] if "?" in question else question):
        lead = (f"Statement{'s' if len(wrong) > 1 else ''} {joined(wrong)} {'are' if len(wrong) > 1 else 'is'} incorrect"
                if wrong else "None of the statements is incorrect")
    elif right and not wrong and not unchecked:
        lead = "Both statements are correct" if len(items) == 2 else "All the statements are correct"
    elif right:
        lead = f"Only statement{'s' if len(right) > 1 else ''} {joined(right)} {'are' if len(right) > 1 else 'is'} correct"
    else:
        lead = "Neither statement is correct" if len(items) == 2 else "None of the statements is correct"
    if unchecked:
        lead += f" (statement {joined(unchecked)} could not be checked against the index)"
    parts = [f"{i + 1}. {'Correct' if v[0] else 'Incorrect'}: {v[1]}" for i, v in enumerate(verdicts) if v is not None]
    refs: List[str] = []
    for v in verdicts:
        if v is not None:
            refs += [r for r in v[2] if r not in refs]
    return FactAnswer(kind="list", text=lead + ". " + " ".join(parts), refs=refs[:10],
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs[:10])))
