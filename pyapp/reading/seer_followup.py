""""What else did he compose?" after an answer that named a seer: the seer is an entity of the conversation
(issue 19, set 15).

Why state and not text: the pronoun points at the person the *last answer* named ("… Vasiṣṭha composed RV
7.103", "Madhucchandas's father is Viśvāmitra"), not at a word of the new question, and "other" means the
hymns the conversation has not shown yet. So the seer is read from the last answer — the first seer it names
that the earlier turns had not named (the new person: the father, the husband), else the first it names —
and the answer lists that seer's hymns from the Anukramaṇī's rishi field (:func:`pyapp.counts.seer_hymns`),
minus the hymns already cited. Names are the index's data; nothing here names a seer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Set, Tuple

from pyapp.factbook.answer import LIST_LIMIT, REFS_LIMIT, FactAnswer
from pyapp.reading.words import fold

__all__ = ["SeerFollowup", "asks", "read"]

_POINTER = re.compile(r"\b(?:he|him|his|she|her|hers|they|them|their|(?:that|this|the|the same)\s+(?:poet|seer|sage|rishi|rsi|"
                      r"author|composer|father|husband|wife|son|daughter|brother|mother|man|woman|one|family|clan))\b")
_WORKS = re.compile(r"\b(?:compos\w*|wr[io]te|written|writ\w*|authored|made|hymns?|suktas?|poems?|songs?|works?)\b")
_MORE = re.compile(r"\b(?:other|else|more|another|rest|also|too|list|which|what|any|all|some|name)\b")
_RUN = re.compile(r"[^\W\d_][\w’'-]*(?:\s+[^\W\d_][\w’'-]*)*")
_STOP = set("the and hymn hymns rigveda according anukramani anukramaṇī verse verses seer seers his her its "
            "who what which is are was were composed by of to in a an yes no".split())


@dataclass
class SeerFollowup:
    """The seer a follow-up points at, the hymns the conversation already showed, and the answer."""

    seer: str
    shown: List[str]
    fact: FactAnswer


_WHO_SEER = re.compile(r"^(?:and\s+|so\s+)?(?:(?:who|which)\s+(?:is|was|were)\s+)?(?:its|the|this|that)\s+(?:seer|rishi|rsi|poet|"
                       r"author|composer|sage)s?\s*\??$|^(?:and\s+)?who\s+(?:is|was)\s+(?:its|the|this|that)\s+(?:seer|rishi|rsi|"
                       r"poet|author|composer|sage)(?:\s+of\s+(?:it|this|that)(?:\s+hymn)?)?\s*\??$")
_COMPOSING = re.compile(r"\b(?:compos\w*|wr[io]te|written|writ\w*|authored|by (?:him|her|them|that poet|this poet|the poet))\b")
_PERSON_ASKED = re.compile(r"\b(?:compos\w*|wr[io]te|written|authored|seers?|rishis?|rsis?|poets?|authors?|sages?|father|"
                           r"husband|wife|son|mother|daughter|brother|sister|teacher)\b")
_FATHER = re.compile(r"\b(?:his|her|their|the seer's|the poet's)\s+(?:father|parent)\b")


def asks(question: str) -> bool:
    """Does the question ask for the works of someone it only points at ("what else did he compose?")?"""
    q = fold(question)
    return bool(_POINTER.search(q) and _WORKS.search(q) and _MORE.search(q))


def _lead(answer: str) -> str:
    """The answer's own statement, before the verses it quotes (a quotation's names are not its entities)."""
    cut = re.split(r"\s-\s“|\n\s*-|\n\s*•|Its key verses|Key verses", answer or "", maxsplit=1)
    return cut[0]


def _seer_of_hymn(ref: str, index: Any) -> Optional[Any]:
    """The seer the Anukramaṇī names for most of the hymn's verses, as a :class:`pyapp.counts.SeerHymns`."""
    from pyapp import facts as F

    hymn = F.facts_for(index).hymn(ref)
    if hymn is None:
        return None
    from pyapp.counts import seer_hymns

    runs = sorted(hymn.raw_rishi, key=lambda run: run[0] - run[1])  # the seer of most verses first
    best = None
    heading = re.sub(r"\(.*?\)", " ", runs[0][2] if runs else "")  # "(āṅgirasaḥ … paścād)": a gloss on the name
    # sandhi undone at an avagraha: "sauryo'bhitapāḥ" is "sauryaḥ abhitapāḥ" (Abhitapas of the Saurya family), not
    # "sauryo" and "bhitapāḥ" (the family name alone was named as the seer)
    heading = re.sub(r"o['’ʼ]", "aḥ a", re.sub(r"e['’ʼ]", "e a", heading))
    for word in re.findall(r"[^\W\d_]{4,}", heading):
        stem = re.sub(r"(?:aḥ|o)$", "a", re.sub(r"ḥ$", "", word)) if re.search(r"(?:aḥ|o)$", word) else word.rstrip("ḥ")
        seer = seer_hymns(index, stem) or seer_hymns(index, word)  # "vāmadevo", "-aḥ": the nominative's stem
        if seer is not None and ref in seer.refs and (best is None or len(seer.refs) < len(best.refs)):
            best = seer  # the person (fewest hymns) among the names the heading gives, a patronymic being shared
    return best


def _last_hymn(history: Sequence[Any]) -> str:
    for turn in reversed(list(history)):
        for ref in list(getattr(turn, "citations", None) or []):
            return ".".join(str(ref).split(".")[:2])
    return ""


