"""A hymn asked for by what it does: "Which hymn calls back the mind of a dying man?", "the sūkta that
drives disease out of every limb", "What hymn is sung to bring rain?".

Why: such a question describes a hymn the way the hymn's own heading does (10.58 is "a hymn for bringing back
the spirit"), but Griffith's verses use other words ("Thy spirit, that went far away to Yama…"), so the
verse search ranks the hymn low, below verses that share the question's commoner words ("mind", "man").
The description after "which hymn" is scored against every hymn's description the way a quoted title is
(``pyapp.reading.titled.by_description``: heading, gods and their glosses heavily, translation lightly,
each word by its rarity, with the same margins), and a clear winner is read as the passage named.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Optional

from pyapp.reading import titled
from pyapp.reading.named import NamedMatch, NamedPassage

# "which hymn …", "what sūkta …", "name the hymn that …", "the hymn that/which …" and the description after it
_ASKS = re.compile(r"(?:\b(?:which|what)\s+(?:rig\s*vedic\s+|rigvedic\s+|vedic\s+)?(?:hymn|s[uū]kta|sukt)\s+"
                   r"|\bthe\s+(?:hymn|s[uū]kta)\s+(?:that|which)\s+)(?:is\s+it\s+that\s+|is\s+)?(.{8,140})", re.I)
_TAIL = re.compile(r"\s*(?:in|of)\s+the\s+(?:rig\s*-?\s*veda|rigveda|hymns?)\b.*$|[?.!]+\s*$", re.I)
MIN_WORDS = 3  # a description, not one word ("which hymn is longest?" is a fact)


def resolve(question: str, index: Any, terms: Any = None,
            idf: Optional[Callable[[str], float]] = None) -> Optional[NamedMatch]:
    """The hymn the question describes after "which hymn", as a named-passage match, or None."""
    found = _ASKS.search(question)
    if found is None:
        return None
    from pyapp.reading import refrain  # lazy: it reads the index's text

    if refrain.asks(question):
        return None  # "which hymn repeats '…' in every verse?": found by its refrain, not by its heading
    description = _TAIL.sub("", found.group(1)).strip(" ,;:")
    if len(re.findall(r"[^\W\d_]{3,}", description)) < MIN_WORDS:
        return None
    hit = titled.by_description(description, index, terms, idf)
    if hit is None:
        return None
    ref, label = hit
    title = re.sub(r"^(?:a|an)\s+", "the ", label) if re.match(r"(?i)(?:a|an|the)\s", label) else f"RV {ref}"
    passage = NamedPassage(id="described_" + ref.replace(".", "_"), names=[title], refs=[ref],
                           about=f"its heading and gods match “{description}” best of all the hymns, so the "
                                 f"question was read as asking for RV {ref}.")
    return NamedMatch(passage=passage, matched=f"RV {ref}", text=description, score=len(description))


__all__ = ["resolve"]
