"""Why a hymn bears its name: "why is 1.164 called 'asya vāmasya'?", "why is the Nāsadīya sūkta so called?",
"why is 10.190 named after Aghamarṣaṇa?".

Why a reader and not a table of names: a hymn's traditional name comes, nearly always, from one of three
things the index already holds — its opening words (the pratīka: Nāsadīya from *nāsad āsīt*, *asya vāmasya*),
its seer by the Anukramaṇī (Aghamarṣaṇa), or its deity (Saṃjñāna, Hiraṇyagarbha). The name the reader
asks about is compared with each, in that order, and the first sentence says which one it is, in the
hymn's own words and cited. When none matches, nothing is said: the answer's other sentences stand.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Tuple

from pyapp.diacritics import strip_marks, strip_vedic_accents

_ASKS = re.compile(r"\bwhy\b[^?]*?\b(?:called|named|name[sd]?|known\s+as|titled)\b", re.I)
_QUOTED = re.compile(r"['‘’\"“”«]([^'‘’\"“”«»]{3,60})['‘’\"“”»]")
_AFTER = re.compile(r"\b(?:called|named|known\s+as|titled)\s+(?:after\s+|the\s+)?([^,.;:?!]{3,60})", re.I)
_BEFORE_SUKTA = re.compile(r"([^\W\d_][\w'’-]{3,40})\s+(?:s[uū]kta|suktam|hymn)\b", re.I)
_HYMN_REF = re.compile(r"(?<![\d.])(10|[1-9])\.(\d{1,3})(?![\d]|\.\d)")
_HYMNISH = re.compile(r"\b(?:hymns?|s[uū]ktas?|suktam|mantras?|rv|rigveda)\b|(?<![\d.])\d{1,2}\.\d{1,3}", re.I)
_NOT_NAMES = frozenset("after him her them this that hymn sukta suktam mantra rishi seer called named why the "
                       "rigveda veda".split())
MIN_SHARED = 5  # letters a name and a word of the hymn share at their start to be one word


def _key(word: str) -> str:
    """A spelling-blind key: marks off, "sh" and "ṣ" alike, aspirates and doubled letters kept."""
    text = strip_marks(word).lower().replace("sh", "s").replace("ri", "r").replace("ch", "c")
    return re.sub(r"[^a-z]", "", text)


def _words(text: str, sanskrit: bool = False) -> List[str]:
    if sanskrit:  # an avagraha stands for an elided a: mādhucchandaso'ghamarṣaṇaḥ → … aghamarṣaṇaḥ
        text = re.sub(r"['’]", " a", text or "")
    return [_key(w) for w in re.split(r"[\s'’\-]+", text or "") if len(re.sub(r"\W", "", w)) >= 4]


def _same(name: str, word: str) -> bool:
    """One word however spelled: one is the start of the other, or they share ``MIN_SHARED`` letters."""
    if name.startswith(word) or word.startswith(name):
        return min(len(name), len(word)) >= 3
    return len(name) >= MIN_SHARED and len(word) >= MIN_SHARED and name[:MIN_SHARED] == word[:MIN_SHARED] \
        and (name[:MIN_SHARED + 2] == word[:MIN_SHARED + 2] or min(len(name), len(word)) <= MIN_SHARED + 1)


def asked_names(question: str) -> List[str]:
    """The name the question asks about, as keys: a quoted phrase, the words after "called", the word before
    "sūkta"."""
    out: List[str] = []
    for pattern in (_QUOTED, _AFTER, _BEFORE_SUKTA):
        for match in pattern.finditer(question or ""):
            out += [w for w in _words(match.group(1)) if w not in _NOT_NAMES]
    return list(dict.fromkeys(out))


def _hymn_of(question: str, refs: Sequence[str]) -> str:
    named = _HYMN_REF.search(question or "")
    if named:
        return f"{named.group(1)}.{named.group(2)}"
    return ".".join(refs[0].split(".")[:2]) if refs else ""


def lead(question: str, refs: Sequence[str], index: Any) -> Optional[Tuple[str, str]]:
    """The sentence saying where the hymn's name comes from, and the ref it cites; None when the question
    does not ask why a hymn bears a name, or the name matches neither its opening words, seer nor deity."""
    if index is None or not question or not _ASKS.search(question) or not _HYMNISH.search(question):
        return None
    names = asked_names(question)
    hymn = _hymn_of(question, refs)
    first = index.by_ref(f"{hymn}.1") if hymn and hasattr(index, "by_ref") else None
    if not names or first is None:
        return None
    ref = first.ref
    opening = " ".join((first.roman or "").split()[:4])
    opening_plain = strip_vedic_accents(opening)
    if any(_same(n, w) for n in names for w in _words(" ".join(opening_plain.split()[:2]), True)):
        return (f"RV {hymn} is called so after its opening words, “{opening_plain} …” [RV {ref}]: "
                f"a hymn is named by its first words (its pratīka).", ref)
    seer = (first.rishi or "").strip()
    if seer and any(_same(n, w) for n in names for w in _words(seer, True)):
        return (f"RV {hymn} is named after its seer by the Anukramaṇī, {seer} [RV {ref}]; "
                f"the hymns themselves do not say why the seer bore that name.", ref)
    verses = index.hymn(*map(int, hymn.split("."))) if hasattr(index, "hymn") else [first]
    for verse in verses:
        deity = (verse.deity or "").strip()
        if deity and any(_same(n, w) for n in names for w in _words(deity, True)):
            return (f"RV {hymn} is named after its deity by the Anukramaṇī, {deity} [RV {verse.ref}].",
                    verse.ref)
    return None


__all__ = ["asked_names", "lead"]
