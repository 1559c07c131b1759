"""A woman seer's hymns: "Which verse is Romaśā's?", "Where are Sikatā Nivāvarī's Soma verses?", "What did
the ṛṣikā Śacī Paulomī compose?".

Why a table: the women the tradition counts as seers (``pyapp/data/rishikas.json``) are asked about by
name, and a question that also says "ṛṣikā" or "woman seer" otherwise finds the named passage about
the women seers as a group, not the one woman asked about. Most of them stand in the index's seer
field (the table gives the folded name to look for, so their verses are read from the index); a few
are listed by the Anukramaṇī only as the speaker of a verse (Romaśā), and the table gives those verses.
A name that is also a goddess or a figure of the myths (Indrāṇī, Yamī, Vāc, Sūryā) is read as the seer
only when the question asks about her as one.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.names import _key
from pyapp.factbook.patterns import _q
from pyapp.facts import FactAnswer

__all__ = ["Rishika", "rishikas", "named_in", "verses_of", "answer"]

DATA_PATH = "data/rishikas.json"

# The cue for a name that is also a goddess or a figure of the myths ("Sūryā" reads as the Sun, "Rātri" as
# Night): it must point at one woman as a seer. "The poets" or "the seers" in the plural speak of the poets
# in general ("How do the poets tell Uṣas apart from Sūrya?"), not of her.
_HER_AS_SEER = re.compile(r"\b(?:seer|rishikas?|rsikas?|rishi|rsi|poet|poetess|compos(?!ers)\w*|wrote|written|"
                          r"author(?!s)\w*|attribut\w*|ascribed|credited|hers|woman|women|female|brahmavadini\w*)\b")
_ASKS = re.compile(r"\b(?:which|what|where|whose|hymns?|suktas?|verses?|mantras?|richas?|stanzas?|find|show|list|"
                   r"tell|give)\b")
_OTHER = re.compile(r"\b(?:father|mother|husband|wife|brother|sister|son|daughter|parents?|married|how many)\b")


class Rishika:
    """One woman seer: her spellings, the folded name in the index's seer field, or her verses."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.names: List[str] = list(raw["names"])
        self.name = self.names[0]
        self.key: str = raw.get("key", "")
        self.refs: List[str] = list(raw.get("refs", []))
        self.needs_cue: bool = bool(raw.get("needs_cue", False))
        self.about: str = raw.get("about", "")
        self.spellings: List[List[str]] = [[_key(w) for w in n.split()] for n in self.names]


@lru_cache(maxsize=1)
def rishikas() -> Tuple[Rishika, ...]:
    return tuple(Rishika(e) for e in data_tables.table(DATA_PATH, {}).get("entries", ()))


def _same(word: str, name: str) -> bool:
    """A word of the question is the name, allowing an ending added by another language ("Paulomiin")."""
    if word == name:
        return True
    return len(name) >= 5 and word.startswith(name) and len(word) - len(name) <= 3


def named_in(question: str) -> Optional[Tuple[Rishika, bool]]:
    """The woman seer the question names, and whether it names her in full (two names: "Śacī Paulomī")."""
    words = [_key(w) for w in re.findall(r"[^\W\d_]+", question)]
    best: Optional[Tuple[int, Rishika, bool]] = None
    for rishika in rishikas():
        for spelling in rishika.spellings:
            n = len(spelling)
            for i in range(len(words) - n + 1):
                if all(_same(words[i + j], spelling[j]) for j in range(n)):
                    full = n > 1 or not rishika.needs_cue
                    if best is None or n > best[0]:
                        best = (n, rishika, full)
    return (best[1], best[2]) if best else None


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text or "")
    return " ".join(re.sub(r"[^a-z ]", "", "".join(c for c in decomposed if not unicodedata.combining(c)).lower()).split())


def verses_of(rishika: Rishika, index: Any) -> List[str]:
    """Her verses: those whose seer field names her, else the table's."""
    if rishika.key:
        found = [v.ref for v in index.verses if rishika.key in _fold(v.rishi or "")]
        if found:
            return found
    return [r for r in rishika.refs if index.by_ref(r) is not None]


def _where(refs: List[str], index: Any) -> str:
    """"RV 10.159 (all 6 verses)", "RV 9.86.11–20", "RV 1.126.7": her verses by hymn."""
    by_hymn: Dict[str, List[int]] = {}
    for ref in refs:
        hymn, verse = ref.rsplit(".", 1)
        by_hymn.setdefault(hymn, []).append(int(verse))
    parts = []
    for hymn, nums in by_hymn.items():
        total = sum(1 for v in index.verses if v.ref.rsplit(".", 1)[0] == hymn) if len(nums) > 1 else 0
        if total and len(nums) == total:
            parts.append(f"RV {hymn} (all {total} verses)")
        elif nums == list(range(nums[0], nums[-1] + 1)) and len(nums) > 1:
            parts.append(f"RV {hymn}.{nums[0]}–{nums[-1]}")
        elif len(nums) == 1:
            parts.append(f"RV {hymn}.{nums[0]}")
        else:  # "RV 10.86 (verses 2, 3, 4 …)": only shown verses may be written as references
            parts.append(f"RV {hymn} (verses {', '.join(str(n) for n in nums[:6])}{' …' if len(nums) > 6 else ''})")
    return "; ".join(parts)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """Where the woman seer the question names composed, by the Anukramaṇī, or ``None``."""
    if not getattr(index, "verses", None):
        return None
    found = named_in(question)
    if found is None:
        return None
    rishika, full = found
    q = _q(question)
    if _OTHER.search(q) or not _ASKS.search(q):
        return None  # "Who was Ghoṣā's father?", "Who is Indrāṇī's husband?": their own readers
    if not full and not _HER_AS_SEER.search(q):
        return None  # "What does Indrāṇī say to Indra?": the goddess, not the seer
    refs = verses_of(rishika, index)
    if not refs:
        return None
    hymns = list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs))
    text = (f"{rishika.name} is one of the women seers (ṛṣikās) of the RigVeda: the Anukramaṇī gives her "
            f"{_where(refs, index)}" + (f", {rishika.about}" if rishika.about else "") + f" [RV {refs[0]}].")
    shown = [next(r for r in refs if r.rsplit(".", 1)[0] == h) for h in hymns[:3]]  # each hymn's first verse of hers
    shown += [r for r in refs if r not in shown][:max(0, 4 - len(shown))]
    return FactAnswer(kind="seer", text=text, refs=shown, subject_hymns=hymns)
