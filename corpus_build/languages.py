"""Per-language word files for questions in other languages: ``languages/<code>.json`` (lazy).

Each file holds the language's hand-written question lexicon (``corpus_build/lexicons/<code>.json``:
question and function words, 200–400 theme words, written by us) and, for German, French and Russian,
a pivot lexicon *learned* from the aligned translations the app already ships: Geldner's German,
Renou's French and Elizarenkova's Russian against Griffith's English, verse by verse. A foreign word's
Snowball key (``pyapp.search.translations.term_key``) gets the English words it co-occurs with most
strongly, by the Dice coefficient over aligned stanzas, 2·both / (stanzas with the foreign word + stanzas
with the English word) ≥ ``MIN_DICE``, in at least ``MIN_BOTH`` stanzas; a word's two best partners are
kept. Only word tables are written, never verse text.

Why learned tables: the hand lexicon knows a few hundred words; the translators used tens of thousands,
and the aligned verses tell which English word stands where ("Morgenröte" ~ "dawn", "смерть" ~ "death")
at no cost beyond the build. The page fetches a language's file only when the first question in that
language arrives (the manifest lists it "lazy"), shows its size, and keeps it for offline use.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from corpus_build.manifest import json_bytes, write_atomic

LANGUAGES_DIR = "languages"
FORMAT = 1
LEXICON_DIR = Path(__file__).resolve().parent / "lexicons"
PIVOT_VERSIONS = {"de": "geldner", "fr": "renou", "ru": "elizarenkova"}
MIN_DICE = 0.2
MIN_BOTH = 3
KEEP = 2


def _lexicon_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(LEXICON_DIR.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


BUILD_VERSION = _lexicon_digest()  # a change to a hand lexicon rebuilds the step (manifest.module_source_hash)


def _english_terms(text: str) -> List[Tuple[str, str]]:
    """(key, word) of the English content words of a verse."""
    from pyapp.search.translations import STOPWORDS, term_key, words

    stop = STOPWORDS["en"]
    return [(term_key(w, "en"), w) for w in words(text) if w not in stop and len(w) > 2 and w.isalpha()]


def learn_pivot(pairs: Iterable[Tuple[str, str]], language: str) -> Dict[str, List[str]]:
    """{foreign key: [English word, …]} from (foreign stanza, English verse) pairs (see the docstring)."""
    from pyapp.search.translations import query_terms

    df_f: Counter = Counter()
    df_e: Counter = Counter()
    both: Dict[str, Counter] = defaultdict(Counter)
    surface: Dict[str, Counter] = defaultdict(Counter)
    for foreign, english in pairs:
        f_terms = set(query_terms(foreign, language))
        e_pairs = _english_terms(english)
        e_terms: Set[str] = set()
        for key, word in e_pairs:
            surface[key][word] += 1
            e_terms.add(key)
        if not f_terms or not e_terms:
            continue
        df_f.update(f_terms)
        df_e.update(e_terms)
        for f in f_terms:
            both[f].update(e_terms)
    table: Dict[str, List[str]] = {}
    for f, partners in both.items():
        scored = []
        for e, n in partners.items():
            if n < MIN_BOTH:
                continue
            dice = 2.0 * n / (df_f[f] + df_e[e])
            if dice >= MIN_DICE:
                scored.append((dice, e))
        if scored:
            scored.sort(key=lambda item: (-item[0], item[1]))
            table[f] = [surface[e].most_common(1)[0][0] for _, e in scored[:KEEP]]
    return dict(sorted(table.items()))


def _version_pairs(out_dir: Path, version: str, griffith: Dict[str, str]) -> List[Tuple[str, str]]:
    path = out_dir / "versions" / f"{version}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    pairs = []
    for hymn, verses in data["hymns"].items():
        for number, text in enumerate(verses, 1):
            english = griffith.get(f"{hymn}.{number}")
            if text and english:
                pairs.append((text, english))
    return pairs


CONCEPTS = "concepts.json"
# English glosses of function words: a word derived from another language's table keeps only content words
_FUNCTION_GLOSSES = {"", "is", "are", "was", "were", "in", "of", "on", "from", "to", "about", "for", "with", "by", "and",
                     "what", "who", "whom", "whose", "which", "how", "why", "where", "when", "how many", "how much", "a"}


def _forms(text: str) -> List[str]:
    return [form.replace("_", " ") for form in text.split()]


def merge_lexicon(code: str, hands: Dict[str, dict], concepts: dict) -> dict:
    """One language's word table from three sources, the first that has a word winning: its hand lexicon
    (``lexicons/<code>.json``), the multilingual concept lexicon (``lexicons/concepts.json``: one English
    concept a row, its forms per language, and the names of the hymns' world in scripts the romaniser cannot
    read, such as Chinese 因陀罗 or Korean 인드라), and, for a language of India whose row says ``derive``,
    the content words of a related language's hand lexicon (Hindi's देवता, नदी, यज्ञ are Nepali too, and
    Punjabi or Odia once their script is read as Devanagari; ``pyapp.reading.gloss`` folds every Brahmic
    script to Devanagari before it looks a word up). Function words are never derived: Hindi के is "of",
    Nepali के is "what"."""
    hand = dict(hands.get(code) or {})
    meta = concepts["languages"].get(code, {})
    words: Dict[str, str] = dict(hand.get("words") or {})
    sources = ["hand-written lexicon"] if words else []
    added = 0
    rows = list(concepts.get("names", {}).items()) + list(concepts["concepts"].items())  # a name first (苏摩 Soma)
    for english, forms in rows:
        for form in _forms(forms.get(code, "")):
            if form and form not in words:
                words[form] = english
                added += 1
    if added:
        sources.append(f"{added} words from the concept lexicon (lexicons/{CONCEPTS})")
    parent = meta.get("derive")
    if parent and parent in hands:
        derived = {w: e for w, e in hands[parent]["words"].items() if e not in _FUNCTION_GLOSSES and w not in words}
        words.update(derived)  # after the language's own words: its own spelling wins a fold
        sources.append(f"{len(derived)} content words of the {hands[parent]['name']} lexicon")
    hand["words"] = words
    hand.setdefault("language", code)
    hand.setdefault("name", meta.get("name", code))
    hand.setdefault("word_order", meta.get("word_order", "svo"))
    hand["source"] = "; ".join(sources)
    for key in ("suffixes", "prefixes"):
        if meta.get(key):
            hand[key] = meta[key].split()
    return hand


def build_languages(records: Sequence[object], out_dir: Path,
                    progress: Optional[Callable[[str, int, int], None]] = None) -> Dict[str, str]:
    """Write ``languages/<code>.json`` for every hand lexicon; {relative path: sha256}."""
    griffith = {getattr(r, "ref"): getattr(r, "translation") for r in records if getattr(r, "translation", None)}
    hands = {json.loads(p.read_text(encoding="utf-8"))["language"]: json.loads(p.read_text(encoding="utf-8"))
             for p in sorted(LEXICON_DIR.glob("*.json")) if p.name != CONCEPTS}
    concepts = json.loads((LEXICON_DIR / CONCEPTS).read_text(encoding="utf-8"))
    codes = sorted(set(hands) | set(concepts["languages"]))
    written: Dict[str, str] = {}
    for number, code in enumerate(codes, 1):
        hand = merge_lexicon(code, hands, concepts)
        data = {"format": FORMAT, "language": code, "name": hand["name"], "word_order": hand.get("word_order", "svo"),
                "source": hand.get("source", ""), "words": hand["words"], "learned": {}, "learned_from": ""}
        for key in ("yes_no", "yes_no_end", "suffixes", "prefixes"):
            if hand.get(key):
                data[key] = hand[key]
        version = PIVOT_VERSIONS.get(code)
        if version and (out_dir / "versions" / f"{version}.json").is_file():
            pairs = _version_pairs(out_dir, version, griffith)
            data["learned"] = learn_pivot(pairs, code)
            data["learned_from"] = (f"{version} against Griffith, {len(pairs)} aligned stanzas, Dice ≥ {MIN_DICE}, "
                                    f"≥ {MIN_BOTH} stanzas, {KEEP} words kept")
        rel = f"{LANGUAGES_DIR}/{code}.json"
        written[rel] = write_atomic(out_dir / rel, json_bytes(data))
        if progress is not None:
            progress("languages", number, len(codes))
    return written


__all__ = ["LANGUAGES_DIR", "PIVOT_VERSIONS", "build_languages", "learn_pivot"]
