"""Extremes: the longest or shortest hymn (of all, of a god, a seer or a maṇḍala), hymns of a given
number of verses, and the longest maṇḍala.

A question that names a god or seer the index does not know gets ``None``, never the longest hymn of
all instead. Why apart: "Who composed the longest hymn?" needs the same choice of hymns
(:func:`_extreme_hymns`) as "Which is the longest hymn?".
"""
from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

from pyapp.factbook.answer import LIST_LIMIT, REFS_LIMIT, FactAnswer
from pyapp.factbook.deities import _deity_match
from pyapp.factbook.detect import _Extreme, _extreme_request
from pyapp.factbook.names import _key, _word, display_name, persons_in
from pyapp.factbook.patterns import _SEER_WORDS, _q
from pyapp.factbook.table import Facts, HymnFacts
from pyapp.factbook.targets import _MANDALA_RE, _book_of, _book_owner_words, _mandala_of
from pyapp.factbook.totals import _mandala_totals
from pyapp.factbook.wording import _cite, _count, _hymn_list, _join, _n, _named, _plural, _sort_refs
from pyapp.factbook.words import _candidate_words, _drop_words, _name_words

_EXTREME_WORDS = frozenset(_key(w) for w in """
longest shortest biggest largest smallest lengthiest greatest briefest tiniest most fewest least maximum minimum
highest lowest only just exactly precisely more than over under fewer less at single one two three four five six
seven eight nine ten eleven twelve twenty thirty forty fifty is there are any exist exists which what hymn hymns
sukta suktas verse verses stanza stanzas mandala mandalas book books number with having contains containing
""".split())
_EXTREME_TEXT = {"max": "longest", "min": "shortest"}


def _compare(mode: str, value: int, number: int) -> bool:
    return {"eq": value == number, "gt": value > number, "ge": value >= number, "lt": value < number,
            "le": value <= number}.get(mode, False)


def _extreme_hymns(question: str, facts: Facts, req: "_Extreme"
                   ) -> Optional[Tuple[List[HymnFacts], List[HymnFacts], str]]:
    """(the hymns asked for, the hymns they were chosen from, where: " addressed mainly to Agni in
    maṇḍala 3"), or None when the question names a god or seer the index does not know."""
    mandala = _mandala_of(question)
    owned = _book_of(question) if not _MANDALA_RE.search(_q(question)) else None
    pool = facts.hymns if mandala is None else facts.mandala_hymns(mandala)
    clean = _drop_words(question, _EXTREME_WORDS | set(_book_owner_words(question) if owned else []))
    clean = re.sub(r"\d+", " ", clean)
    q = _q(question)
    where = ""
    seer_cue = re.search(rf"\b{_SEER_WORDS}\b|\bby\b", q)
    deity_cue = re.search(r"\b(?:to|addressed|dedicated|devoted|prais\w*|invok\w*|gods?|deity|goddess)\b", q)

    def by_deity() -> Optional[Tuple[List[str], str]]:
        label, main, _ = _deity_match(facts, clean)
        return (main, f" addressed mainly to {_named(label)}") if label and main else None

    def by_seer() -> Optional[Tuple[List[str], str]]:
        for word in _candidate_words(clean):
            persons, _ = facts.seer_words(word)
            if persons:
                name = _word(persons[0])
                refs = _sort_refs(r for w in persons for r in facts.rishi_vocab[w])
                mostly = [r for r in refs if 2 * sum(e - s + 1 for s, e, v in facts.hymn(r).rishi_runs
                                                     if persons_in(v, persons)) >= facts.hymn(r).verses]
                return mostly or refs, f" attributed to {display_name(name[:1].upper() + name[1:])}"
        return None

    order = (by_seer, by_deity) if seer_cue and not deity_cue else (by_deity, by_seer)
    subject = order[0]() or order[1]()
    if subject:
        wanted = set(subject[0])
        pool = [h for h in pool if h.ref in wanted]
        where = subject[1]
    elif _name_words(clean):
        return None  # "the longest hymn to Zeus": not the longest hymn of all instead
    if mandala is not None:
        where += f" in maṇḍala {mandala}" + (f", {owned[1]}," if owned else "")
    if not pool:
        return [], pool, where
    if req.mode in ("max", "min"):
        best = (max if req.mode == "max" else min)(h.verses for h in pool)
        return [h for h in pool if h.verses == best], pool, where
    return [h for h in pool if _compare(req.mode, h.verses, req.number)], pool, where


def _refs_cited(hymns: Sequence[HymnFacts], limit: int = REFS_LIMIT) -> str:
    return " ".join(_cite(h.mandala, h.hymn) for h in hymns[:limit])


