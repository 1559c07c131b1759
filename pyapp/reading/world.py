"""Whether a question carries the RigVeda's own world: the collection named in any script or language,
a hymn or verse number, a quoted line. For the confidence of a refusal (``agents.confidence``).

Why its own reading: a question refused as "not about the RigVeda" is nearly always rightly refused
when nothing in it belongs to the hymns (a recipe, the Vedas in general, another scripture's law), and
often wrongly refused when it names the RigVeda itself in a language the app reads poorly ("Rigvedan",
"Rigvédában", "בריגוודה", "ഋഗ്വേദത്തിൽ") or points at a hymn by number. Whether the collection is named is the judgement of
``reading.text_named`` (any script or language), at its "RigVeda itself" level: the Vedas in general
("वेदों", "the Vedas") are not the RigVeda and do not count.
"""
from __future__ import annotations

import re

from pyapp.reading.text_named import names_rigveda

# a hymn or a verse by number ("RV 1.113.1", "hymn 10.129", "7.86")
_NUMBER = re.compile(r"(?<![\d.])(?:10|[1-9])\.\d{1,3}(?:\.\d{1,2})?(?![\d.])")
# a quoted phrase of three words or more (a line to find)
_QUOTED = re.compile(r"[\"“'‘«„]([^\"”'’»“]{12,})[\"”'’»“]")


def points_at_text(question: str) -> bool:
    """The question names the RigVeda, a hymn or verse by number, or quotes a line to find."""
    q = question or ""
    return names_rigveda(q) or bool(_NUMBER.search(q)) or any(len(m.split()) >= 3 for m in _QUOTED.findall(q))


__all__ = ["names_rigveda", "points_at_text"]
