"""Analogies: "A : B :: C : ?", "A is to B as C is to ___", "si A es a B, C es a …", "A est à B ce que C est à …".

Why: a quiz-setter's analogy names three things and asks for the fourth; the open search, given all four words,
answered about A (the first name it met). The answer is a relation the tables already hold, applied to C: a family
tie or a spouse (``kinship.json``), a tie of the myths — foe slain, dog, messenger, weapon, mount, what one made
(``myth_ties.json``) —, the two sides of a dialogue hymn (the named passages called "X and Y"), a family book's seer
(``pyapp.factbook.targets.FAMILY_BOOKS``), a maṇḍala's chief god (counted from the index), a hymn's name (the named
passages). The first relation that holds between A and B and also leads from C answers, name first, with the verses
that show it and one line naming the relation. When none holds, :func:`answer` returns ``None`` and the caller
answers about C instead, saying so (:func:`about_c_note`).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp import data_tables
from pyapp.agents.text import spelling_key
from pyapp.diacritics import strip_marks
from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.targets import FAMILY_BOOKS

__all__ = ["Analogy", "parse", "answer", "about_c", "about_c_note"]

_BLANK = r"(?P<d>(?:_+|\?+|\.{3}|…|[^:]{0,40}?)?)\s*[?.!]*\s*$"
# one pattern per way of saying it; A, B, C are what the reader wrote, D the asked part ("?", "which seer?")
_FORMS = [
    re.compile(r"^(?P<a>[^:]+?)\s*:\s*(?P<b>[^:]+?)\s*::\s*(?P<c>[^:]+?)\s*:\s*" + _BLANK),
    re.compile(r"^(?:if\s+)?(?P<a>.+?)\s+(?:is|are)\s+to\s+(?P<b>.+?)(?:,\s*(?:(?:as|what|then|so)\s+)?|\s+(?:as|what|then|so)\s+)(?:(?:is|are)\s+)?"
               r"(?P<c>.+?)\s+(?:is|are)\s+to\b\s*" + _BLANK, re.I),
    re.compile(r"^(?:si\s+)?(?P<a>.+?)\s+es\s+(?:a|para)\s+(?P<b>.+?)(?:,\s*|\s+)(?:(?:como|lo\s+que|entonces)\s+)?(?P<c>.+?)\s+"
               r"es\s+(?:a|para)\b\s*" + _BLANK, re.I),
    re.compile(r"^(?:si\s+)?(?P<a>.+?)\s+est\s+à\s+(?P<b>.+?)(?:,\s*|\s+)(?:(?:ce\s+que|comme|alors)\s+)?(?P<c>.+?)\s+est\s+à\s*"
               + _BLANK, re.I),
    re.compile(r"^(?:wenn\s+)?(?P<a>.+?)\s+(?:verhält\s+sich\s+zu|ist\s+zu)\s+(?P<b>.+?),?\s+(?:wie|dann|so)\s+"
               r"(?P<c>.+?)\s+(?:(?:verhält\s+sich\s+|ist\s+)?zu)\b\s*" + _BLANK, re.I),
    re.compile(r"^(?P<a>.+?)\s+sta\s+a\s+(?P<b>.+?),?\s+come\s+(?P<c>.+?)\s+sta\s+a\s*" + _BLANK, re.I),
    re.compile(r"^(?P<a>.+?)\s+está\s+para\s+(?P<b>.+?),?\s+(?:assim\s+)?como\s+(?P<c>.+?)\s+está\s+para\s*"
               + _BLANK, re.I),
    re.compile(r"^(?P<a>.+?)\s+staat\s+tot\s+(?P<b>.+?),?\s+(?:als|zoals)\s+(?P<c>.+?)\s+(?:staat\s+)?tot\s*"
               + _BLANK, re.I),
    re.compile(r"^(?P<a>.+?)\s+(?:относится|относятся)\s+к\s+(?P<b>.+?),?\s+как\s+(?P<c>.+?)\s+к\s*" + _BLANK, re.I),
]
_FRAME = re.compile(r"^\s*(?:analog(?:y|ies)|analogie|analogía|analogia|аналогия|complete the analogy|fill in)\s*[:\-–—]\s*",
                    re.I)
_TAIL = re.compile(r"\s*[(\[][^)\]]*[)\]]\s*$|\s*[-–—]\s*(?:in\s+)?(?:the\s+)?rig\s?veda\b.*$|\s+in\s+the\s+rig\s?veda\s*$",
                   re.I)
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_MANDALA = re.compile(r"\b(?:mandala|maṇḍala|mandal|book)\s*(?P<n>\d{1,2}|[ivx]{1,4})\b|\b(?P<m>\d{1,2})(?:st|nd|rd|th)\s+"
                      r"(?:mandala|maṇḍala|book)\b", re.I)
_HYMN = re.compile(r"^\s*(?:rv\s*)?(\d{1,2})\.(\d{1,3})\s*$", re.I)
_ASKS_SEER = re.compile(r"\b(?:seer|seers|poet|rishi|rsi|sage|composer|author|family)\b", re.I)
_ASKS_GOD = re.compile(r"\b(?:god|gods|deity|deities|addressee)\b", re.I)
_SPOUSE = {"wife", "husband", "consort", "spouse", "lover", "beloved", "bride", "groom", "bridegroom"}
_SIBLING = {"sister", "sisters", "brother", "twin", "twin sister", "twin brother"}
_PARENT = {"mother", "father", "parent", "parents"}
_CHILD = {"son", "sons", "daughter", "children", "child"}


@dataclass
class Analogy:
    """The three terms and the asked part, as typed."""

    a: str
    b: str
    c: str
    d: str = ""


def parse(text: str) -> Optional[Analogy]:
    """The analogy ``text`` states, else ``None``."""
    if not text or len(text) > 300:
        return None
    body = _TAIL.sub("", _FRAME.sub("", text.strip()))
    body = _TAIL.sub("", body).strip()
    for form in _FORMS:
        match = form.match(body)
        if match:
            a, b, c, d = (match.group(k).strip(" ,;'\"“”‘’") for k in ("a", "b", "c", "d"))
            if a and b and c and max(len(a), len(b), len(c)) <= 60:
                return Analogy(a=a, b=b, c=c, d=d)
    return None


def _fold(text: str) -> str:
    text = strip_marks(text or "").lower().replace("’", "'")
    text = re.sub(r"'s\b", "", text)
    text = re.sub(r"[^a-z0-9 ]+", " ", text)
    return " ".join(spelling_key(w) for w in text.split() if w not in ("the", "a", "an", "two", "of"))


def _same(term: str, name: str) -> bool:
    """Whether a term names ``name`` (folded, a plural's s aside, a prefix of five letters for inflected spellings)."""
    t, n = _fold(term), _fold(name)
    if not t or not n:
        return False
    if t == n or t.rstrip("s") == n.rstrip("s"):
        return True
    tw, nw = t.split(), n.split()
    return len(tw) == 1 and len(nw) >= 1 and len(tw[0]) >= 4 and (
        nw[0].startswith(tw[0][:5]) and tw[0].startswith(nw[0][:5]) or tw[0].startswith(nw[0]) or nw[0].startswith(tw[0]))


def _head(text: str) -> str:
    """A tie's answer name ("Urvaśī, the Apsaras …" → "Urvaśī", "Night (Rātri)" → "Night (Rātri)")."""
    return re.split(r"[,:;]| who | whom | in the | in RV", text)[0].strip()


@lru_cache(maxsize=1)
def _ties() -> Tuple[dict, ...]:
    rows: List[dict] = []
    for path in ("data/kinship.json", "data/myth_ties.json"):
        rows += list(data_tables.table(path, {}).get("ties", []))
    return tuple(rows)


def _class(relations: Sequence[str]) -> frozenset:
    words = set(relations)
    for group in (_SPOUSE, _SIBLING, _PARENT, _CHILD):
        if words & group:
            return frozenset(group)
    return frozenset(words)


def _is_names(tie: dict) -> List[str]:
    return [_head(tie.get("is", ""))] + list(tie.get("aliases", []))


def _tie_answer(a: str, b: str, c: str) -> Optional[Tuple[str, List[str], str]]:
    """(answer, refs, relation line) by a tie of the tables that leads A → B (or, failing that, B → A) and from C."""
    for forward in (True, False):
        for tie in _ties():
            if forward:
                holds = any(_same(a, o) for o in tie["of"]) and any(_same(b, n) for n in _is_names(tie))
            else:
                holds = any(_same(b, o) for o in tie["of"]) and any(_same(a, n) for n in _is_names(tie))
            if not holds:
                continue
            kind = _class(tie["relation"])
            for other in _ties():
                if other is tie or not kind & _class(other["relation"]):
                    continue
                rel = sorted(set(other["relation"]) & kind or set(other["relation"]))[0]
                first = sorted(set(tie["relation"]) & kind or set(tie["relation"]))[0]
                if forward and any(_same(c, o) for o in other["of"]):
                    name = _head(other["is"])
                    return name, list(other["refs"]), (f"{_show(b)} {_be(b)} {_show(a)}'s {first}, as {name} "
                                                        f"{_be(name)} {_show(c)}'s {rel}")
                if not forward and any(_same(c, n) for n in _is_names(other)):
                    name = other["of"][0]
                    return name, list(other["refs"]), (f"{_show(a)} {_be(a)} {_show(b)}'s {first}, as {_show(c)} "
                                                        f"{_be(c)} {name}'s {rel}")
    return None


def _show(term: str) -> str:
    """A term as typed, its first letter a capital when the reader typed it all in small letters."""
    return term[:1].upper() + term[1:] if term.islower() and not term.startswith("the ") else term


def _be(term: str) -> str:
    """"are" for a plural term ("the Maruts", "the two four-eyed dogs"), else "is"."""
    low = term.lower().strip()
    return "are" if low.startswith(("the two ", "two ")) or (low.endswith("s") and not low.endswith(("us", "as", "is", "ss"))) \
        else "is"


def _pairs() -> List[Tuple[str, str, List[str], str]]:
    """(X, Y, hymn refs, title) of the named passages called "X and Y" (the dialogue hymns among them)."""
    from pyapp.reading.named import named_passages

    out = []
    for passage in named_passages():
        if "dialogue" not in (passage.about or "").lower()[:160]:
            continue  # a hymn's two sides: the dialogues, not two gods praised together
        for title in passage.names[:2]:
            parts = re.split(r"\s+and\s+|–|—", title)
            if len(parts) == 2 and all(p.strip() for p in parts) and "saṃvāda" not in parts[1].lower():
                out.append((parts[0].strip(), parts[1].strip(), list(passage.refs), passage.names[0]))
                break
    return out


def _pair_answer(a: str, b: str, c: str) -> Optional[Tuple[str, List[str], str]]:
    pairs = _pairs()
    if not any((_same(a, x) and _same(b, y)) or (_same(a, y) and _same(b, x)) for x, y, _, _ in pairs):
        return None
    for x, y, refs, title in pairs:
        for one, two in ((x, y), (y, x)):
            if _same(c, one) and not _same(c, two):
                first = refs[0] if refs[0].count(".") == 2 else refs[0] + ".1"
                return two, [first], (f"{_show(a)} and {_show(b)} speak in one dialogue hymn, as {one} and {two} do in "
                                      f"“{title}” (RV {refs[0]})")
    return None


def _mandala(term: str) -> Optional[int]:
    match = _MANDALA.search(term or "")
    if not match:
        return None
    raw = (match.group("n") or match.group("m") or "").lower()
    value = int(raw) if raw.isdigit() else _ROMAN.get(raw)
    return value if value and 1 <= value <= 10 else None


def _family_mandala(term: str) -> Optional[int]:
    for number, person in FAMILY_BOOKS.items():
        if _same(term, person):
            return number
    return None


def _chief_god(index: Any, mandala: int) -> Optional[Tuple[str, str]]:
    """The god most hymns of the maṇḍala are addressed to, and the first verse of one of them."""
    counts: Counter = Counter()
    first: Dict[str, str] = {}
    for verse in getattr(index, "verses", []) or []:
        if getattr(verse, "mandala", None) != mandala and not verse.ref.startswith(f"{mandala}."):
            continue
        label = re.split(r",|\bor\b|\(", getattr(verse, "addressee", "") or "")[0].strip()
        if label and verse.ref.endswith(".1"):
            counts[label] += 1
            first.setdefault(label, verse.ref)
    if not counts:
        return None
    label = counts.most_common(1)[0][0]
    return label, first[label]


def _book_answer(a: str, b: str, c: str, d: str, index: Any) -> Optional[Tuple[str, List[str], str]]:
    """A family book's seer, or a maṇḍala's chief god, by the relation of A and B or by what D asks."""
    ma, mb, mc = _mandala(a), _mandala(b), _mandala(c)
    asks_book = bool(re.search(r"\b(?:mandala|maṇḍala|book|mandal)s?\b", d or "", re.I))
    if mc is not None and (ma is not None or mb is not None or asks_book):
        if _ASKS_SEER.search(d) or (ma is not None and _family_mandala(b)) or (mb is not None and _family_mandala(a)):
            person = FAMILY_BOOKS.get(mc)
            if person:
                name = person[:1].upper() + person[1:]
                return name, [f"{mc}.1.1"], f"maṇḍala {mc} is the family book of {name} and his descendants"
        chief = _chief_god(index, mc)
        if chief is not None:
            return chief[0], [chief[1]], f"most hymns of maṇḍala {mc} are addressed to {chief[0]}"
    if _family_mandala(c) is not None and (ma is not None or mb is not None or asks_book):
        number = _family_mandala(c)
        return f"maṇḍala {number}", [f"{number}.1.1"], (f"{c} is the seer of maṇḍala {number}, a family book, as "
                                                       f"{a if mb is not None else b} is of maṇḍala {mb or ma}")
    return None


def _hymn_answer(a: str, b: str, c: str) -> Optional[Tuple[str, List[str], str]]:
    """A hymn and its name: "10.129 is to Nāsadīya as 10.121 is to ___" (the named passages)."""
    from pyapp.reading.named import named_passages

    hymn = _HYMN.match(c or "")
    if not hymn or not (_HYMN.match(a or "") or _HYMN.match(b or "")):
        return None
    ref = f"{hymn.group(1)}.{hymn.group(2)}"
    for passage in named_passages():
        if passage.refs == [ref]:
            return passage.names[0], [f"{ref}.1"], f"a hymn and the name it is known by: RV {ref} is the {passage.names[0]}"
    return None


def _domain_answer(a: str, b: str, c: str) -> Optional[Tuple[str, List[str], str]]:
    """A god and what he is the god of ("Agni : fire :: Sūrya : ?"), from ``god_domains.json``."""
    rows = data_tables.table("data/god_domains.json", {}).get("gods", [])
    if not any(_same(a, r["god"]) and any(_fold(b) == _fold(d) for d in r["domains"]) for r in rows):
        return None
    for row in rows:
        if _same(c, row["god"]) and row["domains"]:
            return row["domains"][0], [], f"{_show(c)} is the god of {row['domains'][0]}, as {_show(a)} is of {b}"
    for row in rows:
        if any(_fold(c) == _fold(d) for d in row["domains"]):
            return row["god"], [], f"{row['god']} is the god of {c}, as {_show(a)} is of {b}"
    return None


def answer(found: Analogy, index: Any) -> Optional[FactAnswer]:
    """The fourth term, first, with the relation named and its verses, or ``None`` when no relation is found."""
    a, b, c, d = found.a, found.b, found.c, found.d
    got = (_hymn_answer(a, b, c) or _book_answer(a, b, c, d, index) or _tie_answer(a, b, c) or _pair_answer(a, b, c)
           or _domain_answer(a, b, c))
    if got is None:
        return None
    name, refs, relation = got
    refs = [r for r in refs if index is None or index.by_ref(r) is not None][:3]
    cited = " ".join(f"[RV {r}]" for r in refs)
    text = (f"{name[:1].upper() + name[1:]}: {_show(a)} is to {_show(b)} as {_show(c)} {_be(c)} to {name}. "
            f"The relation: {relation} {cited}".rstrip() + ".")
    return FactAnswer(kind="list", text=text, refs=refs,
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))


def about_c(found: Analogy) -> str:
    """The question the turn answers instead when no relation holds: about C ("Who is Soma?", or C itself when it
    is a reference or a maṇḍala)."""
    return found.c if re.search(r"\d", found.c) else f"Who is {found.c}?"


def about_c_note(found: Analogy) -> str:
    """What the answer says when no relation of the tables holds between A and B."""
    return (f"No relation between {found.a} and {found.b} is in the app's tables (family ties, spouses, dialogues, "
            f"foes, maṇḍalas and their seers), so the analogy cannot be completed by code; here is what the hymns say "
            f"about {found.c}.")
