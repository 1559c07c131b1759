"""The in-browser engine bridge (`web/bridge.js` → `globalThis.rvsEngines`), driven through
`web/engine-harness.html` (a page that loads only the bridge) under the app's real server and CSP.

What runs for real here: the wllama CPU engine with the bundled SmolLM2-135M GGUF (short prompts,
few tokens: it is slow on 2 cores), and the OpenAI-compatible client against a tiny fake server
started in this process. WebLLM needs a WebGPU GPU, which this machine lacks, so it is tested up to
the engine boundary: the no-WebGPU error and the catalog. Every test also asserts that the page
attempted no request off its own origin (and the fake server's).
"""
from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Iterator, List, Optional

import pytest

from pyapp.bench.chromium import CHROMIUM, CHROMIUM_ARGS, guard_context

CONTRACT_CODES = {
    "no-webgpu", "load-failed", "download-interrupted", "storage-full", "unreachable", "cors",
    "aborted", "not-loaded", "bad-output",
}

# A JS helper: run an rvsEngines call and return {ok, value} or {ok: false, code, message}.
CALL = """async ([fn, args]) => {
  const chunks = [], progress = [];
  const cb = (c) => chunks.push(c);
  const pr = (p) => progress.push(p);
  try {
    let value;
    if (fn === "complete") value = await rvsEngines.complete(args[0], cb);
    else if (fn === "select") value = await rvsEngines.select(args[0], args[1], args[2] || {}, pr);
    else value = await rvsEngines[fn](...args);
    return {ok: true, value: value === undefined ? null : value, chunks, progress};
  } catch (e) {
    return {ok: false, code: e.code || null, message: String(e.message), chunks, progress};
  }
}"""


def call(page, fn: str, *args: Any) -> Dict[str, Any]:
    return page.evaluate(CALL, [fn, list(args)])


def request(content: str, *, max_tokens: int = 12, schema: Optional[dict] = None, stream: bool = True,
            system: Optional[str] = None) -> str:
    """A ChatRequest exactly as Python's `to_wire()` sends it (camelCase)."""
    messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": content}]
    return json.dumps({"agent": "test", "messages": messages, "jsonSchema": schema, "stream": stream,
                       "maxTokens": max_tokens, "temperature": 0.0})


def open_harness(page, served_url: str) -> None:
    page.goto(served_url + "/engine-harness.html")
    page.wait_for_function("() => !!globalThis.rvsEngines")


def assert_one_line_error(result: Dict[str, Any], code: str) -> None:
    assert result["ok"] is False, result
    assert result["code"] == code, result
    assert result["message"] and "\n" not in result["message"] and "    at " not in result["message"], result


@pytest.fixture()
def harness(page, served_url: str):
    open_harness(page, served_url)
    yield page
    assert page.rvs_foreign_requests == []


# --------------------------------------------------------------------------- no model / catalog


def test_starts_extractive_and_refuses_to_complete_without_a_model(harness) -> None:
    active = harness.evaluate("rvsEngines.active()")
    assert active["id"] == "extractive" and active["model"] is None and active["label"]
    result = call(harness, "complete", request("Hello"))
    assert_one_line_error(result, "not-loaded")


def test_catalog_lists_every_engine_with_sizes(harness) -> None:
    rows = harness.evaluate("rvsEngines.catalog()")
    assert len({r["id"] for r in rows}) == len(rows)
    engines = {r["engine"] for r in rows}
    assert engines == {"extractive", "webllm", "wllama", "openai"}
    for engine in engines:
        assert sum(1 for r in rows if r["engine"] == engine and r["default"]) == 1, engine
    webllm = [r for r in rows if r["engine"] == "webllm"]
    assert len(webllm) >= 8
    for r in webllm:
        assert r["downloadMB"] > 0 and r["vramMB"] > 0 and r["label"], r
    sizes = sorted(r["downloadMB"] for r in webllm)
    assert sizes[0] < 400 and sizes[-1] > 3000, "offers both small and large models"
    bundled = next(r for r in rows if r["engine"] == "wllama" and r["default"])
    assert 80 < bundled["downloadMB"] < 120 and bundled["vramMB"] is None


