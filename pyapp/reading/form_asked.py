"""Questions about the language of the hymns: a grammatical form, or one word's senses.

Two kinds of scholarly question name a piece of Sanskrit and ask to be shown it in the verses:

- **a form** — "the vocative of Varuṇa", "a genitive plural in -ānām like devānām", "a dual dvandva
  like Indra-Agni", "the aorist akran", "a verse with 'agniṃ naraḥ'": what is asked is a set of
  word forms (whole forms, endings, a phrase), found by matching the verses' folded words;
- **a word's senses** — "does ṛta always mean order, or also truth?", "is dhenu a cow or a
  drink?": what is asked is one Sanskrit word and the English senses the reader offers, to be
  shown in the verses where the word occurs, grouped by the sense the translation gives it.

Reading only: this module says *what* to look for (:class:`FormAsk`); ``pyapp.agents.forms`` finds
and cites the verses. The grammar facts it needs (vocative rules, dvandva duals, a few irregular
paradigms, the cue words) are data in ``pyapp/data/grammar_forms.json``, never wordings of one
question. A word counts as Sanskrit only if the caller's ``is_word`` (a corpus-word test) says so,
so English words of the question are never taken for forms.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Dict, List, Optional, Sequence

from pydantic import BaseModel

from pyapp import data_tables
from pyapp.search.text import ENGLISH_STOPWORDS
from pyapp.search.translit import fold_sanskrit, has_iast_diacritics

DATA_PATH = "data/grammar_forms.json"
_TOKEN = re.compile(r"[A-Za-zāīūṛṝḷḹṅñṭḍṇśṣḥṃṁĀĪŪṚṜṄÑṬḌṆŚṢḤṂ\u0300-\u036f]+")
_CONTRAST = re.compile(r"\b(?:where|whereas|while|but)\b[^.?!]*\b(?:has|have|reads|writes|uses|gives)\b.*", re.I)
_ENDING = re.compile(r"(?:^|[\s(,\"'‘“])-([a-zāīūṛḷṅñṭḍṇśṣḥṃ]{2,8})\b", re.I)
_QUOTED = re.compile(r"[\"“‘'(*_]([^\"”’'()*_]{2,48})[\"”’')*_]")
_AFTER = re.compile(r"\b(?:like|such as|e\.g\.|eg|as in|instead of|uses?|using|writes?|has|form|word|perfect|aorist|"
                    r"optative|imperative|subjunctive|infinitive|participle|vocative|imperfect|injunctive|with)\s+"
                    r"(?:the\s+|a\s+|an\s+)?(?:form\s+|word\s+)?[\"“‘'(*_]?([A-Za-zāīūṛḷṅñṭḍṇśṣḥṃṁ\u0300\u0301]{2,24})",
                    re.I)
_ASKED_SENSES = re.compile(r"(?=\b(?:mean|means|meaning|denote|denotes|signify|refer to|stand for|a|an|the|or|also|only|"
                           r"always|ever|either)\s+(?:a\s+|an\s+|the\s+)?([a-z][a-z\-]{2,20}(?:\s+of\s+[a-z]{3,12})?))",
                           re.I)
_SENSE_QUESTION = re.compile(
    r"\b(?:does|do|did|is|was|can)\b[^?.]{0,60}\b(?:always|only|ever|also|sometimes|really)?\s*"
    r"(?:mean|means|refer|denote|stand)\b|\b(?:different|various|several|other|many)\s+(?:meanings|senses|uses)\b|"
    r"\bmeanings? of\b|\bsenses? of\b|\bis (?:it|[\w'‘’]+) (?:in the rig ?veda )?an? \w+,? or\b|"
    r"\bhow is (?:the word )?[\w'‘’]+ used\b|\bthe word\b[^?.]{0,80}\b(?:or|mean)\b|"
    r"\b(?:jelent|tarkoittaa|значить|означає|maana)\b", re.I)
_OFFERS = re.compile(r"\b(?:always|ever|only|also|or|different|various|several|senses|meanings|used|usage|vagy|"
                     r"vai|или|чи|au|o)\b", re.I)
_PADA_TASK = re.compile(r"\bpada(?:p[aā][tṭ]h[aā]?|\s+text)\b|\bsplit\b|\b\d{1,2}\.\d{1,3}(?:\.\d{1,3})?\b", re.I)
_GRAMMAR_ONLY = {"dual", "plural", "singular", "compound", "ending", "endings", "spelling", "writes", "spelled", "sandhi"}
_NOT_SENSES = {"the", "rigveda", "rig", "veda", "hymns", "hymn", "verse", "verses", "word", "used", "use", "mean",
               "meaning", "always", "only", "also", "sometimes", "really", "both", "either", "different", "how"}


class FormAsk(BaseModel):
    """What a question about the hymns' language asks to be shown."""

    kind: str  # "grammar" | "senses"
    label: str = ""  # "the vocative of Agni", "an instrumental plural in -ebhiḥ", "the word go"
    forms: List[str] = []  # whole word forms, folded ("agne", "jaghana")
    shown: List[str] = []  # the same forms as the answer writes them (IAST)
    endings: List[str] = []  # word endings, folded ("ebhi"), each matched on words longer than itself
    phrases: List[str] = []  # several words in a row, folded and space-separated ("ilam agne")
    visarga: bool = False  # the forms were written with a final -ḥ/-h: -r, -s, -o stand for it in sandhi
    gods: List[str] = []  # folded names the question gives, preferred in the verses' deity fields
    word: str = ""  # senses: the Sanskrit word asked about, as typed
    senses: List[str] = []  # senses: the English senses the reader offers ("cow", "ray of light")


