// Loading the Python runtime, its packages, the app code and the verse index into one Pyodide.
//
// Why a module of its own, with no DOM in it: the same stages run in PyScript's worker (the
// interpreter module python/runtime.mjs, the default) and, for comparison, on the page itself
// (ui/boot.js with `?python=page`). Progress goes to `views[stage]` (start / bytes / done), which
// are progress bars on the page and messages to the page in the worker. Every URL is absolute
// (`base`): a PyScript worker runs from a blob: URL, against which nothing relative resolves.

import { fetchSnapshot } from "../ui/snapshot.js";
import { fetchPacked } from "./packed.js";
import { BootError } from "../ui/notice.js"; // touches the DOM only when an error is shown, never here

export { BootError };

export const PYODIDE_DIR = "vendor/pyodide/";
const INDEX_URL = "assets/index/";
export const FS_INDEX_DIR = "/assets/index";
// where the Python bundles go (the bytecode inside them names these paths: corpus_build/app_bundle.py)
const APP_ZIP_PATH = "/home/pyodide/pyapp.zip";
const SITE_ZIP_PATH = "/home/pyodide/site-packages.zip";
const SITE_PACKAGES = "/lib/python3.12/site-packages";
const PYTHON_MANIFEST_URL = "assets/python.json"; // sha256 of each file below (corpus_build/app_bundle.py)
const FETCH_PARALLEL = 4;
const SNAPSHOT_DEADLINE_MS = 15_000; // a restore takes < 1 s; a fresh start is the fallback

export const STAGES = [
  { id: "runtime", label: "Python runtime" },
  { id: "packages", label: "Packages" },
  { id: "app", label: "App code" },
  { id: "index", label: "Verse index" },
  { id: "start", label: "Starting search" },
];

// our own downloads use the untouched fetch: Pyodide's are counted through a temporary wrapper
const rawFetch = globalThis.fetch.bind(globalThis);

// ---- fetching with progress ----------------------------------------------------------------

/**
 * A response body read whole while this thread does other work; returns the bytes. Why not chunk by
 * chunk (`readWithProgress`): each chunk is a task on this worker's thread, and the thread is busy for
 * a second at a time (the runtime's restore, `import numpy`): the index's 12 MB, read in chunks, came
 * in only in the gaps between them (a reload at load 7: the index's last byte 150 ms after numpy's
 * import, on the way to "ready"). Taken as a Blob, the browser drains the body on its own (a body from
 * the offline cache is a blob already), and the bytes are copied here in one go when awaited.
 * `onBytes(n)` is told the file's size once it is whole: a progress bar moves file by file.
 */
export async function readWhole(response, onBytes = () => {}) {
  const blob = await response.blob();
  onBytes(blob.size);
  return new Uint8Array(await blob.arrayBuffer());
}

/** Read a response body, reporting each chunk's size; returns the bytes. */
export async function readWithProgress(response, onBytes) {
  if (!response.body) {
    const buf = new Uint8Array(await response.arrayBuffer());
    onBytes(buf.byteLength);
    return buf;
  }
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    onBytes(value.byteLength);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) { out.set(chunk, offset); offset += chunk.byteLength; }
  return out;
}

async function fetchOk(url, what) {
  let response;
  try {
    response = await rawFetch(url);
  } catch (err) {
    throw new BootError(`Could not download ${what} (${url}): the server is unreachable${navigator.onLine ? "" : " and this browser is offline"}.`);
  }
  if (!response.ok) {
    const hint = url.includes("vendor/") ? " Run `python -m corpus_build.vendor` (or `python serve.py`) to fetch it." :
      url.includes("assets/") ? " Run `python -m corpus_build` (or `python serve.py`) to build it." : "";
    throw new BootError(`Missing ${what}: ${url} answered HTTP ${response.status}.${hint}`);
  }
  return response;
}

/**
 * While Pyodide loads its own files (wasm, stdlib, wheels) it calls the global fetch. We wrap that
 * fetch for the duration of a stage so its bytes show up in our progress bar and a 404 gets a
 * human message, without downloading anything twice.
 */
