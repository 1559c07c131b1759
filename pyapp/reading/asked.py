"""What a question's form asks for, and whether an answer delivers it: one 0–1 number, by code.

Why: the evaluator's score must tell a right answer from a wrong one on kinds of question the app
does not handle. ``evidence.support`` says whether the verses found are about the question; it
cannot see that the reader asked for the word-by-word text of 5.78.1 and got the verse only, that a
who-question's answer opens with a list of hymns instead of naming anyone, or that a question about
hymn 7.55 is answered from other hymns. Each check below reads a *form* (task words, the question
word, a named passage), never a particular question, and compares it with the answer's text:

- a task the question names (word by word / padapāṭha, a summary, a translation into a language)
  whose mark is missing from the answer;
- the question names a passage ("7.55", "RV 10.117", "the fourteenth hymn of book four") and none
  of the answer's citations is in it (its neighbours count when it asks for the next or previous);
- a question asking for a name (who did…, whose…, which god…, what word…) whose opening clause
  names nothing the question did not; a how-many question whose opening has no number; an
  "is it true that…" question whose first sentence says neither yes nor no;
- the metre, seer or deity the question asks for, never named in the answer;
- the answer itself says none of its verses says what was asked.

``delivered`` returns the product of the factors of the checks that fail (1.0 when all pass).
"""
from __future__ import annotations

import re
from typing import Iterable, List, Tuple

from pyapp.reading.number_words import worded_reference

# (what the question asks, the mark of an answer that delivers it); the patterns are the data
_TASKS: Tuple[Tuple[str, "re.Pattern[str]", "re.Pattern[str]"], ...] = (
    ("word by word",
     re.compile(r"pada[\s-]?p[aā][tṭ]h|pada\s+text|word[\s-]+(?:by|for)[\s-]+word"
                r"|(?:individual|separate|each)\s+words?|sandhi|into\s+(?:its\s+)?(?:separate\s+|individual\s+)?words"
                r"|split\s+.*\bwords|\bwords\s+of\s+(?:rv|rigveda)",
                re.I),
     re.compile(r"padap[aā][tṭ]h|word[\s-]by[\s-]word", re.I)),
    ("a summary",
     re.compile(r"\bsumm?ar(?:y|i[sz]e)|\bsum\s+up\b|\bnutshell\b|\bgist\b|\boverview\b|\boutline\b|\btl;?dr\b", re.I),
     re.compile(r"\bis\s+a\s+hymn\b|\bits\s+verses\s+say\b|\bkey\s+verses\b", re.I)),
    ("the metre", re.compile(r"\bmetre\b|\bmeter\b|\bchandas\b", re.I), re.compile(r"\bmetre|\bmeter\b", re.I)),
    ("the seer", re.compile(r"\b(?:seer|poet|rishi|ṛṣi)\b", re.I),
     re.compile(r"\b(?:seers?|poets?|ṛṣi|rishi|composed|Anukramaṇī)\b|\bby\s+[A-ZĀĪŪṚŚṢ]")),
    ("the deity", re.compile(r"\b(?:deity|addressed\s+to|addressee)\b", re.I),
     re.compile(r"\b(?:deity|deities|addressed|addressee|hymns?\s+(?:to|on|in\s+praise\s+of))\b", re.I)),
)
_LANGUAGES = ("Hindi", "German", "French", "Russian", "Spanish", "Italian", "Portuguese", "Tamil", "Telugu",
              "Bengali", "Marathi", "Gujarati", "Kannada", "Malayalam", "Sanskrit")
_IN_LANGUAGE = re.compile(r"\b(?:in|into)\s+(" + "|".join(_LANGUAGES) + r")\b", re.I)

_REF = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?(?![\d.])")
_BRACKETED = re.compile(r"\[RV\s+(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?")
_CITED = re.compile(r"\bRV\s+(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?")
# A name is asked for: "who made …", "whose chariot …", "which god is called …", "what is the name of …",
# "what word means …", "who is the mother of …" ("which is the oldest Veda?" too; "who is Rudra?" and "which verse says so?" are not)
_WHO = re.compile(r"^\s*(?:(?:who|whom|whose)\s+(?!is\b|are\b|was\b|were\b|or\b)\w"
                  r"|which\s+(?!verses?\b|hymns?\b|mandalas?\b|books?\b|one\b|of\b)[a-z]+\b"
                  r"|what\s+(?:is|was|are)\s+the\s+names?\s+of\b|what\s+(?:sanskrit\s+)?word\b)", re.I)
