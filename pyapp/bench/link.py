"""An emulated mobile link for the first-visit benchmark: a TCP proxy in front of ``serve.py`` that
limits bandwidth, adds latency and counts every byte the server sends, per URL.

Why a proxy and not only CDP's ``Network.emulateNetworkConditions``: DevTools throttling is set per
target (page, dedicated worker, service worker), and Playwright's CDP sessions cannot reach the
Python worker's or the service worker's targets; a link between Chromium and the server slows and
counts every request of every target alike, as a real phone's radio does. The bytes counted are
the HTTP response bytes on the wire (status line, headers and the body as sent, compressed or
not), attributed to the request line they answer (HTTP/1.1 keep-alive, no pipelining: Chromium
sends the next request on a connection only after the previous response ended).

The model: one shared downlink (``down_mbit``) and uplink (``up_mbit``) — every connection queues
behind the same serialisation clock, as on one radio — and ``rtt_ms`` split in two one-way delays
(a new connection also pays one round trip for its handshake). CPython tooling only (threads).

Each connection keeps at most ``window`` bytes queued on the link (default twice the bandwidth-delay
product: 300 kB on 4G), as TCP's congestion window does: the proxy stops reading that response from
the server until the link has carried some of it. Without it (``window=0``, the model before issue
21's session 24) the proxy queued whole files the moment the server sent them, so a 1 kB script
asked for while four big files streamed waited for all of them (seconds), where on a real link it
shares the radio with them after one window.
"""
from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

PROFILES: Dict[str, Tuple[float, float, float]] = {
    # name: (down Mbit/s, up Mbit/s, round trip ms) — Lighthouse's / DevTools' usual presets
    "4g": (20.0, 5.0, 60.0),
    "3g": (1.6, 0.75, 300.0),
    "local": (0.0, 0.0, 0.0),  # no limit: the loopback as it is
}
CHUNK = 16384


def default_window(profile: str) -> int:
    """Twice the bandwidth-delay product (≥ 64 kB), 0 (unbounded) for an unlimited link."""
    down, _, rtt = PROFILES[profile]
    return max(65536, int(2 * down * 1e6 / 8 * rtt / 1000)) if down else 0


@dataclass
class Transfer:
    """One HTTP response: what was asked, its status and its bytes on the wire, when it ended."""

    url: str
    status: int = 0
    wire_bytes: int = 0
    encoding: str = ""
    ended: float = 0.0
    asked: float = 0.0  # monotonic time the request reached the server's side of the link
    chunks: List[Tuple[float, int]] = field(default_factory=list)  # (monotonic time, bytes) as delivered

    def bytes_until(self, moment: float) -> int:
        return sum(n for t, n in self.chunks if t <= moment)


class _Pipe:
    """One direction of the link: a serialisation clock shared by all connections, a fixed delay."""

    def __init__(self, mbit: float, delay_s: float) -> None:
        self.rate = mbit * 1e6 / 8 if mbit > 0 else 0.0
        self.delay = delay_s
        self.free_at = 0.0

    def deliver_at(self, nbytes: int) -> float:
        now = time.monotonic()
        if self.rate:
            self.free_at = max(now, self.free_at) + nbytes / self.rate
            return self.free_at + self.delay
        return now + self.delay


@dataclass
class _Stream:
    """Parses one connection's responses to attribute bytes to the request they answer."""

    requests: List[Tuple[str, float]] = field(default_factory=list)  # (url, when asked)
    head: bytes = b""
    body_left: int = 0
    current: Optional[Transfer] = None


