"""Build the static index the browser app loads: ``python -m corpus_build``.

    python -m corpus_build [--corpus PATH_OR_URL | --upstream DIR_OR_URL] [--out web/assets/index] [--force]
                           [--skip vectors,encoder] [--app-zip PATH | --no-app-zip]

Steps, in order (each writes files under ``--out`` and returns {relative path: sha256}):
  tables   verses.json + hymns.json                          (corpus_build.corpus, H1)
  text     text/* BM25 data                                   (corpus_build.text_index, H3)
  vectors  vectors/*.npy MiniLM verse embeddings               (corpus_build.vectors, H2)
  encoder  encoder/* weights + vocab for the numpy encoder     (corpus_build.encoder_export, H2)
  terms    terms.json Sanskrit ↔ English term lexicon          (corpus_build.terms)
  versions padapatha.json, versions.json, versions/*.json (lazy) (corpus_build.versions, issue 14)
  languages languages/*.json (lazy): question lexicons per language (corpus_build.languages, issue 19)
  english  english.txt, English words for mending typing slips  (corpus_build.english_words)
  bilingual bilingual/*.json (lazy): FreeDict word tables, X → English, where installed (corpus_build.bilingual)
then ``manifest.json`` (written last: its presence means "complete build") and ``pyapp.zip``.

Why step skipping: the vector step takes minutes on two cores. A step is skipped when its input
hash (corpus sha256 + the step's own source code, see ``manifest.module_source_hash``) equals the
recorded one and its recorded files are still there byte for byte. ``--force`` rebuilds all.
``--skip`` (or ``$RVS_BUILD_SKIP``) leaves steps out, e.g. for fast tests; files an earlier build
wrote for a skipped step are kept if intact, and the manifest lists the step under ``skipped``.

The corpus: ``--corpus``, else ``$RIGVEDA_CORPUS``, else ``shared/corpus/rigveda.jsonl`` beside the
checkout, else ``.cache/corpus/rigveda.jsonl`` (``corpus_build.locate`` decides, for serve.py and the
tests too); when none of them exists (or with ``--upstream``) it is first built from its pinned public
upstream files into ``.cache/corpus/`` (corpus_build.upstream).

``$RVS_STEP_CACHE=DIR`` keeps each step's files by input hash and reuses them in any checkout whose
step has the same input hash (``corpus_build.step_cache``): a fresh clone then skips the embedding.

Exit codes: 0 ok, 1 build error, 2 corpus missing/unreachable.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional

from corpus_build import __version__
from corpus_build.app_bundle import build_app_zip
from corpus_build import locate, step_cache
from corpus_build.corpus import REPO_ROOT, Corpus, CorpusError, CorpusMissing, load_corpus_full, write_tables
from corpus_build.manifest import (
    MANIFEST, STATE, BuildState, FileEntry, StepUnavailable, exclusive, files_intact, json_bytes, module_source_hash,
    read_state, render_manifest, sha256_file, step_input_hash, write_atomic, write_state,
)
from corpus_build.upstream import corpus_for_build  # the corpus from its public sources when none is found
from corpus_build.progress import Bar
from corpus_build.boot_order import mark_deferred_bytes

DEFAULT_OUT = REPO_ROOT / "web" / "assets" / "index"
LOCK = ".build.lock"
SKIP_ENV = "RVS_BUILD_SKIP"
DEBUG_ENV = "RVS_DEBUG"
DEFAULT_MODEL = {"name": "sentence-transformers/all-MiniLM-L6-v2", "dims": 384, "quantization": "int8-per-row"}

Progress = Callable[[str, int, int], None]


class BuildError(Exception):
    """A step failed or misbehaved; the message is one line."""


@dataclass(frozen=True)
class Step:
    name: str
    module: str
    func: str
    uses_corpus: bool  # False: input hash ignores the corpus (the encoder export)


STEPS: List[Step] = [
    Step("tables", "corpus_build.corpus", "", True),
    Step("text", "corpus_build.text_index", "build_text_index", True),
    Step("vectors", "corpus_build.vectors", "build_vectors", True),
    Step("encoder", "corpus_build.encoder_export", "export_encoder", False),
    # Sanskrit ↔ English term lexicon (terms.json), from the aligned verses; see corpus_build/terms.py
    Step("terms", "corpus_build.terms", "build_terms", True),
    # the padapāṭha and the parallel translations from VedaWeb's pinned files; see corpus_build/versions.py
    Step("versions", "corpus_build.versions", "build_versions", True),
    # per-language word files (hand lexicons + pivots learned from the aligned translations); see corpus_build/languages.py
    Step("languages", "corpus_build.languages", "build_languages", True),
    # English words for mending typing slips in questions; see corpus_build/english_words.py
    Step("english", "corpus_build.english_words", "build_english", False),
    # free bilingual dictionaries (FreeDict, apt) as word tables, for words no hand lexicon has; see corpus_build/bilingual.py
    Step("bilingual", "corpus_build.bilingual", "build_bilingual", True),
]
STEP_NAMES = [s.name for s in STEPS]


class ProgressPrinter(Bar):
    """``progress(label, done, total)`` for the step functions: a bar with an ETA on a terminal, a
    line per ~10 % or 10 s in a log (``corpus_build.progress.Bar``), to stderr."""

    def __init__(self, step: str, quiet: bool = False) -> None:
        super().__init__(step, quiet=quiet)
        self.step = step


# What a step costs when it has to run, said before it starts (measured on a 2-core machine).
STEP_COST = {
    "vectors": "embedding every verse with MiniLM on the CPU: about 4 minutes on 2 cores, the longest step",
    "text": "BM25 statistics: about 10 s",
    "terms": "the Sanskrit-English term lexicon: about 10 s",
    "versions": "the padapāṭha and 7 translations from VedaWeb's pinned files: about 15 s",
    "languages": "question lexicons, pivots learned from 3 aligned translations: about 30 s",
    "bilingual": "word tables from the installed FreeDict dictionaries: about 1 minute (German's is large)",
}


def _load_step(step: Step) -> Optional[Callable[..., Dict[str, str]]]:
    """Import a helper's builder lazily; ``None`` (with a warning) while it does not exist yet."""
    try:
        module = importlib.import_module(step.module)
    except ModuleNotFoundError as exc:
        if exc.name == step.module:
            print(f"warning: {step.module} not found; skipping step '{step.name}'", file=sys.stderr)
            return None
        raise
    func = getattr(module, step.func, None)
    if func is None:
        print(f"warning: {step.module}.{step.func} not found; skipping step '{step.name}'", file=sys.stderr)
    return func


