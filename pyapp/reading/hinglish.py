"""Questions typed in Hindi with Latin letters ("Rigved mein Agni ka zikr hai kya?"), read word by
word as English so the rest of the pipeline can find their names and topic.

Why: many readers of the RigVeda ask this way, and their words look like romanised Sanskrit to
every Sanskrit test ("ka", "ko", "hi" are Sanskrit words too), so such a question was treated as a
quotation and answered "No verse has these exact words". A gloss of the few dozen function and
question words is enough: what such a question asks about is the names it contains (Agni, Rudra,
Shiv), which stay as typed. A question counts as Hinglish only with at least two of these words,
one of them a word Sanskrit verse never has (``hai``, ``kya``, ``mein``, ``kaun``…), so a real
quotation ("ko addhā veda ka iha pravocat") is never glossed.
"""
from __future__ import annotations

import re
from typing import Optional

# Hindi → English, "" = dropped (honorifics and emphasis)
GLOSS = {
    "hai": "is", "hain": "are", "tha": "was", "thi": "was", "the": "were", "kya": "what", "kaun": "who",
    "kaunsa": "which", "kaunsi": "which", "konsa": "which", "konsi": "which", "kaise": "how", "kyun": "why",
    "kyon": "why", "kyu": "why", "kab": "when", "kahan": "where", "kaha": "where", "kitne": "how many",
    "kitna": "how much", "kisne": "who", "mein": "in", "me": "in", "ka": "of", "ki": "of", "ke": "of", "ko": "to",
    "se": "from", "aur": "and", "ya": "or", "nahi": "not", "nahin": "not", "bhi": "also", "ji": "", "hi": "",
    "zikr": "mention", "jikr": "mention", "baare": "about", "bare": "about", "likha": "written", "batao": "tell",
    "bataiye": "tell", "bataye": "tell", "samjhao": "explain", "matlab": "meaning", "arth": "meaning",
    "devta": "god", "devtaon": "gods", "devata": "god", "bhagwan": "god", "bhagvan": "god", "rachna": "composition",
    "rachi": "composed", "shlok": "verse", "richa": "verse", "rigved": "Rigveda", "shiv": "Shiva",
    "humein": "us", "hame": "us", "hota": "is", "hoti": "is", "hote": "are", "wala": "", "wali": "", "wale": "",
    "kuch": "something", "sab": "all", "sabse": "most", "pehla": "first", "pehli": "first", "aakhri": "last",
}
# words no Sanskrit verse has: one of them must be there
MARKERS = frozenset("hai hain kya kaun kaise kyun kyon kyu kitne kisne mein zikr jikr baare batao bataiye "
                    "bataye samjhao matlab likha nahi nahin devta bhagwan humein kaunsa konsa".split())
_WORD = re.compile(r"[A-Za-z]+")


def gloss(question: str) -> Optional[str]:
    """The question read word by word as English, or None when it is not Hinglish."""
    words = [w.lower() for w in _WORD.findall(question)]
    known = [w for w in words if w in GLOSS]
    if len(set(known)) < 2 or not set(words) & MARKERS:
        return None

    def swap(match: "re.Match[str]") -> str:
        word = match.group(0)
        english = GLOSS.get(word.lower())
        return word if english is None else english

    read = _WORD.sub(swap, question)
    return " ".join(read.split())
