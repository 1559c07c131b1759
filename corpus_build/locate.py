"""Where the corpus and its upstream files are: one answer for ``serve.py``, every ``corpus_build``
entry point and the tests.

The corpus (``rigveda.jsonl``), first that applies:
  1. ``--corpus PATH_OR_URL``
  2. ``$RIGVEDA_CORPUS``
  3. ``shared/corpus/rigveda.jsonl`` beside the checkout (or beside one of its parents: the team's copy)
  4. ``.cache/corpus/rigveda.jsonl``, built earlier from the upstream files (and still made from the
     pinned files by the current normaliser: its ``upstream.json`` stamp says so)
and when none of them exists, ``ensure_corpus`` builds 4 from the upstream files.

The upstream files (the pinned public files the corpus, the padapāṭha and the translations come from):
  1. ``--upstream DIR_OR_URL``
  2. ``$RIGVEDA_UPSTREAM``
  3. ``shared/upstream`` beside the checkout (or beside one of its parents)
  4. ``.cache/upstream``, once it holds every pinned file (builds that fetched from a URL keep verified
     copies there, in the raw host's ``<owner>/<repo>/<commit>/<path>`` layout)
  5. the public raw-file host (``https://raw.githubusercontent.com``)

Why one module: three copies of this order (serve.py, the build, the tests) had drifted apart, so a
corpus the build had just made was not found again by serve.py or the tests. An explicit location
(options 1–2) is returned even when it does not exist: a typo must be an error naming it, never a
silent fall-through to another corpus.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_ENV = "RIGVEDA_CORPUS"
UPSTREAM_ENV = "RIGVEDA_UPSTREAM"
CORPUS_FILE = "rigveda.jsonl"
CACHE_DIR = REPO_ROOT / ".cache"
CORPUS_CACHE = CACHE_DIR / "corpus"
UPSTREAM_CACHE = CACHE_DIR / "upstream"
DEFAULT_BASE = "https://raw.githubusercontent.com"
# What to tell a person when nothing is found: only options that serve.py and python -m corpus_build
# both accept (tests/unit/test_serve.py parses each one).
HOW_TO_POINT = ("pass --corpus PATH_OR_URL or --upstream DIR_OR_URL, "
                f"or set ${CORPUS_ENV} or ${UPSTREAM_ENV}")


@dataclass(frozen=True)
class Found:
    """A location and which rule found it (for messages: 'corpus: …/rigveda.jsonl ($RIGVEDA_CORPUS)')."""

    location: str
    origin: str

    def __str__(self) -> str:
        return f"{self.location} ({self.origin})"


def is_url(location: str) -> bool:
    return location.startswith(("http://", "https://"))


def _beside_checkout(*parts: str) -> Iterator[Path]:
    """``shared/<parts>`` beside the checkout, then beside each of its parents (nearest first)."""
    for folder in REPO_ROOT.parents:
        yield folder.joinpath("shared", *parts)


def shared_corpus() -> Optional[Path]:
    """The team's corpus beside the checkout, if there is one."""
    return next((p for p in _beside_checkout("corpus", CORPUS_FILE) if p.is_file()), None)


def cached_corpus() -> Optional[Path]:
    """``.cache/corpus/rigveda.jsonl`` if it was made from the pinned files by the current normaliser."""
    out = CORPUS_CACHE / CORPUS_FILE
    if not out.is_file():
        return None
    from corpus_build.upstream import cached  # late: upstream imports corpus, which imports this module

    return out if cached(out) else None


def find_corpus(explicit: Optional[str] = None) -> Optional[Found]:
    """The corpus by the order above, without building anything; ``None`` when nothing is there."""
    if explicit:
        return Found(explicit, "--corpus")
    if os.environ.get(CORPUS_ENV):
        return Found(os.environ[CORPUS_ENV], f"${CORPUS_ENV}")
    shared = shared_corpus()
    if shared is not None:
        return Found(str(shared), "shared/corpus beside the checkout")
    cached = cached_corpus()
    if cached is not None:
        return Found(str(cached), "built from the upstream files, .cache/corpus")
    return None


