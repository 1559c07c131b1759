"""A dialogue hymn named by who speaks in it: "Where does Agastya argue with Indra?", "the Nema Bhārgava
dialogue", "the hymn in which Indra, Agni, Varuṇa and Soma talk together", "Vasukra's wife and Indra".

Why: the dialogue hymns (saṃvāda) are asked for by their speakers, and the translation rarely names them
in the verses (Indra's reply in 8.100 says "I am here", not "Indra"), while the search weighs the question's
other words ("argue", "doubts", "tomorrow"). The Anukramaṇī does name them: each verse's seer is its
speaker in a dialogue, so a hymn whose verses have several seers and whose seers and gods include the
people the question names is the dialogue asked for. The people are matched against every hymn's verse
seers and gods (the index's ``rishi`` and ``deity`` fields), each weighted by how few hymns name it.

The result is a :class:`pyapp.reading.named.NamedMatch` for that hymn, so the turn treats it as a named
passage; its gloss says who speaks in it by the Anukramaṇī, so the reader sees why it was taken.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from pyapp.reading.named import NamedMatch, NamedPassage
from pyapp.reading.words import fold

# words that ask for a dialogue, in English and a few languages read without a word file
_ASKS = re.compile(
    r"\b(?:dialogues?|dialog\w*|conversations?|convers\w+|argu\w+|disputes?|debates?|quarrel\w*|"
    r"talk(?:s|ed|ing)? (?:with|to|together)|speak(?:s|ing)? (?:with|to|together)|spoke (?:with|to)|"
    r"repl(?:y|ies|ied)|answers? (?:him|her|them)|samvada|saṃvāda|diálogo|conversación|gespräch\w*|"
    r"streitgespräch|rozhovor\w*|mluví|spolu|диалог\w*|разговор\w*)\b|संवाद|बातचीत", re.I)
_JUNK = frozenset("""devata devatah rsih rsi rsika rsayah va ca iti adayah eke anye ekarsih tu sarve""".split())
MIN_SPEAKERS = 2  # a dialogue has verses by at least two seers (or is described as one)
MAX_SPEAKERS = 5  # … and by a few
MARGIN = 1.2  # the best hymn must beat the next by this factor
RARE = 12  # a person named by at most this many hymns is telling alone
MAX_HYMNS = 3  # at most this many dialogues of the same people


@dataclass(frozen=True)
class _Hymn:
    ref: str
    label: str
    people: FrozenSet[str]  # keys of its verses' seers and gods
    speakers: int  # distinct seer entries among its verses
    described: bool  # its heading calls it a dialogue


def key(word: str) -> str:
    """'varuṇaḥ', 'somāḥ', 'nemo', 'Bhārgava' → 'varuna', 'soma', 'nema', 'bhargava'."""
    value = re.sub(r"[^a-z]", "", fold(word).replace("sh", "s"))
    value = re.sub(r"[hm]$", "", value) if len(value) > 4 else value  # visarga, anusvāra
    return value[:-1] + "a" if value.endswith("o") and len(value) > 3 else value


def _stem(person: str) -> str:
    """Without a plural s and the stem vowel, so 'Maruts' meets 'marutaḥ' and 'Pururavas' 'purūravā'."""
    return re.sub(r"[aiu]$", "", re.sub(r"s$", "", person)) if len(person) > 4 else person


def _people(text: str) -> Set[str]:
    out = set()
    for word in re.split(r"[\s,()\-–/;.]+", text or ""):
        k = key(word)
        if len(k) >= 3 and k not in _JUNK and not k[:1].isdigit():
            out.add(_stem(k))
    return out


_CACHE: Dict[int, Tuple[Any, List[_Hymn], Dict[str, int]]] = {}


def _hymns(index: Any) -> Tuple[List[_Hymn], Dict[str, int]]:
    cached = _CACHE.get(id(index))
    if cached is not None and cached[0] is index:
        return cached[1], cached[2]
    grouped: Dict[str, List[Any]] = {}
    for verse in getattr(index, "verses", []) or []:
        grouped.setdefault(f"{verse.mandala}.{verse.hymn}", []).append(verse)
    hymns: List[_Hymn] = []
    df: Dict[str, int] = {}
    for ref, verses in grouped.items():
        people: Set[str] = set()
        for verse in verses:
            people |= _people(getattr(verse, "rishi", "") or "") | _people(getattr(verse, "deity", "") or "")
        label = getattr(verses[0], "addressee", "") or ""
        speakers = len({(getattr(v, "rishi", "") or "").strip() for v in verses})
        hymns.append(_Hymn(ref=ref, label=label, people=frozenset(people), speakers=speakers,
                           described=bool(re.search(r"dialogue|dispute|conversation", label, re.I))))
        for person in people:
            df[person] = df.get(person, 0) + 1
    _CACHE.clear()
    _CACHE[id(index)] = (index, hymns, df)
    return hymns, df


def _named(question: str, df: Dict[str, int]) -> Dict[str, str]:
    """The question's words that are a seer or god of some hymn: their keys, each with the word as typed."""
    out: Dict[str, str] = {}
    for word in re.findall(r"[^\W\d_]+", question):
        k = _stem(key(word))
        if len(k) >= 4 and k in df and k not in out:
            out[k] = word
    return out