async function withCountingFetch(view, base, run, onFileDone = () => {}, packed = new Set()) {
  const original = globalThis.fetch;
  let loaded = 0;
  let total = 0;
  let fail;
  // a missing file can leave Pyodide waiting forever (a failed wasm instantiation never
  // settles), so the first bad answer ends the stage at once
  const failed = new Promise((_, reject) => { fail = reject; });
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    let response;
    try {
      // a file python.json marks `gz` (the repacked stdlib) travels compressed even from a host that
      // cannot negotiate: packed.js turns to its `.gz` then
      response = packed.has(url) ? await fetchPacked(url, original, init) : await original(input, init);
    } catch (err) {
      fail(new BootError(`Could not download ${url}: the server is unreachable.`));
      throw err;
    }
    if (!response.ok) {
      fail(new BootError(`Missing vendored file ${url.replace(base, "")} (HTTP ${response.status}). Run \`python -m corpus_build.vendor\` (or \`python serve.py\`) to fetch it.`));
      return response;
    }
    if (!response.body) return response;
    // a compressed answer's Content-Length counts the compressed bytes, the body yields them inflated
    if (!response.headers.get("content-encoding")) total += Number(response.headers.get("content-length")) || 0;
    view.bytes(loaded, total);
    // Pyodide gets the answer itself and the bytes are counted on a copy (a tee): a Response made
    // here would have no URL, and V8 keeps the compiled code of `instantiateStreaming` (its
    // WebAssembly code cache) only for an answer with its URL. Wrapped, the 10 MB pyodide.asm.wasm
    // was compiled again on every load, function by function as Python first ran them (a reload's
    // trace: 2,750 lazy compilations, 1.2 s on the worker's thread, and 7 s of optimising
    // compilation on the other core).
    const counting = response.clone().body.getReader();
    (async () => {
      try {
        for (;;) {
          const { done, value } = await counting.read();
          if (done) break;
          loaded += value.byteLength;
          view.bytes(loaded, total);
        }
        onFileDone(url);
      } catch { /* the file's own reader reports its failure */ }
    })();
    return response;
  };
  try {
    await Promise.race([run(), failed]);
  } finally {
    globalThis.fetch = original;
  }
  return { loaded };
}

/** Now on the wall clock (ms): the worker's and the page's `performance.now()` start at different moments. */
export const wallNow = () => Math.round(performance.timeOrigin + performance.now());

/** Each stage's duration (`timings.stages`) and its [start, end] on the wall clock (`timings.spans`),
 * which the first-visit benchmark lays beside each file's download (pyapp/bench/firstvisit.py). */
export function timer(timings) {
  timings.spans = timings.spans || {};
  return async (name, fn) => {
    const t0 = performance.now();
    const start = wallNow();
    try {
      return await fn();
    } finally {
      timings.stages[name] = Math.round(performance.now() - t0);
      timings.spans[name] = [start, wallNow()];
    }
  };
}

/**
 * name → URL of a Python file, `assets/<name>?v=<sha>` when assets/python.json lists it (so caches
 * may keep it for good), plain `assets/<name>` otherwise (an older build: still works, revalidated).
 */
async function pythonFileUrls(base) {
  let files = {};
  try {
    const response = await rawFetch(new URL(PYTHON_MANIFEST_URL, base));
    if (response.ok) files = (await response.json()).files || {};
  } catch {
    // offline without a cached copy, or malformed: unversioned URLs below
  }
  const url = (name) => {
    const sha = files[name] && files[name].sha256;
    return new URL(`assets/${name}${typeof sha === "string" ? `?v=${sha.slice(0, 16)}` : ""}`, base).href;
  };
  url.files = files;
  return url;
}

/** Is this URL in the offline cache (web/sw.js's Cache Storage)? False where there is none, or on any error. */
async function onDevice(url) {
  try {
    return Boolean(globalThis.caches && await globalThis.caches.match(url));
  } catch {
    return false;
  }
}

/** A whole file's bytes, or a BootError naming what is missing. */
async function fetchBytes(url, what) {
  const response = await fetchOk(url, what);
  return readWhole(response);
}

/** Write a zip of modules into the file system and put it first on sys.path (zipimport reads it). */
function putOnPath(pyodide, path, bytes) {
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, bytes, { canOwn: true }); // kept as they are, not copied: nothing else writes them
  pyodide.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
}

