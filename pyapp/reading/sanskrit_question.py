"""A question written in Sanskrit (Devanagari) read into English: "नासदीयसूक्तस्य ऋषिः कः?" → "Who is the seer of
the Nāsadīya sūkta?" (issue 19, set 12).

Why its own reader: the word-by-word readers of Indic languages read Hindi, Marathi …; a Sanskrit question
has its own question words (कः, का, किम्, कति, कुत्र, कस्य …) and case endings instead of postpositions
("-स्य" of, "-े" in). The frame words are data (``pyapp/data/sanskrit_question_words.json``); a word not
listed is transliterated (a name: "नासदीयसूक्तस्य" → "of the nāsadīya sūkta"). Hindi is left alone: a
message with Hindi's own words (है, क्या, कौन, में …) is not read here.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional
from pyapp import data_tables

__all__ = ["read"]

_HINDI = {"है", "हैं", "था", "थे", "थी", "में", "से", "को", "क्या", "कौन", "कौनसा", "कितने", "कितनी", "कहाँ", "और", "नहीं",
          "होते", "होता", "हुआ", "की", "वाले", "बताइए", "बताओ", "किसने", "बताइये", "बताएं", "लिखिए", "लिखिये", "लिखें",
          "लिखो", "लिखकर", "भावार्थ", "दीजिए"}
_VERBS = {"killed": "kill", "praising": "praise", "praise": "praise", "says": "say", "what says": "say"}
_NOUNS = {"verse", "verses", "hymn", "hymns", "seer", "deity", "metre", "poet", "father", "message", "meaning",
          "subject", "mandala", "mandalas", "first", "last", "second", "third", "one"}
_TOKEN = re.compile(r"[\u0900-\u0963\u0966-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF]+")


@lru_cache(maxsize=1)
def _table() -> Dict[str, Any]:
    return data_tables.table("data/sanskrit_question_words.json", {})


def _name(word: str) -> str:
    """A word the table lacks, in IAST, with a case ending read: "nāsadīyasūktasya" → "of the nāsadīya sūkta"."""
    from pyapp.search.translit import deva_to_iast

    iast = deva_to_iast(word)
    prefix = ""
    if iast.endswith("sya") and len(iast) > 5:
        iast, prefix = iast[:-3], "of the "
    elif iast.endswith("e") and len(iast) > 4:
        iast, prefix = iast[:-1] + "a", "in the "
    iast = re.sub(r"(?<=\w)(sūkta|sukta)(m|ṃ|ḥ)?$", r" \1", iast)
    iast = re.sub(r"[ṃḥ]$", "", iast)
    return prefix + iast


def _sentence(text: str) -> Optional[str]:
    table = _table()
    words = _TOKEN.findall(text)
    asks = [w for w in words if w in table["asks"]]
    if not asks or any(w in _HINDI for w in words):
        return None
    ask = table["asks"][asks[0]]
    if ask == "what" and any(w in table.get("who_nouns", []) for w in words):
        ask = "who"
    heads: List[str] = []
    tails: List[str] = []
    for word in words:
        if word in table["asks"]:
            continue
        english = table["words"].get(word)
        if english is None:
            english = _name(word)
        if not english:
            continue
        (tails if english.startswith(("of the ", "in the ")) else heads).append(english)
    if not heads and not tails:
        return None
    # Sanskrit puts the verb last ("इन्द्रः वृत्रं कथम् अहन्"): the verb goes after the first name,
    # a participle ("स्तुवन्तः") before the words it governs, the nouns asked about first.
    verbs = [h for h in heads if h in _VERBS]
    nouns = [h for h in heads if h in _NOUNS]
    others = [h for h in heads if h not in verbs and h not in nouns]
    if ask == "how" and verbs and others:
        phrase = f"How did {others[0]} {_VERBS[verbs[0]]} {' '.join(others[1:] + tails)}"
    elif verbs:
        phrase = f"{ask.capitalize()} {' '.join(nouns)} {' '.join(verbs)} {' '.join(others + tails)}"
    elif ask == "how many":
        phrase = f"How many {' '.join(nouns + others)} are {' '.join(tails)}"
    else:
        heads = [h for h in others if h == "its"] + nouns + [h for h in others if h != "its"]
        plural = any(h.endswith("s") and h != "its" for h in nouns)
        verb = "are" if plural else ("was" if ask in ("when", "by whom") else "is")
        article = "" if not heads or heads[0].startswith(("its", "the ")) or heads[0][:1].isupper() else "the "
        phrase = f"{ask.capitalize()} {verb} {article}{' '.join(heads)} {' '.join(tails)}"
    return re.sub(r"\s+", " ", phrase).strip() + "?"


def read(text: str) -> Optional[str]:
    """The English reading of a Sanskrit question (its first sentence that asks), or ``None``."""
    if not text or not _TOKEN.search(text):
        return None
    for sentence in re.split(r"(?<=[?।॥!])\s*", text):
        found = _sentence(sentence)
        if found:
            return found
    return None