def test_webllm_catalog_matches_the_vendored_web_llm(harness) -> None:
    """Model ids and VRAM figures are copied from web-llm's prebuiltAppConfig: they must not drift."""
    mismatches = harness.evaluate(
        """async () => {
          const webllm = await import("./vendor/web-llm/index.js");
          const byId = new Map(webllm.prebuiltAppConfig.model_list.map((m) => [m.model_id, m]));
          return rvsEngines.catalog().filter((r) => r.engine === "webllm").flatMap((r) => {
            const m = byId.get(r.model);
            if (!m) return [r.model + ": not in prebuiltAppConfig"];
            if (r.vramMB !== Math.ceil(m.vram_required_MB)) return [r.model + ": vram " + r.vramMB + " != " + m.vram_required_MB];
            const f16 = (m.required_features || []).includes("shader-f16");
            if (f16 && !r.requires.includes("shader-f16")) return [r.model + ": misses shader-f16"];
            return [];
          });
        }"""
    )
    assert mismatches == []


def test_webllm_without_webgpu_fails_with_a_clear_message(harness) -> None:
    detected = harness.evaluate("rvsEngines.detect()")
    assert detected["webgpu"] is False and detected["reason"]
    default_model = harness.evaluate("rvsEngines.catalog().find(r => r.engine === 'webllm' && r.default).model")
    result = call(harness, "select", "webllm", default_model, {})
    assert_one_line_error(result, "no-webgpu")
    assert "WebGPU" in result["message"] and "no-LLM engine" in result["message"]
    assert harness.evaluate("rvsEngines.active().id") == "extractive"


# Chromium's software WebGPU (SwiftShader): an adapter without shader-f16, far too slow to run a model.
SOFTWARE_GPU_ARGS = [a for a in CHROMIUM_ARGS if a != "--disable-gpu"] + [
    "--enable-unsafe-webgpu", "--enable-features=Vulkan", "--use-angle=swiftshader", "--use-webgpu-adapter=swiftshader",
]
MODEL_HOSTS = {"huggingface.co", "raw.githubusercontent.com"}


def test_webllm_on_a_gpu_without_shader_f16(browser, served_url: str) -> None:
    """Up to the engine boundary: f16 models are refused, the q4f32 twin becomes the default, and
    the real WebLLM worker starts and reports that the weights could not be downloaded (this test
    machine is offline; the app's CSP also keeps the model hosts out) — contacting nothing else."""
    gpu_browser = browser.browser_type.launch(executable_path=CHROMIUM, args=SOFTWARE_GPU_ARGS)
    try:
        context = gpu_browser.new_context()
        foreign = guard_context(context, served_url)
        page = context.new_page()
        page.set_default_timeout(120_000)
        open_harness(page, served_url)
        detected = page.evaluate("rvsEngines.detect()")
        if not detected["webgpu"]:
            pytest.skip("this Chromium has no software WebGPU adapter")
        assert detected["shaderF16"] is False and "shader-f16" in detected["reason"]
        default = page.evaluate("rvsEngines.catalog().find(r => r.engine === 'webllm' && r.default).model")
        assert "q4f32" in default

        refused = call(page, "select", "webllm", default.replace("q4f32", "q4f16"), {})
        assert_one_line_error(refused, "load-failed")
        assert "shader-f16" in refused["message"] and "q4f32" in refused["message"]

        result = call(page, "select", "webllm", default, {})
        assert_one_line_error(result, "unreachable")
        assert "huggingface.co" in result["message"]
        assert page.evaluate("rvsEngines.active().id") == "extractive"
        assert {url.split("/")[2] for url in foreign} <= MODEL_HOSTS, foreign
    finally:
        gpu_browser.close()


def test_unknown_engine_is_refused(harness) -> None:
    result = call(harness, "select", "gpt-cloud", None, {})
    assert_one_line_error(result, "load-failed")


# --------------------------------------------------------------------------- wllama (real model)


@pytest.fixture(scope="module")
def wllama_page(browser, served_url: str) -> Iterator[Any]:
    """One page with the bundled SmolLM2-135M loaded, shared by the wllama tests (loading is slow)."""
    context = browser.new_context()
    foreign = guard_context(context, served_url)
    page = context.new_page()
    page.set_default_timeout(180_000)
    open_harness(page, served_url)
    loaded = call(page, "select", "wllama", None, {})
    assert loaded["ok"], loaded
    page.rvs_load_progress = loaded["progress"]
    yield page
    context.close()
    assert foreign == []


