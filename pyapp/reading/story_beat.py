"""The verse of a named hymn where something in its story happens: "In the Vṛtra hymn (1.32), which verse says
the waters flow over his body?", "Where in the Urvaśī hymn does she say there is no friendship with women?".

Why: such a question names the hymn (by number, by a name of the named-passages table, or by a person only a
few hymns have as seer or god) and then describes one event in it. Searched as a whole, its event words found
like verses of other hymns (a quotation finder took "the waters flow over Vṛtra" for a line of RV 1.54), and a
reader of the person it names answered about the person. The mechanism: find the one hymn, then rank that
hymn's verses by the question's content words in the translation (a word shared by many of the hymn's verses
weighs little), and answer with the best verse first. Nothing is a table of story beats: the hymn comes from
the question, the beat from the verses' own words.
"""
from __future__ import annotations

import math
import re
from typing import Any, Dict, List, Optional, Tuple

from pyapp.agents.text import ENGLISH_STOP, fold
from pyapp.facts import FactAnswer
from pyapp.reading import dialogue
from pyapp.reading.named import find_named, passage_refs

__all__ = ["asks_for_verse", "hymn_of", "best_verses", "answer", "answer_after"]

_ASKS = re.compile(r"\b(?:which|what) (?:verse|stanza|line|mantra|rc)\b|\bat (?:which|what) (?:verse|point|stanza)\b"
                   r"|\bwhere in (?:the |this |that |his |her )?\b|\bin (?:which|what) (?:verse|stanza)\b", re.I)
_HYMN_REF = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?![.\d])")
# words of the question that say what it asks, not what happens
_ASK_WORDS = frozenset("""verse verses stanza stanzas line lines mantra hymn hymns rigveda rig veda where which what
    does do did say says said tell tells told story point moment finally first last book mandala""".split())
_HYMN_WORD = re.compile(r"\b(?:hymns?|s[uū]kta|dialogues?|story|tale|legend)\b", re.I)
RARE = 4  # a person named as seer or god by at most this many hymns picks the hymn
MIN_SCORE = 1.5
_DESCRIBES = re.compile(r"\b(?:where|when|in which|the one|the part|the bit)\b[^?]*\b(?:say|says|said|ask|asks|asked|"
                        r"swear|swears|swore|tell|tells|told|cry|cries|cried|curse|curses|vow|vows|beg|begs|pray|prays)\b",
                        re.I)
FOLLOW_SHARED = 2  # words a follow-up's description shares with the verse of the last turn's hymn


def asks_for_verse(question: str) -> bool:
    """Does the question ask which verse of a hymn something happens in?"""
    return bool(_ASKS.search(question))


def _words(text: str) -> List[str]:
    return [w for w in re.findall(r"[a-z]+", fold(text).lower()) if len(w) > 2 and w not in ENGLISH_STOP]


def hymn_of(question: str, index: Any) -> Optional[str]:
    """The one hymn ("M.H") the question names: by number, by a name of the named passages, or by a person (a
    seer or god) that at most a few hymns have in a question that speaks of a hymn or story ("the Urvaśī hymn"),
    the hymn with the most such people; None when not one."""
    refs = [f"{m.group(1)}.{m.group(2)}" for m in _HYMN_REF.finditer(question)
            if 1 <= int(m.group(1)) <= 10 and index.hymn(int(m.group(1)), int(m.group(2)))]
    if len(set(refs)) == 1:
        return refs[0]
    hymns = {r.rsplit(".", 1)[0] if r.count(".") == 2 else r for m in find_named(question) for r in passage_refs(m.passage)}
    if len(hymns) == 1:
        return hymns.pop()
    if not _HYMN_WORD.search(question):  # a person alone names no hymn ("the Soma the Brahmans know")
        return None
    table, df = dialogue._hymns(index)
    people = [p for p in dialogue._named(question, df) if df.get(p, 99) <= RARE]
    if not people:
        return None
    scored = sorted(((sum(1.0 / df[p] for p in people if p in h.people), h.ref) for h in table), reverse=True)
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def best_verses(question: str, hymn: str, index: Any) -> List[Tuple[float, str]]:
    """The hymn's verses ranked by the question's content words in their translation (prefixes of five
    letters meet: "friendships" ~ "friendship", "flow" ~ "flowing"); (score, ref), best first."""
    mandala, number = (int(x) for x in hymn.split("."))
    verses = index.hymn(mandala, number)
    if not verses:
        return []
    names = {w for w in _words(" ".join(f"{v.rishi} {v.deity}" for v in verses[:1]))}
    asked = [w for w in dict.fromkeys(_words(question)) if w not in _ASK_WORDS and w not in names]
    bags = [{w[:5] for w in _words(v.translation or "")} for v in verses]
    df: Dict[str, int] = {}
    for bag in bags:
        for w in bag:
            df[w] = df.get(w, 0) + 1
    n = len(verses)
    ranked = []
    for verse, bag in zip(verses, bags):
        score = sum(math.log(1 + n / df[w[:5]]) for w in asked if w[:5] in bag)
        ranked.append((round(score, 3), verse.ref))
    return sorted(ranked, key=lambda item: -item[0])


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """"Which verse of <hymn> says …?": that verse first, quoted, with its neighbours for the story around it;
    None when the question does not ask it, names no one hymn, or no verse shares its words clearly."""
    if index is None or not asks_for_verse(question):
        return None
    hymn = hymn_of(question, index)
    return None if hymn is None else _verse_in(question, hymn, index, "")


def answer_after(question: str, hymns: List[str], index: Any) -> Optional[FactAnswer]:
    """A follow-up that describes a verse by its content and names no hymn ("which verse has the oath where he
    says may I die today?" after "what is hymn 7.104 about?"): the verse of the conversation's hymn (``hymns``,
    the last turn's, first) whose words the description shares, searched before the whole text; None otherwise."""
    if index is None or not hymns or not asks_for_verse(question) or hymn_of(question, index) is not None:
        return None
    hymn = hymns[0]
    if hymn.count(".") != 1 or not index.hymn(*(int(x) for x in hymn.split("."))):
        return None
    ranked = best_verses(question, hymn, index)
    verse = index.by_ref(ranked[0][1]) if ranked else None
    bag = {w[:5] for w in _words(verse.translation or "")} if verse is not None else set()
    shared = {w[:5] for w in _words(question) if w not in _ASK_WORDS} & bag
    rare = bool(shared) and all(sum(w in {x[:5] for x in _words(v.translation or "")} for v in
                                    index.hymn(*(int(x) for x in hymn.split(".")))) == 1 for w in shared)
    if len(shared) < FOLLOW_SHARED and not (rare and _DESCRIBES.search(question)):
        return None  # one shared word is a change of subject as often as a description, unless the question
        # describes what someone in the verse says and the word is in that verse alone ("… says may I die today")
    return _verse_in(question, hymn, index, f"In RV {hymn}, the hymn the conversation is about, ")


def _verse_in(question: str, hymn: str, index: Any, lead: str) -> Optional[FactAnswer]:
    ranked = best_verses(question, hymn, index)
    if not ranked or ranked[0][0] < MIN_SCORE or (len(ranked) > 1 and ranked[1][0] >= ranked[0][0]):
        return None
    ref = ranked[0][1]
    verse = index.by_ref(ref)
    text = (f"{lead}{'it' if lead else 'It'} is RV {ref}, verse {ref.rsplit('.', 1)[1]} of RV {hymn}: "
            f"“{' '.join((verse.translation or '').split())}” [RV {ref}]")
    refs = [ref] + [r for _, r in ranked[1:3] if _ > 0]
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[hymn])
