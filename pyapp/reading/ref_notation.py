"""References written in other notations, rewritten as "m.h.v" before anything else reads them.

Why: readers copy references from books, web pages and chanting manuals, each in its own notation —
``1/164/46``, ``10-129-1``, ``१०।९०।१२`` (Devanagari digits with daṇḍas), ``RgV III 62 10`` (a Roman
maṇḍala, numbers spaced), ``RV 1 164 46``. Every later reader (the reference parser, the reference
tasks, the foreign-language readers) knows the dotted form only, so a reference in another notation was
searched for its other words ("meaning", "text") and answered from unrelated verses or refused. One
rewrite here gives all of them the reference.

What counts: three numbers joined by one separator (``/``, ``-``, ``:``, ``।``, ``,`` or a space), each
in the text's bounds (maṇḍala 1–10, hymn ≤ 191, verse ≤ 58), so a date (2024-01-05), a price or a
score is never read as a verse; a space-separated or comma-separated triple needs a RigVeda word
before it (RV, RgV, Rigveda, ऋग्वेद), since "1 2 3" in a sentence is rarely a reference. A Roman
maṇḍala counts in upper case or after a RigVeda word. The dotted form itself is left alone.
"""
from __future__ import annotations

import re

_DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_ROMAN_RE = r"x|ix|viii|vii|vi|iv|v|iii|ii|i"
_PREFIX = (r"(?:r\.?\s?v\.?(?![ivx])|r\.?g\.?\s?v\.?(?![ivx])|ṛ\.?\s?v\.?(?![ivx])|ṛ\.?|ri?g\s?-?ved(?:a|am)?|ṛg\s?-?veda|rgveda|rk\s?samhita"
           r"|ri?g\.|ṛg\.?|ऋग्वेद\w*|ऋ\.?)")
# between the numbers after a RigVeda word or a Roman maṇḍala: a comma, spaces, a dot, or a hyphen, slash or colon
# ("Rg. VIII-101-15", "RV X/129/1", as books and posts print them); the same one both times
_SEP = r"(?P<sep>\s*,\s*|\s+|\.|\s?[-/:]\s?)"
_MAX = (10, 191, 58)  # the largest maṇḍala, hymn and verse numbers of the text
# "1/164/46", "10-129-1", "10।90।12", "10:191:2": one separator used twice, no dot (the dotted form is read already)
_JOINED = re.compile(rf"(?<![\w./:-])(\d{{1,2}})\s?([/\-:।॥|])\s?(\d{{1,3}})\s?\2\s?(\d{{1,2}})"
                     r"(?![\w/\-:]|\.\d)", re.I)
# "RV 1 164 46", "RgV III 62 10", "Rigveda X, 129, 1": a RigVeda word, then three numbers or a Roman maṇḍala and two
_PREFIXED = re.compile(rf"(?<!\w)(?P<prefix>{_PREFIX})[\s.]*(?P<m>\d{{1,2}}|{_ROMAN_RE}){_SEP}(?P<h>\d{{1,3}})"
                       rf"(?P=sep)(?P<v>\d{{1,2}})(?![\w]|\.\d)", re.I)
# "III 62 10", "X.129.1" with no RigVeda word: a Roman maṇḍala in upper case
_ROMAN_BARE = re.compile(rf"(?<![\w.])(?P<m>X|IX|VIII|VII|VI|IV|V|III|II|I){_SEP}(?P<h>\d{{1,3}})"
                         rf"(?P=sep)(?P<v>\d{{1,2}})(?![\w]|\.\d)")


def _number(token: str) -> int:
    low = token.lower()
    return _ROMAN[low] if low in _ROMAN else int(token)


def _label(m: int, h: int, v: int) -> str:
    """"m.h.v" (a three-part dotted reference is read anywhere), or "" outside the text's bounds."""
    if not (1 <= m <= _MAX[0] and 1 <= h <= _MAX[1] and 1 <= v <= _MAX[2]):
        return ""
    return f"{m}.{h}.{v}"


def canonical(text: str) -> str:
    """``text`` with each reference in another notation written "m.h.v" (unchanged when it has none)."""
    if not text:
        return text
    out = text.translate(_DEVANAGARI_DIGITS) if re.search(r"[०-९]", text) else text

    def joined(match: "re.Match[str]") -> str:
        label = _label(int(match.group(1)), int(match.group(3)), int(match.group(4)))
        return label or match.group(0)

    def prefixed(match: "re.Match[str]") -> str:  # the RigVeda word is kept: "RgV 3.62.10"
        label = _label(_number(match.group("m")), int(match.group("h")), int(match.group("v")))
        prefix = match.groupdict().get("prefix")
        return (f"{prefix} {label}" if prefix else label) if label else match.group(0)

    out = _PREFIXED.sub(prefixed, out)
    out = _ROMAN_BARE.sub(prefixed, out)
    out = _JOINED.sub(joined, out)
    return out if out != text.translate(_DEVANAGARI_DIGITS) else text


__all__ = ["canonical"]
