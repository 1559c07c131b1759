"""Whether the RigVeda uses a word for its own speech, or names a later text by it: "Does the RigVeda
mention the Sāmaveda and the Yajurveda?", "Does it use the word ṛc for its verses?", "Is the word
'mantra' in the hymns?" (issue 19, set 18).

Why a reader of its own: such a question names the later book ("Sāmaveda") or an English spelling ("rc",
"mantras"), and a search for those letters finds no verse or the wrong ones, so the answer said "No verse
speaks directly of yajurveda" although RV 10.90.9 names ṛcaḥ, sāmāni and yajus together. Whether a word
occurs is a fact about the text: each asked word is read to its Sanskrit forms through a table that is data
(``pyapp/data/self_words.json``: the hymns' words for verse, chant, formula, metre, hymn and the later
names readers ask them by) and counted in the padapāṭha, where sandhi is undone and compounds are split, so
every inflected form counts and look-alikes (ṛcchati "goes", samāna "same") do not. The answer opens yes or
no with the count and the first verses in the text's order, cited; two words asked together are shown
first where they stand together.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.answer import REFS_LIMIT, FactAnswer
from pyapp.reading.text_named import text_named

__all__ = ["answer", "asked_words", "entries", "verses_with"]

DATA_PATH = "data/self_words.json"
SHOWN = 3
# a yes/no about presence: "does … mention/use/name …", "is the word … used/found …", "is there …"
_PRESENCE = re.compile(r"\b(?:mention\w*|use[sd]?|using|name[sd]?|naming|contain\w*|occur\w*|appear\w*|"
                       r"refer\w*|speak\w* of|talk\w* about|know\w*|found|attested|cite[sd]?|quote[sd]?|"
                       r"uses the word|the word)\b|उल्लेख|ज़िक्र|जिक्र|नाम", re.I)
_YES_NO = re.compile(r"^\s*(?:\W*\w+\W+){0,8}?(?:does|do|did|is|are|was|were|has|have|can|any)\b|\bis there\b|"
                     r"\bare there\b|^\s*क्या", re.I)
_FIRST = re.compile(r"\b(?:first|earliest|oldest|how many|how often|count)\b", re.I)


@lru_cache(maxsize=1)
def entries() -> Tuple[Dict[str, Any], ...]:
    """The table's rows; () when it cannot be read."""
    raw = data_tables.table(DATA_PATH, {})
    return tuple(raw.get("words", []))


def _fold(text: str) -> str:
    """Lower case, Latin marks off ("ṛc" → "rc"); Devanagari kept as it is."""
    decomposed = unicodedata.normalize("NFD", (text or "").lower())
    out = "".join(c for c in decomposed
                  if not (unicodedata.combining(c) and not ("\u0900" <= c <= "\u097f")))
    return unicodedata.normalize("NFC", out)


_EDGE_L, _EDGE_R = r"(?<![\w\u0900-\u097f])", r"(?![\w\u0900-\u097f])"
# where the asked word stands: right after the presence verb ("mention the Sāmaveda", "use the word ṛc"), after
# "the word" ("is the word 'mantra' used …"), first after a leading "is/are" ("is sāman used …"), or before a
# Hindi "… का उल्लेख"; "the Gāyatrī mantra is mentioned in …" or "Purusha sukta" name something else
_OBJECT = (r"\b(?:mention\w*|use[sd]?|using|name[sd]?|naming|contain\w*|know\w*|speak\w* of|refer\w* to|"
           r"talk\w* about)\s+(?:of\s+)?(?:the\s+|a\s+|an\s+|any\s+)?(?:words?\s+|terms?\s+|names?\s+)?{w}"
           r"|\b(?:word|term)\s+{w}|^\W*(?:is|are|was|were)\s+(?:the\s+)?{w}|{w}\s*(?:और\s+\S+\s+)?(?:का|के|की)\s+"
           r"(?:उल्लेख|ज़िक्र|जिक्र)")
_AND = r"{prev}\s*(?:,|and|or|&|as well as|और)\s+(?:the\s+)?(?:words?\s+)?{w}"


