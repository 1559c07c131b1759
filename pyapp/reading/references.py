"""Reader tasks as an algebra over references: a ``Span`` of the text, operations on it, a task.

Why an algebra: "the verse after RV 1.1.5", "the last hymn of book 9", "hymns 1.1–1.11", "who
composed 3.1 to 3.10?", "summarize hymn 7.86" and "the next one" are all one shape — a span the
question names (or the conversation points at), an operation that moves or expands it, and a task
applied to the result. One parser over small word tables (``pyapp.reading.words``, data in
``pyapp/data/reading_words.json``) reads all of them in every language the table covers; the
operations are computed from the index's hymn table, so they cross hymn and maṇḍala boundaries
exactly where the text does (1.191.16 → 2.1.1) and never invent a verse.

Parsing never claims a question it cannot improve on: a plain reference ("RV 10.129.3", "Rigveda
1.1") or a single-hymn fact ("who composed 1.1?") is left to the pipeline that already answers it
(``read_task`` returns ``None``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, List, Optional, Sequence, Tuple

from pyapp.reading.words import Hit, find, fold

VERSE, HYMN, MANDALA, ALL = "verse", "hymn", "mandala", "all"
TASKS = ("show", "summarize", "word_by_word", "facts", "content", "sanskrit_of_quote", "support", "verse_facts",
         "compound", "recitation")
RANGE_CAP = 12  # verses shown for a range; the rest are listed by reference
HYMN_RANGE_CAP = 40  # hymns a facts-over-range answer walks


@dataclass(frozen=True)
class Span:
    """A stretch of the text: one verse (m, h, v), one hymn (m, h), one maṇḍala (m,), the whole
    text (), or a range ``start``..``end`` (inclusive) of verses or hymns."""

    level: str
    start: Tuple[int, ...] = ()
    end: Optional[Tuple[int, ...]] = None

    @property
    def is_range(self) -> bool:
        return self.end is not None and self.end != self.start

    @property
    def last(self) -> Tuple[int, ...]:
        return self.end if self.end is not None else self.start

    def label(self) -> str:
        """"RV 1.1.5", "RV 1.1", "maṇḍala 3", "the whole RigVeda", "RV 1.1.3–5", "RV 1.1–1.11"."""
        if self.level == ALL:
            return "the whole RigVeda"
        if self.level == MANDALA:
            return f"maṇḍala {self.start[0]}" + (f"–{self.last[0]}" if self.is_range else "")
        first = ".".join(map(str, self.start))
        if not self.is_range:
            return f"RV {first}"
        end = self.last
        if self.level == VERSE and end[:2] == self.start[:2]:
            return f"RV {first}–{end[2]}"
        return f"RV {first}–{'.'.join(map(str, end))}"

    @property
    def ref(self) -> str:
        return ".".join(map(str, self.start))


class HymnTable:
    """The index's shape: hymns per maṇḍala and verses per hymn (nothing else is needed)."""

    def __init__(self, index: Any) -> None:
        self.index = index

    def hymns(self, mandala: int) -> int:
        return int(self.index.hymn_count(mandala)) if 1 <= mandala <= 10 else 0

    def verses(self, mandala: int, hymn: int) -> int:
        return int(self.index.verse_count(mandala, hymn))

    def exists(self, point: Tuple[int, ...]) -> bool:
        if not point:
            return True
        if not 1 <= point[0] <= 10:
            return False
        if len(point) >= 2 and not 1 <= point[1] <= self.hymns(point[0]):
            return False
        return len(point) < 3 or 1 <= point[2] <= self.verses(point[0], point[1])

    # -- moving one step ------------------------------------------------------------------------
    def step(self, point: Tuple[int, ...], forward: bool) -> Optional[Tuple[int, ...]]:
        """The next/previous verse, hymn or maṇḍala, crossing boundaries; ``None`` past either end."""
        if len(point) == 3:
            m, h, v = point
            if forward:
                if v < self.verses(m, h):
                    return (m, h, v + 1)
                nxt = self.step((m, h), True)
                return None if nxt is None else (nxt[0], nxt[1], 1)
            if v > 1:
                return (m, h, v - 1)
            prev = self.step((m, h), False)
            return None if prev is None else (prev[0], prev[1], self.verses(*prev))
        if len(point) == 2:
            m, h = point
            if forward:
                if h < self.hymns(m):
                    return (m, h + 1)
                return (m + 1, 1) if m < 10 else None
            if h > 1:
                return (m, h - 1)
            return (m - 1, self.hymns(m - 1)) if m > 1 else None
        if len(point) == 1:
            m = point[0] + (1 if forward else -1)
            return (m,) if 1 <= m <= 10 else None
        return None

    # -- first / last inside a span ---------------------------------------------------------------
    def edge(self, span: Span, unit: str, last: bool) -> Optional[Tuple[int, ...]]:
        """The first/last verse or hymn of a hymn, a maṇḍala, the whole text or a range."""
        point = span.last if last else span.start
        depth = {VERSE: 3, HYMN: 2, MANDALA: 1}.get(unit, 3)
        if len(point) >= depth:
            return point[:depth]
        if not point:
            point = (10,) if last else (1,)
        while len(point) < depth:
            if len(point) == 1:
                point = point + ((self.hymns(point[0]) if last else 1),)
            else:
                point = point + ((self.verses(point[0], point[1]) if last else 1),)
        return point

    # -- expanding ----------------------------------------------------------------------------------
    def verse_points(self, span: Span, cap: int) -> Tuple[List[Tuple[int, int, int]], int]:
        """The verses of a span in order (at most ``cap``) and how many there are in all."""
        return self._points(span, VERSE, cap, 20000)  # type: ignore[return-value]

    def hymn_points(self, span: Span, cap: int) -> Tuple[List[Tuple[int, int]], int]:
        """The hymns of a span in order (at most ``cap``) and how many there are in all."""
        return self._points(span, HYMN, cap, 2000)  # type: ignore[return-value]

    def _points(self, span: Span, level: str, cap: int, bound: int) -> Tuple[List[Tuple[int, ...]], int]:
        """Walk the span's ``level`` from its first to its last point (``bound`` guards a broken table)."""
        first, last = self.edge(span, level, False), self.edge(span, level, True)
        out: List[Tuple[int, ...]] = []
        total, point = 0, first
        while point is not None and total < bound:
            total += 1
            if len(out) < cap:
                out.append(point)
            if point == last:
                break
            point = self.step(point, True)
        return out, total


