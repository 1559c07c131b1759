"""A hymn's refrain: "what is the refrain of hymn X and in how many verses does it recur?", "which
verses of RV N.M end with the line '…'?", "which hymn of book 3 ends each verse with '…'?".

Why computed from the text: a refrain is a fact of the Sanskrit (the same closing words in verse
after verse), not of any translation, and no table of refrains ships with the index. For every
hymn the closing words that the most verses share (at least :data:`MIN_VERSES` verses and
:data:`MIN_WORDS` words, the longest such run) are its refrain; it is found once per index, in one
pass over the plain IAST. A question naming the hymn (a reference or a named passage) is answered
from that hymn; a question quoting the line (in Sanskrit or in a translation's English) is matched
against every refrain, within the maṇḍala it names.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp.factbook.patterns import _q
from pyapp.factbook.targets import _mandala_of
from pyapp.facts import FactAnswer
from pyapp.reading.topic_words import _plain_lines

__all__ = ["Refrain", "refrains", "asks", "answer"]

MIN_VERSES = 3  # a line in fewer verses is a repetition, not a refrain
SHARE = 0.25  # … or in under a quarter of the hymn's verses
MIN_WORDS = 2
MAX_WORDS = 10

_CUE = re.compile(
    r"\brefrains?\b|\brepeated (?:line|phrase|words?|pada|refrain|verse-ending)|"
    r"\b(?:line|phrase|words?|pada) (?:that )?(?:is |are |gets |get )?(?:repeated|recurs?|recurring|comes? back)|"
    r"\b(?:line|phrase|words?|refrain|pada|it)\b[^?.]{0,30}\brecurr?\w*|"
    r"\brecurr?\w*\b[^?.]{0,20}\b(?:line|phrase|words?|refrain|pada|in (?:each|every|all|how many))\b|"
    r"\b(?:coming|comes?|keeps? returning|returns?) back\b|\bburden (?:of the (?:hymn|song)|line)\b|"
    r"\brepeats? (?:the |a |one )?(?:same )?(?:line|phrase|words?|refrain|pada)|\b(?:hymn|sukta) repeats?\b|\brepeats? ['\"“‘]|"
    r"\bkeeps? (?:on )?(?:saying|repeating|returning|coming back)\b|\bagain and again\b|\bover and over\b|"
    r"\b(?:ends?|closes?|concludes?|finish\w*) (?:each|every|all|most|many) (?:of )?(?:its |the |his |her )?"
    r"(?:verses?|stanzas?|rcs?|richas?|mantras?)|"
    r"\b(?:each|every|all|most|many) (?:of )?(?:its |the )?(?:verses?|stanzas?|rcs?|richas?|mantras?) "
    r"(?:ends?|closes?|concludes?) (?:with|on|in)\b|"
    r"\b(?:verses?|stanzas?)\b(?: \S+){0,3}? (?:ends?|ending|close|closes|closing|conclude\w*) (?:with|on|in) the "
    r"(?:same|very same|one) (?:line|words?|phrase|refrain)")
_STOP = set("a an the of to in on and or is are be that this its it his her their with which what who how many "
            "does do did each every all verse verses hymn hymns end ends line refrain repeated o".split())
_WORD = re.compile(r"[^\s|/।॥\d.,;:!?\"'’‘“”()\[\]-]+")
_REF = re.compile(r"(?<![\d.])(10|[1-9])\.(\d{1,3})(?![\d])(?!\.\d)")


@dataclass(frozen=True)
class Refrain:
    """One hymn's refrain: its closing words (plain IAST) and the verses that end with them."""

    hymn: str
    words: Tuple[str, ...]
    refs: Tuple[str, ...]
    verses: int  # the hymn's verse count

    @property
    def line(self) -> str:
        return " ".join(self.words)


def _words(line: str) -> List[str]:
    return _WORD.findall(line.replace("'", " "))


