"""The case / number / person / tense of one word of one verse, read from its ending by code.

Why endings and corpus evidence, not a tagged grammar: no morphologically tagged text ships with the
app, but the padapāṭha writes every word apart, in pausa, so its ending can be read against the
paradigm tables of a grammar (``pyapp/data/vedic_endings.json``, from Macdonell's *Vedic Grammar for
Students*). An ending alone is often ambiguous (-ā: an a-stem's instrumental singular, a dual, an
ā-stem's nominative …), so each (stem, stem class) the ending allows is ranked by the other forms of
its paradigm that the padapāṭha has anywhere in the hymns: *aśvinā* is an in-stem because
*aśvinoḥ*, *aśvibhyām* occur, not an a-stem *aśvina-*. Verbal endings are read the same way; an
augment (a-) before a secondary ending makes an imperfect or an aorist, and a small table of common
aorist stems tells which. The answer says it was read from endings by code.
"""
from __future__ import annotations

import math
import re
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from pydantic import BaseModel

from pyapp import data_tables
from pyapp.diacritics import strip_vedic_accents
from pyapp.search.translit import deva_to_iast, fold_sanskrit, has_devanagari

_DATA_FILE = "data/vedic_endings.json"  # read with pkgutil: under Pyodide pyapp is imported from a zip, where open() finds nothing
_data: Optional[Dict[str, Any]] = None
_VOCAB: Dict[int, Dict[str, int]] = {}
MIN_STEM = 2  # letters a stem keeps once its ending is cut
BY_CODE = "(Composed by code from the index; no model wrote this answer.)"
_TOKEN = re.compile(r"[^\W\d_]+(?:[\u0300-\u036f\u0900-\u0963\u0966-\u097f]+[^\W\d_]*)*")


def data() -> Dict[str, Any]:
    """The endings table, read once; an unreadable file is an empty table, never an error."""
    global _data
    if _data is None:
        _data = data_tables.table(_DATA_FILE, {})
    return _data


class Reading(BaseModel):
    """One analysis of a form: a case and number of a stem, or a person, number and tense of a verb."""

    kind: str  # "noun" | "verb"
    stem: str
    label: str  # "an i-stem", "as (be)"
    case: str = ""
    number: str = ""
    person: int = 0
    tense: str = ""
    voice: str = ""
    note: str = ""
    score: float = 0.0


def vocabulary(padapatha: Any) -> Dict[str, int]:
    """Every padapāṭha word (and compound member) with how many times it occurs: the corpus evidence a
    stem's paradigm is weighed by. Built once per padapāṭha."""
    key = id(padapatha)
    if key not in _VOCAB:
        counts: Dict[str, int] = {}
        lines = getattr(padapatha, "_lines", None) or {}
        for line in lines.values():
            for word in strip_vedic_accents(line).split():
                for part in {word, *word.split("-")}:
                    if part:
                        counts[part] = counts.get(part, 0) + 1
        _VOCAB.clear()
        _VOCAB[key] = counts
    return _VOCAB[key]


def _retroflex(word: str, ending: str) -> str:
    """The ending as this word writes it: n → ṇ after r/ṛ/ṣ earlier in the word (indreṇa, devāḥ but
    vīrāṇām), s → ṣ after i/u/e/o/r/k (Macdonell §§ 47, 65)."""
    base_len = len(word) - len(ending)
    if base_len <= 0:
        return ending
    if "n" in ending and re.search(r"[rṛṣ][^cjṭḍtdlśs]*$", word[:base_len]):
        ending = ending.replace("n", "ṇ", 1)
    if ending.startswith("s") and word[base_len - 1:base_len] in ("i", "u", "e", "o", "r", "k", "ī", "ū", "ai", "ṛ"):
        ending = "ṣ" + ending[1:]
    return ending


def _evidence(bare: str, endings: Sequence[str], word: str, vocab: Dict[str, int]) -> float:
    """How well the hymns attest a stem: its other forms that occur, each counted by how often (log) and
    by how much of the ending it shows (a one-letter ending -ā, -e, -ī fits many stems, so counts less)."""
    total = 0.0
    seen: Set[str] = set()
    for ending in endings:
        form = bare + _retroflex(bare + ending, ending)
        if form == word or form in seen:
            continue
        seen.add(form)
        count = vocab.get(form, 0)
        if count:
            total += min(1.0, math.log10(1 + count)) * (1.0 if len(ending) >= 2 else 0.3)
    return total


