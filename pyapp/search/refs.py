"""Verse references in the forms people write them, and checking them against the index.

Accepted (case, diacritics and spacing do not matter; Devanagari digits work too):
  ``10.129.1`` ``10.129`` ``10:129:1`` ``10.129.1-3`` · ``RV 10.129`` ``R.V. 3.62.10`` ``Rigveda 1.164.46``
  ``Rig Veda`` ``Ṛgveda 10.191.2`` · ``mandala 3 hymn 62 verse 10`` ``book 10 hymn 90``
  ``hymn 90 of book 10`` ``maṇḍala 3, sūkta 62, ṛc 10`` · positions: ``the first hymn of the
  RigVeda`` (1.1), ``the last hymn of mandala 7``, ``first verse of book 3`` · Roman mandalas ``X.129.1`` (upper case,
  or any case after RV/Rigveda) · with words around them: ``Show me RV 10.129.3``,
  ``Translate Rigveda 1.164.46``, ``What does 10.129.3 say?``.

Why some forms need context: a bare ``3.5`` or ``mandala 5`` inside a sentence ("python 3.5",
"the Maruts in mandala 5") is more often not a lookup, so two-part numbers and mandala-only
references count only after RV/Rigveda/mandala/book words or when the query is nothing else
(``"10.129"``, ``"show me book 9"``). A three-part ``M.H.V`` counts anywhere.

Parsing never consults the index; :func:`resolve` does, and turns a reference that does not exist
into a one-line message naming the valid range (never an empty success).
"""
from __future__ import annotations

import re
from typing import List, Optional, Protocol, Tuple, Union

from pyapp.diacritics import strip_marks

from pyapp.schemas import Verse, WireModel

_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_ROMAN_RE = "x|ix|viii|vii|vi|iv|v|iii|ii|i"
_NUM = r"\d{1,60}"
_SEP = r"\s*[.:]\s*"
_PREFIX = r"(?:r\s*\.?\s*v\s*\.?|ri?g\s*-?\s*veda(?:\s*samhita)?|rk\s*samhita|rigved)"
_DOTTED = re.compile(
    rf"(?<![\w.])(?:(?P<prefix>{_PREFIX})\s*)?"
    rf"(?P<m>{_NUM}|{_ROMAN_RE})(?:{_SEP}(?P<h>{_NUM})(?:{_SEP}(?P<v>{_NUM})(?:\s*[-–—]\s*(?P<v2>{_NUM}))?)?)"
    rf"(?![\w]|[.:]\d)",
    re.IGNORECASE,
)
_PREFIX_ONLY = re.compile(rf"(?<![\w.])(?P<prefix>{_PREFIX})\s*(?P<m>{_NUM}|{_ROMAN_RE})(?![\w]|[.:]\d)", re.IGNORECASE)
_MANDALA_WORDS = r"(?:mandalas?|books?|mandal)"
_HYMN_WORDS = r"(?:hymns?|suktas?|sukt)"
_VERSE_WORDS = r"(?:verses?|stanzas?|rcs?|riks?|rks?|richas?|rcas?|mantras?)"
_WORDED = re.compile(
    rf"\b(?P<kind>{_MANDALA_WORDS}|{_HYMN_WORDS}|{_VERSE_WORDS})\s*(?:no\.?\s*|number\s*|#\s*)?(?P<n>{_NUM}|{_ROMAN_RE})\b",
    re.IGNORECASE,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10}
