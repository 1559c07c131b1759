"""Fixtures shared by the unit tests that read questions in other languages."""
from __future__ import annotations

import pytest

from corpus_build.languages import build_languages
from pyapp.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


@pytest.fixture(scope="module")
def words_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The languages' word files built into a temporary index folder (no corpus needed)."""
    out = tmp_path_factory.mktemp("index")
    build_languages([], out)
    return str(out)
