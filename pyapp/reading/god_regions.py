"""The gods by the three regions of the world: "list three gods of the atmosphere", "which are the celestial
deities?", "the three regions the gods are divided into, with one god for each" (issue 19, set 20).

Why a table: the grouping of the gods into earth, mid-air and heaven is the Nirukta's (and every handbook's and
worksheet's), not a sentence of any verse, so a search finds verses that share a word ("three Goddesses" of
1.13.9, "three are the worlds") and no list. ``pyapp/data/god_regions.json`` (data) holds each region's words
and its gods, each with a verse of a hymn addressed to the god, and the hymns' own count of the gods by the
worlds (1.139.11). The answer names the grouping as the Nirukta's, so the reader knows it is later than the hymns.
A question about one god ("who is the god of the sky?") is the usual readers'.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional

from pyapp import data_tables
from pyapp.facts import FactAnswer
from pyapp.factbook.patterns import _q

__all__ = ["answer", "regions", "asked_regions"]

DATA_PATH = "data/god_regions.json"
_GODS = re.compile(r"\b(?:gods|deities|devas|divinities|devatas)\b")
_ALL = re.compile(r"\b(?:three|3)\s+(?:regions|realms|worlds|spheres|divisions|zones|levels|groups|classes|categories)\b|"
                  r"\bclassif\w*|\bdivided\b|\bgroup(?:ed|s|ing)?\b|\bcategor\w*|\bregions?\b")
_ASKS = re.compile(r"\b(?:list|name|names|which|what|who|give|match|table|classif\w*|divided|group\w*|categor\w*|"
                   r"enumerate|mention|tell)\b")


@lru_cache(maxsize=1)
def _table() -> Dict[str, Any]:
    return data_tables.table(DATA_PATH, {})


def regions() -> List[Dict[str, Any]]:
    return list(_table().get("regions", []))


def _cue(cue: str) -> "re.Pattern[str]":
    """The region's word bound to the gods: "gods of the (middle) atmosphere", "celestial deities" — not a region
    word anywhere in the question ("what do the gods do in the air?" is no request for a list)."""
    word = r"(?<![\w-])" + re.escape(cue) + r"(?![\w-])"
    return re.compile(r"\b(?:gods|deities|devas|devatas)\s+(?:of|in|from|belonging to|ruling|for)\s+(?:the\s+)?(?:[a-z-]+\s+)?"
                      + word + "|" + word + r"\s+(?:gods|deities|devas|devatas)\b")


def asked_regions(question: str) -> Optional[List[Dict[str, Any]]]:
    """The regions whose gods the question asks for (all three for "the three regions"), or None when it
    does not ask for gods by region."""
    q = _q(question)
    if not _GODS.search(q) or not _ASKS.search(q):
        return None
    named = [r for r in regions() if any(_cue(c).search(q) for c in r["cues"])]
    if _ALL.search(q) and (len(named) != 1 or re.search(r"\b(?:three|3)\s+(?:regions|realms|worlds)\b", q)):
        return regions()
    return named if len(named) == 1 else None


def _row(region: Dict[str, Any], most: int) -> str:
    return ", ".join(f"{name} [RV {ref}]" for name, ref in region["gods"][:most])


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The gods of the region (or of each region) asked, each with a verse of a hymn to the god."""
    asked = asked_regions(question)
    if not asked or index is None:
        return None
    own = _table().get("hymns_own", {})
    if len(asked) == 1:
        region = asked[0]
        text = (f"The gods of {region['label']} ({region['sanskrit']}), as the Nirukta groups the gods of the hymns, "
                f"are {_row(region, 7)}.")
        refs = [ref for _, ref in region["gods"]]
    else:
        rows = "; ".join(f"{r['label']} ({r['sanskrit']}): {_row(r, 4)}" for r in asked)
        text = (f"The three regions are the earth, the mid-air or atmosphere, and heaven or the sky; the Nirukta groups "
                f"the gods of the hymns by them — {rows}.")
        refs = [r["gods"][0][1] for r in asked] + [ref for r in asked for _, ref in r["gods"][1:4]]
    if own.get("ref"):
        text += f" The grouping is later than the hymns; {own['note']} [RV {own['ref']}]."
        refs.append(own["ref"])
    refs = [r for r in dict.fromkeys(refs) if index.by_ref(r) is not None]
    return FactAnswer(kind="list", text=text, refs=refs[:10], subject_hymns=[r.rsplit(".", 1)[0] for r in refs[:10]])
