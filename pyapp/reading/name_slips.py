"""Names of the hymns' world as readers spell them from memory, read as the names they mean
("Agasthya" → Agastya, "Lopamudhra" → Lopāmudrā, "Sarsvati" → Sarasvatī, "the Nasadya Sukt of the
Rigved" → "the Nāsadīya sūkta of the Rigveda").

Why: the English speller (``pyapp.reading.spelling``) leaves capitalised words alone, since a capital inside
a sentence is a name, and a name it does not know is read by the classifier as evidence of another subject
("names the hymns never use"), so a plain RigVeda question was refused. Indian spellings of Sanskrit names
add an h after a stop (Agasthya, Lopamudhra), drop a short a or i (Sarsvati, Nasadya, Rigved, Sukt) or double
a letter; those shapes are undone here against the lexicon's own keys (names, hymn titles, the RigVeda's own
words), so every name the index knows is mended without a table of misspellings.

A word is mended only when it is unknown to English, Griffith and the Sanskrit vocabulary, and only to a
key that is the single closest one of its shape: one added or dropped letter on the loose form, or the same
consonants in the same order for longer names.
"""
from __future__ import annotations

import re
from typing import Callable, Dict, Iterable, List, Optional, Tuple

from pyapp.lexicon import Lexicon, norm
from pyapp.reading.name_match import NameMatcher
from pyapp.reading.named import find_named

_WORD = re.compile(r"[A-Za-z]+")
_STOPS = "kgcjtdpbs"
MIN_NEAR = 6  # a name this long or longer may be one letter off
MIN_LENGTH = 4  # "Ved", "Rig" alone are mended only beside each other ("Rig Ved")
# readable forms of the RigVeda's own words and hymn titles (the lexicon keeps their keys only)
_DISPLAY = {"rgveda": "Rigveda", "veda": "Veda", "sukta": "sūkta", "suktas": "sūktas", "mandala": "maṇḍala",
            "nasadiya": "Nāsadīya", "samhita": "saṃhitā", "rsi": "ṛṣi", "rsis": "ṛṣis", "rgvedic": "Rigvedic"}


def loose(key: str) -> str:
    """The shape spelling varies least in: no h after a stop, no doubled letter, y read as i, no final a."""
    key = re.sub(rf"(?<=[{_STOPS}])h", "", key.replace(" ", ""))
    key = re.sub(r"(.)\1+", r"\1", key).replace("y", "i")
    return key[:-1] if key.endswith("a") and len(key) > 3 else key


def _consonants(key: str) -> str:
    return re.sub(r"[aeiou]", "", key)


