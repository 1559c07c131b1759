"""The verses that carry most of the question's content words *together* (a coordination match).

Why: the ranked search adds up each word's weight, so a verse that repeats one frequent word of the
question ("truth", "year", "head") outranks the one verse that has two or three of them side by
side ("the true and false", "the banner and the head", "a brother, friend, or comrade, the
neighbour"). A reader who asks with several content words means the verse that has them all. Each
*concept* of the question is one English word (its stem and the names sharing its key, in
Griffith's text), one Sanskrit term (any of its forms, in the saṃhitā) or one number written in
digits ("360" is Griffith's "three hundred and sixty": all its words must be there). A verse's
cover is how many concepts it has; ties go to the rarer concepts, then to the ranked search's
score. Words found in more than ``MAX_SHARE`` of the verses say nothing about which verse is meant
and are left out.
"""
from __future__ import annotations

import math
import re
from typing import Any, Iterable, List, Optional, Sequence, Set, Tuple

import numpy as np

__all__ = ["Concept", "concepts", "spoken", "cover_counts", "covering", "lead"]

PADA_FORMS = 6  # the shortest forms of a term looked up in the padapāṭha (the others are their inflections)
MAX_SHARE = 0.05  # a word in more than 5% of the verses ("god", "come") picks out no verse
_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


class Concept:
    """One thing the question names, as a mask over the verses (True where a verse has it)."""

    def __init__(self, label: str, mask: np.ndarray, forms: Iterable[str] = ()) -> None:
        self.label = label
        self.mask = mask
        self.forms = frozenset(forms)  # a Sanskrit term's folded forms, to name the verse's own word
        self.df = int(mask.sum())
        self.idf = math.log(len(mask) / self.df) if self.df else 0.0