def _model_info() -> Dict[str, object]:
    """Model facts come from H2's vectors module when it declares them (MODEL_NAME, DIMS, QUANTIZATION)."""
    info = dict(DEFAULT_MODEL)
    try:
        module = importlib.import_module("corpus_build.vectors")
    except ModuleNotFoundError:
        return info
    for key, attr in (("name", "MODEL_NAME"), ("dims", "DIMS"), ("quantization", "QUANTIZATION")):
        if hasattr(module, attr):
            info[key] = getattr(module, attr)
    return info


def _record_step(out_dir: Path, state: BuildState, step: str, input_hash: str, written: Dict[str, str]) -> None:
    """Check what a step returned against the disk, drop files it no longer writes, remember the rest."""
    if not isinstance(written, dict) or not written:
        raise BuildError(f"step '{step}' returned {type(written).__name__}, expected a non-empty dict path -> sha256")
    old = state.files_of(step)
    new: Dict[str, FileEntry] = {}
    for rel, claimed in sorted(written.items()):
        rel = Path(rel).as_posix()
        path = out_dir / rel
        if rel in (MANIFEST, STATE) or rel.startswith("../") or not path.is_file():
            raise BuildError(f"step '{step}' reported {rel!r} but {path} is not a file it may write")
        actual = sha256_file(path)
        if claimed != actual:
            raise BuildError(f"step '{step}' reported sha256 {str(claimed)[:12]}… for {rel}, file has {actual[:12]}…")
        owner = state.files.get(rel)
        if owner is not None and owner.step != step:
            raise BuildError(f"step '{step}' wrote {rel}, which belongs to step '{owner.step}'")
        new[rel] = FileEntry(sha256=actual, bytes=path.stat().st_size, step=step)
    for rel in old:
        if rel not in new and (out_dir / rel).is_file():
            (out_dir / rel).unlink()
    state.files = {k: v for k, v in state.files.items() if v.step != step}
    state.files.update(new)
    state.steps[step] = input_hash