def as_span(point: Tuple[int, ...]) -> Span:
    return Span({3: VERSE, 2: HYMN, 1: MANDALA, 0: ALL}[len(point)], tuple(point))


def apply(table: HymnTable, op: str, unit: str, span: Span) -> Tuple[Optional[Span], str]:
    """``op`` (next / previous / first / last) of ``unit`` applied to ``span``: the target span, or
    ``None`` and a one-line reason naming the edge of the text."""
    if op in ("first", "last"):
        depth = {VERSE: 3, HYMN: 2, MANDALA: 1}.get(unit)
        if span.is_range:
            depth = depth or len(span.start)
        elif depth is None or depth <= len(span.start):  # "the last of hymn 1.1": its last verse
            depth = min(3, max(len(span.start) + 1, 2))
        point = table.edge(span, {3: VERSE, 2: HYMN, 1: MANDALA}[depth], op == "last")
        return (as_span(point), "") if point and table.exists(point) else (None, f"{span.label()} does not exist.")
    forward = op == "next"
    depth = {VERSE: 3, HYMN: 2, MANDALA: 1}.get(unit, len(span.start) or 2)
    if depth > len(span.start):  # "the verse after hymn 1.1": the first verse past its end
        point = table.edge(span, unit, forward)
    else:
        point = (span.last if forward else span.start)[:depth]
    if not table.exists(point):
        return None, f"{span.label()} does not exist."
    moved = table.step(point, forward)
    if moved is None:
        what = {3: "verse", 2: "hymn", 1: "maṇḍala"}[depth]
        edge = "last" if forward else "first"
        return None, f"{as_span(point).label()} is the {edge} {what} of the RigVeda; there is no {what} " \
                     f"{'after' if forward else 'before'} it."
    return as_span(moved), ""


