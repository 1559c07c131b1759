"""A name asked for by its description: "who is the serpent slayer?", "which god knows all the paths?",
"name the goddess of speech", a crossword clue ("vedic king of the dead, 4 letters").

Why: such a question carries no name, so the open search answers it with whatever verse shares its words, and the
extractor named that verse's god ("Soma is the serpent slayer": a Soma verse mentions serpents). A reader wants the
name first. Handbooks and quiz-setters describe a name by a few fixed descriptions, so the descriptions are data:
``pyapp/data/name_clues.json`` (our table of names and their descriptions), together with the tables other readers
already keep — a god's domains (``god_domains.json``), the English of epithets (``epithets.json``) and the family
ties (``kinship.json``, read as "the sons of Rudra", "Yama's sister"). Each candidate name scores the question's
content words its matching descriptions cover; a role word ("goddess", "seer", "demon") prefers its kind, and a
clue's letter count (``pyapp.reading.quiz_form``) keeps only names with a romanisation of that length (Vṛtra is
VRITRA 6 or VRTRA 5). When no description matches a clue, the verses the search finds for it vote for their
addressee, each weighted by how well it matches, and the answer says it is a guess from the verses.
The verses shown are those whose Sanskrit names the name (the table's pattern), best first by the clue's words.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from pyapp import data_tables
from pyapp.diacritics import strip_marks, strip_vedic_accents
from pyapp.factbook.answer import FactAnswer

__all__ = ["Candidate", "asks_name", "best", "answer", "letters_of", "vote"]

DATA_PATH = "data/name_clues.json"
MAX_VERSES = 3
# words that say what kind of name is asked, not what it is; the role words map to the table's kinds
_ROLES = {"god": "god", "gods": "god", "deity": "god", "deities": "god", "goddess": "goddess", "goddesses": "goddess",
          "demon": "demon", "demons": "demon", "fiend": "demon", "asura": "demon", "seer": "seer", "seers": "seer",
          "sage": "seer", "poet": "seer", "rishi": "seer", "rsi": "seer", "composer": "seer", "river": "river",
          "king": "king", "dog": "animal", "hound": "animal", "horse": "animal", "bird": "animal", "animal": "animal",
          "woman": "goddess", "female": "goddess", "she": "goddess", "her": "goddess"}
_GENERIC = frozenset("who whom which what whose name named called known is was are were the a an of in on to by for "
                     "with and or as at from that this it its his her their be been rigveda rigvedic rig veda vedic "
                     "vedas hymn hymns verse verses rv according ancient india indian hindu hinduism mythology "
                     "also one does did do tell me please give say says said "
                     # the same function words and "Vedic" in the languages clues come in, for a clue no reader put
                     # into English (a Dutch or Polish crossword line): only its names and cognates are left to match
                     "vedisch vedische vedischer vedischen vedica vedico vedicas vedicos vedique vediques vedyjski "
                     "vedyjska rigvedisch rigvedische rigvedica rigvedico rigvedique rigveds rigvede rigwedy "
                     "van de het een der die das dem den des du la le les el los las del di da do dos das och och "
                     "und et y e en im am au aux al ein eine une un una uno god".split())
_STOP = frozenset("the a an of in on to by for with and or as at from that this is was are were who which what".split())
_ASKS = re.compile(
    r"^\W*(?:(?:and|so|then|ok|okay)\W+)?(?:who|whom)\b|\b(?:which|what)\s+(?:\w+\s+)?(?:god|goddess|deity|demon|"
    r"seer|sage|poet|rishi|river|king|being|one|dog|hound|horse|bird|priest|pair|twins|name)s?\b|"
    r"\bname\s+(?:the|a|an|this)\b|\bwhat\s+is\s+the\s+name\b|\bwho\s+(?:is|was|are|were)\s+(?:called|known)\b", re.I)
_NOT_A_NAME = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?(?:hymns?|verses?|mantras?|suktas?|stanzas?|mandalas?|"
                         r"books?|metres?|meters?|words?|line)\b|\bhow many\b|\bwho (?:composed|wrote|authored|is the "
                         r"(?:seer|author|poet|composer) of (?:rv|hymn|verse|\d))|"
                         # "who discovered the Gāyatrī mantra?": a text's seer, the seer readers' question
                         r"\b(?:compos|wr[io]t|author|discover|creat|reveal|saw|seen|heard|made|sang|sung|utter|"
                         r"composition)\w*\b.*\b(?:mantras?|suktas?|sūktas?|hymns?|verses?|stanzas?|prayers?)\b|"
                         # a choice between names ("which river gets more praise, Sarasvatī or Sindhu?"): a comparison
                         r"\b(?:more|less|better|greater|older|younger|most)\b[^?]*\bor\b|\bcompar\w*|\bversus\b|\bvs\b", re.I)


@dataclass
class Candidate:
    """A name the tables describe: its kinds, romanisations, what the hymns call it and its descriptions."""

    name: str
    kinds: Tuple[str, ...] = ()
    spellings: Tuple[str, ...] = ()
    said: str = ""
    pattern: str = ""
    plural: bool = False
    labels: Tuple[str, ...] = ()  # the index's label of its own hymns when that is not the name ("the night")
    clues: List[Tuple[str, ...]] = field(default_factory=list)  # each description as its folded content words


_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "œ": "oe", "đ": "d"})


def _token(word: str) -> str:
    """A folded word's key: English plural and possessive off, so "sons" meets "son" and "twins" "twin"."""
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def fold_words(text: str) -> List[str]:
    """``text`` as folded word keys: marks off, lower case, possessives and plurals off ("Rudra's sons" → rudra son)."""
    text = strip_marks((text or "").translate(_LETTERS)).lower().replace("’", "'")
    text = re.sub(r"'s\b", " ", text)
    return [_token(w) for w in re.findall(r"[a-z0-9]+", text)]