_NEIGHBOUR = re.compile(r"\b(?:next|after|before|previous|preceding|precedes|follows?|following|prior)\b", re.I)
_WORD_FOR = re.compile(r"\b(?:word|term)\s+(?:\w+\s+)?for\b", re.I)  # "the Sanskrit term for praise"
_YES_NO = re.compile(r"\b(?:is|was)\s+it\s+(?:true|correct|right|false)\b", re.I)  # a claim to confirm or deny
_ANSWERS_YES_NO = re.compile(r"\b(?:yes|no|not|never|nowhere|none|true|false|only|indeed)\b|n't\b", re.I)
_WHO_IS_THE = re.compile(r"^\s*[Ww]ho\s+(?:is|are|was|were)\s+the\s+[a-z]+\s+of\b")
_HOW_MANY = re.compile(r"^\s*how\s+many\b", re.I)
_NOTHING_SAYS = re.compile(r"\bnone of the verses found says\b|\bno verse (?:found )?says\b", re.I)
_NAME = re.compile(r"\b[A-ZĀĪŪṚṜḶṄÑṬḌṆŚṢḤṀ][\w'’āīūṛṝḷṅñṭḍṇśṣḥṃ-]+")
_SANSKRIT = re.compile(r"\b\w*[āīūṛṝḷṅñṭḍṇśṣḥṃ]\w*")  # a romanised Sanskrit word, capital or not
_NOT_NAMES = {"The", "In", "A", "An", "RV", "RigVeda", "Rigveda", "Rig", "Veda", "Vedas", "No", "None", "Its", "It",
              "This", "These", "That", "Key", "Yes", "Hymn", "Verse", "Verses", "Griffith", "Sorry", "Read"}
_DIGITS = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                     r"forty|fifty|hundred|thousand|no|none)\b", re.I)

UNSERVED = 0.25  # the task or form the question asks for is missing from the answer
OUTSIDE = 0.25  # the answer cites nothing inside the passage the question names
EMPTY_LEAD = 0.45  # a name, number or yes/no asked for, and the opening gives none
NOTHING_SAYS = 0.75  # the answer says none of its verses says it


def _refs(pattern: "re.Pattern[str]", text: str) -> List[Tuple[str, ...]]:
    return [tuple(x for x in m.groups() if x) for m in pattern.finditer(text)]


def _inside(cited: Tuple[str, ...], named: Iterable[Tuple[str, ...]]) -> bool:
    return any(cited[:len(n)] == n or n[:len(cited)] == cited for n in named)


def _lead(answer: str) -> str:
    """The opening clause, up to the first quotation, bracketed citation or colon, without the hymns'
    descriptions in parentheses ("RV 10.26 (a hymn to Pusan)" names where, not who) unless they
    name a seer ("(verse 1 of 10 in a hymn to Soma by Madhucchandas)")."""
    text, ends = answer.strip(), r"[“\"\[:]|(?<=[.!?])\s"
    if text.startswith("“"):  # a named passage's title first: “Viṣṇu's three strides” (RV 1.154): what it says
        text, ends = text.split(":", 1)[-1].strip(), r"[“\"\[]|(?<=[.!?])\s"
    head = re.split(ends, text, maxsplit=1)[0]
    return re.sub(r"\((?![^)]*\bby\s+[A-ZĀĪŪṚŚṢ])[^)]*\)", " ", head)  # "(… by Madhucchandas)" names who


def unserved(question: str, answer: str) -> List[Tuple[str, float]]:
    """The checks the answer fails, each with its factor (empty when it delivers what is asked)."""
    q, a = question or "", answer or ""
    out: List[Tuple[str, float]] = []
    for name, asks, mark in _TASKS:
        if asks.search(q) and not mark.search(a):
            out.append((f"asked for {name}", UNSERVED))
    lang = _IN_LANGUAGE.search(q)
    if lang and lang.group(1).lower() not in a.lower():
        out.append((f"asked for {lang.group(1)}", UNSERVED))
    named = [r for r in _refs(_REF, q) if 1 <= int(r[0]) <= 10]
    worded = worded_reference(q)  # "the second verse of the fourteenth hymn of book four"
    if worded is not None:
        named.append(tuple(str(x) for x in worded))
    if _NEIGHBOUR.search(q):  # "the verse after 4.26.3", "the hymn before 8.48": its hymn and the next ones
        named = [(r[0], str(int(r[1]) + d)) for r in named for d in (-1, 0, 1)]
    cited = _refs(_BRACKETED, a) or _refs(_CITED, a)  # "[RV 7.1.1]" cites; "the hymn after RV 6.75" only names
    if named and cited and not any(_inside(c, named) for c in cited):
        out.append(("cites nothing in the passage named", OUTSIDE))
    lead = _lead(a)
    if _WHO.search(q) or _WHO_IS_THE.search(q) or _WORD_FOR.search(q):
        asked = {w.lower() for w in _NAME.findall(q)} | {w.lower() for w in re.findall(r"\w+", q)}
        names = [w for w in _NAME.findall(lead) + _SANSKRIT.findall(lead)
                 if w not in _NOT_NAMES and w.lower() not in asked]
        if not names:
            out.append(("names no one", EMPTY_LEAD))
    elif _HOW_MANY.search(q) and not _DIGITS.search(re.sub(r"\bRV\s+[\d.–-]+", " ", lead)):
        out.append(("gives no number", EMPTY_LEAD))
    elif _YES_NO.search(q) and not _ANSWERS_YES_NO.search(first_sentence(a)):
        out.append(("says neither yes nor no", EMPTY_LEAD))
    if _NOTHING_SAYS.search(a):
        out.append(("no verse says it", NOTHING_SAYS))
    return out


def first_sentence(answer: str) -> str:
    """The answer's first sentence (to its first full stop followed by a space)."""
    return re.split(r"(?<=[.!?])\s", (answer or "").strip(), maxsplit=1)[0]


def delivered(question: str, answer: str) -> float:
    """1.0 when the answer delivers what the question's form asks for, lower per failed check."""
    factor = 1.0
    for _, f in unserved(question, answer):
        factor *= f
    return factor
