"""Fixtures shared by the unit tests: the searcher over the built index, and for the tests that read
questions in other languages the lexicon and the languages' word files."""
from __future__ import annotations

from pathlib import Path

import pytest

from corpus_build.languages import build_languages
from pyapp.lexicon import Lexicon
from pyapp.search import Searcher


@pytest.fixture(scope="session")
def keyword_searcher(index_dir: Path) -> Searcher:
    """The searcher over the built index without meaning search (as the page answers before the vectors
    arrive), loaded once for the whole run.

    Why once: a searcher builds its lookups lazily on the first questions it answers (the word forms of
    every verse, the lexicon, the hymn facts: seconds on 2 cores, cached by the index object), so one per
    test module paid that again in every module. Nothing a test does changes a searcher's answers (its
    caches are pure); a test that needs another kind of index builds its own."""
    return Searcher.load(str(index_dir), vectors=False)


@pytest.fixture(scope="session")
def searcher(keyword_searcher: Searcher, index_dir: Path) -> Searcher:
    """The searcher with meaning search, once for the whole run: the keyword searcher's index parts with
    the vectors attached, the way the page gets it (bridge.boot, then attach_vectors after "ready"). Its
    verses are the same objects as the keyword searcher's, so the lookups cached by index serve both."""
    full = Searcher(keyword_searcher.index, keyword_searcher.text_index, terms=keyword_searcher.terms,
                    padapatha=keyword_searcher.padapatha)
    full.attach_vectors(str(index_dir))  # as Searcher.load: keyword search only if they cannot load
    return full


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


@pytest.fixture(scope="module")
def words_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The languages' word files built into a temporary index folder (no corpus needed)."""
    out = tmp_path_factory.mktemp("index")
    build_languages([], out)
    return str(out)


@pytest.fixture()
def validator_rejects_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deterministic validator finds the first answer it sees INVALID (one forced unsupported claim),
    then judges as usual: how the orchestrator handles a rejected answer, without writing a bad one."""
    from pyapp.agents import validator

    real = validator.validate_deterministic
    verdicts = iter(["INVALID"])

    def first_invalid(inp):
        out = real(inp)
        verdict = next(verdicts, None)
        return out.copy(update={"verdict": verdict, "unsupported_claims": ["forced"]}) if verdict else out

    monkeypatch.setattr(validator, "validate_deterministic", first_invalid)
