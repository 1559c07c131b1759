"""Where a hymn stands in the hymn table (issue 19, set 15): its number within its maṇḍala and counting
from RV 1.1 (with and without the eleven Vālakhilya hymns, which some counts leave out), how many hymns
come after or before it, how many lie between two hymns, and whether it stands near its maṇḍala's end.

Why computed here: the order is the index's own (maṇḍala by maṇḍala, hymn by hymn), so every number is
counted from the table, never written down; the Vālakhilya hymns are the ones whose group heading says so
(:attr:`pyapp.factbook.table.Facts.valakhilya`). The answer opens with the number asked for, then the
hymn's place, so a question that asks two things ("near the end? how many after it?") is answered by both.
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

from pyapp import facts as F
from pyapp.factbook.answer import FactAnswer
from pyapp.reading.hymn_query import HymnQuery

__all__ = ["answer", "ordinal", "place_word"]


def ordinal(facts: Any, ref: str, skip_valakhilya: bool = False) -> int:
    """The hymn's number counting from RV 1.1 in the table's order (1-based), 0 when the table lacks it."""
    skipped = set(facts.valakhilya) if skip_valakhilya else set()
    n = 0
    for hymn in facts.hymns:
        if hymn.ref in skipped:
            continue
        n += 1
        if hymn.ref == ref:
            return n
    return 0


def place_word(number: int, count: int) -> str:
    """"the last", "the second-to-last", "the first", "the second", or "" in the middle."""
    if number == count:
        return "the last"
    if number == count - 1:
        return "the second-to-last (penultimate)"
    if number == count - 2:
        return "the third from the end"
    if number == 1:
        return "the first"
    if number == 2:
        return "the second"
    return ""


def _in_book(facts: Any, ref: str) -> Tuple[int, int, int]:
    """(maṇḍala, number in it, hymns in that maṇḍala)."""
    mandala, number = (int(x) for x in ref.split("."))
    return mandala, number, len(facts.mandala_hymns(mandala))


def _hymns(n: int, verb: str = "") -> str:
    """"1 hymn comes", "27 hymns come": the count with its verb in agreement."""
    if not verb:
        return f"{n} hymn" + ("" if n == 1 else "s")
    singular = {"come": "comes", "lie": "lies"}.get(verb, verb)
    return f"{n} hymn{'' if n == 1 else 's'} {singular if n == 1 else verb}"


def _where(facts: Any, ref: str) -> str:
    """One sentence on the hymn's place: in its maṇḍala, and counting from RV 1.1."""
    mandala, number, count = _in_book(facts, ref)
    after = count - number
    word = place_word(number, count)
    total = len(facts.hymns)
    with_v = ordinal(facts, ref)
    without_v = ordinal(facts, ref, skip_valakhilya=True)
    text = (f"RV {ref} is hymn {number} of the {count} hymns of maṇḍala {mandala}"
            + (f", {word} hymn of the maṇḍala" if word else "")
            + f" ({_hymns(after, 'come')} after it, {_hymns(number - 1)} before it). Counting from RV 1.1, it is hymn "
              f"{with_v} of {total}")
    if facts.valakhilya and ref not in facts.valakhilya and without_v != with_v:
        text += f" ({without_v} of {total - len(facts.valakhilya)} without the {len(facts.valakhilya)} Vālakhilya hymns)"
    elif ref in facts.valakhilya:
        text += " (it is one of the Vālakhilya hymns, which some counts leave out)"
    return text + "."


def answer(query: HymnQuery, index: Any) -> Optional[FactAnswer]:
    """The position the query asks, stated first, then each named hymn's place; ``None`` when a hymn is
    not in the table."""
    facts = F.facts_for(index)
    hymns = [h for h in query.hymns if facts.hymn(h) is not None]
    if not hymns or (query.relation in ("between", "apart") and len(hymns) < 2):
        return None
    first = hymns[0]
    mandala, number, count = _in_book(facts, first)
    lead = ""
    if query.relation == "after":
        if query.whole:
            after = len(facts.hymns) - ordinal(facts, first)
            lead = f"{_hymns(after, 'come')} after RV {first} in the whole RigVeda."
        else:
            after = count - number
            lead = (f"{_hymns(after, 'come')} after RV {first} in maṇḍala {mandala}, which has {count}."
                    if after else f"No hymn comes after RV {first}: it is the last of maṇḍala {mandala}.")
    elif query.relation == "before":
        before = ordinal(facts, first) - 1 if query.whole else number - 1
        lead = f"{_hymns(before, 'come')} before RV {first}" + (" in the whole RigVeda." if query.whole else
                                                                 f" in maṇḍala {mandala}.")
    elif query.relation in ("between", "apart"):
        second = hymns[1]
        a, b = ordinal(facts, first), ordinal(facts, second)
        gap = abs(b - a)
        between = max(gap - 1, 0)
        same = first.split(".")[0] == second.split(".")[0]
        lead = (f"{_hymns(between, 'lie')} between RV {first} and RV {second}: they are {gap} hymn"
                f"{'' if gap == 1 else 's'} apart" + ("" if same else " counting across maṇḍalas"))
        skipped = [v for v in facts.valakhilya if min(a, b) < ordinal(facts, v) < max(a, b)]
        if skipped:
            lead += f" ({between - len(skipped)} without the {len(skipped)} Vālakhilya hymns among them)"
        lead += "."
    elif query.relation == "number":
        lead = f"Counting every hymn from RV 1.1, RV {first} is hymn number {ordinal(facts, first)} of {len(facts.hymns)}"
        if facts.valakhilya and first not in facts.valakhilya:
            span = f"{facts.valakhilya[0]}–{facts.valakhilya[-1].split('.')[-1]}"
            lead += (f"; without the {len(facts.valakhilya)} Vālakhilya hymns ({span}) it is number "
                     f"{ordinal(facts, first, skip_valakhilya=True)} of {len(facts.hymns) - len(facts.valakhilya)}")
        lead += "."
    elif query.relation == "place":
        word = place_word(number, count)
        if number == count:
            lead = f"Yes: RV {first} is the last hymn of maṇḍala {mandala} (hymn {number} of {count})."
        elif word:
            lead = f"RV {first} is {word} hymn of maṇḍala {mandala}: hymn {number} of {count}."
        else:
            fifth = max(3, count // 5)
            near = "near the end" if count - number <= fifth else \
                "near the beginning" if number <= fifth else "in the middle"
            lead = (f"RV {first} stands {near} of maṇḍala {mandala}: hymn {number} of {count}, with "
                    f"{_hymns(count - number, 'come')} after it.")
    sentences: List[str] = [lead] if lead else []
    sentences += [_where(facts, h) for h in hymns[:2]]
    cites = " ".join(f"[RV {h}.1]" for h in hymns[:2])
    text = " ".join(sentences) + f" {cites}"
    return FactAnswer(kind="list", text=text, refs=[f"{h}.1" for h in hymns[:2]], subject_hymns=hymns[:2])