# -- reading the question --------------------------------------------------------------------------
_N = r"\d{1,4}"
_NAMED_AFTER = re.compile(r"\b(named|called|titled|known)\s+after\b")
_PREFIX = r"(?:(?:r\.?\s?v\.?|ri?g\s?-?veda|rgveda|rigved)\s*)"
_DOT = r"\s*[.:]\s*"
_VERSE_RANGE_FULL = re.compile(
    rf"{_PREFIX}?(?<![\d.])({_N}){_DOT}({_N}){_DOT}({_N})\s*(?:-|~RANGE~)\s*{_PREFIX}?(?:({_N}){_DOT}({_N}){_DOT})?({_N})(?![\d.]\d)")
_HYMN_RANGE = re.compile(
    rf"{_PREFIX}?(?<![\d.])({_N}){_DOT}({_N})(?!{_DOT}\d)\s*(?:-|~RANGE~)\s*{_PREFIX}?(?:({_N}){_DOT})?({_N})(?!{_DOT}\d|\d)")
_VERSE = re.compile(rf"{_PREFIX}?(?<![\d.])({_N}){_DOT}({_N}){_DOT}({_N})(?![\d]|[.:]\d)")
_HYMN = re.compile(rf"{_PREFIX}?(?<![\d.])({_N}){_DOT}({_N})(?![\d]|[.:]\d)")
_NUMBERS_OF = re.compile(rf"~VERSE~\s*({_N})(?:\s*(?:-|~RANGE~|,)\s*({_N}))?\s*(?:of|in|from|de|del|di|dell[ao']?|du|des|von|aus|из|का|के|की)?\s*"
                         rf"(?:the\s+)?(?:~HYMN~\s*)?{_PREFIX}?({_N}){_DOT}({_N})(?![\d]|[.:]\d)")
_WORD_MANDALA = re.compile(rf"~MANDALA~\s*(?:no\.?\s*|number\s*)?({_N}|x|ix|viii|vii|vi|iv|v|iii|ii|i)(?![\w.])")
_ORDINAL_MANDALA = re.compile(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|[4-9]th|10th)\s+~MANDALA~")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8,
             "9th": 9, "10th": 10}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
# a straight or single quote mark inside a word is an apostrophe ("Indra's Vṛtra hymn … Vṛtra's body"), not a quote
_QUOTE = re.compile(r"(?:[\"“”«„]|(?<![^\W\d_])['‘])([^\"“”«»„]{12,400}?)(?:[\"”“»]|'(?![^\W\d_]))")
# words that may stand beside an operation and a pointer without making a question about something else
_STRUCTURAL = set("""
the a an of in to and what which is are was whats what's please me us can you tell give show one ones then
so now ok okay also and? comes come does do say says said about rv rigveda verse hymn el la le de di du der die
des los las il lo i o os as y e и что а s it that this its his her their su sus son sa ses sein seine seiner
ihr его её ее इसका इसके इसकी उसका उसके उसकी वाला वाली वाले का के की है
""".split())
_CATEGORIES = ("next", "previous", "first", "last", "verse", "hymn", "mandala", "whole", "summarize",
               "word_by_word", "compound", "sanskrit_of", "seer", "deity", "metre", "pointer", "show", "count")


@dataclass
class ReferenceTask:
    """What a question asks of the text: ``task`` applied to ``span`` (after ``operation``)."""

    task: str
    span: Optional[Span] = None  # the target, after the operation
    source: Optional[Span] = None  # the span the question (or the conversation) named
    operation: str = ""  # next / previous / first / last / range / ""
    unit: str = ""
    attribute: str = ""  # seer / deity / metre, for task "facts"
    quote: str = ""  # the quoted translation, for task "sanskrit_of_quote"
    topics: List[str] = field(default_factory=list)  # what a "content" question asks about
    claim: str = ""  # "which verse says so?": the last answer's claim
    refs: List[str] = field(default_factory=list)  # … and the verses behind it
    from_context: bool = False  # the span came from the conversation ("the verse after that")
    steps: int = 1  # "go back two verses": the operation applied this many times
    error: str = ""  # the operation fell off the text: the reason, said to the reader


