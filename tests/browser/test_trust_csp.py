"""The page's Content-Security-Policy follows the reader's engine choice: by default it may connect
to its own origin only; choosing a local endpoint adds exactly that origin (cookie + one automatic
reload, then the load resumes by itself); going back to "No LLM" removes it again."""
from __future__ import annotations

import pytest

from helpers import boot, error_text, submit
from trust_helpers import FakeEndpoint

pytestmark = pytest.mark.browser

# Try to reach `origin` from the page; report whether the policy blocked it (no network needed to tell).
PROBE = """
async (origin) => {
  const violations = [];
  const on = (e) => violations.push(e.violatedDirective);
  document.addEventListener("securitypolicyviolation", on);
  let ok = false;
  try { ok = (await fetch(origin + "/v1/models")).ok; } catch { ok = false; }
  await new Promise((r) => setTimeout(r, 50));
  document.removeEventListener("securitypolicyviolation", on);
  return { ok, blocked: violations.some((d) => d.startsWith("connect-src")) };
}
"""


def _allow_route(page, origin: str) -> None:
    """The fixture aborts off-site requests; let this one local origin through (CSP still applies)."""
    page.context.route(origin + "/**", lambda route: route.continue_())


def _wait_booted(page) -> None:
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=180_000)
    assert page.query_selector("[data-testid=ready]") is not None, error_text(page)


def test_endpoint_origin_is_allowed_only_after_the_reader_chooses_it(page, served_url: str) -> None:
    with FakeEndpoint() as fake:
        _allow_route(page, fake.origin)
        boot(page, served_url)
        # by default this page may not talk to the endpoint (nor anything but its own origin)
        assert page.evaluate(PROBE, fake.origin) == {"ok": False, "blocked": True}
        assert fake.requests == [] and fake.origins == []
        meta = page.eval_on_selector("meta[data-rvs-connect]", "m => m.content")
        assert meta == "connect-src 'self'"

        # choose the endpoint in the settings: the page reloads once and the connection resumes
        select = page.get_by_test_id("engine-select")
        page.wait_for_function("() => [...document.querySelectorAll('[data-testid=engine-select] option')]"
                               ".some(o => o.value.startsWith('openai'))")
        value = page.eval_on_selector("[data-testid=engine-select]",
                                      "s => [...s.options].find(o => o.value.startsWith('openai')).value")
        select.select_option(value)
        page.get_by_test_id("engine-url").fill(fake.url)
        with page.expect_navigation(timeout=60_000):
            page.get_by_test_id("engine-load").click()
        _wait_booted(page)
        page.wait_for_function("() => globalThis.rvsEngines && rvsEngines.active().id === 'openai'", timeout=60_000)
        assert page.evaluate("document.cookie").count("rvs_connect=") == 1
        assert page.eval_on_selector("meta[data-rvs-connect]", "m => m.content") == f"connect-src 'self' {fake.origin}"
        assert page.evaluate(PROBE, fake.origin)["blocked"] is False
        assert set(fake.origins) == {served_url}  # the endpoint sees only this page's origin

        # a question now goes to the endpoint (and its answer is shown)
        submit(page, "Who is praised as the priest of the sacrifice?")
        assert FakeEndpoint.MARKER in (page.get_by_test_id("answer").text_content() or "")
        assert any(not r.get("response_format") for r in fake.requests)

        # back to "No LLM": the origin leaves the policy with the next load
        select.select_option("extractive")
        page.wait_for_function("() => rvsEngines.active().id === 'extractive'")
        assert "rvs_connect=" not in page.evaluate("document.cookie")
        page.reload()
        _wait_booted(page)
        assert page.evaluate(PROBE, fake.origin)["blocked"] is True
    # nothing else left the page: the fixture's route saw no other origin
    assert page.rvs_foreign_requests == []


COOKIES = [
    "rvs_connect=https%3A%2F%2Fhuggingface.co%20https%3A%2F%2F*.hf.co",
    "a=1; rvs_connect=http%3A%2F%2Flocalhost%3A11434; b=2",
    "rvs_connect=http%3A%2F%2F%5B%3A%3A1%5D%3A8080%20http%3A%2F%2Fgpu-box",
    "rvs_connect=*", "rvs_connect=https%3A%2F%2F*.com", "rvs_connect='unsafe-inline'",
    "rvs_connect=https%3A%2F%2Fa.example%3B%20script-src%20*", "rvs_connect=https%3A%2F%2Fa.example%2Fpath",
    "rvs_connect=https%3A%2F%2Fa.example%3A99999", "rvs_connect=javascript%3Aalert(1)", "rvs_connect=%",
    "rvs_connect=https%3A%2F%2Fa.example; rvs_connect=https%3A%2F%2Fb.example", "",
]


def test_page_and_server_read_the_cookie_alike_and_ask_only_what_an_engine_needs(page, served_url: str) -> None:
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("rvs_serve", Path(__file__).resolve().parents[2] / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)  # type: ignore[union-attr]

    page.goto(served_url + "/engine-harness.html")
    result = page.evaluate("""async (cookies) => {
      const c = await import("/connect.js");
      return {
        parsed: cookies.map((k) => c.parseCookie(k)),
        extractive: c.originsFor("extractive", null, {}),
        wllama: c.originsFor("wllama", "SmolLM2-135M-Instruct-Q4_1", {}),
        wllamaHub: c.originsFor("wllama", "custom", { url: "https://huggingface.co/x/y/resolve/main/m.gguf" }),
        webllm: c.originsFor("webllm", null, {}),
        webllmMirror: c.originsFor("webllm", null, { url: "https://mirror.example:8443/models" }),
        openai: c.originsFor("openai", null, { url: "http://localhost:11434/v1" }),
        openaiDefault: c.originsFor("openai", null, {}),
        openaiBad: c.originsFor("openai", null, { url: "javascript:alert(1)" }),
        covers: [c.covers("https://*.hf.co", "https://cas-bridge.xethub.hf.co"), c.covers("https://*.hf.co", "https://hf.co"),
                 c.covers("https://*.hf.co", "http://x.hf.co"), c.covers("https://*.hf.co", "https://evilhf.co")],
      };
    }""", COOKIES)
    assert result["parsed"] == [serve.connect_origins(k) for k in COOKIES]
    assert result["extractive"] == [] and result["wllama"] == []
    assert result["wllamaHub"] == ["https://huggingface.co", "https://*.huggingface.co", "https://*.hf.co"]
    assert result["webllm"] == ["https://huggingface.co", "https://*.huggingface.co", "https://*.hf.co",
                                "https://raw.githubusercontent.com"]
    assert result["webllmMirror"] == ["https://mirror.example:8443"]
    assert result["openai"] == ["http://localhost:11434"] == result["openaiDefault"]
    assert result["openaiBad"] is None
    assert result["covers"] == [True, False, False, False]
