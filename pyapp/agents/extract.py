"""The answer to a direct question, extracted from the verses found: a name, a number, an animal, a means.

Why: "Whose chariot is pulled by goats?" answered with a list of Pūṣan verses never says "Pūṣan";
the reader wants the answer first and the verses as its evidence. Code cannot paraphrase, but it can
gather the candidate fillers of the question's slot (``pyapp.reading.wh_slot``) from the verses —
names the lexicon knows (and the god a verse saying "thou" is addressed to), number words before the
asked noun, animal nouns, "with …" phrases — and weigh each by how many of the question's constraint
words (its verb, through the action groups of ``data/verb_forms.json``, and its nouns, through
``data/answer_words.json``) stand in the same clause, summed over verses: a filler several verses
support beats a stray one. The question's own names never fill the slot ("Who killed Vṛtra?" is not
answered "Vṛtra"). The first sentence then states the filler and quotes the clause that says it, cited,
and ``strength`` (0–1) tells the evaluator how well it is supported: one verse that carries half the
question's words is weak; three that carry all of it are strong. With no supported candidate there is
no extraction, and the answer says plainly that no verse states it.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from pyapp import data_tables
from pyapp.agents.roles import doer_share, undergone_only, verb_stems
from pyapp.agents.statement import _clauses, _groups, _stems_of, _words
from pyapp.agents.text import ENGLISH_STOP, clip, fold, stem
from pyapp.reading.number_words import value as number_value
from pyapp.reading.wh_slot import Slot, read_slot
from pyapp.schemas import SearchResult

CLAUSE_LIMIT = 170  # characters of the quoted clause
_PRONOUNS = re.compile(r"\b(?:thou|thee|thy|thine|ye|you|your|he|him|his)\b", re.I)
# who *did* it: only a subject pronoun makes the addressee the doer ("mortal men glorify him" does not)
_DOER_PRONOUNS = re.compile(r"\b(?:thou|ye|he)\b", re.I)
_NUMBER = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|twenty|thirty|"
                     r"thrice|twice|hundred|thousand|\d+)\b", re.I)
_MEANS = re.compile(r"\b(?:with|by|through|by\s+means\s+of)\s+((?:[\w'’-]+\s+){0,5}[\w'’-]+)", re.I)
_DETERMINERS = frozenset("the a an thy thine his her their its our your my this that these those all mighty great "
                         "own o".split())
_NOT_NOUNS = frozenset("thou thee thy thine ye you your he him his she her they them their we us our me my it its "
                       "who whom which what when where there here this that these those then than also even like "
                       "hath have had doth does did shall will would may must come came made make hast art "
                       "unto upon forth away down into once ever never".split())


@dataclass
class _Words:
    animals: FrozenSet[str]
    alike: Dict[str, FrozenSet[str]] = field(default_factory=dict)  # stem → the stems of its group


_WORDS: Optional[_Words] = None


def _answer_words() -> _Words:
    """``data/answer_words.json`` read once (:mod:`pyapp.data_tables`)."""
    global _WORDS
    if _WORDS is None:
        data = data_tables.table("data/answer_words.json", {})
        alike: Dict[str, Set[str]] = {}
        for group in data.get("alike", []):
            stems = {stem(w) for w in group}
            for s in stems:
                alike.setdefault(s, set()).update(stems)
        _WORDS = _Words(animals=frozenset(stem(w) for w in data.get("animals", [])),
                        alike={k: frozenset(v) for k, v in alike.items()})
    return _WORDS


@dataclass
class Extracted:
    """The slot's filler, the clause that states it and how well the verses support it."""

    kind: str
    answer: str  # "Pushan", "Seven", "Goats", "With waters' foam"
    verse: SearchResult  # the verse whose clause is quoted
    clause: str
    supporting: List[str]  # every verse (book_context) that supports the answer, best first
    strength: float  # 0–1, for the evaluator: verses × how much of the question they carry
    rest: str = ""  # a who question's words after "who" ("killed the dragon Vritra"), said of the answer

    @property
    def weak(self) -> bool:
        from pyapp.agents.evidence import WEAK

        return self.strength < WEAK

    def sentence(self, shown: Optional[Set[str]] = None) -> str:
        """The answer's first sentence: the filler, then the verse's own clause, cited; the other verses
        that say it are named when they are among ``shown`` (the answer's verses; a citation outside
        them would be removed)."""
        quote = clip(self.clause.strip(" ,;:–—"), CLAUSE_LIMIT)
        others = [r for r in self.supporting if r != self.verse.book_context and (shown is None or r in shown)][:2]
        also = f" (also RV {' and RV '.join(others)})" if others else ""
        if self.kind == "why":
            return f"The verses join it to {self.answer}: “{quote}” [RV {self.verse.book_context}]{also}. Key verses:"
        said = f" {self.rest}" if self.kind == "who" and self.rest else ""  # the quote may be clipped before it
        answer = self.answer[:1].upper() + self.answer[1:]  # "The Falcon …" opens the sentence
        return f"{answer}{said} — “{quote}” [RV {self.verse.book_context}]{also}. Key verses:"