def _key(name: str) -> str:
    return " ".join(fold_words(name))


def _clue_words(phrase: str) -> Tuple[str, ...]:
    return tuple(w for w in fold_words(phrase) if w not in _STOP)


def _is_name(text: str) -> str:
    """The name a kinship row's answer starts with ("Night (Rātri)" → Rātri, "the Maruts" → the Maruts), or ""."""
    text = text.strip()
    inner = re.match(r"^[^(:;,]+\(([^)]+)\)", text)
    head = re.split(r"[(:;,]", text)[0].strip()
    if inner and inner.group(1)[:1].isupper():
        return inner.group(1).strip()
    if not head or head.split()[0].lower() in ("a", "an", "none", "no"):
        return ""
    return head


@lru_cache(maxsize=1)
def candidates() -> Tuple[Candidate, ...]:
    """Every described name, from our table and the domain, epithet and kinship tables, merged by name."""
    by_key: Dict[str, Candidate] = {}

    def get(name: str) -> Candidate:
        key = re.sub(r"^the\s+", "", name, flags=re.I).lower()  # Sūrya and Sūryā are two names
        if key not in by_key:
            by_key[key] = Candidate(name=name, spellings=(strip_marks(name),))
        return by_key[key]

    for row in data_tables.table(DATA_PATH, {}).get("names", []):
        found = get(row["name"])
        found.kinds = tuple(row.get("kind", ()))
        found.spellings = tuple(dict.fromkeys(list(row.get("spellings", ())) + list(found.spellings)))
        found.said, found.pattern, found.plural = row.get("said", ""), row.get("pattern", ""), bool(row.get("plural"))
        found.labels = tuple(_key(label) for label in row.get("addressee", ()))
        found.clues += [_clue_words(c) for c in row.get("clues", [])]
    for row in data_tables.table("data/god_domains.json", {}).get("gods", []):
        found = get(row["god"])
        found.kinds = found.kinds or ("god",)
        found.plural = found.plural or bool(row.get("plural"))
        found.clues += [_clue_words(d) for d in row.get("domains", [])]
    for row in data_tables.table("data/epithets.json", {}).get("entries", []):
        name = re.split(r"[(,]", row.get("of", ""))[0].strip()
        if name and name[:1].isupper() and " " not in name.strip():
            get(name).clues += [_clue_words(e) for e in row.get("english", [])]
    for tie in data_tables.table("data/kinship.json", {}).get("ties", []):
        name = _is_name(tie.get("is", ""))
        if not name:
            continue
        found = get(name)
        for of in tie.get("of", []):
            for relation in tie.get("relation", []):
                found.clues += [_clue_words(f"{relation} of {of}"), _clue_words(f"{of}'s {relation}")]
    for found in by_key.values():
        found.clues = [c for c in dict.fromkeys(found.clues) if c]
    return tuple(by_key.values())


