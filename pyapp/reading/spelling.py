"""Typing slips in English questions, read as the words the reader meant ("godess of speach" →
"goddess of speech", "abt" → "about") before anything else reads the question.

Why: every later step matches words — the lexicon's names and themes, BM25 over Griffith, the
named passages — so one misspelt content word turns a clear question into "No verse speaks
directly of godess". The vocabulary ships with the index (an English word list, Griffith's English
stems, the Sanskrit words and names the lexicon knows), so nothing is downloaded at run time.

Only slips of the shapes typing makes are mended: a letter left out, doubled or added, two
neighbours swapped, one vowel for another, and the chat shorthands below. A word is changed only
when it is unknown to every vocabulary, and then to the commonest English word one slip away;
real words the hymns never use ("laptop", "coding") are in the English list and stay as typed, so
off-topic questions are still recognised as such.
"""
from __future__ import annotations

import os
import re
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from pydantic import BaseModel, Field

from pyapp.agents.text import ENGLISH_STOP, stem

# chat shorthand and common slips of function words (which Griffith's index does not hold)
SHORTHAND: Dict[str, str] = {
    "abt": "about", "abut": "about", "bout": "about", "wat": "what", "wht": "what", "whats": "what is",
    "whos": "who is", "wher": "where", "wen": "when", "hw": "how", "pls": "please", "plz": "please",
    "bcoz": "because", "becoz": "because", "coz": "because", "cuz": "because", "thru": "through",
    "ppl": "people", "tho": "though", "n": "and", "u": "you", "ur": "your", "r": "are", "y": "why",
    "wich": "which", "whic": "which", "teh": "the", "hte": "the", "adn": "and", "waht": "what",
    "dose": "does", "dosent": "does not", "doesnt": "does not", "isnt": "is not", "didnt": "did not",
    "anyting": "anything", "somthing": "something", "becuase": "because", "beacuse": "because",
}
_VOWELS = "aeiouy"
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
ENGLISH_FILE = "english.txt"  # written by corpus_build/english_words.py
MIN_LENGTH = 4  # shorter words have too many neighbours to guess from


