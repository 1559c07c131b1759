// The wllama engine (llama.cpp → WebAssembly, CPU): main-thread side of workers/wllama-worker.js.
//
// Why: it runs everywhere WebAssembly SIMD runs (no GPU), and the app ships a small GGUF
// (SmolLM2-135M-Instruct Q4_1) on its own origin, so an LLM works fully offline after one load.
// The chat template comes from the GGUF (wllama uses llama-server's Jinja templating), and JSON
// requests use llama.cpp's JSON-schema → grammar constraint via `response_format: json_schema`.

import { engineError, classifyLoadError, abortedError, loadMessage } from "./errors.js";
import { WLLAMA_DEFAULT_MODEL, WLLAMA_DEFAULT_URL, findRow } from "./catalog.js";
import { probeThreads } from "./cores.js";

const WORKER_URL = new URL("../workers/wllama-worker.js", import.meta.url);
const WASM_URL = new URL("../vendor/wllama/wllama.wasm", import.meta.url).href;
const WEB_ROOT = new URL("../", import.meta.url);

/**
 * The most threads llama.cpp may use here: one per logical core, at most MAX_THREADS, when the page
 * is cross-origin isolated (SharedArrayBuffer); else 1. serve.py sends COOP/COEP, and web/sw.js adds
 * them on any static host from the second load on. How many of those actually help is decided at
 * each load by `probeThreads` (engines/cores.js): on a CPU that other programs keep busy,
 * llama.cpp's spinning threads make the model several times slower than one thread, so the probe
 * then says 1. `opts.threads` (an explicit choice) skips the probe. `python -m pyapp.bench engines`
 * prints 1 thread against the automatic choice.
 */
export const MAX_THREADS = 4;

export function defaultThreads() {
  const cores = (typeof navigator !== "undefined" && navigator.hardwareConcurrency) || 1;
  if (!globalThis.crossOriginIsolated) return 1;
  return Math.max(1, Math.min(MAX_THREADS, cores));
}

/**
 * Sampling for free text (never for JSON, where the grammar decides). Small models loop ("the sons
 * of the gods, the sons of the gods, …") and every looped token costs ~0.2 s on a CPU: llama.cpp's
 * DRY sampler penalises repeating any sequence longer than 2 tokens, and a mild repeat penalty
 * covers single words. These are llama-server completion parameters, which wllama passes through.
 */
export const FREE_TEXT_SAMPLING = Object.freeze({
  repeat_penalty: 1.15,
  repeat_last_n: 64,
  dry_multiplier: 0.8,
  dry_base: 1.75,
  dry_allowed_length: 2,
});

export class WllamaEngine {
  constructor() {
    this.id = "wllama";
    this.model = null;
    this.label = "";
    this.info = null;
    this.worker = null;
    this.nextId = 1;
    this.handlers = new Map(); // request id → {onChunk, resolve, reject}
  }