@dataclass
class _Candidate:
    answer: str
    weight: float = 0.0
    verses: Dict[str, float] = field(default_factory=dict)  # book_context → best clause weight
    best: Optional[Tuple[float, SearchResult, str]] = None
    carried: float = 0.0  # the most of the question one clause carries beside it (its place not counted)


def _constraint_stems(slot: Slot) -> List[FrozenSet[str]]:
    groups, words = _groups(), _answer_words()
    out: List[FrozenSet[str]] = []
    for word in slot.words:
        own = stem(word)
        stems = set(groups.stems_for(word)) | set(words.alike.get(own, ()))
        if stems not in out:
            out.append(frozenset(stems))
    return out


def _names_here(verse: SearchResult, text: str, names: Sequence[str]) -> bool:
    """The clause or verse speaks of the question's names (in its words, or by being addressed to them
    when it says "thou" / "he")."""
    if not names:
        return True
    from pyapp.agents.evidence import mentions

    folded = fold(text)
    return all(mentions(verse, n, in_text=False) and bool(_PRONOUNS.search(folded))
               or _has(fold(verse.translation or ""), n) for n in names)


def _has(folded_text: str, name: str) -> bool:
    head = re.sub(r"[^a-z]", "", fold(name))[:5]
    return bool(head) and re.search(rf"\b{head}", folded_text) is not None


def _head(name: str) -> str:
    """A name's first letters without aspirate h ("Pûshan", "Pusan" → "pusa")."""
    return re.sub(r"(?<=[kgcjtdpbs])h", "", re.sub(r"[^a-z]", "", fold(name)))[:4]


def _own(name: str, question_names: Sequence[str]) -> bool:
    return any(_head(q) == _head(name) for q in question_names)


def _fillers(slot: Slot, clause: str, verse: SearchResult, names: Sequence[str], lexicon: Any,
             used: Set[str], wanted: Sequence[FrozenSet[str]] = ()) -> List[Tuple[str, str, float]]:
    """(key, answer, share) for each candidate filler the clause offers; ``share`` < 1 for a filler
    the clause only implies (the addressee of "thou")."""
    out: List[Tuple[str, str, float]] = []
    if slot.kind in ("who", "whose"):
        verbs = verb_stems(wanted) if slot.kind == "who" else frozenset()
        if slot.kind == "who" and undergone_only(clause, verbs):
            return out  # "Indra found the Sun lying hidden": no name of this clause hid the Sun
        found = [n for n in _names_in(clause, lexicon) if not _own(n, names)]
        if slot.kind == "who":
            found += _beings(clause, used, verbs)
        for name in found:
            owner = slot.kind == "whose" and _owns(clause, name, slot.noun)
            # "who clave Vṛtra's head": the one struck is no answer to who struck (its case, its place)
            share = doer_share(clause, name, verse.iast or "", verbs) if slot.kind == "who" else 1.0
            out.append((_name_key(name), name, 1.5 if owner else share))
        implied = (_DOER_PRONOUNS if slot.kind == "who" else _PRONOUNS).search(fold(clause))
        if (not found or all(o[2] < 1.0 for o in out)) and lexicon is not None and implied:
            for name in _addressed(verse, names, lexicon, used)[:1]:
                out.append((_name_key(name), name, 0.6))
    elif slot.kind == "how_many":
        tokens = _words(clause)
        noun = _answer_words().alike.get(stem(slot.noun), frozenset({stem(slot.noun)}))
        for i, token in enumerate(tokens):
            if _stems_of(token) & noun:
                for j in range(max(0, i - 3), i):
                    if _NUMBER.fullmatch(tokens[j]):
                        number = number_value(tokens[j])
                        shown = tokens[j].capitalize() if number is None else f"{tokens[j].capitalize()}"
                        out.append((tokens[j], shown, 1.0))
                        break
    elif slot.kind == "what_animal":
        animals = _answer_words().animals
        for token in _words(clause):
            s = stem(token)
            if s in animals and s not in used:
                out.append((s, token.capitalize(), 1.0))
    elif slot.kind == "how":
        for match in _MEANS.finditer(clause):
            phrase = _noun_phrase(match.group(0))
            # "with his bolt of iron": the head stands before "of"
            heads = [w for w in _words(re.split(r"\bof\b", phrase)[0])[1:] if w not in _DETERMINERS and len(w) > 2]
            # the phrase's head is its last noun ("with stronger might" is might, "with his bolt" bolt)
            if heads and stem(heads[-1]) not in used and not _names_in(heads[-1], lexicon):
                out.append((_key(heads[-1]), phrase[:1].upper() + phrase[1:], 1.0))
    elif slot.kind == "why":
        out.extend(_results(clause, names, used, wanted))
    return out


