"""Verses that show a form or a word's senses (``pyapp.reading.form_asked``), composed by code.

Why code: "show me an instrumental plural in -ebhiḥ" or "does go always mean cow?" is answered by
the verses' own words, which the index holds exactly: every verse's IAST, folded word by word
(diacritics off, so a reader's "devebhih" meets the text's "devebhiḥ"/"devebhir"), and Griffith's
translation of it. A form is found by whole-word match (with the sandhi forms of a final -ḥ: -r,
-s, -o), by ending, or as a run of words; a word's senses by the English word Griffith uses in the
verses where the word occurs. The answer opens with a sentence that names the form or the senses,
cites the verses with the form marked, and says it was composed by code.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pydantic import BaseModel

from pyapp.agents.text import clip
from pyapp.diacritics import strip_vedic_accents
from pyapp.reading.form_asked import FormAsk
from pyapp.search.text import stem
from pyapp.search.translit import fold_sanskrit

SHOWN = 5
QUOTE_CHARS = 200
BY_CODE = "(Composed by code from the index; no model wrote this answer.)"
_CACHE: Dict[int, List[Tuple[str, List[str], List[str]]]] = {}


class FormAnswer(BaseModel):
    """The answer text and the verses it cites, in order."""

    text: str
    refs: List[str] = []
    success: bool = True
    error: str = ""


def plain(roman: str) -> str:
    """Accented IAST without its accent marks (ś keeps its acute)."""
    return strip_vedic_accents(roman)


def verse_words(index: Any) -> List[Tuple[str, List[str], List[str]]]:
    """(ref, IAST words, folded words) of every verse, built once per index."""
    key = id(index)
    if key not in _CACHE:
        from pyapp.search.padapatha import fold_many

        texts = [[w for w in re.split(r"[\s|/।॥]+", plain(v.roman or "")) if w.strip("|.")] for v in index.verses]
        folded = iter(fold_many([w for words in texts for w in words]))  # one batch: fast under Pyodide
        rows = [(v.ref, words, [next(folded) for _ in words]) for v, words in zip(index.verses, texts)]
        _CACHE.clear()
        _CACHE[key] = rows
    return _CACHE[key]


def fold_words(words: Sequence[str]) -> List[str]:
    return [fold_sanskrit(w) for w in words]


_ENGLISH: Dict[int, set] = {}


def english_set(index: Any) -> set:
    """Every lower-case word of the translation (so "two" or "we" in a question is not a form)."""
    key = id(index)
    if key not in _ENGLISH:
        _ENGLISH.clear()
        _ENGLISH[key] = {w for v in getattr(index, "verses", []) for w in re.findall(r"[a-z]+", v.translation or "")}
    return _ENGLISH[key]


def word_set(index: Any) -> set:
    """Every folded word of the verses (for telling a Sanskrit word of a question from an English one)."""
    return {w for _, _, folded in verse_words(index) for w in folded}


def _variants(form: str, visarga: bool) -> List[str]:
    out = [form]
    if visarga or form.endswith(("a", "i", "u")):
        out += [form + "r", form + "s", form + "h"]
        if form.endswith("a"):
            out.append(form[:-1] + "o")
    return out


def _match(ask: FormAsk, folded: Sequence[str], forms_only: bool = False) -> List[int]:
    """Positions of the words that carry the asked form (the first word of a phrase); a form the
    verses write as two words ("ā gatam" for "āgatam") is found across the join."""
    hits: List[int] = []
    wanted = {v for f in ask.forms for v in _variants(f, ask.visarga)}
    joined = [f for f in ask.forms if len(f) >= 5]
    for i, word in enumerate(folded):
        if word in wanted:
            hits.append(i)
        elif joined and i + 1 < len(folded) and (word + folded[i + 1]) in joined:
            hits.extend([i, i + 1])
        elif forms_only:
            continue
        elif any(len(word) > len(e) + 1 and any(word.endswith(v) for v in _variants(e, True)) for e in ask.endings):
            hits.append(i)
    for phrase in ask.phrases:
        parts = phrase.split()
        joined = "".join(parts)
        for i in range(len(folded)):
            run = "".join(folded[i:i + len(parts) + 1])
            if run.startswith(joined) or "".join(folded[i:i + len(parts)]) == joined:
                hits.append(i)
    return sorted(set(hits))


def _deity_ok(index: Any, ref: str, gods: Sequence[str]) -> bool:
    verse = index.by_ref(ref)
    deity = fold_sanskrit((verse.deity or "") + " " + (verse.addressee or "")) if verse is not None else ""
    return bool(gods) and any(g in deity.replace(" ", "") for g in gods)


def _marked(words: Sequence[str], hits: Sequence[int], span: int = 1) -> str:
    out = list(words)
    for i in hits:
        out[i] = f"**{out[i]}**"
    return " ".join(out)


def _pick(index: Any, found: List[Tuple[str, List[int]]], gods: Sequence[str], limit: int = SHOWN,
          best: Optional[set] = None) -> List[str]:
    """Verses to show: those with the question's own example form first (``best``), then the asked
    gods', one per hymn, in the text's order."""
    best = best or set()
    ranked = sorted(found, key=lambda item: (item[0] not in best, not _deity_ok(index, item[0], gods)))
    shown: List[str] = []
    hymns: set = set()
    for ref, _ in ranked:
        hymn = ref.rsplit(".", 1)[0]
        if hymn in hymns:
            continue
        hymns.add(hymn)
        shown.append(ref)
        if len(shown) >= limit:
            break
    return shown


def _line(index: Any, ref: str, words: Sequence[str], hits: Sequence[int]) -> str:
    verse = index.by_ref(ref)
    deity = f" (to {verse.deity})" if verse is not None and verse.deity else ""
    quote = f" — “{clip(verse.translation, QUOTE_CHARS)}”" if verse is not None and verse.translation else ""
    return f"- RV {ref}{deity}: {_marked(words, hits)}{quote}"


def _iast_endings(ask: FormAsk, rows: Sequence[Tuple[str, List[str], List[str]]]) -> List[str]:
    """The asked endings in IAST, read off the question's own example in the verses ("-asah, like
    devasah" → "āsaḥ", as the verses write devāsaḥ), so vowel length tells -āsaḥ from -asā."""
    out: List[str] = []
    for ending in ask.endings:
        example = next((f for f in ask.forms if f.endswith(ending) and len(f) > len(ending)), "")
        found = ""
        for _, words, folded in rows if example else ():
            for word, key in zip(words, folded):
                if key in _variants(example, True):
                    base = word.lower().rstrip("ḥrsśṣ")
                    for k in range(len(ending) - 1, len(ending) + 3):
                        if fold_sanskrit(base[-k:]) == ending.rstrip("h"):
                            found = base[-k:]
                            break
                if found:
                    break
            if found:
                break
        out.append(found)
    return out


