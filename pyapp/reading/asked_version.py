"""Read "the Hindi translation of RV 1.1", "Geldner's rendering of 10.129", "in German please": the
translation a reader asks the verses in.

Why its own reader: the answer is composed in English from Griffith, and the question's own language
chooses the translation searched (``pyapp.reading.foreign``). A reader who writes in English and asks
for the German, or for Geldner, wants that translation quoted; one who asks for a language the app has
no translation in (Hindi, Tamil) must be told so plainly rather than handed Griffith as if it were the
answer. What is read (``pyapp/data/asked_languages.json``): a translator's name, or a language's name
together with a word that asks for a translation ("translation", "version", "anuvad", "अर्थ", "in") —
a language named alone ("the Hindi word for fire") asks for no translation.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Dict, List, Optional, Tuple

from pydantic import BaseModel
from pyapp import data_tables

_DATA: Optional[Dict[str, Any]] = None


def _data() -> Dict[str, Any]:
    global _DATA
    if _DATA is None:
        _DATA = data_tables.table("data/asked_languages.json", {})
    return _DATA


class AskedVersion(BaseModel):
    """The translation asked for: a version id when a translator is named, else a language code."""

    language: str = ""  # "de", "hi" ("" when only a translator was named)
    version: str = ""  # "geldner" when the reader named the translator


def _words(text: str) -> List[str]:
    """The question's words, lower case, each also without its Latin accents (Übersetzung → ubersetzung);
    words of other scripts are kept as written (their vowel signs are marks too)."""
    lower = text.lower()
    plain = "".join(c for c in unicodedata.normalize("NFD", lower)
                    if not (unicodedata.category(c) == "Mn" and "COMBINING" in unicodedata.name(c, "")))
    return _WORD.findall(unicodedata.normalize("NFC", plain)) + _WORD.findall(lower)


# letters, and the marks of the Indic scripts (their vowel signs are not \w)
_WORD = re.compile(r"(?:[^\W\d_]|[\u0900-\u0DFF])+")
_REFERENCE = re.compile(r"\b\d{1,2}\s*[.:/,]\s*\d{1,3}")


def _index() -> Tuple[Dict[str, str], Dict[str, str], frozenset]:
    data = _data()
    languages = {name: code for code, names in (data.get("languages") or {}).items() for name in names}
    translators = {name: vid for vid, names in (data.get("translators") or {}).items() for name in names}
    return languages, translators, frozenset(data.get("request_words") or [])


def read(question: str) -> Optional[AskedVersion]:
    """The translation asked for, or ``None``.

    >>> read("What is the Hindi translation of RV 1.1.1?").language
    'hi'
    >>> read("Geldner's rendering of 10.129").version
    'geldner'
    >>> read("what is the hindi word for fire") is None
    True
    """
    if not question or len(question) > 2000:
        return None
    languages, translators, requests = _index()
    words = _words(question)
    joined = " ".join(words)
    for name, version in translators.items():
        if re.search(rf"(?<!\w){re.escape(name)}(?:s|'s)?(?!\w)", joined):
            return AskedVersion(version=version)
    named = [(i, languages[w]) for i, w in enumerate(words) if w in languages]
    if not named:
        return None
    if set(words) & requests:
        return AskedVersion(language=named[0][1])
    beside = _REFERENCE.search(question) or set(words) & set(_data().get("passage_words") or [])
    for i, code in named:
        if beside and i > 0 and words[i - 1] in ("in", "into"):
            return AskedVersion(language=code)
    return None


def language_name(code: str) -> str:
    """"Hindi" for "hi" (the code itself for a language the table does not name)."""
    return str((_data().get("language_names") or {}).get(code, code))


__all__ = ["AskedVersion", "language_name", "read"]
