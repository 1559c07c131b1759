"""A question that is nothing but a name ("वरुण", "Varuṇa", "varuna?") asks who that is.

Why: typed alone, a god's name in Devanagari looked like a quotation ("These words are found in
RV 8.94.5"), and in Latin letters like a topic to search; readers who type a bare name want what
"Who is Varuṇa?" answers. Any script: Devanagari is read as IAST first, and the nominative ending
(visarga, "varuṇaḥ") is dropped, so "वरुणः" is Varuṇa too. Only a name the lexicon knows (gods,
seers; :meth:`pyapp.lexicon.Lexicon.main_names`) counts, and only when the text is that one name.
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