def _iast_hit(word: str, ending: str) -> bool:
    base = word.lower().rstrip("ḥrsśṣ")
    if base.endswith(ending) and len(base) > len(ending) + 1:
        return True
    return ending.endswith("a") and word.lower().endswith(ending[:-1] + "o") and len(word) > len(ending) + 1


def answer_form(ask: FormAsk, index: Any) -> FormAnswer:
    """The verses with the asked grammatical form, the form marked in each."""
    rows = verse_words(index)
    exact = _iast_endings(ask, rows)
    if ask.endings and all(exact):  # the endings as the verses write them: match the IAST words
        forms_ask = ask.copy(update={"endings": []})
        found_exact: List[Tuple[str, List[int]]] = []
        for ref, words, folded in rows:
            hits = sorted(set(_match(forms_ask, folded) + [i for i, w in enumerate(words)
                                                            if any(_iast_hit(w, e) for e in exact)]))
            if hits:
                found_exact.append((ref, hits))
        if found_exact:
            ask = ask.copy(update={"label": ask.label.replace(f"-{ask.endings[0]}", f"-{exact[0]}ḥ"
                                                              if ask.visarga else f"-{exact[0]}")})
            return _compose(ask, index, rows, found_exact)
    found: List[Tuple[str, List[int]]] = []
    for ref, words, folded in rows:
        hits = _match(ask, folded)
        if hits:
            found.append((ref, hits))
    if not found:
        return FormAnswer(text="", success=False, error="no verse has the form")
    return _compose(ask, index, rows, found)