@lru_cache(maxsize=1)
def data() -> Dict[str, Any]:
    """The grammar table (``grammar_forms.json``), read once."""
    return data_tables.table(DATA_PATH, {})


def _words(text: str) -> List[str]:
    return [m.group(0) for m in _TOKEN.finditer(text)]


def _cues(text: str, cues: Sequence[str]) -> List[str]:
    low = text.lower()
    return [c for c in cues if re.search(rf"\b{re.escape(c)}s?\b", low)]


def _stem_of(name: str) -> str:
    return data()["stems"].get(fold_sanskrit(name).rstrip("s") if fold_sanskrit(name) not in data()["stems"]
                               else fold_sanskrit(name), "")


def vocatives(stem: str) -> List[str]:
    """The vocative forms of a stem: the table's, else the stem class's rule (agni → agne, vāyu → vāyo)."""
    table = data()["vocatives"]
    if stem in table:
        return list(table[stem])
    for rule in data()["vocative_rules"]:
        if stem.endswith(rule["stem_end"]):
            return [stem[: len(stem) - len(rule["stem_end"])] + rule["vocative_end"]]
    return [stem]


def _gods(text: str) -> List[str]:
    """Folded names of gods the question gives (for preferring verses addressed to them)."""
    out: List[str] = []
    for word in _words(text):
        stem = data()["stems"].get(fold_sanskrit(word))
        if stem and stem not in out:
            out.append(fold_sanskrit(stem).rstrip("s")[:6])
    return out


def _candidates(text: str) -> List[str]:
    """Words of the question that may be Sanskrit: quoted or set in parentheses, written with
    diacritics, or named by a cue ("like devebhih", "the perfect jaghana")."""
    found: List[str] = []
    for m in _QUOTED.finditer(text):
        found.extend(_words(m.group(1)))
    found.extend(m.group(1) for m in _AFTER.finditer(text))
    found.extend(w for w in _words(text) if has_iast_diacritics(w))
    out: List[str] = []
    for word in found:
        key = fold_sanskrit(word)
        if len(key) >= 2 and key not in ENGLISH_STOPWORDS and word not in out:
            out.append(word)
    return out