  /**
   * Download (or open from the OPFS cache) and load a GGUF.
   * @param {string|null} model catalog model name, or "custom" with opts.url
   * @param {{url?:string, threads?:number, nCtx?:number}} opts
   * @param {string} fallback what the app keeps using if this fails ("using the no-LLM engine")
   */
  async load(model, opts, onProgress, signal, fallback = "") {
    const custom = !!(opts && opts.url);
    const row = custom ? null : findRow("wllama", model || WLLAMA_DEFAULT_MODEL);
    if (!custom && model === "custom") {
      throw engineError("load-failed", loadMessage("No GGUF address was given", fallback, "Paste the URL of a .gguf file."));
    }
    if (!custom && !row) {
      throw engineError("load-failed", loadMessage(`Unknown wllama model "${model}"`, fallback, "Pick one from the list or give a GGUF URL."));
    }
    const url = new URL(custom ? opts.url : row.url || WLLAMA_DEFAULT_URL, WEB_ROOT).href;
    if (custom && !/\.gguf(\?|$)/i.test(url)) {
      throw engineError("load-failed", loadMessage("The model URL must point to a .gguf file", fallback, ""));
    }
    const name = custom ? decodeURIComponent(url.split("/").pop().split("?")[0]) : row.model;
    const what = custom ? `the model ${name}` : `${row.label.split(" (")[0]}`;
    const chosen = Math.floor((opts && opts.threads) || 0);
    let probe = null;
    if (!(chosen >= 1) && defaultThreads() > 1) {
      onProgress && onProgress({ loadedMB: 0, totalMB: 0, percent: 0, text: "Checking how many CPU cores are free…" });
      // the app's own start-up work (app.js: the Python warm-up, the first visit's offline caching)
      // is not "another program" that will keep the cores busy: wait it out (at most 8 s)
      const startup = Promise.all([globalThis.rvsWarmUp, globalThis.rvsOfflineReady].map((p) => Promise.resolve(p).catch(() => {})));
      await Promise.race([startup, new Promise((r) => setTimeout(r, 8000))]);
      probe = await probeThreads(defaultThreads());
    }
    const threads = chosen >= 1 ? chosen : probe ? probe.threads : 1;
    const params = {
      n_threads: threads,
      n_ctx: (opts && opts.nCtx) || 4096,
      n_batch: 512,
      n_parallel: 1,
      n_gpu_layers: 0, // the CPU engine: WebGPU users get WebLLM instead
      jinja: true,
      warmup: false,
    };
    const worker = new Worker(WORKER_URL, { type: "module", name: "rvs-wllama" });
    let settled = false;
    let fetchedAny = false;
    const onAbort = () => fail(abortedError());
    const fail = (err) => {
      if (settled) return;
      settled = true;
      worker.terminate();
      rejectLoad(err);
    };
    let rejectLoad;
    const info = await new Promise((resolve, reject) => {
      rejectLoad = reject;
      if (signal) {
        if (signal.aborted) return fail(abortedError());
        signal.addEventListener("abort", onAbort, { once: true });
      }
      worker.onerror = (ev) => {
        ev.preventDefault();
        fail(classifyLoadError(new Error(ev.message || "worker failed to start"), what, fallback));
      };
      worker.onmessage = (ev) => {
        const msg = ev.data;
        if (msg.type === "progress") {
          const total = msg.total || 0;
          if (msg.loaded > 0) fetchedAny = true;
          onProgress &&
            onProgress({
              loadedMB: round1(msg.loaded / 1e6),
              totalMB: round1(total / 1e6),
              percent: total ? Math.min(100, Math.round((msg.loaded / total) * 100)) : 0,
              text: msg.loaded >= total && total ? `Loading ${name} into memory…` : `Downloading ${name}…`,
            });
        } else if (msg.type === "loaded") {
          settled = true;
          resolve(msg.info);
        } else if (msg.type === "error") {
          fail(mapLoadError(msg, what, fallback, fetchedAny));
        }
      };
      worker.postMessage({ type: "load", url, wasmUrl: WASM_URL, params });
    });
    if (signal) signal.removeEventListener("abort", onAbort);
    this.worker = worker;
    this.info = { ...info, url, threadProbe: probe }; // threadProbe: null when threads were chosen (or 1 core)
    this.model = custom ? name : row.model;
    this.label = custom ? `${name} (wllama, CPU)` : row.label;
    worker.onmessage = (ev) => this.onMessage(ev.data);
    worker.onerror = (ev) => {
      ev.preventDefault();
      this.failAll(engineError("load-failed", "The wllama engine stopped unexpectedly — reload the model."));
    };
    onProgress && onProgress({ loadedMB: 0, totalMB: 0, percent: 100, text: `${this.label} ready` });
  }

  onMessage(msg) {
    const h = this.handlers.get(msg.id);
    if (!h) return;
    if (msg.type === "chunk") h.onChunk(msg.text);
    else if (msg.type === "done") {
      this.handlers.delete(msg.id);
      this.lastTimings = msg.timings || null;
      h.resolve(msg.text);
    } else if (msg.type === "error") {
      this.handlers.delete(msg.id);
      h.reject(mapCompleteError(msg));
    }
  }

