"""The app's Python, as PyScript runs it in its worker (``web/ui/pyworker.js`` starts it).

Why a worker: the agents, the search and the index loading are seconds of CPU; on the page's own
thread they froze typing, scrolling and the progress bars. Here they run beside the page, which
only ever waits for messages.

By the time this script runs, ``web/python/runtime.mjs`` has restored the runtime, installed the
packages, put ``pyapp`` on ``sys.path`` and written the index to ``/assets/index``. This script loads
the searcher (``pyapp.bridge.boot``), says ``ready``, and then answers the page's calls:
``{rvs: "call", id, name, args}`` → ``{rvs: "result", id, value}`` (or ``error``), with status
events and answer tokens of a running question sent on as ``{rvs: "status"|"token", id, data}``.
Every value is a JSON string or plain text, as with ``pyapp.bridge`` on the page.
"""
import asyncio
import json

import js


def wall_ms() -> int:
    """The wall clock in ms, as loader.js's spans: the benchmark lays them beside the downloads."""
    return round(js.performance.timeOrigin + js.performance.now())


SPANS = {"workerScript": [wall_ms(), 0]}  # from here: how long the Python side of the boot takes

from polyscript import xworker  # noqa: E402
from pyodide.ffi import to_js  # noqa: E402

from pyapp import bridge  # noqa: E402

SPANS["importBridge"] = [SPANS["workerScript"][0], wall_ms()]

FS_INDEX_DIR = "/assets/index"


def post(message: dict) -> None:
    xworker.postMessage(to_js(message, dict_converter=js.Object.fromEntries))


def read_index_file(name: str):
    """A file the boot wrote into the index folder, as bytes for the page (ui/versions.js), or None."""
    try:
        with open(f"{FS_INDEX_DIR}/{name}", "rb") as handle:
            return to_js(handle.read())
    except OSError:
        return None


def write_index_file(name: str, data) -> None:
    """A translation the page downloaded on demand (ui/versions.js), for the agents to read."""
    path = f"{FS_INDEX_DIR}/{name}"
    import os

    os.makedirs(path.rsplit("/", 1)[0], exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data.to_bytes() if hasattr(data, "to_bytes") else bytes(data))


async def bench_search(methods_json: str, runs: int) -> str:
    """Benchmarks only (pyapp/bench/inpage.py), imported on first use."""
    from pyapp.bench import inpage

    result = inpage.bench_search(methods_json, runs)
    return await result if asyncio.iscoroutine(result) else result


CALLS = {
    "warm_up": bridge.warm_up,
    "lookup": bridge.lookup,
    "reader_catalog": bridge.reader_catalog,
    "reader_hymn": bridge.reader_hymn,
    "version_for": bridge.version_for,
    "language_file": bridge.language_file,
    "stop": bridge.stop,
    "probe_engine": bridge.probe_engine,
    "read_index_file": read_index_file,
    "write_index_file": write_index_file,
    "bench_search": bench_search,
}


async def answer(call_id: int, name: str, args: list) -> None:
    try:
        if name == "ask":
            def on_status(event: str) -> None:
                post({"rvs": "status", "id": call_id, "data": str(event)})

            def on_token(text: str) -> None:
                post({"rvs": "token", "id": call_id, "data": str(text)})

            value = await bridge.ask(*args, on_status, on_token)
        else:
            value = CALLS[name](*args)
            if asyncio.iscoroutine(value):
                value = await value
        post({"rvs": "result", "id": call_id, "value": value})
    except Exception as exc:  # noqa: BLE001 (every failure becomes the caller's rejected promise)
        post({"rvs": "result", "id": call_id, "error": bridge.one_line(exc)})


def on_message(event) -> None:
    data = event.data
    if getattr(data, "rvs", None) != "call":
        return  # replies to the page services (runtime.mjs) and engine news
    args = data.args.to_py() if hasattr(data.args, "to_py") else list(data.args or [])
    asyncio.ensure_future(answer(int(data.id), str(data.name), args))


async def attach_meaning_search() -> None:
    """Meaning search's files download after "ready" (runtime.mjs ``rvsDeferredIndex``): once they
    are in the file system, add them to the searcher and tell the page (ui/pyworker.js)."""
    try:
        await js.rvsDeferredIndex()
        status = bridge.attach_vectors(FS_INDEX_DIR)
    except Exception as exc:  # noqa: BLE001 (a failed download leaves keyword search, as before)
        bridge.attach_vectors_failed(bridge.one_line(exc))
        status = json.dumps({"success": False, "error": bridge.one_line(exc)})
    post({"rvs": "meaning", "op": "done", "status": status})


xworker.onmessage = on_message
post({"rvs": "progress", "stage": "start", "op": "start", "text": "loading search index…"})
_boot_start = wall_ms()
_status = bridge.boot(FS_INDEX_DIR)
SPANS["bridgeBoot"] = [_boot_start, wall_ms()]
SPANS["workerScript"][1] = SPANS["bridgeBoot"][1]
post({"rvs": "progress", "op": "spans", "spans": SPANS})
post({"rvs": "ready", "status": _status})
if hasattr(js, "rvsDeferredIndex") and bridge.vectors_pending():  # not when the index had them (an old build)
    asyncio.ensure_future(attach_meaning_search())
