// The page's side of the Python worker: PyScript starts it, the page keeps a small proxy.
//
// Why: the Python (agents, search, index loading) used to run on the page's own thread, which froze
// typing and the progress bars for seconds at a time. PyScript (`@pyscript/core`, vendored) now
// hosts it in a worker: `PyWorker("python/worker.py", {config})` with our interpreter module
// (python/runtime.mjs: the vendored Pyodide, restored from its memory snapshot). Everything crosses
// as plain postMessage objects tagged `rvs`:
//   worker → page  progress (boot stages), ready, result / status / token (answers to calls),
//                  meaning (meaning search's files, downloading after ready: ui/meaning.js),
//                  service (the worker's Python asks the page's LLM engines or IndexedDB memory)
//   page → worker  call, reply / chunk (answers to services), engine (which engine is chosen),
//                  meaning-start (the page is ready: download meaning search's files now)
// `bridge` has the functions of pyapp/bridge.py, each returning a promise.

import { BootError } from "./notice.js";
import { meaningBytes, meaningDone } from "./meaning.js";

const PYSCRIPT = "../vendor/pyscript/core.js";
const WORKER_SCRIPT = "python/worker.py";
const RUNTIME_MODULE = "python/runtime.mjs";
const HOST_MODULE = "python/host.mjs";

/** Start the worker; resolves with {bridge, status, files, bench} once the searcher is loaded. */
export async function bootWorker({ views, timings, host = "plain" }) {
  const calls = new Map();
  let nextId = 1;
  let worker = null;
  let settle;
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });

  const onMessage = (event) => {
    const data = event.data;
    if (!data || typeof data !== "object" || !data.rvs) return;
    if (data.rvs === "progress") progress(views, timings, data, settle);
    else if (data.rvs === "ready") settle.resolve(data.status);
    else if (data.rvs === "service") serve(worker, data);
    else if (data.rvs === "meaning") {
      // meaning search's files, downloading after "ready" (ui/meaning.js)
      if (data.op === "bytes") meaningBytes(data.loaded, data.total);
      else if (data.op === "done") meaningDone(data.status);
    }
    else if (data.rvs === "status" || data.rvs === "token") calls.get(data.id)?.[data.rvs]?.(data.data);
    else if (data.rvs === "result") {
      const call = calls.get(data.id);
      calls.delete(data.id);
      if (!call) return;
      if (data.error !== undefined) call.reject(new Error(data.error));
      else call.resolve(data.value);
    }
  };
  const fail = (err) => settle.reject(err);
  const early = host === "pyscript" ? null : adoptEarlyWorker();
  if (early) timings.spans = { ...timings.spans, earlyWorker: [early.started, early.started] }; // the bench's timeline
  worker = early ? early.worker : host === "pyscript" ? await pyscriptWorker() : plainWorker(fail);
  worker.addEventListener("message", onMessage);
  if (early) early.replay(onMessage, fail);
  if (worker.ready) worker.ready.catch((err) => settle.reject(err));
  let statusJson;
  try {
    statusJson = await ready;
  } catch (err) {
    throw err instanceof BootError ? err : new BootError(`Could not start: ${String(err && err.message ? err.message : err).split("\n")[0]}`);
  }

  const call = (name, args = [], handlers = {}) => new Promise((resolve, reject) => {
    const id = nextId++;
    calls.set(id, { resolve, reject, ...handlers });
    worker.postMessage({ rvs: "call", id, name, args });
  });
  const bridge = {
    warm_up: () => call("warm_up"),
    lookup: (text) => call("lookup", [String(text)]),
    reader_catalog: () => call("reader_catalog"),
    reader_hymn: (ref) => call("reader_hymn", [String(ref)]),
    version_for: (question) => call("version_for", [String(question)]),
    language_file: (question) => call("language_file", [String(question)]),
    probe_engine: (...args) => call("probe_engine", args),
    ask: (question, history, settings, onStatus, onToken) =>
      call("ask", [String(question), String(history), String(settings)], { status: onStatus, token: onToken }),
    // Stop must not wait behind the turn it stops: the engines are aborted here at once too
    stop: () => { globalThis.rvsEngines?.abort?.(); return call("stop"); },
  };
  // the worker's Python asks `rvsEngines.active()` (probe_engine): keep it told
  const tell = () => worker.postMessage({ rvs: "engine", active: plain(globalThis.rvsEngines?.active?.()) });
  globalThis.addEventListener("rvs-engine", tell);
  tell();
  return {
    bridge,
    status: JSON.parse(statusJson),
    files: {
      read: (name) => call("read_index_file", [name]),
      write: (name, bytes) => call("write_index_file", [name, bytes]),
    },
    bench: { bench_search: (methods, runs) => call("bench_search", [String(methods), Number(runs)]) },
    // meaning search's files: downloaded once the page is ready (python/runtime.mjs, ui/meaning.js)
    startMeaning: () => worker.postMessage({ rvs: "meaning-start" }),
  };
}

