"""Questions over the hymn table, read as a small query: a *selection* (a maṇḍala, a god, a seer, a metre,
one named hymn) and an *operation* on it (the Nth verse, the longest/shortest, whether a name occurs, whether
a god has a hymn of its own, a seer's father, a metre's syllables) (issue 19, set 12).

Why a query and not one reader per kind: the kinds nobody wrote yet are new combinations of the same few
parts ("the last verse of the frog hymn", "the shortest hymn of book 6 to Agni", "is Soma named in the
Puruṣa-sūkta?"). This module only *reads*: it returns a :class:`HymnQuery` (or ``None``); the hymn table
answers it in :mod:`pyapp.factbook.query`. Names (gods, seers, named passages, metres) are data: the index,
``named_passages.json`` and ``metres.json``; nothing here names one hymn.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.factbook.patterns import _q
from pyapp.factbook.targets import _mandala_of
from pyapp.schemas import WireModel

__all__ = ["HymnQuery", "Metre", "metres", "read", "ordinal_of", "mandala_of"]

_ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
             "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split()
_ORD = r"(?:\d{1,2}(?:st|nd|rd|th)|" + "|".join(_ORDINALS) + r"|last|final|closing|opening)"
_VERSE = r"(?:verses?|stanzas?|mantras?|rcs?|rks?|riks?|richas?|slokas?|shlokas?)"
_HYMN = r"(?:hymns?|suktas?|sooktas?)"
_BOOK = r"(?:ma[nṇ][dḍ]alas?|mandal|books?)"

_NTH_VERSE = re.compile(rf"\b(?:the\s+)?(?:very\s+)?({_ORD})\s+{_VERSE}\b|\b{_VERSE}\s+(?:number\s+)?(\d{{1,2}})\s+of\b")
_NTH_HYMN = re.compile(rf"\b(?:the\s+)?(?:very\s+)?({_ORD})\s+{_HYMN}\b(?:\s+(?:of|in)\s+(?:the\s+)?"
                       rf"(?:whole\s+|entire\s+)?(?:rig\s*veda|rgveda|rv|{_BOOK}\s*(\d{{1,2}})|({_ORD})\s+{_BOOK}))?")
_BEGINS = re.compile(r"\b(?:begins?|beginning|starts?|starting|opens?|opening)\s+(?:with\s+)?(?:the\s+words?\s+)?(.+)$")
_SUPER = re.compile(r"\b(longest|shortest|largest|smallest|biggest|briefest|lengthiest)\b")
_OWN = re.compile(rf"\b{_HYMN}\s+(?:\w+\s+){{0,3}}(?:of|to|for)\s+(?:his|her|its|their|(?:\w+\s+)?)own\b|"
                  rf"\bown\s+{_HYMN}\b|\b{_HYMN}\s+(?:\w+\s+){{0,2}}(?:to|for)\s+\w+\s+alone\b|"
                  rf"\b(?:addressed|dedicated|devoted)\s+(?:solely|only|exclusively)\s+to\b")
_MENTION = re.compile(r"\b(?:mention\w*|named?|appears?|appearing|occurs?|present|invoked|found|praised|there)\b"
                      r"[^?.]*\bin\b")
_FATHER = re.compile(r"\bwhose son\b|\bfather\b|\bson of\b|\bdaughter of\b|\bparents?\b|\bpatronymic\b|"
                     r"\bborn (?:to|of|from)\b|\bwhose (?:daughter|child)\b")
# a deed done to a kinsman ("did Indra kill his own father?", "Indra slaying Viśvarūpa, son of Tvaṣṭṛ"): the story's
# verses are asked, not whose son someone is
_DEED = re.compile(r"\b(?:kill\w*|slay\w*|slew|slain|murder\w*|smit\w*|smote|behead\w*|fought|fight\w*|attack\w*|"
                   r"defeat\w*|destroy\w*|stole|steal\w*|robb?\w*|cheat\w*|curs(?:e|ed|es|ing)|punish\w*|wound\w*|struck|strike\w*|hurt\w*)\b")
_HERS = re.compile(r"\b(?:(?:is|are|was|were) (?:hers|his|theirs)|r(?:i|u)?shikas?|rsikas?|wom[ae]n (?:seers?|poets?|rishis?|sages?)|"
                   r"female (?:seers?|poets?|rishis?)|poetess\w*|seeress\w*|did (?:she|he) (?:compose|write|make)|"
                   r"(?:she|he) (?:composed|wrote|made))\b")
_SYLLABLE = re.compile(r"\bsyllab\w*|\bak(?:s|sh)aras?\b|अक्षर")
_LINE = re.compile(r"\b(?:lines?|padas?|paadas?|quarters?|feet|foot|each (?:of its )?(?:four|three|five) )\b|पाद|चरण")
_ORDER = re.compile(r"\bin order\b|\bby (?:their )?(?:syllable|length|size)|\bsmallest first\b|\bshortest first\b|"
                    r"\bascending\b|\bincreasing\b|\bfrom (?:the )?(?:shortest|smallest)\b")
_WHICH_METRE = re.compile(r"\b(?:which|what)\s+(?:\w+\s+){0,2}(?:metres?|meters?|chandas)\b")
_METRE_WORD = re.compile(r"\b(?:metres?|meters?|chandas|prosody)\b|छन्द|छंद")


_QUOTES = "'\"‘’“”«» ?.!"


class HymnQuery(WireModel):
    """A question over the hymn table. ``op``: nth_verse | extreme | own_hymn | mentions | father |
    metre_syllables | metre_by_count | metre_order. The selection fields that the op needs are set."""

    op: str  # … | seer_verses (the verses a seer, often a woman seer, is named for)
    hymn: str = ""  # "M.H" of one hymn (nth_verse, mentions)
    hymn_name: str = ""  # the name the question gave it ("the Nāsadīya Sūkta")
    nth: int = 0  # 1-based; -1 = the last
    mandala: int = 0
    longest: bool = True
    metre: str = ""  # a metre's display name
    per_line: bool = False  # asks for one line's syllables
    count: int = 0  # syllables asked for (metre_by_count)
    hymns: List[str] = []  # "M.H" of the hymns named, in the question's order (position)
    relation: str = ""  # position: after | before | between | apart | number | place
    whole: bool = False  # position: counted over the whole RigVeda, not within the hymn's maṇḍala


class Metre(WireModel):
    name: str
    lines: List[int]
    main: bool = False
    spellings: List[str] = []
    devanagari: List[str] = []

    @property
    def total(self) -> int:
        return sum(self.lines)


@lru_cache(maxsize=1)
def metres() -> Tuple[Metre, ...]:
    """The metre table (``pyapp/data/metres.json``)."""
    raw = data_tables.table("data/metres.json", {})
    return tuple(Metre(**m) for m in raw.get("metres", []))


def metre_in(question: str) -> Optional[Metre]:
    """The metre the question names (folded spelling or Devanagari), the longest spelling first."""
    q = _q(question)
    best: Optional[Tuple[int, Metre]] = None
    for metre in metres():
        for spelling in metre.spellings:
            if re.search(rf"\b{re.escape(spelling)}\w*", q) and (best is None or len(spelling) > best[0]):
                best = (len(spelling), metre)
        for word in metre.devanagari:
            if word in question and (best is None or len(word) > best[0]):
                best = (len(word), metre)
    return best[1] if best else None


def ordinal_of(word: str) -> int:
    """"third" → 3, "12th" → 12, "last" → -1, "opening" → 1; 0 when not an ordinal."""
    word = word.lower()
    if word in ("last", "final", "closing"):
        return -1
    if word == "opening":
        return 1
    if word in _ORDINALS:
        return _ORDINALS.index(word) + 1
    digits = re.match(r"(\d{1,2})", word)
    return int(digits.group(1)) if digits else 0


def mandala_of(q: str) -> int:
    """The maṇḍala a folded question names ("book 7", "the 4th mandala", "the seventh book", "book VII",
    "Vasiṣṭha's maṇḍala"), or 0: the factbook's one reader of maṇḍala numbers, kept to 1–10."""
    value = _mandala_of(q) or 0
    return value if 1 <= value <= 10 else 0


