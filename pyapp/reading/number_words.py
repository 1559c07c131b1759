"""References written in words, in every language the number table covers: "the second verse of the
fourteenth hymn of book four", "hymn number eighty-eight of the first mandala", "el himno veintidós del
libro octavo", "im siebten Lied des dritten Buches", "दसवें मंडल का उनतीसवाँ सूक्त" → (4, 14, 2), (1, 88),
(8, 22), (3, 7), (10, 29).

Why a small grammar over data and not one pattern per wording: the number words are a table per
language (``pyapp/data/number_words.json``: cardinals, ordinals, word-parts, ordinal endings, joiners)
and the unit words (verse/stanza/ṛc/mantra, hymn/sūkta/Lied/himno, book/maṇḍala/Buch/libro/मंडल) are
the reference reader's own table (``pyapp/data/reading_words.json``), so a language or a spelling is a
line of data. A number word is read only when it stands beside a unit word, so "two birds" or "the
first light" are never references. One word may hold a whole number ("zweiundzwanzigsten",
"ventiduesimo", "veintidós", "उनतीसवाँ"): it is split into known parts, longest first.

``rewrite`` puts the reference back into the question in digits ("What is RV 5.3 about?"), so every
reader downstream that reads digits (the reference lookup, the reference tasks, the checks) reads it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

from pyapp import data_tables
from pyapp.reading.words import find, fold

DATA_PATH = "data/number_words.json"
_UNIT_SLOT = {"mandala": 0, "hymn": 1, "verse": 2}
_TOKEN = re.compile(r"\d{1,3}\.(?![\d\w])|[\w\u0900-\u097F\u2116#]+")
_DIGITS = re.compile(r"(\d{1,3})(st|nd|rd|th|e|er|eme|ieme|º|ª|°|te|ten|ter|\.)?")


@dataclass(frozen=True)
class _Piece:
    value: int
    kind: str  # cardinal / ordinal / stem / suffix / joiner / hundred


@dataclass(frozen=True)
class Number:
    """A number phrase found in the text: its value, whether it is an ordinal, its character span."""

    value: int
    ordinal: bool
    start: int
    end: int


def _norm(text: str) -> str:
    """``fold`` plus the spellings number words vary in: chandrabindu as anusvara (पाँच/पांच),
    "quatre-vingt" as one word."""
    out = fold(text).replace("\u0901", "\u0902")
    return re.sub(r"quatre[\s-]vingt", "quatrevingt", out)


@lru_cache(maxsize=1)
def _tables() -> Tuple[Dict[str, Tuple[_Piece, ...]], frozenset, frozenset, frozenset]:
    """Every language's parts in one table (a word means the same number in each language that has
    it; a word with two readings keeps both: English "ten", German "-ten"), the joiners, the fillers
    ("number", "numéro", "संख्या") and the articles."""
    data = data_tables.table(DATA_PATH, {})
    parts: Dict[str, Tuple[_Piece, ...]] = {}
    joiners, fillers, articles = set(), set(), set()

    def add(word: str, piece: _Piece) -> None:
        key = _norm(word)
        if piece not in parts.get(key, ()):
            parts[key] = parts.get(key, ()) + (piece,)

    for lang, table in data.items():
        if lang.startswith("_"):
            continue
        for kind, key in (("cardinal", "cardinals"), ("ordinal", "ordinals"), ("stem", "stems"),
                          ("hundred", "hundreds")):
            for word, val in (table.get(key) or {}).items():
                add(word, _Piece(int(val), kind))
        for word in table.get("suffixes") or []:
            add(word, _Piece(0, "suffix"))
        joiners.update(_norm(w) for w in table.get("joiners") or [])
        fillers.update(_norm(w).rstrip(".") for w in table.get("fillers") or [])
        articles.update(_norm(w) for w in table.get("articles") or [])
    return parts, frozenset(joiners), frozenset(fillers), frozenset(articles)


# languages with no number table of their own that write the same number words as one that has (Marathi and
# Nepali तीस, सात are Hindi's)
_SHARED_NUMBERS = {"mr": "hi", "ne": "hi", "mai": "hi", "bho": "hi"}


def _own(word: str, language: str, key: str) -> Optional[int]:
    """``word`` in ``language``'s own table (``key``: "cardinals" or "ordinals"), or None. One language only:
    Italian "sete" is thirst, Portuguese "sete" seven."""
    table = data_tables.table(DATA_PATH, {}).get(_SHARED_NUMBERS.get(language, language)) or {}
    folded = _norm(word)
    for entry, value in (table.get(key) or {}).items():
        if _norm(entry) == folded:
            return int(value)
    return None


def ordinal(word: str, language: str) -> Optional[int]:
    """The number one whole word names as an ordinal in the language's table ("तीसरा", "tercero" → 3), or None."""
    return _own(word, language, "ordinals")


