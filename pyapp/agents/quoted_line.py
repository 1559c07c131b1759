"""Where a remembered line is: the verse whose wording in any shipped translation is closest to a quoted line.

Why: readers quote the RigVeda as they remember it, rarely in Griffith's exact words ("darkness was hidden
by darkness" for his "at first concealed in darkness", "at your birth you are Varuna" for "Thou at thy birth
art Varuṇa"), often in another translator's words or their own language. Each verse is scored by how much
of the line's *content* it holds, on stems, with Griffith's archaic English folded to today's (thou → you,
art → are, -eth/-est off), each word weighted by its rarity (a line is found by "cucumber", not by "free"),
plus a little for the line's word pairs in the same order. The candidates come from the keyword search, the
English meaning vectors (a paraphrase shares few words: "hidden" for "concealed"), and the translation in
the line's own language (Geldner and Grassmann for German, Renou for French, Elizarenkova for Russian).
A line in a language no translation has is read into English word by word (``pyapp.reading.gloss``), and a
famous line the named-passages data already knows ("truth is one, the wise call it by many names") counts.

The answer names the verse first when the match is strong, and says "the closest line found" when it is
not: a quote in no verse is never presented as found.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from pydantic import BaseModel

from pyapp.agents.text import clip
from pyapp.search.translations import STOPWORDS, fold, words

__all__ = ["Located", "locate", "compose", "tokens", "match"]

STRONG = 0.75  # share of the line's (rarity-weighted) content a verse must hold to be named as its source
CLOSE = 0.5  # below this (or below MIN_COVER of its words), nothing found is offered as the line's place
MIN_COVER = 0.34
UNSEEN = 4.0  # the weight of a word the translation's index does not have (a rare word's idf; a reader's own "really" is one too)
GLOSSED = 0.3  # a verse found through a word-by-word reading ranks below one found in a translation's own words
ORDER_SHARE = 0.25
VECTOR_BONUS = 0.3  # the meaning search's first verse, for a paraphrase in other words
MARGIN = 0.05  # cosine lead of the meaning search's first verse over its second that makes it a vote of its own
_ARCHAIC = {"thou": "you", "thee": "you", "ye": "you", "thy": "your", "thine": "your", "art": "are", "hast": "have",
            "hath": "has", "doth": "does", "dost": "do", "wast": "was", "wert": "were", "shalt": "shall",
            "wilt": "will", "canst": "can", "didst": "did", "unto": "to", "o": "", "oh": ""}
_NOT_ARCHAIC = frozenset("forest harvest honest behest conquest request interest manifest earnest nest rest west "
                         "best test guest quest chest breast beast least east feast priest teeth beneath "
                         "death breath heath wreath seth".split())
_EXTRA_STOP = {"en": frozenset("one upon like also even".split()), "de": frozenset(), "fr": frozenset(),
               "ru": frozenset()}
_TO_DAY = re.compile(r"\b([Tt])o-(?=(?:day|morrow|night)\b)")
_STEMMERS: Dict[str, Any] = {}
_SNOWBALL = {"en": "english", "de": "german", "fr": "french", "ru": "russian"}


class Located(BaseModel):
    """The verse a quoted line was found in, how it was found, and how surely."""

    ref: str
    version: str  # "Griffith", "Geldner" … or the named passage's name
    wording: str  # the line's verse in that version's words
    coverage: float  # share of the line's content the verse holds (rarity-weighted)
    score: float  # coverage + order (+ the meaning search's vote)
    strong: bool
    via: str = "text"  # "text", "known" (named passages), "gloss" (read into English first)
    vote: float = 0.0  # the meaning search's vote for it
    english: str = ""  # the line as read into English, when it was


def _stemmer(language: str) -> Any:
    if language not in _STEMMERS:
        try:
            import snowballstemmer

            _STEMMERS[language] = snowballstemmer.stemmer(_SNOWBALL.get(language, "english"))
        except Exception:  # pragma: no cover - unstemmed matching rather than a failed import
            _STEMMERS[language] = None
    return _STEMMERS[language]


def _modern(word: str) -> str:
    """Griffith's English as a reader writes it today (thou → you, becometh → become, knowest → know)."""
    if word in _ARCHAIC:
        return _ARCHAIC[word]
    if word in _NOT_ARCHAIC:
        return word
    if len(word) > 5 and word.endswith("eth"):
        return word[:-3]
    if len(word) > 6 and word.endswith("est") and not word.endswith(("iest", "hest")):
        return word[:-3]
    return word


