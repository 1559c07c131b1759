"""The runtime snapshot travels sparse (corpus_build/runtime_snapshot.py ``sparse``) and the worker
rebuilds the memory image (web/ui/snapshot.js ``expandSnapshot``): the two must agree byte for byte,
and a damaged or cut file must be refused (the runtime then starts the normal way), never half-restored."""
from __future__ import annotations

import hashlib
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from corpus_build.runtime_snapshot import SPARSE_BLOCK, sparse, unsparse

SNAPSHOT_JS = Path(__file__).resolve().parents[2] / "web" / "ui" / "snapshot.js"


def _image(seed: int = 7) -> bytes:
    """Like a memory image: data, long zero stretches (one at the end), zeros inside data blocks."""
    rng = random.Random(seed)
    parts = []
    for _ in range(40):
        parts.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3 * SPARSE_BLOCK))))
        parts.append(bytes(rng.choice([0, 17, SPARSE_BLOCK * 3, SPARSE_BLOCK * 7 + 5])))
    parts.append(bytes(SPARSE_BLOCK * 5))
    return b"".join(parts) + b"\x01" * 3 + bytes(65536)


def test_sparse_leaves_out_only_whole_zero_blocks_and_round_trips() -> None:
    image = _image()
    packed = sparse(image)
    assert unsparse(packed) == image
    zero_blocks = sum(1 for at in range(0, len(image), SPARSE_BLOCK)
                      if not any(image[at:at + SPARSE_BLOCK]))
    assert zero_blocks > 10 and len(packed) < len(image) - (zero_blocks - 1) * SPARSE_BLOCK
    assert unsparse(sparse(bytes(SPARSE_BLOCK * 3))) == bytes(SPARSE_BLOCK * 3)  # nothing kept at all
    with pytest.raises(ValueError):
        unsparse(packed[:-1])


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_worker_rebuilds_the_same_image_and_refuses_a_damaged_one(tmp_path: Path) -> None:
    image = _image(11)
    packed = sparse(image)
    cases = {"whole": packed, "cut": packed[: len(packed) // 2], "raw": image[:4096],
             "bad-table": packed[:16] + b"\xff" * 8 + packed[24:]}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
    script = tmp_path / "check.mjs"
    script.write_text(f"""
import {{ readFileSync }} from "node:fs";
import {{ createHash }} from "node:crypto";
const {{ expandSnapshot }} = await import({json.dumps(SNAPSHOT_JS.as_uri())});
const out = {{}};
for (const name of {json.dumps(list(cases))}) {{
  const got = expandSnapshot(new Uint8Array(readFileSync({json.dumps(str(tmp_path))} + "/" + name)));
  out[name] = got === null ? null : createHash("sha256").update(got).digest("hex");
}}
console.log(JSON.stringify(out));
""")
    proc = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["whole"] == hashlib.sha256(image).hexdigest()
    assert out["raw"] == hashlib.sha256(image[:4096]).hexdigest()  # an older build's raw snapshot: as it is
    assert out["cut"] is None and out["bad-table"] is None
