"""Answers to hymn-table queries (:mod:`pyapp.reading.hymn_query`), stated by code from the index (issue 19).

Why here: the reading says *what* is asked (a selection and an operation); this module runs it over the
hymn table (:func:`pyapp.facts.facts_for`), the god/seer counts every answer shares (:mod:`pyapp.counts`)
and the metre table (``pyapp/data/metres.json``). Each answer opens with the result in one sentence
("The longest hymn of maṇḍala 7 is RV 7.32, with 27 verses.", "No: …"), then its evidence.
:func:`answer` is a reader of :mod:`pyapp.reading.asked_kind`: a :class:`FactAnswer` or ``None``.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Dict, List, Optional, Tuple

from pyapp import facts as F
from pyapp.counts import god_hymns, seer_hymns
from pyapp.diacritics import strip_marks
from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.patterns import _q
from pyapp.reading import hymn_query as R

__all__ = ["answer", "father_of", "patronymic_base"]

_ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()
_METRE_NOTE = ("These are metrical counts: the written text often shows a syllable or two fewer, because sandhi "
               "merges vowels that recitation restores (-iya, -uva read as two syllables).")


def _ordinal(n: int) -> str:
    if n == -1:
        return "last"
    return _ORDINAL_WORDS[n - 1] if 1 <= n <= len(_ORDINAL_WORDS) else f"{n}th"


def _fold(text: str) -> str:
    """ASCII letters only, lower case: "Vaiśvāmitraḥ" → "vaisvamitrah"."""
    return re.sub(r"[^a-z]", "", strip_marks(text).lower())


def _a(word: str) -> str:
    return "An" if _fold(word[:1]) in ("a", "e", "i", "o", "u") else "A"


def _shape(metre: R.Metre) -> str:
    lines = metre.lines
    if len(set(lines)) == 1:
        return f"{len(lines)} lines (pādas) of {lines[0]}"
    return " + ".join(str(n) for n in lines)


def _metre_verses(index: Any, metre: R.Metre) -> List[str]:
    """Refs of the verses whose metre field is this metre (not its compounds: "virāḍgāyatrī" is not counted)."""
    key = metre.spellings[0]
    return [v.ref for v in index.verses if _fold(v.meter or "").startswith(key[:5]) and
            len(_fold(v.meter or "")) <= len(key) + 1]


def _metre_syllables(query: R.HymnQuery, question: str, index: Any) -> Optional[FactAnswer]:
    metre = next((m for m in R.metres() if m.name == query.metre), None)
    if metre is None:
        return None
    from pyapp.reading.named import find_named, passage_refs

    named = [r for m in find_named(question) for r in passage_refs(m.passage) if r.count(".") == 2]
    verses = _metre_verses(index, metre)
    example = named[:1] or verses[:1]
    total, lines = metre.total, metre.lines
    if query.per_line and len(set(lines)) == 1:
        text = (f"{_a(metre.name)} {metre.name} line (pāda) has {lines[0]} syllables; its verse has {len(lines)} lines, "
                f"{total} syllables in all.")
    elif query.per_line:
        text = f"The {metre.name}'s lines (pādas) have {_shape(metre)} syllables, {total} in all."
    else:
        text = f"{_a(metre.name)} {metre.name} verse has {total} syllables: {_shape(metre)}."
    if verses:
        text += f" {len(verses)} verses of the RigVeda are in {metre.name}"
        text += f", for example [RV {example[0]}]." if example else "."
    text += " " + _METRE_NOTE
    return FactAnswer(kind="metre", text=text, refs=example,
                      subject_hymns=[r.rsplit(".", 1)[0] for r in example])


def _metre_by_count(query: R.HymnQuery, index: Any) -> Optional[FactAnswer]:
    n = query.count
    found = [m for m in R.metres() if (query.per_line and set(m.lines) == {n}) or
             (not query.per_line and (m.total == n or set(m.lines) == {n}))]
    if not found:
        return None
    metre = found[0]
    verses = _metre_verses(index, metre)
    text = (f"The {metre.name} has {n} syllables " + ("in each line" if set(metre.lines) == {n} else "in all")
            + f": {_shape(metre)}, {metre.total} syllables a verse.")
    if verses:
        text += f" {len(verses)} verses of the RigVeda are in {metre.name}, for example [RV {verses[0]}]."
    return FactAnswer(kind="metre", text=text, refs=verses[:1], subject_hymns=[r.rsplit(".", 1)[0] for r in verses[:1]])


def _metre_order(index: Any) -> FactAnswer:
    main = sorted((m for m in R.metres() if m.main), key=lambda m: m.total)
    listed = ", ".join(f"{m.name} {m.total} ({_shape(m)})" for m in main)
    text = f"The {len(main)} main metres, by syllables a verse, smallest first: {listed}."
    refs = [vs[0] for vs in (_metre_verses(index, m) for m in main) if vs][:5]
    if refs:
        text += " Examples: " + ", ".join(f"[RV {r}]" for r in refs) + "."
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[r.rsplit(".", 1)[0] for r in refs])


def _nth_verse(query: R.HymnQuery, index: Any) -> Optional[FactAnswer]:
    m, h = (int(x) for x in query.hymn.split("."))
    verses = index.hymn(m, h)
    if not verses:
        return None
    n = len(verses) if query.nth == -1 else query.nth
    if not 1 <= n <= len(verses):
        return FactAnswer(kind="verse_count", text=f"{query.hymn_name[:1].upper() + query.hymn_name[1:]}, RV "
                          f"{query.hymn}, has only {len(verses)} verses [RV {query.hymn}.1].",
                          refs=[f"{query.hymn}.1"], subject_hymns=[query.hymn])
    verse = verses[n - 1]
    name = query.hymn_name if query.hymn_name.startswith("the ") else f"the {query.hymn_name}"
    translation = " ".join((verse.translation or "").split())
    text = (f"The {_ordinal(query.nth)} verse of {name} (RV {query.hymn}, {len(verses)} verses) is RV {verse.ref}"
            + (f": “{translation[:300]}”" if translation else "") + f" [RV {verse.ref}].")
    return FactAnswer(kind="first_last", text=text, refs=[verse.ref], subject_hymns=[query.hymn])


def _god_after(q: str) -> str:
    """The words after "to"/"addressed to"/"in praise of": where a selection names its god."""
    found = re.search(r"\b(?:to|addressed to|dedicated to|in praise of|praising|for)\s+(.+)$", q)
    return found.group(1) if found else ""


def _extreme(query: R.HymnQuery, question: str, index: Any) -> Optional[FactAnswer]:
    facts = F.facts_for(index)
    book = query.mandala
    hymns = [h for h in facts.hymns if h.mandala == book]
    label = ""
    after = _god_after(_q(question))
    god = god_hymns(index, after, book) if after else None
    if god is not None and god.alone:
        keep = set(god.alone)
        hymns = [h for h in hymns if h.ref in keep]
        label = f" to {god.label}"
    if not hymns:
        return None
    sign = -1 if query.longest else 1
    ranked = sorted(hymns, key=lambda h: (sign * h.verses, h.hymn))
    top = ranked[0]
    ties = [h for h in ranked[1:] if h.verses == top.verses]
    word = "longest" if query.longest else "shortest"
    unit = lambda n: f"{n} verse" + ("" if n == 1 else "s")  # noqa: E731
    text = f"The {word} hymn{label} of maṇḍala {book} is RV {top.ref}, with {unit(top.verses)} [RV {top.ref}.1]."
    if ties:
        text += " Also " + unit(top.verses) + ": " + ", ".join(f"RV {h.ref}" for h in ties[:8]) + "."
    rest = [h for h in ranked[1:] if h.verses != top.verses][:4]
    if rest:
        text += " Next come " + ", ".join(f"RV {h.ref} ({unit(h.verses)})" for h in rest) + "."
    return FactAnswer(kind="extreme", text=text, refs=[f"{top.ref}.1"], subject_hymns=[top.ref])


def _named_gods(question: str, index: Any, skip: str = "") -> List[Tuple[str, Any]]:
    """(word, its :class:`GodHymns`) for each word of the question that names a god, in the question's order;
    ``skip``: a hymn's name whose words are not asked about ("Agni in the Puruṣa-sūkta": not Puruṣa)."""
    out: List[Tuple[str, Any]] = []
    skipped = {_fold(w)[:5] for w in re.findall(r"\w+", skip) if len(w) > 3}
    for word in re.findall(r"[^\W\d_]{3,}", question):
        if word.lower() in _STOP or _fold(word)[:5] in skipped:
            continue
        god = god_hymns(index, word)
        if god is not None and all(god.label != g.label for _, g in out):
            out.append((word, god))
    return out


