"""A verse or hymn asked for by a superlative that is not a feeling: "the longest verse", "the most repeated line",
"the most famous verse", "the oldest hymn", "the most powerful mantra".

Why a reader: the open search takes "longest" or "famous" for content words and cites a verse that uses them
("for thee who longest for his coming"). Some superlatives the index can count, and are counted here from the
text itself: the longest and shortest verse by the syllables of the Sanskrit, and the verses and lines that recur
word for word most often. Others are judgments the hymns never make (famous, oldest, greatest): those are answered
from ``pyapp/data/superlatives.json``, which says what scholars or the later tradition hold and says that it is
their judgment. Feelings ("the saddest") are read first by :mod:`pyapp.reading.feeling`; the longest and shortest
*hymn* are the fact reader's (``factbook.extremes``), so this reader leaves them to it, as it leaves a question
naming a god or a seer ("the most famous hymn of Vasiṣṭha") or another topic ("the best verse about rain").
"""
from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp import data_tables
from pyapp.facts import FactAnswer
from pyapp.reading.feeling import _THIRD_PERSON, _is_name, _other_content, _sentence_words, _words as _feeling_words, tokens

__all__ = ["read", "answer", "syllables", "repeats"]

DATA_PATH = "data/superlatives.json"
_SYLLABLE = re.compile(r"ai|au|[aāiīuūṛṝḷeo]")
_WORD = re.compile(r"[a-zāīūṛṝḷṅñṭḍṇśṣḥṃ]+")


@lru_cache(maxsize=1)
def _table() -> Dict[str, Any]:
    return data_tables.table(DATA_PATH, {}) or {}


def _phrases(cues: Sequence[str]) -> List[Tuple[Tuple[str, bool], ...]]:
    out = []
    for cue in cues:
        parts: List[Tuple[str, bool]] = []
        for piece in cue.split():
            found = tokens(piece.rstrip("*"))
            parts += [(t, False) for t in found[:-1]] + ([(found[-1], piece.endswith("*"))] if found else [])
        if parts:
            out.append(tuple(parts))
    return out


def _find(words: Sequence[str], cues: Sequence[str]) -> List[Tuple[int, int]]:
    """(start, end) of every cue among the words."""
    spans = []
    for parts in _phrases(cues):
        n = len(parts)
        for i in range(len(words) - n + 1):
            if all(words[i + k].startswith(s) if pre else words[i + k] == s for k, (s, pre) in enumerate(parts)):
                spans.append((i, i + n - 1))
    return spans


def read(question: str) -> Optional[Tuple[str, str]]:
    """(what is asked: 'longest' | 'shortest' | 'repeated' | a tradition entry's id, the unit: 'verse' | 'hymn'),
    or None."""
    words, _ = _sentence_words(question)
    if not words or len(words) > 25 or any(words[:len(p)] == list(p) for p in _feeling_words("content_openers")):
        return None
    if _THIRD_PERSON & set(words) or any(_is_name(w) for w in words):
        return None  # "his most famous hymn", "the longest hymn to Agni": the name's readers
    units = _table().get("units", {})
    unit_spans = [(s, u) for u, cues in units.items() for s, _ in _find(words, cues)]
    if not unit_spans:
        return None
    asked: Optional[Tuple[str, List[Tuple[int, int]]]] = None
    for kind, cues in _table().get("measures", {}).items():
        spans = _find(words, cues)
        if spans:
            asked = (kind, spans)
            break
    if asked is None:
        for entry in _table().get("tradition", ()):
            spans = _find(words, entry["cues"])
            if spans:
                asked = (entry["id"], spans)
                break
    if asked is None:
        return None
    at = asked[1][0][0]
    unit = min(unit_spans, key=lambda su: abs(su[0] - at))[1]  # "the shortest hymn … a single verse?": hymn
    used = [i for s, e in asked[1] for i in range(s, e + 1)]
    used += [i for u in units.values() for s, e in _find(words, u) for i in range(s, e + 1)]
    if [w for w in _other_content(words, used) if w not in _LOOSE]:
        return None  # "the best verse about rain", "धन और समृद्धि के लिए सबसे प्रसिद्ध मंत्र": a topic's verses
    return asked[0], unit


_LOOSE = frozenset("""known recited quoted cited composed repeated often times collection entire whole rigveda's
among single ever written called considered which what say says said people think thought would""".split())


def syllables(plain: str) -> int:
    """The syllables of a verse's plain IAST (its vowels: a diphthong is one)."""
    return len(_SYLLABLE.findall(plain))