def _find(docs: Sequence[int], lines: Sequence[str], index: Any) -> Optional[Refrain]:
    """The closing run of words shared by the most verses of one hymn (the longest run for that count)."""
    ends = [(d, _words(lines[d])) for d in docs]
    best: Optional[Tuple[int, int, Tuple[str, ...], List[int]]] = None
    for k in range(MIN_WORDS, MAX_WORDS + 1):
        groups: Dict[Tuple[str, ...], List[int]] = {}
        for d, w in ends:
            if len(w) > k:
                groups.setdefault(tuple(w[-k:]), []).append(d)
        found = False
        for tail, members in groups.items():
            if len(members) < max(MIN_VERSES, SHARE * len(docs)):
                continue
            found = True
            if sum(len(x) for x in tail) < 10:  # "indra naḥ": too short to be a line of its own
                continue
            key = (len(members), k)
            if best is None or key > (best[0], best[1]):
                best = (len(members), k, tail, members)
        if not found:
            break
    if best is None:
        return None
    words = list(best[2])
    members = {d: w for d, w in ends if d in set(best[3])}
    while len(words) < MAX_WORDS:  # "anehaso / anehasa va ūtayaḥ …": the line goes on where most verses agree
        before = [w[-len(words) - 1] for w in members.values() if len(w) > len(words)]
        common = max(set(before), key=before.count) if before else ""
        if not before or before.count(common) < 0.6 * len(members):
            break
        words.insert(0, common)
    first = index.verses[docs[0]].ref.rsplit(".", 1)[0]
    return Refrain(hymn=first, words=tuple(words), refs=tuple(index.verses[d].ref for d in best[3]), verses=len(docs))


_CACHE: Dict[int, Tuple[Any, Dict[str, Refrain]]] = {}


def refrains(index: Any) -> Dict[str, Refrain]:
    """Every hymn's refrain, by hymn ("10.121"), computed once per index."""
    cached = _CACHE.get(id(index))
    if cached is not None and cached[0] is index:
        return cached[1]
    lines = _plain_lines(index)
    hymns: Dict[str, List[int]] = {}
    for doc, verse in enumerate(index.verses):
        hymns.setdefault(verse.ref.rsplit(".", 1)[0], []).append(doc)
    out: Dict[str, Refrain] = {}
    for hymn, docs in hymns.items():
        if len(docs) >= MIN_VERSES:
            found = _find(docs, lines, index)
            if found is not None:
                out[hymn] = found
    _CACHE[id(index)] = (index, out)
    return out


def asks(question: str) -> bool:
    """It asks about a line that recurs: a refrain, a repeated line, verses that all end alike."""
    q = _q(question)
    if re.search(r"\bhymns\b", q):
        return False  # "the line at the end of many hymns": a closing line across hymns, not one hymn's refrain
    return bool(_CUE.search(q))


def _hymn_named(question: str) -> Optional[str]:
    """The hymn the question names by reference ("RV 2.12", "hymn 3.55") or by name ("the Hiraṇyagarbha")."""
    match = _REF.search(question)
    if match:
        return f"{match.group(1)}.{match.group(2)}"
    from pyapp.reading.named import find_named, passage_refs

    for named in find_named(question):
        for ref in passage_refs(named.passage):
            return ".".join(ref.split(".")[:2])
    return None


def _fold(word: str) -> str:
    from pyapp.eval.checks import fold

    return re.sub(r"[^a-z]", "", fold(word))


def _quoted(question: str) -> List[str]:
    """The content words of the line the question quotes (inside quotes, else after "with")."""
    q = question.replace("’", "'")
    found = re.findall(r"[\"“”‘«»„]([^\"“”«»„]{4,})[\"“”’»]|(?<![a-z])'([^']{4,})'", q)
    text = " ".join(a or b for a, b in found)
    if not text:
        tail = re.search(r"\b(?:with|line|words|phrase|refrain)\b(.+)$", _q(question))
        text = tail.group(1) if tail else ""
    return [w for w in (_fold(x) for x in re.split(r"[\s\-–—]+", text)) if len(w) >= 3 and w not in _STOP]


def _score(words: Sequence[str], refrain: Refrain, index: Any) -> float:
    """How much of the quoted line the refrain holds: a word in its Sanskrit, or in the English of most
    of the verses that end with it."""
    sanskrit = [_fold(w) for w in refrain.words]
    english = [" ".join(_fold(x) for x in (index.by_ref(r).translation or "").split()) for r in refrain.refs]
    score = 0.0
    for word in words:
        if any(s.startswith(word[:5]) or word.startswith(s[:5]) for s in sanskrit if len(s) >= 3):
            score += 1.0
            continue
        stem = word[:5]
        share = sum(1 for text in english if re.search(r"\b" + re.escape(stem), text)) / max(1, len(english))
        score += share if share >= 0.5 else 0.0
    return score


