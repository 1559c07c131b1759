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


def _span(start: int, end: int) -> str:
    return f"verse {start}" if start == end else f"verses {start}–{end}"


__all__ = ["asked_verse", "lead"]