def _seers_in(text: str, index: Any) -> List[Tuple[int, Any]]:
    """(place, seer) for each run of capitalised words of ``text`` that names a seer of the index; in a run
    ("Maitrāvaruṇi Vasiṣṭha", "Madhucchandas Vaiśvāmitra") the word with the fewest hymns is the person,
    a patronymic being shared by the whole family."""
    from pyapp.counts import seer_hymns

    out: List[Tuple[int, Any]] = []
    for run in re.finditer(r"(?:[A-ZĀĪŪṚṢŚṆ][\w’'-]*\s*)+", text):
        best = None
        for word in re.findall(r"[^\W\d_]{4,}", run.group()):
            if fold(word) in _STOP:
                continue
            seer = seer_hymns(index, re.sub(r"[’']s?$", "", word))
            if seer is not None and seer.refs and (best is None or len(seer.refs) < len(best.refs)):
                best = seer
        if best is not None:
            out.append((run.start(), best))
    return out


def _woman(seer: Any) -> bool:
    """Whether the seer is one of the women seers (``pyapp/data/rishikas.json``): "he" does not point at her."""
    from pyapp.reading.woman_seer import rishikas

    persons = {fold(p) for p in getattr(seer, "persons", []) or [] if len(fold(p)) >= 4}
    for woman in rishikas():
        names = {fold(n).split()[0] for n in woman.names if fold(n)} | ({fold(woman.key)} if woman.key else set())
        if persons & names:  # whole names: Agastya is not Agastyasvasā
            return True
    return False


def _named_before(seer: Any, earlier: str) -> bool:
    return any(fold(p)[:6] in earlier for p in seer.persons if len(fold(p)) >= 4)


def read(question: str, history: Sequence[Any], index: Any) -> Optional[SeerFollowup]:
    """The follow-up's seer and answer, or ``None`` (no pointer, the question names a seer itself, or the
    last answer names none)."""
    if not history or index is None or _seers_in(question, index):
        return None
    turns = [t for t in history if (getattr(t, "answer", "") or "")]
    if not turns:
        return None
    q = fold(question).strip()
    if _WHO_SEER.search(q):  # "who is the rishi?": the seer of the hymn the conversation is about
        ref = _last_hymn(turns)
        seer = _seer_of_hymn(ref, index) if ref else None
        if seer is None:
            return None
        text = f"The Anukramaṇī names {seer.name} as the seer of RV {ref} [RV {ref}.1]."
        return SeerFollowup(seer=seer.name, shown=[ref], fact=FactAnswer(
            kind="seer", text=text, refs=[f"{ref}.1"], subject_hymns=[ref]))
    father = bool(_FATHER.search(q))
    if not father and not asks(question):
        return None
    last = turns[-1]
    if not _COMPOSING.search(q) and not _PERSON_ASKED.search(fold(getattr(last, "question", "") or "")):
        return None  # "which hymns praise him?" after "who is Pūṣan?": the god, not a seer, is "him"
    found = _seers_in(_lead(getattr(last, "answer", "") or ""), index)
    if not found:
        return None
    earlier = fold(" ".join(f"{getattr(t, 'question', '')} {getattr(t, 'answer', '')}" for t in turns[:-1])
                   + " " + (getattr(last, "question", "") or ""))
    if re.search(r"\b(?:he|him|his)\b", q):  # "what did he compose?" after "Lopāmudrā's husband: Agastya"
        found = [(i, s) for i, s in found if not _woman(s)] or found
    fresh = [s for _, s in found if not _named_before(s, earlier)]
    seer = (fresh or [s for _, s in found])[0]
    if father:  # "and who was his father?": the patronymic of the seer the last answer named
        from pyapp.factbook.query import _father

        fact = _father(f"Who is {seer.name}'s father?", index)
        return SeerFollowup(seer=seer.name, shown=[], fact=fact) if fact is not None else None
    shown: Set[str] = set()
    for turn in turns:
        for ref in list(getattr(turn, "citations", None) or []):
            shown.add(".".join(str(ref).split(".")[:2]))
    others = [r for r in seer.refs if r not in shown]
    skipped = [r for r in seer.refs if r in shown]
    if not others:
        text = (f"The Anukramaṇī names {seer.name} as the seer of {len(seer.refs)} hymn{'s' if len(seer.refs) > 1 else ''} "
                f"only: " + ", ".join(f"RV {r}" for r in seer.refs[:LIST_LIMIT]) + f", already shown [RV {seer.refs[0]}.1].")
        return SeerFollowup(seer=seer.name, shown=skipped, fact=FactAnswer(
            kind="seer", text=text, refs=[f"{seer.refs[0]}.1"], subject_hymns=list(seer.refs)))
    listed = others[:LIST_LIMIT]
    besides = f" besides {', '.join('RV ' + r for r in skipped[:3])}" if skipped else ""
    other = " other" if skipped else ""
    text = (f"{seer.name} is named by the Anukramaṇī as the seer of {len(others)}{other} hymn{'s' if len(others) > 1 else ''}"
            f"{besides}: " + ", ".join(f"RV {r}" for r in listed) + (" …" if len(others) > len(listed) else "")
            + f" [RV {others[0]}.1].")
    return SeerFollowup(seer=seer.name, shown=skipped, fact=FactAnswer(
        kind="seer", text=text, refs=[f"{r}.1" for r in others[:REFS_LIMIT]], subject_hymns=listed))