_REPEATS: Dict[int, Tuple[Any, Dict[str, List[str]], Dict[str, List[str]]]] = {}


def repeats(index: Any) -> Tuple[Dict[str, List[str]], Dict[str, List[str]]]:
    """(whole verses, half-verse lines of three words or more) that recur word for word: text → refs. One pass
    over the plain IAST, kept per index."""
    from pyapp.reading.topic_words import _plain_lines

    cached = _REPEATS.get(id(index))
    if cached is not None and cached[0] is index:
        return cached[1], cached[2]
    verses: Dict[str, List[str]] = defaultdict(list)
    lines: Dict[str, List[str]] = defaultdict(list)
    for verse, plain in zip(index.verses, _plain_lines(index)):
        verses[" ".join(_WORD.findall(plain))].append(verse.ref)
        for half in re.split(r"\|+", plain):
            key = " ".join(_WORD.findall(half))
            if len(key.split()) >= 3:
                lines[key].append(verse.ref)
    found = ({k: v for k, v in verses.items() if len(v) > 1}, {k: v for k, v in lines.items() if len(v) > 1})
    _REPEATS[id(index)] = (index, found[0], found[1])
    return found


def _refs_text(refs: Sequence[str], limit: int = 6) -> str:
    shown = ", ".join(refs[:limit])
    return shown + (f" and {len(refs) - limit} more" if len(refs) > limit else "")


def _repeated(index: Any) -> Optional[FactAnswer]:
    verses, lines = repeats(index)
    if not verses and not lines:
        return None
    parts, refs = [], []
    if verses:
        text, where = max(verses.items(), key=lambda kv: (len(kv[1]), -len(kv[0])))
        parts.append(f"Counted word for word in the Sanskrit, the verse repeated most often is “{text}”, which "
                     f"stands {len(where)} times: RV {_refs_text(where)} [RV {where[0]}] [RV {where[1]}].")
        refs += where[:2]
    if lines:
        text, where = max(lines.items(), key=lambda kv: (len(kv[1]), len(kv[0])))
        parts.append(f"The line repeated most often is “{text}”, in {len(where)} verses: RV {_refs_text(where)} "
                     f"[RV {where[0]}].")
        refs.append(where[0])
    parts.append("Such repeats are mostly a hymn's closing refrain, shared by a family's hymns.")
    refs = list(dict.fromkeys(refs))
    return FactAnswer(kind="list", text=" ".join(parts), refs=refs,
                      subject_hymns=[r.rsplit(".", 1)[0] for r in refs[:1]])


def _by_length(index: Any, kind: str) -> Optional[FactAnswer]:
    from pyapp.reading.topic_words import _plain_lines

    counted = sorted(((syllables(p), v.ref) for v, p in zip(index.verses, _plain_lines(index))),
                     key=lambda x: (x[0], index.doc_id(x[1]) or 0))
    if not counted:
        return None
    order = counted[::-1] if kind == "longest" else counted
    (count, ref), rest = order[0], order[1:3]
    verse = index.by_ref(ref)
    metre = f", in the {verse.meter} metre" if getattr(verse, "meter", None) else ""
    text = (f"Counted by the syllables of its Sanskrit, the {kind} verse of the RigVeda is RV {ref} ({count} "
            f"syllables{metre}) [RV {ref}]. Next: " + ", ".join(f"RV {r} ({n})" for n, r in rest) + ".")
    return FactAnswer(kind="extreme", text=text, refs=[ref] + [r for _, r in rest[:2]],
                      subject_hymns=[ref.rsplit(".", 1)[0]])


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The superlative's answer, counted from the index or said as the tradition's judgment; None otherwise."""
    asked = read(question)
    if asked is None or index is None or not getattr(index, "verses", None):
        return None
    kind, unit = asked
    if kind in ("longest", "shortest"):
        return _by_length(index, kind) if unit == "verse" else None  # a hymn's length: the fact reader's
    if kind == "repeated":
        return _repeated(index)
    try:  # "What is the oldest hymn?": a fact the index's fact reader states (family books) answers first
        from pyapp import facts

        stated = facts.answer_fact(question, index)
    except Exception:
        stated = None
    if stated is not None and getattr(stated, "kind", "") != "not_found":
        return None
    for entry in _table().get("tradition", ()):
        if entry["id"] == kind:
            refs = [r for r in entry["refs"] if index.by_ref(r) is not None]
            if not refs:
                return None
            return FactAnswer(kind="list", text=entry["text"], refs=refs,
                              subject_hymns=[refs[0].rsplit(".", 1)[0]])
    return None
