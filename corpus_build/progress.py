"""Progress output for long build steps: a bar with an ETA, download sizes, and a heartbeat for work
that reports nothing by itself (a registry client, Node compiling bytecode).

Why: the first ``python serve.py`` runs for minutes (about 4 of them embedding the verses on two
cores) and a silent terminal looks like a hang. Everything goes to stderr, so stdout stays the
server's URL line. On a terminal a bar redraws in place (``\\r``); in a log (CI, a pipe) a line is
printed every ``LINE_EVERY_S`` seconds or 10 % instead, so logs stay short.
"""
from __future__ import annotations

import sys
import threading
import time
from typing import Callable, Dict, Optional, TextIO

LINE_EVERY_S = 10.0  # non-terminal output: at most one line per label this often (plus every 10 %)
REDRAW_EVERY_S = 0.25  # terminal: redraw the bar at most this often
BAR_WIDTH = 24

Say = Callable[[str], None]


def mb(n: Optional[float]) -> str:
    """``98.4 MB`` / ``512 kB`` (decimal units, like the README)."""
    if n is None:
        return "? MB"
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} kB"


def duration(seconds: float) -> str:
    """``45 s`` / ``3 min 05 s``."""
    seconds = max(0, int(round(seconds)))
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min {seconds % 60:02d} s"


def stderr_say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Bar:
    """``progress(label, done, total)`` → ``  [vectors] verses [#######·····] 45% 4736/10552 · 2 min 10 s left``.

    The ETA is the rate since the first update of that label (it does not count the set-up before
    it, such as loading the model) times the work left."""

    def __init__(self, prefix: str, stream: Optional[TextIO] = None, quiet: bool = False,
                 live: Optional[bool] = None) -> None:
        self.prefix = prefix
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.live = is_terminal(self.stream) if live is None else live
        self._start: Dict[str, tuple] = {}  # label -> (time, done) at the first update
        self._last_time: Dict[str, float] = {}
        self._last_bucket: Dict[str, int] = {}
        self._open = False  # a live bar is drawn on the current line

    def line(self, label: str, done: int, total: int, now: Optional[float] = None) -> str:
        now = time.monotonic() if now is None else now
        start_time, start_done = self._start.setdefault(label, (now, done))
        if total <= 0:
            return f"  [{self.prefix}] {label} {done}"
        fraction = min(1.0, done / total)
        filled = int(round(fraction * BAR_WIDTH))
        text = (f"  [{self.prefix}] {label} [{'#' * filled}{'·' * (BAR_WIDTH - filled)}] "
                f"{100 * fraction:3.0f}% {done}/{total}")
        elapsed = now - start_time
        if done >= total:
            return text + f" · done in {duration(elapsed)}"
        rate = (done - start_done) / elapsed if elapsed > 0 else 0.0
        if rate > 0 and (total - done) / rate >= 1:
            text += f" · about {duration((total - done) / rate)} left"
        return text

    def __call__(self, label: str, done: int, total: int) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        finished = total > 0 and done >= total
        if self.live:
            if not finished and now - self._last_time.get(label, 0.0) < REDRAW_EVERY_S:
                self._start.setdefault(label, (now, done))
                return
            self._last_time[label] = now
            end = "\n" if finished else ""
            print(f"\r\033[K{self.line(label, done, total, now)}", end=end, file=self.stream, flush=True)
            self._open = not finished
            return
        bucket = (10 * done // total) if total > 0 else 0
        if label in self._last_bucket and not finished and bucket == self._last_bucket[label] \
                and now - self._last_time.get(label, 0.0) < LINE_EVERY_S:
            self._start.setdefault(label, (now, done))
            return
        if finished and self._last_bucket.get(label) == 10:
            return
        self._last_bucket[label] = bucket
        self._last_time[label] = now
        print(self.line(label, done, total, now), file=self.stream, flush=True)

    def close(self) -> None:
        """End a live bar's line (a step that stops before 100 %)."""
        if self._open:
            print("", file=self.stream, flush=True)
            self._open = False


class Heartbeat:
    """``with Heartbeat(say, "compiling Python bytecode"):`` — says ``… still compiling Python
    bytecode (20 s)`` every ``every`` seconds while the block runs (work that reports nothing itself)."""

    def __init__(self, say: Say, what: str, every: float = LINE_EVERY_S) -> None:
        self.say = say
        self.what = what
        self.every = every
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self.started = 0.0

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.say(f"    … still {self.what} ({duration(time.monotonic() - self.started)})")

    def __enter__(self) -> "Heartbeat":
        self.started = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="rvs-heartbeat", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started


def download_reporter(say: Say, label: str, total: Optional[int], stream: Optional[TextIO] = None) -> Callable[[int], None]:
    """``progress(bytes_so_far)`` for a download: live ``12.3 MB of 77.4 MB`` on a terminal, else a
    line every ``LINE_EVERY_S`` seconds."""
    stream = stream or sys.stderr
    live = is_terminal(stream)
    state = {"last": time.monotonic()}

    def progress(done: int) -> None:
        now = time.monotonic()
        if now - state["last"] < (REDRAW_EVERY_S if live else LINE_EVERY_S):
            return
        state["last"] = now
        text = f"    {label}: {mb(done)}" + (f" of {mb(total)}" if total else "")
        if live:
            print(f"\r\033[K{text}", end="", file=stream, flush=True)
        else:
            say(text)

    def finish() -> None:
        if live:
            print("\r\033[K", end="", file=stream, flush=True)

    progress.finish = finish  # type: ignore[attr-defined]
    return progress