def build(
    corpus_location: Optional[str],
    out_dir: Path,
    *,
    force: bool = False,
    skip: Optional[List[str]] = None,
    app_zip: Optional[Path] = None,
    quiet: bool = False,
) -> Path:
    """Run every step that is not up to date; return the manifest path."""
    location = corpus_location or locate.corpus_location()
    if not quiet and Path(location).is_file():  # a missing one is a one-line error, said by the loader
        print(f"reading and validating {Path(location).name}…", file=sys.stderr, flush=True)
    corpus = load_corpus_full(location)
    out_dir.mkdir(parents=True, exist_ok=True)
    with exclusive(out_dir / LOCK, str(out_dir)):
        return _build_locked(corpus, out_dir, force=force, skip=skip, app_zip=app_zip, quiet=quiet)


def _build_locked(
    corpus: Corpus, out_dir: Path, *, force: bool, skip: Optional[List[str]], app_zip: Optional[Path], quiet: bool,
) -> Path:
    started = time.monotonic()
    skip = sorted(set(skip or []))
    say = (lambda msg: None) if quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    say(f"corpus {corpus.source}: {corpus.summary()}")
    state = read_state(out_dir)  # also with --force: a skipped step keeps its intact files
    if not state.steps and "vectors" not in skip:
        say("first build of this index: about 5 minutes on 2 CPU cores, most of it embedding the verses; "
            "later runs skip every step whose inputs are unchanged")
    skipped: List[str] = []
    for step in STEPS:
        if step.name in skip:
            func = None
        elif step.name == "tables":
            func = lambda records, out, progress: write_tables(corpus, out, progress)  # noqa: E731
        else:
            func = _load_step(step)
        if func is None:
            kept = state.files_of(step.name)
            if kept and not files_intact(out_dir, kept):
                state.files = {k: v for k, v in state.files.items() if v.step != step.name}
                state.steps.pop(step.name, None)
            skipped.append(step.name)
            say(f"step {step.name}: skipped")
            continue
        parts = [__version__, step.name, module_source_hash(step.module)]
        if step.uses_corpus:
            parts.append(corpus.sha256)
        input_hash = step_input_hash(parts)
        previous = state.files_of(step.name)
        if not force and state.steps.get(step.name) == input_hash and previous and files_intact(out_dir, previous):
            say(f"step {step.name}: up to date")
            _keep(step.name, input_hash, out_dir, previous)
            continue
        # From the first rebuilt step on, manifest.json is absent until this build completes: its
        # presence means "complete, consistent build" (the test fixture and the page rely on it).
        (out_dir / MANIFEST).unlink(missing_ok=True)
        t0 = time.monotonic()
        cache = step_cache.cache_dir()
        restored = None if force or cache is None else step_cache.restore(cache, step.name, input_hash, out_dir)
        if restored is not None:
            _record_step(out_dir, state, step.name, input_hash, restored)
            write_state(out_dir, state)
            say(f"step {step.name}: the same inputs were built before; copied from ${step_cache.CACHE_ENV} "
                f"in {time.monotonic() - t0:.1f} s")
            continue
        cost = STEP_COST.get(step.name)
        say(f"step {step.name}: building… ({cost})" if cost else f"step {step.name}: building…")
        progress = ProgressPrinter(step.name, quiet)
        try:
            written = func(corpus.records, out_dir, progress) if step.uses_corpus else func(out_dir, progress)
        except StepUnavailable as exc:  # optional inputs out of reach: keep intact old files, say so
            progress.close()
            print(f"warning: step {step.name}: {exc}", file=sys.stderr, flush=True)
            kept = state.files_of(step.name)
            if kept and not files_intact(out_dir, kept):
                state.files = {k: v for k, v in state.files.items() if v.step != step.name}
                state.steps.pop(step.name, None)
            skipped.append(step.name)
            continue
        except (CorpusError, BuildError):
            raise
        except Exception as exc:  # a helper's step: keep the one-line contract, traceback on demand
            if os.environ.get(DEBUG_ENV):
                traceback.print_exc()
            raise BuildError(f"step '{step.name}' failed: {type(exc).__name__}: {exc}") from exc
        finally:
            progress.close()
        _record_step(out_dir, state, step.name, input_hash, written)
        write_state(out_dir, state)
        say(f"step {step.name}: done in {time.monotonic() - t0:.1f} s")
        _keep(step.name, input_hash, out_dir, state.files_of(step.name))
    write_state(out_dir, state)
    hymns_per_mandala: Dict[str, int] = {}
    for hymn in corpus.hymns:
        hymns_per_mandala[str(hymn.mandala)] = hymns_per_mandala.get(str(hymn.mandala), 0) + 1
    manifest = render_manifest(
        package_version=__version__,
        corpus={"source": corpus.source, "sha256": corpus.sha256, "records": len(corpus.records)},
        counts={"verses": len(corpus.records), "hymns": len(corpus.hymns),
                "per_mandala": corpus.per_mandala, "hymns_per_mandala": hymns_per_mandala},
        model=_model_info(),
        state=state,
        skipped=skipped,
    )
    manifest = mark_deferred_bytes(manifest)  # meaning search's files arrive after "ready" (boot_order.py)
    manifest_path = out_dir / MANIFEST
    if not manifest_path.is_file() or manifest_path.read_bytes() != manifest:
        write_atomic(manifest_path, manifest)  # unchanged bytes keep their mtime/ETag (browser caches)
    total = sum(e.bytes for e in state.files.values())
    say(f"index ready: {out_dir} ({len(state.files)} files, {total / 1e6:.1f} MB) in {time.monotonic() - started:.1f} s")
    if app_zip is not None:
        result = build_app_zip(app_zip)
        say(f"pyapp.zip {'written' if result.changed else 'unchanged'}: {result.files} modules -> {result.path}")
    return out_dir / MANIFEST


