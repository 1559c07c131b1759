"""Numbers in the myths: "How many horses draw the chariot of the Sun?", "How many Maruts are there?",
"Who are the seven priests?", "Where do the hymns speak of 3339 gods?" (issue 19, set 9).

Why a reader of its own: "how many" used to reach the mention counter or the god's overview, which
answers with how many verses *name* the entity ("139 verses name the Ādityas") — a count of the text,
not the number the myth gives. The myth's number is a word of a verse standing beside the noun
asked about, so the reader looks for it there: in Griffith's wording, a number word ("seven",
"thirty-three", "thrice eleven") within a few words of the noun or of one of the words Griffith uses
for it (a data table, ``pyapp/data/myth_numbers.json``: horse → steed, courser, bays …).

* "how many <noun> …" — the verses where a number stands beside the noun, ranked by how much of the
  rest of the question they share (the god addressed, the other content words); the first sentence
  states the number most of the best verses give and quotes one; where verses give other numbers
  (the Ādityas: seven, eight), it says so.
* "who/what are the <number> <noun>", "where … <number> <noun>" — the verses where that number
  stands beside that noun. A number of a hundred or more ("3339") is found by its parts: the verse
  must spell every place (thousand, hundred, tens, units) and name the noun.

Counts of the text ("how many hymns", "how many seers composed …") are the fact module's and are
never read here (``not_asked`` in the data).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp import data_tables
from pyapp import facts as F
from pyapp.factbook.patterns import _q
from pyapp.search.translit import fold_sanskrit, sanskrit_words

__all__ = ["answer", "number_pairs", "read_number_question"]

DATA_PATH = "data/myth_numbers.json"
WINDOW_AFTER = 4  # "Seven Bay Steeds", "Seven are the Āditya Deities"
WINDOW_BEFORE = 2  # "horses, seven in tale"
QUOTE_CHARS = 200
GOD_WEIGHT = 10.0  # a god the question names: only that god's verses count when any gives a number
_STOP = set("""how many much are is was were there the a an of in to does do did rigveda rig veda vedas say says said
which who what where name names named mention mentions given give gives count counts according hymn hymns verse
verses that this these those and or it its their his her by for with from as on at be been being have has had
according vedic number numbers total god gods""".split())


@dataclass(frozen=True)
class _Table:
    nouns: Dict[str, Tuple[str, ...]]
    units: Dict[str, int]
    multipliers: Dict[str, int]
    not_asked: frozenset


@lru_cache(maxsize=1)
def _table() -> _Table:
    raw = data_tables.table(DATA_PATH, {})
    return _Table(nouns={k: tuple(v) for k, v in raw.get("nouns", {}).items()}, units=dict(raw.get("units", {})),
                  multipliers=dict(raw.get("multipliers", {})), not_asked=frozenset(raw.get("not_asked", [])))


def _singular(word: str) -> str:
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _tokens(text: str) -> List[str]:
    return re.findall(r"[a-z0-9]+", _q(text).replace("-", " "))


def _number_at(tokens: Sequence[str], i: int) -> Tuple[int, int]:
    """(value, tokens used) of the number starting at ``tokens[i]`` ("thirty three", "three and
    thirty", "thrice eleven", "3"), or (0, 0)."""
    t = _table()
    value, used, mult = 0, 0, 1
    j = i
    if j < len(tokens) and tokens[j] in t.multipliers:
        mult, j = t.multipliers[tokens[j]], j + 1
    while j < len(tokens):
        tok = tokens[j]
        if tok.isdigit() and used == 0 and len(tok) <= 5:
            value, used, j = int(tok), 1, j + 1
            break
        if tok not in t.units or t.units[tok] >= 100:
            break
        unit = t.units[tok]
        if used == 0:
            value, used, j = unit, 1, j + 1
            if unit < 10 and j + 1 < len(tokens) and tokens[j] == "and" and t.units.get(tokens[j + 1], 0) in range(20, 100, 10):
                value, used, j = value + t.units[tokens[j + 1]], 3, j + 2  # "three and thirty"
                break
            if value < 20 or value % 10:
                break
            continue
        if unit < 10:  # "thirty three": a tens word takes one unit after it
            value, used, j = value + unit, used + 1, j + 1
        break
    if used == 0:
        return 0, 0
    return value * mult, j - i


def _noun_at(tokens: Sequence[str], i: int, words: Sequence[str]) -> bool:
    for word in words:
        parts = word.split()
        if all(i + k < len(tokens) and tokens[i + k].startswith(p) for k, p in enumerate(parts)):
            return True
    return False


def number_pairs(text: str, words: Sequence[str]) -> List[int]:
    """The numbers ``text`` sets beside one of ``words`` (Griffith's nouns for the thing counted)."""
    tokens = _tokens(text)
    found: List[int] = []
    i = 0
    while i < len(tokens):
        value, used = _number_at(tokens, i)
        if not used:
            i += 1
            continue
        near = range(max(0, i - WINDOW_BEFORE), min(len(tokens), i + used + WINDOW_AFTER))
        if value and value != 1 and any(_noun_at(tokens, k, words) for k in near if not i <= k < i + used):
            found.append(value)
        i += used
    return found


def _spells(text: str, number: int) -> bool:
    """Whether ``text`` spells every place of a number ≥ 100 ("three thousand … three hundred … thirty
    … nine": 3339), in any order — Griffith turns the Sanskrit's parts around."""
    tokens = set(_tokens(text))
    t = _table()
    names = {v: k for k, v in t.units.items() if k not in ("twain", "both")}
    need = []
    if number >= 1000:
        need.append({"thousand"})
    if (number // 100) % 10:
        need.append({"hundred"})
    tens, units = (number // 10) % 10, number % 10
    if tens:
        need.append({names.get(tens * 10, ""), "ten"} if tens > 1 else {"ten"})
    if units:
        need.append({names.get(units, "")})
    return all(tokens & words for words in need)


@dataclass
class NumberQuestion:
    noun: str  # as asked, singular ("horse")
    typed: str  # as typed ("horses")
    words: Tuple[str, ...]  # Griffith's words for it
    number: int = 0  # the number asked about (0: "how many")
    rest: Tuple[str, ...] = ()  # the other content words of the question


# the number phrase is what is asked about: "who are the seven …", "what were the three …", "name the ten …"
_ASKS_FOR = re.compile(r"(?:\b(?:who|what|which)\s+(?:are|were|is|was)|\b(?:name|list))\s+(?:the\s+)?(?:\S+\s+)?$")
_HOW_MANY = re.compile(r"\bhow many ([a-z]+)\b")
_NAMED_NUMBER = re.compile(r"\b(?:who|what|which|where|name|list)\b.*?\b(?:the\s+)?((?:[a-z0-9]+[ -]){0,2}?[a-z0-9]+)\s+"
                           r"([a-z]+)\b")


def read_number_question(question: str) -> Optional[NumberQuestion]:
    """The noun and (when given) the number a myth-number question asks about, or ``None``."""
    t = _table()
    q = _q(question)
    tokens = _tokens(question)
    how = _HOW_MANY.search(q)
    if how:
        noun = _singular(how.group(1))
        if noun in t.not_asked or re.search(r"\bhow many (?:times|verses|hymns)\b", q):
            return None
        words = t.nouns.get(noun, (noun,))
        rest = tuple(w for w in tokens if w not in _STOP and _singular(w) != noun and len(w) > 2)
        return NumberQuestion(noun=noun, typed=how.group(1), words=words, rest=rest)
    if not re.match(r"\s*(?:who|what|which|where|name|list|tell)\b", q):
        return None
    where = q.lstrip().startswith("where")
    for i in range(len(tokens)):
        value, used = _number_at(tokens, i)
        if not used or value < 2 or i + used >= len(tokens):
            continue
        if not where and not _ASKS_FOR.search(" ".join(tokens[:i]) + " "):
            continue  # "Who measured out the worlds in three strides?" asks who, not what the strides are
        noun = _singular(tokens[i + used])
        if noun in t.nouns or (value >= 100 and noun not in _STOP):
            words = t.nouns.get(noun, (noun,))
            rest = tuple(w for w in tokens if w not in _STOP and _singular(w) != noun and len(w) > 2
                         and not _number_at([w], 0)[1])
            return NumberQuestion(noun=noun, typed=tokens[i + used], words=words, number=value, rest=rest)
    return None


def _god_keys(index: Any, question: str) -> List[str]:
    try:
        return list(F._deity_keys_in(F.facts_for(index), question))
    except Exception:
        return []


def _of_god(verse: Any, gods: List[str], pp: Any) -> bool:
    """The verse is addressed to a god the question names, or names it (10.72.8 names Aditi)."""
    deity = fold_sanskrit(verse.deity or "").lower().replace(" ", "")
    if any(k in deity or k in _q(verse.addressee or "").replace(" ", "") for k in gods):
        return True
    words = sanskrit_words((pp.line(verse.ref) if pp is not None else "") or "")
    return any(w.startswith(k[:max(4, len(k) - 1)]) for k in gods if len(k) >= 4 for w in words)  # aditi: aditeḥ


def _relevance(verse: Any, read: NumberQuestion, gods: List[str], pp: Any = None) -> float:
    text = _q(verse.translation or "")
    shared = sum(1 for w in set(read.rest) if re.search(rf"\b{re.escape(w[:5])}", text))
    return shared + (GOD_WEIGHT if gods and _of_god(verse, gods, pp) else 0.0)


def _quote(verse: Any) -> str:
    text = (verse.translation or "").strip()
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    return f"“{text}”"


def _say(value: int) -> str:
    names = {v: k for k, v in _table().units.items() if k not in ("twain", "both")}
    if value in names:
        return names[value]
    if value < 100 and value // 10 * 10 in names and value % 10 in names:
        return f"{names[value // 10 * 10]}-{names[value % 10]}"
    return str(value)


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """The number the hymns give, with the verses that give it, or ``None``."""
    read = read_number_question(question)
    if read is None or index is None:
        return None
    gods = [k for k in _god_keys(index, question) if _singular(k) != read.noun]
    scored: List[Tuple[float, Any, List[int]]] = []
    for verse in getattr(index, "verses", []) or []:
        text = verse.translation or ""
        low = _q(text)
        if not text or not any(w.split()[0] in low for w in read.words):  # cheap: most verses lack the noun
            continue
        if read.number >= 100:
            tokens = _tokens(text)
            named = any(_noun_at(tokens, k, read.words) for k in range(len(tokens)))
            values = [read.number] if named and _spells(text, read.number) else []
        else:
            values = number_pairs(text, read.words)
            if read.number:
                values = [v for v in values if v == read.number]
        if values:
            scored.append((_relevance(verse, read, gods, getattr(searcher, "padapatha", None)), verse, values))
    if not scored:
        return None
    best = max(s for s, _, _ in scored)
    if read.rest and best <= 0 and not read.number:
        return None  # nothing shares the question's subject: not a number the hymns give for it
    top = sorted([x for x in scored if x[0] >= best - 1 and x[0] > 0] or scored, key=lambda x: -x[0])
    by_god = best >= GOD_WEIGHT
    votes: Counter = Counter()
    for score, _, values in sorted(top, key=lambda x: F._sort_key(x[1].ref)):  # a tie goes to the earlier verse
        for v in set(values):  # the named god's verses weigh alike; otherwise the closest weigh most
            votes[v] += 1.0 + (not by_god and score >= best)
    value = read.number or votes.most_common(1)[0][0]
    lead = next(v for _, v, values in top if value in values)
    same = [v.ref for _, v, values in top if value in values and v.ref != lead.ref]
    typed = re.search(rf"\b{re.escape(read.typed)}\b", question, re.I)
    noun = typed.group(0) if typed else read.typed  # as the reader wrote it ("Ādityas")
    if read.number:
        text = f"The RigVeda speaks of {_say(value)} {noun} in RV {lead.ref}: {_quote(lead)} [RV {lead.ref}]."
    else:
        text = f"{_say(value).capitalize()}: RV {lead.ref} gives {_say(value)} {noun} — {_quote(lead)} [RV {lead.ref}]."
    if same:
        text += f" So do {', '.join(f'RV {r}' for r in same[:4])}."
    others = [(v, next(x.ref for _, x, vals in top if v in vals)) for v, _ in votes.most_common() if v != value]
    if others and not read.number:
        text += " Other verses give another number: " + "; ".join(
            f"{_say(v)} in RV {ref}" for v, ref in others[:3]) + "."
    refs = [lead.ref] + same[:4] + [ref for _, ref in others[:3]]
    refs = list(dict.fromkeys(refs))[:F.REFS_LIMIT]
    return F.FactAnswer(kind="list", text=text, refs=refs, subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))
