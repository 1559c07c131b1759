"""Questions that compare a god of the hymns with another tradition's: "Are the Aśvins the Greek
Dioscuri?", "Is Varuṇa the Vedic Ouranos?", "Mitra vs the Persian Mithra", "Is Dyaus cognate with Zeus?"
(issue 19, set 9: cross-tradition).

Why: such a question names the other tradition and its gods, words the hymns never use, so the
classifier's evidence against another subject ("names the hymns never use: Dioscuri"; "a god's name
on something else") refused it, though the reader asks about a god of the hymns and the answer is
that god's hymns. A comparison is read when the question names a tradition (or says "cognate",
"counterpart", "Indo-European") *and* asks for a likeness; the caller still requires a god of the
hymns to be named, and a question about another tradition's *text* stays another subject.

:func:`answer` then answers from the god's own hymns, and says in one clause that the likeness is the
finding of comparative study, not something the hymns state (they never name Zeus or the Dioscuri).
"""
from __future__ import annotations

import re
from typing import Any, Optional

from pyapp import facts as F
from pyapp.counts import god_hymns

__all__ = ["answer", "compares"]

_TRADITION = re.compile(
    r"\b(?:greeks?|grecian|hellenic|roman|romans|latin|norse|germanic|teutonic|iranian|persian|avestan|"
    r"zoroastrian|baltic|lithuanian|slavic|slavonic|hittite|celtic|mithraic|indo[- ]?european|pie|"
    r"proto[- ]?indo[- ]?european|indo[- ]?iranian|mytholog\w*|olympian)\b", re.I)
_LIKENESS = re.compile(
    r"\b(?:same|like|likewise|alike|equivalents?|counterparts?|cognates?|parallels?|versions?|related|"
    r"relation|correspond\w*|identical|identified|compare\w*|comparison|vs\.?|versus|similar\w*|"
    r"share[ds]?|common|origin|derived|borrowed|connection|connected|the (?:indian|vedic) \w+)\b", re.I)


def compares(question: str) -> bool:
    """Whether the question asks how a god of the hymns stands to another tradition's."""
    return bool(_TRADITION.search(question or "")) and bool(_LIKENESS.search(question or ""))


QUOTE_CHARS = 180
HYMNS_SHOWN = 3


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """The god's own hymns, with one clause that the likeness is comparative study's, not the hymns'."""
    if index is None or not compares(question):
        return None
    god = god_hymns(index, question)
    if god is None:
        return None
    hymns = F._sort_refs(god.alone + god.joint_refs) or F._sort_refs(god.part)
    if not hymns:
        return None
    shown = []
    for hymn in hymns[:HYMNS_SHOWN]:
        verse = next((v for v in (index.by_ref(f"{hymn}.{n}") for n in range(1, 4)) if v is not None), None)
        if verse is not None:
            text = (verse.translation or "").strip()
            if len(text) > QUOTE_CHARS:
                text = text[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
            shown.append((verse.ref, text))
    if not shown:
        return None
    total = len(set(god.alone + god.joint_refs + god.part))
    text = (f"The hymns speak only of {god.label}, never of the other tradition's figures: a likeness between them "
            f"is argued by comparative study (shared names and roles in Indo-Iranian and Indo-European myth), "
            f"not stated in the RigVeda. What the hymns say of {god.label}, addressed in {F._plural(total, 'hymn')}: "
            + " ".join(f"RV {ref}: “{quote}” [RV {ref}]" for ref, quote in shown))
    refs = [ref for ref, _ in shown]
    return F.FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[r.rsplit(".", 1)[0] for r in refs])
