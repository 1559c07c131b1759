"""The conversation as state, not as text to rewrite: its claims, the verse it last cited, the
things its last answer named, and whether the reader has just changed the subject.

Why state: "which verse says so?" must cite the verse behind the last answer's claim, "the verse
after that" must move from the verse last shown, and "what is that weapon?" must ask about the
weapon the last answer named — each is a lookup in what the last turn said, not a string glued
onto the new question (which only repeats the last answer). An explicit change of subject ("new
question:", "otra pregunta", "другой вопрос") empties the state, however it is worded; the words
are data (``pyapp/data/reading_words.json``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Tuple

from pyapp.reading.references import Span, as_span
from pyapp.reading.words import entries, find, fold, tables

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_VERSE_REF = re.compile(r"^\d+\.\d+\.\d+$")


@dataclass
class Claim:
    """One statement of an answer and the verses it cites."""

    text: str
    refs: List[str] = field(default_factory=list)


def claims_of(answer: str) -> List[Claim]:
    """The answer's sentences (and list lines) that cite verses, in order, each with its refs.
    A statement without a citation of its own ("Indra is the king of the gods:") takes the refs of
    the lines that follow it, up to the next statement: the quotes that back it."""
    from pyapp.citations import find_citations

    claims: List[Claim] = []
    for line in (answer or "").split("\n"):
        line = line.strip()
        if not line or line.startswith("(") and line.endswith(")"):
            continue
        if line.startswith(("-", "•")) and claims:  # a quoted verse backs the statement above it
            refs = [r for r in dict.fromkeys(find_citations(line)) if _VERSE_REF.match(r)]
            claims[-1].refs.extend(r for r in refs if r not in claims[-1].refs)
            continue
        if claims and line.endswith(":") and not find_citations(line) and len(line.split()) <= 8:
            continue  # a heading ("Key verses:", "RV 8.96, a hymn to Indra:"): its quotes back the claim above
        if not find_citations(line):  # a statement citing nothing itself: its quotes follow as bullets
            claims.append(Claim(text=line, refs=[]))
            continue
        for part in _SENTENCE.split(line):
            text = part.strip()
            if text:
                refs = [r for r in dict.fromkeys(find_citations(text)) if _VERSE_REF.match(r)]
                claims.append(Claim(text=text, refs=refs))
    return [c for c in claims if c.refs]


def _phrase_near_start(text: str, category: str, max_words_before: int = 4) -> Optional[Tuple[int, int]]:
    folded = fold(text)
    for hit in find(folded, [category]):
        if len(re.findall(r"[^\W_]+", folded[:hit.start])) <= max_words_before:
            return hit.start, hit.end
    return None


def change_of_subject(text: str) -> Tuple[bool, str]:
    """(True, the rest of the question) when the reader says they are changing the subject."""
    found = _phrase_near_start(text, "change_subject")
    if found is None:
        return False, text
    folded = fold(text)
    # the rest, cut from the original text at the same word count (folding keeps word order)
    words_before = len(re.findall(r"\S+", folded[:found[1]]))
    rest = " ".join(text.split()[words_before:]).lstrip(" :,.;!-–—")
    return True, rest


def asks_for_support(text: str) -> bool:
    """"Which verse says so?", "Where does it say that?", "¿Qué verso lo dice?": the question is only
    that request (at most two other words)."""
    folded = fold(text)
    hits = find(folded, ["says_so"])
    if not hits:
        return False
    rest = folded
    for hit in hits:
        rest = rest.replace(hit.text, " ")
    leftover = [w for w in re.findall(r"[^\W\d_]+", rest) if w not in _ONLY_ASKING]
    return len(leftover) <= 2


# words that leave "which verse says so?" a request for the verse: "which verse number is it exactly in the rig veda?"
_ONLY_ASKING = frozenset("so that this it please and then ok exactly exact the rigveda rig veda is was of number "
                         "numbers reference ref tell me".split())


@dataclass
class ConversationState:
    """What the earlier turns leave for the next one (newest last)."""

    claims: List[Claim] = field(default_factory=list)  # the last answer's claims
    last_verses: List[str] = field(default_factory=list)  # the verses the last answer cited
    last_answer: str = ""
    last_question: str = ""

    @property
    def last_span(self) -> Optional[Span]:
        """The verse "that" points at: the last verse of a run the last answer showed in order
        ("verses 2–4 of 10.90", then "the next one" is 10.90.5), else the first verse it cited (its
        subject; the rest of an ordinary answer's verses are supporting quotes)."""
        points = [tuple(int(p) for p in r.split(".")) for r in self.last_verses if _VERSE_REF.match(r)]
        if not points:
            return None
        in_order = len(points) > 1 and all(a[:2] == b[:2] and b[2] == a[2] + 1 for a, b in zip(points, points[1:]))
        return as_span(points[-1] if in_order else points[0])

    def supporting(self) -> Optional[Claim]:
        """The claim "which verse says so?" asks about: the last answer's first claim with verses."""
        return self.claims[0] if self.claims else None

    def named_entity(self, text: str) -> Optional[Tuple[str, str]]:
        """("that weapon", "thunderbolt"): a noun of a kind (weapon, river, relative…) the question points
        at with a demonstrative, and the member of that kind the last answer named (one the last
        question did not name first). "The"/"his" are not pointers here: "his father" is a family tie (``pyapp.reading.kinship``)."""
        if not self.last_answer:
            return None
        folded = fold(text)
        kinds = tables().get("entity_kinds") or {}
        answer, asked = fold(self.last_answer), fold(self.last_question)
        for kind, table in kinds.items():
            nouns = sorted({fold(n) for n in table.get("nouns", [])}, key=len, reverse=True)
            for noun in nouns:
                m = re.search(rf"\b(that|this|those|these|ese|esa|este|esta|quel|quella|questo|questa|ce|cette|dieser|diese|diesem|jener|jene|этот|эта|это|этой|उस|इस)\s+{re.escape(noun)}\b",
                              folded)
                if not m:
                    continue
                named = []
                for member in table.get("members", []):
                    key = fold(member)
                    found = re.search(rf"\b{re.escape(key)}\b", answer)
                    if found:  # one the last question did not name first, then by place in the answer
                        named.append((bool(re.search(rf"\b{re.escape(key)}\b", asked)), found.start(), member))
                if named:
                    return m.group(0), min(named)[2]
        return None


def state_of(history: Sequence[Any]) -> ConversationState:
    """The state the last answered turn leaves (``HistoryTurn``s, oldest first)."""
    for turn in reversed(list(history or [])):
        answer = getattr(turn, "answer", "") or ""
        if not answer:
            continue
        claims = list(getattr(turn, "claims", None) or []) or claims_of(answer)
        claims = [c if isinstance(c, Claim) else Claim(text=str(getattr(c, "text", "")), refs=list(getattr(c, "refs", [])))
                  for c in claims]
        cited = list(getattr(turn, "citations", None) or [])
        return ConversationState(claims=claims, last_verses=cited, last_answer=answer,
                                 last_question=getattr(turn, "subject", "") or getattr(turn, "question", ""))
    return ConversationState()


def change_words() -> List[str]:
    """Every wording of "let's change the subject" the table knows (for tests and docs)."""
    return entries("change_subject")
