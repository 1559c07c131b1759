"""What a fact question points at: a hymn or verse reference ("1.1", "RV 10.129.3"), a maṇḍala (by
number, "the third book", "book IX", or as a family's book, "Gṛtsamada's maṇḍala"), the whole
RigVeda, or the caller's subject hymns; and the family books themselves (:data:`FAMILY_BOOKS`).

Why apart: every kind of answer first asks "about what?", and these readers need neither the
per-index tables' matching nor any answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple, Union

from pyapp.factbook.names import _key, display_name
from pyapp.factbook.patterns import _MANDALA, _q
from pyapp.factbook.table import Facts
from pyapp.search.refs import ParsedReference, parse_reference, resolve

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10, "last": 10, "final": 10}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_DOTTED = re.compile(r"(?<![\w.])(?:(?:rv|r\.\s?v\.?|ri?g\s?-?veda|rgveda)\s*)?(\d{1,3})\s*[.:]\s*(\d{1,4})"
                     r"(?:\s*[.:]\s*(\d{1,4}))?(?![\w]|[.:]\d)")
_MANDALA_RE = re.compile(
    rf"\b{_MANDALA}\s*(?:no\.?\s*|number\s*)?(\d{{1,3}}|{'|'.join(_NUMBER_WORDS)}|x|ix|viii|vii|vi|iv|v|iii|ii|i)\b|"
    rf"\b({'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))\s+{_MANDALA}\b"
)
_WHOLE_RV = re.compile(r"\b(?:ri?g\s?-?veda|rgveda|rv|samhita)\b|\bin (?:total|all)\b|\baltogether\b")


@dataclass
class _Target:
    mandala: Optional[int] = None  # None: the whole RigVeda
    hymn: Optional[int] = None
    verse: Optional[int] = None

    @property
    def hymn_ref(self) -> str:
        return f"{self.mandala}.{self.hymn}"


def _mandala_number(token: str) -> Optional[int]:
    token = token.lower()
    if token.isdigit():
        return int(token)
    for table in (_NUMBER_WORDS, _ROMAN, _ORDINALS):
        if token in table:
            return table[token]
    match = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", token)
    return int(match.group(1)) if match else None


def _mandala_of(question: str) -> Optional[int]:
    """The maṇḍala the question names: by number ("maṇḍala 3", "the third book", "book IX") or as
    the book of a family ("Gṛtsamada's maṇḍala", "the book of the Vasiṣṭhas", "the Soma maṇḍala")."""
    q = _q(question)
    match = _MANDALA_RE.search(q)
    if match:
        raw = match.group(1) or match.group(2)
        if not (raw in _ROMAN and not re.search(rf"\b{_MANDALA}\s*{raw}\b", question, re.IGNORECASE)):
            return _mandala_number(raw)
    owned = _book_of(question)
    return owned[0] if owned else None


_COORDINATED = re.compile(
    rf"\b((?:{'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))(?:\s*,\s*(?:the\s+)?(?:{'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th)))*"
    rf"(?:\s*,?\s*(?:and|&|or)\s+(?:the\s+)?(?:{'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))))\s+{_MANDALA}\b|"
    rf"\b{_MANDALA}\s+(\d{{1,2}}(?:\s*,\s*\d{{1,2}})*\s*(?:,?\s*(?:and|&|or)\s+\d{{1,2}}))\b")


def mandalas_of(question: str) -> List[int]:
    """Every maṇḍala the question names, in order and once each: "maṇḍala 1 and maṇḍala 10", "the first
    and the last maṇḍala", "mandalas 2, 3 and 7" ([] for none; the family books' names as ``_mandala_of``).

    Why a list: "how many hymns in the first and the last maṇḍala?" asks two counts, and one answer for
    the first alone reads as if that were all (or, checking "both have 191", as a "no")."""
    q = _q(question)
    found: List[int] = []
    for match in _COORDINATED.finditer(q):
        for token in re.findall(rf"{'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th)?", match.group(1) or match.group(2)):
            number = _mandala_number(token)
            if number is not None and number not in found:
                found.append(number)
    for match in _MANDALA_RE.finditer(q):
        raw = match.group(1) or match.group(2)
        if raw in _ROMAN and not re.search(rf"\b{_MANDALA}\s*{raw}\b", question, re.IGNORECASE):
            continue
        number = _mandala_number(raw)
        if number is not None and number not in found:
            found.append(number)
    if not found:
        single = _mandala_of(question)
        return [single] if single is not None else []
    return found


# the books that belong to one family of seers (and maṇḍala 9 to Soma), as readers name them: the
# founder, the family name, the clan
_BOOK_OWNERS: Dict[int, Tuple[str, ...]] = {
    2: ("gṛtsamada", "gārtsamada", "śaunaka"), 3: ("viśvāmitra", "vaiśvāmitra", "kuśika", "kauśika", "gāthina"),
    4: ("vāmadeva", "gautama"), 5: ("atri", "ātreya"), 6: ("bharadvāja", "bārhaspatya"),
    7: ("vasiṣṭha", "vāsiṣṭha"), 9: ("soma", "pavamāna"),
}
_BOOK_OF = (re.compile(rf"\b([a-z]+)(?:'s|s'|')? (?:own |family |family's |clan's )?{_MANDALA}\b"),
            re.compile(rf"\b{_MANDALA} (?:of|by) (?:the )?(?:family of |house of |clan of )?([a-z]+)\b"))


def _book_owner_words(question: str) -> List[str]:
    """The words that name whose book is meant: "Gṛtsamada's maṇḍala" → ["grtsamada"] (keys)."""
    q = _q(question).replace("’", "'")
    return [_key(m.group(1)) for pattern in _BOOK_OF for m in pattern.finditer(q)]


def _book_of(question: str) -> Optional[Tuple[int, str]]:
    """(maṇḍala, "the family book of Gṛtsamada (Gritsamada)") for "Gṛtsamada's maṇḍala", or None."""
    for key in _book_owner_words(question):
        for mandala, names in _BOOK_OWNERS.items():
            for name in names:
                known = _key(name)
                if key in (known, known + "s") or (len(key) >= 5 and key.rstrip("s") == known.rstrip("s")):
                    if mandala == 9:
                        return mandala, "the book of Soma Pavamāna"
                    founder = FAMILY_BOOKS[mandala]
                    return mandala, f"the family book of {display_name(founder[:1].upper() + founder[1:])}"
    return None


def _reference(question: str) -> Optional[Union[_Target, ParsedReference]]:
    """A hymn or verse named in the question: refs' parser first, then a bare "M.H(.V)"."""
    parsed = parse_reference(question)
    if parsed is not None and parsed.hymn is not None:
        return parsed
    match = _DOTTED.search(_q(question))
    if match:
        return _Target(int(match.group(1)), int(match.group(2)), int(match.group(3)) if match.group(3) else None)
    return None


def _check(target: Union[_Target, ParsedReference], index: object) -> Union[_Target, str]:
    """A target that exists in the index, or the one-line message of ``refs.resolve``."""
    if isinstance(target, _Target):
        parsed = ParsedReference(mandala=target.mandala or 0, hymn=target.hymn, verse=target.verse)
    else:
        parsed = target
    found = resolve(parsed, index)
    if isinstance(found, str):
        return found
    first = found[0]
    verse = first.verse if parsed.verse is not None else None
    return _Target(first.mandala, first.hymn, verse)


def _subject_targets(subject_hymns: Optional[Sequence[str]], facts: Facts) -> List[_Target]:
    out = []
    for ref in subject_hymns or []:
        parts = str(ref).strip().split(".")
        if len(parts) in (2, 3) and all(p.isdigit() for p in parts):
            target = _Target(int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) == 3 else None)
            if facts.hymn(target.hymn_ref):
                out.append(target)
    return out


FAMILY_BOOKS = {2: "gṛtsamada", 3: "viśvāmitra", 4: "vāmadeva", 5: "atri", 6: "bharadvāja", 7: "vasiṣṭha"}
