"""Which English word of Griffith's verse renders each padapāṭha word: the glosses of "word by word".

A reader who asks for the Gāyatrī "word by word" wants a meaning beside *every* word, not beside the
three the curated term lexicon explains. No Sanskrit dictionary ships with the app, but each verse
ships with its translation, so the gloss can be *the word the translator used for it here*, found
the way statistical word alignment finds it, from the whole corpus at once:

1. **Pronouns, particles, preverbs** (``tat``, ``yaḥ``, ``naḥ``, ``pra``) get a hand-written grammar
   gloss from ``pyapp/data/sanskrit_particles.json``: they are too frequent to align, and their
   meaning is grammatical.
2. **Words of a lexicon family** (any inflected form of *ṛta*, *yajña*, *hotṛ* …) are linked to the
   first of the family's usual Griffith renderings (``terms.json``, learned at build time by Dice,
   Dunning's G² and competitive linking over all 10,552 verses) that this verse's translation uses.
3. **Every other word** is linked by the same statistics computed on the fly from the text index's
   postings: for each (Sanskrit form, English stem) pair of the verse, the number of verses holding
   both, its Dice coefficient and its log-likelihood ratio; pairs that pass both thresholds are
   linked best first, each English word at most once ("competitive linking", Melamed 2000). A
   form seen in too few verses is widened to the forms sharing its first letters (its stem).

What is not shown: a link below the thresholds. An empty gloss is better than a wrong one, and the
answer says where each gloss came from, because the links are code's reading of a translation,
not a dictionary's. Pure numpy over arrays already loaded: no new file, no download.
"""
from __future__ import annotations

import math
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
from pydantic import BaseModel

from pyapp import data_tables
from pyapp.search.text import ENGLISH_STOPWORDS, english_words, stem
from pyapp.search.translit import fold_sanskrit, sanskrit_words

#: evidence a link needs: verses holding both, Dice, and G² (10.83 is p < 0.001 for one degree of freedom)
MIN_JOINT = 3
MIN_DICE = 0.04
MIN_G2 = 10.83
#: the second pass, over the words and English words left unlinked
LEFTOVER_JOINT = 2
LEFTOVER_G2 = 3.84
LEFTOVER_MAX_VERSES = 25  # only rare words: a common one that missed the strict pass has no clear partner
#: a lexicon family's rendering counts if its association is at least this share of the family's best
MIN_RENDERING = 0.3
#: a form in fewer verses than this is widened to the forms sharing its stem (first letters)
WIDEN_BELOW = 4
WIDEN_LIMIT = 40

_PARTICLES_FILE = "data/sanskrit_particles.json"  # read with pkgutil: under Pyodide pyapp is imported from a zip, where open() finds nothing
_particles: Optional[Dict[str, str]] = None


class WordLink(BaseModel):
    """One padapāṭha word and what the answer may say of it."""

    word: str  # as the padapāṭha writes it ("pra-codayāt")
    grammar: str = ""  # a pronoun's or particle's gloss ("who, which (relative)")
    english: str = ""  # the word of this verse's translation that renders it ("stimulate")
    source: str = ""  # "particles" | "lexicon" | "hymns" (how ``english``/``grammar`` was found)


def particles() -> Dict[str, str]:
    """The hand-written glosses of pronouns and particles, keyed by padapāṭha form (read once)."""
    global _particles
    if _particles is None:
        try:
            data = data_tables.table(_PARTICLES_FILE, {})
            _particles = {str(k): str(v) for k, v in (data.get("words") or {}).items()}
        except (OSError, ValueError, AttributeError):
            _particles = {}
    return _particles


def link_verse(pada_line: str, translation: str, text_index: Any, terms: Any = None) -> List[WordLink]:
    """One :class:`WordLink` per word of ``pada_line``, in order (see the module's docstring)."""
    words = pada_line.split()
    links = [WordLink(word=w) for w in words]
    english = _english_tokens(translation)
    taken: set = set()
    table = particles()
    open_words: List[int] = []
    for i, word in enumerate(words):
        grammar = table.get(word) or table.get(word.replace("-", ""))
        if grammar:
            links[i].grammar, links[i].source = grammar, "particles"
        else:
            open_words.append(i)
    for i in list(open_words):  # 2. a lexicon family's usual rendering, if this verse uses it
        surface = _lexicon_rendering(words[i], english, taken, terms)
        if surface:
            links[i].english, links[i].source = surface, "lexicon"
            taken.add(stem(surface.lower()))
            open_words.remove(i)
    if text_index is not None:  # 3. association over the corpus, best pair first; then the leftovers
        for strict in (True, False):
            open_words = [i for i in open_words if not links[i].english]
            if not open_words:
                break
            found = _associate([words[i] for i in open_words], open_words, english, taken, text_index, strict)
            for i, surface in found:
                links[i].english, links[i].source = surface, "hymns"
                taken.add(stem(surface.lower()))
    for link in links:  # as the translation writes it ("Savitar", not the folded "savitar")
        if link.english:
            link.english = _as_written(link.english, translation)
    return links


