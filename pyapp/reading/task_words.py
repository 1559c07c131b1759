"""Which of a question's everyday-request words are the reader's own request.

Why: the classifier refuses a message that asks for an everyday task ("how do I cook…", "what time is
dawn tomorrow"), and two shapes of RigVeda question were refused with it:

* words quoted from the hymns or a translation are the hymns' words, not the reader's request:
  "Where does Agastya argue with Indra, who says 'nothing is today, nothing tomorrow'?" asks for a
  hymn, whatever the quoted line says (``unquoted``);
* a how-question whose object is the hymns' own world asks what the hymns teach, not for a recipe:
  "How can we calm the anger of the gods when we have offended them?", "How should I praise Agni?"
  (``own_requests``: the soft how-to patterns drop out when the question names a god, a hymn or the
  hymns' world — "the gods", "the sacrifice" — and no modern word says it is about something else).
"""
from __future__ import annotations

import re
from typing import List

# a quotation: in typographic or straight quotes, opened after a space or bracket and closed before one
_QUOTED = re.compile(r"(?<![\w])(?:'[^'\n]{3,200}'|‘[^’\n]{3,200}’|\"[^\"\n]{3,200}\"|“[^”\n]{3,200}”)(?![\w])")
# how-to requests: about the hymns' world when that world is their object, a task otherwise
SOFT_TASKS = (r"\bhow (do|can|should|would) (i|we|you)\b", r"\bhow to\b")
_WORLD = re.compile(r"\b(?:the )?(?:gods?|goddess(?:es)?|deit(?:y|ies)|hymns?|verses?|rishis?|seers?|sages?|"
                    r"sacrifices?|sacrificial|oblations?|worship|devas?|vedic|rigveda|rig veda)\b", re.I)


def unquoted(text: str) -> str:
    """``text`` without the words it quotes (each quotation left as one space)."""
    return _QUOTED.sub(" ", text)


def own_requests(text: str, tasks: List[str], names_a_god: bool, modern: bool) -> List[str]:
    """``tasks`` (the lexicon's matched task patterns) without the how-to patterns whose object is the
    hymns' world: the question names a god or a hymn (``names_a_god``) or speaks of the gods, hymns,
    seers or sacrifice, and uses no word the hymns never use (``modern``)."""
    if modern or not (names_a_god or _WORLD.search(unquoted(text))):
        return tasks
    return [t for t in tasks if t not in SOFT_TASKS]


__all__ = ["SOFT_TASKS", "own_requests", "unquoted"]
