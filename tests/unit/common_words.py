"""The check the common-words tests share: a question read whole, its English carrying the wanted words."""
from __future__ import annotations

from typing import Set

from pyapp.lexicon import Lexicon
from pyapp.reading import gloss


def assert_read_whole(lexicon: Lexicon, words_dir: str, question: str, language: str, wanted: Set[str]) -> None:
    """Every word of ``question`` read (none left as typed), and each of ``wanted`` in its English reading."""
    read = gloss.read(question, language, lexicon, index_dir=words_dir)
    assert read is not None and read.loaded, question
    assert read.unknown == [], (question, read.english, read.unknown)
    missing = {w for w in wanted if w not in read.english.lower()}
    assert not missing, (question, read.english, missing)