/** "Python's last line": a PythonError's message ends with "ValueError: the actual sentence". */
export function pythonMessage(err) {
  const text = String(err && err.message ? err.message : err).trim();
  const lines = text.split("\n").filter((line) => line.trim());
  return lines.length ? lines[lines.length - 1].replace(/^[\w.]*(Error|Exception):\s*/, "") : "unknown error";
}

// ---- the stages --------------------------------------------------------------------------------

/**
 * Runtime → packages → app code → index files, each reported to `views[id]`; resolves with
 * {pyodide, manifest, bytes}. `loadPyodide` is the vendored one; `options` go to it (PyScript
 * passes its stdout/stderr). A failure rejects with a BootError and `views.failed` names the stage.
 */
export async function loadPython({ base, views, timings, loadPyodide, options = {} }) {
  const timed = timer(timings);
  let current = "runtime";
  try {
    // The app code, numpy and the index download while the runtime restores (network and CPU overlap),
    // but only once the runtime's own files are in: the restore needs the snapshot and the stdlib
    // whole, and four more downloads beside them split a phone's link six ways (issue 21's timeline:
    // the 5 MB snapshot took 6.2 s of a 4G visit instead of 2 s). On a first visit the page's
    // prefetch (python/prefetch.js) keeps the link busy in this same order meanwhile.
    views.app.start();
    views.index.start();
    const python = await pythonFileUrls(base);
    let runtimeFilesIn;
    // ...unless every file is on this device already (a reload from the offline cache: no link to share).
    // There the wait only left the worker idle: the app code, numpy and the index, asked for once the
    // 36 MB snapshot had come through the service worker, arrived after the restore had ended (a reload
    // at load 7: numpy's install waited 0.45 s for them, the searcher's load 0.15 s for the index).
    const local = onDevice(python("python-runtime.snapshot"));
    const runtimeFiles = new Promise((resolve) => {
      runtimeFilesIn = resolve;
      local.then((here) => { if (here) resolve(); });
    });
    const waiting = new Set(["snapshot", "stdlib"]);
    const fileIn = (name) => { waiting.delete(name); if (!waiting.size) runtimeFilesIn(); };
    const later = (name, fn) => runtimeFiles.then(() => timed(name, fn));
    // Where the snapshot restores, the modules it imported are in its memory already: only the rest of each
    // zip is fetched, those modules' bytes zeros (corpus_build/rest_zips.py; python.json links a zip to its `rest`)
    const restOf = (name) => (python.files[python.files[name]?.rest] ? python.files[name].rest : name);
    const appName = restOf("pyapp.zip");
    const siteName = restOf("site-packages.zip");
    const zipDownload = later("app", () => download(python(appName), `the app code (assets/${appName})`, views.app,
      python.files[appName]?.bytes));
    // from the offline cache, every index file asked for at once: each is drained as a Blob by the browser,
    // and four at a time, the next request waited for this busy thread to see the last one end
    const indexDownload = later("index", async () => downloadIndex(base, views.index, await local ? Infinity : FETCH_PARALLEL));
    const siteDownload = runtimeFiles.then(() => fetchBytes(python(siteName), `the Python packages (assets/${siteName})`));
    // numpy unpacked at build time (corpus_build/numpy_files.py): downloaded, and its libraries
    // compiled, while the runtime restores; null when absent or broken (the wheel is installed then)
    const numpyPrepared = later("numpyFetch", () => prepareNumpy(python));
    for (const pending of [zipDownload, indexDownload, siteDownload]) pending.catch(() => {}); // reported when awaited

    // 1. runtime
    views.runtime.start();
    let pyodide;
    const onFileDone = (url) => { if (/python_stdlib(\.rest)?\.zip/.test(url)) fileIn("stdlib"); };
    const stdlibName = restOf("python_stdlib.zip");
    const runtime = await timed("runtime", () => withCountingFetch(views.runtime, base, async () => {
      // the build's stdlib (stored, brotli over the whole: corpus_build/stdlib_zip.py) when listed; the
      // snapshot was made from that very file. Else Pyodide's own, beside pyodide.mjs.
      // (its rest where the snapshot restores; the whole of it for a normal start)
      const stdlib = python.files["python_stdlib.zip"] ? { stdLibURL: python(stdlibName) } : {};
      const wholeStdlib = python.files["python_stdlib.zip"] ? { stdLibURL: python("python_stdlib.zip") } : {};
      pyodide = await startRuntime(loadPyodide, base, python("python-runtime.snapshot"), { ...options, ...stdlib }, timings,
        () => fileIn("snapshot"), wholeStdlib);
    }, onFileDone, new Set(["python_stdlib.zip", stdlibName].filter((name) => python.files[name]?.gz).map(python)))).finally(() => runtimeFilesIn()); // a runtime that never fetched them (or failed) holds nothing back
    views.runtime.done(`Python ${pyodide.version} · ${formatMB(runtime.loaded)}`);
    // The snapshot may hold modules imported from these zips (corpus_build/runtime_snapshot.py
    // PRELOAD): they go back at their paths before anything can look into them (numpy's install
    // clears import caches, and a zip found missing then stays missing for its importer).
    // A rest zip goes at its full zip's path (the snapshot's importers name that path, and every member sits
    // at the offset they hold); a runtime that started without the snapshot has none of the modules whose
    // bytes a rest leaves out, and gets the full zips.
    const restored = timings.runtimeFrom === "snapshot";
    current = "packages";
    let site = await siteDownload;
    if (siteName !== "site-packages.zip" && !restored) {
      site = await fetchBytes(python("site-packages.zip"), "the Python packages (assets/site-packages.zip)");
    }
    current = "app";
    let zip = await zipDownload;
    if (appName !== "pyapp.zip" && !restored) {
      zip = await download(python("pyapp.zip"), "the app code (assets/pyapp.zip)", views.app, python.files["pyapp.zip"]?.bytes);
    }
    putOnPath(pyodide, SITE_ZIP_PATH, site);
    putOnPath(pyodide, APP_ZIP_PATH, zip);

    // 2. packages: numpy from its files unpacked at build time (the wheel through Pyodide's lock
    //    file when they are absent); the pure packages as one zip on sys.path (corpus_build/app_bundle.py)
    current = "packages";
    views.packages.start();
    const packages = await timed("packages", async () => {
      const numpy = await timed("numpy", async () => {
        const prepared = await numpyPrepared;
        if (prepared) {
          try {
            installNumpy(pyodide, prepared, timings);
            timings.numpyFrom = "files";
            return { loaded: prepared.bytes };
          } catch (err) {
            console.warn("numpy's unpacked files did not install; installing its wheel instead.", err);
          }
        }
        timings.numpyFrom = "wheel";
        return installNumpyWheel(pyodide, python, views.packages, base);
      });
      // the snapshot's modules bound a placeholder for numpy (pyapp/lazy_numpy.py): numpy itself now
      await timed("numpyImport", async () => pyodide.runPython("from pyapp.lazy_numpy import resolve\nresolve()\ndel resolve"));
      return { loaded: numpy.loaded + site.byteLength };
    });
    views.packages.done(`numpy, pydantic, snowballstemmer · ${formatMB(packages.loaded)}`);

    // 3. app code: imported straight from its zip (with bytecode), nothing to unpack
    current = "app";
    views.app.done(`pyapp · ${formatMB(zip.byteLength)}`);

    // 4. index files into the Pyodide file system
    current = "index";
    const { manifest, files } = await indexDownload;
    writeIndex(pyodide.FS, files);
    const indexBytes = files.reduce((sum, [, bytes]) => sum + bytes.byteLength, 0);
    views.index.done(`${files.length} files · ${formatMB(indexBytes)}`);
    timings.bytes = { runtime: runtime.loaded, packages: packages.loaded, app: zip.byteLength, index: indexBytes };
    return { pyodide, manifest };
  } catch (err) {
    views.failed = current;
    throw err instanceof BootError ? err : new BootError(`Could not start: ${pythonMessage(err)}`);
  }
}

