"""Helpers for the trust tests (XSS, privacy, bad input, storage, CSP): a scripted "model" swapped in
at the JS engine boundary, a trap that records any element or dialog an injected payload creates,
and a small OpenAI-compatible server.

Why the engine is swapped in the test and not in the app: production has no test engine and no
flag that enables one. The init script below runs before the page's own code and wraps whatever
the page assigns to ``globalThis.rvsEngines``, so Python's ``BridgeEngine`` talks to the script
exactly as it would to WebLLM, wllama or an endpoint (same JSON requests, same streamed chunks).
"""
from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional

# {REF} is replaced by the first verse reference found in the request, so citations survive the
# generator's "cite only provided verses" check and the answer is kept.
XSS_ANSWER_LINES = [
    "Agni is the priest of the sacrifice [RV {REF}].",
    "<img src=x onerror=alert('img')>",
    "<script>alert('script')</script>",
    "[click me](javascript:alert('md-link'))",
    '<a href="javascript:alert(\'a-href\')">a link</a>',
    "<svg onload=alert('svg')><circle r=5></circle></svg>",
    "<iframe srcdoc=\"<script>parent.alert('iframe')</script>\"></iframe>",
    "![pic](x\" onerror=\"alert('md-img'))",
    "![pic](javascript:alert('md-img-js'))",
    "**<b onmouseover=alert('bold')>bold</b>** and *<i onclick=alert('em')>em</i>*",
    "`<img src=x onerror=alert('code')>`",
    "# <img src=x onerror=alert('heading')>",
    "- <script>alert('list')</script>",
    "1. <details open ontoggle=alert('details')>x</details>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')>",
    "<object data=\"javascript:alert('object')\"></object><embed src=\"javascript:alert('embed')\">",
    "<form action=\"javascript:alert('form')\"><button>go</button></form>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert('meta')\">",
    "<base href=\"javascript:alert('base')//\"><link rel=stylesheet href=\"javascript:alert('link')\">",
    "<style>@import 'javascript:alert(1)'; body{background:url(javascript:alert('css'))}</style>",
    "<div style=\"background:url(javascript:alert('style-attr'))\" onpointerenter=alert('div')>div</div>",
    "[RV 1.1.1](javascript:alert('cite-link')) [x](data:text/html,<script>alert('data')</script>)",
    "<noscript><p title=\"</noscript><img src=x onerror=alert('noscript')>\"></noscript>",
    "javascript:alert('bare') &lt;img src=x onerror=alert('entity')&gt; &#60;script&#62;",
]
XSS_ANSWER = "\n".join(XSS_ANSWER_LINES)
XSS_JSON = {
    "classifier": {"isAboutRigVeda": True, "reason": "<img src=x onerror=alert('reason')>", "rewrittenQuery": ""},
    "analyzer": {"relevantRefs": "{REFS}", "needsMoreSearch": False, "searchSuggestion": "<svg onload=alert('sugg')>"},
    "validator": {"verdict": "VALID", "unsupportedClaims": ["<script>alert('claim')</script>"]},
}

SCRIPTED_ENGINE = r"""
(config) => {
  window.__scripted = { requests: [] };
  const wrap = (base) => Object.freeze({
    ...base,
    active: () => ({ id: config.id || "scripted", model: "scripted", label: "Scripted test model", loading: null }),
    complete: async (requestJson, onChunk) => {
      const req = JSON.parse(String(requestJson));
      window.__scripted.requests.push({ agent: req.agent, json: !!req.jsonSchema, stream: !!req.stream });
      const prompt = req.messages.map((m) => m.content).join("\n");
      const refs = [...new Set(prompt.match(/\b\d{1,2}\.\d{1,3}\.\d{1,3}\b/g) || [])];
      const ref = refs[0] || "1.1.1";
      let text;
      if (req.jsonSchema) {
        const reply = (config.json || {})[req.agent];
        text = reply === undefined ? "{}" : JSON.stringify(reply).replace('"{REFS}"', JSON.stringify(refs.slice(0, 3)));
      } else {
        text = String(config.answer).split("{REF}").join(ref);
      }
      let full = "";
      for (const piece of text.match(/[\s\S]{1,7}/g) || []) { // small chunks: tags split across them
        full += piece;
        if (req.stream && onChunk) onChunk(piece);
        await new Promise((r) => setTimeout(r, config.delayMs || 0));
      }
      return full;
    },
  });
  let current;
  Object.defineProperty(globalThis, "rvsEngines", {
    configurable: true,
    get: () => current,
    set: (value) => { current = value ? wrap(value) : value; },
  });
}
"""


