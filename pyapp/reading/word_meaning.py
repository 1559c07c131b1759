"""The meaning of a compound of the hymns that no glossary explains, read from the padapāṭha: "What does purandara
mean?", "meaning of vajrabāhu", "Why is Indra called Puraṃdara?", "What does the epithet tuvigrīva mean?".

Why: such a question was refused ("Sorry, Not about the RigVeda": the word was taken for an unknown English word),
or answered "Vajrabahu is a Sanskrit word of the hymns; Griffith renders it as 'wields'", or "no verse speaks
directly of epithet". The padapāṭha already cuts every compound into its members (``puram-daraḥ``, ``vajra-bāhuḥ``);
each member's gloss or usual Griffith renderings come from the term lexicon, and Griffith's own rendering of the
compound is found in the verses that use it, as the words around a member's rendering ("Fort-destroyer",
"Thunder-wielder"). The answer says which parts it could gloss and which it could not, and which gods the word is
given to, with the verses.

Nothing here names a word: a word the curated glossary or the epithet table explains is left to their readers.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.search.translit import fold_sanskrit

__all__ = ["answer", "asked_word"]

_ASKED = [
    re.compile(r"\bwhat\s+(?:does|do|did|is)\s+(?:the\s+)?(?:(?:sanskrit|vedic)\s+)?(?:word|name|epithet|title|term|"
               r"compound|expression)?\s*[\"'“‘]?(?P<w>[^\W\d_][\w\-āīūṛṝḷṅñṭḍṇśṣṃḥ]{3,30})[\"'”’]?\s+(?:mean|signify|stand for)",
               re.I),
    re.compile(r"\b(?:the\s+)?meaning\s+of\s+(?:the\s+)?(?:(?:sanskrit|vedic)\s+)?(?:word|name|epithet|title|term|"
               r"compound)?\s*[\"'“‘]?(?P<w>[^\W\d_][\w\-āīūṛṝḷṅñṭḍṇśṣṃḥ]{3,30})", re.I),
    re.compile(r"\bwhy\s+(?:is|was|are|were)\s+[^?]{2,40}?\s+(?:called|named|known as|addressed as)\s+(?:the\s+)?"
               r"[\"'“‘]?(?P<w>[^\W\d_][\w\-āīūṛṝḷṅñṭḍṇśṣṃḥ]{3,30})", re.I),
    re.compile(r"^\W*[\"'“‘]?(?P<w>[^\W\d_][\w\-āīūṛṝḷṅñṭḍṇśṣṃḥ]{3,30})[\"'”’]?\s+(?:meaning|means what|matlab|arth)\W*$", re.I),
]
_NOT_WORDS = {"this", "that", "these", "those", "word", "name", "epithet", "title", "term", "verse", "hymn", "mantra",
              "sukta", "rigveda", "veda", "vedas", "rig", "life", "religion", "dharma"}
_NASAL_BEFORE = re.compile(r"n(?=[kgcjtdpbh])")  # "purandara": the padapāṭha writes puram-dara
_FEWEST_VERSES = 1
_SHOWN = 4


def asked_word(question: str) -> Optional[str]:
    """The one word the question asks the meaning of, as typed, or None."""
    for pattern in _ASKED:
        match = pattern.search(question or "")
        if match:
            word = match.group("w").strip("-")
            if word.lower() not in _NOT_WORDS:
                return word
    return None


def _verses_of(word: str, padapatha: Any) -> Tuple[List[str], str]:
    """(refs of the verses that use the word, the padapāṭha's most frequent form of it)."""
    key = fold_sanskrit(word.replace("-", ""))
    for variant in dict.fromkeys([key, _NASAL_BEFORE.sub("m", key)]):
        refs = padapatha.lookup_refs(variant)
        if refs:
            forms = Counter(m for r in refs[:60] for m in padapatha.matched_words(r, variant))
            # the asked word must be the whole compound, not one of its members ("tamas" is not ut-tamam)
            whole = Counter({f: n for f, n in forms.items()
                             if fold_sanskrit(f.replace("-", "")).startswith(variant[:max(4, len(variant) - 2)])})
            joined = [f for f, _ in whole.most_common() if "-" in f]
            if not whole:
                return [], ""
            refs = [r for r in refs if any(m in whole for m in padapatha.matched_words(r, variant))]
            return refs, (joined or [f for f, _ in whole.most_common()])[0]
    return [], ""


def _part_sense(part: str, terms: Any) -> Tuple[str, List[str]]:
    """(the glossary's gloss, Griffith's usual renderings) of one member, either may be empty."""
    for hit in terms.find_terms(f"the word {part}")[:1]:
        gloss = (getattr(hit, "gloss", "") or "").split(";")[0].strip()
        renderings = [r for r in (getattr(hit, "renderings", None) or getattr(hit, "learned", None) or []) if r]
        return gloss, renderings[:3]
    return "", []


def _stems(words: Sequence[str]) -> List[str]:
    return [w.lower().rstrip("s")[:max(4, len(w) - 2)] for w in words if len(w) >= 4]


def _griffith_phrases(refs: Sequence[str], index: Any, anchors: Sequence[str]) -> List[Tuple[str, str]]:
    """(phrase, ref): Griffith's words around a member's rendering in the verses that use the word ("Fort-destroyer",
    "breaker down of forts"), each phrase once."""
    if not anchors:
        return []
    pattern = re.compile(r"(?:\b[\w’']+[\s-]){0,2}[\w-]*(?:" + "|".join(re.escape(a) for a in anchors) +
                         r")[\w’']*(?:-[\w’']+)*(?:\s(?:of|for)\s[\w’']+)?", re.I)
    seen: Dict[str, str] = {}
    for ref in refs:
        verse = index.by_ref(ref)
        text = getattr(verse, "translation", "") or ""
        for match in pattern.finditer(text):
            phrase = match.group(0).strip(" ,;:-")
            phrase = re.sub(r"^(?:and|the|thou|thee|o|who|with|to|of|a|our|his|is|art)\s+", "", phrase, flags=re.I)
            if 2 < len(phrase) <= 40 and phrase.lower() not in {p.lower() for p in seen}:
                seen[phrase] = ref
        if len(seen) >= 3:
            break
    kept = [(p, r) for p, r in seen.items()  # "thousand" inside "THOUSAND heads": the longer one
            if not any(p.lower() != q.lower() and p.lower() in q.lower() for q in seen)]
    return kept


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The compound's members and their senses, Griffith's renderings and the gods it is given to, or None."""
    word = asked_word(question)
    terms = getattr(searcher, "terms", None)
    padapatha = getattr(searcher, "padapatha", None)
    if word is None or terms is None or padapatha is None or index is None:
        return None
    known = terms.get(word)
    if known is not None and (getattr(known, "gloss", "") or "").strip():
        return None  # the glossary explains it: the definition reader's answer
    from pyapp.reading import epithets

    if epithets.find(question) is not None:
        return None  # the epithet table's own sense and verses
    refs, form = _verses_of(word, padapatha)
    if len(refs) < _FEWEST_VERSES:
        return None
    parts = [p for p in form.split("-") if p]
    if len(parts) < 2:
        return None  # a single word: the definition reader's "a Sanskrit word of the hymns; Griffith renders it …"
    shown_word = form.replace("-", "")
    senses: List[str] = []
    anchors: List[str] = []
    unglossed: List[str] = []
    for part in parts:
        gloss, renderings = _part_sense(part, terms)
        if gloss:
            senses.append(f"{part} “{gloss}”")
        elif renderings:
            senses.append(f"{part} (Griffith: “{'”, “'.join(renderings[:2])}”)")
        else:
            senses.append(part)
            unglossed.append(part)
        anchors += _stems(renderings + ([gloss.split(",")[0]] if gloss else []))
    from pyapp.factbook.display import _deity_display

    deities = [getattr(index.by_ref(r), "deity", None) or "" for r in refs]  # each verse looked up once
    gods = Counter(_deity_display(d.split(" (")[0]) for d in deities if 0 < len(d) <= 40)
    given = [g for g, _ in gods.most_common(3) if g]
    phrases = sorted(_griffith_phrases(refs, index, anchors), key=lambda pr: "-" not in pr[0])  # "Fort-destroyer" first
    count = f"{len(refs)} verse{'s' if len(refs) != 1 else ''}"
    name = word[:1].upper() + word[1:]
    rendered = (" Griffith renders it " + ", ".join(f"“{p}” [RV {r}]" for p, r in phrases) + ".") if phrases else ""
    text = f"{name} is a compound, {form} in the padapāṭha (the word-by-word text): " + " + ".join(senses) + "." + rendered
    if unglossed:
        text += f" The glossary has no sense for {', '.join(unglossed)}."
    if given:
        text += f" It occurs in {count}, most often of {', '.join(given)} [RV {refs[0]}]."
    cited = list(dict.fromkeys([r for _, r in phrases] + list(refs[:_SHOWN])))[:_SHOWN + 2]
    return FactAnswer(kind="word", text=text, refs=cited, subject_hymns=[".".join(r.split(".")[:2]) for r in cited[:1]])