def _marked(folded: str, hits: Sequence[Hit]) -> str:
    """The folded text with unit and range words replaced by markers the number patterns use."""
    out, last = [], 0
    for hit in hits:
        if hit.category in ("verse", "hymn", "mandala"):
            out.append(folded[last:hit.start] + f"~{hit.category.upper()}~")
            last = hit.end
    out.append(folded[last:])
    text = "".join(out)
    ranges = "|".join(sorted((re.escape(w) for w in _range_words()), key=len, reverse=True))
    # a range word only between two numbers: "3.1 to 3.10", "1-3 de 10.129"
    return re.sub(rf"(?<=\d)\s+(?:{ranges})\s+(?=(?:{_PREFIX})?\d)", " ~RANGE~ ", text)


def _range_words() -> List[str]:
    from pyapp.reading.words import entries

    return entries("range")


def _points(marked: str) -> Tuple[Optional[Span], Tuple[int, int]]:
    """The first span written in numbers, ranges first, with its character span."""
    m = _NUMBERS_OF.search(marked)
    if m:
        a, b, mm, hh = int(m.group(1)), int(m.group(2) or m.group(1)), int(m.group(3)), int(m.group(4))
        a, b = min(a, b), max(a, b)
        return Span(VERSE, (mm, hh, a), (mm, hh, b) if b != a else None), m.span()
    m = _VERSE_RANGE_FULL.search(marked)
    if m:
        mm, hh, a = int(m.group(1)), int(m.group(2)), int(m.group(3))
        m2, h2 = (int(m.group(4)), int(m.group(5))) if m.group(4) else (mm, hh)
        end = (m2, h2, int(m.group(6)))
        start = (mm, hh, a)
        start, end = min(start, end), max(start, end)
        return Span(VERSE, start, end if end != start else None), m.span()
    m = _HYMN_RANGE.search(marked)
    if m:
        mm, hh = int(m.group(1)), int(m.group(2))
        m2 = int(m.group(3)) if m.group(3) else mm
        end = (m2, int(m.group(4)))
        start, end = min((mm, hh), end), max((mm, hh), end)
        return Span(HYMN, start, end if end != start else None), m.span()
    m = _VERSE.search(marked)
    if m:
        return Span(VERSE, tuple(int(g) for g in m.groups())), m.span()
    m = _HYMN.search(marked)
    if m:
        return Span(HYMN, (int(m.group(1)), int(m.group(2)))), m.span()
    m = _WORD_MANDALA.search(marked)
    if m:
        raw = m.group(1)
        return Span(MANDALA, (int(raw) if raw.isdigit() else _ROMAN[raw],)), m.span()
    m = _ORDINAL_MANDALA.search(marked)
    if m:
        return Span(MANDALA, (_ORDINALS[m.group(1)],)), m.span()
    return None, (0, 0)


def _worded(text: str) -> Optional[Span]:
    """"mandala 3 hymn 62 verse 10", "hymn 90 of book 10": the worded forms ``pyapp.search.refs`` reads."""
    from pyapp.search.refs import parse_reference

    try:
        parsed = parse_reference(text)
    except Exception:
        return None
    if parsed is None or parsed.hymn_from_end or parsed.verse_from_end:
        return None
    point = tuple(p for p in (parsed.mandala, parsed.hymn, parsed.verse) if p is not None)
    if parsed.verse_end and parsed.verse is not None:
        return Span(VERSE, point, point[:2] + (parsed.verse_end,))
    return as_span(point)


def _near(a: Tuple[int, int], b: Tuple[int, int], text: str, words: int = 2) -> bool:
    """True when at most ``words`` words separate the two character spans."""
    lo, hi = (a, b) if a[0] <= b[0] else (b, a)
    gap = text[lo[1]:hi[0]]
    return len(re.findall(r"[^\W_]+", gap)) <= words


