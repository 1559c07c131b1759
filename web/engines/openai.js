// An OpenAI-compatible server on the user's machine (Ollama, llama.cpp `llama-server`, LM Studio…).
//
// Why: users who already run a local model get a much stronger LLM than fits in a browser tab,
// and nothing leaves their machine. The page talks to it with plain fetch + Server-Sent Events.
// Browsers hide why a cross-origin fetch failed, so on failure we probe once more with
// `mode: "no-cors"`: if that opaque request gets through, the server is up but refused this
// page's origin (CORS) — the classic Ollama case, fixed with OLLAMA_ORIGINS.

import { engineError, abortedError, loadMessage, shortReason } from "./errors.js";
import { OPENAI_DEFAULT_URL } from "./catalog.js";

const CHECK_TIMEOUT_MS = 5000;

export class OpenAIEngine {
  constructor() {
    this.id = "openai";
    this.model = null;
    this.label = "";
    this.base = null;
    this.jsonMode = "json_schema"; // downgraded to "json_object" if the server rejects json_schema
    this.models = [];
  }

  /**
   * Check that the server answers `/models` from this page, and pick the model.
   * @param {string|null} model model name as the server knows it (null → the first it lists)
   * @param {{url?:string}} opts `url` is the API base, e.g. http://localhost:11434/v1
   */
  async load(model, opts, onProgress, signal, fallback = "") {
    const base = normaliseBase((opts && opts.url) || OPENAI_DEFAULT_URL);
    onProgress && onProgress({ loadedMB: 0, totalMB: 0, percent: 0, text: `Contacting ${base}…` });
    const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
    const both = signal && AbortSignal.any ? AbortSignal.any([signal, timeout]) : timeout;
    let response;
    try {
      response = await fetch(`${base}/models`, { signal: both, headers: { Accept: "application/json" } });
    } catch (err) {
      if (signal && signal.aborted) throw abortedError();
      if (timeout.aborted) {
        throw engineError("unreachable", loadMessage(`The server at ${base} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`, fallback, "Check that it is running."), err);
      }
      throw await diagnoseFetchFailure(base, `${base}/models`, fallback, err);
    }
    if (response.status === 401 || response.status === 403) {
      throw engineError("cors", loadMessage(`The server at ${base} refused this page (HTTP ${response.status})`, fallback, corsAdvice(base)));
    }
    let listed = [];
    if (response.ok) {
      try {
        const body = await response.json();
        listed = ((body && (body.data || body.models)) || []).map((m) => m.id || m.name || m.model).filter(Boolean);
      } catch {
        listed = [];
      }
    }
    let chosen = model || null;
    if (!chosen) {
      if (!listed.length) {
        throw engineError("load-failed", loadMessage(`The server at ${base} lists no models`, fallback,
          "Pull one first (e.g. `ollama pull qwen2.5:1.5b`) or type the model name."));
      }
      chosen = listed[0];
    } else if (listed.length > 1 && !listed.includes(chosen)) {
      throw engineError("load-failed", loadMessage(`The server at ${base} has no model "${chosen}"`, fallback,
        `It has: ${listed.slice(0, 8).join(", ")}${listed.length > 8 ? ", …" : ""}.`));
    }
    this.base = base;
    this.model = chosen;
    this.models = listed;
    this.label = `${chosen} at ${new URL(base).host}`;
    onProgress && onProgress({ loadedMB: 0, totalMB: 0, percent: 100, text: `Connected to ${this.label}` });
  }

  /** Stream one chat completion from the server; resolves with the full text. */
  async complete(req, onChunk, signal) {
    if (!this.base) throw engineError("not-loaded", "No OpenAI-compatible server is connected.");
    let response = await this.post(req, signal);
    if (req.jsonSchema && this.jsonMode === "json_schema" && response.status === 400) {
      const body = await response.text();
      if (/response_format|json_schema|schema/i.test(body)) {
        this.jsonMode = "json_object";
        response = await this.post(req, signal);
      } else {
        throw serverError(400, body, this.model);
      }
    }
    if (!response.ok) throw serverError(response.status, await response.text().catch(() => ""), this.model);
    const type = response.headers.get("content-type") || "";
    try {
      if (!/event-stream/i.test(type)) {
        // A server that ignored `stream: true` answers with one JSON document.
        const body = await response.json();
        const text = (body.choices && body.choices[0] && body.choices[0].message && body.choices[0].message.content) || "";
        if (text) onChunk(text);
        return text;
      }
      return await readSSE(response.body, onChunk, signal);
    } catch (err) {
      if (signal && signal.aborted) throw abortedError();
      if (err && err.code) throw err;
      throw engineError("unreachable", `The connection to ${this.base} broke during the answer (${shortReason(String(err))}).`, err);
    }
  }

