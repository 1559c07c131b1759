"""pyapp.bench.workertrace reads a synthetic Chromium trace: idle vs busy on the Python worker's thread."""
from pyapp.bench import workertrace


def _trace():
    def frame(name):
        return {"functionName": name, "url": ""}

    nodes = [
        {"id": 1, "callFrame": frame("(root)"), "children": [2, 3]},
        {"id": 2, "callFrame": frame("(idle)")},
        {"id": 3, "callFrame": frame("readWithProgress"), "children": [4]},
        {"id": 4, "callFrame": frame("copy")},
    ]
    return {"traceEvents": [
        {"name": "thread_name", "pid": 1, "tid": 10, "args": {"name": "DedicatedWorker thread"}},
        {"name": "thread_name", "pid": 1, "tid": 11, "args": {"name": "DedicatedWorker thread"}},
        {"name": "ThreadControllerImpl::RunTask", "ph": "X", "pid": 1, "tid": 10, "ts": 0, "dur": 900},
        {"name": "ThreadControllerImpl::RunTask", "ph": "X", "pid": 1, "tid": 11, "ts": 0, "dur": 10},
        {"name": "DocumentLoader::CommitNavigation", "ts": 1000},
        {"name": "Profile", "pid": 1, "tid": 10, "id": "0x1", "args": {"data": {"startTime": 1000}}},
        {"name": "ProfileChunk", "pid": 1, "tid": 10, "id": "0x1", "args": {"data": {
            "cpuProfile": {"nodes": nodes, "samples": [2, 2, 4, 4, 4]},
            "timeDeltas": [100_000, 100_000, 100_000, 100_000, 100_000]}}},
        {"name": "ServiceWorkerGlobalScope::DispatchFetchEventInternal", "ph": "X", "ts": 51_000, "dur": 2000,
         "args": {"url": "http://x/assets/index/verses.bin?v=1"}},
    ]}


def test_the_busiest_worker_thread_is_read_and_samples_are_grouped():
    report = workertrace.timeline(_trace(), bucket_ms=250)
    assert report["thread"] == [1, 10]
    # samples at 100..500 ms: two idle, then three under readWithProgress (its callee counts there)
    first = report["buckets"][0]
    assert first["from_ms"] == 0 and first["idle_ms"] == 100
    assert report["totals"]["readWithProgress"] == 300
    assert "copy" not in report["totals"]
    assert report["service_worker_fetches"] == [{"at_ms": 50, "ms": 2.0, "url": "http://x/assets/index/verses.bin?v=1"}]


def test_a_trace_without_a_worker_gives_an_empty_timeline():
    report = workertrace.timeline({"traceEvents": []})
    assert report["thread"] is None and report["buckets"] == [] and report["service_worker_fetches"] == []
