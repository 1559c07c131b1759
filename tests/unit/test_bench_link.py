"""The first-visit bench's emulated link (pyapp/bench/link.py): it passes every byte through, counts the
response bytes per request on a keep-alive connection, and never delivers faster than its bandwidth."""
from __future__ import annotations

import http.client
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Iterator, Tuple

import pytest

from pyapp.bench.link import Link

BODIES = {"/small": b"x" * 1000, "/big": bytes(range(256)) * 2048,  # 1 kB and 512 kB
          "/huge": bytes(range(256)) * 16384}  # 4 MB


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 (stdlib name)
        body = BODIES.get(self.path.split("?")[0])
        if body is None:
            self.send_response(304)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture()
def upstream() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield int(server.server_address[1])
    server.shutdown()
    server.server_close()


def _get_all(port: int, paths) -> Tuple[list, float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    bodies = []
    started = time.monotonic()
    for path in paths:
        conn.request("GET", path)
        bodies.append(conn.getresponse().read())
    conn.close()
    return bodies, time.monotonic() - started


def test_bytes_are_counted_per_request_on_one_connection(upstream: int) -> None:
    with Link(upstream, "local") as link:
        bodies, _ = _get_all(link.port, ["/small", "/big?v=1", "/cached", "/small"])
        time.sleep(0.1)
        transfers = link.snapshot()
    assert bodies[:2] == [BODIES["/small"], BODIES["/big"]] and bodies[2] == b""
    assert [t.url for t in transfers] == ["/small", "/big?v=1", "/cached", "/small"]
    assert [t.status for t in transfers] == [200, 200, 304, 200]
    for t, body in zip(transfers, bodies):
        assert len(body) < t.wire_bytes < len(body) + 300  # the body plus its status line and headers
    assert link.total() == sum(t.wire_bytes for t in transfers)


def test_the_link_is_no_faster_than_its_bandwidth(upstream: int) -> None:
    with Link(upstream, "3g") as link:  # 1.6 Mbit/s: 512 kB take at least 2.6 s, plus round trips
        bodies, elapsed = _get_all(link.port, ["/big"])
    assert bodies == [BODIES["/big"]] and elapsed >= len(BODIES["/big"]) * 8 / 1.6e6


def test_a_small_file_shares_the_link_with_a_big_one_instead_of_waiting_for_all_of_it(upstream: int) -> None:
    """Each connection keeps at most one window queued (as TCP would): a script asked for while a big
    file streams arrives long before the big file ends. With an unbounded queue (window=0) it waited."""
    def race(window):
        with Link(upstream, "4g", window=window) as link:  # 20 Mbit/s: 4 MB take 1.7 s
            done = {}
            def big() -> None:
                _get_all(link.port, ["/huge"])
                done["big"] = time.monotonic()
            thread = threading.Thread(target=big)
            thread.start()
            time.sleep(0.4)
            _get_all(link.port, ["/small"])
            done["small"] = time.monotonic()
            thread.join(30)
        return done["big"] - done["small"]

    assert race(None) > 0.6  # the small file was in well before the big one's last second
    assert race(0) < 0.3  # the old model: it came only after (nearly) all the big file