def _matches(person: str, people: FrozenSet[str]) -> bool:
    # "vasukra" names Vasukra's wife too (vasukrapatnī), a patronymic does not ("aindra" is not "indra")
    return person in people or (len(person) >= 5 and any(p.startswith(person) for p in people))


def _two_speakers(hymn: "_Hymn", found: List[str]) -> bool:
    """Verses by two seers or more, a heading that calls it a dialogue, or one that names two of the people
    (10.10 "Yama and Yami", whose verses the Anukramaṇī gives to one seer line)."""
    heading = _people(hymn.label)
    if hymn.speakers > MAX_SPEAKERS and not hymn.described:
        return False  # a hymn of many seers, a verse each (10.137, the seven sages), is no dialogue
    return (hymn.speakers >= MIN_SPEAKERS or hymn.described
            or sum(1 for p in found if _matches(p, frozenset(heading))) >= 2)


def resolve(question: str, index: Any) -> Optional[NamedMatch]:
    """The dialogue hymn the question asks for by its speakers, as a named-passage match, or None."""
    if index is None or not _ASKS.search(question):
        return None
    hymns, df = _hymns(index)
    named = _named(question, df)
    if not named:
        return None
    total = float(len(hymns))
    weight = {p: math.log(total / df[p]) for p in named}
    ranked: List[Tuple[float, _Hymn, List[str]]] = []
    for hymn in hymns:
        found = [p for p in named if _matches(p, hymn.people)]
        if not found or not _two_speakers(hymn, found):
            continue
        score = sum(weight[p] for p in found) + (1.0 if hymn.described else 0.0)
        ranked.append((score, hymn, found))
    if not ranked:
        return None
    ranked.sort(key=lambda item: (-item[0], item[1].speakers))
    score, hymn, found = ranked[0]
    # two of the people named, or one rare name in a hymn its heading calls a dialogue
    if len(found) < 2 and not (hymn.described and df[found[0]] <= RARE):
        return None
    # a close second with the same people is a second dialogue of theirs (Agastya and Indra: 1.165, 1.170)
    close = [h for sc, h, f in ranked[1:MAX_HYMNS] if sc * MARGIN > score and len(f) == len(found)]
    if len(ranked) > 1 and score < MARGIN * ranked[1][0] and not close:
        return None
    chosen = [hymn] + close
    who = _listed([named[p] for p in found])
    where = _listed([f"RV {h.ref}" + (f" ({_article(h.label)})" if h.label else "") for h in chosen])
    passage = NamedPassage(id="dialogue_" + hymn.ref.replace(".", "_"), names=[f"the dialogue of {who}"],
                           refs=[h.ref for h in chosen],
                           about=f"{who} speak in {where}; the Anukramaṇī gives the verses to the speakers in "
                                 f"turn, and the question was read as asking for this dialogue.")
    return NamedMatch(passage=passage, matched=f"RV {hymn.ref}", text=who, score=len(who))


def _article(label: str) -> str:
    """"dialogue between …" → "a dialogue between …"; "diverse gods", "Indra and Vak" stay as they are."""
    return "a " + label if re.match(r"(?:dialogue|hymn|continuation|song|conversation|dispute)\b", label) else label


def _listed(items: List[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]



__all__ = ["key", "resolve"]
