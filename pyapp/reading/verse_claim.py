"""A claim about one named verse: "Does RV 10.149.1 say the sun holds the earth by gravity?", "Is it true
that Rigveda 10.189.1 says the earth revolves around the sun?", "RV 1.164.1 – does it say the planets move
in orbits?", "Does 10.18.7 command a widow to mount the pyre?".

Why a reader of its own: such a question names its verse, so the app showed that verse's card ("RV 10.149.1
is verse 1 of a hymn to Savitṛ …") and never said whether the verse says what was claimed. Readings of
single verses (gravity, orbits, a widow on the pyre, beef) are among the things people most often bring to
be checked. The claim's own words are compared with the verse's words — Griffith's translation, the verb
groups of ``pyapp/data/verb_forms.json`` (so "kill" finds "slew"), a word inside a longer one of the verse
("widow" in "unwidowed", quoted as the verse has it) and the Sanskrit — and the first sentence says which of
them the verse has and which it has not. The verse follows in full, so the reader judges from its words;
nothing here says "yes" or "no" beyond what the words show.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from pyapp.agents.text import ENGLISH_STOP, fold, stem

# the verbs of a claim about what a verse says ("does it say / describe / command …")
_VERB = (r"say|says|said|state|states|mention|mentions|describe|describes|speak\s+(?:of|about)|speaks\s+(?:of|about)|"
         r"talk\s+about|talks\s+about|teach|teaches|command|commands|tell|tells|prove|proves|refer\s+to|refers\s+to|"
         r"prescribe|prescribes|order|orders|support|supports|allow|allows|forbid|forbids|permit|permits|"
         r"mean|means|contain|contains|show|shows|claim|claims|call|calls|ask|asks|predict|predicts")
# a yes/no question (or "is it true that …") whose verb of saying is followed by the claim
_CLAIM = re.compile(
    r"(?:^|[-–—,:;(]\s*)(?:(?:is|was)\s+it\s+(?:true|correct|right)\s+that\b|does|did|do|can|could)\b"
    rf".*?\b(?:{_VERB})\b\s+(?:that\s+|us\s+that\s+|about\s+)?(?P<claim>[^?]+)", re.I)
# words that frame the claim, not what it claims
_FRAMING = frozenset("""rigveda rigved veda vedas vedic rig rv verse verses mantra mantras hymn hymns richa sukta
really actually exactly clearly literally true correct right also even still back way thing things
around through into onto upon across towards toward among within""".split())
_WORD = re.compile(r"[a-zāīūṛṝḷṅñṭḍṇśṣḥṃ]+")


@dataclass
class ClaimCheck:
    """What one verse has of a claim's words: ``present`` as the verse words them, ``missing`` as asked."""

    ref: str
    words: List[str] = field(default_factory=list)
    present: List[str] = field(default_factory=list)
    missing: List[str] = field(default_factory=list)


def claim_of(question: str) -> str:
    """The claim of "does (RV X) say <claim>?" ("" when the question makes no claim about what is said)."""
    match = _CLAIM.search(" ".join((question or "").split()))
    if not match:
        return ""
    claim = re.sub(r"[()]", " ", match.group("claim"))  # "a sphere (bhugola)": the gloss is the claim's too
    return " ".join(claim.split()).strip(" .!?\"'“”‘’")


def claim_words(claim: str) -> List[str]:
    """The claim's own words: no function words, framing words ("Rigveda", "verse"), numbers or refs."""
    out: List[str] = []
    for word in _WORD.findall(fold(claim)):
        if len(word) < 3 or word in ENGLISH_STOP or word in _FRAMING or word in out:
            continue
        out.append(word)
    return out


def _verse_words(verse: Any) -> Tuple[List[str], str]:
    return re.findall(r"[a-z]+", fold(getattr(verse, "translation", "") or "")), \
        fold(" ".join(str(getattr(verse, k, "") or "") for k in ("iast", "roman", "roman_plain")))


