"""Does the question name the RigVeda, the Vedas, or a hymn? One judgement, at explicit levels.

Why one module: six readers decided this with their own patterns (the refusal's confidence, practice and
situation questions, questions about the text, later terms, the collection itself), so each knew a different
set of spellings and scripts, and a spelling added to one was missing from the others. The levels:

- ``rigveda``: the RigVeda itself, in any script or language. The romanised text (``reading.script.romanise``,
  accents folded) is matched loosely, so one pattern reads rigveda, rgveda, "rig veda", Rigwedy, Rigvédában,
  ригведа, ऋग्वेद, ঋগ্বেদ (rgbeda), ਰਿਗਵੇਦ (rigaveda), ฤคเวท, ריגוודה (brigvda: "in the RigVeda"); scripts with
  no table of the app's are read from the letters' Unicode names (``reading.any_script``: ریگ وید, 리그베다,
  ருக் வேதம்); the few spellings neither can read (Chinese and Japanese characters, the Arabic letter jīm for g,
  Greek's γκ) are a small table of names below (data).
- ``vedas``: the Vedas named as a whole ("the Vedas", "veda", वेद); ``vedic``: the adjective ("Vedic hymns").
- ``hymn``: a hymn word — hymn, sūkta, mantra, verse, stanza, ṛc, ṛṣi, prayer — or the hymns as a whole;
  ``the_hymns``: the hymns as a whole ("the hymns", "these sūktas", "the saṃhitā").

Each reader takes the levels its question needs (``world`` the RigVeda alone; ``later_terms`` the RigVeda, the
Vedic adjective and the hymns, not "the Vedas" in general). Pure Python.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from pyapp.agents.text import fold
from pyapp.reading.script import romanise

# the RigVeda's name however written once romanised: rigveda, rgveda, rig veda, rigvedan, rigvédából, rigaveda
# (an inherent a: Gurmukhi, Devanagari रिगवेद), brigvda (Hebrew "in the Rigveda"), rgbeda (Bengali), ригведа;
# inflected and compounded forms too; RV, the scholars' abbreviation
_ROMAN = re.compile(r"r[iyı]?ga?[\s-]?[vbw]e?d|\br[iu]k\s*-?\s*ved|\brv\b|\bṛgved", re.I)
# spellings neither romanising nor the letters' names read as the name (data: one line per script)
_NATIVE = tuple(unicodedata.normalize("NFKC", name) for name in """
梨俱吠陀 梨倶吠陀 梨俱韦陀 黎俱吠陀 梨俱吠陁
リグヴェーダ リグベーダ リグヴェダ
리그베다 리그 베다
ريجفيدا ريغفيدا الريجفيدا الريغفيدا ريجڤيدا
ριγκβεντα ριγκβέντα ριγβεδα ριγβέδα ρίγκβεντα ρίγκβέντα ριγκ βέντα
ரிக்வேத ருக்வேத இருக்குவேத
""".split())
_JOINERS = re.compile(r"[\s\u200c\u200d\u00b7\u30fb\u2027\-‐]+")  # spaces, ZWNJ/ZWJ, middle dots, hyphens
_VEDAS = re.compile(r"\bved(?:a|as|am|ah|y|akh|en|e|o|om|on)?\b")
_VEDIC = re.compile(r"\bvedic\b|\bvedisch\w*|\bvedique\w*|\bvedico\w*|\bvedica\w*|\bvediche\b|\bvedichesk\w*")
_HYMN = re.compile(r"\b(?:hymns?|suktas?|suktam|mantras?|verses?|stanzas?|rcs?|richas?|rishis?|rsis?|prayers?)\b")
_THE_HYMNS = re.compile(r"\b(?:(?:the|these|its|vedic) (?:hymns|suktas)|samhitas?)\b")


@dataclass(frozen=True)
class TextNamed:
    """What of the RigVeda's world a question names; each reader decides on the levels it needs."""

    rigveda: bool = False
    vedas: bool = False
    vedic: bool = False
    hymn: bool = False
    the_hymns: bool = False

    @property
    def any(self) -> bool:
        return self.rigveda or self.vedas or self.vedic or self.hymn or self.the_hymns


def _roman(question: str) -> str:
    try:
        return fold(romanise(question or ""))
    except Exception:  # noqa: BLE001 - a letter no table reads: the question as typed, folded
        return fold(question or "")


def names_rigveda(question: str) -> bool:
    """The question names the RigVeda itself, in any script or language."""
    if _ROMAN.search(_roman(question)):
        return True
    joined = _JOINERS.sub("", unicodedata.normalize("NFKC", question or "").lower())
    if any(_JOINERS.sub("", name) in joined for name in _NATIVE):
        return True
    if all(ord(c) <= 0x24F for c in question or ""):
        return False  # Latin letters: the pattern above has read them
    from pyapp.reading.any_script import names_rigveda as by_letter_names

    try:
        return by_letter_names(question or "")
    except Exception:  # noqa: BLE001 - an unreadable letter: not named
        return False


def text_named(question: str) -> TextNamed:
    """Every level the question names (see the module docstring)."""
    roman = " ".join(_roman(question).replace("’", "'").split())
    return TextNamed(rigveda=names_rigveda(question), vedas=bool(_VEDAS.search(roman)),
                     vedic=bool(_VEDIC.search(roman)),
                     hymn=bool(_HYMN.search(roman) or _THE_HYMNS.search(roman)),
                     the_hymns=bool(_THE_HYMNS.search(roman)))


__all__ = ["TextNamed", "names_rigveda", "text_named"]