def _nominal(word: str, vocab: Dict[str, int]) -> List[Reading]:
    out: List[Reading] = []
    finals = {k: v for k, v in (data().get("consonant_finals") or {}).items() if not k.startswith("_")}
    for table in data().get("nominal") or []:
        stem_end = table.get("stem_end", "")
        rows = table.get("rows") or []
        for ending, case, number, weight in rows:
            ending = _retroflex(word, ending)
            if not word.endswith(ending) or len(word) - len(ending) < MIN_STEM:
                continue
            base = word[: len(word) - len(ending)]
            stems = [base]
            if table.get("class") == "consonant" and ending[:1] in ("b", "s") and base[-1:] in finals:
                stems += [base[:-1] + f for f in finals[base[-1]]]
            for bare in stems:
                stem = bare + stem_end
                if table.get("class") == "consonant" and (not bare or bare[-1] in "aāiīuūṛeo"
                                                          or bare.endswith(("an", "in", "as"))):
                    continue  # a consonant stem ends in a consonant; -an, -in, -as stems have their own tables
                score = _evidence(bare, [e for e, *_ in rows], word, vocab) * 2 + weight * 0.5
                label = table.get("label", "")
                if table.get("class") == "consonant" and stem[-2:] in ("iy", "uv"):
                    stem = stem[:-2] + ("ī" if stem.endswith("iy") else "ū")
                    label = f"a root stem in {stem[-1]} ({bare}- before a vowel ending)"
                out.append(Reading(kind="noun", stem=stem, label=label, case=case, number=number, score=score))
    return out


def _verbal(word: str, vocab: Dict[str, int]) -> List[Reading]:
    out: List[Reading] = []
    aorists = data().get("aorist_stems") or {}
    for ending, person, number, voice, kind, weight in data().get("verbal") or []:
        if not word.endswith(ending) or len(word) - len(ending) < MIN_STEM - 1:
            continue
        base = word[: len(word) - len(ending)]
        augmented = base[:1] in ("a", "ā") and len(base) > 2
        inner = base[1:] if augmented else base
        note = ""
        tense = kind
        if kind == "secondary":
            aorist = next((v for k, v in aorists.items() if inner.startswith(k) and len(inner) - len(k) <= 1), "")
            if aorist:
                tense, note = "aorist", f"on the aorist stem of {aorist}"
                if not augmented:
                    note += "; without the augment, an injunctive use"
            elif augmented:
                tense, note = "imperfect", "the augment a- marks a past tense (imperfect, or an aorist)"
            else:
                tense, note = "injunctive", "a secondary ending without the augment"
        # the same stem with other verbal endings elsewhere in the hymns
        score = _evidence(base, [e for e, *_ in data().get("verbal") or [] if e != ending], word, vocab) * 2 + weight * 0.5 + (2.0 if note.startswith("on the aorist") else 0.0)
        out.append(Reading(kind="verb", stem=base, label="", person=int(person), number=number, voice=voice,
                           tense=tense, note=note, score=score))
    return out


_ENDING_MEMBERS = frozenset({"bhiḥ", "bhyaḥ", "bhyām", "su", "ṣu"})


def analyse(word: str, padapatha: Any = None) -> List[Reading]:
    """Every reading the ending of ``word`` (a padapāṭha word, IAST) allows, the likeliest first."""
    word = strip_vedic_accents(word).strip("|.,")
    if "-" in word:
        last = word.split("-")[-1]
        if last in _ENDING_MEMBERS:  # the padapāṭha parts off -bhiḥ/-bhyaḥ/-su after a consonant: marut-bhiḥ
            word = "".join(word.split("-")[-2:])
        else:
            word = last if len(last) > 2 else word.replace("-", "")
    fixed = (data().get("forms") or {}).get(word)
    if fixed:
        out = []
        for row in fixed:
            if row[0] == "verb":
                out.append(Reading(kind="verb", stem=row[1], label=row[1], tense=row[2], person=int(row[3]),
                                   number=row[4], voice=row[5], score=99.0))
            else:
                out.append(Reading(kind="noun", stem=row[1], label=row[4], case=row[2], number=row[3], score=99.0))
        return out
    vocab = vocabulary(padapatha) if padapatha is not None else {}
    readings = _nominal(word, vocab) + _verbal(word, vocab)
    readings.sort(key=lambda r: -r.score)
    return readings


# ---- the word of the verse ---------------------------------------------------------------------

def _sandhi_keys(token: str) -> List[str]:
    """Folded keys a reader's token may stand for: as typed, and with a final -r/-s/-o/-ś undone to the
    padapāṭha's pausa visarga (savitur → savituḥ, dhiyo → dhiyaḥ, akṣair → akṣaiḥ)."""
    key = fold_sanskrit(token)
    keys = [key] if key else []
    if len(key) > 3 and key[-1] in "rs":
        keys.append(key[:-1])
    if len(key) > 3 and key.endswith("o"):
        keys.append(key[:-1] + "a")
    if len(key) > 3 and key[-1] in "dgb":  # asad → asat (a final stop voiced by sandhi)
        keys.append(key[:-1] + {"d": "t", "g": "k", "b": "p"}[key[-1]])
    if len(key) > 3 and key.endswith("n"):  # asin → asit before a nasal
        keys.append(key[:-1] + "t")
    return keys


