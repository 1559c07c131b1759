"""A request for a reading plan: "Give me a 7-day reading plan for the Rigveda", "Where should a beginner
start?", "Which hymns should I read first, and in what order?", "How do I read the ten books in a year?".

Why its own reader: such a request names no god, hymn or theme, so the evidence readers found either
nothing ("not enough information") or verses sharing a word like "read" or "day". What the reader wants
is an ordered list of whole hymns to read. The order is data (``pyapp/data/reading_plan.json``: steps by
named-passage id, each with the reason it comes there, and the order of the ten books), the hymns and
their names come from the named-passages table, and the plan is cut to the days, weeks, months or year
the question asks for (two hymns a day by default). A request that names a god, a maṇḍala or a kind of
hymn ("a month of Agni hymns", "the philosophical hymns in order") is left to the readers of those.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.facts import FactAnswer

__all__ = ["PLAN_WORDS", "asks_for_plan", "plan_span", "answer", "answer_typed"]

DATA_PATH = "data/reading_plan.json"
PER_DAY = 2
DEFAULT_DAYS = 7

_PLAN = re.compile(
    r"\breading (?:plan|list|order|schedule|guide|programme|program|sequence)\b"
    r"|\b(?:plan|schedule|programme|program)\b.{0,40}\b(?:read|reading|study|studying)\b"
    r"|\b(?:read|reading|study|studying)\b.{0,40}\b(?:plan|schedule|programme|program)\b"
    r"|\b(?:where|which hymns?|what hymns?|which suktas?|what suktas?|with which hymns?)\s+(?:should|shall|do|can|would|to)\b.{0,30}\b(?:start|begin)\b"
    r"|\b(?:start|begin)\w*\s+(?:to\s+)?(?:read|reading|study|studying)\b"
    r"|\b(?:should|shall|do|can|to|must)\s+(?:i|we|one|a beginner|a newcomer)?\s*(?:read|study)\b.{0,30}\bfirst\b"
    r"|\b(?:beginners?|newcomers?|new to|first[- ]time)\b.{0,60}\b(?:read|reading|study)\b.{0,40}\b(?:order|first|start|begin)\b"
    r"|\bin (?:what|which) order\b.{0,40}\b(?:read|study)\b|\b(?:read|study)\b.{0,40}\bin (?:what|which) order\b"
    r"|\b(?:read|reading)\b.{0,40}\bin (?:a|one|\d+) (?:days?|weeks?|months?|years?)\b", re.I)
# a plan of one god's, one book's or one kind's hymns is read by the readers of those
_NARROW = re.compile(r"\b(?:mandala|maṇḍala|book) \d+\b|\b(?:philosoph\w*|speculative|women|woman|female|family books?|"
                     r"rishikas?|soma|agni|indra|varuna|varuṇa|ushas|uṣas|surya|sūrya|vishnu|viṣṇu|rudra|maruts?|"
                     r"asvins?|aśvins?|ashvins?|savit\w*)\b", re.I)
_NUM = r"(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|thirty)"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "twelve": 12, "fourteen": 14, "thirty": 30}


# The same request in the reader's own language, read before its word-by-word English (which loses "start",
# "first" and "order"): a word for reading beside a word for a start, an order or a plan; and the words for a
# week, a month and a year. Data, not rules: a language gains a line. Folded to lower case.
PLAN_WORDS: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {
    "de": (("lesen", "lese", "liest", "lektüre"), ("anfangen", "fange", "beginnen", "beginne", "zuerst", "reihenfolge",
                                                  "leseplan", "plan", "aufteilen", "teile")),
    "es": (("leer", "lectura", "leo"), ("empezar", "empiezo", "comenzar", "primero", "orden", "plan")),
    "fr": (("lire", "lecture", "lis"), ("commencer", "commence", "d'abord", "ordre", "plan", "programme")),
    "it": (("leggere", "lettura", "leggo"), ("iniziare", "inizio", "cominciare", "comincio", "prima", "ordine", "piano")),
    "pt": (("ler", "leitura", "leio"), ("começar", "comecar", "começo", "primeiro", "ordem", "plano")),
    "ru": (("читать", "чтения", "чтение", "прочитать"), ("начать", "начинать", "сначала", "порядок", "план")),
    "hi": (("पढ़", "पढ़", "पढ़ना", "पढ़ूँ", "पढ़ें"), ("शुरू", "पहले", "क्रम", "योजना", "शुरुआत")),
    "mr": (("वाच",), ("सुरु", "सुरू", "आधी", "क्रम", "योजना")),
    "bn": (("পড়", "পড়"), ("শুরু", "প্রথমে", "ক্রম", "পরিকল্পনা")),
    "ja": (("読",), ("初め", "最初", "順番", "順序", "計画", "始め")),
    "ko": (("읽",), ("처음", "순서", "계획", "시작")),
    "zh": (("读", "讀", "阅读"), ("开始", "開始", "首先", "顺序", "順序", "计划", "計劃")),
}
_SPAN_WORDS: Dict[str, Tuple[str, ...]] = {
    "year": ("year", "jahr", "año", "année", "anno", "год", "साल", "वर्ष", "वर्षात", "বছর", "年", "년"),
    "month": ("month", "monat", "mes", "mois", "mese", "mês", "месяц", "महीन", "महिन", "মাস", "か月", "ヶ月", "개월", "月"),
    "week": ("week", "woche", "semana", "semaine", "settimana", "недел", "सप्ताह", "हफ़्त", "हफ्त", "आठवड", "সপ্তাহ",
             "週", "주일", "周"),
}


@lru_cache(maxsize=1)
def _data() -> Dict[str, Any]:
    return data_tables.table(DATA_PATH, {})


def asks_for_plan(question: str) -> bool:
    """Whether the question asks for an order to read the hymns in (and names no god, book or kind)."""
    text = " ".join(str(question or "").split())
    return bool(_PLAN.search(text)) and not _NARROW.search(text)


def plan_span(question: str) -> Tuple[str, int]:
    """The span the plan is asked for: ("days", n), ("weeks", n), ("months", n) or ("year", 1);
    ("days", 7) when none is named."""
    text = str(question or "").lower()
    if re.search(r"\b(?:a|one|1)[- ]?year\b|\byearly\b|\bannual\b|\b12 months\b|\btwelve months\b", text):
        return "year", 1
    for unit in ("day", "week", "month"):
        found = re.search(_NUM + r"[- ]" + unit + r"s?\b", text)
        if found:
            value = found.group(1)
            n = int(value) if value.isdigit() else _NUMBERS.get(value, 1)
            return unit + "s", max(1, n)
        if re.search(r"\b(?:a|one|first|per|each)\s+" + unit + r"\b", text):
            return unit + "s", 1
    return "days", DEFAULT_DAYS


def asks_in_own_words(typed: str) -> bool:
    """The request for a plan in the reader's own language (``PLAN_WORDS``), naming no god or book."""
    text = " ".join(str(typed or "").lower().split())
    if not text or _NARROW.search(text) or re.search(r"\d", text):
        return False
    return any(any(_has(text, w) for w in read) and any(_has(text, w) for w in order) for read, order in PLAN_WORDS.values())


