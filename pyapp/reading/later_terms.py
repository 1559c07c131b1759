"""Later ideas in the RigVeda: "Is karma in the Rigveda?", "Is Hanumān mentioned?", "Does it teach mokṣa?"
(issue 19, set 12). The answer says honestly whether the word occurs, with the verses, or that it does not,
with the nearest verses.

Why a table: whether a later word is in the hymns is a fact about the text, and readers ask it of a few
dozen terms (karma, yoga, rebirth, avatars, later gods). ``pyapp/data/later_terms.json`` maps each term to
the IAST stems searched in the verses (the verses found are the evidence, counted from the index) or marks
it absent with the nearest verses; the notes say how the hymns' sense differs from the later one. A term
not in the table is left to the other readers (search finds a word it knows).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.diacritics import strip_marks, strip_vedic_accents

from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.patterns import _q
from pyapp.reading.text_named import text_named

__all__ = ["answer", "terms", "term_in"]

_PRESENCE = re.compile(r"\b(?:mention\w*|occur\w*|appear\w*|found|present|exists?|is there|are there|any(?:where)?|"
                       r"named|refer\w*|talk\w* about|speak\w* (?:of|about)|know\w*|teach\w*|contain\w*|"
                       r"is (?:\w+ )?in the|are (?:\w+ )?in the|"
                       # a later place asked as the gods' home ("do the gods live on Meru?"): is the place in the hymns
                       r"liv(?:e|es|ed|ing) (?:on|in|at)|dwell\w*|abode|home|"
                       # a later name asked as foretold ("is Kalki predicted in the RigVeda?"): is it in the hymns at all
                       r"predict\w*|foretel\w*|foretold|prophe\w*|"
                       # "does the Rigveda itself use this word?" (not "the mantra used in the pūjā", "origin of the word")
                       r"(?:use|uses|used)\b[^?.]{0,20}\b(?:word|term))\b")
_ENGLISH = re.compile(r"\b(?:the|is|are|does|do|what|which|who|how|of|in)\b")


@lru_cache(maxsize=1)
def terms() -> Tuple[Dict[str, Any], ...]:
    raw = data_tables.table("data/later_terms.json", {})
    return tuple(raw.get("terms", []))


def term_in(question: str) -> Optional[Dict[str, Any]]:
    """The table's term the question names (the longest spelling wins), or ``None``."""
    q = _q(question)
    best: Optional[Tuple[int, Dict[str, Any]]] = None
    for term in terms():
        for spelling in term["spellings"]:
            if re.search(rf"\b{re.escape(spelling)}\b", q) and (best is None or len(spelling) > best[0]):
                best = (len(spelling), term)
    return best[1] if best else None


def _bare_presence(q: str, term: Dict[str, Any]) -> bool:
    """The term asked as a bare presence ("puja in the rigveda? or only yajna", "China (Cina) in the Rig Veda?"):
    one of its spellings, perhaps with a word in brackets, just before "in the RigVeda", or after "where … says"."""
    return any(re.search(rf"\b{re.escape(sp)}\b(?: \([^)]*\))?\s+in (?:the )?(?:rig|rg|vedas?\b)", q)
               # "show me where the rigveda actually says sapta sindhu"
               or re.search(rf"\bwhere\b[^?]{{0,40}}\b(?:says?|said|uses?|used)\s+(?:the (?:word|term) )?['\"‘“]?{re.escape(sp)}\b", q)
               for sp in term["spellings"])


def _fold(text: str) -> str:
    return strip_marks(text).lower()


def _verses_with(index: Any, stems: List[str]) -> List[str]:
    """Refs of the verses with a word beginning with one of the stems (accents ignored), in the text's order."""
    # the stems keep their long vowels and retroflexes (brāhmaṇ- "a priest" is not brahman- "prayer"); only the pitch
    # accents are dropped from the verse, and a stem given without marks still matches a verse's plain letters
    plain = [strip_vedic_accents(s).lower() for s in stems]
    pattern = re.compile(r"(?:^|[\s|,.;'’])(?:" + "|".join(re.escape(s) for s in plain) + ")")
    folded = [s for s in plain if s == _fold(s)]  # a stem with no marks at all: matched on folded letters too
    loose = re.compile(r"(?:^|[\s|,.;'’])(?:" + "|".join(re.escape(s) for s in folded) + ")") if folded else None
    return [v.ref for v in index.verses
            if pattern.search(strip_vedic_accents(v.roman or "").lower()) or (loose and loose.search(_fold(v.roman or "")))]


_SAME = re.compile(r"\b(?:same|identical|equivalent|counterpart|cognate|related|version|equal)\b")


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """Yes/no with the verses for a later term the question names together with the RigVeda; else ``None``."""
    term = term_in(question)
    if term is None or index is None:
        return None
    q = _q(question)
    named = text_named(question)  # the RigVeda, its hymns or a hymn word, "Vedic"; not the Vedas in general
    if not (named.rigveda or named.vedic or named.hymn) or not (_PRESENCE.search(q) or not _ENGLISH.search(q)
                                                                 or _bare_presence(q, term)):
        return None
    if _SAME.search(q):  # "Is Mitra the same god as Persian Mithra?": a god set beside another tradition's, not the land
        from pyapp.counts import god_hymns

        if god_hymns(index, question) is not None:
            return None
    display = term["display"]
    if term.get("lead"):  # a counterpart under another name (the Parśu for the Persians): the lead says how far it goes
        refs = [r for r in term.get("refs", []) if index.by_ref(r) is not None]
        if refs:
            text = f"{term['lead']} {term['note']} " + ", ".join(f"[RV {r}]" for r in refs[:4])
            return FactAnswer(kind="list", text=text, refs=refs[:10], subject_hymns=list(dict.fromkeys(
                r.rsplit(".", 1)[0] for r in refs[:10])))
    if term.get("absent"):
        refs = [r for r in term.get("nearest", []) if index.by_ref(r) is not None]
        text = f"No: {display} is not named in any hymn of the RigVeda. {term['note']}"
        if refs:
            text += " " + ", ".join(f"[RV {r}]" for r in refs[:3])
        return FactAnswer(kind="not_found", text=text, refs=refs[:10], subject_hymns=[r.rsplit(".", 1)[0] for r in refs])
    found = _verses_with(index, term.get("stems", []))
    if not found:
        return None
    text = (f"Yes: the word {display} occurs in {len(found)} verse{'s' if len(found) > 1 else ''} of the RigVeda, "
            f"for example " + ", ".join(f"[RV {r}]" for r in found[:3]) + f". {term['note']}")
    return FactAnswer(kind="list", text=text, refs=found[:10], subject_hymns=list(dict.fromkeys(
        r.rsplit(".", 1)[0] for r in found[:10])))
