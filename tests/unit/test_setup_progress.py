"""Set-up that explains itself: progress bars with an ETA, heartbeats for silent work, and
``serve.py`` saying what is missing (packages, a virtualenv) instead of a traceback."""
from __future__ import annotations

import io
import socket
import subprocess
import sys
import time
from pathlib import Path

from corpus_build.progress import Bar, Heartbeat, download_reporter, duration, mb

REPO = Path(__file__).resolve().parents[2]


def test_bar_line_has_percent_counts_and_eta() -> None:
    bar = Bar("vectors", stream=io.StringIO(), live=False)
    assert bar.line("verses", 0, 10552, now=100.0).startswith("  [vectors] verses [")
    line = bar.line("verses", 5276, 10552, now=160.0)  # half done in 60 s → about a minute left
    assert " 50% 5276/10552" in line and "about 1 min 00 s left" in line
    assert bar.line("verses", 10552, 10552, now=220.0).endswith("done in 2 min 00 s")


def test_bar_in_a_log_prints_about_every_tenth_and_the_end_once() -> None:
    out = io.StringIO()
    bar = Bar("text", stream=out, live=False)
    for done in range(0, 1001, 10):
        bar("tokenise", done, 1000)
    bar("tokenise", 1000, 1000)
    lines = out.getvalue().splitlines()
    assert 10 <= len(lines) <= 12, lines
    assert sum("done in" in line for line in lines) == 1


def test_bar_on_a_terminal_redraws_one_line() -> None:
    out = io.StringIO()
    bar = Bar("vectors", stream=out, live=True)
    bar("verses", 0, 100)
    time.sleep(0.3)
    bar("verses", 50, 100)
    bar("verses", 100, 100)
    text = out.getvalue()
    assert text.count("\r") >= 2 and text.count("\n") == 1 and text.endswith("\n")


def test_heartbeat_speaks_during_silent_work() -> None:
    said = []
    with Heartbeat(said.append, "compiling Python bytecode", every=0.05):
        time.sleep(0.18)
    assert said and all("still compiling Python bytecode" in s for s in said)
    quiet = []
    with Heartbeat(quiet.append, "nothing", every=5):
        pass
    assert quiet == []


def test_download_reporter_and_units() -> None:
    said = []
    progress = download_reporter(said.append, "numpy.whl", 3_061_133, stream=io.StringIO())
    progress(1000)
    progress.finish()
    assert mb(3_061_133) == "3.1 MB" and mb(512_000) == "512 kB" and duration(185) == "3 min 05 s"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_names_missing_build_packages_and_the_virtualenv_commands(tmp_path: Path) -> None:
    # -S: no site-packages, i.e. a Python where `pip install -e ".[build]"` was never run
    result = subprocess.run([sys.executable, "-S", "serve.py", "--port", str(_free_port()),
                             "--web-root", str(tmp_path / "web")], cwd=REPO, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 1
    err = result.stderr.strip()
    assert err.count("\n") == 0 and "Traceback" not in err, err
    assert "the build needs pydantic" in err and "torch" in err
    assert 'python3 -m venv .venv && . .venv/bin/activate && python -m pip install -e ".[build]"' in err


def test_serve_knows_a_virtualenv() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("rvs_serve", REPO / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)  # type: ignore[union-attr]
    assert serve.in_virtualenv() == (sys.prefix != sys.base_prefix or bool(__import__("os").environ.get("CONDA_PREFIX")))
    assert serve.missing_build_modules() == []  # the test environment has the build extra
