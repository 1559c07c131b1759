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

const PYODIDE_FILES = ["vendor/pyodide/pyodide.asm.js", "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip"];
const PARALLEL = 4; // leave the browser's other connections (6 per host) to the page and the worker

async function drain(url) {
  const response = await fetch(url);
  if (response.body) await response.body.pipeTo(new WritableStream());
}

/** The boot's URLs, most urgent first: the runtime, numpy and the app code, then the index. */
export async function bootFileUrls(base) {
  const abs = (path) => new URL(path, base).href;
  const [python, manifest] = await Promise.all(["assets/python.json", "assets/index/manifest.json"]
    .map((path) => fetch(abs(path)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}))));
  const pythonFiles = Object.entries(python.files || {})
    // numpy's bytecode belongs to the wheel, the fallback of the unpacked files
    .filter(([name]) => !(name === "numpy-bytecode.zip" && python.files["numpy-files.tar"]))
    .sort(([a], [b]) => (b === "python-runtime.snapshot") - (a === "python-runtime.snapshot"))
    .map(([name, info]) => abs(`assets/${name}?v=${String(info.sha256).slice(0, 16)}`));
  const indexFiles = Object.entries(manifest.files || {})
    .filter(([name, info]) => name !== "manifest.json" && info && !info.lazy && !info.deferred)
    .map(([name, info]) => abs(`assets/index/${name.split("/").map(encodeURIComponent).join("/")}${info.sha256 ? `?v=${info.sha256.slice(0, 16)}` : ""}`));
  return [...pythonFiles.slice(0, 1), ...PYODIDE_FILES.map(abs), ...pythonFiles.slice(1), ...indexFiles];
}

/** Start the boot's downloads now (see above); resolves when they are done or given up. */
export async function prefetchBoot(base = document.baseURI) {
  if (typeof navigator !== "undefined" && navigator.serviceWorker?.controller) return 0;
  const queue = await bootFileUrls(base);
  const count = queue.length;
  const worker = async () => {
    while (queue.length) await drain(queue.shift()).catch(() => {});
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return count;
}
