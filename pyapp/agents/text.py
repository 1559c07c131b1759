"""Small text helpers shared by the deterministic agents (folding, tokens, sentences, stems).

Why our own: the fallbacks must run identically in CPython and Pyodide with only the stdlib
and the vendored pure-Python snowballstemmer; they are deliberately simple and predictable.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Dict, Iterable, List, Mapping, Set, TypeVar

try:  # vendored pure wheel; degrade to identity stemming if absent
    import snowballstemmer

    _STEMMER = snowballstemmer.stemmer("english")
except Exception:  # pragma: no cover - only when the wheel is missing
    _STEMMER = None

T = TypeVar("T")

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)
_SENT = re.compile(r"(?<=[.!?;:])\s+")

ENGLISH_STOP: Set[str] = set("""
a about above after again against all also am an and any are aren't as at be because been before
being below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor not now of off on once only or other our ours ourselves out
over own same she should so some such than that the their theirs them themselves then there these
they this those through to too under until up very was we were what when where which while who
whom why will with would you your yours yourself yourselves thee thou thy thine ye o unto hath
doth art shall may might must let us upon one ever also yea lo
tell say says said describe described explain show give me please rigveda veda vedas vedic rig
hymn hymns verse verses mandala book rv about regarding know according text texts way ways
mention mentioned mentions mentioning depict depicted portray portrayed talk talks discuss discussed
refer referred refers appear appears role roles play plays played associated association significance
significant importance important relationship related early earliest later often oldest latest
""".split())


_COMBINING: Dict[int, None] = {}  # str.translate table: every combining mark seen so far -> dropped
_CHECKED: Set[str] = set()


def fold(text: str) -> str:
    """Lowercase ASCII-ish form: diacritics stripped (ā→a, ṛ→r, ś→s), so 'Uṣas' ~ 'Usas'.

    Why ``translate`` over a per-character test: the lexicon folds ~350 kB of verse words, and a
    Python-level loop over every character took most of a second in Pyodide; here only the
    distinct characters are looked at."""
    decomposed = unicodedata.normalize("NFKD", text)
    unseen = set(decomposed) - _CHECKED
    if unseen:
        _COMBINING.update((ord(ch), None) for ch in unseen if unicodedata.combining(ch))
        _CHECKED.update(unseen)
    return decomposed.translate(_COMBINING).lower()


def words(text: str) -> List[str]:
    return [w.replace("’", "'") for w in _WORD.findall(fold(text))]


@lru_cache(maxsize=20000)
def stem(word: str) -> str:
    if _STEMMER is None:
        return word
    return _STEMMER.stemWord(word)


def content_stems(text: str, extra_stop: Iterable[str] = ()) -> List[str]:
    """Stems of the meaningful words (stopwords and 1–2 letter words dropped), in order."""
    stop = ENGLISH_STOP | set(extra_stop)
    out: List[str] = []
    for w in words(text):
        if len(w) <= 2 or w in stop:
            continue
        out.append(stem(w))
    return out


def spelling_key(stem_: str) -> str:
    """One key for a stem however a name is spelled: Griffith's "Asvins", a reader's "Ashvins"; Griffith's
    vocalic "ri" and a reader's "ṛ" (folded to r): "Vritra" = "Vṛtra" (the rule of ``lexicon.norm``); his
    agent nouns in -tar and the stems in -tṛ: "Savitar" = "Savitṛ"."""
    return _AGENT_TAR.sub("tr", _VOCALIC_RI.sub("r", stem_.replace("sh", "s")))


_VOCALIC_RI = re.compile(r"ri(?=[^aeiouy])")
_AGENT_TAR = re.compile(r"tar$")  # Griffith's "Savitar", "Tvashtar", "Hotar" for -tṛ: a reader's "Savitṛ"


def spelling_keys(vocabulary: Mapping[str, T]) -> Dict[str, T]:
    """Each word's spelling key → the word's value, for keys that are not words themselves: a reader's
    "susna" finds Griffith's "sushna" in a table built on his spellings."""
    out: Dict[str, T] = {}
    for word, value in vocabulary.items():
        key = spelling_key(word)
        if key != word and key not in vocabulary:
            out.setdefault(key, value)
    return out


def sentences(text: str) -> List[str]:
    parts = [p.strip() for p in _SENT.split(text.strip()) if p.strip()]
    return parts


def clip(text: str, limit: int) -> str:
    """Cut at a word boundary and mark the cut with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:—-")
    return cut + "…"


_LEAD = re.compile(r"^[\s>#*_\-–—•“”\"'‘’(\[]*")


def capital_first(text: str) -> str:
    """The answer with its first letter a capital where the script has case ("soma means …" →
    "Soma means …", "ṛta …" → "Ṛta …"); leading markdown and quotation marks are skipped, and
    text in a script without case (Devanagari) or starting with a digit is left as it is."""
    lead = _LEAD.match(text or "")
    at = lead.end() if lead else 0
    if at >= len(text or ""):
        return text
    first = text[at]
    upper = first.upper()
    if first.isalpha() and first.islower() and len(upper) == 1:
        return text[:at] + upper + text[at + 1:]
    return text