def tokens(text: str, language: str = "en") -> List[Tuple[str, bool]]:
    """(stem, is content) for each word of ``text``, in order: diacritics folded, archaic English modern,
    function words marked so that only content counts toward coverage."""
    stemmer = _stemmer(language)
    stop = STOPWORDS.get(language, frozenset()) | _EXTRA_STOP.get(language, frozenset())
    out: List[Tuple[str, bool]] = []
    text = _TO_DAY.sub(r"\1o", unicodedata.normalize("NFC", text or ""))  # Griffith's "to-day", "to-morrow"
    for word in words(text):
        word = word.replace("’", "'").strip("'")
        if language == "en":
            word = _modern(word)
        if not word:
            continue
        key = fold(stemmer.stemWord(word) if stemmer is not None else word, language)
        out.append((key, len(word) > 2 and word not in stop and (language != "en" or not word.endswith("'s"))))
    return out


def match(line: Sequence[Tuple[str, bool]], verse: Sequence[Tuple[str, bool]],
          weight: Callable[[str], float] = lambda _: 1.0) -> Tuple[float, float, int]:
    """(coverage, order, matched): the rarity-weighted share of the line's content stems the verse has, the
    share of the line's word pairs the verse has in the same order, and how many content words matched."""
    have = Counter(stem for stem, _ in verse)
    content = Counter(stem for stem, is_content in line if is_content)  # "darkness … by darkness": twice
    if not content:
        return 0.0, 0.0, 0
    # a word the translation never uses weighs as its rarest ("penny" in "a penny saved…"): a line that needs it
    # is not in that translation, however many of its common words a verse has
    weights = {stem: (max(0.3, weight(stem)) if weight(stem) > 0 else UNSEEN) for stem in content}
    total = sum(weights[s] * n for s, n in content.items())
    coverage = sum(weights[s] * min(n, have[s]) for s, n in content.items()) / total
    found = [s for s in content if have[s]]
    pairs = set(zip([s for s, _ in verse], [s for s, _ in verse][1:]))
    line_pairs = list(zip([s for s, _ in line], [s for s, _ in line][1:]))
    order = sum(1 for p in line_pairs if p in pairs) / max(1, len(line_pairs))
    return coverage, order, len(found)


def _best(line_tokens: List[Tuple[str, bool]], candidates: Iterable[Tuple[str, str, str, float]],
          language: str, weight: Callable[[str], float], via: str, english: str = "") -> Optional[Located]:
    """The best of (ref, version, wording, vote) candidates for the line's tokens."""
    best: Optional[Located] = None
    content = sum(1 for _, c in line_tokens if c)
    for ref, version, wording, vote in candidates:
        coverage, order, matched = match(line_tokens, tokens(wording, language), weight)
        score = coverage + ORDER_SHARE * order + vote
        # a line read into English word by word is surer with a third word: two glossed words meet many verses
        strong = coverage >= STRONG and matched >= (3 if via == "gloss" else min(2, content))
        found = Located(ref=ref, version=version, wording=wording, coverage=round(coverage, 3),
                        score=round(score, 3), strong=strong, via=via, english=english, vote=round(vote, 3))
        if best is None or (found.strong, found.score) > (best.strong, best.score):
            best = found
    return best