def _keep(step: str, input_hash: str, out_dir: Path, files: Dict[str, FileEntry]) -> None:
    """Store a finished step in ``$RVS_STEP_CACHE`` when one is set (and it is not there yet)."""
    cache = step_cache.cache_dir()
    if cache is not None and files:
        step_cache.store(cache, step, input_hash, out_dir, {rel: entry.sha256 for rel, entry in files.items()})


def parse_skip(values: List[str]) -> List[str]:
    names: List[str] = []
    for value in values:
        names.extend(part.strip() for part in value.split(",") if part.strip())
    unknown = [n for n in names if n not in STEP_NAMES]
    if unknown:
        raise SystemExit(f"error: unknown step(s) {', '.join(unknown)}; steps are {', '.join(STEP_NAMES)}")
    return names


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus_build", description="Build the static RigVeda index.")
    parser.add_argument("--corpus", help="rigveda.jsonl path or http(s) URL (default $RIGVEDA_CORPUS, ../shared/corpus, "
                                         "then .cache/corpus; see corpus_build.locate)")
    parser.add_argument("--upstream", metavar="DIR_OR_URL",
                        help="build the corpus from the pinned public upstream files at this mirror first (done "
                             "anyway, from $RIGVEDA_UPSTREAM, ../shared/upstream, .cache/upstream or "
                             "raw.githubusercontent.com, when no corpus is found)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="index directory (default web/assets/index)")
    parser.add_argument("--force", action="store_true", help="rebuild every step even if its inputs are unchanged")
    parser.add_argument("--skip", action="append", default=[], metavar="STEPS",
                        help=f"comma-separated steps to leave out ({', '.join(STEP_NAMES)}); also ${SKIP_ENV}")
    parser.add_argument("--app-zip", type=Path, default=None,
                        help="where to write pyapp.zip (default: next to the index dir, i.e. web/assets/pyapp.zip)")
    parser.add_argument("--no-app-zip", action="store_true", help="do not build pyapp.zip")
    parser.add_argument("--quiet", action="store_true", help="only print errors")
    args = parser.parse_args(argv)
    skip = parse_skip(args.skip + [os.environ.get(SKIP_ENV, "")])
    out_dir = args.out.resolve()
    app_zip = None if args.no_app_zip else (args.app_zip or out_dir.parent / "pyapp.zip")
    try:
        corpus = corpus_for_build(args.corpus, args.upstream, quiet=args.quiet)
        if args.upstream:  # the padapāṭha and translations come from the same mirror
            os.environ["RIGVEDA_UPSTREAM"] = args.upstream
        build(corpus, out_dir, force=args.force, skip=skip, app_zip=app_zip, quiet=args.quiet)
    except CorpusMissing as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (CorpusError, BuildError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted; the next run resumes after the last finished step", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