def _slips(word: str) -> List[str]:
    """Words one typing slip away: a letter dropped or added, neighbours swapped, a vowel for a vowel."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = [a + b[1:] for a, b in splits if b]  # an extra letter typed
    out += [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]  # neighbours swapped
    out += [a + c + b for a, b in splits for c in _LETTERS]  # a letter left out
    out += [a + v + b[1:] for a, b in splits if b and b[0] in _VOWELS for v in _VOWELS if v != b[0]]
    return out


class Speller:
    """Mends slips against the English word list (``english.txt``, commonest first; see
    ``corpus_build/english_words.py``), Griffith's stems (``english_df(stem) -> document
    frequency``) and ``known_other(word)`` (names, Sanskrit words, modern request words: never mended)."""

    def __init__(self, english_words: Sequence[str], english_df: Callable[[str], float],
                 known_other: Callable[[str], bool], hymn_word: Optional[Callable[[str], bool]] = None,
                 plain_other: Optional[Callable[[str], bool]] = None,
                 is_name: Optional[Callable[[str], bool]] = None) -> None:
        self._rank: Dict[str, int] = {w: i for i, w in enumerate(english_words)}
        self._df = english_df
        self._other = known_other
        # ``hymn_word(word)``: the hymns use a Sanskrit word that begins so ("kusha": kuśarāso); such a
        # word is Sanskrit typed plainly, mended only into common English ("prais" → "praise"), never
        # into a word only Griffith writes or a name ("kusha" had become "usha", and Dawn was answered)
        self._hymn_word = hymn_word
        self._cache: Dict[str, Optional[str]] = {}
        # ``plain_other(word)``: the other vocabularies as typed, without the term lexicon's near readings;
        # ``is_name(word)``: a name of the lexicon (Griffith writes names too: "agnie" is no word of his)
        self._plain = plain_other
        self._is_name = is_name

    @classmethod
    def load(cls, index_dir: str, english_df: Callable[[str], float],
             known_other: Callable[[str], bool],
             hymn_word: Optional[Callable[[str], bool]] = None, plain_other: Optional[Callable[[str], bool]] = None,
             is_name: Optional[Callable[[str], bool]] = None) -> Optional["Speller"]:
        """From ``<index_dir>/english.txt``; None when the build has no word list (no mending then:
        Griffith's words alone would "mend" good modern English)."""
        try:
            with open(os.path.join(index_dir, ENGLISH_FILE), encoding="utf-8") as handle:
                words = handle.read().split()
        except OSError:
            return None
        return cls(words, english_df, known_other, hymn_word, plain_other, is_name) if words else None

    def everyday(self, word: str) -> bool:
        """The word (or its singular) is in the everyday English list, not only in Griffith's or another vocabulary."""
        return word in self._rank or word in ENGLISH_STOP or (word.endswith("s") and word[:-1] in self._rank)

    def known(self, word: str) -> bool:
        """The word is English, Griffith's or another vocabulary's as typed (``pyapp.reading.name_slips``)."""
        return self._known(word)

    def ordinary(self, word: str, hymn: bool = True) -> bool:
        """The word is a word as typed, never a misspelt name (``pyapp.reading.name_match``): English, a word of
        Griffith's that is not a name, or one of the other vocabularies without the term lexicon's near readings
        ("varnau" is near the term varṇa, and is Varuṇa misspelt), or (``hymn``) a word the hymns use in some form:
        not asked of an Indic word a word file could not read, which is kept only when the hymns use it. Without ``plain_other``, every known word."""
        if self._plain is None:
            return self._known(word)
        if word.endswith("s") and len(word) > MIN_LENGTH and self.ordinary(word[:-1], hymn):
            return True
        if word in self._rank or word in ENGLISH_STOP or self._plain(word):
            return True
        if hymn and self._hymn_word is not None and self._hymn_word(word):
            return True  # a Sanskrit word the hymns use in some form ("samiti", "dundubhi"), typed plainly
        griffith = stem(word)
        return self._df(griffith) > 0 and not (self._is_name is not None and self._is_name(griffith))

    def _known(self, word: str) -> bool:
        if word.endswith("s") and len(word) > MIN_LENGTH and self._known(word[:-1]):
            return True  # a plural the list lacks ("contexts")
        return word in self._rank or word in ENGLISH_STOP or self._df(stem(word)) > 0 or self._other(word)

    def _likelihood(self, candidate: str) -> float:
        """Higher for commoner words; 0 for non-words."""
        if candidate in ENGLISH_STOP:
            return 2e6
        if len(candidate) < MIN_LENGTH:
            return 0.0
        rank = self._rank.get(candidate)
        if rank is not None:
            return 1e6 - rank
        return self._df(stem(candidate))  # a word only Griffith uses ("kine"): below every common word

    def mend_word(self, word: str) -> Optional[str]:
        """The word meant, or None when ``word`` is known or no reading fits."""
        lower = word.lower()
        if lower in self._cache:
            return self._cache[lower]
        mended: Optional[str] = None
        if lower in SHORTHAND:
            mended = SHORTHAND[lower]
        elif len(lower) >= MIN_LENGTH and lower.isalpha() and not self._known(lower):
            best: Tuple[float, str] = (0.0, "")
            sanskrit = self._hymn_word is not None and self._hymn_word(lower)
            for candidate in set(_slips(lower)):
                if sanskrit and candidate not in self._rank and candidate not in ENGLISH_STOP:
                    continue
                score = self._likelihood(candidate)
                if score > best[0]:
                    best = (score, candidate)
            mended = best[1] or None
        self._cache[lower] = mended
        return mended

    def mend(self, text: str) -> Tuple[str, List[Tuple[str, str]]]:
        """``text`` with its slips mended, and the (typed, read as) pairs, for a note to the reader."""
        changes: List[Tuple[str, str]] = []

        def fix(match: "re.Match[str]") -> str:
            word = match.group(0)
            opens_sentence = not text[:match.start()].strip() or text[:match.start()].rstrip()[-1] in ".?!:;\"“("
            if "'" in word or not word.isascii() or (word[:1].isupper() and not opens_sentence and word.lower() not in SHORTHAND):
                return word  # a capital inside a sentence is a name ("Pune", "Ahura"): not a slip
            mended = self.mend_word(word)
            if mended is None or mended == word.lower():
                return word
            changes.append((word, mended))
            return mended.capitalize() if word[:1].isupper() else mended

        return _WORD.sub(fix, text), changes


class Mended(BaseModel):
    """A question with its typing slips mended, and what was changed (for the note to the reader)."""

    text: str
    changes: List[Tuple[str, str]] = Field(default_factory=list)  # (typed, read as)
    dictated: List[Tuple[str, str]] = Field(default_factory=list)  # dictated names joined ("in dra" → Indra)

    @property
    def note(self) -> str:
        parts = []
        if self.dictated:
            parts.append("Dictated words read as names: " + ", ".join(f"{a} → {b}" for a, b in self.dictated[:6]))
        if self.changes:
            parts.append("Spelling read as: " + ", ".join(f"{typed} → {meant}" for typed, meant in self.changes[:6]))
        return "; ".join(parts)


def mend_question(question: str, speller: Optional[Speller], looks_sanskrit: Callable[[str], bool],
                  lexicon: Any = None) -> Optional[Mended]:
    """``question`` with dictated names joined (``pyapp.reading.dictation``), misspelt names read as the
    lexicon's (``name_slips``) and other slips mended, or None when nothing changed; never inside Sanskrit
    (``looks_sanskrit``), whose romanisations are not English words."""
    from pyapp.reading import dictation, name_slips

    heard, joined = dictation.undictate(question)  # "in dra", "guy a tree": a dictated name
    if speller is None or looks_sanskrit(heard):
        return Mended(text=heard, dictated=list(joined)) if joined and heard != question else None
    named, changes = name_slips.mend_names(heard, lexicon, speller.known, speller.ordinary, speller.mend_word) \
        if lexicon is not None else (heard, [])
    mended, more = speller.mend(named)
    changes = list(changes) + list(more)
    if (changes or joined) and mended != question:
        return Mended(text=mended, changes=changes, dictated=list(joined))
    return None


_UNBUILT = object()


def searcher_speller(searcher: Any, lexicon: Any) -> Optional[Speller]:
    """The one speller of a loaded searcher, built on first use and kept on it. The orchestrator and the
    readers that only get ``(question, index, searcher)`` (the absent-name reader) ask for the same object,
    so the index's word list is read and the slip tables are built once, not once per caller."""
    kept = getattr(searcher, "_shared_speller", _UNBUILT)
    if kept is not _UNBUILT:
        return kept  # type: ignore[return-value]
    index = getattr(searcher, "index", None)
    speller = index_speller(getattr(index, "dir", None),
                            getattr(getattr(searcher, "text_index", None), "en", None),
                            lexicon, getattr(searcher, "terms", None))
    try:
        setattr(searcher, "_shared_speller", speller)
    except (AttributeError, TypeError):  # a searcher with __slots__ or None: built each time, still right
        pass
    return speller


def index_speller(index_dir: Optional[str], english_field: Any, lexicon: Any, terms: Any) -> Optional[Speller]:
    """The speller over the index's own words: ``english_field`` is the text index's English field (its
    stems' document frequencies), ``lexicon`` and ``terms`` (the term lexicon) the words never mended.
    None without a text index or a word list."""
    if english_field is None or not hasattr(english_field, "ids") or not hasattr(english_field, "df"):
        return None
    from pyapp.lexicon import OTHER_SCRIPTURES, TASK_PATTERNS, norm
    from pyapp.reading import practice

    def english_df(word_stem: str) -> float:
        term_id = english_field.ids.get(word_stem)
        return 0.0 if term_id is None else float(english_field.df(term_id))

    def plain_other(word: str) -> bool:
        key = norm(word)
        # Sanskrit typed in ASCII ("vratas", "atman") is not misspelt English, and modern words
        # that mark an off-topic request ("coding") are never "mended" into hymn words
        return (key in lexicon.names or key in lexicon.sanskrit_vocab or key.rstrip("s") in lexicon.sanskrit_vocab
                or key in lexicon.rigveda or key in lexicon.hymn_names or key in OTHER_SCRIPTURES
                or any(p.search(key) for p in TASK_PATTERNS) or practice.knows(key) or _hand_term(key))

    def _hand_term(key: str) -> bool:
        """A term glossed by hand that the word spells loosely ("yagya": yajña): a term, not a misspelt name."""
        if terms is None:
            return False
        from pyapp.reading.name_match import skeleton

        return any(getattr(h, "curated", False) and skeleton(getattr(h, "display", "")) == skeleton(key)
                   for h in terms.find_terms(f"the word {key}", names=True))

    def known_other(word: str) -> bool:
        return plain_other(word) or bool(terms is not None and terms.find_terms(f"the word {norm(word)}", names=True))

    def is_name(word: str) -> bool:
        return norm(word) in lexicon.names

    def hymn_word(word: str) -> bool:
        return bool(terms is not None and hasattr(terms, "hymn_forms") and terms.hymn_forms(word))

    return Speller.load(index_dir, english_df, known_other, hymn_word, plain_other, is_name) if index_dir else None