  failAll(err) {
    for (const h of this.handlers.values()) h.reject(err);
    this.handlers.clear();
  }

  /**
   * Read `messages` into llama.cpp's prompt cache (bridge.js setPrefix): one token is generated
   * and thrown away; a later prompt that starts the same way is read from that point on.
   */
  prefill(messages) {
    const keep = this.lastTimings;
    return this.complete({ messages, maxTokens: 1, temperature: 0, jsonSchema: null }, () => {}, null)
      .finally(() => { this.lastTimings = keep; }); // timings describe the reader's last question
  }

  /** Run one chat completion; resolves with the full text. */
  complete(req, onChunk, signal) {
    if (!this.worker) return Promise.reject(engineError("not-loaded", "The wllama model is not loaded."));
    const id = this.nextId++;
    const params = {
      messages: req.messages,
      max_tokens: req.maxTokens,
      temperature: req.temperature,
    };
    if (!req.jsonSchema) Object.assign(params, FREE_TEXT_SAMPLING);
    if (req.jsonSchema) {
      params.response_format = {
        type: "json_schema",
        json_schema: { name: "response", schema: req.jsonSchema, strict: true },
      };
    }
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) return reject(abortedError());
      this.handlers.set(id, { onChunk, resolve, reject });
      if (signal) signal.addEventListener("abort", () => this.worker && this.worker.postMessage({ type: "abort", id }), { once: true });
      this.worker.postMessage({ type: "complete", id, params });
    });
  }

  async unload() {
    this.failAll(abortedError());
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.model = null;
  }

  /** Delete every GGUF wllama saved in this origin's OPFS cache. */
  static async clearCache() {
    const worker = new Worker(WORKER_URL, { type: "module", name: "rvs-wllama-cache" });
    try {
      await new Promise((resolve, reject) => {
        worker.onmessage = (ev) => (ev.data.type === "cleared" ? resolve() : reject(new Error(ev.data.message)));
        worker.onerror = (ev) => reject(new Error(ev.message));
        worker.postMessage({ type: "clear-cache" });
      });
    } finally {
      worker.terminate();
    }
  }
}

function round1(x) {
  return Math.round(x * 10) / 10;
}

function mapLoadError(msg, what, fallback, fetchedAny) {
  const text = `${msg.name}: ${msg.message}`;
  if (!fetchedAny && /Failed to fetch|NetworkError/i.test(msg.message)) {
    return engineError("unreachable", loadMessage(`Could not download ${what} (offline, and not saved in this browser yet)`,
      fallback, "Connect once to download it; later loads work offline."), text);
  }
  if (msg.wtype === "download_error" || /download|fetch|HTTP|status/i.test(msg.message)) {
    if (/\b404\b|not found/i.test(msg.message)) {
      return engineError("load-failed", loadMessage(`${what} was not found at its address (HTTP 404)`, fallback, "Check the URL."), text);
    }
    if (!/quota/i.test(msg.message)) {
      return engineError(
        "download-interrupted",
        loadMessage(`Downloading ${what} was interrupted`, fallback, "Retry, or clear the cache and retry."),
        text,
      );
    }
  }
  if (/SIMD|exception handling/i.test(msg.message)) {
    const feature = /SIMD/.test(msg.message) ? "SIMD" : "exception handling";
    return engineError("load-failed", loadMessage(`This browser's WebAssembly lacks ${feature}`, fallback, "Update the browser to use the CPU engine."), text);
  }
  return classifyLoadError(text, what, fallback);
}

function mapCompleteError(msg) {
  if (msg.name === "AbortError") return abortedError();
  if (msg.wtype === "model_not_loaded") return engineError("not-loaded", "The wllama model is not loaded.");
  if (msg.wtype === "kv_cache_full" || /context|kv.?cache/i.test(msg.message)) {
    return engineError("bad-output", "The prompt is longer than the model's context window — ask a shorter question or pick a model with a longer context.", msg.message);
  }
  return engineError("bad-output", `The wllama engine failed while generating (${msg.message.slice(0, 120)}).`, msg.message);
}