def _as_written(word: str, translation: str) -> str:
    """The translation's own spelling of a folded word ("air's" for "airs", "Sûrya" for "surya")."""
    for raw in re.findall(r"[^\s,;:.!?()\[\]“”\"—–]+", translation or ""):
        if word in (w for w, _ in english_words(raw)):
            return raw.strip("'‘’-")
    return word


def _english_tokens(translation: str) -> List[Tuple[str, str]]:
    """(surface word, stem) of the translation's content words, each stem once, in order."""
    seen: set = set()
    out: List[Tuple[str, str]] = []
    for word, _ in english_words(translation or ""):
        if word in ENGLISH_STOPWORDS or len(word) < 2:
            continue
        key = stem(word)
        if key not in seen:
            seen.add(key)
            out.append((word, key))
    return out


def _lexicon_rendering(word: str, english: Sequence[Tuple[str, str]], taken: set, terms: Any) -> str:
    if terms is None:
        return ""
    for part in [word.replace("-", "")] + [p for p in word.split("-") if p and "-" in word]:
        try:
            hit = terms.get(part)
        except Exception:  # a lexicon that cannot answer gives no gloss, never an error
            hit = None
        if hit is None or hit.from_corpus:
            continue
        for en_term, weight in zip(hit.en_terms, hit.en_weights):
            if weight < MIN_RENDERING:  # a weak rendering of the family ("stayed" for mahinā)
                break
            for surface, key in english:
                if key == en_term and key not in taken:
                    return surface
    return ""


def _associate(words: Sequence[str], positions: Sequence[int], english: Sequence[Tuple[str, str]],
               taken: set, text_index: Any, strict: bool = True) -> List[Tuple[int, str]]:
    """Competitive linking over the pairs that pass the thresholds; ``strict=False`` is the second
    pass over what is left, where a rare word meets few candidates (a verse's hapax and the one
    English word left beside it), so two joint verses and p < 0.05 suffice."""
    min_joint, min_dice, min_g2 = (MIN_JOINT, MIN_DICE, MIN_G2) if strict else (LEFTOVER_JOINT, 0.0, LEFTOVER_G2)
    sa, en, n = text_index.sa, text_index.en, int(text_index.n_docs)
    en_docs = [(surface, key, _row(en, key)) for surface, key in english if key not in taken]
    pairs: List[Tuple[float, int, int]] = []
    for slot, word in enumerate(words):
        docs = _sanskrit_docs(sa, word)
        if docs.size == 0 or (not strict and docs.size > LEFTOVER_MAX_VERSES):
            continue
        for e, (_, _, other) in enumerate(en_docs):
            if other.size == 0:
                continue
            joint = int(np.intersect1d(docs, other, assume_unique=True).size)
            if joint < min_joint:
                continue
            dice = 2.0 * joint / (docs.size + other.size)
            if dice >= min_dice and _g2(joint, int(docs.size), int(other.size), n) >= min_g2:
                pairs.append((dice, slot, e))
    pairs.sort(key=lambda p: -p[0])
    used_words: set = set()
    used_english: set = set()
    out: List[Tuple[int, str]] = []
    for _, slot, e in pairs:
        if slot in used_words or e in used_english:
            continue
        used_words.add(slot)
        used_english.add(e)
        out.append((positions[slot], en_docs[e][0]))
    return out


def _row(field: Any, key: str) -> np.ndarray:
    term_id = field.ids.get(key)
    return field.row(term_id)[0] if term_id is not None else np.zeros(0, dtype=np.int32)


def _sanskrit_docs(field: Any, word: str) -> np.ndarray:
    """Verses holding this padapāṭha word: its folded form, before-pause form, else its stem's forms."""
    keys = sanskrit_words(word.replace("-", ""))
    key = keys[0] if keys else fold_sanskrit(word)
    docs = _row(field, key)
    if docs.size < WIDEN_BELOW and len(key) >= 6:
        wider = [docs] + [field.row(t)[0] for t in field.prefixed(key[: max(5, len(key) - 3)], WIDEN_LIMIT)]
        docs = np.unique(np.concatenate(wider))
    return docs


def _g2(joint: int, n_sa: int, n_en: int, n: int) -> float:
    """Dunning's log-likelihood ratio of a 2×2 contingency table (1993)."""
    cells = ((joint, n_sa * n_en / n), (n_sa - joint, n_sa * (n - n_en) / n),
             (n_en - joint, (n - n_sa) * n_en / n), (n - n_sa - n_en + joint, (n - n_sa) * (n - n_en) / n))
    return 2.0 * sum(o * math.log(o / e) for o, e in cells if o > 0 and e > 0)


__all__ = ["WordLink", "link_verse", "particles"]