_VOICED = re.compile(r"[gdb](?=[bcdgjkmnpstvy])")


def _devoiced(key: str) -> str:
    """A folded key with a stop before a consonant made voiceless, as the padapāṭha writes a compound's
    member (marut-bhiḥ) and the saṃhitā or a reader with voicing (marudbhiḥ)."""
    return _VOICED.sub(lambda m: {"g": "k", "d": "t", "b": "p"}[m.group(0)], key)


def tokens(question: str) -> List[str]:
    """The words of the question, Devanagari read as IAST."""
    text = deva_to_iast(question) if has_devanagari(question) else question
    return [t for t in _TOKEN.findall(text) if t]


def _position_patterns() -> List[Any]:
    table = data().get("word_positions") or {}
    return [re.compile(p) for p in table.get("patterns") or []]


def asked_position(question: str) -> Optional[int]:
    """The place of the word asked by its position ("the first word", "das letzte Wort", "पहला शब्द"):
    1-based, -1 for the last, ``None`` when the question names no place."""
    from pyapp.reading.words import fold

    ordinals = (data().get("word_positions") or {}).get("ordinals") or {}
    for text in (fold(question), question.lower()):
        for pattern in _position_patterns():
            m = pattern.search(text)
            if m:
                key = m.group(1)
                return int(key) if key.isdigit() else ordinals.get(key)
    return None


def word_at(words: Sequence[str], place: int) -> Optional[str]:
    """The verse's word at a place, counted as the saṃhitā has them: the padapāṭha's ``iti`` after an
    uncombinable vowel (vāyo iti) is its own mark, not a word of the verse."""
    own = [w for i, w in enumerate(words)
           if not (w == "iti" and i > 0 and strip_vedic_accents(words[i - 1])[-1:] in set("eoīūu"))]
    if not own or place == 0 or abs(place) > len(own) + (place < 0):
        return None
    return strip_vedic_accents(own[place - 1] if place > 0 else own[place])


def find_word(question: str, words: Sequence[str], cue_spans: Sequence[Tuple[int, int]] = ()) -> Optional[str]:
    """The padapāṭha word of the verse the question asks about, or ``None``.

    Every token of the question that folds to a word of the verse is a candidate; the one asked is the
    one beside the grammar cue ("what case is *agnim*"), or written twice (once in the quoted line,
    once asked), or quoted alone; particles and preverbs only when nothing else matches."""
    particles = set(data().get("particles") or [])
    from pyapp.search.padapatha import word_keys

    keyed: Dict[str, str] = {}
    for word in words:
        plain = strip_vedic_accents(word)
        for key in sorted(word_keys(plain)["form"]) + [fold_sanskrit(plain.split("-")[-1])]:
            keyed.setdefault(key, plain)  # puraḥ-hitam is "purohitam" as the saṃhitā joins it, and "hitam"
            keyed.setdefault(_devoiced(key), plain)
    found = [(m.start(), m.group(0)) for m in _TOKEN.finditer(deva_to_iast(question) if has_devanagari(question)
                                                                  else question)]
    scored: List[Tuple[float, int, str]] = []
    counts: Dict[str, int] = {}
    hits: List[Tuple[int, str, str]] = []
    for start, token in found:
        key = next((k for k in _sandhi_keys(token) + [_devoiced(k) for k in _sandhi_keys(token)] if k in keyed), None)
        if key is None or len(key) < 2:
            continue
        target = keyed[key]
        counts[target] = counts.get(target, 0) + 1
        hits.append((start, token, target))
    for start, token, target in hits:
        score = 0.0
        if target in particles or fold_sanskrit(target) in {fold_sanskrit(p) for p in particles}:
            score -= 5
        if counts[target] > 1:
            score += 2
        near = min((min(abs(start - a), abs(start - b)) for a, b in cue_spans), default=999)
        if near <= 25:
            score += 3 - near / 25
        before = question[max(0, start - 2):start]
        after = question[start + len(token):start + len(token) + 2]
        if any(q in before for q in "'\"“‘«") and any(q in after for q in "'\"”’»"):
            score += 2
        scored.append((score, start, target))
    if not scored:
        return None
    scored.sort(key=lambda s: (-s[0], -s[1]))
    return scored[0][2]


# ---- the answer ----------------------------------------------------------------------------------

def _case_name(case: str) -> str:
    sanskrit = (data().get("cases") or {}).get(case, "")
    return f"{case} ({sanskrit})" if sanskrit else case


def _number_name(number: str) -> str:
    sanskrit = (data().get("numbers") or {}).get(number, "")
    return f"{number} ({sanskrit})" if sanskrit else number


