"""A question that is nothing but a name ("वरुण", "Varuṇa", "varuna?") asks who that is; nothing but
a term ("ऋत", "yajna") asks what it means.

Why: typed alone, a god's name in Devanagari looked like a quotation ("These words are found in
RV 8.94.5"), and in Latin letters like a topic to search; readers who type a bare name want what
"Who is Varuṇa?" answers. Any script: Devanagari is read as IAST first, and the nominative ending
(visarga, "varuṇaḥ") is dropped, so "वरुणः" is Varuṇa too. Only a name the lexicon knows (gods,
seers; :meth:`pyapp.lexicon.Lexicon.main_names`) counts, and only when the text is that one name.
A word the term lexicon glosses by hand as a concept (yajña, "sacrifice") is a term, though some
verse makes it a deity; one glossed as a god (soma, "… and its god") stays a name, as
``pyapp.agents.compose`` answers it.
"""
from __future__ import annotations

import re
from typing import Any, Optional

from pyapp.lexicon import norm
from pyapp.search.translit import deva_to_iast, has_devanagari

_EDGES = " \t\r\n?!.,;:।॥'\"“”‘’()[]"


def bare_name(text: str, lexicon: Any) -> Optional[str]:
    """The name ``text`` consists of, as the lexicon displays it ("Varuṇa"), else ``None``."""
    value = (text or "").strip(_EDGES)
    if not value or len(value) > 40:
        return None
    if has_devanagari(value):
        value = deva_to_iast(value)
    words = value.split()
    if len(words) != 1:
        return None
    word = re.sub(r"[ḥh]$", "", words[0]) if words[0].endswith("ḥ") or has_devanagari(text) else words[0]
    try:
        names = lexicon.main_names(word)
    except Exception:
        return None
    if len(names) != 1:
        return None
    key, name = norm(word), norm(names[0])
    return names[0] if key in (name, name + "s") or name in (key, key + "s") else None


def as_question(name: str) -> str:
    """The question a bare name asks."""
    return f"Who is {name}?"


_GODLY = re.compile(r"\b(gods?|goddess|deity|deified)\b", re.I)


def bare_question(text: str, lexicon: Any, terms: Any = None) -> Optional[str]:
    """The question a text of one word asks: "What does ṛta mean?" for a hand-glossed concept,
    "Who is Varuṇa?" for a name, else ``None`` (the text is read as it is)."""
    name = bare_name(text, lexicon)
    value = (text or "").strip(_EDGES)
    if terms is not None and value and len(value.split()) == 1 and len(value) <= 40:
        try:
            hits = [h for h in terms.find_terms(value, names=True) if not h.from_corpus]
        except Exception:
            hits = []
        if len(hits) == 1 and hits[0].curated and not hits[0].name and not _GODLY.search(hits[0].gloss or ""):
            return f"What does {hits[0].display} mean?"
    return as_question(name) if name else None