def test_wllama_loads_the_bundled_model_and_streams_an_answer(wllama_page) -> None:
    progress = wllama_page.rvs_load_progress
    assert progress and progress[-1]["percent"] == 100
    assert any(p["totalMB"] > 80 for p in progress), "download size is reported"
    active = wllama_page.evaluate("rvsEngines.active()")
    assert active["id"] == "wllama" and active["model"] and "SmolLM2" in active["label"]

    result = call(wllama_page, "complete", request("What is the capital of France? Answer in one sentence."))
    assert result["ok"], result
    assert len(result["chunks"]) > 1, "streamed in pieces"
    assert "".join(result["chunks"]) == result["value"]
    assert "paris" in result["value"].lower(), result["value"]  # the GGUF's chat template is applied


def test_wllama_follows_a_json_schema(wllama_page) -> None:
    schema = {
        "type": "object",
        "properties": {"city": {"type": "string", "maxLength": 24}, "is_capital": {"type": "boolean"}},
        "required": ["city", "is_capital"],
        "additionalProperties": False,
    }
    result = call(wllama_page, "complete",
                  request("Which city is the capital of France?", schema=schema, max_tokens=32, stream=False,
                          system="Answer in JSON."))
    assert result["ok"], result
    value = json.loads(result["value"])
    assert set(value) == {"city", "is_capital"}
    assert isinstance(value["city"], str) and isinstance(value["is_capital"], bool)
    assert result["chunks"] == [], "stream=false sends no chunks"


def test_wllama_abort_stops_a_generation_and_the_engine_keeps_working(wllama_page) -> None:
    outcome = wllama_page.evaluate(
        """async (req) => {
          let firstChunk;
          const started = new Promise((resolve) => { firstChunk = resolve; });
          const run = rvsEngines.complete(req, () => firstChunk()).then(
            (text) => ({ok: true, text}), (e) => ({ok: false, code: e.code, message: e.message}));
          await started;
          rvsEngines.abort();
          return await run;
        }""",
        request("Write a long story about a river.", max_tokens=200),
    )
    assert outcome["ok"] is False and outcome["code"] == "aborted", outcome
    again = call(wllama_page, "complete", request("Say hello.", max_tokens=4))
    assert again["ok"] and again["value"], again


def test_wllama_reload_loads_from_the_browser_cache_until_cleared(wllama_page) -> None:
    """Runs last of the wllama tests: it reloads the shared page."""
    gguf_requests: List[str] = []
    wllama_page.context.on("request", lambda r: gguf_requests.append(r.url) if ".gguf" in r.url else None)
    wllama_page.reload()
    wllama_page.wait_for_function("() => !!globalThis.rvsEngines")
    wllama_page.context.route("**/*.gguf", lambda route: route.abort())  # as if offline
    try:
        again = call(wllama_page, "select", "wllama", None, {})
        assert again["ok"], again
        assert gguf_requests == [], "the model came from the browser cache"

        cleared = call(wllama_page, "clearCache", "wllama")
        assert cleared["ok"], cleared
        wllama_page.reload()
        wllama_page.wait_for_function("() => !!globalThis.rvsEngines")
        result = call(wllama_page, "select", "wllama", None, {})
        assert_one_line_error(result, "unreachable")
        assert gguf_requests, "after clearCache the model must be downloaded again"
    finally:
        wllama_page.context.unroute("**/*.gguf")


# --------------------------------------------------------------------------- OpenAI-compatible server


