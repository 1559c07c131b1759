"""Where a poet or his clan names itself inside the verses ("Does Vāmadeva name himself in book 4?", "Where do
the Gotamas sign their hymns with their own name?"), answered from the index.

Why: the seer is the Anukramaṇī's (the ``rishi`` field), but a poet's own signature is in the verse text: the
Viśvāmitras, Vasiṣṭhas, Gotamas, Kaṇvas and Gṛtsamadas name themselves in their hymns' closing verses. Read as a
question about the seer, such a question got the list of his hymns (their first verses, which rarely name him)
or verses *to* him. The mechanism: the name asked about is a poet when the rishi fields hold it; the answer is
the verses of that poet's (or family's) own hymns whose Sanskrit has a word made of the name's stem and a case
ending (so *atri* meets *atrayaḥ*, *atrim*, never *atra* "here"), in the maṇḍala the question names if it names
one. Nothing here is a table of poets: the names come from the question, the evidence from the index.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from pyapp.agents.text import fold
from pyapp.facts import FactAnswer
from pyapp.lexicon import norm
from pyapp.reading.hymn_query import mandala_of

__all__ = ["asks_signature", "poet_stem", "signed_verses", "answer"]

# "names himself", "name themselves", "call himself by name", "sign … with their own name", "his own name"
_SIGNATURE = re.compile(
    r"\b(?:names?|naming|named|mentions?|mentioning|calls?|calling|refers? to)\s+(?:him|her|them|it)sel(?:f|ves)\b"
    r"|\bown names?\b|\bsign(?:s|ed|ing)?\b[^?.]*\bnames?\b|\bsignatures?\b"
    r"|\b(?:his|her|their|the poet'?s?|the seer'?s?|the clan'?s?|the family'?s?) names? (?:appears?|occurs?|comes?)\b",
    re.I)
# case endings (folded) of the two commonest stems, as they follow the stem in a verse word
_A_ENDINGS = ("", "a", "ah", "am", "ena", "aya", "at", "ad", "asya", "e", "au", "a", "abhyam", "aih", "ebhyah",
              "anam", "esu", "an", "o", "as", "ebhih", "asah", "aso", "ah", "eh", "ebhir", "aya", "ana")
_I_ENDINGS = ("", "i", "ih", "im", "ina", "aye", "eh", "ayah", "ayo", "ibhyah", "inam", "au", "ir", "is", "e",
              "ibhih", "ibhir", "isu", "in", "ayas")
_MIN_STEM = 4
MAX_REFS = 10


def asks_signature(question: str) -> bool:
    """Does the question ask where a poet names himself (or his clan) in the verses?"""
    return bool(_SIGNATURE.search(question))


def _stem(key: str, typed: str = "") -> Tuple[str, Tuple[str, ...]]:
    """A name's stem and the endings that may follow it: viśvāmitra → (visvamitr, a-endings); atri → (atr,
    i-endings); a plural clan name "gotamas" → (gotam, a-endings)."""
    if typed and fold(typed).lower().endswith("ri") and key.endswith("r"):  # norm wrote a final "ri" as vocalic r
        return key, _I_ENDINGS
    if key.endswith("as") and len(key) > 5:  # the clan: Gotamas, Vasiṣṭhas, Kaṇvas
        key = key[:-1]
    if key.endswith("a"):
        return key[:-1], _A_ENDINGS
    if key.endswith("i"):
        return key[:-1], _I_ENDINGS
    return key, _A_ENDINGS


def _rishi_keys(index: Any) -> Dict[str, str]:
    """Each hymn's ("M.H") folded rishi field."""
    cached = getattr(index, "_poet_signature_rishis", None)
    if cached is None:
        cached = {}
        for verse in index.verses:
            hymn = verse.ref.rsplit(".", 1)[0]
            if hymn not in cached:
                # the avagraha stands for an elided a: bhaumo'triḥ is bhaumo atriḥ
                cached[hymn] = norm(re.sub(r"['’ऽ]", " a", verse.rishi or ""))
        try:
            setattr(index, "_poet_signature_rishis", cached)
        except Exception:  # an index that takes no attributes: computed each time
            pass
    return cached


def _in_rishi(stem: str, rishi: str) -> bool:
    """Is the stem in a folded rishi field? Anywhere for a long stem (sandhi joins a name to the one before:
    maitrāvaruṇir-vasiṣṭhaḥ), at a word's start for a short one (atri, not maitrā-)."""
    return stem in rishi if len(stem) >= 5 else bool(re.search(rf"(?<![a-z]){re.escape(stem)}", rishi))