def _compose(ask: FormAsk, index: Any, rows: Sequence[Tuple[str, List[str], List[str]]],
             found: List[Tuple[str, List[int]]]) -> FormAnswer:
    refs = {r for r, _ in found}
    words_of: Dict[str, List[str]] = {ref: words for ref, words, _ in rows if ref in refs}
    best = {r for r, _ in found if (ask.endings or ask.phrases) and ask.forms
            and _match(ask, fold_words(words_of[r]), forms_only=True)}
    shown = _pick(index, found, ask.gods, best=best)
    hits_of = dict(found)
    seen = sorted({words_of[r][i] for r, hs in found for i in hs}, key=lambda w: -sum(
        1 for r, hs in found for i in hs if words_of[r][i] == w))
    forms = ", ".join(f"*{w}*" for w in seen[:4])
    n = len(found)
    typed = ask.shown[0] if ask.shown else seen[0]
    named = seen[0] if fold_sanskrit(seen[0]) == fold_sanskrit(typed) else typed
    label = ask.label if ask.label.startswith(("the vocative", "a dual dvandva")) else f"{ask.label} *{named}*"
    opening = (f"{_cap(label)}: the hymns have it in {n} verse{'s' if n != 1 else ''} "
               f"(as {forms}{' …' if len(seen) > 4 else ''}); for example RV {shown[0]}.")
    lines = [_line(index, r, words_of[r], hits_of[r]) for r in shown]
    text = "\n".join([opening, "", *lines, "", "The marked word (**…**) is the form; the IAST is the verse's "
                      "saṃhitā text, so a final sound may change before the next word (sandhi).", BY_CODE])
    return FormAnswer(text=text, refs=shown)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _has_sense(translation: str, sense: str) -> bool:
    words = {stem(w) for w in re.findall(r"[a-z]+", (translation or "").lower())}
    wanted = [stem(w) for w in re.findall(r"[a-z]+", sense.lower()) if len(w) > 2 and w not in ("the", "of", "and")]
    return bool(wanted) and all(w in words for w in wanted[-1:])


def answer_senses(ask: FormAsk, index: Any, renderings: Sequence[str] = ()) -> FormAnswer:
    """The verses where the word occurs, grouped by the sense Griffith's translation gives it."""
    wanted = set(ask.forms)
    found: List[Tuple[str, List[int]]] = []
    words_of: Dict[str, List[str]] = {}
    for ref, words, folded in verse_words(index):
        hits = [i for i, w in enumerate(folded) if w in wanted]
        if hits:
            found.append((ref, hits))
            words_of[ref] = words
    if not found:
        return FormAnswer(text="", success=False, error="the word is not in the verses")
    senses = list(dict.fromkeys(list(ask.senses) + [r.lower() for r in renderings]))
    groups: List[Tuple[str, List[str]]] = []
    used: set = set()
    for sense in senses:
        refs = []
        for ref, hits in found:
            verse = index.by_ref(ref)
            if ref not in used and verse is not None and _has_sense(verse.translation or "", sense):
                refs.append(ref)
        if refs:
            picked = _pick(index, [(r, []) for r in refs], ask.gods, limit=2)
            used.update(picked)
            groups.append((sense, picked))
        elif sense in ask.senses:
            groups.append((sense, []))
    hits_of = dict(found)
    with_verses = [(s, r) for s, r in groups if r]
    word = ask.word
    if with_verses:
        parts = [f"“{s}” in {', '.join('RV ' + r for r in refs)}" for s, refs in with_verses[:4]]
        opening = (f"In the Rigveda *{word}* ({len(found)} verses) is rendered " + "; ".join(parts[:-1])
                   + (" and " if len(parts) > 1 else "") + parts[-1] + " (Griffith's translation).")
    else:
        first = _pick(index, found, ask.gods, limit=3)
        with_verses = [("", first)]
        opening = f"In the Rigveda *{word}* occurs in {len(found)} verses, for example {', '.join('RV ' + r for r in first)}."
    missing = [s for s, r in groups if not r]
    lines: List[str] = []
    shown: List[str] = []
    for sense, refs in with_verses[:5]:
        if sense:
            lines.append(f"As “{sense}”:")
        for ref in refs:
            lines.append(_line(index, ref, words_of[ref], hits_of[ref]))
            shown.append(ref)
    tail = []
    if missing:
        tail.append("No verse where the word occurs has Griffith rendering it as " + ", ".join(
            f"“{s}”" for s in missing) + "; that sense may be a later one, or a translator's reading.")
    text = "\n".join([opening, "", *lines, "", *tail, "A sense here is the English word the translation uses in "
                      "that verse, not a dictionary's entry.", BY_CODE])
    return FormAnswer(text=text, refs=list(dict.fromkeys(shown)))


