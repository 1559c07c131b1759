// `globalThis.rvsEngines`: the one door between Python (pyapp/bridge.py, in Pyodide) and the
// in-browser LLM engines. The API is fixed by CONTRACT.md ("JS ⇄ Python bridge"):
//
//   complete(requestJson, onChunk) → Promise<string>   full text; JSON requests → one JSON document
//   abort()                                             stop every running/queued generation
//   active()   → {id, model, label, …}                  "extractive" until a model is selected
//   catalog()  → [{id, engine, model, label, downloadMB, vramMB, default, …}]
//   detect()   → Promise<{webgpu, shaderF16, reason}>
//   select(engine, model, opts, onProgress) → Promise<void>
//   clearCache(engine) → Promise<void>                  "webllm" | "wllama" | "all"
//
// Every rejection is an Error with `.code` (see engines/errors.js) and a one-line `.message`.
// Why one module over several engines: Python must not care which engine answers; each engine
// adapter exposes the same load/complete/unload, and this file adds what they share — a queue
// (one generation at a time: the engines are single-stream and the CPU one is slow), abort, JSON
// post-processing, and the "which engine is active" state. Extras beyond the contract (safe to
// ignore): `cancelLoad()`, `lastTimings()`, `setPrefix(messages)` (the start every fast-mode prompt
// shares, from Python's boot status: an engine with a prompt cache reads it ahead once it loads),
// and a `rvs-engine` event on globalThis whenever the active engine or loading state changes.

import { engineError, isEngineError, abortedError, classifyLoadError } from "./engines/errors.js";
import { catalogRows } from "./engines/catalog.js";
import { detectWebGPU } from "./engines/detect.js";
import { extractJson } from "./engines/output.js";
import { WllamaEngine } from "./engines/wllama.js";
import { WebLLMEngine } from "./engines/webllm.js";
import { OpenAIEngine } from "./engines/openai.js";

const ENGINES = { wllama: WllamaEngine, webllm: WebLLMEngine, openai: OpenAIEngine };
const EXTRACTIVE = Object.freeze({ id: "extractive", model: null, label: "No LLM (extractive answers)" });
const ROLES = new Set(["system", "user", "assistant"]);

const state = {
  engine: null, // loaded engine adapter, or null = extractive
  loading: null, // {engine, model, controller, percent}
  queue: Promise.resolve(),
  epoch: 0, // bumped by abort(): queued requests from an older epoch are dropped
  running: new Set(), // AbortControllers of running generations
  prefix: null, // chat messages every fast-mode prompt starts with (setPrefix)
};

function emit() {
  try {
    globalThis.dispatchEvent(new CustomEvent("rvs-engine", { detail: active() }));
  } catch {
    /* no EventTarget on globalThis (not a browser) */
  }
}

/** Parse and check the request Python sends (`ChatRequest.to_wire()`, camelCase). */
export function parseRequest(requestJson) {
  let r;
  try {
    if (typeof requestJson === "string") r = JSON.parse(requestJson);
    else if (requestJson && typeof requestJson.toJs === "function") {
      r = requestJson.toJs({ dict_converter: Object.fromEntries }); // a PyProxy of a dict
    } else r = requestJson;
  } catch {
    throw engineError("bad-output", "The engine request is not valid JSON (an app bug).");
  }
  if (!r || typeof r !== "object" || !Array.isArray(r.messages) || !r.messages.length) {
    throw engineError("bad-output", "The engine request has no messages (an app bug).");
  }
  const messages = r.messages.map((m) => {
    if (!m || !ROLES.has(m.role) || typeof m.content !== "string") {
      throw engineError("bad-output", "The engine request has a malformed message (an app bug).");
    }
    return { role: m.role, content: m.content };
  });
  const schema = r.jsonSchema !== undefined ? r.jsonSchema : r.json_schema;
  const maxTokens = Number(r.maxTokens ?? r.max_tokens ?? 512);
  const temperature = Number(r.temperature ?? 0.2);
  return {
    agent: String(r.agent || ""),
    messages,
    jsonSchema: schema && typeof schema === "object" ? schema : null,
    stream: !!r.stream,
    maxTokens: Number.isFinite(maxTokens) && maxTokens > 0 ? Math.floor(maxTokens) : 512,
    temperature: Number.isFinite(temperature) && temperature >= 0 ? temperature : 0.2,
  };
}