def _phrases(text: str, is_word: Callable[[str], bool]) -> List[str]:
    """Runs of two or more Sanskrit words with at least one written with diacritics ("iḷām agne")."""
    words = _words(text)
    out: List[str] = []
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and fold_sanskrit(words[j]) not in ENGLISH_STOPWORDS and is_word(fold_sanskrit(words[j])):
            j += 1
        run = words[i:j]
        if len(run) >= 2 and any(has_iast_diacritics(w) for w in run):
            out.append(" ".join(fold_sanskrit(w) for w in run))
        i = max(j, i + 1)
    return out


def might_ask(text: str) -> bool:
    """A cheap first look: does the question use a grammar word or ask for a word's senses at all?"""
    return bool(_cues(text, data()["grammar_cues"]) or _SENSE_QUESTION.search(text)
                or _cues(text, data()["sense_cues"]))


def read_grammar(text: str, is_word: Callable[[str], bool],
                 is_english: Callable[[str], bool] = lambda word: False) -> Optional[FormAsk]:
    """A question about a grammatical form, or ``None``. ``is_word(folded)`` says whether a folded
    word occurs in the verses (so "jaghana" is a form and "verse" is not); ``is_english(word)``
    whether a word without diacritics is one the translation uses ("two", "we": not forms)."""
    if _PADA_TASK.search(text):
        return None  # splitting a compound the padapāṭha's way, a verse's words: the reference reader's
    cues = _cues(text, data()["grammar_cues"])
    strong = (_ENDING.search(text) or re.search(r"\bdual\b", text, re.I)
              or any(has_iast_diacritics(w) for w in _words(text)))
    if not cues or set(cues) <= _GRAMMAR_ONLY and not strong:
        return None
    ask = FormAsk(kind="grammar", gods=_gods(text))
    text = _CONTRAST.sub("", text)  # "… writes X where another text has Y": Y is the other text's
    typed = [m.group(1) for m in _ENDING.finditer(text)]
    ask.endings = [fold_sanskrit(e) for e in typed if fold_sanskrit(e)]
    ask.visarga = any(e.lower().endswith(("h", "ḥ")) for e in typed)
    ask.phrases = _phrases(text, is_word)
    for word in _candidates(text):
        key = fold_sanskrit(word)
        if any(key in p.split() for p in ask.phrases) or key in ask.endings or data()["stems"].get(key):
            continue
        if not has_iast_diacritics(word) and is_english(word.lower()):
            continue
        if re.search(rf"\b(?:instead of|rather than|not|than)\s+['‘“(*]?{re.escape(word)}\b", text, re.I):
            continue  # "-āsaḥ instead of devāḥ": the form it is contrasted with
        if is_word(key) or any(is_word(key + end) for end in ("r", "s", "h")) or len(key) >= 5:
            ask.forms.append(key)
            ask.shown.append(word)
            ask.visarga = ask.visarga or word.lower().endswith(("h", "ḥ"))
    low = text.lower()
    label = ""
    if "vocative" in cues:
        stems = [data()["stems"][fold_sanskrit(w)] for w in _words(text) if fold_sanskrit(w) in data()["stems"]]
        for stem in stems[:2]:
            for form in vocatives(stem):
                ask.forms.append(fold_sanskrit(form))
                ask.shown.append(form)
            label = label or f"the vocative of {stem.capitalize()} ({', '.join(vocatives(stem))})"
    if not (ask.forms or ask.endings or ask.phrases) and ("dvandva" in cues or re.search(r"\bdual\b[^?.]*\b(?:god|"
                                                                                         r"compound|names?)\b", low)):
        ask.forms = [fold_sanskrit(f) for f in data()["dvandvas"]]
        ask.shown = list(data()["dvandvas"])
        label = "a dual dvandva, two gods named together in the dual"
    elif "dvandva" in cues:
        ask.forms += [fold_sanskrit(f) for f in data()["dvandvas"] if fold_sanskrit(f) not in ask.forms]
        ask.shown += [f for f in data()["dvandvas"] if f not in ask.shown]
        label = "a dual dvandva, two gods named together in the dual"
    if not (ask.forms or ask.endings or ask.phrases):
        return None
    ask.label = label or _label(cues, ask)
    return ask