def _word_forms(index: Any, terms: Any) -> Any:
    """word → its folded forms in the verses: a lexicon family's, an irregular paradigm's (go, dyu),
    else the verses' words that are the word plus a case ending."""
    from pyapp.reading.form_asked import data
    from pyapp.search.padapatha import stem_key

    corpus = word_set(index)

    def forms(word: str) -> List[str]:
        key = fold_sanskrit(word)
        irregular = data()["irregular"].get(key)
        if irregular:
            return [f for f in dict.fromkeys(fold_sanskrit(w) for w in irregular) if f in corpus]
        hit = terms.get(key) if terms is not None else None
        if hit is not None and getattr(hit, "sa_terms", None):
            return [f for f in hit.sa_terms if f in corpus]
        if key not in corpus:
            return []
        return sorted(w for w in corpus if w == key or (w.startswith(key) and stem_key(w) == key))
    return forms


def answer(question: str, index: Any, terms: Any = None) -> Optional[FormAnswer]:
    """A question about a form or a word's senses answered from the verses, or ``None`` when the
    question asks neither (or no verse shows what it asks)."""
    from pyapp.reading import accent, form_asked

    if index is None or not getattr(index, "verses", None):
        return None
    if accent.asks_accent(question):
        return None  # "where is the udātta in agni?": the accent reader's (pyapp.reading.accent), not a word's senses
    try:
        if not form_asked.might_ask(question):
            return None  # most questions: no table of the verses' words is built for them
        corpus = word_set(index)
        english = english_set(index)
        ask = form_asked.read_grammar(question, lambda key: key in corpus, lambda word: word in english)
        if ask is not None:
            out = answer_form(ask, index)
            return out if out.success else None
        forms = _word_forms(index, terms)

        def known(word: str) -> List[str]:
            key = fold_sanskrit(word)
            quoted = re.search(rf"['‘“*]{re.escape(word)}['’”*]|\bword\s+{re.escape(word)}", question, re.I)
            if not quoted and terms is not None and terms.get(key) is None and key not in form_asked.data()["irregular"]:
                return []
            return forms(word)
        ask = form_asked.read_senses(question, known)
        if ask is None:
            return None
        hit = terms.get(fold_sanskrit(ask.word)) if terms is not None else None
        word_key = fold_sanskrit(ask.word)
        renderings = [r for r in list(getattr(hit, "renderings", []) or []) if r[:1].islower() or
                      fold_sanskrit(r) == word_key]  # "Indra" is who the word names there, not its sense
        out = answer_senses(ask, index, renderings[:4])
        return out if out.success else None
    except Exception as exc:  # an agent answers success: false, never raises
        return FormAnswer(text="", success=False, error=f"{type(exc).__name__}: {exc}")