def _beings(clause: str, used: Set[str], verbs: FrozenSet[str]) -> List[str]:
    """Animals Griffith writes as persons, capitalised inside the clause, standing just before the
    question's verb ("the Falcon brought thee", "the Falcon rent the other from the mountain"): a who
    question's answer as much as a god's name is. Elsewhere in the clause ("his two tawny Coursers draw,
    then Indra … spreads") they do something else, and with no verb asked they answer nothing."""
    if not verbs:
        return []
    animals = _answer_words().animals
    tokens = re.findall(r"[A-Za-z]+", clause)
    out: List[str] = []
    for i, word in enumerate(tokens):
        if i == 0 or not word[:1].isupper() or stem(word.lower()) not in animals or stem(word.lower()) in used:
            continue
        if any(_stems_of(t.lower()) & verbs for t in tokens[i + 1:i + 4]) and f"the {word}" not in out:
            out.append(f"the {word}")
    return out


def _name_key(name: str) -> str:
    """One key per name however much of it a clause gave ("Apam" and "Apam Napat")."""
    return fold(name.split()[0])[:5] if name.split() else ""


def _addressed(verse: SearchResult, names: Sequence[str], lexicon: Any, used: Set[str]) -> List[str]:
    """The gods a verse saying "thou" / "he" is addressed to, the question's own dropped. An addressee
    that is the question's own word ("the waters" of "which god shines in the waters?") renders the
    first god of the verse's deity line (āpaḥ), so that one is the question's too and the next answers."""
    content = [w for w in _words(verse.addressee or "") if w not in _DETERMINERS and w not in ENGLISH_STOP]
    if content and all(stem(w) in used for w in content):
        return [n for n in _names_in(verse.deity or "", lexicon) if not _own(n, names)][1:]
    addressed = "; ".join(x for x in (verse.addressee, verse.deity) if x)
    return [n for n in _names_in(addressed, lexicon) if not _own(n, names)]


def _results(clause: str, names: Sequence[str], used: Set[str],
             wanted: Sequence[FrozenSet[str]]) -> List[Tuple[str, str, float]]:
    """What the asked deed led to, in one clause: "he slew Vṛtra and let loose the floods", "smote …
    Vṛtra's back, and loosed the waters" → the floods / the waters. The result word ("and", "then",
    "that", "so", …) must follow the deed's own object, with no other deed between ("who slays the
    Vṛtras, wins and gathers riches" lists deeds, it gives no result), and the result's noun is read
    up to the next comma: the first noun after an article, else the phrase's last noun."""
    verbs = _groups().by_stem
    # a compound is one token ("nine-and-ninety" holds no result word); its parts may be the deed
    tokens = re.findall(r"[a-z]+(?:-[a-z]+)*|[,;:–—]", fold(clause).replace("'", " "))
    deed = next((i for i, t in enumerate(tokens) if any(_stems_of(p) & verbs.keys() and _stems_of(p) & g
                                                         for p in t.split("-") for g in wanted)), None)
    if deed is None:
        return []
    for i in range(deed + 1, min(len(tokens), deed + 9)):
        token = tokens[i]
        if token not in _RESULT:
            if token.isalpha() and _stems_of(token) & verbs.keys() and not any(_stems_of(token) & g for g in wanted):
                return []  # another deed stands between: a list of deeds, not a result
            continue
        tail: List[str] = []
        for word in tokens[i + 1:i + 8]:
            if not word[0].isalpha():
                break
            tail.append(word)
        # after an article a word is a noun even where the verb table lists it ("let loose the floods")
        nouns = [(j, w) for j, w in enumerate(tail) if len(w) > 3 and w not in ENGLISH_STOP and w not in _NOT_NOUNS
                 and w not in _DETERMINERS and stem(w) not in used
                 and (stem(w) not in verbs or j > 0 and tail[j - 1] in _ARTICLES)
                 and not any(_own(w, [n]) for n in names) and not _VERBISH.search(w)]
        if not nouns:
            continue
        after_article = [w for j, w in nouns if j > 0 and tail[j - 1] in _ARTICLES]
        noun = after_article[0] if after_article else nouns[-1][1]
        return [(_key(noun), f"the {noun}", 1.0)]
    return []