def _extreme_answer(question: str, facts: Facts) -> Optional[FactAnswer]:
    req = _extreme_request(question)
    if req is None:
        return None
    if req.unit == "mandala":
        return _extreme_mandala(facts, req)
    found = _extreme_hymns(question, facts, req)
    if found is None:
        return None
    hymns, pool, where = found
    where = where or " in the RigVeda"
    refs = [f"{h.ref}.1" for h in hymns[:REFS_LIMIT]]
    listed = _hymn_list([h.ref for h in hymns], limit=REFS_LIMIT)
    subject = [h.ref for h in hymns[:LIST_LIMIT]]
    if not pool:
        return FactAnswer(kind="extreme", text=f"No hymn{where} is in the index.", refs=[])
    if req.mode in ("max", "min"):
        word, n = _EXTREME_TEXT[req.mode], hymns[0].verses
        if len(hymns) == 1:
            text = f"The {word} hymn{where} is RV {hymns[0].ref}, with {_plural(n, 'verse')} {_refs_cited(hymns)}."
        else:
            text = (f"The {word} hymns{where} have {_plural(n, 'verse')} each; there are {len(hymns)}: {listed} "
                    f"{_refs_cited(hymns)}.")
        rest = sorted((h for h in pool if h.verses != n), key=lambda h: (-h.verses if req.mode == "max" else h.verses))
        if rest and len(hymns) < 5:
            nxt = rest[:5 - len(hymns)]
            text += " Next come " + _join([f"RV {h.ref} ({_plural(h.verses, 'verse')})" for h in nxt]) + "."
        if len(pool) > 1 and where != " in the RigVeda":
            text += f" That is among {_n(len(pool))} hymns{where.rstrip(',')}."
        return FactAnswer(kind="extreme", text=text, refs=refs, subject_hymns=subject)
    condition = {"eq": "only one verse" if req.number == 1 else f"exactly {req.number} verses",
                 "gt": f"more than {_plural(req.number, 'verse')}", "ge": f"at least {_plural(req.number, 'verse')}",
                 "lt": f"fewer than {_plural(req.number, 'verse')}", "le": f"at most {_plural(req.number, 'verse')}"}[req.mode]
    asked_yes_no = re.match(r"^(?:is|are|does|do|was|were) (?:there )?(?:an?y? )?", _q(question)) is not None
    if hymns:
        verb = "has" if len(hymns) == 1 else "have"
        lead = "Yes: " if asked_yes_no else ""
        count = _count(len(hymns), "hymn", "hymns", start=not asked_yes_no)
        if len(hymns) == 1:
            text = f"{lead}{count}{where} {verb} {condition}, RV {hymns[0].ref} {_refs_cited(hymns)}."
        else:
            text = f"{lead}{count}{where} {verb} {condition}: {listed} {_refs_cited(hymns)}."
        return FactAnswer(kind="extreme", text=text, refs=refs, subject_hymns=subject)
    shortest = min(h.verses for h in pool)
    longest = max(h.verses for h in pool)
    closest = ([h for h in pool if h.verses == shortest], "shortest") if req.number <= shortest else \
        ([h for h in pool if h.verses == longest], "longest") if req.number >= longest else ([], "")
    text = f"{'No: ' if asked_yes_no else ''}no hymn{where} has {condition}."
    text = text[:1].upper() + text[1:]
    if closest[0]:
        near = closest[0]
        text += (f" The {closest[1]} {'has' if len(near) == 1 else 'have'} {_plural(near[0].verses, 'verse')}"
                 f"{'' if len(near) == 1 else ' each'}: {_hymn_list([h.ref for h in near], limit=REFS_LIMIT)} "
                 f"{_refs_cited(near)}.")
    return FactAnswer(kind="extreme", text=text, refs=[f"{h.ref}.1" for h in closest[0][:REFS_LIMIT]],
                      subject_hymns=[h.ref for h in closest[0][:LIST_LIMIT]])


def _extreme_mandala(facts: Facts, req: "_Extreme") -> Optional[FactAnswer]:
    """"Which is the longest maṇḍala?" — ranked by verses (or by hymns when asked), with the other count."""
    rows = [(m, *_mandala_totals(facts, m)) for m in range(1, facts.index.mandala_count + 1)]
    rows = [r for r in rows if r[1]]
    if not rows or req.mode not in ("max", "min"):
        return None
    pick = max if req.mode == "max" else min
    col = 1 if req.by == "hymns" else 2
    best = pick(r[col] for r in rows)
    top = [r for r in rows if r[col] == best]
    other = "verses" if req.by == "hymns" else "hymns"
    word = ("most" if req.mode == "max" else "fewest") if req.by == "hymns" else _EXTREME_TEXT[req.mode]
    cites = " ".join(_cite(r[0], 1) for r in top)
    if req.by == "hymns":
        names = _join([f"maṇḍala {r[0]}" for r in top])
        each = " each" if len(top) > 1 else ""
        text = (f"{names[:1].upper() + names[1:]} {'has' if len(top) == 1 else 'have'} the {word} hymns, "
                f"{_n(best)}{each} " + "(" + "; ".join(f"maṇḍala {r[0]}: {_n(r[2])} verses" for r in top) + f") {cites}.")
    else:
        text = (f"By verses, the {word} maṇḍala is " + _join([f"maṇḍala {r[0]}, with {_n(r[2])} verses in "
                                                               f"{_n(r[1])} hymns" for r in top]) + f" {cites}.")
    col2 = 2 if col == 1 else 1
    best2 = pick(r[col2] for r in rows)
    top2 = [r[0] for r in rows if r[col2] == best2]
    if set(top2) != {r[0] for r in top}:
        text += (f" By {other}, it is maṇḍala{'s' if len(top2) > 1 else ''} {_join([str(m) for m in top2])} "
                 f"({_n(best2)} {other}{' each' if len(top2) > 1 else ''}).")
    per = ", ".join(f"{r[0]}: {_n(r[1])} hymns / {_n(r[2])} verses" for r in rows)
    text += f" Per maṇḍala — {per}."
    return FactAnswer(kind="extreme", text=text, refs=[f"{r[0]}.1.1" for r in top])