def _leftover(folded: str, hits: Sequence[Hit], ref_span: Tuple[int, int]) -> List[str]:
    """Words of the question outside every table hit and the reference: what else it is about."""
    keep = list(folded)
    for hit in hits:
        for i in range(hit.start, hit.end):
            keep[i] = " "
    for i in range(*ref_span):
        keep[i] = " "
    # Devanagari vowel signs are not \w: a Hindi word is letters and signs together ("इसके", "वाला")
    return [w for w in re.findall(r"(?:[^\W\d_]|[\u0900-\u0963\u0971-\u097F])+", "".join(keep))
            if w not in _STRUCTURAL]


def _existing_target(text: str, table: HymnTable) -> Optional[Tuple[int, ...]]:
    """What the plain reference reader (``pyapp.search.refs``) would show for ``text``."""
    from pyapp.search.refs import parse_reference

    try:
        parsed = parse_reference(text)
    except Exception:
        return None
    if parsed is None or parsed.verse_end:
        return None
    m, h, v = parsed.mandala, parsed.hymn, parsed.verse
    if h is not None and parsed.hymn_from_end:
        h = table.hymns(m)
    if v is not None and h is not None and parsed.verse_from_end:
        v = table.verses(m, h)
    return tuple(p for p in (m, h, v) if p is not None)


def quoted_translation(text: str) -> str:
    """The quoted words of "the Sanskrit of the verse that begins '…'" (at least three words)."""
    for match in _QUOTE.finditer(text or ""):
        inner = match.group(1).strip(" .,;:…")
        if len(re.findall(r"[^\W\d_]+", inner)) >= 3:
            return inner
    return ""


def _unquoted_line(text: str, folded: str) -> str:
    """A translated line pasted without quotation marks after "begins with", "the line", a colon…
    (at least five words): "the Sanskrit of the verse that begins with They call him Indra…"."""
    lead = find(folded, ["quote_lead"])
    colon = folded.find(":")
    cut = lead[-1].end if lead else (colon + 1 if colon >= 0 else -1)
    if cut < 0:
        return ""
    words = re.findall(r"\S+", folded[cut:])
    rest = " ".join(text.split()[len(text.split()) - len(words):]) if words else ""
    rest = rest.strip(" \"“”«»'‘’:,.?!")
    if not lead and re.search(r"\?\s+\S", rest):
        return ""  # "Puramdhi: goddess of plenty? show me a verse": a heading and questions, not a pasted line
    return rest if len(re.findall(r"[^\W\d_]+", rest)) >= 5 else ""


def span_of(text: str) -> Optional[Span]:
    """The first passage ``text`` writes in numbers or words ("hymn 3.62", "verses 3-5 of 10.129", "mandala 3
    hymn 62"), whatever task it asks (``read_task`` leaves a plain reference to the reference reader)."""
    folded = fold(text)
    span, _ = _points(_marked(folded, find(folded, _CATEGORIES)))
    return span if span is not None else _worded(text)


def named_span(text: str) -> Optional[Span]:
    """The passage a question names by name ("the Nāsadīya Sūkta", "the Gāyatrī mantra") as a span,
    when it is one verse or one hymn (``pyapp.reading.named``'s table is the data)."""
    from pyapp.reading.named import find_named, passage_refs

    try:
        matches = find_named(text)
    except Exception:
        return None
    if len(matches) != 1:
        return None
    refs = passage_refs(matches[0].passage)
    if len(refs) != 1 or not re.fullmatch(r"\d+\.\d+(\.\d+)?", refs[0]):
        return None
    return as_span(tuple(int(p) for p in refs[0].split(".")))