def spoken(number: int) -> List[str]:
    """The English words of a number as Griffith writes it: 360 → three, hundred, sixty (the "and"
    left out, as a search word); [] beyond 9999."""
    if number < 0 or number > 9999:
        return []
    words: List[str] = []
    if number >= 1000:
        words += [_ONES[number // 1000], "thousand"]
        number %= 1000
    if number >= 100:
        words += [_ONES[number // 100], "hundred"]
        number %= 100
    if number >= 20:
        words.append(_TENS[number // 10])
        number %= 10
        if number:
            words.append(_ONES[number])
    elif number or not words:
        words.append(_ONES[number])
    return words


def _english_mask(text_index: Any, word: str) -> np.ndarray:
    field = text_index.en
    mask = np.zeros(text_index.n_docs, dtype=bool)
    for term in text_index.english_terms(word):
        term_id = field.ids.get(term)
        if term_id is not None:
            mask[field.row(term_id)[0]] = True
    return mask


def _sanskrit_mask(text_index: Any, forms: Iterable[str], pada: Any = None) -> np.ndarray:
    """The verses whose saṃhitā has one of ``forms``, and (with the padapāṭha) those where sandhi hides
    it: "mūrdhāham" is mūrdhā + aham, found only word by word."""
    field = text_index.sa
    mask = np.zeros(text_index.n_docs, dtype=bool)
    for form in forms:
        term_id = field.ids.get(form)
        if term_id is not None:
            mask[field.row(term_id)[0]] = True
    if pada is not None:
        for form in sorted(forms, key=len)[:PADA_FORMS]:
            for variant in _pausa(form):
                docs = [d for d in pada.lookup(variant) if d is not None and 0 <= d < len(mask)]
                mask[docs] = True
    return mask


_VOICELESS = {"d": "t", "g": "k", "b": "p", "ḍ": "ṭ"}


def _pausa(form: str) -> List[str]:
    """A form and its pausa spelling: the padapāṭha writes a word's final stop voiceless (*śarad dhaviḥ* is
    *śarat haviḥ* word by word), so "śarad" is also looked up as "śarat"."""
    last = form[-1:]
    return [form, form[:-1] + _VOICELESS[last]] if last in _VOICELESS else [form]


_NUMBER = re.compile(r"(?<![\d.])(\d{2,4})(?![\d.])")  # "360", not "1.164.48" nor "7"


def concepts(text_index: Any, words: Sequence[str], sanskrit: Sequence[Tuple[str, Set[str]]] = (), text: str = "",
             max_share: float = MAX_SHARE, pada: Any = None) -> List[Concept]:
    """The question's concepts found in some verse and in at most ``max_share`` of them: English
    ``words`` (repeats and words without a stem in the text dropped), Sanskrit terms (label, form set), and
    the numbers written in digits in ``text``. ``pada``: the padapāṭha index, when loaded."""
    limit = max(1, int(text_index.n_docs * max_share))
    out: List[Concept] = []
    seen: Set[str] = set()
    for word in words:
        key = word.lower()
        if key in seen or len(key) < 3:
            continue
        seen.add(key)
        out.append(Concept(key, _english_mask(text_index, key)))
    for label, forms in sanskrit:
        if not forms:
            continue
        mask = _sanskrit_mask(text_index, forms, pada)
        same = next((i for i, c in enumerate(out) if _key(c.label) == _key(label)), None)
        if same is not None:  # "Ṛbhus" and "ṛbhu", "vasiṣṭha" read twice: one thing, one concept
            out[same] = Concept(out[same].label, out[same].mask | mask, out[same].forms | set(forms))
            continue
        out.append(Concept(label, mask, forms))
    for match in _NUMBER.finditer(text or ""):
        parts = spoken(int(match.group(1)))
        if len(parts) < 2:
            continue
        mask = np.ones(text_index.n_docs, dtype=bool)
        for part in parts:
            mask &= _english_mask(text_index, part)
        out.append(Concept(match.group(1), mask))
    return [c for c in out if 0 < c.df <= limit]


def _key(label: str) -> str:
    """Two spellings of one word share their first four folded letters ("Ṛbhus", "ṛbhu" → "rbhu")."""
    from pyapp.diacritics import strip_marks

    return strip_marks(label).lower()[:4]


def cover_counts(found: Sequence[Concept], n_docs: int) -> Tuple[np.ndarray, np.ndarray]:
    """Per verse: how many concepts it has, and the sum of their rarity (idf)."""
    count = np.zeros(n_docs, dtype=np.int32)
    weight = np.zeros(n_docs, dtype=np.float64)
    for concept in found:
        count += concept.mask
        weight += concept.mask * concept.idf
    return count, weight


def covering(found: Sequence[Concept], n_docs: int, tiebreak: Optional[np.ndarray] = None,
             least: int = 2, limit: int = 3) -> List[Tuple[int, int]]:
    """``(doc, count)`` of the verses with the most concepts, when that is at least ``least`` and at
    least half of the concepts; at most ``limit`` verses, all with the same (best) count."""
    if len(found) < least:
        return []
    count, weight = cover_counts(found, n_docs)
    best = int(count.max()) if n_docs else 0
    if best < max(least, math.ceil(len(found) / 2)):
        return []
    docs = np.flatnonzero(count == best)
    rank = weight[docs] * 1000.0 + (tiebreak[docs] if tiebreak is not None else 0.0)
    order = docs[np.argsort(-rank, kind="stable")]
    return [(int(d), best) for d in order[:limit]]


def lead(ref: str, doc: int, found: Sequence[Concept], words: Sequence[str] = ()) -> str:
    """The opening for a verse put first by its cover: which of the question's words it has together,
    and which it has not ("RV 10.90.6 has “grīṣmaḥ” and “śarat” together:"). ``words``: the verse's own
    words (saṃhitā, then padapāṭha), so a term is named as the verse has it, not as it was read."""
    have = [_own_word(c, words) for c in found if c.mask[doc]]
    lack = [c.label for c in found if not c.mask[doc]]
    if not lack:
        return f"RV {ref} has the question's words {_listed(have, 'and')} together:"
    return f"RV {ref} comes nearest: it has {_listed(have, 'and')} together, though not {_listed(lack, 'or')}:"


def _listed(labels: Sequence[str], conjunction: str) -> str:
    quoted = [f"“{label}”" for label in labels]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" {conjunction} " + quoted[-1]


def _own_word(concept: Concept, words: Sequence[str]) -> str:
    """The verse's word that is one of the concept's forms (or begins with one, as sandhi joins it to the
    next word), else the concept's label."""
    from pyapp.search.translit import fold_sanskrit

    for word in words:
        key = fold_sanskrit(word)
        if key in concept.forms or any(len(f) >= 4 and key.startswith(f) for f in concept.forms):
            return word
    return concept.label
