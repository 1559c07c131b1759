"""Who speaks in a dialogue hymn: "who speaks first in it?", "who says the last verse?", "who is speaking in
verse 3?" after a dialogue was found.

Why: the Anukramaṇī gives each verse of a dialogue (saṃvāda) to its speaker as its seer (RV 1.179: verses 1–2
Lopāmudrā, 3–4 Agastya), but the verses' words rarely name the speaker, so the answer-slot reader picked a
name the verses mention ("the Ṛbhus speak first"). The speaker of the verse asked for is read from the index's
seer runs (``pyapp.factbook``), and the turns of the dialogue are listed after it.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Tuple

_ASKS = re.compile(r"\bwho\s+(?:speaks|is speaking|talks|says|speaks up|begins|opens|starts|replies|answers|"
                   r"has the last word|ends)\b(?P<rest>.*)$", re.I)
_WHERE = re.compile(r"\b(?P<pos>first|last|next|(?:in\s+)?(?:verse|stanza)\s+(?P<n>\d{1,2}))\b", re.I)
MAX_TURNS = 6


def asked_verse(question: str, verses: int) -> Optional[int]:
    """The verse whose speaker is asked for (1 for "first", the last for "last"), or None."""
    found = _ASKS.search(question)
    if found is None:
        return None
    where = _WHERE.search(found.group(0))
    if where is None:
        return 1 if re.search(r"\b(?:begins|opens|starts)\b", found.group(0), re.I) else None
    if where.group("n"):
        number = int(where.group("n"))
        return number if 1 <= number <= verses else None
    return verses if where.group("pos").lower() in ("last",) else 1


def lead(question: str, refs: Sequence[str], index: Any) -> Optional[Tuple[str, str]]:
    """The sentence that names the speaker the question asks for in the one hymn of ``refs``, and the ref of
    that verse; None when it asks no such thing, the verses span several hymns, or one seer speaks throughout."""
    hymns = list(dict.fromkeys(".".join(r.split(".")[:2]) for r in refs))
    if len(hymns) != 1 or index is None:
        return None
    try:
        from pyapp import facts
        from pyapp.factbook.wording import _named

        hymn = facts.facts_for(index).hymn(hymns[0])
    except Exception:
        return None
    if hymn is None:
        return None
    verse = asked_verse(question, hymn.verses)
    runs = [(s, e, v) for s, e, v in hymn.rishi_runs if v]
    if verse is None or len({v for _, _, v in runs}) < 2:
        return None
    who = next((v for s, e, v in runs if s <= verse <= e), "")
    if not who:
        return None
    ref = f"{hymn.mandala}.{hymn.hymn}.{verse}"
    where = "first" if verse == 1 else "last" if verse == hymn.verses else f"in verse {verse}"
    turns = [f"{_span(s, e)} {v}" for s, e, v in runs[:MAX_TURNS]]
    text = (f"{_named(who)} speaks {where} [RV {ref}]: the Anukramaṇī gives each verse of RV {hymns[0]} to its "
            f"speaker ({'; '.join(turns)}).")
    return text, ref


# "who is this 'I'?", "who is the 'I' of 10.125?", "who is the narrator?"
# (only the first person itself: "who is speaking?" is asked of dialogues, whose speakers ``lead`` names)
_ASKS_I = re.compile(r"\bwho\s+(?:is|was)\s+(?:this|the|that)\s+['‘’\"“”]?I['‘’\"“”]?(?!\w)"
                     r"|\bwho\s+(?:is|was)\s+(?:the\s+)?(?:narrator|first\s+person)\b"
                     # "the first person to die / who found the path" is the first *human*, not the grammar's "I"
                     r"(?!\s+(?:to|who|that|ever|on|in\s+the\s+(?:world|universe|legends?)|born|created|made)\b)", re.I)
_HYMN_REF = re.compile(r"(?<![\d.])(10|[1-9])\.(\d{1,3})(?:\.(\d{1,2}))?(?![\d]|\.\d)")


def _key(text: str) -> str:
    from pyapp.diacritics import strip_marks

    return re.sub(r"[^a-z]", "", strip_marks(text or "").lower())


def i_lead(question: str, refs: Sequence[str], index: Any) -> Optional[Tuple[str, str]]:
    """"Who is the 'I' of this hymn?": the hymn's seer by the Anukramaṇī, who speaks its first person (and, when
    the seer bears the deity's name, the deity speaking of itself), and the ref it cites; None when the question
    asks no such thing, or the hymn (named in the question, else the first cited) has several speakers (``lead``)."""
    if index is None or not _ASKS_I.search(question or "") or not hasattr(index, "by_ref"):
        return None
    named = _HYMN_REF.search(question)
    if named:
        hymn, verse = f"{named.group(1)}.{named.group(2)}", named.group(3) or "1"
    elif refs:
        hymn, verse = ".".join(refs[0].split(".")[:2]), refs[0].split(".")[2] if refs[0].count(".") == 2 else "1"
    else:
        return None
    found = index.by_ref(f"{hymn}.{verse}") or index.by_ref(f"{hymn}.1")
    seer = (getattr(found, "rishi", "") or "").strip() if found is not None else ""
    if not seer:
        return None
    verses = index.hymn(*map(int, hymn.split("."))) if hasattr(index, "hymn") else [found]
    if len({_key(v.rishi or "") for v in verses if v.rishi}) > 1 or len(_speakers(hymn, index)) > 1:
        return None  # a dialogue: each verse has its own speaker (``lead`` answers which)
    deity = (getattr(found, "deity", "") or "").strip()
    own = bool(deity) and (_key(deity)[:4] in _key(seer) or _key(seer)[:4] in _key(deity))
    text = (f"The “I” of RV {hymn} is the voice of its seer, by the Anukramaṇī {seer} [RV {found.ref}]"
            + (f", who is also the verse's deity ({deity}): the deity speaks of itself." if own else
               "; the poet speaks in the first person."))
    return text, found.ref


def _speakers(hymn: str, index: Any) -> set:
    """The distinct speakers of a hymn's seer runs (``pyapp.factbook``): two or more in a dialogue."""
    try:
        from pyapp import facts

        found = facts.facts_for(index).hymn(hymn)
    except Exception:
        return set()
    return {v for _, _, v in getattr(found, "rishi_runs", []) or [] if v}


def _span(start: int, end: int) -> str:
    return f"verse {start}" if start == end else f"verses {start}–{end}"


__all__ = ["asked_verse", "i_lead", "lead"]
