"""Cross-origin isolation on any host: serve.py sends COOP/COEP itself; on a host that sends no
headers (here: serve.py --no-isolate) the service worker adds them, so the page is
`crossOriginIsolated` from the second load on and wllama runs with threads. Under COEP
(`credentialless`) a local OpenAI-compatible endpoint and model downloads from another host still
work, as long as they answer CORS — no Cross-Origin-Resource-Policy needed."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest

from helpers import BOOT_TIMEOUT_MS, boot
from pyapp.bench.chromium import guard_context, served_app
from trust_helpers import FakeEndpoint

pytestmark = pytest.mark.browser

HARNESS_READY = "() => !!globalThis.rvsEngines"
# what web/engines/wllama.js would pick on this machine, and the page's own view
ISOLATION = """async () => ({
  isolated: globalThis.crossOriginIsolated,
  sab: typeof SharedArrayBuffer === "function",
  threads: (await import("./engines/wllama.js")).defaultThreads(),
  cores: navigator.hardwareConcurrency,
})"""


@pytest.fixture(scope="module")
def headerless_url(served_url: str) -> Iterator[str]:
    """The same built app on a host that sends no COOP/COEP (served_url made sure it is built)."""
    with served_app(["--no-isolate"]) as base:
        yield base


def test_serve_py_isolates_the_page_from_the_first_load(page, served_url: str) -> None:
    boot(page, served_url)
    state = page.evaluate(ISOLATION)
    assert state["isolated"] is True and state["sab"] is True
    assert state["threads"] == (min(4, state["cores"]) if state["cores"] > 1 else 1)
    assert page.rvs_foreign_requests == []


def test_the_service_worker_isolates_a_host_without_headers(browser, headerless_url: str) -> None:
    context = browser.new_context(service_workers="allow")
    foreign = guard_context(context, headerless_url)
    page = context.new_page()
    page.set_default_timeout(180_000)
    try:
        boot(page, headerless_url)
        first = page.evaluate(ISOLATION)
        assert first["isolated"] is False and first["threads"] == 1  # the host sent nothing
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=BOOT_TIMEOUT_MS)

        page.reload()  # now served through the service worker, which adds COOP/COEP
        page.wait_for_selector("[data-testid=ready]", timeout=BOOT_TIMEOUT_MS)
        second = page.evaluate(ISOLATION)
        assert second["isolated"] is True and second["sab"] is True
        assert second["threads"] == (min(4, second["cores"]) if second["cores"] > 1 else 1)

        # wllama really runs with those threads there (the harness page is served by the same worker)
        page.goto(headerless_url + "/engine-harness.html")
        page.wait_for_function(HARNESS_READY)
        assert page.evaluate("globalThis.crossOriginIsolated") is True
        # an explicit choice is kept as it is: threads whatever the machine's load
        loaded = page.evaluate("""async (threads) => {
          await rvsEngines.select("wllama", null, {threads}, () => {});
          return rvsEngines.active().info;
        }""", second["threads"])
        assert loaded["threads"] == second["threads"] and loaded["multithread"] is (second["threads"] > 1), loaded
        assert loaded["threadProbe"] is None
        request = json.dumps({"agent": "test", "messages": [{"role": "user", "content": "Say hello."}],
                              "jsonSchema": None, "stream": True, "maxTokens": 4, "temperature": 0})
        text = page.evaluate("async (r) => await rvsEngines.complete(r, () => {})", request)
        assert text.strip(), "the multi-threaded model answered"

        # left to the app, the count comes from the free-cores probe: never more than the cores,
        # 1 when the probe saw the cores busy (engines/cores.js), and the model still answers
        auto = page.evaluate("""async () => {
          await rvsEngines.select("wllama", null, {}, () => {});
          return rvsEngines.active().info;
        }""")
        probe = auto["threadProbe"]
        assert 1 <= auto["threads"] <= second["threads"] and auto["multithread"] is (auto["threads"] > 1), auto
        if second["threads"] > 1:
            assert probe is not None and probe["threads"] == auto["threads"], auto
            assert auto["threads"] == 1 or probe["speedup"] >= 0.7 * auto["threads"], probe
        assert page.evaluate("async (r) => await rvsEngines.complete(r, () => {})", request).strip()
    finally:
        context.close()
    assert foreign == []


class FakeModelHost:
    """A host like Hugging Face's CDN: answers CORS (`Access-Control-Allow-Origin: *`) and sends no
    Cross-Origin-Resource-Policy — enough under COEP credentialless."""

    BODY = bytes(range(256)) * 64

    def __init__(self) -> None:
        body = self.BODY

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeModelHost":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_the_endpoint_and_model_downloads_work_under_coep(page, served_url: str) -> None:
    """The engine harness (loopback allowed by its policy) on the isolated page: a local endpoint
    that answers CORS only, and a model file fetched from another host by the page, by the Cache API
    (WebLLM's way) and by a worker (wllama's way)."""
    with FakeEndpoint() as endpoint, FakeModelHost() as host:
        for origin in (endpoint.origin, host.origin):
            page.context.route(origin + "/**", lambda route: route.continue_())
        page.goto(served_url + "/engine-harness.html")
        page.wait_for_function(HARNESS_READY)
        assert page.evaluate("globalThis.crossOriginIsolated") is True

        selected = page.evaluate("async (url) => { await rvsEngines.select('openai', null, {url}, () => {}); "
                                 "return rvsEngines.active(); }", endpoint.url)
        assert selected["id"] == "openai" and selected["model"] == "fake-model"
        request = json.dumps({"agent": "test", "messages": [{"role": "user", "content": "Hi [RV 1.1.1]"}],
                              "jsonSchema": None, "stream": True, "maxTokens": 16, "temperature": 0})
        text = page.evaluate("async (r) => await rvsEngines.complete(r, () => {})", request)
        assert FakeEndpoint.MARKER in text
        assert endpoint.requests and set(endpoint.origins) == {served_url}

        sizes = page.evaluate("""async (url) => {
          const direct = (await (await fetch(url)).arrayBuffer()).byteLength;
          const cache = await caches.open("rvs-coep-test");
          await cache.add(url);
          const cached = (await (await cache.match(url)).arrayBuffer()).byteLength;
          await caches.delete("rvs-coep-test");
          const source = `fetch(${JSON.stringify(url)}).then((r) => r.arrayBuffer())
            .then((b) => postMessage(b.byteLength), (e) => postMessage(String(e)))`;
          const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
          const inWorker = await new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
          worker.terminate();
          return { direct, cached, inWorker };
        }""", host.origin + "/model.bin")
        size = len(FakeModelHost.BODY)
        assert sizes == {"direct": size, "cached": size, "inWorker": size}
    assert page.rvs_foreign_requests == []


def test_the_app_answers_through_a_streaming_local_endpoint_under_coep(page, served_url: str) -> None:
    """The reader's own page, cross-origin isolated by serve.py, with a local OpenAI-compatible server
    that answers CORS and streams server-sent events (no Cross-Origin-Resource-Policy): chosen in the
    settings (one reload for the connect policy, still isolated after it), it answers a question and
    the streamed answer is shown whole."""
    with FakeEndpoint(streaming=True) as endpoint:
        page.context.route(endpoint.origin + "/**", lambda route: route.continue_())
        boot(page, served_url)
        assert page.evaluate("globalThis.crossOriginIsolated") is True
        page.wait_for_function("() => [...document.querySelectorAll('[data-testid=engine-select] option')]"
                               ".some(o => o.value.startsWith('openai'))")
        value = page.eval_on_selector("[data-testid=engine-select]",
                                      "s => [...s.options].find(o => o.value.startsWith('openai')).value")
        page.get_by_test_id("engine-select").select_option(value)
        page.get_by_test_id("engine-url").fill(endpoint.url)
        with page.expect_navigation(timeout=60_000):
            page.get_by_test_id("engine-load").click()
        page.wait_for_selector("[data-testid=ready]", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => globalThis.rvsEngines && rvsEngines.active().id === 'openai'", timeout=60_000)
        assert page.evaluate("globalThis.crossOriginIsolated") is True

        page.get_by_test_id("query").fill("Who is praised as the priest of the sacrifice?")
        page.get_by_test_id("query").press("Enter")
        page.wait_for_function("() => !document.querySelector('[data-testid=ask]').disabled"
                               " && document.querySelector('[data-testid=stop]').disabled", timeout=120_000)
        answer = page.get_by_test_id("answer").last.text_content() or ""
        assert FakeEndpoint.MARKER in answer, answer[:300]
        assert endpoint.streamed >= 1 and any(r.get("stream") for r in endpoint.requests)
        assert set(endpoint.origins) == {served_url}
    assert page.rvs_foreign_requests == []