_STOP = set("the and does did has have hymn hymns own his her its their any there alone only with rigveda rig veda "
            "which what who whose is are was were mentioned named anywhere appear right not doesn sukta".split())


def _deity_stems(word: str) -> List[str]:
    out: List[str] = []
    for w in dict.fromkeys((_fold(word), _fold(word).replace("sh", "s").replace("ee", "i").replace("oo", "u"))):
        out += [s for s in (w, w[:-1], w[:-2]) if len(s) >= 3 and s not in out]
    return out


def _fallback_own(question: str, index: Any) -> Optional[FactAnswer]:
    """A god the deity table does not list as an addressee (Aryaman, Dyaus): the verses' deity fields."""
    facts = F.facts_for(index)
    for word in re.findall(r"[^\W\d_]{4,}", question):
        if word.lower() in _STOP or not word[:1].isupper():
            continue
        stems = _deity_stems(word)

        def hit(key: str) -> bool:
            return any((len(s) >= 4 and s in key) or key.startswith(s) for s in stems)

        refs = [h.ref for h in facts.hymns if any(hit(k) for k in h.deity_keys)]
        if not refs:
            continue
        alone = [h.ref for h in facts.hymns if h.main_deity_keys and all(
            hit(k) and len(k) - len(stems[-1]) <= 4 for k in h.main_deity_keys)]
        name = word[:1].upper() + word[1:]
        if alone:
            text = (f"Yes: {len(alone)} hymn{'s are' if len(alone) > 1 else ' is'} addressed to {name} alone: "
                    + ", ".join(f"RV {r}" for r in alone[:F.LIST_LIMIT]) + f" [RV {alone[0]}.1].")
            return FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in alone[:F.REFS_LIMIT]], subject_hymns=alone)
        text = (f"No: no hymn of the RigVeda is addressed to {name} alone; {name} is invoked with other gods in "
                f"{len(refs)} hymn{'s' if len(refs) > 1 else ''}: " + ", ".join(f"RV {r}" for r in refs[:8])
                + (" …" if len(refs) > 8 else "") + f" [RV {refs[0]}.1].")
        return FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in refs[:F.REFS_LIMIT]], subject_hymns=refs)
    return None