def _found(word: str, english: List[str], sanskrit: str) -> Optional[str]:
    """How the verse words ``word`` ("" = not at all): its own form, a verb of the same group, a longer
    word containing it (as the verse writes it), or the Sanskrit form."""
    from pyapp.agents.statement import _groups, _stems_of

    wanted = set(_groups().stems_for(word)) | {stem(word)}
    for token in english:
        if _stems_of(token) & wanted:
            return token
    root = stem(word)
    if len(root) >= 4:
        for token in english:
            if root in token and len(token) <= len(root) + 6:
                return token
    if len(word) >= 4 and re.search(rf"\b{re.escape(word)}", sanskrit):
        return word
    return None


def check(question: str, verse: Any) -> Optional[ClaimCheck]:
    """The claim of ``question`` weighed against ``verse`` (None when there is no claim to weigh)."""
    words = claim_words(claim_of(question))
    if not words or verse is None:
        return None
    english, sanskrit = _verse_words(verse)
    result = ClaimCheck(ref=getattr(verse, "book_context", "") or "", words=words)
    for word in words:
        form = _found(word, english, sanskrit)
        if form is None:
            result.missing.append(word)
        elif form not in result.present:
            result.present.append(form)
    return result


def _quoted(words: List[str], last: str) -> str:
    items = [f"“{w}”" for w in words[:4]]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def lead(question: str, verse: Any) -> str:
    """The first sentence for a claim about ``verse`` ("" without a claim): which of the claim's words the
    verse has and which it has not, in Griffith's words."""
    found = check(question, verse)
    if found is None or not found.ref:
        return ""
    ref = f"RV {found.ref}"
    share = 1 - len(found.missing) / len(found.words)
    if not found.present:
        return (f"{ref} does not speak of {_quoted(found.missing, 'or')} "
                f"(Griffith's translation); what it says:")
    if not found.missing:
        return f"{ref} does speak of {_quoted(found.present, 'and')}; its words:"
    if share >= 0.6:
        return (f"{ref} speaks of {_quoted(found.present, 'and')}, though not in so many words of "
                f"{_quoted(found.missing, 'or')}; its words:")
    return (f"{ref} speaks of {_quoted(found.present, 'and')} but not of {_quoted(found.missing, 'or')} "
            f"(Griffith's translation); its words:")


# "Which verse says <statement>?", "Which mantra of the Rigveda mentions …": a statement to find, not a claim
_WHICH = re.compile(
    r"\b(?:which|what)\s+(?:rig\s?-?veda\s+|rv\s+)?(?:verse|mantra|hymn|stanza|line|passage|rik|richa|sukta)s?\s+"
    r"(?:of\s+the\s+rig\s?-?veda\s+|in\s+the\s+rig\s?-?veda\s+)?"
    rf"(?:{_VERB})\b\s+(?:that\s+|us\s+that\s+|about\s+)?(?P<claim>[^?]+)", re.I)


def statement_of(question: str) -> str:
    """The statement of "which verse says <statement>?" ("" for other questions)."""
    match = _WHICH.search(" ".join((question or "").split()))
    return match.group("claim").strip(" .!?\"'“”‘’") if match else ""


def nearest_lead(question: str, verses: List[Any]) -> str:
    """"Which verse says the wise call the One by many names?": the verse found that has most of the
    statement's words, named first with which of them it has ("" when none has half of them, so the
    usual "No verse speaks directly of …" stays)."""
    statement = statement_of(question)
    if not statement or not verses:
        return ""
    best: Optional[ClaimCheck] = None
    for verse in list(verses)[:6]:
        found = check(f"does it say {statement}", verse)
        if found is not None and found.ref and (best is None or len(found.missing) < len(best.missing)):
            best = found
    if best is None or len(best.missing) > len(best.words) / 2:
        return ""
    ref = f"RV {best.ref}"
    if not best.missing:
        return f"{ref} has the question's words {_quoted(best.present, 'and')}:"
    return (f"{ref} comes nearest: it has {_quoted(best.present, 'and')}, though not "
            f"{_quoted(best.missing, 'or')}:")