/** Run one chat completion on the active engine (queued behind any running one). */
function complete(requestJson, onChunk) {
  let req;
  try {
    req = parseRequest(requestJson);
  } catch (err) {
    return Promise.reject(err);
  }
  if (!state.engine) {
    return Promise.reject(
      engineError("not-loaded", "No language model is loaded — answers come from the verses alone. Pick a model under Engine to use one."),
    );
  }
  const epoch = state.epoch;
  const run = state.queue.then(() => runOne(req, onChunk, epoch));
  state.queue = run.catch(() => {});
  return run;
}

async function runOne(req, onChunk, epoch) {
  if (epoch !== state.epoch) throw abortedError();
  const engine = state.engine;
  if (!engine) throw engineError("not-loaded", "No language model is loaded.");
  const controller = new AbortController();
  state.running.add(controller);
  const forward = (piece) => {
    if (!req.stream || typeof onChunk !== "function") return;
    try {
      onChunk(piece);
    } catch (err) {
      console.error("rvsEngines: onChunk callback failed", err);
    }
  };
  try {
    const text = await engine.complete(req, forward, controller.signal);
    if (controller.signal.aborted) throw abortedError();
    return req.jsonSchema ? extractJson(text, req.jsonSchema) : text;
  } catch (err) {
    if (controller.signal.aborted) throw abortedError();
    if (isEngineError(err)) throw err;
    throw engineError("bad-output", `The ${engine.id} engine failed while answering.`, err);
  } finally {
    state.running.delete(controller);
  }
}

/** Stop every running and queued generation; each rejects with code `aborted`. */
function abort() {
  state.epoch += 1;
  for (const c of state.running) c.abort();
}

/** Cancel a model download/load in progress (select() then rejects with `aborted`). */
function cancelLoad() {
  if (state.loading) state.loading.controller.abort();
}

function active() {
  const base = state.engine
    ? { id: state.engine.id, model: state.engine.model, label: state.engine.label }
    : { ...EXTRACTIVE };
  base.loading = state.loading
    ? { engine: state.loading.engine, model: state.loading.model, percent: state.loading.percent }
    : null;
  if (state.engine && state.engine.info) base.info = { ...state.engine.info };
  return base;
}

/** The catalog; once detect() has run on a GPU without shader-f16, the WebLLM default is the q4f32 twin. */
function catalog() {
  const rows = catalogRows();
  if (detected && detected.webgpu && !detected.shaderF16) {
    const current = rows.find((r) => r.engine === "webllm" && r.default);
    const twin = current && rows.find((r) => r.engine === "webllm" && r.model === current.model.replace(/-q4f16_1-/, "-q4f32_1-"));
    if (twin && twin !== current) {
      current.default = false;
      twin.default = true;
    }
  }
  return rows;
}

let detectPromise = null;
let detected = null;
function detect() {
  if (!detectPromise) {
    detectPromise = detectWebGPU()
      .catch((err) => ({ webgpu: false, shaderF16: false, reason: String(err) }))
      .then((result) => {
        detected = result;
        return result;
      });
  }
  return detectPromise;
}

/**
 * Switch engine. Loads (downloading if needed) before switching: on failure the previous engine
 * stays active and the error message says so. A newer select() cancels an unfinished one.
 * @param {"extractive"|"webllm"|"wllama"|"openai"} engine
 * @param {string|null} model catalog model (null → the engine's default)
 * @param {{url?:string, threads?:number}} opts `url`: GGUF URL (wllama), API base (openai), mirror (webllm)
 * @param {(p:{loadedMB:number,totalMB:number,percent:number,text:string}) => void} onProgress
 */
