// wllama (llama.cpp in WebAssembly, CPU) behind a small message protocol.
//
// Why a worker of our own when wllama already computes in its own worker: wllama's main-thread
// half still downloads the GGUF, writes it to OPFS (≈100 MB for the bundled model) and parses
// every streamed chunk; keeping all of that here leaves the page (and Pyodide) responsive, and
// makes "stop a download" a plain `worker.terminate()`. wllama spawns its compute worker (and
// pthread workers when cross-origin isolated) from blob: URLs, so the page CSP needs
// `worker-src 'self' blob:`; the wasm needs `'wasm-unsafe-eval'`. No `'unsafe-eval'` is needed.
//
// Protocol (main → worker):
//   {type:"load", url, wasmUrl, params}          → progress*, then loaded | error
//   {type:"complete", id, params}                → chunk*, then done | error   (params = OpenAI chat params)
//   {type:"abort", id}
//   {type:"clear-cache"}                         → cleared | error
// (worker → main): {type:"progress", loaded, total, phase}, {type:"loaded", info},
//   {type:"chunk", id, text}, {type:"done", id, text, timings, usage}, {type:"error", id, name, message, wtype}

import { Wllama, CacheManager } from "../vendor/wllama/index.js";

/** @type {Wllama|null} */
let wllama = null;
const controllers = new Map();

const quietLogger = {
  debug: () => {},
  log: () => {},
  warn: (...a) => console.warn("[wllama]", ...a),
  error: (...a) => console.error("[wllama]", ...a),
};

function post(msg) {
  self.postMessage(msg);
}

function postError(id, err) {
  post({
    type: "error",
    id,
    name: (err && err.name) || "Error",
    message: String((err && err.message) || err),
    wtype: err && err.type,
  });
}

async function load({ url, wasmUrl, params }) {
  if (wllama) {
    await wllama.exit().catch(() => {});
    wllama = null;
  }
  wllama = new Wllama({ default: wasmUrl }, { logger: quietLogger, suppressNativeLog: true, allowOffline: true });
  // Never fall back to wllama's CDN "compat" build (Safari/Firefox without JSPI): this app makes
  // no off-origin requests. Those browsers run the standard build without async file reads.
  wllama.setCompat(null);
  const started = performance.now();
  let lastReport = 0;
  await wllama.loadModelFromUrl(url, {
    ...params,
    useCache: true,
    progressCallback: ({ loaded, total }) => {
      const now = performance.now();
      if (now - lastReport > 150 || loaded === total) {
        lastReport = now;
        post({ type: "progress", loaded, total, phase: "download" });
      }
    },
  });
  const ctx = wllama.getLoadedContextInfo();
  post({
    type: "loaded",
    info: {
      ms: Math.round(performance.now() - started),
      threads: wllama.getNumThreads(),
      multithread: wllama.isMultithread(),
      nCtx: ctx.n_ctx,
      nCtxTrain: ctx.n_ctx_train,
      hasChatTemplate: !!wllama.getChatTemplate(),
      modelName: (ctx.metadata && ctx.metadata["general.name"]) || null,
    },
  });
}

async function complete({ id, params }) {
  if (!wllama || !wllama.isModelLoaded()) {
    postError(id, Object.assign(new Error("model not loaded"), { type: "model_not_loaded" }));
    return;
  }
  const controller = new AbortController();
  controllers.set(id, controller);
  let text = "";
  let timings = null;
  let usage = null;
  try {
    const stream = await wllama.createChatCompletion({
      ...params,
      stream: true,
      abortSignal: controller.signal,
    });
    for await (const chunk of stream) {
      const delta = chunk.choices && chunk.choices[0] && chunk.choices[0].delta;
      const piece = (delta && delta.content) || "";
      if (piece) {
        text += piece;
        post({ type: "chunk", id, text: piece });
      }
      if (chunk.timings) timings = chunk.timings;
      if (chunk.usage) usage = chunk.usage;
    }
    if (controller.signal.aborted) throw Object.assign(new Error("aborted"), { name: "AbortError" });
    post({ type: "done", id, text, timings, usage });
  } catch (err) {
    postError(id, controller.signal.aborted ? Object.assign(new Error("aborted"), { name: "AbortError" }) : err);
  } finally {
    controllers.delete(id);
  }
}

self.onmessage = async (event) => {
  const msg = event.data || {};
  try {
    if (msg.type === "load") await load(msg);
    else if (msg.type === "complete") await complete(msg);
    else if (msg.type === "abort") {
      const c = controllers.get(msg.id);
      if (c) c.abort();
    } else if (msg.type === "clear-cache") {
      await new CacheManager().clear();
      post({ type: "cleared" });
    }
  } catch (err) {
    postError(msg.id ?? null, err);
  }
};