_ORDINAL_MANDALA = re.compile(rf"\b(?P<ord>{'|'.join(_ORDINALS)})\s+{_MANDALA_WORDS}\b", re.IGNORECASE)
_POSITION = re.compile(
    rf"\b(?P<pos>first|opening|1st|last|final|closing|concluding)\s+(?P<what>{_HYMN_WORDS}|{_VERSE_WORDS})\s+"
    rf"(?:of|in)\s+(?:the\s+)?(?:(?:entire|whole)\s+)?"
    rf"(?:(?P<rv>{_PREFIX})|{_MANDALA_WORDS}\s*(?P<m>{_NUM}|{_ROMAN_RE})\b|(?P<ord>{'|'.join(_ORDINALS)})\s+{_MANDALA_WORDS})",
    re.IGNORECASE,
)
# Words that may surround a reference without making the query "about something else".
_COMMAND_WORDS = frozenset("""
show me display open read translate translation give get the text of please rigveda rig veda rv r v
verse verses hymn hymns mandala book stanza lookup look up find what is say says does do meaning mean
explain quote recite sanskrit original full whole entire in to a an and for from tell about can you
i want see print let us view number no sukta
""".split())
_DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")


class ParsedReference(WireModel):
    """A syntactically valid reference; it may still not exist (see :func:`resolve`)."""

    mandala: int
    hymn: Optional[int] = None
    verse: Optional[int] = None
    verse_end: Optional[int] = None  # inclusive end of a verse range ("10.129.1-3")
    hymn_from_end: bool = False  # "the last hymn of mandala 7": hymn 1 counted from the end
    verse_from_end: bool = False
    text: str = ""  # the part of the query that was read as the reference

    @property
    def ref(self) -> str:
        """"M", "M.H", "M.H.V" or "M.H.V-W"."""
        parts = [str(self.mandala)]
        if self.hymn is not None:
            parts.append("last" if self.hymn_from_end else str(self.hymn))
        if self.verse is not None:
            parts.append("last" if self.verse_from_end else str(self.verse))
        ref = ".".join(parts)
        if self.verse_end is not None and self.verse_end != self.verse:
            ref += f"-{self.verse_end}"
        return ref

    @property
    def level(self) -> str:
        """"mandala", "hymn" or "verse"."""
        if self.hymn is None:
            return "mandala"
        return "hymn" if self.verse is None else "verse"


def _normalise(text: str) -> str:
    """Digits to ASCII, diacritics off (Ṛgveda → Rgveda, maṇḍala → mandala), spaces single."""
    text = strip_marks(text.translate(_DEVANAGARI_DIGITS))
    return re.sub(r"\s+", " ", text).strip()


def _number(token: str) -> int:
    low = token.lower()
    if low in _ROMAN:
        return _ROMAN[low]
    return int(token)


def _only_reference(text: str, span: Tuple[int, int]) -> bool:
    """True when everything outside ``span`` is command words and punctuation."""
    rest = text[: span[0]] + " " + text[span[1]:]
    words = re.findall(r"[^\W\d_]+|\d+", rest.lower())
    return all(word in _COMMAND_WORDS for word in words)


def _dotted(text: str) -> Optional[ParsedReference]:
    for match in _DOTTED.finditer(text):
        m_raw, prefix = match.group("m"), match.group("prefix")
        if not m_raw.isdigit():
            # a Roman mandala: upper case on its own, any case after RV/Rigveda
            if not (prefix or m_raw.isupper()):
                continue
        has_verse = match.group("v") is not None
        if not (has_verse or prefix or _only_reference(text, match.span())):
            continue
        verse = int(match.group("v")) if has_verse else None
        end = int(match.group("v2")) if match.group("v2") else None
        if verse is not None and end is not None and end < verse:
            verse, end = end, verse
        return ParsedReference(
            mandala=_number(m_raw), hymn=int(match.group("h")), verse=verse, verse_end=end,
            text=match.group(0).strip(),
        )
    return None