class Link:
    """``with Link(upstream_port, "4g") as link:`` → ``link.port`` for the browser; ``link.transfers``."""

    def __init__(self, upstream_port: int, profile: str = "4g", host: str = "127.0.0.1",
                 window: Optional[int] = None) -> None:
        down, up, rtt = PROFILES[profile]
        self.window = default_window(profile) if window is None else window
        self.upstream = (host, upstream_port)
        self.rtt = rtt / 1000.0
        self.down = _Pipe(down, self.rtt / 2)
        self.up = _Pipe(up, self.rtt / 2)
        self.transfers: List[Transfer] = []
        self.request_headers: Dict[str, List[str]] = {}  # debugging: validators and cache directives sent
        self.lock = threading.Lock()
        self.port = 0
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self._server: Optional[asyncio.AbstractServer] = None

    # ---- accounting ------------------------------------------------------------------------
    def reset(self) -> None:
        with self.lock:
            self.transfers = []

    def total(self, until: Optional[float] = None) -> int:
        with self.lock:
            return sum(t.wire_bytes for t in self.transfers if until is None or (t.ended and t.ended <= until))

    def snapshot(self) -> List[Transfer]:
        with self.lock:
            return list(self.transfers)

    def _on_request(self, stream: _Stream, data: bytes) -> None:
        for line in data.split(b"\r\n"):
            parts = line.split(b" ")
            if len(parts) == 3 and parts[2].startswith(b"HTTP/1.") and parts[0].isalpha() and parts[0].isupper():
                stream.requests.append((parts[1].decode("latin-1"), time.monotonic()))
            elif line.lower().startswith((b"if-none-match", b"cache-control", b"if-modified")) and stream.requests:
                self.request_headers.setdefault(stream.requests[-1][0], []).append(line.decode("latin-1"))

    def _on_response(self, stream: _Stream, data: bytes) -> None:
        while data:
            if stream.current is not None and stream.body_left > 0:
                take = min(stream.body_left, len(data))
                stream.current.wire_bytes += take
                stream.current.chunks.append((time.monotonic(), take))
                stream.body_left -= take
                data = data[take:]
                if stream.body_left == 0:
                    self._end(stream)
                continue
            stream.head += data
            data = b""
            end = stream.head.find(b"\r\n\r\n")
            if end < 0:
                return
            head, data = stream.head[:end + 4], stream.head[end + 4:]
            stream.head = b""
            lines = head.decode("latin-1").split("\r\n")
            url, asked = stream.requests.pop(0) if stream.requests else ("?", 0.0)
            status = int(lines[0].split(" ")[1]) if len(lines[0].split(" ")) > 1 else 0
            headers = {k.strip().lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:] if ln)}
            transfer = Transfer(url=url, status=status, wire_bytes=len(head),
                                encoding=headers.get("content-encoding", ""), chunks=[(time.monotonic(), len(head))],
                                asked=asked)
            with self.lock:
                self.transfers.append(transfer)
            stream.current = transfer
            stream.body_left = int(headers.get("content-length", "0") or 0) if status not in (204, 304) else 0
            if stream.body_left == 0:
                self._end(stream)

    def _end(self, stream: _Stream) -> None:
        if stream.current is not None:
            stream.current.ended = time.monotonic()
        stream.current = None

    # ---- the proxy ---------------------------------------------------------------------------
    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, pipe: _Pipe,
                    on_data) -> None:
        queue: "asyncio.Queue[Tuple[float, bytes]]" = asyncio.Queue()
        queued = [0]  # this connection's bytes on the link, not yet delivered
        room = asyncio.Event()
        room.set()

        async def deliver() -> None:
            while True:
                when, chunk = await queue.get()
                if not chunk:
                    break
                wait = when - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                on_data(chunk)
                writer.write(chunk)
                queued[0] -= len(chunk)
                if queued[0] < self.window:
                    room.set()
                await writer.drain()
            writer.close()

        delivering = asyncio.ensure_future(deliver())
        try:
            while True:
                if self.window:
                    await room.wait()
                chunk = await reader.read(CHUNK)
                if not chunk:
                    break
                queued[0] += len(chunk)
                if self.window and queued[0] >= self.window:
                    room.clear()
                queue.put_nowait((pipe.deliver_at(len(chunk)), chunk))
        except (ConnectionError, OSError):
            pass
        queue.put_nowait((0.0, b""))
        try:
            await delivering
        except (ConnectionError, OSError):
            pass

    async def _client(self, c_reader: asyncio.StreamReader, c_writer: asyncio.StreamWriter) -> None:
        stream = _Stream()
        try:
            if self.rtt:
                await asyncio.sleep(self.rtt)  # the TCP handshake's round trip
            s_reader, s_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            c_writer.close()
            return
        await asyncio.gather(
            self._pump(c_reader, s_writer, self.up, lambda d: self._on_request(stream, d)),
            self._pump(s_reader, c_writer, self.down, lambda d: self._on_response(stream, d)),
            return_exceptions=True)

    def __enter__(self) -> "Link":
        ready = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
            self._server = self._loop.run_until_complete(asyncio.start_server(self._client, "127.0.0.1", 0))
            self.port = int(self._server.sockets[0].getsockname()[1])
            ready.set()
            self._loop.run_forever()
            self._loop.close()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait(10)
        return self

    async def _shutdown(self) -> None:
        """Close the server and end every connection's tasks. Why: a task left pending when the loop stops is
        finalised later by the garbage collector, inside whatever the process runs then (a test's ``ast.parse`` failed
        with CPython's "AST constructor recursion depth mismatch" when that happened during it)."""
        if self._server is not None:
            self._server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None:
            try:
                asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(5)
            except Exception:  # a stuck connection must not keep the benchmark from ending
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(5)
