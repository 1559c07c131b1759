"""The corpus from its public sources: fetch the pinned upstream files, check each one against the
sha256 in ``corpus_build/upstream.lock.json``, print their licences, and normalise them
(``corpus_build.normalize``) into ``rigveda.jsonl`` + ``hymns.jsonl``.

    python -m corpus_build.upstream [--upstream DIR_OR_URL] [--out .cache/corpus/rigveda.jsonl] [--quiet]
    python -m corpus_build --upstream DIR_OR_URL …   (the same, then the index is built from it)

``python -m corpus_build`` and ``serve.py`` also do this by themselves when they find no corpus
(``corpus_build.locate`` decides: ``--corpus``, ``$RIGVEDA_CORPUS``, ``shared/corpus`` beside the
checkout, ``.cache/corpus``). The corpus goes into ``.cache/corpus/`` (git-ignored) and is found
there again while the lock and the normaliser are unchanged (``upstream.json`` beside it records both).

Where from: ``--upstream`` / ``$RIGVEDA_UPSTREAM`` / ``shared/upstream`` beside the checkout /
``.cache/upstream`` (``corpus_build.locate``), a directory or an http(s) base URL; by default the
public raw-file host, ``https://raw.githubusercontent.com/<owner>/<repo>/<commit>/<path>``. Files
fetched from a URL are kept, verified, in ``.cache/upstream`` (that layout), so the tests and later
builds find a complete local copy.
A mirror may keep that layout or leave the commit level out (``<owner>/<repo>/<path>``, one
snapshot per repository like a checkout); the hashes decide whether its files are the right ones.

Why pinned hashes: the index, its doc ids and every test answer depend on these exact bytes. A
file that changed upstream, was cut short or comes from the wrong commit stops everything with
one line naming the file, the expected and the actual sha256, before any of it is used; outputs
are written via temp file + rename, ``rigveda.jsonl`` last, so no half corpus is ever left.
The normalised files are pinned too (``outputs``): a different result only warns, since the
corpus is still valid, but the index would then differ from the team's.

Exit codes: 0 ok, 1 a file does not match its hash / cannot be normalised, 2 upstream unreachable.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, TextIO

from pydantic import BaseModel, Field, ValidationError

from corpus_build import __version__
from corpus_build import locate
from corpus_build.corpus import CorpusError, CorpusMissing
from corpus_build.manifest import exclusive, json_bytes, module_source_hash, sha256_bytes, sha256_file, write_atomic
from corpus_build.normalize import NormalizeError, jsonl_bytes, normalize

LOCK_PATH = Path(__file__).resolve().parent / "upstream.lock.json"
DEFAULT_BASE = locate.DEFAULT_BASE
UPSTREAM_ENV = locate.UPSTREAM_ENV
DEFAULT_CACHE = locate.CORPUS_CACHE  # the CLI's default --out folder
CORPUS_FILE, HYMNS_FILE = "rigveda.jsonl", "hymns.jsonl"
LICENCES_FILE, STAMP_FILE = "LICENCES.txt", "upstream.json"
TIMEOUT_S = 60
CHUNK = 1 << 16


class UpstreamError(CorpusError):
    """An upstream file is not the pinned one, or cannot be normalised (exit code 1)."""


class UpstreamUnreachable(CorpusMissing):
    """The upstream location or one of its files cannot be reached (exit code 2)."""


# ---------------------------------------------------------------------------------------------
# The lock


class PinnedFile(BaseModel):
    path: str
    sha256: str = Field(..., regex=r"^[0-9a-f]{64}$")
    bytes: int = Field(..., ge=0)

    class Config:
        extra = "forbid"


class PinnedSource(BaseModel):
    commit: str = Field(..., regex=r"^[0-9a-f]{40}$")
    files: Dict[str, PinnedFile]  # name used by corpus_build.normalize → file

    class Config:
        extra = "forbid"


class PinnedOutput(BaseModel):
    sha256: str = Field(..., regex=r"^[0-9a-f]{64}$")
    bytes: int = Field(..., ge=0)

    class Config:
        extra = "forbid"


class UpstreamLock(BaseModel):
    comment: str = ""
    sources: Dict[str, PinnedSource]  # "owner/repo" → commit + files
    outputs: Dict[str, PinnedOutput]  # rigveda.jsonl / hymns.jsonl
    # the padapāṭha and the parallel translations (corpus_build.versions): not corpus inputs, so
    # neither ``files()`` nor ``digest()`` (the corpus cache stamp) include them
    versions: Dict[str, PinnedSource] = Field(default_factory=dict)

    class Config:
        extra = "forbid"

    def files(self) -> List["Wanted"]:
        """Every pinned file, by repository and path (numbers in natural order: mandala_2 before _10)."""
        return _ordered(Wanted(name, repo, src.commit, pin) for repo, src in self.sources.items()
                        for name, pin in src.files.items())

    def version_files(self) -> List["Wanted"]:
        """The pinned padapāṭha and translation files (``versions``), in the same order."""
        return _ordered(Wanted(name, repo, src.commit, pin) for repo, src in self.versions.items()
                        for name, pin in src.files.items())

    def named(self, name: str) -> "Wanted":
        """One pinned file by its name, from either section (``KeyError`` if none has it)."""
        for item in self.files() + self.version_files():
            if item.name == name:
                return item
        raise KeyError(name)

    def versions_digest(self) -> str:
        """Identifies the pinned version files (part of the versions build step's input hash)."""
        return sha256_bytes(json_bytes({repo: src.dict() for repo, src in self.versions.items()}))

    def digest(self) -> str:
        """Identifies the pinned inputs (for the cache stamp)."""
        return sha256_bytes(json_bytes({repo: src.dict() for repo, src in self.sources.items()}))


def _ordered(wanted: Iterable["Wanted"]) -> List["Wanted"]:
    return sorted(wanted, key=lambda w: (w.repo, [int(t) if t.isdigit() else t
                                                  for t in re.split(r"(\d+)", w.pin.path)]))


@dataclass(frozen=True)
class Wanted:
    name: str
    repo: str
    commit: str
    pin: PinnedFile

    @property
    def label(self) -> str:
        return f"{self.repo}/{self.pin.path}"


def load_lock(path: Path = LOCK_PATH) -> UpstreamLock:
    try:
        return UpstreamLock.parse_raw(path.read_bytes())
    except (OSError, ValidationError, ValueError) as exc:
        raise UpstreamError(f"{path.name}: unreadable lock ({str(exc).splitlines()[0]})") from None


# ---------------------------------------------------------------------------------------------
# Fetching


def is_url(location: str) -> bool:
    return location.startswith(("http://", "https://"))


def verify(item: Wanted, data: bytes) -> bytes:
    """The file's bytes if they are the pinned ones; else one line naming file and both hashes."""
    actual = sha256_bytes(data)
    if actual != item.pin.sha256:
        size = (f"{len(data)} bytes, truncated: expected {item.pin.bytes}" if len(data) < item.pin.bytes
                else f"{len(data)} bytes, expected {item.pin.bytes}")
        raise UpstreamError(f"upstream file {item.label} at {item.commit[:12]} does not match its pinned hash: "
                            f"expected sha256 {item.pin.sha256}, got {actual} ({size})")
    return data


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


class Upstream:
    """A directory or http(s) base URL holding the files as ``<owner>/<repo>/<commit>/<path>`` (the
    raw-file host's layout) or ``<owner>/<repo>/<path>``; which one is found once per repository."""

    def __init__(self, location: str) -> None:
        self.location = location.rstrip("/") if is_url(location) else location
        self._with_commit: Dict[str, bool] = {}
        if not is_url(location) and not Path(location).is_dir():
            raise UpstreamUnreachable(f"upstream directory not found: {location}")

    def _candidates(self, item: Wanted) -> List[bool]:
        known = self._with_commit.get(item.repo)
        return [known] if known is not None else [True, False]

    def _where(self, item: Wanted, with_commit: bool) -> str:
        rel = f"{item.repo}/{item.commit}/{item.pin.path}" if with_commit else f"{item.repo}/{item.pin.path}"
        return f"{self.location}/{rel}" if is_url(self.location) else str(Path(self.location) / rel)

    def get(self, item: Wanted, progress: Callable[[int], None]) -> bytes:
        """The file's bytes as served (not yet verified)."""
        tried = []
        for with_commit in self._candidates(item):
            where = self._where(item, with_commit)
            tried.append(where)
            data = _http_get(where, progress) if is_url(where) else _read_file(where, progress)
            if data is not None:
                self._with_commit[item.repo] = with_commit
                return data
        raise UpstreamUnreachable(f"upstream file {item.label} not found: tried {' and '.join(tried)}")


def _read_file(path: str, progress: Callable[[int], None]) -> Optional[bytes]:
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UpstreamUnreachable(f"cannot read {path}: {exc.strerror}") from None
    progress(len(data))
    return data


def _http_get(url: str, progress: Callable[[int], None]) -> Optional[bytes]:
    """GET in blocks, reporting the bytes so far; ``None`` for a 404. A connection cut mid-file returns
    what arrived, and the hash check then reports the file as truncated."""
    request = urllib.request.Request(url, headers={"User-Agent": f"rigveda-scholar/{__version__} (corpus_build)"})
    blocks: List[bytes] = []
    done = 0
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:  # noqa: S310 (http(s) only)
            while True:
                try:
                    block = response.read(CHUNK)
                except http.client.IncompleteRead as exc:
                    blocks.append(exc.partial)
                    break
                if not block:
                    break
                blocks.append(block)
                done += len(block)
                progress(done)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return None
        raise UpstreamUnreachable(f"upstream not available: {url}: HTTP {exc.code}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise UpstreamUnreachable(f"upstream not reachable: {url}: {reason}") from None
    return b"".join(blocks)


class Reporter:
    """Progress on ``stream``: a line per verified file with its size and the running total; on a
    terminal also a live byte count while a file downloads."""

    def __init__(self, stream: TextIO, quiet: bool) -> None:
        self.stream = stream
        self.quiet = quiet
        self.live = not quiet and hasattr(stream, "isatty") and stream.isatty()
        self._last = 0.0

    def say(self, message: str) -> None:
        if not self.quiet:
            print(message, file=self.stream, flush=True)

    def downloading(self, label: str, expected: int) -> Callable[[int], None]:
        def progress(done: int) -> None:
            now = time.monotonic()
            if self.live and now - self._last > 0.2:
                self._last = now
                print(f"\r  {label}  {mb(done)} of {mb(expected)}", end="", file=self.stream, flush=True)
        return progress

    def done(self, message: str) -> None:
        if self.live:
            print("\r\033[K", end="", file=self.stream)
        self.say(message)


def keep_copy(item: Wanted, data: bytes) -> None:
    """A verified file fetched from a URL, kept in ``.cache/upstream`` (raw host layout) for offline reuse."""
    try:
        write_atomic(locate.UPSTREAM_CACHE / item.repo / item.commit / item.pin.path, data)
    except OSError as exc:  # a read-only checkout still builds; it only fetches again next time
        print(f"warning: cannot keep {item.label} in {locate.UPSTREAM_CACHE}: {exc}", file=sys.stderr)


def fetch(location: str, lock: UpstreamLock, reporter: Reporter,
          wanted: Optional[List[Wanted]] = None) -> Dict[str, bytes]:
    """Every pinned corpus file (or the ``wanted`` ones), each verified against its sha256 as soon as it
    arrives; from a URL, also kept in ``.cache/upstream`` (``keep_copy``)."""
    upstream = Upstream(location)
    wanted = lock.files() if wanted is None else wanted
    total = sum(item.pin.bytes for item in wanted)
    reporter.say(f"fetching {len(wanted)} upstream files ({mb(total)}) from {upstream.location}")
    started, so_far = time.monotonic(), 0
    files: Dict[str, bytes] = {}
    for number, item in enumerate(wanted, 1):
        data = verify(item, upstream.get(item, reporter.downloading(item.label, item.pin.bytes)))
        files[item.name] = data
        if is_url(location):
            keep_copy(item, data)
        so_far += len(data)
        reporter.done(f"  [{number:2d}/{len(wanted)}] {item.label}  {mb(len(data))}  sha256 ok"
                      f"  ({mb(so_far)} of {mb(total)})")
    reporter.say(f"fetched and verified {mb(so_far)} in {time.monotonic() - started:.1f} s")
    return files


# ---------------------------------------------------------------------------------------------
# Licences


def tei_licences(tei: str) -> Dict[str, str]:
    """{biblFull xml:id: 'CC BY-NC-SA 4.0 <url>'} from the teiHeader, where VedaWeb states every file's licence."""
    found: Dict[str, str] = {}
    starts = [(m.start(), m.group(1)) for m in re.finditer(r'<biblFull xml:id="([^"]+)"', tei)]
    for (start, xml_id), (end, _) in zip(starts, starts[1:] + [(len(tei), "")]):
        licence = re.search(r'<licence[^>]*target="([^"]*)"', tei[start:end])
        if licence:
            url = licence.group(1)
            cc = re.search(r"creativecommons\.org/licenses/([a-z-]+)/([0-9.]+)", url)
            found[xml_id] = (f"CC {cc.group(1).upper()} {cc.group(2)} <{url}>" if cc else f"<{url}>")
    return found


def licence_notice(files: Dict[str, bytes], lock: UpstreamLock) -> str:
    """The licences as the upstream files state them, and the attribution the corpus needs."""
    tei = tei_licences(files["vedaweb_tei"].decode("utf-8"))
    odbl = "Open Database License" in files["dharmic_licence"].decode("utf-8")
    dharmic = "ODbL 1.0 <https://opendatacommons.org/licenses/odbl/1-0/>" if odbl else "see its LICENSE.txt"
    unstated = "not stated (see the teiHeader of rigveda/TEI/vedaweb_corpus.tei)"
    commits = ", ".join(f"{repo} @ {src.commit[:12]}" for repo, src in lock.sources.items())
    rows = [
        ("Sanskrit text, D. Eichler's edition (eichler.csv)", tei.get("eichler", unstated)),
        ("roman text, Th. Aufrecht via GRETIL (aufrecht.csv)", tei.get("aufrecht", unstated)),
        ("English, R. T. H. Griffith 1896 (griffith.csv)",
         f"public domain; VedaWeb's digital compilation {tei.get('griffith', unstated)}"),
        ("hymn addressees, after Geldner (addressees.json)", tei.get("addressees", unstated)),
        ("stanza list (rv_locations.tsv)", "no separate licence stated (VedaWeb: every source carries a CC licence)"),
        ("rishi / deity / meter, DharmicData (Vedic Heritage Portal)", f"{dharmic} (LICENSE.txt)"),
    ]
    width = max(len(what) for what, _ in rows)
    lines = [f"Licences of the RigVeda corpus sources ({commits}), as the files state them:"]
    lines += [f"  {what:<{width}}  {licence}" for what, licence in rows]
    lines += [
        "The corpus built from them carries these terms: non-commercial use, attribution, share-alike",
        "(CC BY-NC-SA 4.0); the rishi/deity/meter database stays under the ODbL (attribution, share-alike).",
        "Attribution: Sanskrit text: D. Eichler, via VedaWeb (Univ. of Cologne), CC BY-NC-SA 4.0; roman text:",
        "Th. Aufrecht via GRETIL/VedaWeb, CC BY-NC-SA 4.0; English: R. T. H. Griffith (1896, public domain) via",
        "VedaWeb; anukramaṇī data: DharmicData (Vedic Heritage Portal), ODbL 1.0; addressees: VedaWeb, CC BY 4.0.",
    ]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Fetch + normalise + write


def _stamp(lock: UpstreamLock, outputs: Dict[str, bytes]) -> dict:
    return {"lock": lock.digest(), "normalize": module_source_hash("corpus_build.normalize"),
            "sources": {repo: src.commit for repo, src in lock.sources.items()},
            "files": {name: sha256_bytes(data) for name, data in outputs.items()}}


def cached(out: Path, lock: Optional[UpstreamLock] = None) -> bool:
    """True if ``out`` (and its hymns.jsonl) were made from the pinned files by the current normaliser."""
    stamp_path = out.with_name(STAMP_FILE)
    if not out.is_file() or not stamp_path.is_file():
        return False
    try:
        stamp = json.loads(stamp_path.read_bytes())
    except ValueError:
        return False
    lock = lock or load_lock()
    names = {CORPUS_FILE: out, HYMNS_FILE: out.with_name(HYMNS_FILE)}
    return (stamp.get("lock") == lock.digest()
            and stamp.get("normalize") == module_source_hash("corpus_build.normalize")
            and set(stamp.get("files", {})) == set(names)
            and all(path.is_file() and sha256_file(path) == stamp["files"][name] for name, path in names.items()))


def build_corpus(location: str, out: Path, *, quiet: bool = False, stream: Optional[TextIO] = None,
                 lock: Optional[UpstreamLock] = None) -> Path:
    """Fetch, verify, print the licences, normalise, write ``out`` (rigveda.jsonl) and beside it
    hymns.jsonl, LICENCES.txt and upstream.json. The licence notice is printed even when quiet."""
    stream = stream or sys.stderr
    lock = lock or load_lock()
    reporter = Reporter(stream, quiet)
    files = fetch(location, lock, reporter)
    notice = licence_notice(files, lock)
    print(notice, end="", file=stream, flush=True)
    started = time.monotonic()
    try:
        corpus = normalize(files)
    except NormalizeError as exc:
        raise UpstreamError(f"cannot normalise the upstream files: {exc}") from None
    outputs = {CORPUS_FILE: jsonl_bytes(corpus.verses), HYMNS_FILE: jsonl_bytes(corpus.hymns)}
    reporter.say(f"normalised {len(corpus.verses)} verses, {len(corpus.hymns)} hymns "
                 f"in {time.monotonic() - started:.1f} s")
    for name, data in outputs.items():
        pin = lock.outputs.get(name)
        if pin is not None and sha256_bytes(data) != pin.sha256:
            print(f"warning: {name} differs from the pinned corpus (sha256 {sha256_bytes(data)}, pinned "
                  f"{pin.sha256}); the index will differ from the team's", file=stream, flush=True)
    # rigveda.jsonl last: its presence means a complete corpus (hymns.jsonl is optional to the build)
    write_atomic(out.with_name(LICENCES_FILE), notice.encode("utf-8"))
    write_atomic(out.with_name(HYMNS_FILE), outputs[HYMNS_FILE])
    write_atomic(out.with_name(STAMP_FILE), json_bytes(_stamp(lock, outputs), indent=1))
    write_atomic(out, outputs[CORPUS_FILE])
    reporter.say(f"corpus written: {out} ({mb(len(outputs[CORPUS_FILE]))}) and {HYMNS_FILE}, {LICENCES_FILE} beside it")
    return out


def default_upstream() -> str:
    """Where the upstream files come from when no ``--upstream`` is given (``corpus_build.locate``)."""
    return locate.upstream_location()


def corpus_for_build(corpus: Optional[str], upstream: Optional[str], *, quiet: bool = False) -> str:
    """What ``python -m corpus_build`` should read: ``corpus_build.locate.ensure_corpus``."""
    return locate.ensure_corpus(corpus, upstream, quiet=quiet)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus_build.upstream",
                                     description="Build rigveda.jsonl + hymns.jsonl from the pinned public upstream files.")
    parser.add_argument("--upstream", default=None,
                        help=f"directory or http(s) base URL (default ${UPSTREAM_ENV} or {DEFAULT_BASE})")
    parser.add_argument("--out", type=Path, default=DEFAULT_CACHE / CORPUS_FILE,
                        help="where rigveda.jsonl goes; hymns.jsonl, LICENCES.txt, upstream.json beside it "
                             "(default .cache/corpus/rigveda.jsonl)")
    parser.add_argument("--quiet", action="store_true", help="no progress (the licences are still printed)")
    args = parser.parse_args(argv)
    try:
        build_corpus(args.upstream or default_upstream(), args.out, quiet=args.quiet)
    except CorpusMissing as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except CorpusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted; no half-written file is left", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
