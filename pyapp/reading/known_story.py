"""Whether the RigVeda tells a well-known story: "is the churning of the ocean in the rigveda?", "does the rig
veda tell how the Gaṅgā came down?", "where is Dadhyañc's horse head story?", "समुद्र मंथन ऋग्वेद में है क्या?".

Why a table and not the words of the question: readers ask most about the stories they know from the epics and
the Purāṇas, and whether the hymns tell them is a scholar's verdict, not a matter of words standing together. Read
by words, "churn" and "ocean" in one hymn (10.136) made the story "in one hymn", "Manu" beside a "flood of milk"
(1.112.18) made the Flood a RigVeda story, and a spelling the translation lacks ("Dadhyañc", Griffith's
"Dadhyac") made a story the hymns do tell "never named". So the stories readers ask about are data
(``pyapp/data/known_stories.json``: names, verdict, the verses that tell what the hymns tell, where the rest is
told), and this reader answers the verdict first — Yes, Partly or No — then what the hymns have, cited, then where
the whole story is told. A story the table lacks is left to :mod:`pyapp.reading.story_elements`.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, List, Optional, Tuple

from pydantic import BaseModel

from pyapp.agents.text import fold
from pyapp.data_tables import rows
from pyapp.facts import FactAnswer

__all__ = ["KnownStory", "answer", "asks", "story_in", "stories"]

DATA_PATH = "data/known_stories.json"
LONG_POST_WORDS = 35
_STORY_WORD = re.compile(r"\b(?:stor(?:y|ies)|tales?|legends?|myths?|katha|kahani)\b")


class KnownStory(BaseModel):
    """One story of the table (see the module's docstring)."""

    id: str
    display: str
    verdict: str  # yes | partly | no
    names: List[str]
    together: List[List[str]] = []
    hymns: str
    later: str = ""
    verses: List[str] = []


def _loose(text: str) -> str:
    """Folded and loosened the way readers romanize: "Shunahshepa", "Sunaḥśepa" and "sunahsepa" read alike
    (sh → s, ch → c, w → v, long vowels typed double → single, other doubled letters → single)."""
    value = fold(text).replace("’", "'")
    value = re.sub(r"sh", "s", value)
    value = re.sub(r"ch", "c", value)
    value = value.replace("w", "v").replace("ee", "i").replace("oo", "u")
    value = re.sub(r"([a-z])\1", r"\1", value)
    return " ".join(value.split())


@lru_cache(maxsize=1)
def stories() -> Tuple[KnownStory, ...]:
    """The table's stories; () when it cannot be read (the question then goes to the other readers)."""
    return rows(DATA_PATH, "stories", KnownStory)


@lru_cache(maxsize=1)
def _patterns() -> Tuple[Tuple[KnownStory, Tuple["re.Pattern[str]", ...], Tuple[Tuple["re.Pattern[str]", ...], ...]], ...]:
    """Per story: a pattern per name (whole words) and, per 'together' list, a pattern per word (a word's start:
    "churn" finds "churning")."""
    out = []
    for story in stories():
        names = tuple(re.compile(r"(?<![\w])" + re.escape(_loose(n)) + r"(?![\w])") for n in story.names if n.strip())
        together = tuple(tuple(re.compile(r"(?<![\w])" + re.escape(_loose(w))) for w in group) for group in story.together
                         if group)
        out.append((story, names, together))
    return tuple(out)


# "which god hid in the waters?", "who was born from a jar?": the story asked by what happens, its doer asked for
_WHO = re.compile(r"\b(?:who|whom|which\s+(?:god|goddess|deity|seer|sage|rishi|king|one|hero|demon))\b")


def _told_without_doer(group: Tuple["re.Pattern[str]", ...], words: Tuple[str, ...], text: str) -> bool:
    """A 'together' list whose first word is a name ("agni", "hid", "water"), met by its other words (two or more)
    in a question that asks who did it."""
    if len(group) < 3 or words[0] not in _curated_names():
        return False
    return all(p.search(text) for p in group[1:])


@lru_cache(maxsize=1)
def _curated_names() -> frozenset:
    """The lexicon's curated names (agni, manu …), as a set once."""
    from pyapp.lexicon import CURATED_NAMES

    return frozenset(CURATED_NAMES)


def story_in(question: str) -> Optional[KnownStory]:
    """The table's story the question names (the longest name found wins over a 'together' match), or None. A
    question asking who did what a story tells ("which god hid in the waters?") names it by the other words of a
    'together' list whose first word is the doer's name."""
    text = _loose(question)
    best: Optional[Tuple[int, KnownStory]] = None
    if _WHO.search(" ".join(fold(question).split())):
        for story, names, together in _patterns():
            groups = [g for g in story.together if g]
            for group, words in zip(together, groups):
                if _told_without_doer(group, tuple(_loose(w) for w in words), text):
                    size = sum(len(p.pattern) for p in group[1:])
                    if best is None or size > best[0]:
                        best = (size, story)
    for story, names, together in _patterns():
        for pattern in names:
            if pattern.search(text):
                size = len(pattern.pattern) + 1000  # a name outranks any set of words
                if best is None or size > best[0]:
                    best = (size, story)
        for group in together:
            if all(p.search(text) for p in group):
                size = sum(len(p.pattern) for p in group)
                if best is None or size > best[0]:
                    best = (size, story)
    return best[1] if best else None


# what makes a question about the story's place in the hymns (a claim, a "where", a "tell me the story")
_YES_NO = re.compile(r"^\W*(?:(?:so|and|but|ok|okay|also|hey|hi|please|tell me|i read|i heard)\W+)*"
                     r"(?:is|are|was|were|does|do|did|has|have|can|could|isn't|doesn't|is there|are there)\b")
# (with the French, Spanish, Portuguese, Italian and German words for the same, as typed: a question in a language
# searched in its own translation has no English reading)
_ABOUT_TEXT = re.compile(r"\b(?:in|from|found in|told in|part of|inside|within|mentioned in|appear\w* in|according to|as per|"
                         r"dans|en|no|na|nel|nella|im|selon|segun|segundo|secondo|laut)\s+(?:the\s+|le\s+|el\s+|o\s+|il\s+|l\s?)?"
                         r"(?:ri?g\s?-?v[e]?d[ae]?|rgveda|rv|vedas?|samhita|hymns?)\b|\b(?:ri?g\s?-?v[e]?d[ae]?|rgveda|vedas?)\s+"
                         r"(?:mention|tell|say|speak|contain|have|has|talk|narrate|describe|record|parl|raconte|dit|habla|"
                         r"menciona|cuenta|dice|fala|conta|diz|racconta|erwahnt|erzahlt|spricht|sagt)\w*")
_NAMES_TEXT = re.compile(r"\b(?:ri?g\s?-?v[e]?d[ae]?|rgveda|vedas?|vedic|hymns?|samhita)\b")
_ASKS_STORY = re.compile(r"\b(?:stor(?:y|ies)|tales?|legends?|myths?|episodes?|account|narrative|katha|kahani|"
                         r"source|origin|where|which (?:hymn|verse|mandala|sukta|book)|reference)\b")
_HINDI_YES_NO = re.compile(r"^\s*क्या\s|(?:है|हैं|था|थी|थे)\s*क्या\s*[?？।]?\s*$")
_HINDI = re.compile(r"(?:ऋग्वेद|वेद)[^?।]*(?:कथा|कहानी|कहाँ|कहां|वर्णन|उल्लेख|है|हैं)|(?:कथा|कहानी)[^?।]*(?:ऋग्वेद|वेद)")
# questions another reader answers better: counts, dates, authorship, meanings of one word
_OTHER = re.compile(r"\b(?:how many|how much|when|what year|who (?:composed|wrote)|seer of|meaning of|what does \w+ mean|"
                    r"same|identical|compare\w*|difference|differ\w*|older|younger|earlier|later than|before|after|date)\b")
_WH = re.compile(r"^\W*(?:what|who|whom|which|where|why|how|tell|explain|describe|narrate|give|show|summari[sz]e)\b")


def _asked_about_story(question: str) -> Tuple[bool, bool]:
    """(asked at all, asked as yes/no)."""
    q = " ".join(fold(question).split())
    if _OTHER.search(q):
        return False, False
    clauses = [c for c in re.split(r"\s*(?:[,;:.?!—–]|\s-\s|\(|\))\s*", q) if c]
    yes_no = (not _WH.search(q) and any(_YES_NO.search(c) for c in clauses)) or bool(_HINDI_YES_NO.search(question))
    # the RigVeda (or the Vedas, the hymns) must be what the story is asked about: "the rules of the dice game in
    # the Mahābhārata where …" asks about the epic, which other steps refuse
    asked = bool(_ABOUT_TEXT.search(q)) or bool(_NAMES_TEXT.search(q) and _ASKS_STORY.search(q)) or bool(_HINDI.search(question))
    return asked, yes_no


def asks(question: str) -> bool:
    """Cheap: does the question name a story of the table and ask about it?"""
    return story_in(question) is not None and _asked_about_story(question)[0]



def _cited(refs: List[str]) -> str:
    return " ".join(f"[RV {r}]" for r in refs)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The verdict on a story of the table, its verses and where the rest is told; None for other questions."""
    if index is None or not question:
        return None
    story = story_in(question)
    if story is None:
        return None
    asked, yes_no = _asked_about_story(question)
    if not asked:
        return None
    if len(question.split()) > LONG_POST_WORDS and not _STORY_WORD.search(fold(question)):
        return None  # a long post that mentions the story's people on the way asks something else
    refs = [r for r in story.verses if index.by_ref(r) is not None]
    later = f" The whole story is told in {story.later}." if story.later else ""
    if story.verdict == "yes":
        where = ", ".join(f"RV {r}" for r in refs[:3])
        tells = "tells" if story.display.startswith("the story of") else "tells of"
        opening = (f"Yes — the RigVeda {tells} {story.display}: " if yes_no
                   else f"The RigVeda {tells} {story.display} in {where}: ")
        text = opening + story.hymns + " " + _cited(refs[:3]) + later
    elif story.verdict == "partly":
        opening = (f"Partly — the hymns tell only part of {story.display}: " if yes_no
                   else f"The RigVeda tells only part of {story.display}: ")
        text = opening + story.hymns + " " + _cited(refs[:3])
        text += f" The rest is not in the hymns: it is told in {story.later}." if story.later else ""
    else:
        opening = (f"No — {story.display} is not in the RigVeda" if yes_no
                   else f"{story.display[:1].upper() + story.display[1:]} is not in the RigVeda")
        text = opening + (f": it is told in {story.later}." if story.later else ".") + " " + story.hymns
        if refs:
            text += " " + _cited(refs[:3])
    return FactAnswer(kind="list", text=text.strip(), refs=refs[:10],
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))