// ---- numpy ---------------------------------------------------------------------------------

const NUMPY_FILES = "numpy-files.tar";
const NUMPY_LIBS = "numpy-libs/";

/** A hex sha256 as a subresource-integrity string: the browser refuses bytes that do not match. */
function integrity(hex) {
  const bytes = hex.match(/../g).map((pair) => parseInt(pair, 16));
  return `sha256-${btoa(String.fromCharCode(...bytes))}`;
}

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Files of an uncompressed (ustar) tar → [[path, bytes]]. */
export function untar(buffer) {
  const out = [];
  const text = new TextDecoder();
  const field = (offset, length) => {
    const raw = buffer.subarray(offset, offset + length);
    const end = raw.indexOf(0);
    return text.decode(end < 0 ? raw : raw.subarray(0, end));
  };
  let offset = 0;
  while (offset + 512 <= buffer.length && buffer[offset] !== 0) {
    const name = field(offset, 100);
    const size = parseInt(field(offset + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(buffer[offset + 156] || 48);
    const prefix = field(offset + 345, 155);
    if (type === "0") out.push([prefix ? `${prefix}/${name}` : name, buffer.subarray(offset + 512, offset + 512 + size)]);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

/**
 * Download numpy's unpacked files and compile the libraries `import numpy` needs (python.json lists
 * them: corpus_build/numpy_files.py), each checked against its sha256 by the browser (`integrity`).
 * `compileStreaming` compiles on V8's background threads while the runtime restores (Chromium may
 * also keep the compiled code for the next load; no gain from that was measurable here). Resolves
 * null when the files are not listed or anything fails: the wheel is installed instead.
 */
async function prepareNumpy(python) {
  const listed = python.files;
  const libs = Object.keys(listed).filter((name) => name.startsWith(NUMPY_LIBS) && name.endsWith(".wasm")).sort();
  if (!listed[NUMPY_FILES] || !libs.length) return null;
  const get = async (name) => {
    const response = await rawFetch(python(name), { integrity: integrity(listed[name].sha256) });
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return response;
  };
  try {
    // the tar travels compressed (packed.js): no `integrity` on it, which would make the browser read
    // a raw answer whole before packed.js could turn to the `.gz`; its sha256 is checked here instead
    const tree = fetchPacked(python(NUMPY_FILES), rawFetch).then(async (response) => {
      if (!response.ok) throw new Error(`${NUMPY_FILES}: HTTP ${response.status}`);
      const bytes = await readWhole(response);
      if (await sha256Hex(bytes) !== listed[NUMPY_FILES].sha256) throw new Error(`${NUMPY_FILES}: not the bytes python.json names`);
      return untar(bytes);
    });
    const compiled = libs.map((name) => get(name).then(async (response) => {
      const [module, bytes] = await Promise.all([
        WebAssembly.compileStreaming(response.clone()), response.arrayBuffer().then((b) => new Uint8Array(b))]);
      return { path: `${SITE_PACKAGES}/${name.slice(NUMPY_LIBS.length, -".wasm".length)}`, module, bytes };
    }));
    const [files, modules] = await Promise.all([tree, Promise.all(compiled)]);
    return { files, libs: modules, bytes: [NUMPY_FILES, ...libs].reduce((sum, name) => sum + (listed[name].bytes || 0), 0) };
  } catch (err) {
    console.warn("numpy's unpacked files are missing or broken; installing its wheel instead.", err);
    return null;
  }
}

/**
 * Write numpy into site-packages and link its compiled libraries the way Pyodide's own
 * `loadDynlib` does (global=false; the exports are handed over through Emscripten's
 * `preloadedWasm`, which `loadDynamicLibrary` checks first), so Python's later `dlopen` of them
 * finds them loaded.
 */
function installNumpy(pyodide, { files, libs }, timings) {
  const t0 = performance.now();
  const { FS } = pyodide;
  const made = new Set();
  const write = (path, bytes) => {
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(dir)) { FS.mkdirTree(dir); made.add(dir); }
    FS.writeFile(path, bytes, { canOwn: true });
  };
  for (const [name, bytes] of files) write(`${SITE_PACKAGES}/${name}`, bytes);
  for (const lib of libs) write(lib.path, lib.bytes);
  const t1 = performance.now();
  const Module = pyodide._module;
  const flags = { loadAsync: false, nodelete: true, allowUndefined: true, global: false };
  for (const lib of libs) {
    Module.preloadedWasm[lib.path] = Module.loadWebAssemblyModule(lib.module, flags, lib.path, {});
    Module.loadDynamicLibrary(lib.path, flags, {});
    const short = lib.path.slice(lib.path.lastIndexOf("/") + 1);
    Module.LDSO.loadedLibsByName[short] ||= Module.LDSO.loadedLibsByName[lib.path];
    delete Module.preloadedWasm[lib.path];
  }
  // only site-packages' finder forgets its listing: importlib.invalidate_caches() took half a second
  // here (Python 3.12's also imports importlib.metadata, which nothing of ours needs)
  pyodide.runPython(`import sys\nfinder = sys.path_importer_cache.get(${JSON.stringify(SITE_PACKAGES)})\nif finder is not None: finder.invalidate_caches()\ndel finder`);
  // a later loadPackage("numpy") (none in the app) must not install a second copy over this one
  pyodide.loadedPackages.numpy = "default channel";
  Object.assign(timings.stages, { numpyWrite: Math.round(t1 - t0), numpyLink: Math.round(performance.now() - t1) });
}

/** numpy through Pyodide's lock file (sha256-checked), plus its precompiled bytecode. */
async function installNumpyWheel(pyodide, python, view, base) {
  const bytecode = fetchBytes(python("numpy-bytecode.zip"), "numpy's bytecode").catch((err) => {
    console.warn(`${err.message} numpy compiles its modules instead (slower start).`);
    return null;
  });
  const counted = await withCountingFetch(view, base, async () => {
    const errors = [];
    await pyodide.loadPackage(["numpy"], { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
    if (errors.length) throw new BootError(`A Python package failed to install: ${errors[0]}`);
  });
  const pycs = await bytecode;
  if (pycs) pyodide.unpackArchive(pycs, "zip", { extractDir: SITE_PACKAGES });
  return { loaded: counted.loaded + (pycs ? pycs.byteLength : 0) };
}

/** The same "3.2 MB" as ui/dom.js (which a worker cannot import: it builds elements). */
function formatMB(bytes) {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

/** Rejects if `promise` has not settled after `ms` (a wasm instantiation that fails never does). */
function withDeadline(promise, ms) {
  let timer;
  const deadline = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms); });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Start CPython from the build's memory snapshot (snapshot.js) when it is there and restores,
 * else the normal way. `timings.runtimeFrom` says which happened.
 */
async function startRuntime(loadPyodide, base, snapshotUrl, extra, timings, onSnapshot = () => {}, normalExtra = {}) {
  const options = { stdout: () => {}, stderr: (t) => console.warn(t), ...extra, indexURL: new URL(PYODIDE_DIR, base).href };
  const asked = wallNow();
  const snapshot = fetchSnapshot(snapshotUrl, (url) => fetchPacked(url, rawFetch)) // optional: a 404 must not fail the stage
    .finally(() => {
      (timings.spans ||= {}).snapshotRead = [asked, wallNow()]; // its bytes in this worker (the benches' timelines)
      onSnapshot();
    });
  // Pyodide takes the snapshot as a promise and awaits it only after it has asked for its script and
  // its wasm: the three are read at once. Awaited here first, the 25 MB snapshot was read whole before
  // Pyodide asked for anything (a reload's trace: 0.3 s, then the wasm and the script in turn).
  // No usable snapshot rejects, and Python starts the normal way below.
  const usable = snapshot.then((bytes) => {
    if (!bytes) throw new Error("no usable runtime snapshot");
    return bytes;
  });
  usable.catch(() => {}); // reported below (or by fetchSnapshot), not as an unhandled rejection
  try {
    const restored = loadPyodide({ ...options, _loadSnapshot: usable });
    restored.catch(() => {}); // reported below, not as an unhandled rejection
    // The deadline is the restore's, counted from the snapshot's arrival: its download on a slow link
    // (or inflated from its .gz where the host cannot compress) may take longer, and must not cost it.
    const pyodide = await Promise.race([restored, usable.then(() => withDeadline(restored, SNAPSHOT_DEADLINE_MS))]);
    // every visitor restores the same memory: give `random` fresh entropy if start-up imported it
    pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
    timings.runtimeFrom = "snapshot";
    return pyodide;
  } catch (err) {
    if (await snapshot) console.warn("The Python runtime snapshot did not restore; starting Python the normal way.", err);
  }
  timings.runtimeFrom = "start";
  return loadPyodide({ ...options, ...normalExtra }); // `normalExtra`: what a start without the snapshot needs instead
}

/** One file with a progress bar; resolves with its bytes. `size`: its length as built (the
 * Content-Length of a compressed answer counts the compressed bytes, not the ones read here). */
async function download(url, what, view, size = 0) {
  const response = await fetchOk(url, what);
  const total = size || (response.headers.get("content-encoding") ? 0 : Number(response.headers.get("content-length")) || 0);
  let loaded = 0;
  return readWhole(response, (n) => { loaded += n; view.bytes(loaded, total); });
}

/** assets/index/manifest.json and every file it lists → {manifest, files: [[name, bytes]]}. */
async function downloadIndex(base, view, parallel = FETCH_PARALLEL) {
  const response = await fetchOk(new URL(`${INDEX_URL}manifest.json`, base).href, "the verse index (assets/index/manifest.json)");
  const manifestBytes = new Uint8Array(await response.arrayBuffer());
  let manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch {
    throw new BootError("The verse index manifest (assets/index/manifest.json) is not valid JSON; rebuild it with `python -m corpus_build`.");
  }
  if (!manifest.files || typeof manifest.files !== "object") {
    throw new BootError("The verse index manifest lists no files; rebuild it with `python -m corpus_build`.");
  }
  // "lazy" files (a translation: ui/versions.js) are fetched only when the reader asks for them,
  // "deferred" ones (meaning search: corpus_build/boot_order.py) right after ready (downloadDeferred) —
  // on a reload too, although the offline cache has them: reading and loading them at boot made a
  // reload slower than a first visit (measured: ready 14.5 s vs 11.3 s at load 11; deferred, 6.5 vs 7.0 s)
  const entries = Object.entries(manifest.files)
    .filter(([name, info]) => name !== "manifest.json" && !(info && (info.lazy || info.deferred)));
  const files = [["manifest.json", manifestBytes], ...await fetchIndexFiles(base, entries, (loaded, total) => view.bytes(loaded, total), readWhole, parallel)];
  return { manifest, files };
}

/** Index files [[name, info]] → [[name, bytes]], `parallel` at a time, sizes checked; `read`: how a body is read. */
async function fetchIndexFiles(base, entries, onBytes, read = readWhole, parallel = FETCH_PARALLEL) {
  const total = entries.reduce((sum, [, f]) => sum + (f.bytes || 0), 0);
  let loaded = 0;
  onBytes(0, total);
  const files = [];
  const queue = entries.slice();
  async function worker() {
    while (queue.length) {
      const [name, info] = queue.shift();
      const res = await fetchOk(new URL(indexFileUrl(name, info), base).href, `index file ${name}`);
      const bytes = await read(res, (n) => { loaded += n; onBytes(loaded, total); });
      if (info.bytes && bytes.byteLength !== info.bytes) {
        throw new BootError(`Index file ${name} is ${bytes.byteLength} bytes, the manifest says ${info.bytes}; rebuild with \`python -m corpus_build\`.`);
      }
      files.push([name, bytes]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, Math.max(entries.length, 1)) }, worker));
  return files;
}

/**
 * Meaning search's files (the manifest's "deferred" ones: the query encoder and the verse vectors,
 * 27 MB), downloaded after the boot's files so they never slow the way to "ready", and written
 * into the file system for pyapp.bridge.attach_vectors. `onBytes(loaded, total)` reports progress.
 * Resolves with {files, bytes} (0 files for a build without deferred files); rejects with a BootError.
 */
export async function downloadDeferred(base, manifest, FS, onBytes = () => {}) {
  const entries = Object.entries(manifest.files || {}).filter(([, info]) => info && info.deferred && !info.lazy);
  // chunk by chunk: after "ready" the thread is mostly idle, and the banner's bar moves through the
  // 23 MB encoder file instead of jumping at its end
  const files = await fetchIndexFiles(base, entries, onBytes, readWithProgress);
  writeIndex(FS, files);
  return { files: files.length, bytes: files.reduce((sum, [, bytes]) => sum + bytes.byteLength, 0) };
}

/** Write downloaded index files into Pyodide's file system under /assets/index. */
export function writeIndex(FS, files) {
  for (const [name, bytes] of files) {
    const path = `${FS_INDEX_DIR}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes, { canOwn: true }); // the file system keeps these bytes, no copy: nothing else holds them
  }
}

/** Index files are fetched with their content hash in the URL so caches can keep them forever. */
export function indexFileUrl(name, info) {
  const version = info && info.sha256 ? `?v=${info.sha256.slice(0, 16)}` : "";
  return `${INDEX_URL}${name.split("/").map(encodeURIComponent).join("/")}${version}`;
}