def describe(r: Reading) -> str:
    """"the accusative (dvitīyā) singular (ekavacana)", "first person plural … of the aorist"."""
    if r.kind == "noun":
        return f"the {_case_name(r.case)} {_number_name(r.number)}"
    persons = data().get("persons") or {}
    tenses = data().get("tenses") or {}
    ordinal = {1: "first", 2: "second", 3: "third"}.get(r.person, "")
    person = persons.get(str(r.person), f"{ordinal} person").split("(")[-1].rstrip(")")
    voice = f" {r.voice}" if r.voice and r.voice != "active" else ""
    tense = tenses.get(r.tense, r.tense)
    number = (data().get("numbers") or {}).get(r.number, "")
    return f"the {ordinal} person {r.number}{voice} {tense} ({person}, {number})"


def _of(r: Reading) -> str:
    if r.kind == "noun":
        if r.note:
            return f"of {r.stem}, {r.note}"
        if " (" in r.stem:  # a pronoun of the forms table: "idam (this)", no stem hyphen
            name, gloss = r.stem.split(" (", 1)
            return f"of *{name}* (“{gloss.rstrip(')')}”), {r.label}"
        return f"of *{r.stem}-* ({r.label})"
    if r.note.startswith("on the aorist"):
        return r.note
    if r.label:
        return f"of {r.stem}" + (f"; {r.note}" if r.note else "")
    return f"({r.note})" if r.note else ""


def answer(span_ref: str, question: str, index: Any, padapatha: Any,
           cue_spans: Sequence[Tuple[int, int]] = ()) -> Tuple[str, List[str]]:
    """The answer's text and its cited verse, or ("", []) when no word of the verse is in the question."""
    verse = index.by_ref(span_ref) if index is not None else None
    words = padapatha.words(span_ref) if padapatha is not None else []
    if verse is None or not words:
        return "", []
    word = find_word(question, words, cue_spans)
    if word is None and asked_position(question) is not None:
        word = word_at(words, asked_position(question) or 0)
    if word is None:
        return "", []
    cite = f"[RV {span_ref}]"
    line = padapatha.line(span_ref) or " ".join(words)
    indeclinable = (data().get("indeclinables") or {}).get(word)
    if indeclinable and not word.startswith("_"):
        return (f"In RV {span_ref}, *{word}* is an indeclinable ({indeclinable}): it has no case, number or person "
                f"{cite}. Padapāṭha: {line}\n{BY_CODE}"), [span_ref]
    readings = analyse(word, padapatha)
    if not readings:
        return (f"*{word}* in RV {span_ref} has no ending code can read from the grammar's tables {cite}: it may be "
                f"an indeclinable (a particle, an adverb or a preverb). Padapāṭha: {line}\n{BY_CODE}"), [span_ref]
    best = readings[0]
    same = [r for r in readings if r.kind == best.kind and r.stem == best.stem and r.score >= best.score - 1.5]
    seen: Set[str] = set()
    forms: List[str] = []
    for r in same:
        text = describe(r)
        if text not in seen:
            seen.add(text)
            forms.append(text)
    head = forms[0]
    first = f"In RV {span_ref}, *{word}* is {head} {_of(best)}".rstrip() + f", read from its ending {cite}."
    lines = [first]
    if len(forms) > 1:
        lines.append(f"The same ending also allows {', '.join(forms[1:4])}; the verse's sense decides, and the "
                     f"first reading is the likelier by how the ending is used.")
    others: Dict[str, List[str]] = {}
    for r in readings[len(same):]:
        if (r.kind == best.kind and r.stem == best.stem) or r.score < best.score - 3 or best.score >= 99:
            continue
        key = _of(r) or "a verb form"
        if len(others) < 2 or key in others:
            others.setdefault(key, [])
            if describe(r) not in others[key]:
                others[key].append(describe(r))
    if others:
        said = "; ".join(f"{', '.join(v[:3])} {k}" for k, v in others.items())
        lines.append(f"Less likely readings of the ending: {said}.")
    if "-" in word:
        lines.append(f"The padapāṭha writes it as the compound {word} ({' + '.join(word.split('-'))}); the ending "
                     f"read is that of its last member.")
    lines.append(f"Padapāṭha (the verse word by word): {line}")
    if getattr(verse, "roman", ""):
        lines.append(f"Saṃhitā: {verse.roman}")
    if getattr(verse, "translation", ""):
        lines.append(f"Griffith: “{verse.translation[:300]}”")
    lines.append("(Read by code from the word's ending against Macdonell's paradigm tables, the stem chosen by the other "
                 "forms of it the padapāṭha has; the hymns are not grammatically tagged, so this is a guide, not a "
                 "parse by a grammarian.)")
    lines.append(BY_CODE)
    return "\n".join(lines), [span_ref]


__all__ = ["Reading", "analyse", "answer", "describe", "find_word", "tokens", "vocabulary"]