def _english_opening(words: str, index: Any) -> str:
    """The hymn whose first verse's translation opens with (or contains) the quoted English words, or ""."""
    phrase = " ".join(re.findall(r"[a-z]+", _q(words)))
    if len(phrase.split()) < 3:
        return ""
    for mandala in range(1, index.mandala_count + 1):
        for number in range(1, index.hymn_count(mandala) + 1):
            verses = index.hymn(mandala, number)
            if verses and phrase in " ".join(re.findall(r"[a-z]+", _q(verses[0].translation or ""))):
                return f"{mandala}.{number}"
    return ""


def _named_hymn(question: str, index: Any) -> Tuple[str, str]:
    """The one hymn the question names: a named passage, "the hymn that begins …", or "the first/last hymn
    (of book N)"; ("", "") when none."""
    from pyapp.reading.named import find_named, passage_refs

    for match in find_named(question):
        refs = passage_refs(match.passage)
        hymns = list(dict.fromkeys(r if r.count(".") == 1 else r.rsplit(".", 1)[0] for r in refs))
        if len(hymns) == 1 and "-" not in hymns[0]:
            return hymns[0], match.passage.names[0]
    begins = _BEGINS.search(question)
    if begins and index is not None:
        from pyapp.reading.incipit import find_incipit

        found = find_incipit(begins.group(1), index)
        if found is not None:
            return found[0].rsplit(".", 1)[0], f"the hymn that begins “{found[2]}”"
        english = _english_opening(begins.group(1), index)
        if english:
            return english, f"the hymn that begins “{begins.group(1).strip(_QUOTES)}”"
    nth = _NTH_HYMN.search(_q(question))
    if nth and index is not None:
        order = ordinal_of(nth.group(1))
        book = int(nth.group(2)) if nth.group(2) else ordinal_of(nth.group(3) or "")
        if book:
            count = index.hymn_count(book) if 1 <= book <= index.mandala_count else 0
            number = count if order == -1 else order
            if count and 1 <= number <= count:
                return f"{book}.{number}", f"the {nth.group(1)} hymn of maṇḍala {book}"
        elif order in (1, -1):
            last = index.mandala_count
            ref = "1.1" if order == 1 else f"{last}.{index.hymn_count(last)}"
            return ref, f"the {'first' if order == 1 else 'last'} hymn of the RigVeda"
    return "", ""


