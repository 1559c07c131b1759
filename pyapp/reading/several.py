"""Several questions typed as one ("सबसे प्राचीन वेद कौनसा है? इसमें कितने मण्डल है? किस सूक्त में …?").

Why: readers (students above all, copying a worksheet) put two or three questions in one message. Read as
one question, their words mix: one part's topic wins, or none does, and the other parts go unanswered.
Each part ends in its own question mark, in any script, so the message is split there and each part is
answered in turn as the next turn of a conversation (a later part's "it" / "इसमें" then means what the
earlier part was about). A part must have two words or more ("Why?" or "And 1.1.2?" is a follow-up of the
sentence before, not a question of its own), and at most ``MOST`` parts are answered.
"""
from __future__ import annotations

import re
from typing import List

from pyapp.reading.script import words_of

MOST = 4
_END = re.compile(r"(?<=[?？])\s+")
_WH = r"(?:who|whom|whose|what|which|how|where|when|to which|in which|of which|from which|to whom|by whom)"
# "Who composed the Nāsadīya and how many verses does it have?": two wh-questions joined by "and"; the second
# must itself ask (a wh-word then a verb), so "Who are Mitra and Varuṇa?" or "which gods and how …" stay one.
_ASKS = (r"(?:who\s+\w+|(?:what|which|how many|how much|in which|to which|of which)\s+"
         r"(?:metres?|meters?|verses?|hymns?|gods?|deity|deities|seers?|rishis?|goddess|book|mandala)\b|"
         rf"{_WH}\s+(?:\w+\s+){{0,3}}?(?:is|are|was|were|does|do|did|has|have|had|can)\b)")
_AND_WH = re.compile(rf"^(?P<first>{_WH}(?:\s+[^\s,]+){{2,}}?),?\s+and\s+(?P<second>{_ASKS}.{{3,}})$", re.IGNORECASE)


def questions(text: str) -> List[str]:
    """The questions a message asks, in order; one item (the message) when it asks one."""
    message = " ".join(str(text or "").split())
    parts = [p.strip() for p in _END.split(message) if p.strip()]
    if len(parts) == 1 and message.endswith(("?", "？")):
        joined = _AND_WH.match(message)
        if joined:
            parts = [joined.group("first").rstrip(" ,") + "?", joined.group("second")[:1].upper() + joined.group("second")[1:]]
    if len(parts) < 2 or len(parts) > MOST or not all(p.endswith(("?", "？")) for p in parts):
        return [message] if message else []
    if any(len([w for w in words_of(p) if len(w) >= 2]) < 2 for p in parts):
        return [message]
    from pyapp.reading import quoted_line

    found = quoted_line.read(message)
    if found is not None and all(_fragment(p) for p in parts if found.line not in p):
        return [message]  # "saw '…' on a post. source?? is it real?": one question about the line
    return parts


# words of a fragment that only asks after a quoted line ("source??", "is it real?", "which verse no?")
_FRAGMENT_WORDS = set("""source sources verse verses number exact exactly real really true correct right which where what
this that it is are was does do the a an no num reference ref mantra sukta hymn line from in of please pls""".split())


def _fragment(part: str) -> bool:
    return not [w for w in words_of(part.lower()) if len(w) >= 3 and w not in _FRAGMENT_WORDS]


__all__ = ["MOST", "questions"]
