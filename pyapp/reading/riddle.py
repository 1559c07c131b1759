"""A riddle verse asked as a riddle, or a verse retold in the reader's words: the words to look for.

"Riddle: three long-haired ones appear in due season … Who are they?", "'They told me these were
males, though truly females' - what riddle is this?": the question carries a retelling (or a quote)
of one verse and asks which verse it is, or who it speaks of. What is read here is only that
retelling — the quoted part when there is one, else the sentences left when the riddle frame
("Riddle from the Rigveda:", "In a riddle", "Which verse is this and …?") is taken away — for
``pyapp.agents.paraphrase`` to find by content-word overlap with every verse's translation.
"""
from __future__ import annotations

import re
from typing import Optional

_CUE = re.compile(r"\b(?:riddles?|enigma|enigmatic|puzzle|conundrum|arvoitus|találós|загадк\w*|kitendawili|"
                  r"bugtong)\b", re.I)
_QUOTED = re.compile(r"[\"“‘']([^\"”’]{12,240}?)[\"”’'](?=[\s,.;:?!)-]|$)")
_ASKS = re.compile(r"\b(?:which|what) (?:rig ?veda )?(?:verse|hymn|riddle|line)\b|\bwho (?:is|are) (?:this|these|they|it|"
                   r"the \w+)\b|\bwhere is (?:this|the) verse\b|\bwhat is (?:this|it) about\b", re.I)
_FRAME = re.compile(r"^\s*(?:(?:a|the|one|this|another)\s+)?(?:riddle|enigma|puzzle)(?:\s+(?:from|in|of)\s+the\s+"
                    r"rig ?veda)?\s*[:\-–—]\s*|^\s*in (?:a|one|the) riddle,?\s*|^\s*the poet asks:?\s*", re.I)


def retelling(text: str) -> Optional[str]:
    """The retold or quoted verse of a riddle question, or ``None`` when the question is no riddle."""
    quoted = [m.group(1) for m in _QUOTED.finditer(text) if len(m.group(1).split()) >= 4]
    if not _CUE.search(text):
        return None
    if quoted:
        return max(quoted, key=len)
    sentences = [s for s in re.split(r"(?<=[.?!])\s+", text.strip()) if s]
    kept = []
    for sentence in sentences:
        body = _FRAME.sub("", sentence)
        body = re.split(r"\s[-–—]\s(?=(?:what|which|who|where)\b)", body, flags=re.I)[0]  # "… - what riddle is this?"
        if _ASKS.search(body) and len(body.split()) <= 10:
            continue  # "Who are they?", "Which Rigveda verse is this and who is the child?"
        body = re.sub(r"\b(?:which|what) (?:rig ?veda )?(?:verse|hymn) is this\b.*$", "", body, flags=re.I)
        if len(body.split()) >= 4:
            kept.append(body)
    return " ".join(kept) or None
