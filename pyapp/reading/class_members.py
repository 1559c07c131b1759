"""Examples of a class of things the hymns name: "name two goddesses of the RigVeda", "give three examples of demons
Indra killed", "which rivers are named in the Nadī sūkta?", "donnez deux exemples de rois du Rig-Veda".

Why a table: a class is not a word a verse uses ("goddess", "demon", "king" are the reader's words, not the
hymns'), so the open search answered "No verse speaks directly of examples" or quoted verses that hold the word
"rivers". The classes readers ask about are data (``pyapp/data/classes.json``: the words for each class in several
languages, its members, each with a verse that shows it), and the answer opens with as many members as were asked
for, each cited, then names the others. A named passage or hymn in the question ("of the Nadī sūkta", "in 10.75")
narrows the members to those whose verse is in it.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, List, Optional, Tuple

from pydantic import BaseModel

from pyapp.agents.text import fold
from pyapp.data_tables import rows
from pyapp.facts import FactAnswer

__all__ = ["Member", "Klass", "answer", "asks", "class_in", "classes"]

DATA_PATH = "data/classes.json"
DEFAULT_SHOWN = 3
MAX_SHOWN = 8


class Member(BaseModel):
    name: str
    note: str = ""
    ref: str


class Klass(BaseModel):
    id: str
    label: str
    words: List[str]
    members: List[Member]


@lru_cache(maxsize=1)
def classes() -> Tuple[Klass, ...]:
    """The table's classes; () when it cannot be read."""
    return rows(DATA_PATH, "classes", Klass)


