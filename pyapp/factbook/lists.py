"""Lists: the hymns of a seer (and of his family), the hymns to a god (alone, with one partner, in
part), the verses addressed to a god, the seers of a god's hymns, and the hymns in a metre; routed by
:func:`_list_answer` from the question's cues ("by", "to", a metre's name).

Why apart: these answer about a name the question gives, from the per-index vocabularies; the one
computation of a seer's or god's hymns is :mod:`pyapp.counts`.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import List, Optional, Sequence

from pyapp.factbook.answer import LIST_LIMIT, REFS_LIMIT, FactAnswer
from pyapp.factbook.deities import _deity_match
from pyapp.factbook.display import _METRES, _metre_key, metre_display
from pyapp.factbook.names import _key, _word, display_name
from pyapp.factbook.patterns import _HYMN, _METRE_NAMES, _RE_METRE, _RE_VERSE_COUNT, _SEER_WORDS, _q
from pyapp.factbook.profile import _mandala_list
from pyapp.factbook.ranking import _ranking
from pyapp.factbook.table import Facts, _main
from pyapp.factbook.targets import _book_of, _book_owner_words, _mandala_of
from pyapp.factbook.wording import _cite, _count, _first_verses, _hymn_list, _join, _mandala_phrase, _n, _named, _plural
from pyapp.factbook.words import _candidate_words, _drop_words

def _seer_list(facts: Facts, question: str, mandala: Optional[int] = None) -> Optional[FactAnswer]:
    from pyapp.counts import seer_hymns  # the one computation of a seer's hymns

    seer = seer_hymns(facts.index, question, mandala)
    if seer is None:
        return None
    persons, family = seer.persons, seer.family_words
    person_refs, family_refs, name, partial = seer.refs, seer.family, seer.name, seer.partial
    if not person_refs:
        return FactAnswer(kind="list", text=f"No hymn of maṇḍala {mandala} is attributed to {display_name(name)}.", refs=[])
    if len(person_refs) == 1:
        ref = person_refs[0]
        text = (f"{display_name(name)} is named as the seer of one hymn, RV {ref}"
                f"{' (for some of its verses)' if partial else ''} {_cite(*map(int, ref.split('.')))}.")
    else:
        text = (f"{display_name(name)} is named as the seer of {_plural(len(person_refs), 'hymn')}, "
                f"{_mandala_phrase(person_refs)}: {_hymn_list(person_refs)}.")
        if partial:
            text = text[:-1] + f" (in {_n(len(partial))} of them only for some verses)."
    if family_refs:
        fam = _word(family[0])
        fam = fam[:1].upper() + fam[1:]
        examples = Counter(_main(facts.hymn(r).rishi_runs) for r in family_refs)
        fitting = [e for e, _ in examples.most_common() if e and _key(fam) in _key(e)]
        example = next((e for e in fitting if " or " not in e and "alternatively" not in e), "")
        like = f", e.g. {_named(example)}" if example and example != fam else ""
        text += (f" Seers bearing the family name {display_name(fam)}{like}, are credited with "
                 f"{_count(len(family_refs), 'more hymn', 'more hymns')}, {_mandala_phrase(family_refs)}.")
    refs = _first_verses(person_refs)
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=person_refs[:LIST_LIMIT])


def _within(refs: Sequence[str], mandala: Optional[int]) -> List[str]:
    return list(refs) if mandala is None else [r for r in refs if r.split(".")[0] == str(mandala)]


def _deity_list(facts: Facts, question: str, verses: bool = False, seers: bool = False,
                mandala: Optional[int] = None) -> Optional[FactAnswer]:
    label, main, part = _deity_match(facts, question)
    if not label or not (main or part):
        return None
    main, part = _within(main, mandala), _within(part, mandala)
    if not (main or part):
        return FactAnswer(kind="list", text=f"No hymn of maṇḍala {mandala} is addressed to {_named(label)}.", refs=[])
    refs = main or part
    if verses:
        keys = [_key(re.sub(r"^the ", "", x.split(" (")[0])) for x in label.split(" and ")]
        count = sum(e - s + 1 for r in refs + part for s, e, v in facts.hymn(r).deity_runs
                    if all(k in _key(v) for k in keys)) if main else 0
        count = count or sum(e - s + 1 for r in part for s, e, v in facts.hymn(r).deity_runs if keys[0] in _key(v))
        text = (f"{_n(count)} verses are addressed to {_named(label)} according to the Anukramaṇī, in "
                f"{_plural(len(set(main) | set(part)), 'hymn')} {_cite(*map(int, refs[0].split('.')))}.")
        return FactAnswer(kind="verse_count", text=text, refs=_first_verses(refs))
    if seers:
        counts = Counter(_main(facts.hymn(r).rishi_runs) for r in refs)
        counts.pop("", None)
        top = counts.most_common(4)
        text = (f"The {_plural(len(refs), 'hymn')} addressed {'mainly ' if main else 'in part '}to {_named(label)} are "
                f"attributed to {_plural(len(counts), 'seer')}, most often "
                + _join([f"{_named(name)} ({_plural(n, 'hymn')})" for name, n in top])
                + f": {_hymn_list(refs)}.")
        return FactAnswer(kind="list", text=text, refs=_first_verses(refs), subject_hymns=refs[:LIST_LIMIT])
    more = _shared_sentences(facts, question, mandala, label, part)
    if len(main) == 1:
        m, h = map(int, main[0].split("."))
        text = f"RV {main[0]} is the hymn addressed mainly to {_named(label)} {_cite(m, h)}." + more
    elif main:
        text = (f"{_plural(len(main), 'hymn is', 'hymns are')} addressed mainly to {_named(label)}, "
                f"{_mandala_phrase(main)}: {_hymn_list(main)}." + more)
    else:  # no pronoun: whether the name is a god, a goddess or a group is not in the index
        verses = _deity_verses(facts, label, part)
        where = (f", RV {part[0]} {_cite(*map(int, verses[0].split('.')))}" if len(part) == 1 else
                 f", {_mandala_phrase(part)}: {_hymn_list(part)}")
        text = (f"{_count(len(part), 'hymn addresses', 'hymns address', start=True)} {_named(label)} in some verses "
                f"or jointly with other gods{where}; no hymn is addressed mainly to {label}.")
        return FactAnswer(kind="list", text=text, refs=verses[:REFS_LIMIT], subject_hymns=part[:LIST_LIMIT])
    return FactAnswer(kind="list", text=text, refs=_first_verses(refs), subject_hymns=refs[:LIST_LIMIT])


def _shared_sentences(facts: Facts, question: str, mandala: Optional[int], label: str, part: Sequence[str]) -> str:
    """After the hymns to a god alone: those it shares with one partner, named as the pair
    ("23 more are addressed to Mitra and Varuṇa together (Mitra–Varuṇa): …"), then the rest."""
    from pyapp.counts import god_hymns

    god = god_hymns(facts.index, question, mandala)
    joint = god.joint if god is not None and set(god.joint_refs) <= set(part) else []
    rest = [r for r in part if r not in {ref for _, _, refs in joint for ref in refs}]
    out = ""
    for partner, pair, refs in joint:
        out += (f" {_count(len(refs), 'more is', 'more are', start=True)} addressed to {label} and {partner} "
                f"together ({pair}): {_hymn_list(refs, 6)}.")
    if rest:
        out += (f" {_count(len(rest), 'more hymn addresses', 'more hymns address', start=True)} {label} in some "
                f"verses or jointly with other gods.")
    return out


def _deity_verses(facts: Facts, label: str, refs: Sequence[str]) -> List[str]:
    """The first verse of each hymn whose Anukramaṇī deity names ``label`` (else verse 1)."""
    keys = [_key(re.sub(r"^the ", "", x.split(" (")[0])) for x in label.split(" and ")]
    out = []
    for ref in refs:
        hymn = facts.hymn(ref)
        start = next((s for s, _, v in (hymn.deity_runs if hymn else []) if all(k in _key(v) for k in keys)), 1)
        out.append(f"{ref}.{start}")
    return out


def _metre_in_question(facts: Facts, question: str) -> str:
    for word in _candidate_words(question):
        key = _metre_key(word)
        if key in _METRES and key in facts.metre_vocab:
            return key
        if len(key) >= 4:
            for known in facts.metre_vocab:
                if known == key:
                    return known
    return ""


def _metre_list(facts: Facts, question: str, mandala: Optional[int] = None) -> Optional[FactAnswer]:
    key = _metre_in_question(facts, question)
    if not key:
        return None
    hymns = [h for h in facts.hymns if mandala is None or h.mandala == mandala]
    main = [h.ref for h in hymns if h.metre_keys and h.metre_keys.most_common(1)[0][0] == key]
    part = [h.ref for h in hymns if key in h.metre_keys and h.ref not in set(main)]
    verses = sum(h.metre_keys.get(key, 0) for h in hymns)
    name = metre_display(_METRES[key][0] if key in _METRES else key)
    text = (f"{_plural(len(main), 'hymn is', 'hymns are')} mainly in the {name} metre, {_mandala_phrase(main)}: "
            f"{_hymn_list(main)}.")
    text += f" Counting single verses, {_n(verses)} verses are in this metre"
    text += f" (also in {_count(len(part), 'more hymn', 'more hymns')})." if part else "."
    return FactAnswer(kind="list", text=text, refs=_first_verses(main), subject_hymns=main[:LIST_LIMIT])


def _list_answer(question: str, facts: Facts) -> Optional[FactAnswer]:
    ranking = _ranking(facts, question)
    if ranking:
        return ranking
    mandala = _mandala_of(question)
    if _book_of(question) is not None:  # "hymns in Viśvāmitra's maṇḍala": the book, not the seer
        question = _drop_words(question, _book_owner_words(question))
    q = _q(question)
    verses = bool(_RE_VERSE_COUNT.search(q)) and not re.search(rf"\b{_HYMN}\b", q)
    if _RE_METRE.search(q) or re.search(rf"\b{_METRE_NAMES}\b", q):
        answer = _metre_list(facts, question, mandala)
        if answer:
            return answer
    seer_cue = re.search(rf"\b{_SEER_WORDS}\b|\bby\b|\bdid\b", q)
    deity_cue = re.search(r"\b(?:to|addressed|dedicated|devoted|prais\w*|invok\w*|god|gods|deity|deities|goddess)\b", q)
    asks_seers = re.search(r"\b(?:which|what) (?:poets?|seers?|rs?is?|ris?his?|sages?|authors?|composers?)\b|"
                           r"\bwho (?:composed|wrote|authored)\b", q)
    if asks_seers and deity_cue:
        answer = _deity_list(facts, question, seers=True, mandala=mandala)
        if answer:
            return answer
    if seer_cue and not deity_cue:
        answer = _seer_list(facts, question, mandala) or _deity_list(facts, question, verses, mandala=mandala)
    elif deity_cue:
        answer = _deity_list(facts, question, verses, mandala=mandala) or _seer_list(facts, question, mandala)
    else:  # "hymns of Lopāmudrā": a seer, unless the name is some hymn's main deity
        label, main, _ = _deity_match(facts, question)
        answer = (_deity_list(facts, question, verses, mandala=mandala) if main else None) or \
            _seer_list(facts, question, mandala) or _deity_list(facts, question, verses, mandala=mandala)
    if answer:
        return answer
    if mandala is not None:
        return _mandala_list(facts, mandala)
    return None