def _own_hymn(question: str, index: Any) -> Optional[FactAnswer]:
    clause = next((c for c in re.split(r",|;|\bor\b|\bbut\b", question) if re.search(r"\b(?:own|alone|solely|only)\b", c)),
                  question)
    named = _named_gods(clause, index)
    if not named:
        return _fallback_own(clause, index)
    god = named[0][1]
    label = god.label
    if god.alone:
        text = (f"Yes: {len(god.alone)} hymn{'s are' if len(god.alone) > 1 else ' is'} addressed to {label} alone: "
                + ", ".join(f"RV {r}" for r in god.alone[:F.LIST_LIMIT]) + (" …" if len(god.alone) > F.LIST_LIMIT else "")
                + f" [RV {god.alone[0]}.1].")
        return FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in god.alone[:F.REFS_LIMIT]],
                          subject_hymns=god.alone)
    shared = god.joint_refs + god.part
    text = f"No: no hymn of the RigVeda is addressed to {label} alone."
    for partner, pair, refs in god.joint[:3]:
        text += f" {label} is addressed with {partner} ({pair}) in " + ", ".join(f"RV {r}" for r in refs[:6]) + "."
    if god.part:
        text += (f" {label} is invoked in some verses of {len(god.part)} more hymn{'s' if len(god.part) > 1 else ''}: "
                 + ", ".join(f"RV {r}" for r in god.part[:6]) + (" …" if len(god.part) > 6 else "") + ".")
    refs = [f"{r}.1" for r in shared[:F.REFS_LIMIT]]
    if refs:
        text += f" [RV {refs[0]}]"
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=shared)


def _stem(label: str) -> str:
    """"Indra" → "indr", "Agni" → "agn", "Uṣas (the Dawn)" → "usa": the form a name's cases share."""
    word = _fold(re.sub(r"\(.*?\)", "", label).split()[0] if label.split() else "")
    return word[:-1] if len(word) > 3 and word[-1] in "aeiou" else word


