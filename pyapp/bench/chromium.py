"""What every browser run shares (the benchmarks and the browser tests): the Chromium binary and
flags this machine supports, ``serve.py`` on a free port, and a guard that blocks and records any
request leaving the page's origin.

CPython-only tooling (it starts processes); nothing in the page imports it.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, List, Optional, Sequence
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("RVS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def served_app(extra_args: Sequence[str] = (), build: bool = False, wait_path: str = "/",
               timeout_s: float = 30, quiet: bool = True, port: Optional[int] = None) -> Iterator[str]:
    """``serve.py`` on a free port → its base URL; stopped on exit.

    ``build=False`` serves ``web/`` as it is (``--no-build``); with ``build=True`` serve.py first
    builds whatever is missing, which on a clean clone takes minutes (hence ``timeout_s``). Raises
    RuntimeError when the server exits or does not answer ``wait_path`` in time."""
    port = port or free_port()
    args = [sys.executable, "serve.py", "--port", str(port), *([] if build else ["--no-build"]), *extra_args]
    output = subprocess.DEVNULL if quiet else None
    proc = subprocess.Popen(args, cwd=REPO, stdout=output, stderr=output)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                with urllib.request.urlopen(base + wait_path, timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None:
                raise RuntimeError(f"serve.py exited with code {proc.returncode}"
                                   + ("" if build else " (run `python serve.py` once to build)"))
            if time.monotonic() > deadline:
                raise RuntimeError(f"serve.py did not answer {wait_path} within {timeout_s:.0f} s")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def guard_context(context: Any, origin: str) -> List[str]:
    """Abort every request of a Playwright context that leaves ``origin``; returns the list they
    are recorded in (the privacy promise: nothing else is ever contacted)."""
    foreign: List[str] = []
    own = urlparse(origin).netloc

    def route(route_obj: Any) -> None:
        url = route_obj.request.url
        parsed = urlparse(url)
        if parsed.scheme in ("data", "blob") or (parsed.scheme in ("http", "https") and parsed.netloc == own):
            route_obj.continue_()
        else:
            foreign.append(url)
            route_obj.abort()

    context.route("**/*", route)
    return foreign


def record_foreign(context: Any, origin: str) -> List[str]:
    """Record, without blocking, every request of a Playwright context that leaves ``origin``; returns
    the list they are recorded in. For the timing benchmarks: ``guard_context``'s routing makes
    Playwright switch the HTTP cache off (microsoft/playwright#7220) and sends every request through
    this process, so the page's prefetch into that cache was wasted and each file waited on Python,
    which no reader's browser does. This machine has no internet to reach another origin anyway."""
    foreign: List[str] = []
    own = urlparse(origin).netloc

    def seen(request: Any) -> None:
        parsed = urlparse(request.url)
        if not (parsed.scheme in ("data", "blob") or (parsed.scheme in ("http", "https") and parsed.netloc == own)):
            foreign.append(request.url)

    context.on("request", seen)
    return foreign


@contextmanager
def fresh_profile(pw: Any, **options: Any) -> Iterator[Any]:
    """A Chromium context on a new, empty profile directory (removed on exit): a first visit as a
    phone makes it, with a disk cache. Not an incognito context, whose HTTP cache is a small memory
    store that drops the big files, so the service worker's precache downloads them again."""
    profile_dir = tempfile.mkdtemp(prefix="rvs-profile-")
    context = pw.chromium.launch_persistent_context(profile_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                    service_workers="allow", **options)
    try:
        yield context
    finally:
        context.close()
        shutil.rmtree(profile_dir, ignore_errors=True)