_POS_COUNT = re.compile(rf"\bhow many (?:\w+\s+){{0,2}}(?:{_HYMN}|of them)\b")
_POS_AFTER = re.compile(r"\b(?:after|follow\w*|come later|later in|remain\w*)\b")
_POS_BEFORE = re.compile(r"\b(?:before|precede\w*|come earlier|earlier in)\b")
_POS_BETWEEN = re.compile(r"\bbetween\b")
_POS_APART = re.compile(r"\bapart\b|\bhow far\b|\bdistance\b|\bseparate\w*\b|\bgap\b")
_POS_NUMBER = re.compile(rf"\b(?:what|which)\s+(?:\w+\s+){{0,2}}(?:number|position|ordinal)\b(?!\s+of\s+(?:verses|stanzas|hymns|times|words|syllables|lines|gods))|\bcounting\b|"
                         rf"\bnumber\s+(?:\w+\s+){{0,2}}in the (?:whole|entire)\b|\bin (?:order|sequence)\b.*\bnumber\b|"
                         rf"\bhow many(?:th)?\b.*\b(?:whole|entire) (?:rig\s*veda|text|samhita|collection)\b")
_POS_PLACE = re.compile(rf"\b(?:near|at|towards?|close to) (?:the )?(?:very )?(?:end|beginning|start|close) of (?:the |its )?"
                        rf"(?:\w+\s+)?(?:{_BOOK}|rig\s*veda|text|collection)\b|"
                        rf"\b(?:last|final|closing|penultimate|second[- ]to[- ]last|next[- ]to[- ]last|first|opening)\s+"
                        rf"(?:{_HYMN}|one)\b")
_YES_NO_OR_WHERE = re.compile(r"^(?:is|was|does|isn'?t|are|where|how close|how near)\b|\bnear (?:the )?(?:end|beginning|start)\b")
_WHOLE = re.compile(r"\b(?:whole|entire|all (?:of )?the hymns|all \d+ hymns|rig\s*veda as a whole|from 1\.1|in the text)\b")
_REF_HYMN = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?![\d.]*\d)")


def named_hymns(question: str, index: Any = None) -> List[str]:
    """Every hymn the question names, "M.H", in the order the question names them: written references
    ("10.121", "RV 3.62"; a verse's reference names its hymn) and named passages of one hymn ("the frog
    hymn"); a hymn named twice ("the Gāyatrī's hymn 3.62") counts once."""
    from pyapp.reading.named import find_named, passage_refs

    found: List[Tuple[int, str]] = []
    origin: List[str] = []  # "counting from 1.1": the start of a count, not a hymn asked about
    for m in _REF_HYMN.finditer(question):
        if re.search(r"\b(?:from|since|starting (?:at|with|from)|beginning (?:at|with))\s+(?:rv\s*|hymn\s*)?$",
                     question[:m.start()].lower()):
            origin.append(f"{int(m.group(1))}.{int(m.group(2))}")
            continue
        mandala, hymn = int(m.group(1)), int(m.group(2))
        if 1 <= mandala <= 10 and hymn >= 1 and (index is None or hymn <= index.hymn_count(mandala)):
            found.append((m.start(), f"{mandala}.{hymn}"))
    for match in find_named(question):
        refs = passage_refs(match.passage)
        hymns = list(dict.fromkeys(r if r.count(".") == 1 else r.rsplit(".", 1)[0] for r in refs))
        if len(hymns) == 1 and "-" not in hymns[0]:
            at = question.find(match.text)
            found.append((at if at >= 0 else len(question), hymns[0]))
    hymns = list(dict.fromkeys(ref for _, ref in sorted(found)))
    return hymns or origin