def read_task(text: str, table: HymnTable, context: Optional[Span] = None,
              topics: Sequence[str] = ()) -> Optional[ReferenceTask]:
    """The reference task ``text`` asks for, or ``None`` when the usual pipeline answers it as well.

    ``context`` is the span the conversation points at (the last answer's verse) for "the verse
    after that"; ``topics`` are the names/terms the question reader found (for "what does hymn 1.2
    ask of Vāyu?")."""
    from pyapp.reading.first_mention import asks_first  # lazy: that reader imports the fact tables
    from pyapp.reading import first_n
    text = first_n.rewrite(text, table) or text  # "the first four hymns" → "hymns 1.1 to 1.4"
    if asks_first(text):
        return None  # "Where is the Yamunā mentioned first in the Rig Veda?": a first mention, not a position
    from pyapp.reading import later_use, refrain  # lazy, as above
    if refrain.asks(text):
        return None  # "which verses of 2.12 end with the line '…'?": the hymn's refrain (pyapp.reading.refrain)
    if later_use.match(text) is not None:
        return None  # "'let noble thoughts come to us'": a later rendering, not a translation's line (pyapp.reading.later_use)
    # "named after him", "called after its seer": the source of a name, not a move to the next passage
    folded = _NAMED_AFTER.sub(r"\1 from", fold(text))
    hits = find(folded, _CATEGORIES)
    kinds = {h.category for h in hits}
    if kinds & {"seer", "deity", "metre"} and not _VERSE.search(folded) and not _HYMN.search(folded):
        by_words = _incipit_task(text, table, hits)  # "who composed the verse beginning 'pra samrāje …'"
        if by_words is not None:
            return by_words
    quote = quoted_translation(text) or _unquoted_line(text, folded)
    if quote and ("sanskrit_of" in kinds or "verse" in kinds) and not _VERSE.search(folded):
        # "which verse comes right after '…'?": the quoted line finds a verse, the words around it move from it
        around = {h.category for h in find(fold(text.replace(quote, " ")), ("next", "previous"))}
        op = "next" if around == {"next"} else "previous" if around == {"previous"} else ""
        return ReferenceTask("sanskrit_of_quote", quote=quote, operation=op)
    if "count" in kinds:
        return None  # "how many hymns does book 1 have?": a count is a fact the index states (pyapp.facts)
    marked = _marked(folded, hits)
    span, ref_chars = _points(marked)
    # character positions in ``marked`` differ from ``folded``; operations are checked on ``marked``
    mhits = find(marked, ("next", "previous", "first", "last", "verse", "hymn", "mandala", "whole", "pointer"))
    units = [(h.start, h.end, h.category) for h in mhits if h.category in ("verse", "hymn", "mandala")]
    units += [(m.start(), m.end(), m.group(1).lower()) for m in re.finditer(r"~(VERSE|HYMN|MANDALA)~", marked)]
    worded = False
    if span is None:
        span = _worded(text)
        worded = span is not None
        if span is not None:
            ref_chars = (len(marked), len(marked))
    by_name = False
    if span is None and kinds & {"summarize", "word_by_word", "next", "previous", "first", "last"}:
        span = named_span(text)  # "summarize the Puruṣa Sūkta", "the verse after the Gāyatrī mantra"
        by_name = span is not None
        if by_name:
            ref_chars = (len(marked), len(marked))
    if span is None and "whole" in kinds:
        span, ref_chars = Span(ALL), next(((h.start, h.end) for h in mhits if h.category == "whole"), (0, 0))
    op, unit = _operation(marked, mhits, units, ref_chars, span is not None and not by_name)
    if span is not None and span.level == ALL and op in ("next", "previous") and not unit:
        return None  # "what does the Rigveda say happens after death?": "after" the text is no place to go
    if worded and op in ("first", "last"):
        return None  # "the first hymn of the Rigveda": the reference reader reads positions itself
    from_context = False
    if span is None and context is not None:
        bare = [h.category for h in hits if h.category in ("next", "previous", "first", "last")]
        rest = _leftover(folded, hits, (0, 0))
        if (op or bare) and len(rest) <= 1:  # "the verse after that", "and the previous one?"
            span, from_context, op = context, True, op or bare[0]
        elif kinds & {"word_by_word", "summarize"} and len(rest) <= 1:  # "now give me its padapāṭha"
            span, from_context = context, True
        elif kinds & {"seer", "deity", "metre"} and kinds & {"pointer"} and len(rest) <= 1:
            # "who is it addressed to?": that verse's own seer/deity/metre ("that hymn": its hymn's)
            span, from_context = context, True
            if "hymn" in kinds and context.level == VERSE:
                span = as_span(context.start[:2])
    if span is None and kinds & {"word_by_word", "compound"} and ("word_by_word" in kinds or "verse" not in kinds):
        return ReferenceTask("compound", quote=text)  # "how is the compound viśvacarṣaṇi split?": the padapāṭha
    if span is None:
        return None
    if not table.exists(span.start) or (span.end is not None and not table.exists(span.end)):
        return None  # not a passage of the text: the reference reader says why
    task = ReferenceTask("show", source=span, span=span, operation=op, unit=unit, from_context=from_context)
    if op:
        task.steps = _steps(marked) if op in ("next", "previous") else 1
        target, error = apply(table, op, unit, span)
        for _ in range(task.steps - 1):
            if target is None:
                break
            target, error = apply(table, op, unit or span.level, target)
        task.span, task.error = target, error
    elif span.is_range:
        task.operation = "range"
    if "word_by_word" in kinds:
        task.task = "word_by_word"
    elif "summarize" in kinds:
        task.task = "summarize"
    elif kinds & {"seer", "deity", "metre"} and not op and (span.is_range or from_context):  # one hymn: pyapp.facts
        task.task = "facts"
        task.attribute = next(h.category for h in hits if h.category in ("seer", "deity", "metre"))
    elif topics and span.level == HYMN and not op and not by_name and not kinds & {"seer", "deity", "metre"}:
        task.task, task.topics = "content", list(topics)
    elif span.level == HYMN and not span.is_range and not op and not by_name and _asks_inside(marked, kinds) \
            and not _foreign_look(text, folded, hits, ref_chars, marked, kinds):
        task.task = "content"  # "what is the poet asking for in 7.55?": answered from inside that hymn
    if by_name and task.task == "show" and not op:
        return None  # a named passage without a task: the named-passage search answers it
    if task.task == "show":
        if not op and not span.is_range and not (span.level in (VERSE, HYMN) and not by_name and
                                                 _foreign_look(text, folded, hits, ref_chars, marked, kinds)):
            return None  # a plain reference: the reference reader shows it
        if op in ("first", "last") and task.span is not None and _existing_target(text, table) == task.span.start:
            return None  # "the last hymn of book 9": the reference reader already finds it
    if task.task == "summarize" and span.level == ALL:
        return None
    if task.task in ("show", "content"):
        from pyapp.reading.hymn_query import read as hymn_query

        asked = hymn_query(text)
        if asked is not None and asked.op == "position":
            return None  # "is the frog hymn near the end of book 7?", "what number is 3.62 counting from 1.1?": the hymn table's
    return task


