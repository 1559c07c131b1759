"""Inflected forms → dictionary headwords, for the bilingual word tables (``bilingual/<code>.json``, key ``forms``).

Why: FreeDict lists headwords ("avere", "rimanere", "litigare"), but readers write inflected forms ("hanno avuto",
"è rimasto", "litigano", "tivesse contado"). The reader's own endings and Snowball keys (``pyapp.reading.bilingual``)
meet regular plurals and some verb endings, not the irregular or strongly inflected ones, so such words were left
as typed and named as topics ("No verse speaks directly of hanno, avuto …"). simplemma (MIT, a pure-Python
lemmatizer whose dictionaries come from Wiktionary and other open lists, installed from PyPI at build time only)
knows each language's forms. The table keeps only what the reader cannot already meet: a form whose headword is
in the dictionary table and that the runtime lookup does not find by itself; forms of a language's auxiliaries
("have", "be" — they say tense, not topic) map to "" and are read as nothing.

Nothing of simplemma is shipped: only the form → headword pairs, at most ``MAX_FORMS`` a language (the shortest
forms first: the everyday ones), fetched with the language's table when its first question arrives.
"""
from __future__ import annotations

import re
import sys
import unicodedata
from typing import Dict, Optional

PACKAGE = "simplemma"
MAX_FORMS = 30_000  # about 40–90 kB gzipped; Polish and Portuguese are cut to this
# the languages simplemma lemmatizes that have a bilingual table (corpus_build.bilingual.DICTIONARIES)
# the languages of the blind sets' readers after English and Hindi (each costs 10–60 s of build time: the check that
# the reader misses a form stems it with the pure-Python Snowball the browser runs)
LANGUAGES = ("de", "fr", "it", "es", "pt", "nl", "pl", "ru")
# the auxiliaries' headwords: their forms are read as nothing ("hanno avuto paura" → "fear")
AUXILIARIES: Dict[str, tuple] = {
    "it": ("avere", "essere"), "es": ("haber", "ser", "estar"), "pt": ("ter", "haver", "ser", "estar"),
    "fr": ("avoir", "être"), "de": ("haben", "sein", "werden"), "nl": ("hebben", "zijn", "worden"),
    "sv": ("ha", "vara", "bli"), "da": ("have", "være", "blive"), "pl": ("być", "mieć"), "cs": ("být", "mít"),
    "sk": ("byť", "mať"), "ru": ("быть",),
}
_WORD = re.compile(r"[^\W\d_]+")


def version() -> str:
    """simplemma's version ("" when it is not installed): part of the bilingual step's build digest."""
    try:
        import simplemma  # noqa: F401  (the build extra installs it)
        from importlib.metadata import version as installed

        return installed(PACKAGE)
    except Exception:  # noqa: BLE001 — not installed, or its metadata unreadable: no forms
        return ""


def _dictionary(language: str) -> Optional[Dict[str, str]]:
    try:
        from simplemma.strategies.dictionaries import DefaultDictionaryFactory
    except ImportError:
        return None
    try:
        return dict(DefaultDictionaryFactory().get_dictionary(language))
    except (KeyError, ValueError, OSError):
        return None


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


def forms_for(language: str, words: Dict[str, str]) -> Dict[str, str]:
    """{folded form: folded headword ("" for an auxiliary's form)} for the forms of ``words``' headwords (the
    language's bilingual table, folded word → English) that the runtime lookup does not already read."""
    from corpus_build.bilingual import fold
    from pyapp.reading import bilingual

    if language not in LANGUAGES:
        return {}
    lemmas = _dictionary(language)
    if not lemmas:
        return {}
    auxiliaries = {fold(a) for a in AUXILIARIES.get(language, ())}
    # the reader's fold turns every script through Devanagari, which is slow over a million forms: a headword is
    # first compared with its accents off (what the fold does to Latin, Greek and Cyrillic letters besides)
    headwords = {_plain(w) for w in words} | {_plain(a) for a in AUXILIARIES.get(language, ())}
    candidates = sorted({(raw_form, raw_lemma) for raw_form, raw_lemma in lemmas.items()
                         if _WORD.fullmatch(raw_form) and raw_form == raw_form.lower()
                         and _plain(raw_lemma) in headwords},  # no abbreviations, names, elisions ("'ntesi")
                        key=lambda pair: (len(pair[0]), pair))
    found: Dict[str, str] = {}
    for raw_form, raw_lemma in candidates:  # the shortest (the everyday) forms first, up to MAX_FORMS
        form, lemma = fold(raw_form), fold(raw_lemma)
        if form == lemma or form in words or len(form) < 2 or form in found:
            continue
        if lemma in auxiliaries:
            found[form] = ""
        elif lemma in words and words[lemma] and bilingual.table_lookup(form, language, words) is None:
            found[form] = lemma
        if len(found) >= MAX_FORMS:
            print(f"bilingual: {language}: inflected forms cut at the {MAX_FORMS} shortest", file=sys.stderr)
            break
    return dict(sorted(found.items()))


__all__ = ["AUXILIARIES", "MAX_FORMS", "forms_for", "version"]