def letters_of(candidate: Candidate) -> FrozenSet[int]:
    """How many letters the name has in its common romanisations (with and without a plural's s)."""
    counts: Set[int] = set()
    for spelling in candidate.spellings:
        letters = re.sub(r"[^a-z]", "", strip_marks(spelling).lower())
        if not letters:
            continue
        counts.add(len(letters))
        if candidate.plural:
            counts.add(len(letters) - 1 if letters.endswith("s") else len(letters) + 1)
    return frozenset(counts)


# role words that are no description themselves ("river", "king", "dog" describe too)
_ROLE_ONLY = frozenset("god deity goddess demon fiend asura seer sage poet rishi rsi composer she her".split())


def _content(words: Sequence[str]) -> List[str]:
    return [w for w in words if w not in _GENERIC and w not in _ROLE_ONLY]


def asks_name(question: str) -> bool:
    """Whether ``question`` asks for a name by a description (not for a hymn, a verse, a count or a seer of a hymn)."""
    return bool(_ASKS.search(question or "")) and not _NOT_A_NAME.search(question or "")


@dataclass
class Match:
    """A candidate and how well the question's description fits it."""

    candidate: Candidate
    covered: FrozenSet[str]
    longest: int
    share: float  # the share of the question's content words its descriptions cover
    kind_fits: bool


@lru_cache(maxsize=1)
def _foreign_words() -> Dict[str, str]:
    """A clue's words in other languages → the English word the descriptions use (``quiz_forms.json``)."""
    out: Dict[str, str] = {}
    for english, forms in data_tables.table("data/quiz_forms.json", {}).get("words", {}).items():
        for form in forms:
            keys = fold_words(form)
            if len(keys) > 1 or (keys and len(keys[0]) < 2):
                continue  # a form its folding splits is no one word of a clue
            out.setdefault(keys[0] if keys else form.lower(), _token(english))
    return out


def _read_words(question: str) -> List[str]:
    """The question's folded words, a word of another language read as the English word it stands for."""
    foreign = _foreign_words()
    words = []
    for raw in re.findall(r"[^\W\d_]+", question or ""):
        key = (fold_words(raw) or [raw.lower()])[0]
        words.append(foreign.get(key, foreign.get(raw.lower(), key)))
    return words


def best(question: str, letters: Sequence[int] = ()) -> List[Match]:
    """The candidates whose descriptions the question matches, best first, those of the letter count only."""
    words = _read_words(question)
    present = set(words)
    content = set(_content(words))
    roles = {_ROLES[w] for w in words if w in _ROLES}
    found: List[Match] = []
    for cand in candidates():
        if letters and not (letters_of(cand) & set(letters)):
            continue
        own = set(_content(fold_words(cand.name)))
        covered: Set[str] = set()
        longest = 0
        for clue in cand.clues:
            if all(w in present for w in clue) and not set(clue) & own:  # "Indra's hound" is no name of Indra
                covered |= set(clue) & content
                longest = max(longest, len([w for w in clue if w in content]))
        if not covered:
            continue
        if own and own <= content and not covered - own:  # "who is Agni?" names the god: no description
            continue
        if not covered - _all_names():  # "who is Rudra?" is no description of his sons, the Maruts
            continue
        kind_fits = not roles or bool(roles & set(cand.kinds)) or (roles == {"god"} and "goddess" in cand.kinds)
        share = len(covered) / max(1, len(content))
        found.append(Match(cand, frozenset(covered), longest, share, kind_fits))
    found.sort(key=lambda m: (m.kind_fits, len(m.covered), m.longest), reverse=True)  # stable: the table's order breaks ties
    return found


@lru_cache(maxsize=1)
def _all_names() -> FrozenSet[str]:
    """Every candidate's own name words: a description needs a word besides names ("sons of Rudra", not "Rudra")."""
    return frozenset(w for c in candidates() for w in _content(fold_words(re.sub(r"^the\s+", "", c.name, flags=re.I))))


