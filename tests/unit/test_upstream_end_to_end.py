"""A user outside the team: a fresh clone with no corpus beside it builds the index from a mirror of the
pinned upstream files (``--upstream``) and gets a cited answer from it. Only the download from the
real host is left out (there is no internet here); the mirror is the local upstream copy
``corpus_build.locate`` finds (``$RIGVEDA_UPSTREAM``, ``../shared/upstream``, ``.cache/upstream``). The meaning vectors are skipped to keep it to about a minute: they are
built the same way whatever the corpus came from."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from corpus_build import locate

REPO = Path(__file__).resolve().parents[2]
_FOUND = locate.find_upstream()
MIRROR = Path(_FOUND.location if _FOUND and not locate.is_url(_FOUND.location) else REPO.parent / "shared" / "upstream")

pytestmark = pytest.mark.slow

ASK = """
import asyncio, json, sys
from pyapp.orchestrator import Orchestrator
from pyapp.search import Searcher
searcher = Searcher.load(sys.argv[1], vectors=False)
result = asyncio.run(Orchestrator(searcher, settings={"useMemory": False}).run_turn(sys.argv[2], []))
print(json.dumps({"kind": result.kind, "answer": result.answer, "citations": result.citations}))
"""


@pytest.mark.skipif(not MIRROR.is_dir(), reason=f"no upstream mirror at {MIRROR} (set $RIGVEDA_UPSTREAM)")
def test_fresh_clone_builds_from_the_mirror_and_answers(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True)
    assert not (clone.parent / "shared").exists()  # nothing of the team's beside it
    env = {k: v for k, v in os.environ.items() if k not in ("RIGVEDA_CORPUS", "RIGVEDA_UPSTREAM")}
    index = clone / "web" / "assets" / "index"
    build = subprocess.run(
        [sys.executable, "-m", "corpus_build", "--upstream", str(MIRROR), "--skip", "vectors,encoder,bilingual",
         "--out", str(index), "--no-app-zip", "--quiet"],
        cwd=clone, env=env, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stderr[-2000:]
    assert "CC BY-NC-SA 4.0" in build.stdout + build.stderr  # the licences are told while fetching
    assert (clone / ".cache" / "corpus" / "rigveda.jsonl").is_file()
    assert json.loads((index / "manifest.json").read_text())["counts"]["verses"] == 10552

    asked = subprocess.run([sys.executable, "-c", ASK, str(index), "Who composed hymn 1.1?"],
                           cwd=clone, env=env, capture_output=True, text=True, timeout=300)
    assert asked.returncode == 0, asked.stderr[-2000:]
    result = json.loads(asked.stdout.strip().splitlines()[-1])
    assert result["kind"] == "answer" and "1.1.1" in result["citations"]
    assert "Madhucchandas" in result["answer"]
    shutil.rmtree(clone, ignore_errors=True)
