"""Which padapāṭha word of one verse says an English idea: "the Sanskrit for 'priest' in RV 1.1.1".

Why it is answerable without a dictionary: every verse ships with its padapāṭha and Griffith's
translation, and ``word_links`` already links each padapāṭha word to the word of the translation
that renders it. A word of the verse is scored against the idea by everything that ties them, each
kind of evidence weighted by how direct it is:

1. its Griffith word *in this verse* is the idea ("priest" → ``hotāram``): 3;
2. the curated gloss of its lexicon family, a common verb root's meanings (``root_glosses.json``:
   Griffith's "attain" for ``dhīmahi`` is not the "meditate" readers know), or a particle's grammar
   gloss holds the idea: 2;
3. across the corpus, verses with the word (or a member of its compound) and verses whose
   translation has the idea go together (Dice, G² as in ``word_links``): 1 + Dice.

The best word is named in the first sentence; a second word that also says the idea is named after
it (a verse may call the priest both *hotṛ* and *ṛtvij*). Nothing matched: said plainly, and the
verse's words are shown with their links, so the reader can look.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from pyapp import data_tables
from pyapp.agents import word_links
from pyapp.agents.text import clip
from pyapp.search.text import ENGLISH_STOPWORDS, english_words, stem
from pyapp.search.translit import fold_sanskrit

_ROOTS_FILE = "data/root_glosses.json"  # read with pkgutil: under Pyodide pyapp is imported from a zip, where open() finds nothing
_roots: Optional[List[Dict[str, Any]]] = None
#: common-prefix length at which a word of an unknown language's idea ("meditasyon") meets an English one
PREFIX_MATCH = 6
BY_CODE = "(Composed by code from the index; no model wrote this answer.)"


def roots() -> List[Dict[str, Any]]:
    """The verb-root table, read once; an unreadable file is an empty table, never an error."""
    global _roots
    if _roots is None:
        try:
            _roots = list(data_tables.table(_ROOTS_FILE, {}).get("roots") or [])
        except (OSError, ValueError, AttributeError):
            _roots = []
    return _roots


def idea_stems(idea: str) -> List[Tuple[str, str]]:
    """The content words of an idea with their stems ("may he inspire / impel" → inspire, impel)."""
    out: List[Tuple[str, str]] = []
    for word, _ in english_words(idea.replace("-", " ")):
        if word in ENGLISH_STOPWORDS or len(word) < 2:
            continue
        if all(word != w for w, _ in out):
            out.append((word, stem(word)))
    return out


def _meets(key: str, other: str) -> bool:
    if key == other:
        return True
    if min(len(key), len(other)) < PREFIX_MATCH:
        return False
    n = 0
    for a, b in zip(key, other):
        if a != b:
            break
        n += 1
    return n >= PREFIX_MATCH


def _words_meet(idea: Sequence[Tuple[str, str]], text: str) -> int:
    """How many of the idea's words some word of ``text`` meets: the same stem, or (a word of a
    language code cannot read, "meditasyon") the same first letters as a whole English word."""
    words = [(w, stem(w)) for w, _ in english_words(text or "")]
    return sum(1 for word, key in idea if any(key == k or _meets(word, w) for w, k in words))


def _parts(word: str) -> List[str]:
    """A padapāṭha word and, for a compound or a preverb, its members ("pra-codayāt" → pracodayat, codayat)."""
    whole = fold_sanskrit(word.replace("-", ""))
    members = [fold_sanskrit(p) for p in word.split("-") if p] if "-" in word else []
    return [whole] + [m for m in members if m != whole]


def _root_meanings(word: str) -> List[Tuple[str, str]]:
    """(root, its English meanings) for the roots whose form starts the word or one of its members."""
    out: List[Tuple[str, str]] = []
    for part in _parts(word):
        for row in roots():
            if any(part.startswith(s) for s in row.get("starts") or []):
                out.append((str(row.get("root", "")), ", ".join(row.get("en") or [])))
    return out


def _lexicon_gloss(word: str, terms: Any) -> str:
    if terms is None:
        return ""
    for part in [word.replace("-", "")] + [p for p in word.split("-") if p and "-" in word]:
        try:
            hit = terms.get(part)
        except Exception:
            hit = None
        if hit is not None and hit.gloss and not hit.from_corpus:
            return str(hit.gloss)
    return ""


def _association(word: str, idea: Sequence[Tuple[str, str]], text_index: Any) -> float:
    """1 + the best Dice of the word (or a member) with an idea stem across the corpus, when G² is
    significant; 0 when nothing is."""
    if text_index is None:
        return 0.0
    best = 0.0
    en, n = text_index.en, int(text_index.n_docs)
    for member in [word] + ([p for p in word.split("-") if len(p) >= 3] if "-" in word else []):
        docs = word_links._sanskrit_docs(text_index.sa, member)
        if docs.size == 0:
            continue
        for _, key in idea:
            other = word_links._row(en, key)
            if other.size == 0:
                continue
            joint = int(word_links.np.intersect1d(docs, other, assume_unique=True).size)
            if joint < word_links.MIN_JOINT:
                continue
            dice = 2.0 * joint / (docs.size + other.size)
            if dice >= word_links.MIN_DICE and word_links._g2(joint, int(docs.size), int(other.size), n) >= word_links.MIN_G2:
                best = max(best, 1.0 + dice)
    return best


class Scored:
    """One padapāṭha word's score for one idea, and the evidence said beside it."""

    def __init__(self, link: word_links.WordLink, score: float, why: List[str]) -> None:
        self.link, self.score, self.why = link, score, why


