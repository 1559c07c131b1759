// A first visit's downloads, started by the page the moment app.js runs (issue 21).
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

const PYODIDE_FILES = ["vendor/pyodide/pyodide.asm.js", "vendor/pyodide/pyodide.asm.wasm"];
const STDLIB = "vendor/pyodide/python_stdlib.zip";
// Two at a time, in the order the worker needs them: the link is full with two (each connection's
// window covers the round trip), and more would split it between files needed seconds apart — the
// runtime's own files (≈ 10 MB) then took until the whole 17 MB was nearly in, and the runtime's
// restore, which could run while numpy and the index arrive, waited for them (issue 21 timeline).
const PARALLEL = 2;

async function drain(url) {
  const response = await fetch(url);
  if (response.body) await response.body.pipeTo(new WritableStream());
}

/** The boot's URLs, most urgent first: the runtime (its restore needs all four: Pyodide's js and
 * wasm, the memory snapshot, the stdlib), then numpy and the app code, then the index. */
export async function bootFileUrls(base) {
  const abs = (path) => new URL(path, base).href;
  const [python, manifest] = await Promise.all(["assets/python.json", "assets/index/manifest.json"]
    .map((path) => fetch(abs(path)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}))));
  // numpy's libraries, then its files, then our zips: what the packages stage installs first
  const rank = (name) => (name === "python-runtime.snapshot" ? 0 : name.endsWith(".wasm") ? 1 : name.endsWith(".tar") ? 2 : 3);
  const pythonFiles = Object.entries(python.files || {})
    // numpy's bytecode belongs to the wheel, the fallback of the unpacked files
    .filter(([name]) => !(name === "numpy-bytecode.zip" && python.files["numpy-files.tar"]))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, info]) => abs(`assets/${name}?v=${String(info.sha256).slice(0, 16)}`));
  const indexFiles = Object.entries(manifest.files || {})
    .filter(([name, info]) => name !== "manifest.json" && info && !info.lazy && !info.deferred)
    .map(([name, info]) => abs(`assets/index/${name.split("/").map(encodeURIComponent).join("/")}${info.sha256 ? `?v=${info.sha256.slice(0, 16)}` : ""}`));
  const snapshot = pythonFiles[0] && pythonFiles[0].includes("python-runtime.snapshot") ? pythonFiles.slice(0, 1) : [];
  // the build's repacked stdlib (python.json's python_stdlib.zip) when listed, else Pyodide's own
  const stdlib = pythonFiles.find((url) => url.includes("/assets/python_stdlib.zip")) || abs(STDLIB);
  const rest = pythonFiles.slice(snapshot.length).filter((url) => url !== stdlib);
  return [...PYODIDE_FILES.map(abs), ...snapshot, stdlib, ...rest, ...indexFiles];
}

let started = null;
const WORKER_NAME = "rvs-prefetch";

/** Start the boot's downloads now (see above), once per page; resolves when they are done or given up.
 * index.html loads this module before app.js (which calls it again): the downloads start while the
 * page's own modules are still arriving.
 *
 * The reading happens in a worker of its own (this same module): 17 MB of response bodies read on
 * the page's thread were seconds of its time — Lighthouse counted 5.3 s of "unattributable" long
 * tasks with the prefetch and 0.2 s without (mobile, load 24; total blocking time 6.1 s vs 1.0 s).
 * The HTTP cache is the browser's, shared by every thread. Where no worker can start, the page reads. */
export function prefetchBoot(base = document.baseURI) {
  started = started || inWorker(base).catch(() => run(base));
  return started;
}

function inWorker(base) {
  if (typeof navigator !== "undefined" && navigator.serviceWorker?.controller) return Promise.resolve(0);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { type: "module", name: WORKER_NAME });
    worker.onmessage = ({ data }) => { worker.terminate(); resolve(data && data.count || 0); };
    worker.onerror = (event) => { event.preventDefault?.(); worker.terminate(); reject(new Error("prefetch worker failed")); };
    worker.postMessage({ base });
  });
}

async function run(base) {
  if (typeof navigator !== "undefined" && navigator.serviceWorker?.controller) return 0;
  const queue = await bootFileUrls(base);
  const count = queue.length;
  const worker = async () => {
    while (queue.length) await drain(queue.shift()).catch(() => {});
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return count;
}

// a page that loads this module starts at once (index.html); a test only imports it
if (typeof document !== "undefined" && document.baseURI) prefetchBoot().catch(() => {});
// the prefetch's own worker (above): read the boot's files, say how many, and end
if (typeof document === "undefined" && globalThis.name === WORKER_NAME) {
  globalThis.onmessage = ({ data }) => {
    run(data.base).catch(() => 0).then((count) => postMessage({ count }));
  };
}