def _incipit_task(text: str, table: HymnTable, hits: Sequence[Hit]) -> Optional[ReferenceTask]:
    """The seer/deity/metre of a verse the question names by its first words (``pyapp.reading.incipit``)."""
    from pyapp.reading.incipit import find_incipit

    try:
        found = find_incipit(text, table.index)
    except Exception:
        return None
    if found is None:
        return None
    ref, _, phrase = found
    point = tuple(int(p) for p in ref.split("."))
    asked = [h.category for h in hits if h.category in ("seer", "deity", "metre")]
    span = as_span(point)
    return ReferenceTask("verse_facts", span=span, source=span, attribute=",".join(dict.fromkeys(asked)),
                         quote=phrase)


# words that ask for a passage as a whole ("what is 7.55 about?"): the reference reader shows it
_OVERVIEW = set("""about explain explanation meaning mean means say says said describe description theme topic
subject contents content context overview translate translation text quote read open full whole entire
please me tell show give see hymn sukta griffith english devanagari iast roman transliteration version wilson
geldner renou jamison brereton elizarenkova sanskrit original""".split())


def _asks_inside(marked: str, kinds: set) -> bool:
    """A question about something inside one hymn ("which objects are praised in RV 6.75?", "what
    happens in hymn 4.18?"): words beyond the reference, the table's words and an overview word."""
    if kinds & {"seer", "deity", "metre", "count", "summarize", "word_by_word", "sanskrit_of"}:
        return False
    m = _HYMN.search(marked)
    rest = _leftover(marked, find(marked, _CATEGORIES), m.span() if m else (0, 0))
    return len([w for w in rest if w not in _OVERVIEW and len(w) > 2 and not w.isupper()]) >= 1  # not ~HYMN~