def score_words(links: Sequence[word_links.WordLink], idea: Sequence[Tuple[str, str]], terms: Any,
                text_index: Any) -> List[Scored]:
    """Every word of the verse with a score above zero for ``idea``, best first (see the module)."""
    out: List[Scored] = []
    for link in links:
        score, why = 0.0, []
        if link.english and _words_meet(idea, link.english):
            score += 3.0
            why.append(f"Griffith here: “{link.english}”")
        gloss = _lexicon_gloss(link.word, terms)
        if gloss and _words_meet(idea, gloss):
            score += 2.0
            why.append(clip(gloss, 90))
        for root, meanings in _root_meanings(link.word):
            if _words_meet(idea, meanings):
                score += 2.0
                why.append(f"from the root {root}, “{meanings}”")
                break
        if link.grammar and _words_meet(idea, link.grammar):
            score += 2.0
            why.append(link.grammar)
        association = _association(link.word, idea, text_index) if link.source != "particles" else 0.0
        if association:
            score += association
            if not why:
                why.append("found beside that English word across the hymns")
        if score > 0:
            out.append(Scored(link, score, why))
    out.sort(key=lambda s: -s.score)
    return out


def _own_word(idea: str, links: Sequence[word_links.WordLink]) -> Optional[word_links.WordLink]:
    """The padapāṭha word the idea *is*, when the reader wrote a word of the verse (any romanization,
    sandhi form or Devanagari) rather than an English meaning; a one-word idea only."""
    from pyapp.agents.word_grammar import find_word

    if len(idea.split()) != 1 or not links:
        return None
    word = find_word(idea, [l.word for l in links])
    if word is None or word.split("-")[0] in ("", ) or len(word) < 3:
        return None
    from pyapp.search.translit import fold_sanskrit

    if fold_sanskrit(idea) in ENGLISH_STOPWORDS:
        return None
    return next((l for l in links if l.word == word), None)


def _said_of_own_word(span_ref: str, link: word_links.WordLink, padapatha: Any) -> str:
    """"In RV 1.1.1, yajñasya is a word of the verse itself: Griffith renders it 'sacrifice'; by its
    ending, the genitive singular of yajña-"."""
    from pyapp.agents import word_grammar

    text = f"In RV {span_ref}, {link.word} is a word of the verse itself"
    if link.english:
        text += f": Griffith renders it “{link.english}”"
    elif link.grammar:
        text += f": {link.grammar}"
    readings = word_grammar.analyse(link.word, padapatha)
    if readings:
        best = readings[0]
        of = f" of {best.stem}-" if best.kind == "noun" else ""
        text += f"; read by code from its ending, {word_grammar.describe(best)}{of}"
    return text


def answer(span_ref: str, asked: Sequence[str], index: Any, padapatha: Any, terms: Any, text_index: Any,
           question: str = "") -> Tuple[str, List[str]]:
    """The answer's text and its cited verse; the first sentence names the word for each idea."""
    from pyapp.reading.word_in_verse import in_english

    verse = index.by_ref(span_ref)
    line = padapatha.line(span_ref) if padapatha is not None else None
    if verse is None:
        return "", []
    translation = getattr(verse, "translation", "") or ""
    cite = f"[RV {span_ref}]"
    if not line:
        return (f"The padapāṭha of RV {span_ref} is not in the index, so its words cannot be matched to "
                f"“{'”, “'.join(asked)}”; its text: {getattr(verse, 'roman', '')} {cite}\n{BY_CODE}"), [span_ref]
    links = word_links.link_verse(line, translation, text_index, terms)
    found: List[str] = []
    missed: List[str] = []
    used: Set[str] = set()
    for idea in asked:
        own = _own_word(idea, links)
        if own is not None:  # the "idea" is a word of the verse itself ("yajñasya"): say what it is there
            used.add(own.word)
            found.append(_said_of_own_word(span_ref, own, padapatha) + f" {cite}.")
            continue
        english = in_english(idea, question, getattr(index, "dir", None)) if question else idea
        stems = idea_stems(english)
        same = re.findall(r"\w+", english.lower()) == re.findall(r"\w+", idea.lower())
        said = f"“{idea}”" + ("" if same else f" (“{english}”)")
        ranked = [s for s in score_words(links, stems, terms, text_index) if s.link.word not in used] if stems else []
        if not ranked:
            missed.append(said)
            continue
        best = ranked[0]
        used.add(best.link.word)
        sentence = f"In RV {span_ref}, the word for {said} is {best.link.word} ({'; '.join(best.why)})"
        runner = next((s for s in ranked[1:] if s.score >= 2.0 and s.score >= best.score - 1.0), None)
        if runner is not None:
            sentence += f"; {runner.link.word} ({'; '.join(runner.why)}) also says it"
        found.append(sentence + f" {cite}.")
    lines: List[str] = []
    if found:
        lines.extend(found)
    if missed:
        lead = "Also, no" if found else f"In RV {span_ref}, no"
        lines.append(f"{lead} word of the padapāṭha could be matched by code to {', '.join(missed)} {cite}; "
                     f"its words and Griffith's renderings, where they can be told, are below.")
    lines.append(f"Padapāṭha: {line}")
    if getattr(verse, "roman", ""):
        lines.append(f"Saṃhitā: {verse.roman}")
    if translation:
        lines.append(f"Griffith: “{clip(translation, 400)}”")
    if missed:
        lines.extend(f"- {l.word}" + (f" — Griffith here: “{l.english}”" if l.english else
                                       f" — {l.grammar}" if l.grammar else "") for l in links)
    lines.append("(The word is matched by code: Griffith's word for it in this verse, the gloss of its word family "
                 "or verb root, and how often the two occur together across the hymns; a guide, not a dictionary.)")
    lines.append(BY_CODE)
    return "\n".join(lines), [span_ref]


__all__ = ["answer", "idea_stems", "roots", "score_words"]