/**
 * The default: a module worker of our own (python/host.mjs) runs runtime.mjs and worker.py. Nothing of
 * PyScript runs on the page's thread (its core's evaluation and set-up were the boot's longest tasks
 * there: Lighthouse's total blocking time), and its 137 kB are not downloaded.
 */
function plainWorker(fail) {
  const worker = new Worker(new URL(HOST_MODULE, location.href), { type: "module", name: "rvs-python" });
  worker.addEventListener("error", (event) => {
    event.preventDefault?.();
    fail(new BootError(`Could not start: the Python worker failed to load (${event.message || HOST_MODULE}).`));
  });
  return worker;
}

/**
 * The worker python/prefetch.js started on a reload, before this module was even fetched
 * (`startPythonEarly`), with the messages it has sent since: taken once, or null. `replay` hands them
 * on in order and listens for failures from then on, as plainWorker's own listener does.
 */
function adoptEarlyWorker() {
  const early = globalThis.rvsEarlyWorker;
  if (!early || !early.worker) return null;
  globalThis.rvsEarlyWorker = null;
  const { worker, events, keep } = early;
  const failed = (event, fail) => fail(new BootError(`Could not start: the Python worker failed to load (${event.message || HOST_MODULE}).`));
  return {
    worker,
    started: early.started,
    replay(onMessage, fail) {
      worker.removeEventListener("message", keep);
      worker.removeEventListener("error", keep);
      worker.addEventListener("error", (event) => { event.preventDefault?.(); failed(event, fail); });
      for (const event of events.splice(0)) {
        if (event.type === "error") failed(event, fail);
        else onMessage(event);
      }
    },
  };
}

/** `?python=pyscript`: PyScript's worker, as before python/host.mjs (kept to compare the two). */
async function pyscriptWorker() {
  try {
    await import(PYSCRIPT);
  } catch (err) {
    throw new BootError("Missing vendored PyScript (vendor/pyscript/core.js). Run `python -m corpus_build.vendor` (or `python serve.py`).");
  }
  // PyScript's own `PyWorker` hands the worker over only once its Python has run (too late for the
  // boot's progress) and sends PyScript's worker hooks along, which the worker revives with
  // `Function()`: refused by this page's CSP (no 'unsafe-eval'). The XWorker of polyscript, the
  // engine inside @pyscript/core (shared as `Symbol.for("polyscript")`), returns the worker at once
  // and sends no hooks; the Python reaches the page through `polyscript.xworker`.
  const polyscript = globalThis[Symbol.for("polyscript")];
  if (!polyscript || typeof polyscript.XWorker !== "function") throw new BootError("The vendored PyScript did not start (vendor/pyscript/core.js).");
  const runtime = new URL(RUNTIME_MODULE, location.href).href;
  const config = {
    interpreter: runtime,
    packages_cache: "never", // nothing for PyScript to install: runtime.mjs did it, hash-checked
  };
  return polyscript.XWorker(new URL(WORKER_SCRIPT, location.href).href, { type: "pyodide", version: runtime, config });
}

/** Only what survives structured cloning (an engine description has no functions we need). */
function plain(value) {
  try { return value ? JSON.parse(JSON.stringify(value)) : { id: "extractive" }; } catch { return { id: "extractive" }; }
}

/** A boot stage's news from the worker, onto the page's progress bars. */
function progress(views, timings, data, settle) {
  if (data.op === "loaded") {
    // the worker's own stage timings, and when its Python (imports, index load: "python") began
    Object.assign(timings, data.timings, { stages: { ...timings.stages, ...data.timings.stages },
      spans: { ...timings.spans, ...data.timings.spans } });
    timings.pythonStartedAt = performance.now();
    return;
  }
  if (data.op === "spans") { // the worker's Python: imports, searcher load (python/worker.py)
    timings.spans = { ...timings.spans, ...data.spans };
    return;
  }
  if (data.op === "failed") {
    views.failed = data.stage;
    settle.reject(new BootError(data.message));
    return;
  }
  const view = views[data.stage];
  if (!view) return;
  if (data.op === "start") view.start(data.text);
  else if (data.op === "bytes") view.bytes(data.loaded, data.total);
  else if (data.op === "done") view.done(data.text);
}

/** The worker's Python calls a page service: rvsEngines.complete/abort or rvsStorage.memory*. */
async function serve(worker, { id, service, method, args }) {
  const target = service === "engines" ? globalThis.rvsEngines : service === "storage" ? globalThis.rvsStorage : null;
  const allowed = service === "engines" ? ["complete", "abort"] : ["memoryAll", "memoryPut", "memoryClear"];
  if (!target || !allowed.includes(method)) {
    if (id) worker.postMessage({ rvs: "reply", id, error: { message: `${service} are not available on this page` } });
    return;
  }
  try {
    const extra = method === "complete" ? [(text) => worker.postMessage({ rvs: "chunk", id, text: String(text) })] : [];
    const value = await target[method](...args, ...extra);
    if (id) worker.postMessage({ rvs: "reply", id, value: value === undefined ? null : value });
  } catch (err) {
    if (id) worker.postMessage({ rvs: "reply", id, error: { message: String(err && err.message ? err.message : err), code: err && err.code ? String(err.code) : null } });
  }
}
