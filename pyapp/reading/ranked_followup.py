"""A follow-up that asks for another place in the ranking the last answer gave: "and who comes second after him?",
"the third one?", "y el segundo?", "और दूसरे नंबर पर कौन है?".

Why: the app ranks things by counting the index (the gods with the most hymns, the seers with the most verses, the
longest hymns) and its answer lists them in order, "Indra (259 hymns, e.g. RV 1.4), Agni (205 hymns, e.g. RV 1.1),
…". A follow-up asking for the second was read as a question of its own with no subject ("Not enough
information"), though the answer to it is already on the screen. The ranking is read back from the last answer's
first sentence — items written as ``Name (its count, e.g. RV M.H)`` — so it serves every counting reader without
knowing which one spoke. The ordinals are data per language (``_ORDINALS``).
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.reading.words import fold

# the place asked for, in the languages the app reads (folded); "next"/"after him" mean the one after the first
_ORDINALS = {
    2: ("second", "2nd", "runner up", "runner-up", "segundo", "segunda", "secondo", "seconda", "deuxieme", "second",
        "zweite", "zweiter", "zweiten", "второй", "второе", "вторая", "दूसरा", "दूसरे", "दूसरी", "दुसरा", "दुसरे",
        "dusra", "doosra", "dusre", "দ্বিতীয়", "இரண்டாவது", "రెండవ", "రెండో", "ಎರಡನೇ", "બીજા", "બીજો"),
    3: ("third", "3rd", "tercero", "tercera", "terceiro", "terceira", "terzo", "terza", "troisieme", "dritte", "dritter",
        "третий", "третье", "तीसरा", "तीसरे", "तिसरा", "teesra", "tisra", "তৃতীয়", "மூன்றாவது", "మూడవ", "ಮೂರನೇ", "ત્રીજા"),
    4: ("fourth", "4th", "cuarto", "cuarta", "quarto", "quarta", "quatrieme", "vierte", "vierter", "четвертый",
        "चौथा", "चौथे", "chautha"),
    5: ("fifth", "5th", "quinto", "quinta", "cinquieme", "funfte", "пятый", "पांचवां", "पाँचवाँ"),
}
_NEXT = re.compile(r"\b(?:next|after (?:him|her|it|that|them|this one)|comes after|then who|who else|el siguiente|"
                   r"despues de el|le suivant|apres lui|der nachste|danach|il prossimo|dopo di lui|o proximo|"
                   r"depois dele|следующий|после него)\b|उसके बाद|इसके बाद|अगला")
# an item of a ranking as the counting readers write it: a name, then its count in brackets
_ITEM = re.compile(r"(?P<name>[A-ZĀĪŪṚṢŚṆḌṬ][\w\u0300-\u036fāīūṛṝḷṅñṭḍṇśṣṃḥ'’.\-]*(?:\s+[\w\u0300-\u036fāīūṛṝḷṅñṭḍṇśṣṃḥ'’.\-]+){0,3}?)"
                   r"(?:\s+\([^()\d]*\))?\s+\((?P<note>[^()]*\d[^()]*)\)")  # (an alias in brackets may stand between)
# "The longest hymn is RV 9.97 … Next come RV 1.164 (52 verses), …": the list starts at the second place
_NEXT_COME = re.compile(r"\b(?:next come|then come|followed by)\b", re.I)
_NEXT_COME_WORDS = re.compile(r"^\s*(?:next come|then come|followed by)\s+", re.I)
_REF = re.compile(r"RV (\d+\.\d+(?:\.\d+)?)")
MAX_WORDS = 12


def _place(text: str) -> Optional[int]:
    folded = fold(text)
    for place, words in _ORDINALS.items():
        if any(re.search(r"(?<!\w)" + re.escape(fold(w)) + r"(?!\w)", folded) for w in words):
            return place
    return 2 if _NEXT.search(folded) else None


def ranking(answer: str) -> List[Tuple[str, str]]:
    """The (name, note) items of the ranking an answer opens with, in order; [] when it opens with none."""
    first = (answer or "").strip().split("\n", 1)[0]  # the opening paragraph ("e.g. RV 1.4" is no sentence end)
    found = list(_ITEM.finditer(first))
    items = [(_NEXT_COME_WORDS.sub("", m.group("name")).strip(), m.group("note").strip()) for m in found]
    if found and _NEXT_COME.search(first[:found[0].end()]):
        lead = _REF.search(first[:found[0].start()])  # the answer's own subject holds the first place
        items = [(f"RV {lead.group(1)}" if lead else "the first", "")] + items
    return items if len(items) >= 3 else []


def asks(text: str, last_answer: str) -> bool:
    """Cheap: a short follow-up naming a place, after an answer that ranked at least three things."""
    return (bool(text) and len(text.split()) <= MAX_WORDS and _place(text) is not None
            and bool(ranking(last_answer)))


def answer(text: str, last_answer: str, index: Any = None) -> Optional[FactAnswer]:
    """The item at the asked place of the last answer's ranking, with its note and verses, or None."""
    items = ranking(last_answer)
    place = _place(text)
    if not items or place is None:
        return None
    if place > len(items):
        return FactAnswer(kind="list", text=f"The last answer ranked only {len(items)}: "
                          + ", ".join(name for name, _ in items) + ".", refs=[])
    name, note = items[place - 1]
    before = items[place - 2][0]
    if not note:
        return None
    refs = [r for r in _REF.findall(f"{name} {note}") if index is None or _exists(index, r)]
    ordinal = {2: "Second", 3: "Third", 4: "Fourth", 5: "Fifth"}[place]
    cited = " ".join(f"[RV {r}]" for r in refs if r.count(".") == 2)
    text_out = (f"{ordinal} is {name} ({note}), after {before}, by the same count as the last answer."
                + (f" {cited}" if cited else ""))
    verses = [r for r in refs if r.count(".") == 2] or [f"{r}.1" for r in refs if r.count(".") == 1]
    return FactAnswer(kind="list", text=text_out, refs=verses[:3], subject_hymns=[r for r in refs if r.count(".") == 1][:3])


def _exists(index: Any, ref: str) -> bool:
    if ref.count(".") == 2:
        return index.by_ref(ref) is not None
    return index.by_ref(f"{ref}.1") is not None


__all__ = ["answer", "asks", "ranking"]
