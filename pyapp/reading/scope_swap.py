"""A follow-up that only moves the last question to another book: "and in mandala 8?", "what about the tenth
mandala?", "y en el mandala 10?", "और मंडल 9 में?".

Why its own reading: such a turn names a book and nothing else, so it was read as a reference ("RV 8": the first
hymn of the book was shown), and the question it continues — which hymns go to the Ādityas, how many hymns has Indra
— was lost. It is the last question again with its book replaced (or added when it named none).
"""
from __future__ import annotations

import re
from typing import Any, Optional, Sequence

__all__ = ["swap"]

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_BOOK = r"(?:mandala|maṇḍala|mandal|mandalam|mandalas|mandalan|book|libro|livre|buch|boek|bok|księga|मंडल|मण्डल|मंडळ)"
_NUMBER = r"(?:\d{1,2}|" + "|".join(_ROMAN) + ")"
_ORDINAL = r"(?:" + "|".join(_ORDINALS) + r"|\d{1,2}(?:st|nd|rd|th))"
# the book a question names: "mandala 8", "book VIII", "the eighth mandala", "8th book"
_SCOPE = re.compile(rf"(?:\b(?:in|of|from)\s+)?(?:the\s+)?(?:{_BOOK}\s+{_NUMBER}(?![\d.])|{_ORDINAL}\s+{_BOOK})(?!\w)", re.I)
# the little words around the book in a turn that says nothing else ("and in …?", "y en el …?", "und im …?", "और … में?")
_GLUE = set("""and also but so then what about how in of from the too as well either y en el la e no na em o und im in der
et dans le nel nella och i då en de het ook en in и в а также और में का की के भी तो ani madhye ani qué que tal et
quoi du des dem des del della e che""".split())


def _number(scope: str) -> Optional[int]:
    found = re.search(r"\d{1,2}", scope)
    if found:
        return int(found.group(0))
    for word in re.findall(r"[a-z]+", scope.lower()):
        if word in _ORDINALS:
            return _ORDINALS[word]
        if word in _ROMAN:
            return _ROMAN[word]
    return None


def swap(question: str, history: Sequence[Any]) -> Optional[str]:
    """The last question with the book this turn names in place of its own (or added), or None when the turn says
    more than a book, or there is no last question."""
    from pyapp.reading.number_words import _bind

    text = " ".join(str(question or "").split())
    if re.search(r"\d+\s*\.\s*\d+", text):
        return None
    from pyapp.reading.words import fold

    folded = fold(text)
    bound = _bind(folded)  # "el octavo mandala", "im achten Mandala", "दसवें मंडल" (the number table's languages)
    scope = _SCOPE.search(text)
    if set(bound) == {0}:
        number, start, end = bound[0]
        rest = folded[:start] + " " + folded[end:]
    elif scope is not None:
        number = _number(scope.group(0))
        rest = (text[:scope.start()] + " " + text[scope.end():]).lower()
    else:
        return None
    words = [w.strip("?!.,;:¿¡()\"'«»“”") for w in rest.split()]
    if any(w and w not in _GLUE for w in words):
        return None  # "which hymns of mandala 8 go to the Aśvins?" asks a question of its own
    previous = next((t for t in reversed(list(history or [])) if getattr(t, "kind", "answer") in ("answer", "memory")),
                    None)
    asked = (getattr(previous, "standalone_question", "") or getattr(previous, "question", "")) if previous else ""
    if not number or not 1 <= number <= 10 or not asked:
        return None
    asked = asked.strip().rstrip("?").strip()
    if _SCOPE.search(asked):
        return _SCOPE.sub(f" in mandala {number}", asked, count=1).replace("  ", " ").strip() + "?"
    return f"{asked} in mandala {number}?"