def install_scripted_engine(page, answer: str, json_replies: Optional[Dict[str, Any]] = None, *,
                            engine_id: str = "scripted", delay_ms: int = 0) -> None:
    """Before the page loads: every rvsEngines the page sets is wrapped by the scripted model.
    ``engine_id`` is the id it reports (Python picks the LLM budget by it: "wllama" = a CPU model,
    fast mode); ``delay_ms`` paces its chunks like a slow model."""
    config = json.dumps({"answer": answer, "json": json_replies or {}, "id": engine_id, "delayMs": delay_ms})
    page.add_init_script(script=f"({SCRIPTED_ENGINE})({config});")


# Records every element a payload could have created, every dialog, every CSP violation.
TRAP = r"""
() => {
  window.__xss = [];
  window.__csp = [];
  for (const name of ["alert", "confirm", "prompt", "print"]) window[name] = (m) => window.__xss.push(name + ":" + m);
  document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
  const BAD = new Set(["script", "img", "iframe", "svg", "math", "object", "embed", "form", "meta", "base", "link",
                       "style", "details", "noscript", "frame", "frameset", "video", "audio", "source", "input"]);
  const check = (el) => {
    const tag = el.tagName.toLowerCase();
    const onAttr = [...el.attributes].some((a) => a.name.toLowerCase().startsWith("on"));
    const jsUrl = [...el.attributes].some((a) => /^\s*(javascript|data|vbscript):/i.test(a.value) && /^(href|src|action|formaction|data|srcdoc)$/i.test(a.name));
    const inConversation = el.closest("#conversation, #history, #banners, #error-slot");
    if (onAttr || jsUrl || (BAD.has(tag) && inConversation) || el.hasAttribute("srcdoc") || (el.hasAttribute("style") && inConversation)) {
      window.__xss.push(tag + ":" + el.outerHTML.slice(0, 100));
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") { check(r.target); continue; }
      for (const n of r.addedNodes) if (n.nodeType === 1) for (const el of [n, ...n.querySelectorAll("*")]) check(el);
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true });
}
"""


def trap_findings(page) -> Dict[str, List[str]]:
    return page.evaluate("({xss: window.__xss, csp: window.__csp})")


class FakeEndpoint:
    """A tiny OpenAI-compatible server (like `ollama serve`): lists one model, answers every chat
    request with one JSON completion — or, with ``streaming=True`` and a request that asks for
    ``stream``, as server-sent events (``data: {chunk}`` … ``data: [DONE]``) a few characters at a
    time, the way llama-server and ollama stream; records what it was sent and how it answered."""

    MARKER = "Answer from the fake endpoint"

    def __init__(self, streaming: bool = False) -> None:
        self.requests: List[Dict[str, Any]] = []
        self.origins: List[str] = []
        self.streamed = 0  # answers sent as an event stream
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                self.send_header("Access-Control-Allow-Headers", "Content-Type, Authorization")
                self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_OPTIONS(self) -> None:
                self._send(204, b"")

            def _stream(self, model: Any, content: str) -> None:
                pieces = [content[i:i + 7] for i in range(0, len(content), 7)]
                events = [{"object": "chat.completion.chunk", "model": model,
                           "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}
                          for piece in pieces]
                events.append({"object": "chat.completion.chunk", "model": model,
                               "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
                frames = [f"data: {json.dumps(e)}\n\n".encode() for e in events] + [b"data: [DONE]\n\n"]
                self.send_response(200)
                self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Content-Length", str(sum(len(f) for f in frames)))
                self.end_headers()
                for frame in frames:  # one event at a time, as a model writes
                    self.wfile.write(frame)
                    self.wfile.flush()
                    time.sleep(0.01)
                fake.streamed += 1

            def do_GET(self) -> None:
                fake.origins.append(self.headers.get("Origin") or "")
                if self.path.rstrip("/") == "/v1/models":
                    self._send(200, json.dumps({"object": "list", "data": [{"id": "fake-model"}]}).encode())
                else:
                    self._send(404, b"{}")

            def do_POST(self) -> None:
                payload = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                fake.requests.append(payload)
                fake.origins.append(self.headers.get("Origin") or "")
                prompt = "\n".join(m.get("content", "") for m in payload.get("messages", []))
                refs = re.findall(r"\b\d{1,2}\.\d{1,3}\.\d{1,3}\b", prompt)
                if payload.get("response_format"):
                    content = json.dumps({"isAboutRigVeda": True, "reason": "", "rewrittenQuery": "",
                                          "relevantRefs": refs[:3], "needsMoreSearch": False,
                                          "verdict": "VALID", "unsupportedClaims": []})
                else:
                    content = f"{fake.MARKER} [RV {refs[0] if refs else '1.1.1'}]."
                if streaming and payload.get("stream"):
                    self._stream(payload.get("model"), content)
                    return
                body = {"object": "chat.completion", "model": payload.get("model"),
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                     "finish_reason": "stop"}]}
                self._send(200, json.dumps(body).encode())

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + "/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeEndpoint":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