def _has(text: str, word: str) -> bool:
    """A word of a spaced script as a whole word ("ler" not inside "ruler"); a stem of an abugida or of CJK anywhere."""
    if re.fullmatch(r"[a-zà-ÿ'а-яё]+", word):
        return re.search(r"(?<![\w'])" + re.escape(word) + r"(?![\w'])", text) is not None
    return word in text


def _typed_span(typed: str) -> Tuple[str, int]:
    text = str(typed or "").lower()
    for unit, words in _SPAN_WORDS.items():  # year before month before week: "一年" is not "一週間"
        if any(_has(text, w) for w in words):
            return ("year", 1) if unit == "year" else (unit + "s", 1)
    return "days", DEFAULT_DAYS


def _steps() -> List[Tuple[str, str, List[str]]]:
    """(name, why, refs) of each step, the refs read from the named-passages table."""
    from pyapp.reading.named import get_named, passage_refs

    out = []
    for step in _data().get("steps", []):
        passage = get_named(step.get("id", ""))
        if passage is None:
            continue
        refs = passage_refs(passage)
        if refs:
            out.append((passage.names[0], step.get("why", ""), refs))
    return out


def _hymn(refs: List[str]) -> str:
    first = refs[0]
    return ".".join(first.split(".")[:2]) if first.count(".") == 2 and len(refs) > 1 else first


def _line(step: Tuple[str, str, List[str]]) -> str:
    name, why, refs = step
    return f"{name} (RV {_hymn(refs)}): {why}"