def _foreign_look(text: str, folded: str, hits: Sequence[Hit], ref_chars: Tuple[int, int], marked: str,
                  kinds: set) -> bool:
    """"¿De qué trata RV 8.22?", "Worum geht es im RV 3.7?": a plain look at one passage asked in
    another language (a few words around the reference, no fact asked). The English-only reference
    reader does not read these, so the task shows the passage itself."""
    if kinds & {"seer", "deity", "metre", "count", "sanskrit_of"}:
        return False
    from pyapp.reading.language import detect

    try:
        if detect(text).is_english:
            return False
    except Exception:
        return False
    m = _VERSE.search(marked) or _HYMN.search(marked)
    rest = _leftover(marked, find(marked, _CATEGORIES), m.span() if m else ref_chars)
    return len([w for w in rest if not w.isupper()]) <= 4  # a unit word's ~HYMN~ marker is not a word


def _steps(marked: str) -> int:
    """"go back two verses", "drei Verse weiter": the count standing before a unit word (1 if none;
    at most 50, so a stray number never walks far)."""
    from pyapp.reading.number_words import numbers

    for number in numbers(marked):
        after = marked[number.end:number.end + 12]
        if not number.ordinal and 1 < number.value <= 50 and re.match(r"\s*~?(?:VERSE|HYMN|MANDALA)~", after):
            return number.value
        if not number.ordinal and 1 < number.value <= 50 and find(after, ("verse", "hymn", "mandala")):
            hit = find(after, ("verse", "hymn", "mandala"))[0]
            if not after[:hit.start].strip():
                return number.value
    return 1


def _operation(marked: str, hits: Sequence[Hit], units: Sequence[Tuple[int, int, str]],
               ref_chars: Tuple[int, int], has_span: bool) -> Tuple[str, str]:
    """The operation word standing next to a unit word or to the reference, and its unit: "next
    verse", "the hymn before 7.86", "after RV 1.1.5", "last verse of hymn 7.86". An operation word
    elsewhere ("what happened after Indra killed Vṛtra in 1.32?") is not an operation."""
    for hit in hits:
        if hit.category not in ("next", "previous", "first", "last"):
            continue
        span = (hit.start, hit.end)
        if re.match(r"\s+(?:the\s+)?(?:an)?other\b", marked[hit.end:]):
            continue  # "praised one after another": a succession, not an operation on the reference
        if ref_chars[0] <= hit.start < ref_chars[1]:
            continue  # "the first mandala": an ordinal inside the reference, not an operation
        if hit.category in ("next", "previous") and re.match(
                r"\s+(?:[a-z]+ing|i|you|we|they|one|he|she)\b", marked[hit.end:], re.I):
            continue  # "before reading hymn 1.32", "after I chant 3.62.10": the reader's time, not a move
        near_units = [u for u in units if _near(span, (u[0], u[1]), marked, 1)]
        near_ref = has_span and ref_chars != (0, 0) and _near(span, ref_chars, marked, 2)
        if not near_units and not near_ref:
            continue
        unit = ""
        if near_units:
            unit = min(near_units, key=lambda u: abs(u[0] - hit.start))[2]
        return hit.category, unit
    return "", ""


def with_unit(task: ReferenceTask) -> ReferenceTask:
    """A task whose operation has no unit takes the source span's own level ("the next one")."""
    if task.operation and not task.unit and task.source is not None:
        return replace(task, unit=task.source.level)
    return task


TopicFinder = Callable[[str], List[str]]


def missing_reference(text: str, index: Any) -> str:
    """What is wrong with the verse reference ``text`` names when it names no verse of ``index`` ("Mandala 11
    does not exist: …"), else "": the reader must learn that the number was wrong, even when the turn
    answered from the rest of the question."""
    from pyapp.search.refs import parse_reference, resolve

    parsed = parse_reference(text)
    if parsed is None or index is None:
        return ""
    try:
        found = resolve(parsed, index)
    except Exception:
        return ""
    return found if isinstance(found, str) else ""