async function select(engine, model = null, opts = {}, onProgress = null) {
  cancelLoad();
  opts = normaliseOpts(opts);
  if (engine === "extractive") {
    const old = state.engine;
    state.engine = null;
    abort();
    if (old) await old.unload().catch(() => {});
    emit();
    return;
  }
  const Engine = ENGINES[engine];
  if (!Engine) {
    throw engineError("load-failed", `Unknown engine "${engine}" — choose extractive, webllm, wllama or openai.`);
  }
  if (engine === "webllm" && state.engine && state.engine.id === "webllm") {
    // two WebLLM models rarely fit in GPU memory together: free the old one first
    const old = state.engine;
    state.engine = null;
    abort();
    await old.unload().catch(() => {});
  }
  const fallback = state.engine ? `still using ${state.engine.label}` : "using the no-LLM engine";
  const controller = new AbortController();
  const loading = { engine, model: model || null, controller, percent: 0 };
  state.loading = loading;
  emit();
  const progress = (p) => {
    if (state.loading !== loading) return;
    loading.percent = p.percent;
    if (typeof onProgress === "function") {
      try {
        onProgress(p);
      } catch (err) {
        console.error("rvsEngines: onProgress callback failed", err);
      }
    }
  };
  const instance = new Engine();
  try {
    await instance.load(model || null, opts, progress, controller.signal, fallback);
  } catch (err) {
    throw isEngineError(err) ? err : classifyLoadError(err, model || engine, fallback);
  } finally {
    if (state.loading === loading) state.loading = null;
    emit();
  }
  if (controller.signal.aborted) {
    await instance.unload().catch(() => {});
    throw abortedError();
  }
  const old = state.engine;
  state.engine = instance;
  if (old) await old.unload().catch(() => {});
  if (engine !== "openai") askPersistentStorage();
  emit();
  readAhead();
}

/** Ask the browser not to evict downloaded models under storage pressure (best effort, silent). */
function askPersistentStorage() {
  try {
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  } catch {
    /* not available */
  }
}

/** Pyodide may hand us a Map / PyProxy-converted object; keep plain known fields only. */
function normaliseOpts(opts) {
  if (!opts) return {};
  // a Map (to_js of a dict) and a PyProxy of a dict both have .get(key); plain objects do not
  const get = (k) => (typeof opts.get === "function" ? opts.get(k) : opts[k]);
  const out = {};
  for (const k of ["url", "threads", "nCtx"]) {
    const v = get(k);
    if (v !== undefined && v !== null && v !== "") out[k] = v;
  }
  return out;
}

/** Delete downloaded models of one engine ("webllm" | "wllama") or of both ("all"). */
async function clearCache(engine = "all") {
  try {
    if (engine === "webllm" || engine === "all") await WebLLMEngine.clearCache();
    if (engine === "wllama" || engine === "all") await WllamaEngine.clearCache();
  } catch (err) {
    throw engineError("storage-full", `Could not clear the model cache (${String(err && err.message ? err.message : err).slice(0, 120)}).`, err);
  }
}

/**
 * The messages every fast-mode prompt starts with (pyapp.agents.generator.compact_prefix). A CPU
 * model reads prompts barely faster than it writes, and llama.cpp reuses the longest cached start of
 * a prompt: reading this prefix right after the model loads — in the queue, like any generation —
 * takes that part off the first question's wait for its draft. Engines without a `prefill` ignore it.
 */
function setPrefix(messages) {
  const ok = Array.isArray(messages) && messages.length > 0 &&
    messages.every((m) => m && ROLES.has(m.role) && typeof m.content === "string");
  state.prefix = ok ? messages.map((m) => ({ role: m.role, content: m.content })) : null;
  readAhead();
}

function readAhead() {
  const engine = state.engine;
  if (!state.prefix || !engine || typeof engine.prefill !== "function") return;
  const messages = state.prefix;
  const run = state.queue.then(() => (engine === state.engine ? engine.prefill(messages) : null));
  state.queue = run.catch(() => {}); // best effort: a failure here changes nothing for the next question
}

function lastTimings() {
  return (state.engine && state.engine.lastTimings) || null;
}

export const rvsEngines = Object.freeze({
  complete,
  abort,
  active,
  catalog,
  detect,
  select,
  clearCache,
  cancelLoad,
  lastTimings,
  setPrefix,
});

globalThis.rvsEngines = rvsEngines;
export default rvsEngines;