def _one_apart(a: str, b: str) -> bool:
    """One vowel added or dropped (the short vowels readers leave out: sarsvati / sarasvati)."""
    if abs(len(a) - len(b)) != 1:
        return False
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    # the letter is a vowel: readers drop or add vowels (Sarsvati), not consonants ("Rudraksha" is no "Rudras")
    return any(long_[i] in "aeiou" and long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


class NameSlips:
    """The lexicon's keys by their loose shape, built once per lexicon."""

    def __init__(self, keys: Iterable[str], display: Dict[str, str]) -> None:
        self.display = display
        self.by_shape: Dict[str, List[str]] = {}
        for key in keys:
            if " " in key or len(key) < MIN_LENGTH:
                continue
            self.by_shape.setdefault(loose(key), []).append(key)

    @classmethod
    def of(cls, lexicon: Lexicon) -> "NameSlips":
        cached = getattr(lexicon, "_name_slips", None)
        if cached is None:
            keys = set(lexicon.names) | set(lexicon.rigveda) | set(lexicon.hymn_names)
            display = dict(lexicon.display)
            display.update(_DISPLAY)
            cached = cls(sorted(keys), display)
            setattr(lexicon, "_name_slips", cached)
        return cached

    def meant(self, word: str) -> Optional[str]:
        """The key ``word`` was meant as, or None (no key of its shape, or more than one)."""
        shape = loose(norm(word))
        if len(shape) < MIN_LENGTH - 1 or " " in shape:
            return None
        exact = self.by_shape.get(shape)
        if exact:
            return exact[0] if len({loose(k) for k in exact}) == 1 else None
        if len(shape) < 5:
            return None
        # one letter apart only between long names that begin alike ("aghanya" is no misspelt "agni")
        near = {s for s in self.by_shape if len(s) >= MIN_NEAR and s[:2] == shape[:2] and _one_apart(s, shape)}
        if not near and len(_consonants(shape)) >= 4:
            bones = _consonants(shape)
            near = {s for s in self.by_shape if s[:1] == shape[:1] and _consonants(s) == bones}
        if len(near) != 1:
            return None
        return self.by_shape[near.pop()][0]

    def name(self, key: str) -> str:
        return self.display.get(key, key[:1].upper() + key[1:])


def mend_names(text: str, lexicon: Lexicon, known: Callable[[str], bool],
               ordinary: Optional[Callable[[str], bool]] = None,
               english: Optional[Callable[[str], Optional[str]]] = None) -> Tuple[str, List[Tuple[str, str]]]:
    """``text`` with misspelt names read as the names meant, and the (typed, read as) pairs for a note.
    ``known(word)``: the word is English, Griffith's or Sanskrit as typed, or near a term (never mended here);
    ``ordinary(word)``: the word is English, Griffith's or the hymns' own as typed: a word not ordinary is tried
    with two slips (``pyapp.reading.name_match``), unless it is lower case and ``english(word)`` mends it into
    English with one slip while the name needs one or two ("mtira" may be "mira"; "Mtira" is Mitra)."""
    slips = NameSlips.of(lexicon)
    changes: List[Tuple[str, str]] = []
    text = re.sub(r"\b([Rr]ig|[Rr]g)[\s-]+([Vv]ed)\b(?![a-z])", lambda m: _pair(m, changes), text)

    def fix(match: "re.Match[str]") -> str:
        word = match.group(0)
        if len(word) < MIN_LENGTH or norm(word) in lexicon.names or find_named(word):
            return word  # a word of the named-passages table ("Aghanya": aghnyā) is read there
        # a piece of a word written with other letters ("Bhārgav", "Jamunę") is no word to read as a name
        glued = match.start() > 0 and text[match.start() - 1].isalpha() or \
            match.end() < len(text) and text[match.end()].isalpha()
        # a capitalised word beside another capitalised word that is no name is a modern person's or place's full
        # name ("Indira Gandhi", "Kali Yuga"), not a god's misspelt
        glued = glued or word[:1].isupper() and _in_full_name(text, match, lexicon)
        if known(word.lower()):
            return word if glued else _tolerant(word, lexicon, changes, ordinary, english)
        key = slips.meant(word)
        if key is None:
            return word if glued else _tolerant(word, lexicon, changes, ordinary, english)
        if key is None or loose(key) == loose(norm(word)) and norm(word) == key:
            return word
        name = slips.name(key)
        changes.append((word, name))
        return name

    return _WORD.sub(fix, text), changes


def _in_full_name(text: str, match: "re.Match[str]", lexicon: Lexicon) -> bool:
    after = re.match(r"[ \t]+([A-Z][a-z]+)", text[match.end():])
    before = re.search(r"[^.?!:;\s][ \t]+([A-Z][a-z]+)[ \t]+$", text[:match.start()])  # not the sentence's first word
    return any(m is not None and norm(m.group(1)) not in lexicon.names and norm(m.group(1)) not in lexicon.rigveda
               for m in (after, before))


def _tolerant(word: str, lexicon: Lexicon, changes: List[Tuple[str, str]], ordinary: Optional[Callable[[str], bool]],
              english: Optional[Callable[[str], Optional[str]]]) -> str:
    """``word`` read as the name two slips away, when no vocabulary knows it (else as typed)."""
    if ordinary is None or ordinary(word.lower()):
        return word
    found = NameMatcher.of(lexicon).match(word)
    if found is None:
        return word
    if found.distance and word.islower() and english is not None and english(word.lower()):
        return word  # one slip from English: the English speller reads it
    changes.append((word, found.name))
    return found.name


def _pair(match: "re.Match[str]", changes: List[Tuple[str, str]]) -> str:
    changes.append((match.group(0), "Rig Veda"))
    return "Rig Veda"


__all__ = ["NameSlips", "loose", "mend_names"]
