""""Who is the god of fire?", "the rain god in the rigveda", "who was the king of the gods?": the god a domain
belongs to, named in the first sentence (issue 19: a who-question opens with its answer).

Why a table: the hymns never say "X is the god of Y" in so many words; that is how handbooks and readers sum a god
up, often through the god's own name (agni is fire, uṣas is dawn, rātrī is night). The open search found verses
that use the word ("fire", "night") and opened with them, never naming Agni or Rātrī. ``pyapp/data/god_domains.json``
(data) maps the readers' words to the god; the index supplies how many hymns are the god's and a verse of the god's
own hymns that uses the word, so every sentence after the name is read from the hymns.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pyapp import data_tables
from pyapp.counts import god_hymns
from pyapp.diacritics import strip_marks
from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.patterns import _q

__all__ = ["answer", "asked_domain"]

DATA_PATH = "data/god_domains.json"
QUOTE_CHARS = 200
_ROLE = r"(?:gods?|goddess(?:es)?|deit(?:y|ies)|devas?|devis?|devatas?|lords?|kings?|queens?|mothers?|priests?|" \
        r"messengers?|physicians?|craftsm[ae]n|architects?)"
# "god of fire", "goddess of the dawn", "king of the gods", "lord of the dead"
_OF = re.compile(rf"\b({_ROLE})\s+of\s+(?:the\s+)?([a-z]+(?:\s+(?:of\s+(?:the\s+)?)?[a-z]+)?)")
# "the fire god", "a rain goddess", "storm gods"
_BEFORE = re.compile(r"\b(?:the|a|an|which|what|who|is|was|vedic|rigvedic|rig\s?vedic)?\s*([a-z]+)\s+(god|goddess|gods|deity)\b")
# asks for a god, not for a hymn or a verse ("which hymn is about … the messenger of death?" is the search's)
# ("is there a god of twins?" asks for the god as well: the other languages' "is there X?" reads so)
_ASKS = re.compile(r"\b(?:who|whom)\b|\bwhich\s+(?:\w+\s+)?(?:god|goddess|deity|one)\b|\bname\s+(?:of\s+)?the\b|"
                   r"^\s*is\s+there\s+(?:a|an|the|any)?\s*(?:\w+\s+)?(?:god|goddess|deity)\b|"
                   r"\b(?:called|named)\s*\??$|^\s*(?:the\s+)?[a-z]+\s+(?:god|goddess)\b")
_NOT_A_GOD = re.compile(r"\b(?:which|what)\s+(?:hymn|verse|mantra|sukta|sūkta|stanza|mandala|maṇḍala|book)s?\b")


@lru_cache(maxsize=1)
def _table() -> Tuple[Tuple[str, Tuple[str, ...], str], ...]:
    rows = data_tables.table(DATA_PATH, {}).get("gods", [])
    return tuple((r["god"], tuple(d.lower() for d in r["domains"]), r.get("note", "")) for r in rows)


@lru_cache(maxsize=1)
def _plural() -> frozenset:
    return frozenset(r["god"] for r in data_tables.table(DATA_PATH, {}).get("gods", []) if r.get("plural"))


def _lookup(phrase: str, role: str) -> Optional[Tuple[str, str, str]]:
    """(god, domain as asked, note) for a phrase of one or two words, the role word kept when the table has it
    ("king of the gods", "physician of the gods")."""
    phrase = phrase.strip()
    first = phrase.split()[0]
    options = [f"{role} of the {phrase}", f"{role} of {phrase}", f"{role} of the {first}"]
    if role in ("god", "goddess", "deity", "deva", "devi", "devata", "lord"):  # "messenger of death" is no domain
        options += [phrase, first, phrase.split()[-1]]  # "shipwrecked sailors": the noun the adjective narrows
    if phrase.endswith("s"):
        options.append(phrase[:-1])
    for option in options:
        for god, domains, note in _table():
            if option in domains:
                return god, option, note
    return None


# other ways to ask whose domain a thing is, read as "god of …": "which god is responsible for craftsmen?", "the
# patron of travellers", "who looks after the cattle", "which god saves sailors", "a god for rain"
_CHARGE = re.compile(r"\b(?:responsible for|in charge of|patron (?:god |deity |saint )?of|patron of|presid(?:es|ing) over|"
                     r"rules? over|ruling over|looks? after|watch(?:es)? over|protector of|guardian of|protects?|saves?|"
                     r"rescues?|helps?|hands? out|deals? out|gives?|(?:god|goddess|deity) for|(?:to\s+)?(?:pray|prays|prayed|praying|worship|invoke|call on|turn)\s+(?:to\s+)?for)\s+(?:the\s+|all\s+the\s+|"
                     r"everyone'?s\s+|every\s+one'?s\s+|our\s+|a\s+)?")


_IN_RV = re.compile(r"\b(?:of|in|from)\s+(?:the\s+)?(?:ri?g\s?-?veda|rgveda|vedas?)\b")  # "which god of the rigveda …"


def asked_domain(question: str) -> Optional[Tuple[str, str, str, str]]:
    """(god, domain, note, the question without the domain's phrase) when the question asks which god a domain
    belongs to, else None."""
    q = _CHARGE.sub("god of ", _IN_RV.sub(" ", _q(question)))
    if not _ASKS.search(q) or _NOT_A_GOD.search(q):
        return None
    for match in _OF.finditer(q):
        role = re.sub(r"(?<!s)s$", "", match.group(1)) if match.group(1) != "goddess" else "goddess"
        found = _lookup(match.group(2), role)
        if found is not None:
            return (*found, q[:match.start()] + " " + q[match.end():])
    for match in _BEFORE.finditer(q):
        found = _lookup(match.group(1), match.group(2))
        if found is not None:
            return (*found, q[:match.start(1)] + " " + q[match.end():])
    return None


def _verse(index: Any, hymns: List[str], domain: str) -> Optional[str]:
    """A verse of the god's own hymns that uses the domain's word, else the first verse of the first hymn."""
    key = domain.split()[0] if " of " in domain else domain.split()[-1]  # "king" of "king of the gods"
    word = re.compile(r"\b" + re.escape(key.rstrip("s")) + r"s?\b", re.I)
    first: Optional[str] = None
    by_hymn: Dict[str, List[Any]] = {}
    for verse in getattr(index, "verses", []):
        hymn = verse.ref.rsplit(".", 1)[0]
        if hymn in hymns:
            by_hymn.setdefault(hymn, []).append(verse)
    for hymn in hymns:
        for verse in by_hymn.get(hymn, []):
            first = first or verse.ref
            if word.search(getattr(verse, "translation", "") or ""):
                return verse.ref
    return first


def _by_domain_word(label: str, rest: str) -> bool:
    """The rest named a god only by a word of the domains' table ("studies and speech": speech is Vāc's domain, and
    Vāc's English name): a second domain asked for, not a god asked about."""
    name = strip_marks(label.split(" (")[0]).lower()
    words = set(re.findall(r"[a-z]+", strip_marks(rest).lower()))
    domains = {d for _, ds, _ in _table() for d in ds}
    return name not in words and bool(words & domains)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The god the question's domain belongs to, with the count of the god's hymns and a verse, or None."""
    asked = asked_domain(question)
    if asked is None or not getattr(index, "verses", None):
        return None
    god, domain, note, rest = asked
    named = god_hymns(index, rest)
    if named is not None and not _by_domain_word(named.label, rest):
        return None  # "is Agni the god of fire?": a named god is the other readers' question
    hymns = god_hymns(index, god)
    if hymns is None or not (hymns.alone or hymns.part):
        return None
    ref = _verse(index, hymns.alone or hymns.part, domain)
    if ref is None:
        return None
    verse = index.by_ref(ref)
    quote = " ".join((getattr(verse, "translation", "") or "").split())
    if len(quote) > QUOTE_CHARS:
        quote = quote[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    plural = god in _plural()
    n = len(hymns.alone) if hymns.alone else len(hymns.part)
    hymn_s = "hymn is" if n == 1 else "hymns are"
    count = f"{n} {hymn_s} addressed to {hymns.label} alone" if hymns.alone else \
        f"{hymns.label} {'are' if plural else 'is'} addressed in {n} hymns beside other gods"
    role = "goddess" if re.search(r"\bgoddess", _q(question)) else "god"
    the = "the " if re.search(r"\bof\s+the\s+" + re.escape(domain.split()[0]), _q(question)) else ""
    what = f"the {domain}" if " of " in domain else f"the {role}{'s' if plural else ''} of {the}{domain}"
    name = hymns.label[:1].upper() + hymns.label[1:]
    text = (f"{name} {'are' if plural else 'is'} {what} in the RigVeda ({note}): {count}; for example RV {ref}: "
            f"“{quote}” [RV {ref}].")
    return FactAnswer(kind="deity", text=text, refs=[ref],
                      subject_hymns=list(dict.fromkeys([ref.rsplit(".", 1)[0]] + (hymns.alone or hymns.part)[:3])))
