"""What a god or thing is compared to: the verses of that subject whose translation says "like a …".

Why a scan of the subject's verses, not only a search: the question's words ("thirsty animal", "an
angry bull") are not the verses' words ("like a stag athirst", "like a furious Bull"), so a search for
them ranks verses *about* the subject and misses the comparison. Every verse of the subject (addressed
to it, or naming it) whose translation makes a comparison — "like a/an/the …", "as a/an …", "even
as", "hawk-like" (Griffith's renderings of the Sanskrit *na* and *iva* of comparison) — is a
candidate; each is ranked by the question's image words matched in its comparison clause, their
word classes included (``pyapp/data/image_words.json``: "animal" is any beast of a simile, "angry"
is Griffith's "furious"), then by a comparison particle in the Sanskrit itself (*ná*, *iva*,
*yáthā*: the saṃhitā's simile, not Griffith's phrasing), then by the search's rank. The first
sentence lists each comparison in the verse's own words, cited.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Set, Tuple

from pyapp.data_tables import table
from pyapp.agents.text import clip, stem
from pyapp.diacritics import strip_vedic_accents
from pyapp.lexicon import norm
from pyapp.reading.words import fold

CANDIDATES = 60
PREFIX = 5  # words meet by their first letters ("thirsty" ~ "thirsts")
SHOWN = 4
_SIMILE = re.compile(r"[^,;:.!?]*\b(?:like|as)\s+(?:an?|the|some|'twere)\b[^,;:.!?]*|[^,;:.!?]*\beven as\b[^,;:.!?]*|"
                     r"[^,;:.!?]*\b\w+-like\b[^,;:.!?]*", re.I)
_ASK_WORDS = re.compile(r"\b(?:compar\w*|liken\w*|simile\w*|which|what|where|verse|hymn|rig\s?-?veda|rv|said|says|say|"
                        r"is|are|was|does|do|he|she|it|they|to|the|a|an|in|of|when|him|her|his|its|with|like|as|"
                        r"image|images|describe\w*|called|used|uses|poet\w*|mantra)\b", re.I)


@lru_cache(maxsize=1)
def _table() -> Dict[str, Dict[str, Tuple[str, ...]]]:
    words_of = table("data/image_words.json", {})
    return {part: {key: tuple(words) for key, words in (words_of.get(part) or {}).items()}
            for part in ("classes", "sanskrit")}


def _classes() -> Dict[str, Tuple[str, ...]]:
    return _table()["classes"]


def _of_class(word: str) -> List[str]:
    return [key for key in _table()["classes"] if word.startswith(key) or stem(word) == stem(key)]


def _sanskrit_images(verse: Any) -> List[str]:
    """The saṃhitā's compared words: the word before *ná* / *iva*, the word after *yáthā*."""
    words = re.findall(r"[^\s|,.;]+", strip_vedic_accents(getattr(verse, "roman", "") or "").lower())
    out = [words[i - 1] for i, w in enumerate(words) if i and w in ("na", "iva")]
    return out + [words[i + 1] for i, w in enumerate(words[:-1]) if w == "yathā"]


def _needles(word: str) -> Set[str]:
    """The prefixes a question word is found by: its own, and those of its class ("animal" → "bull", "stag" …)."""
    out = {word[:PREFIX]}
    for key in _of_class(word):
        out |= {m[:PREFIX] for m in _classes()[key]}
    return out


def _meets(needles: Set[str], words: List[str]) -> bool:
    return any(w.startswith(n) or (len(n) >= PREFIX and n in w) for n in needles for w in words)


def _words(text: str) -> List[str]:
    return re.findall(r"[a-z]{2,}", fold(text))


def _belongs(verse: Any, subject: str) -> bool:
    """The verse is addressed to the subject or names it, however spelled ("Uṣas", Griffith's "Ushas", the
    deity field's "uṣāḥ"; the rules of ``lexicon.norm``)."""
    key = re.sub(r"[^a-z]", "", norm(subject))
    key = (key[:-1] if key.endswith("s") and len(key) > 3 else key)[:5]
    text = norm(f"{getattr(verse, 'deity', '') or ''} {verse.translation or ''}")
    return bool(key) and re.search(rf"\b{key}", text) is not None