def _mentions(query: R.HymnQuery, question: str, index: Any) -> Optional[FactAnswer]:
    named = _named_gods(question, index, skip=query.hymn_name)
    if not named:
        return None
    god = named[0][1]
    stem = _stem(god.label)
    if len(stem) < 3:
        return None
    m, h = (int(x) for x in query.hymn.split("."))
    verses = index.hymn(m, h)
    if not verses:
        return None
    hits = [v for v in verses if stem in _fold(v.roman or "")]
    name = query.hymn_name if query.hymn_name.startswith("the ") else f"the {query.hymn_name}"
    label = re.sub(r"\s*\(.*?\)", "", god.label)
    if hits:
        text = (f"Yes: {label} is named in {len(hits)} of the {len(verses)} verses of {name} (RV {query.hymn}): "
                + ", ".join(f"[RV {v.ref}]" for v in hits[:6]) + ".")
        refs = [v.ref for v in hits[:F.REFS_LIMIT]]
    else:
        text = (f"No: {label} is not named in any of the {len(verses)} verses of {name} (RV {query.hymn}); "
                f"the hymn is addressed to {verses[0].addressee or 'its own subject'} [RV {query.hymn}.1].")
        refs = [f"{query.hymn}.1"]
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[query.hymn])


def patronymic_base(word: str) -> List[str]:
    """The stems a patronymic may come from, folded: "vaiśvāmitraḥ" → ["vaisvamitr", "visvamitr"];
    a patronymic is the father's name with its first vowel strengthened (vṛddhi) and a suffix."""
    w = _fold(word)
    w = re.sub(r"(?:ah|o|ih|ir|r|h)$", "", w)
    bases = []
    for suffix in ("ayana", "eya", "ya", "y", "i", "a", ""):
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            bases.append(w[:len(w) - len(suffix)] if suffix else w)
    out: List[str] = []
    for base in bases:
        for weak in (re.sub(r"^([^aeiou]*)ai", r"\1i", base), re.sub(r"^([^aeiou]*)au", r"\1u", base),
                     re.sub(r"^([^aeiou]*)ar", r"\1r", base), base):
            if weak not in out:
                out.append(weak)
    return out


def father_of(seer_words: List[str], attributions: List[str], names: Callable[[str], Optional[str]]) -> Optional[Tuple[str, str]]:
    """(patronymic as written, father's name) from the attributions naming the seer, or ``None``.
    ``names``: a folded stem → a known name (a seer or god of the index) that it begins, or ``None``."""
    persons = {_fold(w) for w in seer_words}
    for raw in attributions:
        for word in re.findall(r"[^\s()0-9,\-–]+", raw):
            folded = _fold(word)
            if not folded or folded in persons:
                continue
            joined = next((p for p in persons if len(p) > 4 and folded.endswith(p) and folded != p), None)
            if joined:  # "maitrāvaruṇirvasiṣṭhaḥ": the patronymic written joined to the name
                folded = folded[:-len(joined)]
                word = word[:len(folded)]
            elif any(p in folded or folded in p for p in persons):
                continue
            for base in patronymic_base(folded):
                found = names(base)
                if found and _fold(found) not in persons and _fold(found)[:len(folded) - 1] != folded[:-1]:
                    return word.rstrip("ḥ"), found
    for raw in attributions:  # no other name of the index matches: the father's name is the patronymic's stem
        for word in re.findall(r"[^\s()0-9,\-–]+", raw):
            if _fold(word) not in persons and re.match(r"[^aeiouāīūṛ]*(?:ā|ai|au)", word.lower()) \
                    and not any(p in _fold(word) for p in persons):
                stem = re.sub(r"(?:aḥ|o|ḥ|a)$", "", word)
                return word.rstrip("ḥ"), stem
    return None


def _name_finder(index: Any) -> Callable[[str], Optional[str]]:
    facts = F.facts_for(index)
    vocab: Dict[str, str] = {}
    for word in list(facts.rishi_vocab) + list(facts.deity_vocab):
        vocab.setdefault(_fold(word), word)

    def find(base: str) -> Optional[str]:
        if len(base) < 4:
            return None
        best = None
        for key, word in vocab.items():
            stem = key[:-2] if len(key) > 6 else key[:-1]
            if (key.startswith(base) and len(key) - len(base) <= 3) or (len(stem) >= 5 and base.startswith(stem)
                                                                          and len(base) - len(stem) <= 3):
                if best is None or len(key) < len(best[0]):
                    best = (key, word)
        return F._word(best[1]) if best else None

    return find