def _book_plan(index: Any, months: int) -> str:
    """The ten books in the table's order cut into ``months`` parts by hymn count (counted in the index)."""
    order = _data().get("book_order") or list(range(1, 11))
    counts: Dict[int, int] = {}
    for verse in getattr(index, "verses", []) or []:
        parts = str(getattr(verse, "ref", "")).split(".")
        if len(parts) == 3 and parts[2] == "1" and parts[0].isdigit():
            counts[int(parts[0])] = counts.get(int(parts[0]), 0) + 1
    total = sum(counts.get(b, 0) for b in order)
    if not total:
        return ""
    per = total / months
    lines, done = [], 0
    chunks: List[List[int]] = [[] for _ in range(months)]
    for book in order:
        slot = min(months - 1, int(done / per)) if per else 0
        chunks[slot].append(book)
        done += counts.get(book, 0)
    for i, books in enumerate(chunks, start=1):
        if books:
            lines.append(f"month {i}: book{'s' if len(books) > 1 else ''} " + ", ".join(str(b) for b in books))
    return (f"The ten books hold {total} hymns, about {round(total / 52)} a week over a year. Read "
            + (_data().get("book_order_why") or "the books in order") + ": " + "; ".join(lines) + ".")


def answer_typed(typed: str, index: Any) -> Optional[FactAnswer]:
    """The plan asked in the reader's own words (``PLAN_WORDS``), or None."""
    if not asks_in_own_words(typed):
        return None
    return _plan(*_typed_span(typed), index)


_NOT_FROM = re.compile(r"\b(?:not|n't|never)\s+(?:to\s+)?(?:start|begin)\w*\s+(?:from|with|at)\s+(?:rv\s*)?(\d{1,2}\.\d{1,3})\b", re.I)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """An ordered reading plan over the named passages, cut to the asked span; None when not asked for.
    A hymn the reader was told not to start from ("NOT to start from 1.1") is left out."""
    if not asks_for_plan(question):
        return None
    skip = {m.group(1) for m in _NOT_FROM.finditer(question)}
    return _plan(*plan_span(question), index, skip)


def _plan(unit: str, n: int, index: Any, skip: Optional[set] = None) -> Optional[FactAnswer]:
    steps = [step for step in _steps() if _hymn(step[2]) not in (skip or set())]
    if not steps:
        return None
    if unit == "weeks" and n <= 2:  # "the first week": day by day
        unit, n = "days", 7 * n
    parts: List[str] = []
    if unit in ("days",) and n <= len(steps):
        per_day = max(1, min(3, -(-min(len(steps), PER_DAY * n) // n)))
        shown = steps[:per_day * n]
        days = [shown[i:i + per_day] for i in range(0, len(shown), per_day)]
        intro = (f"A {n}-day plan for a first reading of the RigVeda, {per_day} hymn{'s' if per_day > 1 else ''} a day, "
                 f"easiest and best-known first:")
        parts.append(intro)
        parts.extend(f"- Day {i}: " + "; ".join(_line(s) for s in day) for i, day in enumerate(days, start=1))
    elif unit in ("year", "months") and index is not None and (12 if unit == "year" else n) > 1:
        parts.append("A first reading of the RigVeda: start with these hymns, in this order (best-known first, the "
                     "speculative hymns of book 10 later): " + "; ".join(f"{name} (RV {_hymn(refs)})"
                                                                        for name, _why, refs in steps) + ".")
        books = _book_plan(index, 12 if unit == "year" else n)
        if books:
            parts.append("Then the whole text: " + books[0].lower() + books[1:])
    else:
        weeks = {"weeks": n, "months": 4 * n, "year": 52}.get(unit, max(1, -(-n // 7)))
        per_week = max(1, -(-len(steps) // max(1, min(weeks, len(steps)))))
        chunks = [steps[i:i + per_week] for i in range(0, len(steps), per_week)][:weeks]
        parts.append("A first reading of the RigVeda, in this order (best-known hymns first, the speculative "
                     "hymns of book 10 later):")
        parts.extend(f"- Week {i}: " + "; ".join(_line(s) for s in chunk) for i, chunk in enumerate(chunks, start=1))
    parts.append("Read each hymn whole; the app can explain any of them (“Explain RV 1.1”).")
    refs: List[str] = []
    hymns: List[str] = []
    for _name, _why, step_refs in steps:
        hymn = _hymn(step_refs)
        hymns.append(hymn)
        first = step_refs[0] if step_refs[0].count(".") == 2 else f"{step_refs[0]}.1"
        refs.append(first.split("-")[0])
    return FactAnswer(kind="list", text="\n".join(parts), refs=refs[:10], subject_hymns=hymns[:10])