@lru_cache(maxsize=1)
def _word_patterns() -> Tuple[Tuple[Klass, "re.Pattern[str]"], ...]:
    out = []
    for klass in classes():
        words = sorted({fold(w) for w in klass.words if w.strip()}, key=len, reverse=True)
        out.append((klass, re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)")))
    return tuple(out)


_NUMBERS = {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "couple": 2, "few": 3, "some": 3, "several": 4, "dos": 2, "tres": 3, "cuatro": 4, "deux": 2, "trois": 3,
            "quatre": 4, "zwei": 2, "drei": 3, "vier": 4, "due": 2, "tre": 3, "duas": 2, "dois": 2, "два": 2, "две": 2,
            "три": 3, "दो": 2, "तीन": 3, "चार": 4, "पाँच": 5, "पांच": 5, "दोन": 2}
_COUNT = re.compile(r"(?<!\w)(\d{1,2}|" + "|".join(sorted((re.escape(w) for w in _NUMBERS), key=len, reverse=True))
                    + r")(?!\w)")
# the asking: a list or examples of a class, not one member by its description ("which goddess is the dawn?")
_COUNTED = (r"(?:any|some|all|a few|few|several|a couple of|\d{1,2}|one|two|three|four|five|six|seven|eight|ten)")
# a yes/no question ("Does the Rigveda mention the river Yamunā?") asks about one thing, not for a list
_YES_NO = re.compile(r"^\W*(?:does|do|did|is|are|was|were|has|have|had)\b")
_ASK = re.compile(r"(?<!\w)(?:"
                  r"^\W*(?:please\s+|pls\s+|kindly\s+)?(?:name|list|enumerate|mention|cite)\b|"  # imperative
                  r"(?:can|could|would) you (?:please )?(?:name|list|enumerate|mention|give)\b|"
                  r"(?:name|list|mention|cite|give me|give us|give) " + _COUNTED + r"\b|"
                  r"\bnames of\b|\bexamples? of\b|\bwhich (?:\w+ ){1,2}(?:are|were) (?:named|mentioned|praised|listed|invoked)\b|\binstances of\b|\bgive (?:\w+ ){0,2}examples?\b|"
                  r"ejemplos?|nombra\w*|exemples?|citez|nommez|beispiele?|nenne\w*|esempi|exemplos?|примеры|назовите|"
                  r"उदाहरण|नाम बता\w*|नाम लिख\w*|गिनाइए|उदाहरणे)(?!\w)")
# "who are the Ādityas?" lists them; "who are the Asuras in the beginning of the Vedas, as opposed to …" asks more
_WHO_ARE = re.compile(r"^\W*(?:who|what|which)\s+(?:are|were)\s+(?:the\s+)?")
_SHORT_REST = re.compile(r"^\W*(?:(?:in|of|named in|mentioned in|from|praised in)\s+(?:the\s+)?(?:ri?g\s?-?veda|rgveda|rv|vedas?|"
                         r"hymns?|[\w\s.]{0,30}?)\s*)?\W*$")
_ONE_BY_DESCRIPTION = re.compile(r"^\W*(?:which|what|who)\s+(?:\w+\s+){0,2}(?:is|was)\b")
_LIST_ALL = re.compile(r"(?<!\w)(?:list|all|every|enumerate|which are|what are|who are|who were|named in|mentioned in|"
                       r"names of|which \w+ are)(?!\w)")


_QUOTED = re.compile(r"['‘\"“«„]([^'’\"”»“]{2,}?)['’\"”»“]")
# a numbered list of statements to judge ("Consider the following statements: 1. … 2. …") is not a list request
_STATEMENTS = re.compile(r"(?:^|\s)(?:1|i)[.)]\s.+\s(?:2|ii)[.)]\s", re.S)


def class_in(question: str) -> Optional[Klass]:
    """The class whose word stands in the question outside quotation marks (the longest word found), or None."""
    text = " ".join(fold(_QUOTED.sub(" ", question)).split())
    best: Optional[Tuple[int, Klass]] = None
    for klass, pattern in _word_patterns():
        for found in pattern.finditer(text):
            size = len(found.group(0))
            if best is None or size > best[0]:
                best = (size, klass)
    return best[1] if best else None


_FILLER = re.compile(r"(?<!\w)(?:zum beispiel|for example|for instance|por ejemplo|par exemple|ad esempio|per esempio|"
                     r"por exemplo|e\.g\.|например|जैसे कि|उदाहरण के लिए|उदाहरणार्थ)(?!\w)")
_NOT_A_MEMBER = re.compile(r"(?<!\w)(?:verses?|hymns?|mantras?|lines?|stanzas?|words?|suktas?|quotes?|passages?|regions?|"
                           r"books?|mandalas?|references?)(?!\w)")
_INDIC_ASK = re.compile(r"उदाहरण|नाम बता|नाम लिख|गिनाइए|उदाहरणे")


def _class_near(text: str, start: int, end: int, before: bool) -> bool:
    """A class word just after the asking words (within five words; none of them a verse, hymn or word), or, for
    the Indic languages that put the verb last, just before them."""
    after = " ".join(text[end:].split()[:5])
    for _klass, pattern in _word_patterns():
        found = pattern.search(after)
        if found and not _NOT_A_MEMBER.search(after[:found.start()]):
            return True
        if before:
            window = " ".join(text[:start].split()[-6:])
            if pattern.search(window):
                return True
    return False


def asks(question: str) -> bool:
    """Cheap: does the question ask for examples or a list of a class of the table (the class the object of the
    asking: "give me a verse that calls a god …" asks for a verse, not for gods)?"""
    text = " ".join(_FILLER.sub(" ", fold(_QUOTED.sub(" ", question))).split())
    if _ONE_BY_DESCRIPTION.search(text) or _STATEMENTS.search(text) or _YES_NO.search(text):
        return False
    for found in _ASK.finditer(text):
        if _class_near(text, found.start(), found.end(), bool(_INDIC_ASK.search(found.group(0)))):
            return True
    # "who are the seven hotars?" names one group of a number, not the class
    return bool(_WHO_ARE.search(text)) and _count(text) is None and _short_after_class(text)


def _short_after_class(text: str) -> bool:
    """"who are the Ādityas (in the RigVeda)?": nothing but a scope after the class word."""
    for _klass, pattern in _word_patterns():
        found = pattern.search(text)
        if found and _SHORT_REST.search(text[found.end():]):
            return True
    return False


def _count(text: str) -> Optional[int]:
    found = _COUNT.search(text)
    if not found:
        return None
    word = found.group(1)
    return int(word) if word.isdigit() else _NUMBERS.get(word)


def _narrowed(question: str, members: List[Member]) -> Tuple[List[Member], str]:
    """Members whose verse is in a passage or hymn the question names (and the passage's name), else all."""
    hymns: List[str] = []
    where = ""
    try:
        from pyapp.reading.named import find_named, passage_refs

        for match in find_named(question):
            hymns += [r.rsplit(".", 1)[0] if r.count(".") == 2 else r for r in passage_refs(match.passage)]
            where = where or match.passage.names[0]
    except Exception:
        hymns = []
    for m, h in re.findall(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?![\d])", question):
        hymns.append(f"{m}.{h}")
        where = where or f"RV {m}.{h}"
    if not hymns:
        return members, ""
    inside = [m for m in members if m.ref.rsplit(".", 1)[0] in set(hymns)]
    return (inside, where) if inside else (members, "")



def _named(member: Member) -> str:
    return f"{member.name}" + (f", {member.note}" if member.note else "") + f" [RV {member.ref}]"


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """As many members as were asked for (three by default, the whole class for "list"/"which are"), each with its
    verse, then the others by name; None when the question asks no class of the table."""
    if index is None or not question or not asks(question):
        return None
    klass = class_in(question)
    if klass is None:
        return None
    members = [m for m in klass.members if index.by_ref(m.ref) is not None]
    members, where = _narrowed(question, members)
    if not members:
        return None
    text = " ".join(fold(question).split())
    asked = _count(text)
    if asked is None:
        asked = len(members) if _LIST_ALL.search(text) else DEFAULT_SHOWN
    scope = f" named in {where}" if where else " in the RigVeda"
    if asked >= len(members):  # the whole class: every name with its verse, no notes (a list, not an essay)
        shown = members
        body = f"The {klass.label}{scope}: " + "; ".join(f"{m.name} [RV {m.ref}]" for m in shown) + "."
    else:
        shown = members[:max(1, min(asked, MAX_SHOWN))]
        opening = "One example" if len(shown) == 1 else f"{_spelled(len(shown)).capitalize()} examples"
        body = f"{opening} of {klass.label}{scope}: " + "; ".join(_named(m) for m in shown) + "."
        rest = [m.name for m in members[len(shown):]]
        if rest:
            body += " Others: " + ", ".join(rest[:10]) + ("…" if len(rest) > 10 else "") + "."
    refs = list(dict.fromkeys(m.ref for m in shown))
    return FactAnswer(kind="list", text=body, refs=refs[:10], subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))


def _spelled(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}.get(n, str(n))