def _verses(index: Any, cand: Candidate, clue_words: Sequence[str]) -> List[str]:
    """Up to :data:`MAX_VERSES` refs that show the name: verses whose Sanskrit names it (the table's pattern), else
    verses of the hymns addressed to it, those whose translation carries most of the clue's words first."""
    verses = getattr(index, "verses", None) or []
    pattern = re.compile(cand.pattern) if cand.pattern else None
    own = fold_words(re.sub(r"^the\s+", "", cand.name, flags=re.I))[:1]
    picked: List[Tuple[float, int, str]] = []
    stems = [w[:5] for w in clue_words if len(w) > 2]
    for i, verse in enumerate(verses):
        label = _key(getattr(verse, "addressee", "") or "")
        deity = _key(getattr(verse, "deity", "") or "")
        # the verse's own deity (the Anukramaṇī's, verse by verse) first: a hymn labelled "the pressing of Soma" is
        # Indra's in its verses
        own_deity = bool(own) and deity.startswith(own[0][:4])
        addressed = own_deity or (bool(own) and own[0][:5] in label.split()) or label in cand.labels
        named = bool(pattern and verse.roman and pattern.search(strip_vedic_accents(verse.roman).lower()))
        if not (named or addressed):
            continue
        text = " ".join(fold_words(getattr(verse, "translation", "") or ""))
        hits = sum(1 for s in stems if re.search(r"\b" + re.escape(s), text))
        # the name's own hymns first (those that also name it before the rest), then the verses naming it elsewhere
        picked.append((6.0 * hits + (12.0 if addressed else 0.0) + (8.0 if own_deity else 0.0) + (4.0 if named else 0.0),
                       -i, verse.ref))
    if not picked and own:  # a seer: the verses the Anukramaṇī gives to the name
        for i, verse in enumerate(verses):
            if own[0][:5] in _key(getattr(verse, "rishi", "") or ""):
                picked.append((0.0, -i, verse.ref))
                if len(picked) >= MAX_VERSES:
                    break
    picked.sort(reverse=True)
    return [ref for _, _, ref in picked[:MAX_VERSES]]


def _fits(cand: Candidate, letters: Sequence[int]) -> str:
    """" (5 letters: INDRA)": the romanisation of the asked length, for a clue that gave one."""
    for spelling in cand.spellings:
        plain = re.sub(r"[^A-Za-z]", "", strip_marks(spelling)).upper()
        variants = [plain] + ([plain[:-1]] if cand.plural and plain.endswith("S") else [])
        for variant in variants:
            if len(variant) in letters:
                return f" ({len(variant)} letters: {variant})"
    return ""


def _head(name: str) -> str:
    return name[:1].upper() + name[1:]


def answer(question: str, index: Any, searcher: Any = None, letters: Sequence[int] = (),
           clue: bool = False, may_vote: bool = False) -> Optional[FactAnswer]:
    """The described name first, what the hymns call it and the verses that show it, or ``None``.
    ``clue``: the question is a crossword or quiz clue (no question word is needed); ``may_vote``: with no
    description matched well, the verses found for it may vote (the caller has let every other reader try first)."""
    if index is None or not question or not (clue or asks_name(question)):
        return None
    matches = best(question, letters)
    if matches and (matches[0].share >= 0.5 or matches[0].longest >= 2):
        top = matches[0]
        cand = top.candidate
        asked = " " + " ".join(re.findall(r"[a-z]+", strip_marks(question).lower())) + " "
        if not clue and any(f" {w} " in asked for w in (re.sub(r"[^a-z ]", "", strip_marks(sp).lower()).strip()
                                                         for sp in cand.spellings) if len(w) >= 4):
            return None  # the question names the one it describes ("who was Dadhyañc, the sage who …?"): a person's reader's
        refs = _verses(index, cand, sorted(top.covered))
        said = cand.said or f"the name the description fits ({', '.join(sorted(top.covered))})"
        others = [m.candidate.name for m in matches[1:3] if len(m.covered) == len(top.covered) and m.kind_fits]
        text = f"{_head(cand.name)}{_fits(cand, letters)} — {said}"
        text += " " + " ".join(f"[RV {r}]" for r in refs) + "." if refs else "."
        if others:
            text += f" The description also fits {' and '.join(others)}."
        hymns = list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs))
        return FactAnswer(kind="deity", text=text, refs=refs, subject_hymns=hymns[:3])
    if may_vote and searcher is not None:
        return vote(question, index, searcher, letters)
    return None


def _addressee(verse: Any) -> str:
    label = (getattr(verse, "addressee", "") or "").strip()
    label = re.split(r",|\bor\b|\(|/", label)[0].strip()
    return label


