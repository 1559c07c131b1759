"""The first visit's prefetch (web/python/prefetch.js, issue 21): what it asks for, in which order, and
how soon. Run under Node with a stub fetch: no browser needed to check the order of the requests."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import List

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"

PYTHON_JSON = {"files": {
    "python-runtime.snapshot": {"sha256": "a" * 64, "gz": True}, "python_stdlib.zip": {"sha256": "b" * 64},
    "numpy-files.tar": {"sha256": "c" * 64}, "numpy-bytecode.zip": {"sha256": "d" * 64},
    "numpy-libs/x.so.wasm": {"sha256": "e" * 64}, "pyapp.zip": {"sha256": "f" * 64}}}
MANIFEST = {"files": {"manifest.json": {}, "hymns.json": {"sha256": "5" * 64, "bytes": 60_000},
                      "verses.json": {"sha256": "1" * 64, "bytes": 1_500_000},
                      "text/meta.json": {"sha256": "6" * 64, "bytes": 900},
                      "padapatha.json": {"sha256": "2" * 64, "deferred": True},
                      "encoder/weights.bin": {"sha256": "3" * 64, "deferred": True},
                      "versions/geldner.json": {"sha256": "4" * 64, "lazy": True}}}

SCRIPT = """
import { prefetchFiles } from %(module)s;
const asked = [];
let releaseJson;
const jsonGate = new Promise((resolve) => { releaseJson = resolve; });
globalThis.fetch = async (url) => {
  asked.push(String(url).replace("http://x/", ""));
  const body = String(url).includes("python.json") ? %(python)s : String(url).includes("manifest.json") ? %(manifest)s : null;
  if (body) { await jsonGate; return new Response(JSON.stringify(body)); }
  return new Response("bytes");
};
const done = prefetchFiles("http://x/");
await new Promise((r) => setTimeout(r, 20));
const beforeJson = asked.slice();
releaseJson();
const count = await done;
console.log(JSON.stringify({ beforeJson, asked, count }));
"""


def _run() -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = SCRIPT % {"module": json.dumps((WEB / "python" / "prefetch.js").as_uri()),
                       "python": json.dumps(PYTHON_JSON), "manifest": json.dumps(MANIFEST)}
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _names(urls: List[str]) -> List[str]:
    return [u.split("?", 1)[0] for u in urls]


def test_the_runtime_downloads_start_before_the_manifests_have_arrived() -> None:
    result = _run()
    # Pyodide's own files need no manifest: asked at once, beside python.json and the index manifest
    assert {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.js"} <= set(result["beforeJson"])
    files = [u for u in _names(result["asked"]) if not u.endswith(("python.json", "index/manifest.json"))]
    # then the runtime's restore (snapshot, stdlib), numpy, the app code, the eager index files
    assert files[:4] == ["vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.js",
                         "assets/python-runtime.snapshot", "assets/python_stdlib.zip"]
    assert files.index("assets/numpy-libs/x.so.wasm") < files.index("assets/numpy-files.tar") < files.index("assets/pyapp.zip")
    # the index's files largest first: the small ones' round trips overlap the big one's transfer
    assert files[-3:] == ["assets/index/verses.json", "assets/index/hymns.json", "assets/index/text/meta.json"]
    # never the wheel's bytecode (numpy comes unpacked), a deferred file (after ready) or a lazy one
    assert not [u for u in files if re.search(r"numpy-bytecode|padapatha|encoder/|versions/", u)]
    assert result["count"] == len(files)


def test_the_page_asks_for_the_prefetch_before_anything_else() -> None:
    head = (WEB / "index.html").read_text(encoding="utf-8").split("</head>", 1)[0]
    first = re.search(r'<(script|link)\b[^>]*(?:src|href)="(?!data:)([^"]+)"[^>]*>', head)
    assert first and first.group(2) == "python/prefetch.js", first and first.group(0)
    # async: it runs as soon as it arrives, not after the style sheets and the page's parse
    assert re.search(r"\basync\b", first.group(0)) and 'type="module"' in first.group(0)