def cardinal(word: str, language: str) -> Optional[int]:
    """The number one whole word names as a cardinal in the language's table ("तीस", "treinta" → 30), or None.
    Why: a question read word by word (``pyapp.reading.gloss``) keeps the number it asks about ("thirty
    yojanas") where its word table has no number words."""
    return _own(word, language, "cardinals")


@lru_cache(maxsize=4096)
def _split(word: str) -> Optional[Tuple[_Piece, ...]]:
    """``word`` as number parts, or None: "zweiundzwanzigsten" → zwei · und · zwanzig · sten. A suffix
    only ends a word; a stem never does; a joiner stands only between two parts."""
    parts, joiners, _, _ = _tables()
    whole = [p for p in parts.get(word, ()) if p.kind not in ("stem", "suffix")]
    if whole:
        return (whole[0],)

    @lru_cache(maxsize=None)
    def rest(i: int) -> Optional[Tuple[_Piece, ...]]:
        if i == len(word):
            return ()
        for j in range(len(word), i, -1):
            chunk = word[i:j]
            readings = list(parts.get(chunk, ()))
            if chunk in joiners and i > 0 and j < len(word):
                readings.append(_Piece(0, "joiner"))
            readings.sort(key=lambda p: p.kind != "suffix")  # "siebten": sieb · ten (an ending), not 7 + 10
            for piece in readings:
                if piece.kind == "suffix" and (i == 0 or j != len(word)):
                    continue
                if piece.kind == "stem" and j == len(word):
                    continue
                tail = rest(j)
                if tail is not None:
                    return (piece,) + tail
        return None

    found = rest(0)
    if not found or all(p.kind in ("suffix", "joiner") for p in found):
        return None
    return found


def _word_value(word: str) -> Optional[Tuple[List[_Piece], bool]]:
    """The parts of one token and whether it is an ordinal ("3rd", "fifth", "septième", "दसवें")."""
    m = _DIGITS.fullmatch(word)
    if m:
        return [_Piece(int(m.group(1)), "cardinal")], bool(m.group(2))
    pieces = _split(word)
    if pieces is None:
        return None
    ordinal = any(p.kind in ("ordinal", "suffix") for p in pieces)
    return list(pieces), ordinal


def _total(pieces: Sequence[_Piece]) -> Optional[int]:
    """"one hundred and ninety-one" → 191: parts add up; a hundred multiplies what stands before it."""
    total, seen = 0, False
    for p in pieces:
        if p.kind == "hundred":
            total, seen = max(1, total) * p.value, True
        elif p.kind in ("cardinal", "ordinal", "stem"):
            total, seen = total + p.value, True
    return total if seen and total > 0 else None