def _worded(text: str) -> Optional[ParsedReference]:
    found = {}
    spans: List[Tuple[int, int]] = []
    for match in _WORDED.finditer(text):
        kind = match.group("kind").lower()
        slot = "m" if re.fullmatch(_MANDALA_WORDS, kind) else "h" if re.fullmatch(_HYMN_WORDS, kind) else "v"
        raw = match.group("n")
        if not raw.isdigit() and slot != "m":
            continue  # "verse i" / "hymn v" are words, not numbers
        if slot not in found:
            found[slot] = _number(raw)
            spans.append(match.span())
    ordinal = _ORDINAL_MANDALA.search(text)
    if "m" not in found and ordinal:
        found["m"] = _ORDINALS[ordinal.group("ord").lower()]
        spans.append(ordinal.span())
    if "m" not in found or ("v" in found and "h" not in found):
        return None
    span = (min(s[0] for s in spans), max(s[1] for s in spans))
    if "h" not in found and not _only_reference(text, span):
        return None  # "the Maruts in mandala 5" is a topic, not a lookup
    return ParsedReference(mandala=found["m"], hymn=found.get("h"), verse=found.get("v"),
                           text=text[span[0]:span[1]])


def _positional(text: str) -> Optional[ParsedReference]:
    """"the first hymn of the RigVeda" (1.1), "the last verse of mandala 7", "opening hymn of book 3"."""
    match = _POSITION.search(text)
    if not match:
        return None
    last = match.group("pos").lower() in ("last", "final", "closing", "concluding")
    is_hymn = re.fullmatch(_HYMN_WORDS, match.group("what").lower()) is not None
    if match.group("rv"):
        mandala, whole = (10 if last else 1), True
    elif match.group("m"):
        mandala, whole = _number(match.group("m")), False
    else:
        mandala, whole = _ORDINALS[match.group("ord").lower()], False
    if is_hymn:
        return ParsedReference(mandala=mandala, hymn=1, hymn_from_end=last, text=match.group(0))
    if whole or not last:  # first/last verse of the RigVeda, first verse of a mandala
        return ParsedReference(mandala=mandala, hymn=1, verse=1, hymn_from_end=last, verse_from_end=last,
                               text=match.group(0))
    return ParsedReference(mandala=mandala, hymn=1, verse=1, hymn_from_end=True, verse_from_end=True,
                           text=match.group(0))


def _prefixed_mandala(text: str) -> Optional[ParsedReference]:
    match = _PREFIX_ONLY.search(text)
    if match and _only_reference(text, match.span()):
        return ParsedReference(mandala=_number(match.group("m")), text=match.group(0).strip())
    return None


def parse_reference(text: str) -> Optional[ParsedReference]:
    """The first verse/hymn/mandala reference in ``text``, or ``None`` if there is none."""
    if not text or not text.strip():
        return None
    norm = _normalise(text)
    return _dotted(norm) or _positional(norm) or _worded(norm) or _prefixed_mandala(norm)


class _IndexLike(Protocol):
    mandala_count: int

    def hymn(self, mandala: int, hymn: int) -> List[Verse]: ...
    def hymn_count(self, mandala: int) -> int: ...
    def verse_count(self, mandala: int, hymn: int) -> int: ...


def resolve(parsed: ParsedReference, index: _IndexLike) -> Union[List[Verse], str]:
    """The verses a reference names, in order, or a one-line message if it does not exist.

    A mandala-only reference yields the mandala's first hymn (the caller says so).
    """
    m, h, v = parsed.mandala, parsed.hymn, parsed.verse
    mandalas = index.mandala_count
    if not 1 <= m <= mandalas or index.hymn_count(m) == 0:
        return f"Mandala {m} does not exist: the RigVeda has mandalas 1–{mandalas}"
    hymns = index.hymn_count(m)
    if h is not None and parsed.hymn_from_end:
        h = hymns - h + 1
    if v is not None and parsed.verse_from_end and h is not None:
        v = index.verse_count(m, h) - v + 1
    if h is None:
        return index.hymn(m, 1)
    if not 1 <= h <= hymns or index.verse_count(m, h) == 0:
        return f"Hymn {m}.{h} does not exist: mandala {m} has hymns 1–{hymns}"
    verses = index.hymn(m, h)
    count = len(verses)
    if v is None:
        return verses
    for number in (v, parsed.verse_end):
        if number is not None and not 1 <= number <= count:
            return f"Verse {m}.{h}.{number} does not exist: hymn {m}.{h} has verses 1–{count}"
    end = parsed.verse_end or v
    return verses[v - 1:end]
