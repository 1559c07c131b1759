"""Facts about one hymn or verse: its seer, deity, metre and verse count, and which hymn or verse a
question means (its own reference, a named hymn such as "the Purusha sukta", the longest hymn, or the
caller's subject hymns).

Why apart: these sentences state one hymn's attribution from its runs of Anukramaṇī values, where
the other modules summarise many hymns.
"""
from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple, Union

from pyapp.factbook.answer import REFS_LIMIT, FactAnswer
from pyapp.factbook.deities import _deity_match
from pyapp.factbook.detect import _extreme_request
from pyapp.factbook.display import metre_display
from pyapp.factbook.extremes import _extreme_hymns
from pyapp.factbook.names import _key
from pyapp.factbook.patterns import _HYMN, _q
from pyapp.factbook.table import Facts, HymnFacts, Run, _addressee_names, _covered, _main
from pyapp.factbook.targets import _Target, _check, _reference, _subject_targets
from pyapp.factbook.wording import _cite, _differences, _join, _named, _span

def _named_hymn(question: str, facts: Facts) -> List[_Target]:
    """"the Vena hymn" / "the Purusha sukta": the single hymn whose whole addressee is that name;
    "the hymn to the frogs" / "the hymn to the pressing stones": the hymns (up to 3) mainly to it."""
    q = _q(question)
    matches = list(re.finditer(rf"\b{_HYMN} (?:to|of|addressed to|dedicated to|devoted to) (?:the )?([a-z' -]{{3,30}})", q))
    matches += list(re.finditer(rf"\b(?:the\s+)?([a-z' -]{{3,40}}?)\s+{_HYMN}\b", q))
    for match in matches:
        name = (match.group(1) or "").strip()
        name = re.sub(r"^(?:of|is|in|the|which|what|meter|metre|does|did)\s+", "", name)
        key = _key(name.split()[-1] if name.split() else "")
        if len(key) >= 3:
            hits = [h for h in facts.hymns if len(_addressee_names(h.addressee)) == 1
                    and _addressee_names(h.addressee)[0] in (key, key + "s")]  # "the frog hymn" ~ "the frogs"
            if len(hits) == 1:
                return [_Target(hits[0].mandala, hits[0].hymn, None)]
        _, main, _ = _deity_match(facts, name)
        if 0 < len(main) <= 3:
            return [_Target(*map(int, ref.split(".")), None) for ref in main]
    return []


def _targets(question: str, index: object, facts: Facts, subject_hymns: Optional[Sequence[str]]
             ) -> Union[List[_Target], str]:
    """Hymns/verses a hymn-level question is about: its own reference first, then the caller's."""
    ref = _reference(question)
    if ref is not None:
        checked = _check(ref, index)
        return checked if isinstance(checked, str) else [checked]
    extreme = _extreme_request(question)
    if extreme is not None and extreme.unit == "hymn" and extreme.mode in ("max", "min"):
        found = _extreme_hymns(question, facts, extreme)  # "Who composed the longest hymn?"
        if found is not None:
            return [_Target(h.mandala, h.hymn, None) for h in found[0][:3]]
    subjects = _subject_targets(subject_hymns, facts)
    if subjects:
        return subjects[:3]
    return _named_hymn(question, facts)


def _value_at(runs: Sequence[Run], verse: int) -> str:
    for start, end, value in runs:
        if start <= verse <= end:
            return value
    return ""


def _seer_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h = hymn.mandala, hymn.hymn
    runs = hymn.rishi_runs
    if verse is not None:
        who = _value_at(runs, verse)
        if not who:
            return f"The index gives no seer for RV {m}.{h}.{verse} {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
        alt = who.startswith("alternatively ")
        name = _named(who[len("alternatively "):] if alt else who)
        text = f"RV {m}.{h}.{verse} is {'alternatively ' if alt else ''}attributed to the seer {name} {_cite(m, h, verse)}."
        main = _main(runs)
        if main and main != who:
            text += f" The hymn RV {m}.{h} as a whole is attributed to {main}."
        return text, [f"{m}.{h}.{verse}"]
    main = _main(runs)
    if not main:
        return f"The index gives no seer for RV {m}.{h} {_cite(m, h)}.", [f"{m}.{h}.1"]
    if _covered(runs, main) * 2 < hymn.verses:  # e.g. RV 9.67: seven seers, three verses each
        parts = [f"{v} ({'verse' if s == e else 'verses'} {_span(s, e)})" for s, e, v in runs[:6] if v]
        listed = (", ".join(parts) + f", and {len(runs) - 6} more") if len(runs) > 6 else _join(parts)
        text = f"RV {m}.{h} is attributed to several seers: {listed} {_cite(m, h)}."
        return text, [f"{m}.{h}.{s}" for s, _, v in runs if v][:REFS_LIMIT]
    text = f"RV {m}.{h} was composed by the seer {_named(main)}, according to the Anukramaṇī {_cite(m, h)}."
    refs = [f"{m}.{h}.1"]
    diff = _differences(runs, main)
    if diff:
        text += f" Some verses are ascribed differently ({diff})."
        refs += [f"{m}.{h}.{s}" for s, _, v in runs if v != main and s != 1][:3]
    return text, refs