_ARTICLES = frozenset("the his their her its thy".split())
_VERBISH = re.compile(r"(?:ed|ing|eth|est|ly)$")
_RESULT = frozenset("and then that to so for till until".split())  # what follows the deed: its result or purpose


def _key(word: str) -> str:
    """One key per word group ("waters", "floods", "rivers" count as one answer)."""
    s = stem(word)
    return min(_answer_words().alike.get(s, frozenset({s})))


def _noun_phrase(phrase: str) -> str:
    """"with waters' foam thou torest off" → "with waters' foam": the preposition, then words up to the
    first pronoun, verb-like word or punctuation."""
    phrase = re.split(r"[,;:.!?–—]", phrase)[0].strip()
    kept: List[str] = []
    for i, token in enumerate(phrase.split()):
        word = " ".join(_words(token))
        if i > 0 and word not in _DETERMINERS and (word in _NOT_NOUNS or re.search(r"(?:est|eth|edst)$", word)
                                                   or word in ("and", "or", "of") and len(kept) > 3):
            break
        kept.append(token)
        if len(kept) >= 5:
            break
    return " ".join(kept)


def _names_in(text: str, lexicon: Any) -> List[str]:
    """The lexicon's names in ``text``, adjacent names joined ("Apām Napāt" is one name; a name
    written again in brackets or by another spelling counts once)."""
    if lexicon is None:
        return []
    from pyapp.lexicon import norm

    out: List[str] = []
    for part in re.split(r"[(),;:.!?–—\[\]]", text):
        run: List[str] = []
        for token in norm(re.sub(r"['’]s\b", "", part)).split() + [""]:
            key = next((c for c in (token, token[:-1] if token.endswith("s") else token)
                        if c and c in lexicon.names), None)
            if key is not None:
                run.append(lexicon.display.get(key, key.title()))
                continue
            if run:
                name = " ".join(run)
                if name not in out and not any(_head(name) == _head(o) for o in out):
                    out.append(name)
                run = []
    return out


def _owns(clause: str, name: str, noun: str) -> bool:
    """"Rudra's sons", "the sons of Rudra": the clause makes ``name`` the owner of ``noun``."""
    folded = fold(clause)
    head = re.sub(r"[^a-z]", "", fold(name.split()[0]))[:5]
    alike = _answer_words().alike.get(stem(noun), frozenset({stem(noun)}))
    nouns = [w for w in set(_words(clause)) if stem(w) in alike]
    return any(re.search(rf"\b{head}\w*['’]s?\s+(?:\w+\s+)?{n}\b|\b{n}\s+of\s+(?:the\s+)?{head}", folded)
               for n in nouns)


def _deed(slot: Slot) -> FrozenSet[str]:
    """The stems of a who question's main verb, which a clause must carry to name its doer ("Who stole
    the cows that Saramā went to find?": the one who found them did not steal them); empty when the
    question has no verb the action table knows ("Which god is called the best of healers?")."""
    if slot.kind != "who":
        return frozenset()
    groups = _groups()
    for word in slot.words:
        if stem(word) in groups.by_stem:
            return frozenset(groups.stems_for(word))
    return frozenset()


def _unstated_verb(slot: Slot, clause: str) -> bool:
    """A who question whose verb the action table does not know ("performed", "turned"), and which the
    clause does not carry in any form: the clause was picked by the question's other words (its object,
    "sacrifice"), so its name did something else, or nothing ("mortal men glorify him")."""
    first = next(iter(_words(slot.rest)), "")
    if not first or first in ENGLISH_STOP or stem(first) in _groups().by_stem:
        return False
    return not ({s for t in _words(clause) for s in _stems_of(t)} & _stems_of(first))


def nothing_states(question: str, frame: Any) -> str:
    """The honest first sentence when no verse found states a who / whose / how-many / what-animal
    answer ("" for other questions, whose own first sentences say so in their way)."""
    slot = read_slot(question, list(getattr(frame, "names", []) or []))
    if slot is None or slot.kind not in ("who", "whose", "how_many", "what_animal"):
        return ""
    asked = {"who": "who", "whose": "whose", "how_many": "how many", "what_animal": "what"}[slot.kind]
    said = " ".join(x for x in (asked, slot.noun, " ".join(slot.rest.split()).rstrip(" ?!.")) if x)
    return f"None of the verses found says in so many words {said}; the closest verses are:"