def numbers(text: str) -> List[Number]:
    """The number phrases of normalised ``text``: runs of number words joined by spaces, hyphens or
    a joiner word ("forty-two", "treinta y dos", "एक सौ इक्यानवे"), and digits."""
    _, joiners, _, _ = _tables()
    tokens = [(m.start(), m.end(), m.group(0).rstrip(".")) for m in _TOKEN.finditer(text)]
    out: List[Number] = []
    i = 0
    while i < len(tokens):
        read = _word_value(tokens[i][2])
        if read is None:
            i += 1
            continue
        pieces, ordinal = read
        start, end, j = tokens[i][0], tokens[i][1], i + 1
        while j < len(tokens):
            if ordinal:  # "vigésimo tercero", "décimo primeiro": a tens ordinal, then a units ordinal
                so_far, nxt_read = _total(pieces) or 0, _word_value(tokens[j][2])
                if not (so_far % 10 == 0 and nxt_read and nxt_read[1] and (_total(nxt_read[0]) or 0) < 10
                        and re.fullmatch(r"\s+", text[end:tokens[j][0]])):
                    break
            gap = text[end:tokens[j][0]]
            if not re.fullmatch(r"[\s-]*", gap):
                break
            word = tokens[j][2]
            if word in joiners and j + 1 < len(tokens) and re.fullmatch(r"[\s-]*", text[tokens[j][1]:tokens[j + 1][0]]):
                nxt = _word_value(tokens[j + 1][2])
                if nxt is None or _DIGITS.fullmatch(tokens[j + 1][2]):
                    break
                pieces, ordinal, end, j = pieces + nxt[0], nxt[1], tokens[j + 1][1], j + 2
                continue
            nxt = _word_value(word)
            if nxt is None or _DIGITS.fullmatch(word) or _DIGITS.fullmatch(tokens[j - 1][2]):
                break
            pieces, ordinal, end, j = pieces + nxt[0], nxt[1], tokens[j][1], j + 1
        value = _total(pieces)
        if value is not None:
            out.append(Number(value, ordinal, start, end))
        i = j
    return out


@dataclass(frozen=True)
class WordedReference:
    """(maṇḍala, hymn[, verse]) named in words, and the character span of ``text`` that names it."""

    point: Tuple[int, ...]
    start: int
    end: int
    joined: bool = True  # the pieces stand together ("the third hymn of the fifth book"), not apart


def _bind(text: str) -> Dict[int, Tuple[int, int, int]]:
    """Each unit word's number: slot (0 maṇḍala, 1 hymn, 2 verse) → (value, start, end) of the
    stretch "number + unit" or "unit + number". A cardinal belongs to the unit before it ("hymn
    eighty-eight", "himno veintidós"; "two hymns" is a count), an ordinal to the unit after it ("the
    fifth book", "दसवें मंडल") or else the one before it ("libro octavo")."""
    _, _, fillers, _ = _tables()
    units = [h for h in find(text, ("verse", "hymn", "mandala"))]
    found: Dict[int, Tuple[int, int, int]] = {}
    used = set()
    for number in numbers(text):
        before = [u for u in units if u.end <= number.start
                  and _only_fillers(text[u.end:number.start], fillers)]
        after = [u for u in units if u.start >= number.end and re.fullmatch(r"\s*", text[number.end:u.start])]
        # a cardinal before a unit word counts ("two hymns", "तीन सूक्त"); it names only after one
        order = [after, before] if number.ordinal else [before]
        for side in order:
            if not side:
                continue
            unit = side[-1] if side is before else side[0]
            if (unit.start, unit.end) in used:
                continue
            if side is after and not number.ordinal and number.value == 1 and \
                    not re.search(r"\d", text[number.start:number.end]):
                break  # "one hymn", "un himno", "ein Lied": an article, not hymn 1
            slot = _UNIT_SLOT[unit.category]
            if slot in found:
                break
            used.add((unit.start, unit.end))
            found[slot] = (number.value, min(unit.start, number.start), max(unit.end, number.end))
            break
    return found


def _only_fillers(gap: str, fillers: frozenset) -> bool:
    words = [w.rstrip(".") for w in gap.split()]
    return len(words) <= 1 and all(w in fillers for w in words) and not re.search(r"[^\w\s.#\u2116]", gap)


