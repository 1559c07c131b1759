"""Fixtures shared by the unit tests: the searcher over the built index, and for the tests that read
questions in other languages the lexicon and the languages' word files."""
from __future__ import annotations

from pathlib import Path

import pytest

from corpus_build.languages import build_languages
from pyapp.lexicon import Lexicon
from pyapp.search import Searcher


@pytest.fixture(scope="module")
def searcher(index_dir: Path) -> Searcher:
    """The searcher over the built index, vectors and all (a test module that wants another defines its own)."""
    return Searcher.load(str(index_dir))


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
