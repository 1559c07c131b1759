"""The Python runtime's memory snapshot the page starts from (``web/assets/python-runtime.snapshot``).

Why: starting CPython inside Pyodide (interpreter init, stdlib imports, the ``pyodide`` package)
takes about 2 s of every page load here, and always ends in the same state. Pyodide can dump that
state (its wasm memory) and start from it later in a fraction of the time (the experimental
``loadPyodide({_makeSnapshot})`` / ``{_loadSnapshot}``, pinned to Pyodide 0.27.7). The snapshot is
made at build time by the vendored Pyodide under Node (``make_snapshot.mjs``) right after start-up and
after importing the pure-Python modules in ``PRELOAD`` from the same zips the page mounts (so it is
rebuilt whenever they change, and the page writes those zips back at the same paths before any
import). numpy and anything that needs it are imported by the page.
It is written uncompressed (36 MB of memory image, 25 MB sparse: see below) and travels compressed: ``precompress.py`` puts
``.br`` (≈ 4.8 MB) and ``.gz`` (≈ 6.1 MB) beside it, and ``serve.py`` (or any static host that
honours ``Accept-Encoding``) sends the brotli one. Gzip inside the file, as before, kept it at 6.2 MB
on the wire; where a host cannot negotiate, ``web/python/packed.js`` fetches the ``.gz`` and inflates
it with ``DecompressionStream``.

On disk and on the wire it is *sparse* (:func:`sparse`): the memory image's 4 kB blocks that are all
zeros (the C stack's unused part, the heap's free space at its end: 11 of 36 MB) are left out and a table
of the kept runs says where the rest goes; ``web/ui/snapshot.js`` (``expandSnapshot``) rebuilds the image
in the worker before Pyodide restores it. Brotli already shrank the zeros to almost nothing on the wire;
what the 11 MB cost was their way through the offline cache and into the worker on every load (a reload
at load 11: the snapshot's read was 0.87 s of the runtime's 1.6 s stage).

It is made with the stdlib the page mounts (``assets/python_stdlib.zip``, ``stdlib_zip.py``, when built):
zipimport keeps that zip's table of offsets in memory, so a changed stdlib remakes the snapshot.

Without Node the file is simply not built and the page starts Python the normal way.
"""
from __future__ import annotations

import hashlib
import json
import struct
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Dict, List, NamedTuple, Optional

from corpus_build.bytecode import PYODIDE_DIR, compiler_problem
from corpus_build.manifest import write_atomic
from corpus_build.progress import Heartbeat

SCRIPT = Path(__file__).resolve().parent / "make_snapshot.mjs"
FILE_NAME = "python-runtime.snapshot"
STAMP_NAME = "python-runtime.snapshot.json"
STDLIB_NAME = "python_stdlib.zip"  # assets/<name>: the repacked stdlib (corpus_build/stdlib_zip.py), when built
TIMEOUT_S = 300
FORMAT = "sparse-1"  # the file's layout (:func:`sparse`); a change remakes the snapshot
SPARSE_MAGIC = 0x5A535652  # b"RVSZ" little-endian; Pyodide's own snapshots start with 1886286592
SPARSE_VERSION = 1
SPARSE_BLOCK = 4096


class SnapshotResult(NamedTuple):
    path: Optional[Path]
    changed: bool
    raw_bytes: int
    note: str


# Pure-Python modules imported before the snapshot is taken, so the page restores them instead of
# importing them (≈ 0.3 s of a warm start, measured under Node: imports + index load 1.18 → 0.88 s).
# Nothing that imports numpy (its wasm libraries cannot be in a memory snapshot; make_snapshot.mjs
# blocks it and leaves such a module out) and never pyapp.bridge (it binds the page's `js`).
PRELOAD = (
    "typing_extensions", "pydantic", "snowballstemmer",
    "pyapp.schemas", "pyapp.citations", "pyapp.lexicon", "pyapp.index", "pyapp.memory", "pyapp.reading.spelling",
    "pyapp.reading.hinglish", "pyapp.engines.base", "pyapp.engines.extractive", "pyapp.engines.scripted",
    "pyapp.engines.json_repair", "pyapp.agents.text", "pyapp.agents.llm", "pyapp.agents.budget",
    "pyapp.agents.history", "pyapp.agents.generator", "pyapp.agents.analyzer", "pyapp.agents.compose",
    "pyapp.agents.critic", "pyapp.agents.evidence", "pyapp.agents.grounding", "pyapp.agents.salvage",
    "pyapp.agents.searcher", "pyapp.agents.translator", "pyapp.agents.validator",
)
ZIPS = ("site-packages.zip", "pyapp.zip")  # where loader.js puts them, /home/pyodide/<name>