def _english_candidates(line: str, searcher: Any, index: Any) -> List[Tuple[str, str, str, float]]:
    """Griffith's verses the keyword search (on the line in today's and in Griffith's English) and the meaning
    search find for the line; the meaning search's first verses carry a vote."""
    out: Dict[str, float] = {}
    modern = " ".join(_modern(w) for w in words(line))
    for query in dict.fromkeys([line, modern]):
        found = searcher.search(query, method="text", k=40)
        for result in (found.results if found.success else []):
            out.setdefault(result.book_context, 0.0)
    if getattr(searcher, "has_vectors", False):
        found = searcher.search(line, method="vector", k=10)
        results = found.results if found.success else []
        for rank, result in enumerate(results):
            out[result.book_context] = max(out.get(result.book_context, 0.0), VECTOR_BONUS / (1 + rank))
        if len(results) > 1:  # a first verse far ahead of the rest is the paraphrase's own, not one of many alike
            margin = results[0].relevance - results[1].relevance
            if margin >= MARGIN:
                out[results[0].book_context] += min(0.5, 3 * margin)
    candidates = []
    for ref, vote in out.items():
        verse = index.by_ref(ref)
        if verse is not None and verse.translation:
            candidates.append((ref, "Griffith", verse.translation, vote))
    return candidates


def _known_candidates(index: Any) -> List[Tuple[str, str, str, float]]:
    """The famous lines the named-passages data knows: one candidate per short passage, its names as its words."""
    from pyapp.reading.named import named_passages, passage_refs

    out = []
    for passage in named_passages():
        refs = passage_refs(passage)
        if len(refs) > 3 or not refs or refs[0].count(".") != 2 or index.by_ref(refs[0]) is None:
            continue
        out.append((refs[0], passage.names[0], " | ".join(passage.names), 0.0))
    return out


def _version_candidates(line: str, language: str, index: Any) -> List[Tuple[str, str, str, float]]:
    """The verses the translations in the line's language find for it (their own BM25)."""
    from pyapp.reading import foreign
    from pyapp.search.translations import load_catalog

    directory = getattr(index, "dir", None)
    catalog = load_catalog(directory) if directory else None
    out = []
    for version in (catalog.versions if catalog is not None else []):
        if version.language != language or version.id == "griffith":
            continue
        try:
            loaded = foreign.translation_index(directory, version.id, index.doc_id)
            hits = loaded.search(line, k=20)
        except Exception:
            continue  # not shipped to this browser yet, or unreadable
        out += [(hit.ref, version.name, hit.text, 0.0) for hit in hits if hit.text]
    return out


def _glossed(line: str, language: str, lexicon: Any, index_dir: Optional[str]) -> Tuple[str, List[str]]:
    """The line read into English word by word, and the words that could not be read."""
    from pyapp.reading import gloss

    try:
        read = gloss.read(line, language, lexicon, index_dir=index_dir)
    except Exception:
        return "", []
    if read is None or not read.loaded or not read.english:
        return "", []
    return read.english.strip(" ?.!"), list(read.unknown)


ADDRESSED_BONUS = 0.2  # a verse addressed to the god the question names beside the line ("Pūṣan … 'let none be lost'")


def _addressed(candidates: List[Tuple[str, str, str, float]], gods: Sequence[str], index: Any,
               searcher: Any, line: str) -> List[Tuple[str, str, str, float]]:
    """The candidates with a vote for each verse addressed to a god the question names outside the line, and that
    god's verses the line's words find (searched with the god's name): a remembered line is looked for among the
    hymns of the god the reader names, which a line read word by word often misses."""
    if not gods:
        return candidates
    from pyapp.lexicon import norm

    wanted = {norm(g) for g in gods if g}
    extra = _english_candidates(f"{line} {' '.join(gods)}", searcher, index)
    merged: Dict[str, Tuple[str, str, str, float]] = {}
    for ref, version, wording, vote in candidates + extra:
        if ref in merged and merged[ref][3] >= vote:
            continue
        merged[ref] = (ref, version, wording, vote)
    out = []
    for ref, version, wording, vote in merged.values():
        verse = index.by_ref(ref)
        deity = norm(getattr(verse, "deity", "") or "") + " " + norm(getattr(verse, "hymn_addressee", "") or "")
        out.append((ref, version, wording, vote + (ADDRESSED_BONUS if any(w and w[:4] in deity for w in wanted) else 0.0)))
    return out