def _position(question: str, q: str, index: Any) -> Optional[HymnQuery]:
    """Where a named hymn stands: hymns after/before it, between two, how far apart, its number counting
    from 1.1, or its place in its maṇḍala ("near the end?", "the last hymn?")."""
    counted = bool(_POS_COUNT.search(q))
    relation = ""
    if _POS_BETWEEN.search(q) and (counted or _POS_APART.search(q)):
        relation = "between"
    elif _POS_APART.search(q):
        relation = "apart"
    elif counted and _POS_AFTER.search(q):
        relation = "after"
    elif counted and _POS_BEFORE.search(q):
        relation = "before"
    elif _POS_NUMBER.search(q):
        relation = "number"
    elif _POS_PLACE.search(q) and _YES_NO_OR_WHERE.search(q.strip()):
        relation = "place"
    if not relation:
        return None
    hymns = named_hymns(question, index)
    if not hymns or (relation in ("between", "apart") and len(hymns) < 2):
        return None
    if relation == "place" and counted and _POS_AFTER.search(q):
        relation = "after"  # "near the end of book 1? How many hymns come after it?": the count is the answer
    return HymnQuery(op="position", hymns=hymns[:2], hymn=hymns[0], relation=relation, mandala=mandala_of(q),
                     whole=bool(_WHOLE.search(q)))


def read(question: str, index: Any = None) -> Optional[HymnQuery]:
    """The question as a hymn-table query, or ``None`` when it is not one."""
    if not question:
        return None
    q = _q(question)
    position = _position(question, q, index)
    if position is not None:
        return position
    metre = metre_in(question)
    if _SYLLABLE.search(q) or _SYLLABLE.search(question):
        if _WHICH_METRE.search(q) and not metre:
            numbers = [int(n) for n in re.findall(r"\b(\d{1,2})\b", q)]
            from pyapp.reading.number_words import numbers as worded

            numbers += [n.value for n in worded(question) if getattr(n, "value", None)]
            if numbers:
                return HymnQuery(op="metre_by_count", count=numbers[0], per_line=bool(_LINE.search(q)))
        if metre is not None:
            return HymnQuery(op="metre_syllables", metre=metre.name,
                             per_line=bool(_LINE.search(q) or _LINE.search(question)))
    if (_METRE_WORD.search(q) or _METRE_WORD.search(question)) and _ORDER.search(q) and not metre:
        return HymnQuery(op="metre_order")
    verse = _NTH_VERSE.search(q)
    if verse:
        nth = ordinal_of(verse.group(1)) if verse.group(1) else int(verse.group(2))
        rest = question
        hymn, name = _named_hymn(rest, index)
        if hymn and nth:
            return HymnQuery(op="nth_verse", hymn=hymn, hymn_name=name, nth=nth)
    extreme = _SUPER.search(q)
    if extreme and re.search(rf"\b{_HYMN}\b", q):
        book = mandala_of(q)
        if book:
            return HymnQuery(op="extreme", mandala=book,
                             longest=extreme.group(1) in ("longest", "largest", "biggest", "lengthiest"))
    if _OWN.search(q):
        return HymnQuery(op="own_hymn")
    if _HERS.search(q) and re.search(rf"\b(?:{_VERSE}|{_HYMN}|where|which)\b", q) and not _FATHER.search(q):
        return HymnQuery(op="seer_verses")
    if _FATHER.search(q) and not _DEED.search(q):  # "did Indra kill his father?" asks of a deed, not a patronymic
        return HymnQuery(op="father")
    if _MENTION.search(q) or re.search(r"\b(?:does(?:n't| not)|do(?:n't| not)|is(?:n't| not))\b.*\bin\b", q):
        hymn, name = _named_hymn(question, index)
        if hymn:
            return HymnQuery(op="mentions", hymn=hymn, hymn_name=name)
    return None
