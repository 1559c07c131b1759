"""``english.txt``: the English words a reader may type, commonest first, for mending typing slips
(``pyapp.reading.spelling``): "godess of speach" → "goddess of speech".

Why a word list in the index: Griffith's vocabulary alone is too small to tell a slip from a word
he never needed ("story", "cosmic", "describes" are not in it), and a speller that knows only his
words "mends" good English into archaic English. The list comes from pyspellchecker's English
frequency dictionary (a build dependency, MIT; its own source is the OpenSubtitles word counts),
cut to lowercase alphabetic words seen at least ``MIN_COUNT`` times: 44k words, 0.4 MB. It holds
no corpus text. The browser never loads pyspellchecker itself (7 MB of dictionaries for twelve
languages); the slip-mending rules live in ``pyapp/reading/spelling.py`` and run the same in CPython and
Pyodide.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Callable, Dict

from corpus_build.manifest import StepUnavailable, write_atomic

ENGLISH_FILE = "english.txt"
MIN_COUNT = 100
_WORD = re.compile(r"[a-z]+")

Progress = Callable[[str, int, int], None]


def english_counts() -> Dict[str, int]:
    """pyspellchecker's English dictionary: word → count."""
    try:
        import spellchecker
    except ImportError as exc:
        raise StepUnavailable("pyspellchecker is not installed (pip install -e '.[build]')") from exc
    path = Path(spellchecker.__file__).parent / "resources" / "en.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)


def build_english(out_dir: Path, progress: Progress) -> Dict[str, str]:
    """Write ``out_dir/english.txt`` (one word a line, commonest first, ties alphabetical); return
    {relative path: sha256}. Deterministic for a given pyspellchecker release."""
    progress("english words", 0, 1)
    counts = english_counts()
    words = sorted((w for w, c in counts.items() if c >= MIN_COUNT and _WORD.fullmatch(w)),
                   key=lambda w: (-counts[w], w))
    data = ("\n".join(words) + "\n").encode("utf-8")
    progress("english words", 1, 1)
    return {ENGLISH_FILE: write_atomic(out_dir / ENGLISH_FILE, data)}
