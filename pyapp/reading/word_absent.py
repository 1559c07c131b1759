""""Is the word āryāvarta in the RigVeda?": a Sanskrit word the question names as a word, which no verse uses in any
form, is answered "No" plainly (issue 19, set 22).

Why: such a word is in no lexicon (that is the point of asking), so the question read as having no subject and
was refused as "not enough information"; the reader learned nothing. Whether a word occurs is a fact about the
text: the term lexicon's corpus forms (``TermLexicon.hymn_word``: every form the hymns use, and the beginnings of
longer ones) and the folded saṃhitā of every verse (a compound member inside a longer word) are searched. Only a
word found nowhere is called absent; a word the hymns use, an English word of Griffith's translation, or a word of
the self-words table (``word_used``) is left to the readers that answer it with verses.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, List, Optional, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.search.translit import fold_sanskrit

__all__ = ["answer", "asked_word", "in_samhita"]

MIN_LETTERS = 5  # shorter words are found inside longer ones by chance
_WORD = r"[\"“'‘]?([A-Za-zāīūṛṝḷṅñṭḍṇśṣḥṃĀĪŪṚṜḶṄÑṬḌṆŚṢḤṂ-]{%d,})[\"”'’]?" % MIN_LETTERS
# "is the word X in / used in / found in the rigveda", "does the word X occur / appear …", "does the rigveda use the
# word X", "is the term X a word of the rigveda"
_ASKED = re.compile(r"\b(?:the\s+)?(?:word|term|expression)\s+" + _WORD + r"\s*[,?]?\s*(?:(?:is|was)\s+)?"
                    r"(?:in|used|found|occur\w*|appear\w*|mentioned|attested|present|there|a\s+word|anywhere|at\s+all|\?|$)",
                    re.I)
_YES_NO = re.compile(r"^\s*(?:\W*\w+\W+){0,3}?(?:is|does|do|did|was|are|can|has)\b|\bis there\b", re.I)


def asked_word(question: str) -> Optional[str]:
    """The word the question asks the presence of, as typed, or None."""
    text = question or ""
    if not _YES_NO.search(text):
        return None
    match = _ASKED.search(text)
    if match is None or re.search(r"\b(?:that|this|these|those|same|such)\s+$", text[:match.start()], re.I):
        return None  # "where does that word actually occur?": a word named before, not the one after it
    word = match.group(1).strip("-")
    from pyapp.agents.text import ENGLISH_STOP

    return None if word.lower() in ENGLISH_STOP or word.lower().endswith("ly") else word


@lru_cache(maxsize=4)
def _folded_words(index: Any) -> Tuple[str, ...]:
    """Every distinct word of the saṃhitā, folded (no accents, no diacritics), once per index."""
    seen = set()
    for verse in getattr(index, "verses", []):
        for raw in (getattr(verse, "roman", "") or "").split():  # fold each word: folding drops the spaces
            word = fold_sanskrit(raw)
            if word:
                seen.add(word)
    return tuple(sorted(seen))


def _typed(key: str) -> str:
    """A plainly typed romanization in the folded letters ("moksha" → "moksa", "swastika" → "svastika")."""
    for typed, folded in (("sh", "s"), ("ch", "c"), ("w", "v"), ("ee", "i"), ("oo", "u"), ("aa", "a")):
        key = key.replace(typed, folded)
    return key


def _nasal(text: str) -> str:
    """One spelling for a nasal before a consonant: "purandara" and the saṃhitā's puraṃdara (folded "puramdara")."""
    return re.sub(r"[mn](?=[^aeiouy\s])", "n", text)


def _in_samhita(key: str, index: Any) -> bool:
    """A word of the saṃhitā holds the key, its last vowel left off (the stem under any ending or in a compound);
    a stem of four letters only at a word's start ("hind" is inside bhindan)."""
    stem = _nasal(re.sub(r"[aāiīuūeo]+$", "", key) or key)
    if len(stem) < MIN_LETTERS - 1:
        return True  # too short to say: never called absent
    if len(stem) < MIN_LETTERS:
        return any(_nasal(word).startswith(stem) for word in _folded_words(index))
    return any(stem in _nasal(word) for word in _folded_words(index))


def in_samhita(word: str, index: Any) -> bool:
    """Whether a word as a reader typed it ("moksha", "Garuda") is a word of the saṃhitā, in any form or compound."""
    return _in_samhita(_typed(fold_sanskrit(word.lower()).replace("-", "")), index)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """"No —" for a word the question asks about that no verse uses in any form; else None."""
    word = asked_word(question)
    terms = getattr(searcher, "terms", None) if searcher is not None else None
    if word is None or terms is None or not getattr(index, "verses", None):
        return None
    from pyapp.reading import word_used

    if word_used.asked_words(question):
        return None  # the hymns' words for their own speech and the later books: counted there
    uses = getattr(terms, "griffith_uses", None)
    if uses is None or uses(word) is None or uses(word.lower()):
        return None  # an English word of the translation (or no corpus to ask): the search answers it
    # an English word Griffith never uses ("computer") is absent from both texts too: the same plain "No"
    if terms.get(word) is not None or terms.hymn_word(word):
        return None
    if in_samhita(word, index):
        return None
    text = (f"No — the word “{word}” does not occur in the RigVeda: it is in neither the Sanskrit of its "
            f"{len(index.verses):,} verses (in any form, nor inside a compound) nor Griffith's English translation, "
            f"and the lexicon of the hymns' words does not know it. It may be a word of a later text.")
    return FactAnswer(kind="not_found", text=text, refs=[])