  async post(req, signal) {
    const body = {
      model: this.model,
      messages: req.messages,
      stream: true,
      max_tokens: req.maxTokens,
      temperature: req.temperature,
    };
    if (req.jsonSchema) {
      body.response_format =
        this.jsonMode === "json_schema"
          ? { type: "json_schema", json_schema: { name: "response", schema: req.jsonSchema, strict: true } }
          : { type: "json_object" };
    }
    try {
      return await fetch(`${this.base}/chat/completions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify(body),
        signal,
      });
    } catch (err) {
      if (signal && signal.aborted) throw abortedError();
      throw await diagnoseFetchFailure(this.base, `${this.base}/chat/completions`, "", err);
    }
  }

  async unload() {
    this.base = null;
    this.model = null;
  }

  /** Nothing is cached for a remote server. */
  static async clearCache() {}
}

/** "http://host:port/v1/" → "http://host:port/v1" (a bare host gets /v1). */
export function normaliseBase(url) {
  let u;
  try {
    u = new URL(url.includes("://") ? url : `http://${url}`);
  } catch {
    throw engineError("unreachable", `"${url}" is not a valid server address — use e.g. ${OPENAI_DEFAULT_URL}.`);
  }
  let path = u.pathname.replace(/\/+$/, "").replace(/\/chat\/completions$/, "").replace(/\/models$/, "");
  if (!path) path = "/v1";
  return `${u.origin}${path}`;
}

function corsAdvice(base) {
  const origin = typeof location !== "undefined" ? location.origin : "this page's origin";
  const ollama = /:11434$/.test(new URL(base).host);
  return ollama
    ? `Restart Ollama with OLLAMA_ORIGINS=${origin} (e.g. \`OLLAMA_ORIGINS=${origin} ollama serve\`).`
    : `Allow the origin ${origin} in the server's CORS settings (Ollama: OLLAMA_ORIGINS=${origin}; llama-server allows all origins by default).`;
}

/** Tell "nothing listens there" from "it answered but refused our origin" from "our CSP blocked it". */
async function diagnoseFetchFailure(base, url, fallback, err) {
  let cspBlocked = false;
  const onViolation = (ev) => {
    if (ev.blockedURI && url.startsWith(ev.blockedURI.replace(/\/+$/, ""))) cspBlocked = true;
  };
  if (typeof document !== "undefined") document.addEventListener("securitypolicyviolation", onViolation);
  let opaqueOk = false;
  try {
    await fetch(url, { mode: "no-cors", signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    opaqueOk = true;
  } catch {
    opaqueOk = false;
  } finally {
    await new Promise((r) => setTimeout(r, 0));
    if (typeof document !== "undefined") document.removeEventListener("securitypolicyviolation", onViolation);
  }
  if (cspBlocked) {
    return engineError("unreachable", loadMessage(`This page's security policy does not allow connections to ${new URL(base).host} yet`, fallback,
      "Choose the endpoint again in the app (it reloads once to allow it), or allow cookies for this site."), err);
  }
  if (opaqueOk) {
    return engineError("cors", loadMessage(`The server at ${base} is running but refused this page's origin (CORS)`, fallback, corsAdvice(base)), err);
  }
  return engineError("unreachable", loadMessage(`Nothing answers at ${base}`, fallback,
    "Start the server (e.g. `ollama serve`, or `llama-server -m model.gguf --port 8080`) and check the address."), err);
}

function serverError(status, bodyText, model) {
  let detail = bodyText;
  try {
    const j = JSON.parse(bodyText);
    detail = (j.error && (j.error.message || j.error)) || j.message || bodyText;
  } catch {
    /* plain text body */
  }
  detail = shortReason(String(detail || `HTTP ${status}`));
  if (status === 404) {
    return engineError("not-loaded", `The server has no model "${model}" (${detail}) — pull it or pick another in Settings.`);
  }
  if (status === 401 || status === 403) return engineError("cors", `The server refused the request (HTTP ${status}: ${detail}).`);
  return engineError("bad-output", `The server failed to answer (HTTP ${status}: ${detail}).`);
}

/** Parse an OpenAI SSE stream: `data: {chunk}` events, ended by `data: [DONE]`. */
export async function readSSE(body, onChunk, signal) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  const handleEvent = (block) => {
    for (const line of block.split(/\r?\n/)) {
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (!data || data === "[DONE]") continue;
      let chunk;
      try {
        chunk = JSON.parse(data);
      } catch {
        continue;
      }
      if (chunk.error) throw engineError("bad-output", `The server reported an error: ${shortReason(chunk.error.message || String(chunk.error))}.`);
      const choice = chunk.choices && chunk.choices[0];
      const piece = (choice && ((choice.delta && choice.delta.content) || choice.text)) || "";
      if (piece) {
        text += piece;
        onChunk(piece);
      }
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
        handleEvent(block);
      }
      if (signal && signal.aborted) throw abortedError();
    }
    buffer += decoder.decode();
    if (buffer.trim()) handleEvent(buffer);
  } finally {
    reader.releaseLock();
  }
  return text;
}
