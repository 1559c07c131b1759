"""Questions dictated to a phone: a name split into pieces ("in dra", "vrit ra", "var una", "ash wins")
or heard as English words ("guy a tree" for Gāyatrī, "sarah's vati" for Sarasvatī).

Why a joiner over a sound key: speech-to-text writes what it hears with the English words it knows,
so a name comes out as two or three short words. Each run of two or three adjacent words is joined
and compared with the well-known names (the lexicon's curated gods, seers and hymn names) by a
sound key that folds English spellings of the same sound ("sh"/"s", "w"/"v", "ee"/"i", a silent
"h", doubled letters). Only an exact key match of a name of five letters or more is taken, and
never when every joined word is a little English word ("us has" is not Uṣas), so a plainly English
question is left as typed; single words are never changed ("agony" stays agony).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, List, Tuple

from pyapp.agents.text import ENGLISH_STOP
from pyapp.lexicon import CURATED_NAMES, HYMN_NAMES, RIGVEDA_WORDS

__all__ = ["sound_key", "undictate"]

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_FOLDS = (("sh", "s"), ("ch", "c"), ("ph", "p"), ("th", "t"), ("dh", "d"), ("bh", "b"), ("kh", "k"), ("gh", "g"),
          ("w", "v"), ("uy", "ay"), ("ee", "i"), ("ea", "i"), ("oo", "u"), ("h", ""))
MIN_NAME = 5


def sound_key(text: str) -> str:
    """"sarah's vati" → "sarasvati", "guy a tree" → "gayatri", "ash wins" → "asvins"."""
    key = re.sub(r"[^a-z]", "", text.lower().replace("'s", "s"))
    for typed, heard in _FOLDS:
        key = key.replace(typed, heard)
    return re.sub(r"(.)\1+", r"\1", key)


@lru_cache(maxsize=1)
def _names() -> Dict[str, str]:
    """Sound key → the name as readers spell it, for the well-known one-word names."""
    out: Dict[str, str] = {}
    for name in list(CURATED_NAMES) + [h for h in HYMN_NAMES if " " not in h]:
        key = sound_key(name)
        if len(key) >= MIN_NAME:
            out.setdefault(key, name)
    return out


@lru_cache(maxsize=1)
def _known() -> frozenset:
    """Sound keys of the names and RigVeda words themselves ("nasadiya", "sukta"): a run holding one
    is a name already typed whole ("Nasadiya Sukta"), not a name split by dictation."""
    words = [w for n in list(CURATED_NAMES) + HYMN_NAMES + RIGVEDA_WORDS for w in n.replace("-", " ").split()]
    return frozenset(k for k in (sound_key(w) for w in words) if len(k) >= 4)


def undictate(text: str) -> Tuple[str, List[Tuple[str, str]]]:
    """The text with split or misheard names joined, and the (heard, name) pairs changed."""
    words = list(_WORD.finditer(text or ""))
    names = _names()
    out, changes, last, i = [], [], 0, 0
    while i < len(words):
        for size in (3, 2):
            run = words[i:i + size]
            if len(run) < size or all(w.group(0).lower() in ENGLISH_STOP for w in run):
                continue
            if any(sound_key(w.group(0)) in _known() for w in run):
                continue
            if any(text[a.end():b.start()].strip() for a, b in zip(run, run[1:])):
                continue  # only words separated by spaces
            name = names.get(sound_key("".join(w.group(0) for w in run)))
            if name and not any(sound_key(w.group(0)) == sound_key(name) for w in run):
                heard = text[run[0].start():run[-1].end()]
                out.append(text[last:run[0].start()] + name)
                changes.append((heard, name))
                last, i = run[-1].end(), i + size
                break
        else:
            i += 1
    out.append(text[last:] if text else "")
    return "".join(out), changes
