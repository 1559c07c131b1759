"""Diacritic folds shared by the readers, the agents and the eval: one body each, named by what it does.

Why several: the folds are not interchangeable, and merging two that differ would change answers.
``strip_vedic_accents`` keeps every letter of IAST (ā ṛ ś ṃ …) and drops only the pitch accents, so
a verse's accented IAST becomes the corpus's ``roman_plain``; ``strip_marks`` drops every combining
mark (ṛ → r, ś → s, and an Indic virama or nukta too); ``strip_latin_marks`` drops marks only where
they sit on a Latin letter, so a Hindi or Bengali word keeps its virama. Folds that spell a
letter out (ṛ → ri, ś → sh: ``pyapp.search.translations.fold``) or that must be fast over the whole
lexicon (``pyapp.agents.text.fold``, NFKD through a cached table) stay where they are.

Standard library only: ``pyapp.eval.checks`` imports this and must stay importable without numpy.
"""
from __future__ import annotations

import unicodedata
from typing import List, Optional

__all__ = ["VEDIC_ACCENTS", "strip_vedic_accents", "strip_marks", "strip_latin_marks"]

VEDIC_ACCENTS = "\u0300\u0301"  # udātta / svarita marks of the accented IAST (but U+0301 on "s" is ś)


def strip_vedic_accents(roman: Optional[str]) -> str:
    """Accented IAST without its pitch accents, case kept: "agním īḷe" → "agnim īḷe", "víśvā" → "viśvā".

    Only the grave and acute go, and the acute of ś/Ś stays (it is a letter, not an accent); every
    other mark (ā ṛ ṃ ḷ) is part of the letter. Equals the corpus's ``roman_plain`` for every verse."""
    out: List[str] = []
    base = ""
    for c in unicodedata.normalize("NFD", roman or ""):
        if unicodedata.combining(c):
            if c in VEDIC_ACCENTS and base not in ("s", "S"):
                continue
        else:
            base = c
        out.append(c)
    return unicodedata.normalize("NFC", "".join(out))


def strip_marks(text: Optional[str]) -> str:
    """Every combining mark off, case kept, left decomposed: "Pūṣā" → "Pusa", "śiva" → "siva".

    Marks on any script go (a Devanagari virama or nukta too: "त्" → "त"), so use it on Latin, Greek
    or Hebrew letters, or where only ASCII letters are kept afterwards."""
    return "".join(c for c in unicodedata.normalize("NFD", text or "") if not unicodedata.combining(c))


def strip_latin_marks(text: Optional[str]) -> str:
    """Marks off Latin letters only, case kept, recomposed: "Ṛgveda देवता" → "Rgveda देवता".

    A combining mark after an ASCII letter (or after a mark dropped from one) goes; a mark after
    any other letter stays, because an Indic virama or nukta is part of the word."""
    out: List[str] = []
    base_latin = False
    for ch in unicodedata.normalize("NFD", text or ""):
        if unicodedata.combining(ch) and base_latin:
            continue
        base_latin = ch.isascii()
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))