class FakeOpenAI:
    """A minimal OpenAI-compatible server (like Ollama's /v1) that streams canned SSE chunks."""

    def __init__(self, cors: bool = True, json_schema: bool = True) -> None:
        self.cors = cors
        self.json_schema = json_schema  # False: answer 400 to response_format json_schema, like older servers
        self.requests: List[dict] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _cors(self) -> None:
                if fake.cors:
                    self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                    self.send_header("Access-Control-Allow-Headers", "Content-Type, Authorization")
                    self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")

            def do_OPTIONS(self) -> None:
                self.send_response(204)
                self._cors()
                self.end_headers()

            def do_GET(self) -> None:
                if self.path != "/v1/models":
                    self.send_error(404)
                    return
                body = json.dumps({"object": "list", "data": [{"id": "fake-model", "object": "model"}]}).encode()
                self.send_response(200)
                self._cors()
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append(payload)
                response_format = payload.get("response_format") or {}
                if response_format.get("type") == "json_schema" and not fake.json_schema:
                    body = b'{"error": {"message": "response_format json_schema is not supported"}}'
                    self.send_response(400)
                    self._cors()
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if "PROSE" in payload["messages"][-1]["content"]:
                    pieces = ["Sure! Here", " is my answer", " without any JSON."]
                elif response_format:
                    pieces = ["```json\n", '{"answer"', ': "', "fine", '"}', "\n```"]
                else:
                    pieces = ["Hello", " from", " the fake", " server."]
                self.send_response(200)
                self._cors()
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for piece in pieces:
                    chunk = {"object": "chat.completion.chunk", "model": payload["model"],
                             "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()
                self.wfile.write(b"data: [DONE]\n\n")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeOpenAI":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def allow_origin(page, url: str) -> None:
    """Let the page reach one extra local origin (routes added later take precedence)."""
    origin = url.split("/v1")[0]
    page.context.route(origin + "/**", lambda route: route.continue_())


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_openai_endpoint_streams_and_sends_json_schema(harness) -> None:
    with FakeOpenAI() as fake:
        allow_origin(harness, fake.url)
        selected = call(harness, "select", "openai", None, {"url": fake.url})
        assert selected["ok"], selected
        assert harness.evaluate("rvsEngines.active()")["model"] == "fake-model"

        result = call(harness, "complete", request("Hi", max_tokens=7))
        assert result["ok"], result
        assert result["chunks"] == ["Hello", " from", " the fake", " server."]
        assert result["value"] == "Hello from the fake server."
        sent = fake.requests[-1]
        assert sent["model"] == "fake-model" and sent["stream"] is True and sent["max_tokens"] == 7
        assert sent["messages"] == [{"role": "user", "content": "Hi"}]

        schema = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}
        result = call(harness, "complete", request("Hi", schema=schema))
        assert result["ok"], result
        assert json.loads(result["value"]) == {"answer": "fine"}
        assert fake.requests[-1]["response_format"]["json_schema"]["schema"] == schema


def test_openai_json_requests_fall_back_and_reject_prose(harness) -> None:
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}
    with FakeOpenAI(json_schema=False) as fake:
        allow_origin(harness, fake.url)
        assert call(harness, "select", "openai", "fake-model", {"url": fake.url})["ok"]
        result = call(harness, "complete", request("Hi", schema=schema, stream=False))
        assert result["ok"], result
        assert json.loads(result["value"]) == {"answer": "fine"}, "fenced JSON is unwrapped"
        formats = [r["response_format"]["type"] for r in fake.requests if "response_format" in r]
        assert formats == ["json_schema", "json_object"], "retried with the older JSON mode"

        result = call(harness, "complete", request("PROSE please", schema=schema, stream=False))
        assert_one_line_error(result, "bad-output")


def test_openai_endpoint_errors_name_the_cause(harness) -> None:
    port = closed_port()
    allow_origin(harness, f"http://127.0.0.1:{port}/v1")
    result = call(harness, "select", "openai", None, {"url": f"http://127.0.0.1:{port}/v1"})
    assert_one_line_error(result, "unreachable")
    assert str(port) in result["message"]

    with FakeOpenAI(cors=False) as fake:
        allow_origin(harness, fake.url)
        result = call(harness, "select", "openai", "fake-model", {"url": fake.url})
        assert_one_line_error(result, "cors")
        assert "OLLAMA_ORIGINS" in result["message"]
    assert harness.evaluate("rvsEngines.active().id") == "extractive"


def test_error_codes_stay_within_the_contract(harness) -> None:
    codes = harness.evaluate("import('./engines/errors.js').then((m) => [...m.CODES])")
    assert set(codes) == CONTRACT_CODES
