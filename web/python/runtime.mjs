// The interpreter module PyScript loads inside its worker (config `interpreter`, see ui/pyworker.js).
//
// Why our own module and not pyodide.mjs itself: polyscript's Pyodide engine imports the module the
// config names and calls its `loadPyodide(options)`. Wrapping the vendored `loadPyodide` here lets
// the worker keep everything the page-thread boot had: the runtime's memory snapshot
// (`_loadSnapshot`), numpy unpacked at build time, the app and its pure packages as zips on
// sys.path, and the verse index in Pyodide's file system, all before PyScript runs our Python
// (python/worker.py). Progress goes to the page as `{rvs: "progress"}` messages.
//
// It also gives the worker's Python the two page services pyapp/bridge.py calls through `js`:
// `rvsEngines` (the LLM engines stay on the page: WebLLM needs WebGPU there, the bridge is one door)
// and `rvsStorage` (IndexedDB memory), each a small request/reply over postMessage.

import { loadPyodide as vendoredLoadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { downloadDeferred, loadPython, STAGES } from "./loader.js";

const BASE = new URL("../", import.meta.url).href;
const timings = { stages: {} };

const post = (message) => postMessage({ rvs: "progress", ...message });

/** One stage's progress, as messages the page turns into its progress bars (ui/pyworker.js). */
function views() {
  const out = {};
  for (const { id } of STAGES) {
    let last = 0;
    out[id] = {
      start: (text) => post({ stage: id, op: "start", text }),
      bytes: (loaded, total) => {
        const now = performance.now();
        // four updates a second are plenty: each one is a message, a restyle and a layout on the
        // page's thread, and at 20 a second per stage they were a visible part of its boot-time work
        if (now - last < 250 && loaded < total) return;
        last = now;
        post({ stage: id, op: "bytes", loaded, total });
      },
      done: (text) => post({ stage: id, op: "done", text }),
    };
  }
  return out;
}

// ---- page services: request → page, reply (and chunks) ← page ------------------------------------

const pending = new Map();
let nextId = 1;

function request(service, method, args, onChunk = null) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onChunk });
    postMessage({ rvs: "service", id, service, method, args });
  });
}

addEventListener("message", ({ data }) => {
  if (!data || typeof data !== "object") return;
  const call = pending.get(data.id);
  if (!call) return;
  if (data.rvs === "chunk") {
    // a chunk racing the end of its call finds the Python callback already released: drop it
    try { if (call.onChunk) call.onChunk(data.text); } catch { /* released */ }
  } else if (data.rvs === "reply") {
    pending.delete(data.id);
    if (data.error) {
      const error = new Error(data.error.message);
      if (data.error.code) error.code = data.error.code;
      call.reject(error);
    } else {
      call.resolve(data.value);
    }
  }
});

let activeEngine = { id: "extractive" };
globalThis.rvsEngines = {
  complete: (requestJson, onChunk) => request("engines", "complete", [String(requestJson)], (text) => onChunk(text)),
  abort: () => { postMessage({ rvs: "service", id: 0, service: "engines", method: "abort", args: [] }); },
  active: () => activeEngine, // the page tells the worker which engine is chosen (ui/pyworker.js)
};
globalThis.rvsStorage = {
  memoryAll: () => request("storage", "memoryAll", []),
  memoryPut: (json) => request("storage", "memoryPut", [String(json)]),
  memoryClear: () => request("storage", "memoryClear", []),
};
addEventListener("message", ({ data }) => {
  if (data && data.rvs === "engine") activeEngine = data.active || activeEngine;
});

/**
 * Meaning search's files download once the page shows "ready" and says `{rvs: "meaning-start"}`
 * (web/app.js; not earlier, beside the searcher's load: on a slow phone that is seconds, and
 * "ready" must not wait behind 27 MB). worker.py awaits `rvsDeferredIndex()` and then attaches
 * them (pyapp.bridge.attach_vectors). The page shows their progress (`{rvs: "meaning"}`, ui/pyworker.js).
 */
let startMeaning;
const meaningStarted = new Promise((resolve) => { startMeaning = resolve; });
addEventListener("message", ({ data }) => { if (data && data.rvs === "meaning-start") startMeaning(); });

function startDeferred(pyodide, manifest) {
  let last = 0;
  const onBytes = (loaded, total) => {
    const now = performance.now();
    if (now - last < 250 && loaded < total) return;
    last = now;
    postMessage({ rvs: "meaning", op: "bytes", loaded, total });
  };
  let deferred = null;
  globalThis.rvsDeferredIndex = () => {
    deferred = deferred || meaningStarted.then(() => downloadDeferred(BASE, manifest, pyodide.FS, onBytes));
    return deferred.then((info) => JSON.stringify(info));
  };
}

/** What polyscript calls: the vendored loadPyodide, then every stage up to a loaded index. */
export async function loadPyodide(options = {}) {
  const { stdout, stderr } = options;
  const stageViews = views();
  try {
    const { pyodide, manifest } = await loadPython({
      base: BASE, views: stageViews, timings, loadPyodide: vendoredLoadPyodide,
      options: { ...(stdout ? { stdout } : {}), ...(stderr ? { stderr } : {}) },
    });
    post({ op: "loaded", timings });
    startDeferred(pyodide, manifest);
    return pyodide;
  } catch (err) {
    post({ op: "failed", message: String(err && err.message ? err.message : err), stage: stageViews.failed || "runtime" });
    throw err;
  }
}

export const version = "0.27.7";
