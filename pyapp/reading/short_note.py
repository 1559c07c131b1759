"""An exam prompt about a god or a seer: "Write short notes on Savitṛ as a solar god.", "Short note on
Rudra (5 marks)", "Write a note on Parjanya as depicted in the Rigveda", "Discuss briefly Uṣas".

Why a reading: the prompt's framing ("write", "short notes", "marks", "as depicted") is not what the
reader wants searched, and a search for it finds verses that say "note" or nothing at all. What the
prompt asks is who the god is: the who-answer opens with a definition ("Savitṛ: the Impeller, a sun
god"), then the hymns addressed to him and the key verses, which is a short note's shape. Only a
subject that is one name of the hymns' world is read this way; a passage ("the Nāsadīya Sūkta") or a
concept ("the concept of ṛta") keeps its own readers.
"""
from __future__ import annotations

import re
from typing import Any, Optional

__all__ = ["subject", "rewrite"]

_PROMPT = re.compile(
    r"^\s*(?:please\s+)?(?:write\s+(?:a\s+)?(?:short\s+|brief\s+)?notes?\s+(?:on|about)|"
    r"(?:a\s+)?(?:short|brief)\s+notes?\s*(?:on|about|:|-)|discuss\s+(?:briefly\s+)?|"
    r"give\s+(?:a\s+)?(?:short|brief)\s+(?:note|account)\s+(?:of|on))\s*(?P<rest>\S.*)$", re.I)
_TAIL = re.compile(r"\s*(?:\(\s*\d+\s*marks?\s*\)|\d+\s*marks?|\bin\s+(?:the\s+)?ri?g\s?-?veda\b|"
                   r"\bas\s+(?:depicted|described|portrayed|seen|presented)\b.*|\bas\s+(?:an?|the)\s+.*|[.?!:]+)\s*$", re.I)


def subject(question: str) -> Optional[str]:
    """The subject of an exam prompt ("Savitr"), with its framing and qualifiers cut, or ``None``."""
    m = _PROMPT.match(question or "")
    if not m:
        return None
    rest = m.group("rest").strip()
    for _ in range(4):
        cut = _TAIL.sub("", rest).strip()
        if cut == rest:
            break
        rest = cut
    rest = re.sub(r"^(?:the\s+)", "", rest, flags=re.I)
    return rest or None


def rewrite(question: str, lexicon: Any) -> Optional[str]:
    """"Who is Savitr?" for a short-note prompt about one god, seer or figure; ``None`` otherwise."""
    name = subject(question)
    if not name or len(name.split()) > 2 or lexicon is None:
        return None
    try:
        hits = lexicon.analyse(name)
    except Exception:
        return None
    if hits.hymn_names or hits.rigveda or len(hits.names) != 1 or hits.word_count > len(hits.names[0].split()):
        return None  # a passage, or a name with other words ("Indra's weapons")
    return f"Who is {name}?"
