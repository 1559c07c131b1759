"""The first sentence of a how / why / who-did / what-do answer, stated in the verses' own words.

Why: "Who killed Vṛtra?" answered with "The RigVeda speaks to this most directly in RV 8.89 …" never
says "Indra"; "How is soma pressed and purified?" answered with what the word soma means does not
say how. A reader wants the answer first. Code cannot paraphrase, but it can find the clause of a
found verse whose words carry the question's action (its verb, through the action groups of
``data/verb_forms.json``, which bridge "killed" and Griffith's "slew") and its subject or object,
and quote that clause, cited. For "who did X?" the doer is the name that clause gives, or, where it
says "he" or "thou", the god the verse is addressed to; the answer then says "Indra killed Vṛtra"
and quotes the verse that says so. Where no found verse carries the action at all, the sentence
says so instead of pretending. Everything stated is either a quotation or the verse's own
addressee from the index, so the validator can check it like any other sentence.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from pyapp import data_tables
from pyapp.agents.text import ENGLISH_STOP, clip, fold, stem
from pyapp.schemas import SearchResult

CLAUSE_LIMIT = 170  # characters of one quoted clause

# "Who killed …", "Which god freed …", "What demon stole …": the wh-phrase a doer's name replaces
_WHO_DID = re.compile(
    r"^\W*(?:(?:and|so|then)\s+)?(?P<wh>who|which\s+(?:\w+\s+)?(?:god|goddess|deity|deities|gods|seer|sage|poet|hero|"
    r"demon|one|being|king|warrior)s?|what\s+(?:god|goddess|deity|demon|hero|being|king|warrior)s?)\s+"
    r"(?!is\b|are\b|was\b|were\b|'s\b|s\b|am\b|be\b|has\s+been\b)(?P<rest>.+?)\W*$", re.I)
_HOW = re.compile(r"^\W*(?:and\s+)?(?:how|in what way|by what means)\b(?!\s+(?:many|much|often|long|old)\b)", re.I)
_WHY = re.compile(r"^\W*(?:and\s+)?(?:why|for what reason|what for)\b", re.I)
_WHAT_DO = re.compile(r"^\W*(?:and\s+)?what\s+(?:do|does|did)\b", re.I)
_PURPOSE = re.compile(r"\b(?:that (?:he|she|they|we|ye|thou|it) (?:may|might)|so that|in order|because|since|for|to (?!the\b|thee\b|him\b|us\b|me\b)\w+)\b",
                      re.I)
_PRONOUN_SUBJECT = re.compile(r"\b(?:he|thou|thee|thy|thine|his|him|ye|you|they|who)\b", re.I)
# a pronoun that can only be a subject: "men glorify him" names no doer, "he smote Vṛtra" does
_PRONOUN_DOER = re.compile(r"\b(?:he|thou|ye|they|who)\b", re.I)
# words of a clause that may stand before its verb when the question's subject is the verse's addressee
_LEAD_IN = frozenset("they who he thou ye we and but now then so these those this that which whom the".split())
_RELATIVE = frozenset("who which that they he thou ye".split())
# words of the question that only frame it ("How is …", "What do … say"), never its action
_FRAME = frozenset("""
how why what who whom which when where does did do is are was were be been being the a an of in on to for by with
and or rigveda veda vedic rv hymn hymns verse verses say says said tell mean means meaning describe described
according text texts way ways reason reasons happen happened happens role kind sort please explain
""".split())


# words that frame a question without being its action ("What does the word … ?", "What role does …")
_NOT_ACTIONS = frozenset("word words term terms name names role roles part parts thing things place".split())


@dataclass
class _Groups:
    """The action groups: each question word → the stems (and phrases) of every word that names its action."""

    by_stem: Dict[str, Set[int]] = field(default_factory=dict)
    stems: List[FrozenSet[str]] = field(default_factory=list)
    phrases: List[Tuple[str, ...]] = field(default_factory=list)

    @classmethod
    def load(cls) -> "_Groups":
        """Read through :mod:`pyapp.data_tables` (works from the page's ``pyapp.zip`` too)."""
        groups = cls()
        try:
            raw = data_tables.table("data/verb_forms.json", {}).get("groups", [])
        except (OSError, ValueError):
            raw = []
        for number, words in enumerate(raw):
            singles = frozenset(stem(w) for w in words if " " not in w)
            groups.stems.append(singles)
            groups.phrases.append(tuple(w for w in words if " " in w))
            for s in singles:
                groups.by_stem.setdefault(s, set()).add(number)
        return groups

    def stems_for(self, word: str) -> FrozenSet[str]:
        """Every stem that names the action of ``word`` (just its own stem outside the table)."""
        own = stem(word)
        found: Set[str] = {own}
        for number in self.by_stem.get(own, ()):
            found |= self.stems[number]
        return frozenset(found)


_GROUPS: Optional[_Groups] = None


def _groups() -> _Groups:
    global _GROUPS
    if _GROUPS is None:
        _GROUPS = _Groups.load()
    return _GROUPS


@dataclass
class _Want:
    """What a clause must carry: the question's actions (each a set of stems) and its entities."""

    actions: List[Tuple[str, FrozenSet[str]]]
    entities: List[str]  # folded names / terms / nouns of the question's subject and object
    # the actions are the question's other content words, for want of a verb the action table knows
    # ("What does tapas, creative heat, do?"): a clause that carries them answers, but their absence
    # proves nothing, so no "none of the verses says" is built on them
    loose: bool = False


@dataclass
class _Clause:
    verse: SearchResult
    text: str
    actions: Set[int]
    entities: Set[int]
    by_addressee: Set[int]
    score: float
    rank: int


def kind_of(question: str) -> str:
    """"who_did" / "how" / "why" / "what_do" / "" for the question's wh-shape."""
    if _WHO_DID.match(question):
        return "who_did"
    if _WHY.match(question):
        return "why"
    if _HOW.match(question):
        return "how"
    if _WHAT_DO.match(question):
        return "what_do"
    return ""


def _words(text: str) -> List[str]:
    return re.findall(r"[a-z]+", fold(text))


def _wanted(frame: Any, kind: str) -> Optional[_Want]:
    """The question's actions (words beyond its names, terms and framing) and its entities."""
    entity_words: List[str] = []
    for name in list(getattr(frame, "names", [])) + [getattr(t, "display", "") or "" for t in getattr(frame, "terms", [])]:
        folded = " ".join(_words(name))
        if folded and folded not in entity_words:
            entity_words.append(folded)
    entity_parts = {w for e in entity_words for w in e.split()}
    text = getattr(frame, "text", "")
    if kind == "who_did":
        match = _WHO_DID.match(text)
        text = match.group("rest") if match else text
    actions: List[Tuple[str, FrozenSet[str]]] = []
    nouns: List[str] = []
    groups = _groups()
    for word in _words(text):
        if len(word) < 3 or word in ENGLISH_STOP or word in _FRAME or word in entity_parts:
            continue
        if stem(word) in groups.by_stem:
            if all(word != w for w, _ in actions):
                actions.append((word, groups.stems_for(word)))
        elif word not in nouns:
            nouns.append(word)
    if actions:
        return _Want(actions=actions[:3], entities=(entity_words + nouns)[:4])
    if kind in ("how", "why", "what_do") and entity_words and nouns:
        # no verb the table knows ("How is Parjanya personified?", "What does tapas, creative heat, do?"):
        # the words beyond the names stand for the action, each by its own stem
        loose = [w for w in nouns if w not in _NOT_ACTIONS]
        if loose:
            return _Want(actions=[(w, frozenset({stem(w)})) for w in loose[:3]], entities=entity_words[:4], loose=True)
    return None  # no action at all ("What does the word asura mean in the oldest hymns?")


_ARCHAIC = re.compile(r"(?:e?st|eth|edst)$")


def _stems_of(word: str) -> Set[str]:
    """The stem of a verse's word, and of its form without Griffith's archaic endings ("slewest",
    "brakest", "bringeth" → "slew", "brak(e)", "bring")."""
    stems = {stem(word)}
    base = _ARCHAIC.sub("", word)
    if base != word and len(base) >= 3:
        stems |= {stem(base), stem(base + "e")}
    return stems


def _clauses(text: str) -> List[str]:
    parts = re.split(r"(?<=[.;:!?])\s+|\s+[–—]\s*", " ".join((text or "").split()))
    return [p.strip() for p in parts if len(p.strip()) > 8]


def _has_entity(folded_words: Sequence[str], entity: str) -> bool:
    """A name's first five letters start a word ("vritra" in "vritra-slayer", "maruts")."""
    head = entity.split()[0][:5] if entity else ""
    return bool(head) and any(w.startswith(head) for w in folded_words)


def _score_clauses(want: _Want, verses: Sequence[SearchResult], kind: str) -> List[_Clause]:
    out: List[_Clause] = []
    for rank, verse in enumerate(verses):
        addressee_words = _words(" ".join(x for x in (verse.addressee, verse.deity) if x))
        for text in _clauses(verse.translation or ""):
            words = _words(text)
            stems = {s for w in words for s in _stems_of(w)}
            folded = " ".join(words)
            actions = {i for i, (_, wanted) in enumerate(want.actions) if stems & wanted}
            entities = {i for i, e in enumerate(want.entities) if _has_entity(words, e)}
            by_addressee = {i for i, e in enumerate(want.entities)
                            if i not in entities and _has_entity(addressee_words, e) and _PRONOUN_SUBJECT.search(folded)}
            if not actions:
                continue
            score = 2.0 * len(actions) + len(entities) + 0.5 * len(by_addressee) - 0.05 * rank
            if by_addressee and not entities:
                score += _role(words, want, actions)
            if kind == "why" and _PURPOSE.search(text):
                score += 1.0
            out.append(_Clause(verse, text, actions, entities, by_addressee, score, rank))
    out.sort(key=lambda c: -c.score)
    return out


_SUBJECT_PRONOUNS = frozenset("they he she thou ye who".split())
_OBJECT_PRONOUNS = frozenset("them him her thee".split())


def _role(words: Sequence[str], want: _Want, actions: Set[int]) -> float:
    """Whether the addressee ("they", "thou") does the action or undergoes it: "the whips they hold"
    speaks of what the Maruts hold, "steeds … carry them" of what carries the Maruts."""
    for i, word in enumerate(words):
        if any(_stems_of(word) & want.actions[a][1] for a in actions):
            if any(w in _SUBJECT_PRONOUNS for w in words[max(0, i - 4):i]):
                return 0.5
            if i + 1 < len(words) and words[i + 1] in _OBJECT_PRONOUNS:
                return -1.5
            return 0.0
    return 0.0


def _usable(clause: _Clause, want: _Want) -> bool:
    """The clause speaks of the question's subject or object, not only of its verb."""
    return not want.entities or bool(clause.entities or clause.by_addressee)


def _pick(clauses: Sequence[_Clause], want: _Want) -> List[_Clause]:
    """The best clause, then one more that carries an action the first lacks ("wear" and "carry")."""
    usable = [c for c in clauses if _usable(c, want)]
    if not usable:
        return []
    chosen = [usable[0]]
    missing = set(range(len(want.actions))) - usable[0].actions
    if missing:
        more = [c for c in usable[1:] if c.actions & missing and c.verse.book_context != usable[0].verse.book_context]
        more = more or [c for c in usable[1:] if c.actions & missing]
        if more:
            chosen.append(more[0])
    return chosen


def _verb_start(clause: _Clause, want: _Want) -> Optional[int]:
    """Where the clause's matched verb starts, when only a pronoun, a relative or the question's own
    subject stands before it ("our Maruts' who wield thunder" → at "wield"); None otherwise."""
    tokens = clause.text.split()
    for i, token in enumerate(tokens):
        word = " ".join(_words(token))
        if word and any(_stems_of(word) & want.actions[a][1] for a in clause.actions):
            before = [" ".join(_words(t)) for t in tokens[:i]]
            # "they who wear …" in a hymn to the Maruts: the verse's addressee is the doer
            if (clause.by_addressee and not clause.entities and any(w in _RELATIVE for w in before)
                    and all(w in _LEAD_IN or not w for w in before)):
                return i
            if before and before[-1] in _RELATIVE and any(_has_entity(_words(" ".join(before)), e) for e in want.entities[:1]):
                return i
            return None
    return None


def _quote(clause: _Clause, want: _Want, start: Optional[int] = None) -> str:
    """The clause (from its verb when ``start`` is given: "wield thunder and wear swords of gold"),
    clipped to ``CLAUSE_LIMIT``."""
    text = clause.text.rstrip(" ,;:.!?")
    if start is not None:
        text = " ".join(text.split()[start:])
        text = text[:1].lower() + text[1:]
    text = text.strip(" ,;:–—")
    if len(text) > CLAUSE_LIMIT:
        text = clip(text, CLAUSE_LIMIT)
    return text


def _doer(clauses: Sequence[_Clause], want: _Want, lexicon: Any) -> Optional[Tuple[str, _Clause]]:
    """The name the clauses give as the doer (votes by score), or the addressee of a verse that says
    "he" / "thou"; the question's own names never count (they are what was done to)."""
    own = {" ".join(_words(e)) for e in want.entities}
    votes: Counter = Counter()
    best: Dict[str, _Clause] = {}
    for clause in clauses:
        if not clause.entities and want.entities:
            continue  # the doer of something else
        if 0 not in clause.actions:
            continue  # the doer of another deed ("who stole the cows that Saramā found?": not the finder)
        from pyapp.agents.roles import undergone_only

        if undergone_only(clause.text, want.actions[0][1]):
            continue  # "Indra found the Sun lying hidden": the Sun was hidden, Indra is not who hid it
        names: List[str] = []
        shares: Dict[str, float] = {}
        if lexicon is not None:
            names = [n for n in lexicon.main_names(clause.text)
                     if " ".join(_words(n)) not in own and not any(_has_entity(_words(n), e) for e in own)]
        if names:
            # the doer, not the one the action was done to ("clave … Vṛtra's head"): by case, then place
            from pyapp.agents.roles import doer_share

            verbs = frozenset(s for a in clause.actions for s in want.actions[a][1])
            shares = {n: doer_share(clause.text, n, clause.verse.iast or "", verbs) for n in names}
            names = sorted(names, key=lambda n: -shares[n])
            if shares[names[0]] < 1.0 and _PRONOUN_SUBJECT.search(fold(clause.text)):
                names = []  # "he smote Vṛtra": the doer is the god the verse speaks to
        if not names and _PRONOUN_DOER.search(fold(clause.text)) and lexicon is not None:
            addressed = " ".join(x for x in (clause.verse.deity, clause.verse.addressee) if x)
            names = [n for n in lexicon.main_names(addressed)
                     if not any(_has_entity(_words(n), e) for e in own)][:1]
        for name in names[:1]:
            votes[name] += clause.score * shares.get(name, 1.0)
            best.setdefault(name, clause)
    if not votes:
        return None
    name, _ = votes.most_common(1)[0]
    return name, best[name]


def unstated(question: str, kind: str, ending: str = "; the closest verses are:") -> str:
    """The plain first sentence when no found verse carries the question's action: the question itself,
    said back whole ("… in so many words who carried Indra to heaven"), never a list of its words."""
    asked = " ".join((question or "").split()).rstrip(" ?!.")
    match = _WHO_DID.match(asked) if kind == "who_did" else None
    if match:
        said = f"{match.group('wh').lower()} {match.group('rest')}"
    else:
        said = f"what the question asks (“{asked[:1].upper() + asked[1:]}?”)" if asked else "what the question asks"
    return f"None of the verses found says in so many words {said}{ending}"


def _subject_phrase(frame: Any) -> str:
    names = list(getattr(frame, "names", [])) + [getattr(t, "display", "") for t in getattr(frame, "terms", [])]
    name = next((n for n in names if n), "")
    if not name:
        return ""
    from pyapp.agents.generator import GROUP_NAMES

    return f"The {name}" if fold(name) in GROUP_NAMES else name[:1].upper() + name[1:]


def statement(frame: Any, verses: Sequence[SearchResult], lexicon: Any = None, strict: bool = False) -> str:
    """The answer's first sentence for a how / why / who-did / what-do question ("" when the question
    is of another shape, names nothing to act on, or the verses carry none of its words). ``strict``:
    only a clause carrying a verb of the action table, never one found by the question's other words."""
    return stated_clause(frame, verses, lexicon, strict)[0]


def stated_clause(frame: Any, verses: Sequence[SearchResult], lexicon: Any = None,
                  strict: bool = False) -> Tuple[str, bool]:
    """:func:`statement` and whether it states the answer (a clause of the verses) rather than saying that
    none of the verses found states it (:func:`unstated`): a caller decides on that, not on the wording."""
    if frame is None or not verses or getattr(frame, "sides", None):
        return "", False
    if getattr(frame, "form", "open") in ("define", "how_many", "list", "quote", "reference"):
        return "", False  # a definition, a count, a list or a quotation has its own first sentence
    question = getattr(frame, "text", "") or ""
    kind = kind_of(question)
    if not kind:
        return "", False
    want = _wanted(frame, kind)
    if want is None or strict and want.loose:
        return "", False
    clauses = _score_clauses(want, verses, kind)
    if kind == "who_did":
        found = _doer(clauses, want, lexicon)
        if found is not None:
            name, clause = found
            rest = _WHO_DID.match(question).group("rest")
            quote = _quote(clause, want)
            return f"{name} {rest}: “{quote}” [RV {clause.verse.book_context}]. Key verses:", True
    # no doer named: the question's own names are what the deed was done to, so a clause of them
    # ("Brahmaṇaspati made his way …") does not answer who did it; say that no verse found states it
    chosen = [] if kind == "who_did" else _pick(clauses, want)
    if not chosen:
        return ("" if want.loose else unstated(question, kind)), False
    subject = _subject_phrase(frame)
    starts = [_verb_start(c, want) if subject else None for c in chosen]
    if subject and all(start is not None for start in starts):
        body = " and ".join(f"“{_quote(c, want, start)}” [RV {c.verse.book_context}]" for c, start in zip(chosen, starts))
        return f"{subject} {body}. Key verses:", True
    body = " and ".join(f"“{_quote(c, want)}” [RV {c.verse.book_context}]" for c in chosen)
    opener = {"why": "The hymns give the reason in their own words",
              "how": "The hymns say how in their own words"}.get(kind, "In the hymns' own words")
    return f"{opener}: {body}. Key verses:", True