def _verse_words(index: Any) -> List[Tuple[Any, List[str]]]:
    """Each verse with its Sanskrit's folded words, computed once per index."""
    cached = getattr(index, "_poet_signature_words", None)
    if cached is None:
        # folded, without ``norm``'s vocalic-r rule, which would write atrír as "atrr" and hide its ending
        cached = [(verse, re.findall(r"[a-z]+", fold(verse.roman or "").lower())) for verse in index.verses]
        try:
            setattr(index, "_poet_signature_words", cached)
        except Exception:  # an index that takes no attributes: computed each time
            pass
    return cached


def poet_stem(question: str, index: Any) -> Optional[Tuple[str, str, Tuple[str, ...]]]:
    """The poet the question names: (the word as typed, its stem, its endings), when the rishi fields hold the
    stem (a poet of the Anukramaṇī, or his family); the longest such name wins. None otherwise."""
    rishis = " " + " ".join(_rishi_keys(index).values()) + " "
    best: Optional[Tuple[str, str, Tuple[str, ...]]] = None
    for typed in re.findall(r"[^\W\d_][\w'’ṛṝḷ]*", question):
        word = re.sub(r"['’]s?$", "", typed)
        if not word[:1].isupper() and len(word) < 6:
            continue
        stem, endings = _stem(norm(word).replace(" ", ""), word)
        short_ok = word[:1].isupper() and len(stem) >= 3
        if len(stem) < _MIN_STEM and not short_ok:
            continue
        if not _in_rishi(stem, rishis):
            continue
        if best is None or len(stem) > len(best[1]):
            best = (word, stem, endings)
    return best


def _names(word: str, stem: str, endings: Tuple[str, ...]) -> bool:
    """Is this folded verse word the stem with a case ending (or, for a long stem, the first part of a
    compound: viśvāmitrebhyaḥ, vasiṣṭhaputrāḥ)?"""
    if not word.startswith(stem):
        return False
    rest = word[len(stem):]
    return rest in endings or (len(stem) >= 6 and len(rest) <= 8)


def signed_verses(stem: str, endings: Tuple[str, ...], index: Any, mandala: int = 0) -> Tuple[List[str], bool]:
    """The verses that name the poet, in his (or his family's) own hymns first: (refs, own). ``own`` is False
    when none of his hymns names him and the refs are other hymns' verses that do (in the maṇḍala if given)."""
    rishis = _rishi_keys(index)
    own: List[str] = []
    other: List[str] = []
    for verse, words in _verse_words(index):
        if mandala and verse.mandala != mandala:
            continue
        if not any(_names(w, stem, endings) for w in words):
            continue
        hymn = verse.ref.rsplit(".", 1)[0]
        (own if _in_rishi(stem, rishis.get(hymn, "")) else other).append(verse.ref)
    return (own, True) if own else (other, False)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """"Where does X name himself?": the verses of X's hymns that say his (or his clan's) name, the first
    quoted; None when the question does not ask it or names no poet."""
    if index is None or not asks_signature(question):
        return None
    found = poet_stem(question, index)
    if found is None:
        return None
    typed, stem, endings = found
    mandala = mandala_of(fold(question).lower())
    refs, own = signed_verses(stem, endings, index, mandala)
    where = f" in book {mandala}" if mandala else ""
    if not refs:
        return FactAnswer(kind="not_found", text=f"No verse{where} has the name {typed} in its Sanskrit, in {typed}'s "
                          f"own hymns or others'.", refs=[])
    shown = refs[:MAX_REFS]
    listed = ", ".join(f"RV {r}" for r in shown) + (f" and {len(refs) - len(shown)} more" if len(refs) > len(shown) else "")
    clan = typed.endswith("s")  # "the Gotamas": the family itself
    whose = (f"hymns the Anukramaṇī gives to the {typed}" if clan else
             f"hymns the Anukramaṇī gives to {typed} or his family") if own else "hymns of other poets"
    first = index.by_ref(shown[0])
    quote = f" — “{' '.join((first.translation or '').split())}” [RV {shown[0]}]" if first is not None else ""
    count = f"{len(refs)} verse" + ("s" if len(refs) != 1 else "")
    text = (f"Yes: the name {typed} is in the Sanskrit of {count}{where}, in {whose}: {listed}.{quote}"
            if own else f"Not in his own hymns{where}; {count} of {whose} name {typed}: {listed}.{quote}")
    return FactAnswer(kind="list", text=text, refs=shown,
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in shown)))