def _label(cues: Sequence[str], ask: FormAsk) -> str:
    names = [c for c in cues if c not in ("grammar", "grammatical", "writes", "spelled", "spelling", "ending",
                                          "endings", "form", "verb form", "case form")]
    what = " ".join(dict.fromkeys(names)) or "the form"
    if ask.endings:
        what += " in " + " / ".join(f"-{e}" for e in ask.endings[:2])
    return f"the {what}" if names else what


def read_senses(text: str, word_forms: Callable[[str], List[str]]) -> Optional[FormAsk]:
    """"Does W always mean A, or also B?" → the word W and the senses A, B; ``None`` when the question
    does not ask for a word's senses. ``word_forms(word)`` gives the folded forms of a Sanskrit word
    in the verses (empty when it is no word of the hymns)."""
    if not _SENSE_QUESTION.search(text) and not _cues(text, data()["sense_cues"]):
        return None
    if not _SENSE_QUESTION.search(text) and not re.search(r"\bword\b|\bsz[oó]\b|\bsana\b", text, re.I):
        return None
    if not _OFFERS.search(text):  # "What does ṛta mean?" is the term reader's; this one compares senses
        return None
    for word in _sense_candidates(text):
        forms = word_forms(word)
        if forms:
            senses = _offered_senses(text, word)
            return FormAsk(kind="senses", word=word, forms=forms, senses=senses,
                           label=f"the word {word}", gods=_gods(text))
    return None


def _sense_candidates(text: str) -> List[str]:
    """The word asked about: quoted, after "the word", written with diacritics, or before "mean"."""
    out: List[str] = []
    for m in _QUOTED.finditer(text):
        out.extend(_words(m.group(1))[:1])
    for m in re.finditer(r"\b(?:word|term|sz[oó]|sana)\s+['‘“*]?([^\s'’”*,.?:;]+)", text, re.I):
        out.append(m.group(1))
    for m in re.finditer(r"(?:^|\b(?:does|is|of|did|was)\s+)['‘“*]?([^\s'’”*,.?:;]+)['’”*]?\s*(?::|-|–|—|,)?\s*"
                         r"(?:in the rig ?veda\s+)?(?:always\s+|only\s+|ever\s+|really\s+)?(?:mean|is it|refer|a |an )",
                         text, re.I):
        out.append(m.group(1))
    out.extend(w for w in _words(text) if has_iast_diacritics(w))
    out.extend(w for w in _words(text) if fold_sanskrit(w) not in ENGLISH_STOPWORDS)
    return [w for w in dict.fromkeys(out) if len(fold_sanskrit(w)) >= 2]


def _offered_senses(text: str, word: str) -> List[str]:
    """The English senses offered in the question ("cow", "rays of light", "the earth")."""
    sentence = next((part for part in re.split(r"(?<=[?.!])\s+", text) if word in part), text)
    rest = sentence.split(word, 1)[-1] if _SENSE_QUESTION.search(sentence) is None else sentence.replace(word, " ")
    out: List[str] = []
    for m in _ASKED_SENSES.finditer(rest):
        sense = m.group(1).lower().strip("-")
        head = sense.split()[0]
        if head in _NOT_SENSES or head in ENGLISH_STOPWORDS or fold_sanskrit(head) == fold_sanskrit(word):
            continue
        if sense not in out:
            out.append(sense)
    for part in re.split(r",|\bor\b|\?|:", rest.split("?")[0]):  # "… a song, the sun, or a ray?"
        tokens = [t for t in re.findall(r"[a-z]+", part.lower()) if t not in ENGLISH_STOPWORDS]
        if 1 <= len(tokens) <= 3 and tokens[-1] not in _NOT_SENSES and part.strip():
            if len(part.split()) <= 4 and tokens[-1] not in out:
                out.append(tokens[-1])
    return out[:6]