def locate(line: str, language: str, index: Any, searcher: Any, lexicon: Any = None,
           idf: Optional[Callable[[str], float]] = None, gods: Sequence[str] = ()) -> Optional[Located]:
    """The verse ``line`` (in ``language``, a code of ``pyapp.reading.language``) is quoted from, or None;
    ``gods``: the gods the question names outside the line (their verses get a vote)."""
    weight = idf or (lambda _: 1.0)
    found: List[Located] = []
    english, unknown = line, []
    if language != "en":
        if language in _SNOWBALL:
            own = tokens(line, language)
            best = _best(own, _version_candidates(line, language, index), language, lambda _: 1.0, "text")
            if best is not None:
                found.append(best)
        english, unknown = _glossed(line, language, lexicon, getattr(index, "dir", None))
    if english:
        read = tokens(english, "en")
        if unknown:  # words the word file could not read neither count for nor against a verse
            lost = {stem for stem, _ in tokens(" ".join(unknown), "en")}
            read = [(stem, content and stem not in lost) for stem, content in read]
        via = "text" if language == "en" else "gloss"
        shown = "" if language == "en" else english
        if sum(1 for _, c in read if c) >= 2:
            best = _best(read, _addressed(_english_candidates(english, searcher, index), gods, index, searcher, english),
                         "en", weight, via, shown)
            if best is not None:
                found.append(best)
            known = _best(read, _known_candidates(index), "en", weight, "known", shown)
            if known is not None and known.strong and sum(1 for _, c in read if c) >= 3:
                found.append(known.copy(update={"score": known.score + 0.5}))  # the line readers mean by it
    if not found:
        return None
    return max(found, key=lambda f: (f.strong, f.score - (GLOSSED if f.via == "gloss" else 0.0)))


def compose(found: Optional[Located], line: str, index: Any) -> Tuple[str, List[str]]:
    """The answer: the verse named first when the match is strong, hedged as the closest line otherwise;
    with no close line at all, a plain statement that no shipped translation has it (no verse cited)."""
    shown = clip(line, 160)
    if found is None or found.score < CLOSE or (found.coverage < MIN_COVER and found.vote < VECTOR_BONUS):
        return (f"No verse in Griffith's English or the other shipped translations has a line close to “{shown}”: "
                f"it may be a later saying, or remembered in words too far from any translation's. Quoting more of "
                f"it, or asking about its subject, may find the verse.", [])
    ref = found.ref
    verse = index.by_ref(ref)
    sanskrit = f" Its Sanskrit: {verse.sanskrit} ({verse.roman})" if verse is not None else ""
    griffith = clip(verse.translation or "", 320) if verse is not None else ""
    read = f" (read into English as “{clip(found.english, 120)}”)" if found.english else ""
    if found.via == "known":
        wording = f"known as “{found.version}”; in Griffith's words: “{griffith}”"
    elif found.version == "Griffith":
        wording = f"in Griffith's words: “{griffith}”"
    else:
        wording = f"in {found.version}'s words: “{clip(found.wording, 320)}” (Griffith: “{griffith}”)"
    if found.strong:
        text = f"“{shown}”{read} is RV {ref}, {wording}.{sanskrit} [RV {ref}]"
    else:
        text = (f"No shipped translation has exactly the words “{shown}”{read}; the closest line found is RV {ref}, "
                f"{wording}.{sanskrit} [RV {ref}]")
    text += "\n(Found by comparing the quoted words with each translation's verses; composed by code from the index.)"
    return text, [ref]
