"""Checks on a small model's answer text: keep the sentences that pass, say why the rest went.

Why: a 135M model (the bundled SmolLM2 on wllama) often writes something plausible, but also
repeats itself, drifts into another language, cites verses it was not shown, cuts off at the
token limit, or says things no provided verse says. The product must stay good, so code keeps
only sentences that are (1) in English, (2) not a repeat, (3) complete, (4) grounded in a
provided verse by the same lexical check the validator uses (``grounding``), (5) a statement
of its own (not a heading, not the question restated) and (6) not a copy of a verse's wording —
code quotes the verses itself, below the model's text. A grounded
sentence without a citation gets the citation of the provided verse it overlaps most — code
checks that attribution just as it checks the model's own. If nothing survives, or no kept
sentence cites a provided verse, the caller falls back to the extractive answer and says so.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple

from pyapp.agents import grounding
from pyapp.agents.text import content_stems, fold, words
from pyapp.citations import check_citations, find_citations
from pyapp.schemas import SearchResult

MIN_WORDS = 4
REPEAT_SHARE = 0.5  # under this share of distinct word trigrams the text is "mostly repeated"
LATIN_SHARE = 0.85  # letters that must be Latin (IAST included) for a sentence to count as English
CITED_SUPPORT = 0.5  # share of a sentence's content words found in the verse(s) it cites
UNCITED_SUPPORT = 0.6  # … found in one provided verse, for code to cite that verse
NEAR_DUPLICATE = 0.6  # trigram overlap with a kept sentence that makes a sentence a repeat
COPY_N, COPY_SHARE = 4, 0.6  # word 4-grams of a sentence found in a verse: a copy, not an answer

_ENGLISH = {"the", "of", "and", "is", "are", "to", "in", "a", "an", "was", "were", "he", "she", "it", "they",
            "his", "her", "their", "this", "that", "with", "for", "as", "by", "from", "who", "which", "on",
            "be", "has", "have", "not", "god", "gods"}
_END = re.compile(r"([.!?…)\]”\"'])\s*$")
_MARKDOWN = re.compile(r"^\s*(?:#{1,6}\s+|[-*•]\s+|\d+[.)]\s+)")
_ROLE = re.compile(r"^\s*(?:answer|assistant|response)\s*:\s*", re.IGNORECASE)
# "(RigV 1.48.3)", "Verse 9.109.2", "Rig Veda 1.1.1": references in forms ``check_citations`` does not
# read; rewritten to [RV M.H.V] so they are checked like any other citation
_LOOSE_REF = re.compile(r"(?<!\[RV )\(?\b(?:(?:Rig\s*Veda|RigV|Rig|Verse|verse|Mandala|mandala)\.?\s*)?"
                        r"(\d{1,2}\.\d{1,3}\.\d{1,3})\b\)?")
# what is left after that is a reference nobody can check: "RIG VIR 20", "Verse 8.20", "(9.5)"
_UNCLEAR_REF = re.compile(r"\b(?:RIG|RigV|Rig Veda|Verse|Mandala)\s*[A-Z]*\s*\d|(?<![\d.])\d{1,3}\.\d{1,3}(?![\d.]*\])",
                          re.IGNORECASE)


@dataclass
class Salvage:
    """What survived: ``text`` (checked, citations normalised), and why the rest was dropped."""

    text: str = ""
    cited: List[str] = field(default_factory=list)
    removed_citations: List[str] = field(default_factory=list)
    dropped: Dict[str, int] = field(default_factory=dict)  # reason → sentence count
    attributed: List[str] = field(default_factory=list)  # refs cited by code for uncited sentences
    useless: Optional[str] = None  # why nothing usable is left (None = ``text`` is usable)

    def drop(self, reason: str) -> None:
        self.dropped[reason] = self.dropped.get(reason, 0) + 1

    def summary(self) -> str:
        """'2 sentences dropped (1 repeated, 1 not supported by the verses)'."""
        total = sum(self.dropped.values())
        if not total:
            return ""
        parts = ", ".join(f"{n} {reason}" for reason, n in self.dropped.items())
        return f"{total} sentence{'s' if total != 1 else ''} dropped ({parts})"


def _trigrams(tokens: Sequence[str]) -> List[Tuple[str, ...]]:
    return [tuple(tokens[i:i + 3]) for i in range(max(0, len(tokens) - 2))]


def _ngrams(tokens: Sequence[str], n: int) -> List[Tuple[str, ...]]:
    return [tuple(tokens[i:i + n]) for i in range(max(0, len(tokens) - n + 1))]


def _copied(tokens: Sequence[str], verse_grams: Set[Tuple[str, ...]]) -> bool:
    """Most of the sentence is a verse's own wording: code quotes the verses itself, so a copy
    adds nothing (and would show the same words twice)."""
    grams = _ngrams(tokens, COPY_N)
    return bool(grams) and sum(1 for g in grams if g in verse_grams) / len(grams) >= COPY_SHARE


def repeated_share(text: str) -> float:
    """Share of word trigrams that are repeats (0 = all distinct, → 1 = one phrase looped)."""
    grams = _trigrams(words(re.sub(r"\[RV [^\]]*\]", " ", text)))
    if len(grams) < 6:
        return 0.0
    return 1.0 - len(set(grams)) / len(grams)


def is_english(sentence: str) -> bool:
    """Mostly Latin letters (IAST diacritics count as Latin) and, when long enough, some common
    English words — a Devanagari, Chinese or French sentence fails."""
    letters = [ch for ch in sentence if ch.isalpha()]
    if not letters:
        return False
    latin = sum(1 for ch in letters if fold(ch).isascii())
    if latin / len(letters) < LATIN_SHARE:
        return False
    tokens = words(re.sub(r"\[RV [^\]]*\]", " ", sentence))
    return len(tokens) < 6 or any(t in _ENGLISH for t in tokens)


def _key(sentence: str) -> str:
    return " ".join(words(re.sub(r"\[RV [^\]]*\]", " ", sentence)))


def _stems_of(v: SearchResult) -> Set[str]:
    return set(content_stems(" ".join(x for x in (v.translation, v.addressee, v.deity) if x)))


def _support(stems: Sequence[str], pool: Set[str]) -> float:
    return sum(1 for s in stems if s in pool) / len(stems) if stems else 0.0


def _best_verse(stems: Sequence[str], pools: Dict[str, Set[str]]) -> Tuple[Optional[str], float]:
    best, best_share = None, 0.0
    for ref, pool in pools.items():
        share = _support(stems, pool)
        if share > best_share:
            best, best_share = ref, share
    return best, best_share


def salvage(text: Optional[str], verses: Sequence[SearchResult], query: str = "") -> Salvage:
    """Keep the model's sentences that pass every check; see the module docstring."""
    out = Salvage()
    raw = (text or "").strip()
    if not raw:
        out.useless = "it wrote nothing"
        return out
    provided = [v.book_context for v in verses]
    first = check_citations(raw, provided)
    check = check_citations(_LOOSE_REF.sub(lambda m: f"[RV {m.group(1)}]", first.text), provided)
    out.removed_citations = list(dict.fromkeys(first.removed + check.removed))
    looped = repeated_share(check.text) > 1 - REPEAT_SHARE

    query_stems = set(content_stems(query))
    pools = {v.book_context: _stems_of(v) for v in verses}
    verse_grams: Set[Tuple[str, ...]] = set()
    for v in verses:
        verse_grams.update(_ngrams(words(v.translation or ""), COPY_N))
    kept: List[str] = []
    seen: Set[str] = set()
    kept_grams: List[Set[Tuple[str, ...]]] = []
    sentences: List[str] = []
    for part in grounding.split_sentences(check.text):
        if sentences and find_citations(part) and not words(re.sub(r"\[RV [^\]]*\]", " ", part)):
            # "… new ones. [RV 1.1.2]": a citation standing after the full stop belongs to that sentence
            prev = sentences[-1]
            end = prev[-1] if prev[-1] in ".!?" else "."
            sentences[-1] = prev.rstrip(".!? ") + " " + part.strip().rstrip(".!? ") + end
        else:
            sentences.append(part)
    for i, sentence in enumerate(sentences):
        sentence = _ROLE.sub("", _MARKDOWN.sub("", sentence)).strip()
        if not sentence:
            continue
        body = re.sub(r"\[RV [^\]]*\]", " ", sentence)
        tokens = words(body)
        stems = content_stems(body)
        cited = [r for r in find_citations(sentence) if r in pools]
        if i == len(sentences) - 1 and not _END.search(sentence):
            out.drop("cut off")
        elif len(tokens) < MIN_WORDS:
            out.drop("too short")
        elif not is_english(sentence):
            out.drop("not in English")
        elif _UNCLEAR_REF.search(body):
            out.drop("unclear reference")
        elif (key := _key(sentence)) in seen or any(
                len(set(_trigrams(key.split())) & g) / max(1, len(set(_trigrams(key.split())))) >= NEAR_DUPLICATE
                for g in kept_grams):
            out.drop("repeated")
        elif sentence.rstrip().endswith(":") or not [w for w in stems if w not in query_stems]:
            out.drop("no statement of its own")
        elif _copied(tokens, verse_grams):
            out.drop("copied from a verse")
        else:
            if cited:
                supported = _support(stems, set().union(*(pools[r] for r in cited))) >= CITED_SUPPORT
            else:
                ref, share = _best_verse(stems, pools)
                supported = ref is not None and share >= UNCITED_SUPPORT
                if supported:
                    sentence = re.sub(r"\s*([.!?…])?\s*$", lambda m: f" [RV {ref}]{m.group(1) or '.'}", sentence,
                                      count=1)
                    out.attributed.append(ref)
            if not supported:
                out.drop("not supported by the verses")
                continue
            seen.add(key)
            kept_grams.append(set(_trigrams(key.split())))
            kept.append(sentence)

    final = check_citations(" ".join(kept), provided)
    out.text, out.cited = final.text, final.cited
    if not out.text:
        if looped:
            out.useless = "it mostly repeated itself"
        elif out.dropped and set(out.dropped) == {"not in English"}:
            out.useless = "it was not in English"
        elif out.removed_citations and not check.cited:
            out.useless = "it cited only verses it was not given: " + ", ".join(
                f"RV {r}" for r in out.removed_citations[:3])
        else:
            parts = ", ".join(f"{n} {reason}" for reason, n in out.dropped.items())
            out.useless = f"no sentence passed the checks ({parts})" if parts else "no sentence passed the checks"
    elif not out.cited:
        out.useless = "it cited none of the verses provided"
    return out
