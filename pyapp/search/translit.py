"""Sanskrit script handling for search: Devanagari → IAST, and one folding key for every way people type.

Why a hand-written converter: the reference library, ``indic_transliteration.sanscript``, is what the
build uses, but it pulls in dependencies that cannot ship to Pyodide. The tiny table-driven converter
below reproduces sanscript's Devanagari → IAST output exactly (``tests/unit/test_translit.py`` checks
every verse of the corpus against it), so queries typed in Devanagari land on the same keys as the
index, which is built from the corpus' word-separated IAST (``roman_plain``).

Folding (:func:`fold_sanskrit`) maps IAST with or without diacritics, Harvard-Kyoto-ish and "Indian
English" ASCII spellings and Griffith's 1896 conventions to one ASCII key, e.g. ``viṣṇu``, ``vishnu``,
``visnu`` → ``visnu``; ``ṛta``, ``rta``, ``rita`` → ``rita``; ``savitur vareṇyam`` / ``varenyam`` /
``vareniyam``-free; ``dhīmahi`` / ``dheemahi`` → ``dhimahi``. It is deliberately lossy (aspiration of
c/ch, vowel length, retroflex/dental, sibilants) because a search key only has to agree with itself.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Dict, List

# --- Devanagari → IAST (sanscript-compatible) -------------------------------------------------

_CONSONANTS: Dict[str, str] = {
    "क": "k", "ख": "kh", "ग": "g", "घ": "gh", "ङ": "ṅ",
    "च": "c", "छ": "ch", "ज": "j", "झ": "jh", "ञ": "ñ",
    "ट": "ṭ", "ठ": "ṭh", "ड": "ḍ", "ढ": "ḍh", "ण": "ṇ",
    "त": "t", "थ": "th", "द": "d", "ध": "dh", "न": "n",
    "प": "p", "फ": "ph", "ब": "b", "भ": "bh", "म": "m",
    "य": "y", "र": "r", "ल": "l", "ळ": "ḻ", "व": "v",
    "श": "ś", "ष": "ṣ", "स": "s", "ह": "h",
    # precomposed nukta letters (modern, not in the RigVeda; sanscript's values)
    "क़": "q", "ज़": "z", "फ़": "f",
}
_NUKTA_BASE: Dict[str, str] = {"क": "q", "ज": "z", "फ": "f"}
_VOWELS: Dict[str, str] = {
    "अ": "a", "आ": "ā", "इ": "i", "ई": "ī", "उ": "u", "ऊ": "ū", "ऋ": "ṛ", "ॠ": "ṝ",
    "ऌ": "ḷ", "ॡ": "ḹ", "ए": "e", "ऐ": "ai", "ओ": "o", "औ": "au",
}
_VOWEL_SIGNS: Dict[str, str] = {
    "ा": "ā", "ि": "i", "ी": "ī", "ु": "u", "ू": "ū", "ृ": "ṛ", "ॄ": "ṝ",
    "ॢ": "ḷ", "ॣ": "ḹ", "े": "e", "ै": "ai", "ो": "o", "ौ": "au", "ॆ": "è",
}
_OTHERS: Dict[str, str] = {
    "ं": "ṃ", "ः": "ḥ", "ँ": "~", "ऽ": "'", "।": "|", "॥": "||", "ॐ": "oṃ", "ꣳ": "m̐",
    **{chr(0x966 + d): str(d) for d in range(10)},
}
_VIRAMA = "्"
_NUKTA = "़"
# Vedic accent marks (udātta, anudātta, svarita variants); search ignores accents.
_ACCENTS = re.compile("[\u0951-\u0954\u1cd0-\u1cff\ua8e0-\ua8f1]")
_DEVANAGARI = re.compile("[\u0900-\u097f\ua8e0-\ua8ff\u1cd0-\u1cff]")


def has_devanagari(text: str) -> bool:
    """True if any character is Devanagari (or a Vedic Devanagari mark)."""
    return _DEVANAGARI.search(text) is not None


def deva_to_iast(text: str) -> str:
    """Devanagari → IAST exactly as sanscript writes it (ळ → ḻ, candrabindu → ``~``), accents dropped.

    Non-Devanagari characters pass through unchanged, so mixed input ("RV अग्नि") is fine.
    """
    text = _ACCENTS.sub("", unicodedata.normalize("NFC", text))
    out: List[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        cons = _CONSONANTS.get(ch)
        if cons is not None:
            i += 1
            if i < n and text[i] == _NUKTA:
                cons = _NUKTA_BASE.get(ch, cons)
                i += 1
            out.append(cons)
            if i < n and text[i] == _VIRAMA:
                i += 1
            elif i < n and text[i] in _VOWEL_SIGNS:
                out.append(_VOWEL_SIGNS[text[i]])
                i += 1
            else:
                out.append("a")
            continue
        if ch in _VOWELS:
            out.append(_VOWELS[ch])
        elif ch in _OTHERS:
            out.append(_OTHERS[ch])
        elif ch in _VOWEL_SIGNS:  # a stray matra (broken input): keep its vowel
            out.append(_VOWEL_SIGNS[ch])
        elif ch in (_VIRAMA, _NUKTA):
            pass
        else:
            out.append(ch)
        i += 1
    return "".join(out)


# --- folding ------------------------------------------------------------------------------------

_COMBINING_DOT_BELOW = "\u0323"
_COMBINING_RING_BELOW = "\u0325"  # Griffith writes ṛ as r̥ (usually followed by an "i": Vr̥itra)
_COMBINING_ACUTE = "\u0301"
_COMBINING_MACRON_BELOW = "\u0331"  # ḻ (sanscript's ळ)
_VOWEL_CHARS = "aeiou"
_NON_ALPHA = re.compile(r"[^a-z]+")
_VOCALIC_R = re.compile(r"(?<![aeiou])r(?![aeiour])")  # ASCII "rta", "vrtra", "krsna", "pitr"
_DOUBLE = re.compile(r"([a-z])\1+")
_FINAL_VISARGA = re.compile(r"(?<=[aeiou])h$")
_ASCII_RULES = (
    ("w", "v"),
    ("ee", "i"), ("oo", "u"),
    ("chh", "c"), ("cch", "c"), ("ch", "c"),
    ("sh", "s"),
)


def _strip_marks(text: str) -> str:
    """NFD, lowercase, map the IAST/Griffith letters whose mark changes the folded value, drop the rest."""
    if text.isascii():  # fast path: most queries are plain ASCII
        text = text.lower()
        if "~" in text or "'" in text:
            text = text.replace("~", "m").replace("'", "")
        return text
    text = unicodedata.normalize("NFD", text.lower())
    out: List[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if ch == "r" and nxt in (_COMBINING_DOT_BELOW, _COMBINING_RING_BELOW):
            i += 2
            while i < n and unicodedata.combining(text[i]):
                i += 1
            # the corpus IAST writes long ṝ as "ṛṛ": one vowel
            while i + 1 < n and text[i] == "r" and text[i + 1] == _COMBINING_DOT_BELOW:
                i += 2
                while i < n and unicodedata.combining(text[i]):
                    i += 1
            out.append("ri")
            if i < n and text[i] == "i":  # Griffith's r̥i
                i += 1
            continue
        if ch == "s" and nxt in (_COMBINING_DOT_BELOW, _COMBINING_ACUTE):
            out.append("sh")  # ś, ṣ; Griffith's ṣ (= ś) too
            i += 2
            continue
        if ch == "~":  # sanscript's candrabindu; the corpus IAST writes m̐
            out.append("m")
        elif ch in ("'", "\u2019", "\u02bc"):  # avagraha / apostrophes inside words
            pass
        elif not unicodedata.combining(ch):
            out.append(ch)
        i += 1
    return "".join(out)


def fold_english_token(token: str) -> str:
    """Light fold for English words and Griffith's names: diacritics off, ṛ/r̥i → ri, ś/ṣ → sh.

    Keeps ordinary English spelling intact (no sh → s etc.) so stemming still works; name
    variants that differ beyond this ("Asvins" vs "Ashvins") are joined by :func:`fold_sanskrit`
    keys at query time.
    """
    return _NON_ALPHA.sub("", _strip_marks(token))


def fold_sanskrit(word: str) -> str:
    """One ASCII key per Sanskrit word however it was typed (IAST ± accents, ASCII, Griffith).

    Rules, in order: accents/length/dots dropped; ṛ, r̥i, ASCII vocalic r → ``ri``; ś/ṣ/sh → s;
    c/ch/cch/chh → c; ṅ/ñ/ṇ → n; ṃ/m̐/~ → m; w → v; ee → i, oo → u; doubled letters single;
    a word-final visarga ``h`` dropped (``agniḥ`` = ``agni``).
    """
    text = _NON_ALPHA.sub("", _strip_marks(word))
    for old, new in _ASCII_RULES:
        text = text.replace(old, new)
    text = _DOUBLE.sub(r"\1", text)
    text = _VOCALIC_R.sub("ri", text)
    text = _FINAL_VISARGA.sub("", text)
    return text


_SPLIT = re.compile(r"[\s|\-/\\.,;:!?()\[\]{}\"“”‘’«»]+")


def sanskrit_words(text: str) -> List[str]:
    """Split Sanskrit text (any script) into folded word keys; Devanagari is converted first."""
    if has_devanagari(text):
        text = deva_to_iast(text)
    keys = (fold_sanskrit(part) for part in _SPLIT.split(text))
    return [key for key in keys if key]


_IAST_MARKS = re.compile("[āīūṛṝḷḹṅñṭḍṇśṣṃḥḻ]|m̐")


def has_iast_diacritics(text: str) -> bool:
    """True if the text uses letters only IAST (not English) writes, e.g. ā, ṛ, ś, ṣ, ṃ."""
    return _IAST_MARKS.search(unicodedata.normalize("NFC", text.lower())) is not None
