"""Where the Python worker's thread spends a reload: ``python -m pyapp.bench workertrace TRACE [--bucket MS]``.

Why: ``bench reload`` gives each stage's span, but a span does not say whether its thread was busy
or waiting. Session 29 (issue 21) read a reload's trace (``bench reload --trace F --profile``) this
way: the Python worker's thread was idle for much of the index stage — waiting for bytes, not
parsing them — which is what decides whether an avenue is CPU (move work, cache it in the snapshot)
or bytes (read fewer, read them another way). Input: a Chromium trace with V8's sampling profiler
(``disabled-by-default-v8.cpu_profiler``). Output: for each time bucket from the navigation, the
worker thread's idle milliseconds and the functions (grouped by the loader's stage functions) that
took the rest; and the fetch events the service worker handled, with when each arrived.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from typing import Any, Dict, List, Optional, Sequence, Tuple

WORKER_THREAD = "DedicatedWorker thread"
TASK_EVENTS = ("ThreadControllerImpl::RunTask", "RunTask")
# loader.js / Pyodide functions that name a stage's work: a sample is counted under the first of
# these found on its stack (outermost first), else under its own function
GROUPS = ("restoreSnapshot", "installNumpy", "readWithProgress", "runPython", "untar", "sha256Hex",
          "writeIndex", "putOnPath", "receiveInstance", "fetchSnapshot", "prepareNumpy")


def _events(trace: Any) -> List[Dict[str, Any]]:
    return trace["traceEvents"] if isinstance(trace, dict) else list(trace)


def busiest_worker(events: Sequence[Dict[str, Any]]) -> Optional[Tuple[int, int]]:
    """(pid, tid) of the dedicated worker thread with the most task time: the Python worker."""
    names = {(e.get("pid"), e.get("tid")): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    busy: Counter = Counter()
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if e.get("ph") == "X" and e.get("name") in TASK_EVENTS and names.get(key) == WORKER_THREAD:
            busy[key] += e.get("dur", 0)
    return busy.most_common(1)[0][0] if busy else None


def samples(events: Sequence[Dict[str, Any]], thread: Tuple[int, int]) -> Tuple[List[Tuple[float, str]], Dict[int, Any]]:
    """The thread's profiler samples as (timestamp µs, label), and the profile's nodes."""
    profiles = [e for e in events if e.get("name") == "Profile" and (e.get("pid"), e.get("tid")) == thread]
    if not profiles:
        return [], {}
    profile = profiles[0]
    nodes: Dict[int, Any] = {}
    t = float(profile["args"]["data"]["startTime"])
    seq: List[Tuple[float, int]] = []
    for e in events:
        if e.get("name") != "ProfileChunk" or e.get("id") != profile.get("id") or e.get("pid") != profile.get("pid"):
            continue
        data = e["args"]["data"]
        for node in data.get("cpuProfile", {}).get("nodes", []):
            nodes[node["id"]] = node
        for sample, delta in zip(data.get("cpuProfile", {}).get("samples", []), data.get("timeDeltas", [])):
            t += delta
            seq.append((t, sample))
    parent: Dict[int, int] = {}
    for node in nodes.values():
        if "parent" in node:
            parent[node["id"]] = node["parent"]
        for child in node.get("children") or []:
            parent[child] = node["id"]

    def label(node_id: int) -> str:
        chain: List[str] = []
        x: Optional[int] = node_id
        while x in nodes:
            chain.append(nodes[x]["callFrame"].get("functionName") or "(anonymous)")
            x = parent.get(x)
        for group in GROUPS:
            if any(name.startswith(group) for name in chain):
                return group
        return chain[0] if chain else "?"

    return [(ts, label(s)) for ts, s in seq], nodes


def timeline(trace: Any, bucket_ms: int = 250) -> Dict[str, Any]:
    """Per bucket from the navigation: idle ms and the top labels; totals; the service worker's fetches."""
    events = _events(trace)
    navigations = [e["ts"] for e in events if e.get("name") == "DocumentLoader::CommitNavigation"]
    t0 = min(navigations) if navigations else 0
    thread = busiest_worker(events)
    buckets: Dict[int, Counter] = defaultdict(Counter)
    totals: Counter = Counter()
    if thread is not None:
        seq, _ = samples(events, thread)
        previous: Optional[float] = None
        for ts, label in seq:
            ms = (ts - previous) / 1000 if previous is not None else 0.0
            previous = ts
            buckets[int((ts - t0) // (bucket_ms * 1000))][label] += ms
            totals[label] += ms
    fetches = [{"at_ms": round((e["ts"] - t0) / 1000), "ms": round(e.get("dur", 0) / 1000, 1), "url": e["args"].get("url", "")}
               for e in events if e.get("name") == "ServiceWorkerGlobalScope::DispatchFetchEventInternal"
               and e.get("ph") == "X" and (e.get("args") or {}).get("url")]
    rows = []
    for b in sorted(k for k in buckets if k >= 0):
        counts = buckets[b]
        idle = counts.pop("(idle)", 0.0)
        rows.append({"from_ms": b * bucket_ms, "idle_ms": round(idle), "busy": {k: round(v) for k, v in counts.most_common(5)}})
    return {"thread": list(thread) if thread else None, "buckets": rows,
            "totals": {k: round(v) for k, v in totals.most_common(20)}, "service_worker_fetches": fetches}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyapp.bench workertrace", description=__doc__.split("\n")[0])
    parser.add_argument("trace", help="a trace from `python -m pyapp.bench reload --trace F --profile`")
    parser.add_argument("--bucket", type=int, default=250, help="bucket width in ms")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with open(args.trace, encoding="utf-8") as handle:
        report = timeline(json.load(handle), args.bucket)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for row in report["buckets"]:
        busy = ", ".join(f"{k} {v}" for k, v in row["busy"].items())
        print(f"{row['from_ms']:>6} ms  idle {row['idle_ms']:>4}  {busy}")
    print("totals:", report["totals"])
    for f in report["service_worker_fetches"]:
        print(f"  sw fetch at {f['at_ms']:>6} ms ({f['ms']} ms) {f['url']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
