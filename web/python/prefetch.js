// A first visit's downloads, started by the page the moment it can run a script (issue 21).
//
// Why: the Python worker asks for its files only once PyScript's core has loaded, the worker has
// started and its module graph (runtime.mjs → pyodide.mjs, loader.js, …) has arrived, one round
// trip after another: on a phone's 4G the link sat idle for that second while nothing had come yet.
// Here the page asks for the same URLs at once (python.json's and the manifest's `?v=` names, the
// vendored runtime), in the order the worker needs them, and throws the bodies away: the browser's
// HTTP cache keeps them (compressed, as they travelled), and the worker's own requests for the same
// URLs are answered from it, or wait for the one in flight, instead of starting late.
//
// Only without a service worker in control: on a reload everything comes from the offline cache
// and reading it twice would only cost time. Only the boot's files: never meaning search's deferred
// ones (they come after ready) nor a lazy translation. Any failure is ignored: the worker fetches
// for itself, and says what is missing.
//
// How soon (session 26): index.html loads this module `async` as the first thing in its <head>, so it
// runs as soon as it arrives, without waiting for the style sheets or the page's other modules; the
// reading worker is started from a blob: of the function below (no script of its own to download: a
// worker's script request queued behind the page's thirty modules on HTTP/1.1's six connections, and
// the first big file was asked for 1.9 s after navigation); and Pyodide's own two files, whose URLs
// need no manifest, are asked for at once by the page itself (`fetch`, bodies drained: the page never
// runs them — tests/browser/test_app_worker.py), while the worker starts and reads the rest.

const WORKER_NAME = "rvs-prefetch";

/**
 * Read the boot's files into the HTTP cache, PARALLEL at a time; resolves with how many were asked.
 * Self-contained (nothing from outside its body, no import): its source is also the prefetch
 * worker's whole script (`inWorker`).
 */
export async function prefetchFiles(base, onAsked = () => {}, { runtime = true } = {}) {
  // Two at a time, in the order the worker needs them: the link is full with two (each connection's
  // window covers the round trip), and more would split it between files needed seconds apart — the
  // runtime's own files (≈ 10 MB) then took until the whole 17 MB was nearly in, and the runtime's
  // restore, which could run while numpy and the index arrive, waited for them (issue 21 timeline).
  const PARALLEL = 2;
  const abs = (path) => new URL(path, base).href;
  // what the runtime needs first, at URLs no manifest is needed for
  const pyodideFiles = runtime ? ["vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.js"].map(abs) : [];
  const drain = async (url) => {
    const response = await fetch(url, { priority: "high" });
    if (response.body) await response.body.pipeTo(new WritableStream());
  };
  const json = (path) => fetch(abs(path), { priority: "high" }).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  // the rest of the boot's URLs, most urgent first: the memory snapshot and the stdlib (the runtime's
  // restore needs them whole), then numpy and the app code, then the index
  const rest = Promise.all([json("assets/python.json"), json("assets/index/manifest.json")]).then(([python, manifest]) => {
    // numpy's libraries, then its files, then our zips: what the packages stage installs first
    const rank = (name) => (name === "python-runtime.snapshot" ? 0 : name.startsWith("python_stdlib.") ? 1
      : name.endsWith(".wasm") ? 2 : name.endsWith(".tar") ? 3 : 4);
    const files = python.files || {};
    const pythonFiles = Object.entries(files)
      // numpy's bytecode belongs to the wheel, the fallback of the unpacked files; a full zip whose rest is
      // listed, to a runtime that did not restore its snapshot (corpus_build/rest_zips.py)
      .filter(([name, info]) => !(name === "numpy-bytecode.zip" && files["numpy-files.tar"]) && !files[info?.rest])
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([name, info]) => abs(`assets/${name}?v=${String(info.sha256).slice(0, 16)}`));
    // Pyodide's own stdlib when the build did not repack one (python.json's python_stdlib.zip)
    const stdlib = files["python_stdlib.zip"] ? [] : [abs("vendor/pyodide/python_stdlib.zip")];
    // the index's files largest first: a small file costs a round trip for few bytes, and with the
    // largest already in flight on the other connection the link stays full through those trips (the
    // index's 3 MB came at 2.0 of 2.5 MB/s when the 1.5 MB verse table was asked for last; 4G timeline)
    const indexFiles = Object.entries(manifest.files || {})
      .filter(([name, info]) => name !== "manifest.json" && info && !info.lazy && !info.deferred)
      .sort(([, a], [, b]) => (b.bytes || 0) - (a.bytes || 0))
      .map(([name, info]) => abs(`assets/index/${name.split("/").map(encodeURIComponent).join("/")}${info.sha256 ? `?v=${info.sha256.slice(0, 16)}` : ""}`));
    const snapshot = pythonFiles.filter((url) => url.includes("/assets/python-runtime.snapshot"));
    return [...snapshot, ...stdlib, ...pythonFiles.filter((url) => !snapshot.includes(url)), ...indexFiles];
  });
  const next = async (i) => (i < pyodideFiles.length ? pyodideFiles[i] : (await rest).shift());
  const count = rest.then((queue) => pyodideFiles.length + queue.length);
  let taken = 0;
  // when the first request went out, on the wall clock (the benchmark's timeline: pyapp/bench/firstvisit.py)
  const asked = Math.round(performance.timeOrigin + performance.now());
  const reader = async () => {
    for (let url = await next(taken++); url; url = await next(taken++)) await drain(url).catch(() => {});
  };
  const readers = Promise.all(Array.from({ length: PARALLEL }, reader));
  onAsked(asked);
  const total = await count; // before the readers empty the queue
  await readers;
  return total;
}

