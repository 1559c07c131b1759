"""Which verse of a named hymn speaks of something: "which verse of the Puruṣa Sūkta mentions the moon?", and after
"tell me about the gambler's hymn", "which verse in it talks about his wife?".

Why: the named-passage step answered every question that names a famous hymn with the hymn's overview and its key
verses, so a reader who asked for *the verse* about one thing read a summary and had to find it themselves. A question
that asks for a verse and says what it should speak of is answered here from the hymn's own verses: those whose
Griffith text holds the asked-for words (on stems), the verse first, quoted, then the others that share them. When no
verse of the hymn holds them the question goes on as before (the overview, or the search).
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.reading.named import find_named, passage_refs

__all__ = ["asks", "answer"]

# "which verse …", "what line …", "the verse in it about …", "the stanza of … that mentions …"
_ASKS = re.compile(r"\b(?:which|what)\s+(?:verse|verses|line|stanza|mantra|rik|ṛc|rc)\b|"
                   r"\bthe\s+(?:verse|line|stanza)\s+(?:in|of|from|where|that|which|about|with)\b|"
                   # a follow-up's rewrite puts the hymn where "that" was: "the verse RV 10.19 mentions the …"
                   r"\bthe\s+(?:verse|line|stanza)\b(?=.{0,60}\b(?:mentions?|speaks?|talks?|says?|names?|describes?)\b)",
                   re.I)
# words of asking and of place: none says what the verse should speak of
_CUE = set("""which what where verse verses line lines stanza stanzas mantra mantras rik hymn hymns sukta suktam
mandala book text rigveda veda that this these those there talks talk talking speaks speak speaking mentions mention
mentioning says say saying tells tell describes describe about does do did is are was were the a an of in on at to
for from with it its his her their him them he she they and or also please show give me tell find exactly one
which's whose named called""".split())
MOST_SHOWN = 4  # verses listed after the first


def _passage(text: str) -> Optional[Tuple[str, List[str], List[str]]]:
    """(its name, its refs, the words of its names) for the one named passage, else the one hymn the text names by
    number ("RV 10.117", as a follow-up's rewrite writes "it"), else None."""
    matches = find_named(text or "")
    if len(matches) == 1:
        passage = matches[0].passage
        return f"the {passage.names[0]}", passage_refs(passage), list(passage.names)
    if matches:
        return None
    from pyapp.search.refs import parse_reference

    parsed = parse_reference(text or "")
    if parsed is None or not parsed.hymn or parsed.verse:
        return None
    hymn = f"{parsed.mandala}.{parsed.hymn}"
    return f"RV {hymn}", [hymn], []


def asks(text: str) -> bool:
    return bool(_ASKS.search(text or "")) and _passage(text or "") is not None


def _asked_words(text: str, names: List[str]) -> List[str]:
    """The words the question asks of the verse: not the cue, the passage's names or English's little words
    ("them", "from", "us": "asks them to free us from Varuṇa's noose" asks free, Varuṇa, noose)."""
    from pyapp.search.text import ENGLISH_STOPWORDS

    name_words = {w for n in names for w in re.findall(r"[^\W\d_]+", n.lower())}
    return [w for w in re.findall(r"[^\W\d_]+", text.lower())
            if len(w) >= 3 and w not in _CUE and w not in name_words and w not in ENGLISH_STOPWORDS]


def _as_typed(text: str, word: str) -> str:
    """The word with the article or possessive the reader put before it ("the moon", "his wife")."""
    found = re.search(r"\b((?:the|his|her|its|their|a|an)\s+)?" + re.escape(word) + r"\b", text, re.I)
    return (found.group(1) or "").lower() + word if found else word


def _phrase(text: str, words: List[str]) -> str:
    """The asked-for words as the reader wrote them together ("the four quarters of the earth"), when they stand
    within a few words of each other; else ""."""
    low = text.lower()
    first = re.search(r"\b((?:the|his|her|its|their|a|an)\s+)?" + re.escape(words[0]) + r"\b", low)
    last = None
    for last in re.finditer(r"\b" + re.escape(words[-1]) + r"\b", low):
        pass
    if first is None or last is None or last.end() <= first.start():
        return ""
    phrase = text[first.start():last.end()]
    return phrase if len(phrase.split()) <= len(words) + 3 else ""


def _hymn_verses(index: Any, refs: List[str]) -> List[Any]:
    verses: List[Any] = []
    for ref in refs:
        parts = ref.split(".")
        if len(parts) == 2:
            verses += list(index.hymn(int(parts[0]), int(parts[1])))
        else:
            verse = index.by_ref(ref)
            if verse is not None:
                verses.append(verse)
    return verses


def answer(text: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The verse(s) of the one named passage whose Griffith text holds the asked-for words, or None."""
    from pyapp.search.text import stem

    found = _passage(text or "")
    if found is None:
        return None
    name, refs, names = found
    words = [w for w in _asked_words(text, names) if not w.isdigit()]
    if not words or len(words) > 4:
        return None  # nothing asked of the verse, or a whole description: the other readers
    wanted = {stem(w) for w in words}
    scored: List[Tuple[int, Any]] = []
    for verse in _hymn_verses(index, refs):
        found = {stem(w) for w in re.findall(r"[^\W\d_]+", (verse.translation or "").lower())} & wanted
        if found:
            scored.append((len(found), verse))
    if not scored:
        return None
    best = max(n for n, _ in scored)
    if best < min(len(wanted), 2):
        return None  # "the verse about the moon and the sun": no verse holds enough of it
    top = [v for n, v in scored if n == best]
    first, rest = top[0], top[1:1 + MOST_SHOWN]
    about = _phrase(text, words) or " and ".join(_as_typed(text, w) for w in words)
    quote = " ".join((first.translation or "").split())
    if len(quote) > 300:
        quote = quote[:297].rsplit(" ", 1)[0] + " …"
    lead = (f"RV {first.ref} is the verse of {name} that speaks of {about}: “{quote}” [RV {first.ref}]."
            if not rest else
            f"{name[:1].upper() + name[1:]} speaks of {about} in {len(top)} verses; the first is RV {first.ref}: “{quote}” "
            f"[RV {first.ref}].")
    if rest:
        lead += " The others: " + ", ".join(f"[RV {v.ref}]" for v in rest) + "."
    hymns = list(dict.fromkeys(".".join(v.ref.split(".")[:2]) for v in top))
    return FactAnswer(kind="list", text=lead, refs=[v.ref for v in [first] + rest][:10], subject_hymns=hymns)