def _spelled(row: Dict[str, Any]) -> str:
    return "(?:" + "|".join(re.escape(_fold(s)) for s in sorted(row.get("spellings", []), key=len, reverse=True)) + ")"


def asked_words(question: str) -> List[Dict[str, Any]]:
    """The table's rows the question asks about, in the order it names them (each once): a word the presence
    verb governs, and the words joined to it by "and"/"or" ("the Sāmaveda and the Yajurveda")."""
    q = " ".join(re.sub(r"[\"'“”‘’?!.:;]", " ", re.sub(r"\([^)]*\)", " ", _fold(question))).split())
    found: List[Tuple[int, Dict[str, Any]]] = []
    for row in entries():
        word = _EDGE_L + _spelled(row) + _EDGE_R
        hit = re.search(_OBJECT.format(w=word), q)
        if hit is not None:
            found.append((hit.end(), row))
    if not found:
        return []
    first = sorted(found, key=lambda pair: pair[0])
    for row in entries():
        if any(row is r for _, r in first):
            continue
        prev = "(?:" + "|".join(_spelled(r) for _, r in first) + ")"
        hit = re.search(_AND.format(prev=prev, w=_EDGE_L + _spelled(row) + _EDGE_R), q)
        if hit is not None:
            first.append((hit.end(), row))
    return [row for _, row in sorted(first, key=lambda pair: pair[0])]


def verses_with(searcher: Any, forms: str) -> List[str]:
    """Refs of the verses whose padapāṭha has a word matching ``forms``, in the text's order."""
    pp = getattr(searcher, "padapatha", None)
    if pp is None:
        return []
    pattern = re.compile(forms)
    return [ref for ref in pp.refs
            if any(pattern.search(w) for w in re.split(r"[\s\-|]+", (pp.line(ref) or "").lower()) if w)]


def _cited(refs: List[str]) -> str:
    return ", ".join(f"RV {r}" for r in refs[:SHOWN]) + (" …" if len(refs) > SHOWN else "")


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """Yes/no with the count and the first verses for the hymns' own words the question asks about; else ``None``."""
    if index is None or searcher is None or not question:
        return None
    if not (_PRESENCE.search(question) and _YES_NO.search(question)) or _FIRST.search(question):
        return None
    named = text_named(question)
    if not (named.rigveda or named.hymn or re.search(r"\b(?:itself|its own|the word|verses?)\b", question, re.I)):
        return None
    rows = asked_words(question)
    if not rows:
        return None
    found = [(row, verses_with(searcher, row["forms"])) for row in rows[:3]]
    present = [(row, refs) for row, refs in found if refs]
    if not present:
        said = " or ".join(row["display"] for row, _ in found)
        return FactAnswer(kind="not_found", text=f"No: no verse of the RigVeda uses the word {said}. "
                          + " ".join(row["note"] for row, _ in found), refs=[])
    together: List[str] = []
    if len(present) > 1:
        sets = [set(refs) for _, refs in present]
        together = [r for r in present[0][1] if all(r in s for s in sets[1:])]
    parts = [f"{row['display']} (“{row['gloss']}”) in {len(refs)} verse{'s' if len(refs) != 1 else ''}, "
             f"first {_cited(refs)}" for row, refs in present]
    absent = [row["display"] for row, refs in found if not refs]
    names = " and ".join(row["display"] for row, _ in present)
    if together:
        lead = (f"Yes: the RigVeda names {names} together in {_cited(together)} [RV {together[0]}]; "
                + "; ".join(parts) + ".")
    else:
        lead = (f"Yes: the RigVeda uses the word {'; the word '.join(parts)} [RV {present[0][1][0]}].")
    if absent:
        lead += f" No verse uses {' or '.join(absent)}."
    notes = " ".join(dict.fromkeys(row["note"] for row, _ in found))
    refs = list(dict.fromkeys(together[:SHOWN] + [r for _, rs in present for r in rs[:SHOWN]]))[:REFS_LIMIT]
    text = lead + " Counted in the padapāṭha, every form of the word. " + notes
    return FactAnswer(kind="list", text=text, refs=refs,
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))
