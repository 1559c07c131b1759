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


def build_languages(records: Sequence[object], out_dir: Path,
                    progress: Optional[Callable[[str, int, int], None]] = None) -> Dict[str, str]:
    """Write ``languages/<code>.json`` for every hand lexicon; {relative path: sha256}."""
    griffith = {getattr(r, "ref"): getattr(r, "translation") for r in records if getattr(r, "translation", None)}
    lexicons = sorted(LEXICON_DIR.glob("*.json"))
    written: Dict[str, str] = {}
    for number, path in enumerate(lexicons, 1):
        hand = json.loads(path.read_text(encoding="utf-8"))
        code = hand["language"]
        data = {"format": FORMAT, "language": code, "name": hand["name"], "word_order": hand.get("word_order", "svo"),
                "source": hand.get("source", ""), "words": hand["words"], "learned": {}, "learned_from": ""}
        if hand.get("yes_no"):
            data["yes_no"] = hand["yes_no"]
        version = PIVOT_VERSIONS.get(code)
        if version and (out_dir / "versions" / f"{version}.json").is_file():
            pairs = _version_pairs(out_dir, version, griffith)
            data["learned"] = learn_pivot(pairs, code)
            data["learned_from"] = (f"{version} against Griffith, {len(pairs)} aligned stanzas, Dice ≥ {MIN_DICE}, "
                                    f"≥ {MIN_BOTH} stanzas, {KEEP} words kept")
        rel = f"{LANGUAGES_DIR}/{code}.json"
        written[rel] = write_atomic(out_dir / rel, json_bytes(data))
        if progress is not None:
            progress("languages", number, len(lexicons))
    return written


__all__ = ["LANGUAGES_DIR", "PIVOT_VERSIONS", "build_languages", "learn_pivot"]