def compare(subject: str, question: str, index: Any, searcher: Any) -> Optional[Tuple[str, List[str]]]:
    """(answer text, cited verses), or ``None`` when no verse of the subject makes a comparison."""
    if index is None:
        return None
    asked = re.sub(r"\s+", " ", _ASK_WORDS.sub(" ", question)).strip()
    own = {w[:PREFIX] for w in _words(subject)}
    wanted = [_needles(w) for w in dict.fromkeys(w for w in _words(asked) if len(w) >= 3 and w[:PREFIX] not in own)]
    sanskrit = [tuple(p for key in _of_class(w) for p in _table()["sanskrit"].get(key, ())) for w in _words(asked)]
    sanskrit = [group for group in sanskrit if group]
    hits = list(getattr(searcher.search(asked + " like", k=CANDIDATES), "results", []) or []) if searcher else []
    rank_of = {hit.book_context: rank for rank, hit in enumerate(hits)}
    scored: List[Tuple[float, str, str]] = []
    for verse in getattr(index, "verses", None) or []:
        translation = verse.translation or ""
        if not _SIMILE.search(translation) or not _belongs(verse, subject):
            continue
        clauses = [m.group(0).strip() for m in _SIMILE.finditer(translation)]
        clause_words = [_words(c) for c in clauses]
        in_clause = [sum(1 for n in wanted if _meets(n, ws)) for ws in clause_words]
        best = max(range(len(clauses)), key=lambda i: in_clause[i])
        in_verse = sum(1 for n in wanted if _meets(n, _words(translation)))
        rank = rank_of.get(verse.ref)
        images = _sanskrit_images(verse)
        in_sanskrit = sum(1 for group in sanskrit if any(w.startswith(g) for g in group for w in images))
        score = 3.0 * in_clause[best] + in_verse + 2.0 * in_sanskrit + (0.5 if images else 0.0) \
            + (1.0 - rank / max(1, len(hits)) if rank is not None else 0.0)
        if wanted and not in_verse and rank is None:
            continue
        scored.append((score, verse.ref, clauses[best]))
    if not scored:
        return None
    scored.sort(key=lambda item: -item[0])
    found = [(ref, image) for _, ref, image in scored[:SHOWN]]
    name = subject[:1].upper() + subject[1:]
    listed = "; ".join(f"“{clip(image, 120)}” [RV {ref}]" for ref, image in found)
    lines = [f"In the RigVeda, {name} is compared in these verses: {listed}."]
    for ref, _ in found:
        verse = index.by_ref(ref)
        lines.append(f"- RV {ref}: “{clip(verse.translation or '', 260)}”")
    lines.append(f"(Verses of {name} whose translation makes a comparison (“like a …”, “as a …”), ranked by the "
                 "question's words; chosen by code, no model wrote this answer.)")
    return "\n".join(lines), [r for r, _ in found]


def compared_to(image: str, index: Any) -> Optional[Tuple[str, List[str]]]:
    """"What is compared to a falcon?": the verses whose comparison clause names the image (its class too:
    "hawk" for a falcon is not, but "steed" for a horse is), or whose saṃhitā compares with the Sanskrit
    word for it, grouped by what they liken to it (the verse's god); the most-likened subjects first."""
    if index is None or not image:
        return None
    needles = _needles(image)
    sanskrit = tuple(p for key in _of_class(image) for p in _table()["sanskrit"].get(key, ()))
    by_subject: Dict[str, List[Tuple[str, str]]] = {}
    for verse in getattr(index, "verses", None) or []:
        translation = verse.translation or ""
        if not _SIMILE.search(translation):
            continue
        clauses = [m.group(0).strip() for m in _SIMILE.finditer(translation)]
        hit = next((c for c in clauses if _meets(needles, _words(c))), None)
        in_sanskrit = bool(sanskrit) and any(w.startswith(g) for g in sanskrit for w in _sanskrit_images(verse))
        if hit is None and not in_sanskrit:
            continue
        subject = _subject(verse)
        if fold(subject)[:4] == image[:4]:
            continue  # the Falcon's own hymn: what it is, not what is likened to it
        by_subject.setdefault(subject, []).append((verse.ref, hit or clip(translation, 120)))
    if not by_subject:
        return None
    ranked = sorted(by_subject.items(), key=lambda item: -len(item[1]))[:SHOWN]
    found = [(subject, refs[0]) for subject, refs in ranked]
    listed = "; ".join(f"{subject} (“{clip(image_text, 100)}” [RV {ref}], {len(by_subject[subject])} "
                       f"verse{'s' if len(by_subject[subject]) != 1 else ''})" for subject, (ref, image_text) in found)
    lines = [f"In the RigVeda, these are compared to {_article(image)} {image}: {listed}."]
    for subject, (ref, _) in found:
        verse = index.by_ref(ref)
        lines.append(f"- RV {ref} ({subject}): “{clip(verse.translation or '', 260)}”")
    lines.append("(Verses whose translation or Sanskrit makes a comparison with that image, grouped by the god of the "
                 "verse; chosen by code, no model wrote this answer.)")
    return "\n".join(lines), [ref for _, (ref, _) in found]


def _subject(verse: Any) -> str:
    deity = re.sub(r"\s*\(.*", "", getattr(verse, "deity", "") or "").strip()
    return strip_vedic_accents(deity).rstrip("ḥ").capitalize() or "a verse"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


__all__ = ["compare", "compared_to"]