# What the worker imports before "ready" (python/worker.py, pyapp.bridge.boot): these and every module
# they pull in go into the snapshot too, found by importing them in CPython at build time (so a new
# module is included without a list to keep). Their ``import numpy`` binds a placeholder while the
# snapshot is made (pyapp/lazy_numpy.py); pyapp.bridge itself stays out (it binds the page's `js`).
# Measured on a first visit over 4G at load 12: these imports took 8.3 s of the Python stage.
BOOT_ROOTS = ("pyapp.bridge", "pyapp.orchestrator", "pyapp.search", "pyapp.agents.generator", "pyapp.memory")
NEVER = ("numpy", "pyapp.bridge", "__main__", "_distutils_hack", "__editable__", "_cython", "cython_runtime")


def function_imports(modules: List[str], root: Path) -> List[str]:
    """The ``pyapp`` modules that functions of ``modules`` import when they run, and theirs in turn
    (read from the sources, not run). Why: the orchestrator and the readers import some modules inside
    the functions every question runs (about 25 on the dev questions' first turn), so they were
    outside the snapshot and the first question after "ready" imported them (~20 ms each in Pyodide)."""
    import ast

    def source(name: str) -> Optional[Path]:
        base = root.joinpath(*name.split("."))
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                return path
        return None

    def inner(name: str) -> List[str]:
        path = source(name)
        if path is None:
            return []
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):
            return []
        out: List[str] = []
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("pyapp"):
                    out.append(node.module)
                    out += [f"{node.module}.{a.name}" for a in node.names if source(f"{node.module}.{a.name}")]
                elif isinstance(node, ast.Import):
                    out += [a.name for a in node.names if a.name.startswith("pyapp")]
        return out

    seen, order, todo = set(modules), [], [m for m in modules if m.startswith("pyapp")]
    while todo:
        for name in inner(todo.pop(0)):
            if name not in seen and source(name) is not None:
                seen.add(name)
                order.append(name)
                todo.append(name)
    return order


def boot_modules(python: str = sys.executable, root: Path = Path(__file__).resolve().parents[1],
                 functions: bool = True) -> List[str]:
    """The modules importing ``BOOT_ROOTS`` adds, then those their functions import when they run
    (:func:`function_imports`), in the order CPython imported them (dependencies first), without
    numpy's and the bridge; [] when that import fails (the snapshot keeps ``PRELOAD``). Of the latter,
    one that uses numpy while importing is left out by make_snapshot.mjs and imported on first use.
    ``functions=False``: the boot's own imports only."""
    code = ("import json, sys\nbefore = set(sys.modules)\n"
            f"for name in {list(BOOT_ROOTS)!r}:\n    __import__(name)\n"
            "boot = [m for m in sys.modules if m not in before]\n"
            "from pathlib import Path\nfrom corpus_build.runtime_snapshot import function_imports\n"
            f"inner = function_imports(boot, Path.cwd()) if {functions!r} else []\nbefore = set(sys.modules)\n"
            "for name in inner:\n    try:\n        __import__(name)\n    except Exception:\n        pass\n"
            "print(json.dumps(boot + [m for m in sys.modules if m not in before]))\n")
    try:
        proc = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=TIMEOUT_S, cwd=str(root))
        names = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 else []
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return []
    return [n for n in names if not any(n == p or n.startswith((p + ".", p + "_")) for p in NEVER)]


