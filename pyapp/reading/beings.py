"""Companies of beings the hymns name as groups: "who are the Vasus?", "what is an apsaras?", "visvedevas - who are
these all-gods?", "wer sind die Vasus im Rigveda?", "are apsaras even in the rig veda or only in the puranas?".

Why data: such a group is not a god with hymns of its own, so the readers of gods and words answered with the
verses that hold the word ("The RigVeda speaks to this most directly in RV 7.33 …") and no sentence said what the
group is. The groups readers ask about are a table (``pyapp/data/beings.json``: names in the spellings and scripts
readers use, a definition in our own words whose first sentence answers, verses that show them); a yes/no question
whether they are in the hymns opens "Yes — ".
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, List, Optional, Tuple

from pydantic import BaseModel

from pyapp.agents.text import fold
from pyapp.data_tables import rows
from pyapp.facts import FactAnswer

__all__ = ["Beings", "answer", "asks", "beings", "group_in"]

DATA_PATH = "data/beings.json"


class Beings(BaseModel):
    id: str
    display: str
    names: List[str]
    what: str
    refs: List[str]


@lru_cache(maxsize=1)
def beings() -> Tuple[Beings, ...]:
    return rows(DATA_PATH, "beings", Beings)


@lru_cache(maxsize=1)
def _patterns() -> Tuple[Tuple[Beings, "re.Pattern[str]"], ...]:
    out = []
    for group in beings():
        names = sorted({fold(n) for n in group.names if n.strip()}, key=len, reverse=True)
        out.append((group, re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")))
    return tuple(out)


_QUOTED = re.compile(r"['‘\"“«„]([^'’\"”»“]{2,}?)['’\"”»“]")
# the same requests for a verse, typed in other languages ("यह कौन सा मंत्र है?", "¿qué verso …?")
_OTHER_TYPED = re.compile(r"(?:मंत्र|मन्त्र|ऋचा|श्लोक|सूक्त|कहता|कहते|कहाँ|कहां|कौन से|कौन सी|कौन सा|verso|versos|strophe|стих|"
                          r"гимн|\bvers\b|\bverses?\b|\bmantras?\b|\bstanzas?\b)")


def group_in(question: str) -> Optional[Beings]:
    """The group the question names outside quotation marks (a quoted line is someone's words, not the subject)."""
    text = " ".join(fold(_QUOTED.sub(" ", question)).split())
    best: Optional[Tuple[int, Beings]] = None
    for group, pattern in _patterns():
        found = pattern.search(text)
        if found and (best is None or len(found.group(0)) > best[0]):
            best = (len(found.group(0)), group)
    return best[1] if best else None


# a question about what the group is (or whether the hymns have it), in the languages readers use
_WHAT = re.compile(r"(?<!\w)(?:who|what|tell me about|explain|describe|define|meaning of|are there|is there|"
                   r"are|is|quienes|quiénes|que son|qué son|qui sont|que sont|wer sind|was sind|chi sono|cosa sono|"
                   r"quem sao|quem são|o que sao|кто такие|что такое|кто|कौन|क्या है|क्या हैं|कौन हैं|कौन थे|"
                   r"कोण|के होते|कौन होते)(?!\w)")
# what another reader answers: a verse asked for, a count of verses, a hymn's seer, a comparison
_OTHER = re.compile(r"\b(?:which (?:verse|hymn|mantra|stanza)s?|how many (?:verses|hymns|times)|who composed|compar\w*|"
                    r"difference|versus|vs|where|says?|said|claims?|stor(?:y|ies)|born|children|parents?|mother|father|told|"
                    r"in the hymn)\b")
MAX_WORDS = 18  # a longer question asks something about the group, not what it is
_YES_NO = re.compile(r"^\W*(?:are|is|were|was|do|does|did)\b")


def asks(question: str) -> bool:
    text = " ".join(fold(question).split())
    if len(text.split()) > MAX_WORDS or _OTHER_TYPED.search(question):
        return False
    return group_in(question) is not None and bool(_WHAT.search(text)) and not _OTHER.search(text)



def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    if index is None or not question or not asks(question):
        return None
    group = group_in(question)
    if group is None:
        return None
    refs = [r for r in group.refs if index.by_ref(r) is not None]
    if not refs:
        return None
    text = " ".join(fold(question).split())
    opening = "Yes — " if _YES_NO.search(text) else ""
    what = group.what
    body = opening + (what[:1].lower() + what[1:] if opening and what.startswith("The ") else what)
    body += " " + " ".join(f"[RV {r}]" for r in refs[:3])
    return FactAnswer(kind="list", text=body, refs=refs[:10], subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))