let started = null;

/** Start the boot's downloads now (see above), once per page; resolves when they are done or given up.
 * index.html loads this module first, `async` (it starts at once); app.js calls it again (a no-op then).
 *
 * The reading happens in a worker of its own: 17 MB of response bodies read on the page's thread
 * were seconds of its time — Lighthouse counted 5.3 s of "unattributable" long tasks with the
 * prefetch and 0.2 s without (mobile, load 24; total blocking time 6.1 s vs 1.0 s). The HTTP cache
 * is the browser's, shared by every thread. Where no worker can start, the page reads. */
export function prefetchBoot(base = document.baseURI) {
  if (typeof navigator !== "undefined" && navigator.serviceWorker?.controller) return Promise.resolve(0);
  if (!started) {
    const ran = Math.round(performance.timeOrigin + performance.now());
    const timings = (globalThis.rvsTimings = globalThis.rvsTimings || { stages: {} });
    timings.spans = { ...timings.spans, prefetchStart: [ran, ran] }; // when the page ran this (the bench's timeline)
    // Pyodide's two files from this thread, at once: a worker takes a few hundred ms to start on a busy
    // phone, and these need no manifest. 2.6 MB of bodies, a few dozen chunks: the rest (14 MB) is
    // read in the worker (see above)
    const runtime = drainHere(base);
    started = inWorker(base).catch(() => prefetchFiles(base, () => {}, { runtime: false }))
      .then(async (count) => { await runtime; return count + 2; });
  }
  return started;
}

// Read as a Blob, not piped through a stream: Chromium hands a fetched body's data pipe to the blob
// registry in the browser process, so none of its 11 MB (decoded) passes through this thread; drained
// chunk by chunk into a WritableStream, the chunks were a task each here (Lighthouse's blocking time)
function drainHere(base) {
  return Promise.all(["vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.js"].map(async (path) => {
    const response = await fetch(new URL(path, base), { priority: "high" });
    await response.blob();
  })).catch(() => {});
}

function inWorker(base) {
  let asked = null;
  return new Promise((resolve, reject) => {
    const source = `const prefetchFiles = ${prefetchFiles.toString()};\n`
      + "onmessage = ({ data }) => prefetchFiles(data.base, (asked) => postMessage({ asked }), { runtime: false })"
      + ".catch(() => 0).then((count) => postMessage({ count }));\n";
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const worker = new Worker(url, { name: WORKER_NAME });
    const end = () => { worker.terminate(); URL.revokeObjectURL(url); };
    worker.onmessage = ({ data }) => {
      if (data && "asked" in data) { asked = data.asked; return; }
      end();
      // the span from the first request to the last byte, beside the boot's stages (pyapp/bench/firstvisit.py)
      const timings = (globalThis.rvsTimings = globalThis.rvsTimings || { stages: {} });
      timings.spans = { ...timings.spans, prefetch: [asked, Math.round(performance.timeOrigin + performance.now())] };
      resolve((data && data.count) || 0);
    };
    worker.onerror = (event) => { event.preventDefault?.(); end(); reject(new Error("prefetch worker failed")); };
    worker.postMessage({ base });
  });
}

/**
 * A reload (a service worker in control): start the Python worker now, from this first module, instead of
 * at the end of the page's own module chain (app.js, its imports, then ui/boot.js and its imports: the
 * worker was created ~0.8 s after navigation, and its own module graph, the runtime's restore and
 * everything after it waited for that). Its messages are kept until ui/pyworker.js adopts it
 * (`adoptEarlyWorker`). Only the default way (no `?python=`), and only on a reload: on a first visit the
 * page's modules and the prefetch need the connections first. Returns the worker, or null.
 */
export function startPythonEarly(href = location.href) {
  if (globalThis.rvsEarlyWorker !== undefined) return globalThis.rvsEarlyWorker?.worker || null;
  globalThis.rvsEarlyWorker = null;
  if (typeof Worker === "undefined" || !navigator.serviceWorker?.controller) return null;
  if (new URL(href).searchParams.has("python")) return null;
  try {
    const worker = new Worker(new URL("python/host.mjs", href), { type: "module", name: "rvs-python" });
    const events = [];
    const keep = (event) => { events.push(event); if (event.type === "error") event.preventDefault?.(); };
    worker.addEventListener("message", keep);
    worker.addEventListener("error", keep);
    globalThis.rvsEarlyWorker = { worker, events, keep, started: Math.round(performance.timeOrigin + performance.now()) };
    return worker;
  } catch {
    return null;
  }
}

// a page that loads this module starts at once (index.html); a test only imports it
if (typeof document !== "undefined" && document.baseURI) {
  startPythonEarly(document.baseURI);
  prefetchBoot().catch(() => {});
}