def sparse(image: bytes, block: int = SPARSE_BLOCK) -> bytes:
    """A Pyodide snapshot without its all-zero blocks: ``u32 magic, version, image length, run count``,
    then ``u32 offset, length`` per kept run (in order), then the runs' bytes (all little-endian). The
    blocks left out are zeros, which is what a new buffer of the image's length holds already."""
    zero = bytes(block)
    runs: List[List[int]] = []
    for at in range(0, len(image), block):
        chunk = image[at:at + block]
        if chunk == zero[:len(chunk)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == at:
            runs[-1][1] += len(chunk)
        else:
            runs.append([at, len(chunk)])
    head = struct.pack("<4I", SPARSE_MAGIC, SPARSE_VERSION, len(image), len(runs))
    table = b"".join(struct.pack("<2I", at, length) for at, length in runs)
    return head + table + b"".join(image[at:at + length] for at, length in runs)


def unsparse(data: bytes) -> bytes:
    """The image :func:`sparse` packed (what ``web/ui/snapshot.js`` ``expandSnapshot`` does; for tests)."""
    magic, version, length, count = struct.unpack_from("<4I", data)
    if magic != SPARSE_MAGIC or version != SPARSE_VERSION:
        raise ValueError("not a sparse snapshot")
    image = bytearray(length)
    pos = 16 + 8 * count
    for i in range(count):
        at, size = struct.unpack_from("<2I", data, 16 + 8 * i)
        image[at:at + size] = data[pos:pos + size]
        pos += size
    if pos != len(data):
        raise ValueError("the run table does not match the data")
    return bytes(image)


def _inputs_digest(pyodide_dir: Path, assets_dir: Optional[Path] = None, stdlib: Optional[Path] = None) -> str:
    digest = hashlib.sha256(SCRIPT.read_bytes() + FORMAT.encode())
    digest.update(json.dumps([PRELOAD, BOOT_ROOTS]).encode())
    names = [(pyodide_dir, n) for n in ("pyodide-lock.json", "pyodide.asm.js", "pyodide.mjs", "python_stdlib.zip")]
    names += [(assets_dir, n) for n in ZIPS] if assets_dir is not None else []
    if stdlib is not None:  # the repacked stdlib the page mounts (stdlib_zip.py): its offsets are in the snapshot
        names.append((stdlib.parent, "stdlib:" + stdlib.name))
    for folder, name in names:
        path = folder / name.split(":", 1)[-1]
        digest.update(name.encode() + (hashlib.sha256(path.read_bytes()).digest() if path.is_file() else b"-"))
    wasm = pyodide_dir / "pyodide.asm.wasm"
    digest.update(str(wasm.stat().st_size if wasm.is_file() else -1).encode())
    return digest.hexdigest()


def loaded_members(assets_dir: Path) -> Dict[str, List[str]]:
    """``{zip name: [members]}``: the members of ``ZIPS`` and of the stdlib's zip whose modules the snapshot holds, as the
    snapshot's stamp recorded them ({} without a snapshot, or one made before the stamp said)."""
    try:
        loaded = json.loads((assets_dir / STAMP_NAME).read_text()).get("loaded") or {}
    except (OSError, ValueError, AttributeError):
        return {}
    if not (assets_dir / FILE_NAME).is_file() or not isinstance(loaded, dict):
        return {}
    return {str(k): [str(m) for m in v] for k, v in loaded.items() if k in (*ZIPS, STDLIB_NAME) and isinstance(v, list)}


def build_runtime_snapshot(assets_dir: Path, pyodide_dir: Path = PYODIDE_DIR,
                           say: Callable[[str], None] = lambda message: None) -> SnapshotResult:
    """Write the snapshot unless the one there was made from the same runtime."""
    out, stamp = assets_dir / FILE_NAME, assets_dir / STAMP_NAME
    problem = compiler_problem(pyodide_dir)
    if problem:
        return SnapshotResult(None, False, 0, f"no runtime snapshot ({problem}); Python starts the slow way")
    zips = [assets_dir / name for name in ZIPS]
    preload = all(z.is_file() for z in zips)  # without the zips: the bare runtime, as before
    stdlib = assets_dir / STDLIB_NAME
    stdlib_or_none = stdlib if stdlib.is_file() else None  # without it: the vendored stdlib, as before
    digest = _inputs_digest(pyodide_dir, assets_dir if preload else None, stdlib_or_none)
    try:
        previous = json.loads(stamp.read_text())
    except (OSError, ValueError):
        previous = {}
    if out.is_file() and previous.get("inputs") == digest:
        return SnapshotResult(out, False, int(previous.get("bytes", 0)), "unchanged")
    with tempfile.TemporaryDirectory(prefix="rvs-snapshot-") as tmp:
        raw_path = Path(tmp) / "snapshot.bin"
        say("making the Python runtime's memory snapshot with the vendored Pyodide under Node…")
        loaded_path = Path(tmp) / "loaded.json"
        command = ["node", str(SCRIPT), *([f"--stdlib={stdlib_or_none}"] if stdlib_or_none else []),
                   f"--loaded={loaded_path}", str(pyodide_dir), str(raw_path)]
        if preload:
            modules = Path(tmp) / "modules.json"
            listed = list(PRELOAD)
            modules.write_text(json.dumps(listed + [m for m in boot_modules() if m not in listed]))
            command += [str(zips[0]), str(zips[1]), str(modules)]
        with Heartbeat(say, "making the runtime snapshot"):
            proc = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
        if proc.returncode != 0 or not raw_path.is_file():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            return SnapshotResult(None, False, 0, f"no runtime snapshot: {tail[0]}")
        packed = sparse(raw_path.read_bytes())
        try:
            loaded = json.loads(loaded_path.read_text()) if preload else {}
        except (OSError, ValueError):
            loaded = {}
    write_atomic(out, packed)
    write_atomic(stamp, json.dumps({"inputs": digest, "bytes": len(packed), "loaded": loaded}, indent=1,
                                   sort_keys=True).encode())
    return SnapshotResult(out, True, len(packed), "written")
