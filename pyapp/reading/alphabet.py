"""Whether a question's letters belong to the language it was read as: for the answer's confidence
(``agents.confidence``).

Why: the language reader (``reading.language``) tells a script's language from the script alone when it
has one reader for it — every Cyrillic question is read as Russian, and a Latin one by its function
words — so Kazakh ("қайсы"), Macedonian ("Кој"), Mongolian ("шүлэг") or Slovene ("čim") are read
word by word as a language they are not, and the answer, however fluent, rests on a misreading. A
single letter the language never writes (Russian has no қ, ј or ө; English no č, ø or ş) proves the
question is in another language. The alphabets are data (one line per language read); a word wholly
in another script (a name in Latin letters inside a Russian question) and a word with the diacritics
of romanised Sanskrit ("Pṛthivī") are not counted, since names are written that way in every language.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Dict, List

_LATIN = "abcdefghijklmnopqrstuvwxyz"
# the letters each language writes (lower case); a language not listed is never judged
ALPHABETS: Dict[str, str] = {
    "en": _LATIN + "áàâäéèêëíìîïóòôöúùûüçñß",  # names and loanwords keep their accents ("café", "Rig-véda")
    "hi-Latn": _LATIN,
    "de": _LATIN + "äöüßéè",
    "fr": _LATIN + "àâæçéèêëîïôœùûüÿ",
    "es": _LATIN + "áéíñóúü",
    "it": _LATIN + "àèéìíîòóùú",
    "pt": _LATIN + "áâãàçéêíóôõúü",
    "tr": _LATIN + "çğıöşüâîû",
    "nl": _LATIN + "äëïöüéèáó",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
}
_SANSKRIT_MARKS = set("āīūṛṝḷḹṅñṭḍṇśṣḥṃṁēōḻṟṉ")  # romanised Sanskrit and Dravidian names ("Sōma", "Tamiḻ")
_WORD = re.compile(r"[^\W\d_]{2,}")


def _script(ch: str) -> str:
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return ""
    return name.split(" ", 1)[0]  # "LATIN", "CYRILLIC", "DEVANAGARI" …


def alien_words(question: str, code: str) -> List[str]:
    """The question's words, in the script of the language ``code``, that hold a letter that language never
    writes ([] when the language has no alphabet listed)."""
    alphabet = ALPHABETS.get(code)
    if not alphabet:
        return []
    script = _script(alphabet[0])
    letters = set(alphabet)
    out = []
    for word in _WORD.findall(unicodedata.normalize("NFC", question or "")):
        low = word.lower()
        if not any(_script(ch) == script for ch in low) or set(low) & _SANSKRIT_MARKS:
            continue
        if any(ch not in letters for ch in low if _script(ch) == script):
            out.append(word)
    return out


def misread_share(question: str, code: str) -> float:
    """1.0 when some word proves the question is not in ``code`` (a letter it never writes), else 0.0."""
    return 1.0 if alien_words(question, code) else 0.0


__all__ = ["ALPHABETS", "alien_words", "misread_share"]