def _by_quote(question: str, index: Any, table: Dict[str, Refrain]) -> Optional[Refrain]:
    words = _quoted(question)
    if not words:
        return None
    mandala = _mandala_of(question)
    scored = []
    for hymn, refrain in table.items():
        if mandala is not None and not hymn.startswith(f"{mandala}."):
            continue
        score = _score(words, refrain, index)
        scored.append((score, len(refrain.refs), hymn))
    if not scored:
        return None
    score, _, hymn = max(scored)
    return table[hymn] if score >= max(1.0, 0.4 * len(words)) else None


def _spans(refs: Sequence[str]) -> str:
    """Verse numbers as ranges: 1–9, 11, 13–14."""
    nums = sorted(int(r.rsplit(".", 1)[1]) for r in refs)
    parts: List[str] = []
    start = prev = nums[0]
    for n in nums[1:] + [None]:  # type: ignore[list-item]
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(f"{start}–{prev}" if prev > start + 1 else (f"{start}, {prev}" if prev == start + 1 else str(start)))
        if n is not None:
            start = prev = n
    return ", ".join(parts)


def english(refrain: Refrain, index: Any) -> str:
    """The translation's own refrain: the closing words most of the refrain verses' English share
    ("Have I not drunk of Soma juice?"), or "" when the translation varies it."""
    tails = []
    for ref in refrain.refs:
        verse = index.by_ref(ref)
        tails.append((verse.translation or "").split() if verse is not None else [])
    best = ""
    for k in range(2, 16):
        counts: Dict[Tuple[str, ...], int] = {}
        for words in tails:
            if len(words) > k:
                key = tuple(re.sub(r"[^\w']", "", w.lower()) for w in words[-k:])
                counts[key] = counts.get(key, 0) + 1
        if not counts:
            break
        key, n = max(counts.items(), key=lambda kv: kv[1])
        if n < max(MIN_VERSES, 0.5 * len(tails)):
            break
        sample = next(w for w in tails if len(w) > k and tuple(re.sub(r"[^\w']", "", x.lower()) for x in w[-k:]) == key)
        best = " ".join(sample[-k:])
    return best.strip(" ,;:") if len(best) >= 10 else ""


def _text(refrain: Refrain, index: Any) -> str:
    n, total = len(refrain.refs), refrain.verses
    held = set(refrain.refs)
    where = (f"all {total} of its verses" if n == total else f"{n} of its {total} verses")
    rest = [f"{refrain.hymn}.{i}" for i in range(1, total + 1) if f"{refrain.hymn}.{i}" not in held]
    missing = "" if not rest else f"; not verse{'s' if len(rest) > 1 else ''} {_spans(rest)}"
    rendered = english(refrain, index)
    rendered = f" (Griffith: “{rendered}”)" if rendered else ""
    return (f"The refrain of RV {refrain.hymn} is “{refrain.line}”{rendered}: it closes {where} "
            f"(verse{'s' if n > 1 else ''} {_spans(refrain.refs)}{missing}) [RV {refrain.refs[0]}].")


def _none(hymn: str, index: Any) -> Optional[FactAnswer]:
    """"Does hymn 1.1 have a refrain?": no line closes enough of its verses."""
    first = index.by_ref(f"{hymn}.1")
    if first is None:
        return None
    total = sum(1 for v in index.verses if v.ref.rsplit(".", 1)[0] == hymn)
    text = (f"No: no closing line of RV {hymn} recurs in {MIN_VERSES} or more of its {total} verses, so it has no "
            f"refrain [RV {hymn}.1].")
    return FactAnswer(kind="list", text=text, refs=[f"{hymn}.1"], subject_hymns=[hymn])


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The refrain of the hymn the question names or quotes, where it stands and how many verses hold it."""
    if not asks(question) or not getattr(index, "verses", None):
        return None
    table = refrains(index)
    hymn = _hymn_named(question)
    refrain = table.get(hymn) if hymn else _by_quote(question, index, table)
    if refrain is None:
        return _none(hymn, index) if hymn else None
    refs = list(refrain.refs[:3]) + ([refrain.refs[-1]] if len(refrain.refs) > 3 else [])
    return FactAnswer(kind="list", text=_text(refrain, index), refs=refs, subject_hymns=[refrain.hymn])