def _carries(verse: Any, stems: Sequence[str]) -> float:
    """The share of the clue's word stems the verse's translation carries."""
    text = " ".join(fold_words(getattr(verse, "translation", "") or ""))
    return sum(1 for s in stems if re.search(r"\b" + re.escape(s), text)) / max(1, len(stems))


@dataclass
class Vote:
    """The addressee the verses vote for: its candidate, the verses that voted for it, its share of the weight,
    and how many verses had a say."""

    candidate: Candidate
    refs: List[str]
    share: float
    voters: int


def vote_of(question: str, verses: Sequence[Any], letters: Sequence[int] = ()) -> Optional[Vote]:
    """Each verse that carries at least half the question's content words votes for its addressee, weighted by its
    relevance (so the answer is what the verses found agree on, not the single top verse's god)."""
    content = [w[:5] for w in dict.fromkeys(_content(_read_words(question))) if len(w) > 2]
    if not content:
        return None
    voters = [v for v in verses if _carries(v, content) >= 0.5]
    weights: Dict[str, float] = defaultdict(float)
    refs: Dict[str, List[str]] = defaultdict(list)
    known = {_key(re.sub(r"^the\s+", "", c.name, flags=re.I)): c for c in candidates()}
    chosen: Dict[str, Candidate] = {}
    # every voter's weight counts in the whole, also a verse whose addressee is no name (a share of the named alone
    # would call two verses of eight "100%")
    everyone = sum(float(getattr(v, "relevance", 0.0) or 0.0) or 0.01 for v in voters)
    for verse in voters:
        label = _addressee(verse)
        if not label or " and " in label or label[:1].islower() and not label.startswith("the "):
            continue
        key = _key(re.sub(r"^the\s+", "", label, flags=re.I))
        cand = known.get(key) or Candidate(name=label, spellings=(label,), plural=label.startswith("the "))
        if letters and not (letters_of(cand) & set(letters)):
            continue
        chosen[label] = cand
        weights[label] += float(getattr(verse, "relevance", 0.0) or 0.0) or 0.01
        refs[label].append(verse.book_context)
    if not weights:
        return None
    label, weight = max(weights.items(), key=lambda item: item[1])
    return Vote(candidate=chosen[label], refs=refs[label], share=weight / everyone if everyone else 0.0,
                voters=len(voters))


def vote(question: str, index: Any, searcher: Any, letters: Sequence[int] = ()) -> Optional[FactAnswer]:
    """The addressee the verses found for the clue vote for (:func:`vote_of`), or ``None``."""
    try:
        found = searcher.search(question, method="auto", k=30)
    except Exception:
        return None
    results = list(getattr(found, "results", []) or []) if getattr(found, "success", False) else []
    got = vote_of(question, results, letters)
    if got is None:
        return None
    cand, shown = got.candidate, got.refs[:MAX_VERSES]
    sure = "most likely" if got.share >= 0.5 else "perhaps"
    text = (f"{_head(cand.name)}{_fits(cand, letters)}, {sure}: no table of descriptions names it, so this is a guess "
            f"from the verses closest to the clue — {len(got.refs)} of the {got.voters} that carry its words are "
            f"addressed to {cand.name}, {round(100 * got.share)}% of their weight " + " ".join(f"[RV {r}]" for r in shown)
            + ".")
    return FactAnswer(kind="deity", text=text, refs=shown,
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in shown)))


def lead(question: str, verses: Sequence[Any]) -> Optional[Tuple[str, str]]:
    """A line naming the addressee the answer's verses vote for, for a name question no table or extraction
    answered: (line, first voting ref), or ``None`` when fewer than two verses agree or the vote is split."""
    if len(set(_content(_read_words(question)))) < 2:
        return None  # "who are the yatis?": a word asked about, not a name described
    got = vote_of(question, verses)
    if got is None or len(got.refs) < 2 or got.share < 0.5:
        return None
    name = _head(got.candidate.name)
    line = (f"Most likely {name}: no verse names the answer outright, but {len(got.refs)} of the {got.voters} verses "
            f"found that carry the question's words are addressed to {got.candidate.name} "
            f"({round(100 * got.share)}% of their weight) [RV {got.refs[0]}].")
    return line, got.refs[0]