def find_reference(text: str) -> Optional[WordedReference]:
    """The reference ``text`` names in words, when it names at least a book and a hymn (a book
    between 1 and 10); character positions are in ``_norm(text)``, which keeps ``text``'s length
    only for ordinary text — use ``rewrite`` to change the question."""
    norm = _norm(text)
    found = _bind(norm)
    if 0 not in found or 1 not in found or not 1 <= found[0][0] <= 10:
        return None
    if 2 in found and found[2][0] < 1:
        return None
    slots = sorted(found[k] for k in sorted(found))
    slots = sorted(slots, key=lambda s: s[1])
    point = tuple(found[k][0] for k in sorted(found))
    joined = all(len(norm[a[2]:b[1]].split()) <= 3 and not re.search(r"[,;:?!]", norm[a[2]:b[1]])
                 for a, b in zip(slots, slots[1:]))
    return WordedReference(point, min(s[1] for s in slots), max(s[2] for s in slots), joined)


def worded_reference(text: str) -> Optional[Tuple[int, ...]]:
    """(maṇḍala, hymn[, verse]) when the text names a book and a hymn in words (or digits beside a
    unit word); None when it names less than a book and a hymn."""
    found = find_reference(text)
    return found.point if found is not None else None


_DOTTED = re.compile(r"(?<![\d.])\d{1,3}\s*[.:]\s*\d{1,3}")


_HYMN_DOTTED = re.compile(r"(?<![\d.])(\d{1,2})\s*[.:]\s*(\d{1,3})(?![\d]|\s*[.:]\s*\d)[\s,;]*")


def _verse_of_dotted_hymn(text: str) -> Optional[str]:
    """"Hymn 3.8, verse 1", "10.90 stanza two" → "RV 3.8.1", "RV 10.90.2": a hymn in digits and
    its verse named after it by a unit word."""
    norm = _norm(text)
    if len(norm) != len(text):
        return None
    for m in _HYMN_DOTTED.finditer(norm):
        units = [h for h in find(norm[m.end():], ("verse",)) if h.start == 0]
        if not units:
            continue
        after = norm[m.end() + units[0].end:]
        number = next((n for n in numbers(after) if not after[:n.start].strip(" .:#")), None)
        if number is None or number.value < 1:
            continue
        end = m.end() + units[0].end + number.end
        start = m.start()
        lead = re.search(r"(?:\b(?:hymn|sukta|sūkta|rv|rigveda)\s*)$", norm[:start])
        start = lead.start() if lead else start
        return f"{text[:start]}RV {m.group(1)}.{m.group(2)}.{number.value}{text[end:]}"
    return None


def rewrite(text: str) -> Optional[str]:
    """``text`` with its worded reference written as "RV m.h[.v]" ("What is RV 5.3 about?"), or
    None when it names none (or already names a passage in digits, which wins)."""
    if not text:
        return None
    if _DOTTED.search(fold(text)):
        return _verse_of_dotted_hymn(text)
    norm = _norm(text)
    found = find_reference(text)
    if found is None:
        return None
    label = "RV " + ".".join(map(str, found.point))
    if not found.joined:  # "In the tenth mandala, what is the second hymn about?": said once more, in digits
        return f"{text.rstrip()} ({label})"
    start = found.start
    _, _, _, articles = _tables()
    lead = re.search(r"(\S+?)(\s*)$", norm[:start])
    if lead and lead.group(1) in articles and (lead.group(2) or lead.group(1).endswith("'")):
        start = lead.start(1)  # "the third hymn of book five" → "RV 5.3", "l'hymne sept …" → "RV …"
    base = text if len(norm) == len(text) else norm  # folding keeps every character in place, usually
    return f"{base[:start]}{label}{base[found.end:]}"


def value(words: str) -> Optional[int]:
    """ "forty-second" → 42, "one hundred and sixty-four" → 164, "12" → 12; None if not a number."""
    found = numbers(_norm(words))
    if len(found) != 1:
        return None
    return found[0].value