def corpus_location(explicit: Optional[str] = None) -> str:
    """Where the corpus is, or else where the team's copy would be (so a message can name a path)."""
    found = find_corpus(explicit)
    return found.location if found else str(REPO_ROOT.parent / "shared" / "corpus" / CORPUS_FILE)


def corpus_exists(location: str) -> bool:
    """A URL counts as present (the loader reports it if unreachable); a path must be a file."""
    return is_url(location) or Path(location).is_file()


def _complete_mirror(directory: Path) -> bool:
    """True if ``directory`` holds every pinned file (corpus inputs and versions), by path and size."""
    from corpus_build.upstream import load_lock

    lock = load_lock()
    for item in lock.files() + lock.version_files():
        path = directory / item.repo / item.commit / item.pin.path
        if not path.is_file() or path.stat().st_size != item.pin.bytes:
            return False
    return True


def find_upstream(explicit: Optional[str] = None) -> Optional[Found]:
    """A local or configured copy of the upstream files by the order above (not the public host)."""
    if explicit:
        return Found(explicit, "--upstream")
    if os.environ.get(UPSTREAM_ENV):
        return Found(os.environ[UPSTREAM_ENV], f"${UPSTREAM_ENV}")
    shared = next((p for p in _beside_checkout("upstream") if p.is_dir()), None)
    if shared is not None:
        return Found(str(shared), "shared/upstream beside the checkout")
    if UPSTREAM_CACHE.is_dir() and _complete_mirror(UPSTREAM_CACHE):
        return Found(str(UPSTREAM_CACHE), "verified copies in .cache/upstream")
    return None


def upstream_location(explicit: Optional[str] = None) -> str:
    """Where to fetch the upstream files from: a copy found above, else the public raw-file host."""
    found = find_upstream(explicit)
    return found.location if found else DEFAULT_BASE


def ensure_corpus(corpus: Optional[str] = None, upstream: Optional[str] = None, *, quiet: bool = False) -> str:
    """The corpus to build from, building it from the upstream files into ``.cache/corpus`` when needed.

    ``--upstream`` always (re)builds from that mirror (a no-op copy when the cache is current);
    otherwise the first corpus found wins, and only when none is found are the upstream files
    fetched (``upstream_location``). Raises ``CorpusMissing`` naming only options that work."""
    from corpus_build.corpus import CorpusError, CorpusMissing
    from corpus_build.manifest import exclusive
    from corpus_build.upstream import UpstreamUnreachable, build_corpus, cached

    if upstream and corpus:
        raise CorpusError("pass --corpus or --upstream, not both")
    if not upstream:
        found = find_corpus(corpus)
        if found is not None:
            return found.location
    out = CORPUS_CACHE / CORPUS_FILE
    with exclusive(CORPUS_CACHE / ".corpus.lock", str(CORPUS_CACHE)):
        if not upstream and cached(out):  # another process built it while this one waited
            return str(out)
        source = upstream_location(upstream)
        if not quiet and not upstream:
            print(f"no corpus found (--corpus, ${CORPUS_ENV}, shared/corpus beside the checkout, .cache/corpus): "
                  f"building it from its upstream files at {source}", file=sys.stderr, flush=True)
        try:
            return str(build_corpus(source, out, quiet=quiet))
        except UpstreamUnreachable as exc:
            raise CorpusMissing(f"no corpus found and {exc} ({HOW_TO_POINT})") from None


def main() -> int:
    """``python -m corpus_build.locate``: print what was found, for people and CI logs."""
    corpus, upstream = find_corpus(), find_upstream()
    print(f"corpus:   {corpus or 'none found (the build makes one from the upstream files)'}")
    print(f"upstream: {upstream or f'none found locally; the public host {DEFAULT_BASE}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