def _bare(name: str) -> str:
    return _key(re.sub(r"^the ", "", name.split(" (")[0].strip(), flags=re.IGNORECASE))


def _same_name(a: str, b: str) -> bool:
    """"Agni Vaisvanara" ~ "Agni Vaiśvānara", "Soma" ~ "Soma Pavamāna", "Asvins" ~ "the Aśvins"."""
    x, y = _bare(a), _bare(b)
    return bool(x and y) and (x in y or y in x or x.rstrip("s") == y.rstrip("s"))


def _addressee_phrase(hymn: HymnFacts) -> Tuple[str, str]:
    """(whom the hymn addresses, the index heading when it says something else) — the Anukramaṇī
    deity per verse in IAST, the VedaWeb/Geldner heading ("diverse gods", "which god") as a note."""
    addressee = hymn.addressee if hymn.addressee and hymn.addressee != "?" else ""
    runs = [r for r in hymn.deity_runs if r[2]]
    if len(runs) > 1:
        parts = [f"{v} ({'verse' if s == e else 'verses'} {_span(s, e)})" for s, e, v in runs[:6]]
        more = f", and {len(runs) - 6} more in later verses" if len(runs) > 6 else ""
        phrase = (", ".join(parts) + more) if more else _join(parts)
        note = addressee if addressee[:1].islower() else ""
        return phrase, note
    if runs:
        deity = runs[0][2]
        note = addressee if addressee and not _same_name(addressee, deity) else ""
        return _named(deity), note
    return _named(addressee), ""


def _deity_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h = hymn.mandala, hymn.hymn
    if verse is not None:
        deity = _value_at(hymn.deity_runs, verse)
        if not deity:
            return f"The index gives no deity for RV {m}.{h}.{verse} {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
        text = f"RV {m}.{h}.{verse} is addressed to {_named(deity)} {_cite(m, h, verse)}."
        if hymn.addressee and not _same_name(hymn.addressee, deity):
            text += f" The hymn RV {m}.{h} as a whole is headed “{hymn.addressee}”."
        return text, [f"{m}.{h}.{verse}"]
    phrase, note = _addressee_phrase(hymn)
    if not phrase:
        return f"The index gives no deity for RV {m}.{h} {_cite(m, h)}.", [f"{m}.{h}.1"]
    refs = [f"{m}.{h}.{s}" for s, _, v in hymn.deity_runs if v][:REFS_LIMIT]
    text = f"RV {m}.{h} is addressed to {phrase} {_cite(m, h)}."
    if note:
        text += f" The index heads it “{note}”."
    return text, refs or [f"{m}.{h}.1"]


def _metre_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h = hymn.mandala, hymn.hymn
    if verse is not None:
        metre = _value_at(hymn.metre_runs, verse)
        if not metre:
            return f"The index gives no metre for RV {m}.{h}.{verse} {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
        return f"RV {m}.{h}.{verse} is in the {metre_display(metre)} metre {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
    main = _main(hymn.metre_runs)
    if not main:
        return f"The index gives no metre for RV {m}.{h} {_cite(m, h)}.", [f"{m}.{h}.1"]
    text = f"RV {m}.{h} is in the {metre_display(main)} metre {_cite(m, h)}."
    refs = [f"{m}.{h}.1"]
    other = [(s, e, v) for s, e, v in hymn.metre_runs if v != main]
    if other:
        shown = "; ".join(f"{'verse' if s == e else 'verses'} {_span(s, e)} {metre_display(v).split(' (')[0] if v else 'not given'}"
                          for s, e, v in other[:4])
        more = f"; {len(other) - 4} more passages differ" if len(other) > 4 else ""
        text = (f"RV {m}.{h} is mostly in the {metre_display(main)} metre {_cite(m, h)}; "
                f"other metres: {shown}{more}.")
        refs += [f"{m}.{h}.{s}" for s, _, _ in other[:3] if s != 1]
    return text, refs


def _verse_count_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h, n = hymn.mandala, hymn.hymn, hymn.verses
    if n == 1:
        return f"RV {m}.{h} has 1 verse {_cite(m, h)}.", [f"{m}.{h}.1"]
    return (f"RV {m}.{h} has {n} verses, from {_cite(m, h)} to {_cite(m, h, n)}.", [f"{m}.{h}.1", f"{m}.{h}.{n}"])


_HYMN_SENTENCES = {"seer": _seer_sentence, "deity": _deity_sentence, "metre": _metre_sentence,
                   "verse_count": _verse_count_sentence}


def _about_hymns(kind: str, targets: Sequence[_Target], facts: Facts) -> Optional[FactAnswer]:
    texts, refs, hymns = [], [], []
    for target in targets[:3]:
        hymn = facts.hymn(target.hymn_ref)
        if hymn is None:
            continue
        text, cited = _HYMN_SENTENCES[kind](hymn, target.verse)
        texts.append(text)
        refs += [r for r in cited if r not in refs]
        hymns.append(hymn.ref)
    if not texts:
        return None
    text = " ".join(texts) if len(texts) > 1 else texts[0]
    return FactAnswer(kind=kind, text=text, refs=refs[:REFS_LIMIT], subject_hymns=hymns)