def _father(question: str, index: Any) -> Optional[FactAnswer]:
    seer = _first_seer(question, index)
    if seer is None:
        return None
    facts = F.facts_for(index)
    attributions: List[str] = []
    for ref in seer.refs:
        for _, _, raw in facts.hymn(ref).rishi_runs:
            if any(_fold(p) in _fold(raw) for p in seer.persons) and raw not in attributions:
                attributions.append(raw)
    found = father_of(seer.persons, attributions, _name_finder(index))
    if found is None:
        return None
    patronymic, father = found
    father = "–".join(w[:1].upper() + w[1:] for w in father.split())
    patronymic = patronymic[:1].upper() + patronymic[1:]
    child = "daughter" if patronymic.endswith("ī") else "son"  # Kākṣīvatī: a feminine patronymic
    first = seer.refs[0]
    text = (f"{seer.name}'s father is {father}: the Anukramaṇī names him with the patronymic {patronymic}, "
            f"“{child} (or descendant) of {father}”, as the seer of {len(seer.refs)} hymn{'s' if len(seer.refs) > 1 else ''} "
            + "(" + ", ".join(f"RV {r}" for r in seer.refs[:6]) + (" …" if len(seer.refs) > 6 else "") + f") [RV {first}.1].")
    return FactAnswer(kind="seer", text=text, refs=[f"{first}.1"], subject_hymns=list(seer.refs))


def _first_seer(question: str, index: Any) -> Any:
    """The first word of the question (in its order) that names a seer of the index, with the seer's hymns."""
    for word in re.findall(r"[^\W\d_]{4,}", question):
        if word.lower() in _STOP or word.lower() in _NOT_NAMES or _fold(word) in _NOT_NAMES:
            continue  # "ṛṣikā" is a title, not a name (it stands in the Anukramaṇī beside Godhā's)
        seer = seer_hymns(index, word)
        if seer is not None and seer.refs:
            return seer
    return None


_NOT_NAMES = set("father mother son daughter seer seers sage sages rishi rishika rishikas rsika rsikas rsi rsis woman women female poet "
                 "poets poetess listed counted said verse verses hers where they them".split())


def _ranges(refs: List[str]) -> List[str]:
    """["9.86.11", "9.86.12", …, "9.86.20"] → ["RV 9.86.11–20"]: runs of verses within a hymn."""
    out: List[str] = []
    run: List[str] = []
    for ref in refs + [""]:
        if run and ref and ref.rsplit(".", 1)[0] == run[-1].rsplit(".", 1)[0] and \
                int(ref.rsplit(".", 1)[1]) == int(run[-1].rsplit(".", 1)[1]) + 1:
            run.append(ref)
            continue
        if run:
            out.append(f"RV {run[0]}" + (f"–{run[-1].rsplit('.', 1)[1]}" if len(run) > 1 else ""))
        run = [ref] if ref else []
    return out


def _seer_verses(question: str, index: Any) -> Optional[FactAnswer]:
    seer = _first_seer(question, index)
    if seer is None:
        return None
    persons = [_fold(p) for p in seer.persons]
    verses: List[str] = []
    for ref in seer.refs:
        m, h = (int(x) for x in ref.split("."))
        mine = [v.ref for v in index.hymn(m, h) if any(p in _fold(v.rishi or "") for p in persons)]
        verses += mine or [v.ref for v in index.hymn(m, h)]
    if not verses:
        return None
    spans = _ranges(verses)
    whole = [r for r in seer.refs if r not in seer.partial]
    text = (f"{seer.name} is named by the Anukramaṇī as the seer of {len(verses)} verse{'s' if len(verses) > 1 else ''}: "
            + ", ".join(spans[:8]) + (" …" if len(spans) > 8 else "")
            + (f" (the whole of {', '.join('RV ' + r for r in whole[:6])})" if whole else
               f" (in {', '.join('RV ' + r for r in seer.partial[:6])}, shared with other seers)")
            + f" [RV {verses[0]}].")
    return FactAnswer(kind="seer", text=text, refs=verses[:F.REFS_LIMIT], subject_hymns=list(seer.refs))


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The hymn table's answer to a query the question reads as, or ``None``."""
    query = R.read(question, index)
    if query is None or index is None:
        return None
    if query.op == "position":
        from pyapp.factbook import position

        return position.answer(query, index)
    if query.op == "metre_syllables":
        return _metre_syllables(query, question, index)
    if query.op == "metre_by_count":
        return _metre_by_count(query, index)
    if query.op == "metre_order":
        return _metre_order(index)
    if query.op == "nth_verse":
        return _nth_verse(query, index)
    if query.op == "extreme":
        return _extreme(query, question, index)
    if query.op == "own_hymn":
        return _own_hymn(question, index)
    if query.op == "mentions":
        return _mentions(query, question, index)
    if query.op == "father":
        return _father(question, index)
    if query.op == "seer_verses":
        return _seer_verses(question, index)
    return None