def agrees(found: Optional[Extracted], stated: str) -> bool:
    """A doer another reading names ("Aśvinau rescued …") is the filler the verses weigh highest too
    (or the verses offer no filler to weigh it against)."""
    words = stated.split()
    return found is None or bool(words) and _head(found.answer) == _head(words[0])


def extract(question: str, frame: Any, verses: Sequence[SearchResult], lexicon: Any = None) -> Optional[Extracted]:
    """The best-supported filler of the question's slot, or None (no slot, or nothing supports one)."""
    if frame is None or not verses or getattr(frame, "sides", None):
        return None
    names = list(getattr(frame, "names", []) or [])
    slot = read_slot(question, names)
    if slot is None:
        return None
    wanted = _constraint_stems(slot)
    if not wanted:
        return None
    # the question's own words are never its answer ("what animal pulls the chariot" is not "chariot")
    used = {s for group in wanted for s in group} | {stem(w) for w in slot.words}
    need = 1 if len(wanted) == 1 else 2
    deed = _deed(slot)
    # a name the question's own words stand for ("the waters" are Āpaḥ) is the question's, not its answer
    own = names + [n for n in _names_in(" ".join(slot.words), lexicon) if not _own(n, names)]
    candidates: Dict[str, _Candidate] = {}
    carried: Set[int] = set()  # the constraint words some verse carries
    for rank, verse in enumerate(verses):
        for clause in _clauses(verse.translation or ""):
            tokens = _words(clause)
            stems = {s for t in tokens for s in _stems_of(t)}
            hits = sum(1 for group in wanted if stems & group)
            if hits >= need:
                carried.update(i for i, group in enumerate(wanted) if stems & group)
            if slot.kind == "how_many":  # the counted noun must be there; the rest constrain
                noun = _answer_words().alike.get(stem(slot.noun), frozenset({stem(slot.noun)}))
                if not stems & noun:
                    continue
            if hits < need or not _names_here(verse, clause, names) or deed and not stems & deed:
                continue
            weight = hits / len(wanted) - 0.02 * rank
            for key, answer, share in _fillers(slot, clause, verse, own, lexicon, used, wanted):
                cand = candidates.setdefault(key, _Candidate(answer=answer))
                if len(answer) > len(cand.answer) and fold(answer).startswith(fold(cand.answer)):
                    cand.answer = answer  # "Apām Napāt" where one verse's deity line gave only "Apām"
                w = weight * share
                if w > cand.verses.get(verse.book_context, 0.0):
                    cand.verses[verse.book_context] = w
                cand.carried = max(cand.carried, hits / len(wanted) * share)
                if cand.best is None or w > cand.best[0]:
                    cand.best = (w, verse, clause)
    # a filler whose every clause weighed nothing (a long question whose few words a late verse carries:
    # hits / wanted below 0.02 × rank) has no verse that supports it: it is no candidate, not a crash below
    candidates = {key: cand for key, cand in candidates.items() if cand.verses and cand.best is not None}
    if not candidates:
        return None
    for cand in candidates.values():
        cand.weight = sum(cand.verses.values())
    best = max(candidates.values(), key=lambda c: (c.weight, len(c.verses)))
    _, verse, clause = best.best
    supporting = sorted(best.verses, key=lambda r: -best.verses[r])
    coverage = max(best.verses.values())
    if deed:  # the clause carries the question's own deed with its doer: its place in the list says nothing more
        coverage = max(coverage, best.carried)
    # a question word no verse found carries ("the moon" of a story the hymns do not tell) weighs heavily
    strength = round(min(0.9, 0.35 + 0.2 * min(3, len(supporting)) * max(0.0, coverage) - 0.25 * (len(wanted) - len(carried))), 4)
    if slot.kind == "why" and len(supporting) < 2:
        strength = min(strength, 0.45)  # one verse's following clause is not yet a reason the hymns give
    if slot.kind == "who" and _unstated_verb(slot, clause):
        strength = min(strength, 0.3)  # "who performed the first sacrifice": a clause with "sacrifice" but no deed
    return Extracted(kind=slot.kind, answer=best.answer, verse=verse, clause=clause, supporting=supporting,
                     strength=strength, rest=" ".join(slot.rest.split()).rstrip(" ?!.") if slot.kind == "who" else "")
