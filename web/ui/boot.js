// Boot: Python runtime → packages → app code → index files → Python `bridge.boot`.
//
// Why it looks like this: every stage shows what it is downloading (MB) so a reader on a slow line
// knows the page is alive, every failure becomes one human sentence (never a blank page), and every
// stage is timed into `window.rvsTimings` for the benchmark script (pyapp/bench/browser.py).

import { h, clear, formatMB } from "./dom.js";
import { BootError, showError } from "./notice.js";
import { fetchSnapshot } from "./snapshot.js";

const PYODIDE_DIR = "vendor/pyodide/";
const INDEX_URL = "assets/index/";
const FS_INDEX_DIR = "/assets/index";
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

const timings = (globalThis.rvsTimings = globalThis.rvsTimings || { stages: {} });
// our own downloads use the untouched fetch: Pyodide's are counted through a temporary wrapper
const rawFetch = globalThis.fetch.bind(globalThis);

// ---- progress panel ------------------------------------------------------------------------

class StageView {
  constructor(list, stage) {
    this.bar = h("progress", { max: 1, value: 0, "aria-label": `${stage.label} progress` });
    this.detail = h("span", { class: "stage-detail" }, "waiting");
    this.el = h("li", { class: "stage", dataset: { stage: stage.id, state: "idle" } },
      h("span", { class: "stage-label" }, stage.label), this.bar, this.detail);
    list.append(this.el);
  }
  start(text = "starting…") { this.el.dataset.state = "running"; this.bar.removeAttribute("value"); this.detail.textContent = text; }
  bytes(loaded, total) {
    if (total > 0) { this.bar.max = total; this.bar.value = Math.min(loaded, total); }
    this.detail.textContent = total > 0 ? `${formatMB(loaded)} / ${formatMB(total)}` : formatMB(loaded);
  }
  done(text) { this.el.dataset.state = "done"; this.bar.max = 1; this.bar.value = 1; this.detail.textContent = text; }
  fail() { this.el.dataset.state = "error"; }
}

// ---- fetching with progress ----------------------------------------------------------------

/** Read a response body, reporting each chunk's size; returns the bytes. */
async function readWithProgress(response, onBytes) {
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
async function withCountingFetch(view, run) {
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
      response = await original(input, init);
    } catch (err) {
      fail(new BootError(`Could not download ${url}: the server is unreachable.`));
      throw err;
    }
    if (!response.ok) {
      fail(new BootError(`Missing vendored file ${url.replace(location.href.replace(/[^/]*$/, ""), "")} (HTTP ${response.status}). Run \`python -m corpus_build.vendor\` (or \`python serve.py\`) to fetch it.`));
      return response;
    }
    if (!response.body) return response;
    total += Number(response.headers.get("content-length")) || 0;
    view.bytes(loaded, total);
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) { loaded += chunk.byteLength; view.bytes(loaded, total); controller.enqueue(chunk); },
    }));
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  try {
    await Promise.race([run(), failed]);
  } finally {
    globalThis.fetch = original;
  }
  return { loaded };
}

async function timed(name, fn) {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    timings.stages[name] = Math.round(performance.now() - t0);
  }
}

/**
 * name → URL of a Python file, `assets/<name>?v=<sha>` when assets/python.json lists it (so caches
 * may keep it for good), plain `assets/<name>` otherwise (an older build: still works, revalidated).
 */
async function pythonFileUrls() {
  let files = {};
  try {
    const response = await rawFetch(PYTHON_MANIFEST_URL);
    if (response.ok) files = (await response.json()).files || {};
  } catch {
    // offline without a cached copy, or malformed: unversioned URLs below
  }
  const url = (name) => {
    const sha = files[name] && files[name].sha256;
    return `assets/${name}${typeof sha === "string" ? `?v=${sha.slice(0, 16)}` : ""}`;
  };
  url.files = files; // which build's Python this page runs (ui/update.js)
  return url;
}

/** A whole file's bytes, or a BootError naming what is missing. */
async function fetchBytes(url, what) {
  const response = await fetchOk(url, what);
  return new Uint8Array(await response.arrayBuffer());
}

/** Write a zip of modules into the file system and put it first on sys.path (zipimport reads it). */
function putOnPath(pyodide, path, bytes) {
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, bytes);
  pyodide.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
}

// ---- the boot sequence -----------------------------------------------------------------------

function pythonMessage(err) {
  // A PythonError's message ends with "ValueError: the actual sentence"; show that last line only.
  const text = String(err && err.message ? err.message : err).trim();
  const lines = text.split("\n").filter((line) => line.trim());
  return lines.length ? lines[lines.length - 1].replace(/^[\w.]*(Error|Exception):\s*/, "") : "unknown error";
}

/**
 * Run every stage; resolve with {pyodide, bridge, status}. On failure the stage turns red, the
 * one-line message goes to [data-testid=error], and the promise rejects with that BootError.
 */
export async function bootPython(panel) {
  const list = h("ol", { class: "stages" });
  clear(panel).append(h("h2", { class: "boot-title" }, "Loading the RigVeda library…"), list);
  const views = Object.fromEntries(STAGES.map((s) => [s.id, new StageView(list, s)]));
  const t0 = performance.now();
  let current = "runtime";
  try {
    // The app code and the index download while the runtime compiles (network and CPU overlap).
    views.app.start();
    views.index.start();
    const python = await pythonFileUrls();
    const zipDownload = timed("app", () => download(python("pyapp.zip"), "the app code (assets/pyapp.zip)", views.app));
    const indexDownload = timed("index", () => downloadIndex(views.index));
    const siteDownload = fetchBytes(python("site-packages.zip"), "the Python packages (assets/site-packages.zip)");
    const numpyBytecode = fetchBytes(python("numpy-bytecode.zip"), "numpy's bytecode").catch((err) => {
      console.warn(`${err.message} numpy compiles its modules instead (slower start).`);
      return null;
    });
    for (const pending of [zipDownload, indexDownload, siteDownload]) pending.catch(() => {}); // reported when awaited

    // 1. runtime
    views.runtime.start();
    let loadPyodide;
    try {
      ({ loadPyodide } = await import(`../${PYODIDE_DIR}pyodide.mjs`));
    } catch (err) {
      throw new BootError(`Missing vendored Python runtime (${PYODIDE_DIR}pyodide.mjs). Run \`python -m corpus_build.vendor\` (or \`python serve.py\`).`);
    }
    let pyodide;
    const runtime = await timed("runtime", () => withCountingFetch(views.runtime, async () => {
      pyodide = await startRuntime(loadPyodide, python("python-runtime.snapshot.gz"));
    }));
    views.runtime.done(`Python ${pyodide.version} · ${formatMB(runtime.loaded)}`);

    // 2. packages: numpy through Pyodide's own lock file (sha256-checked) plus its precompiled
    //    bytecode; the pure packages as one zip on sys.path (corpus_build/app_bundle.py)
    current = "packages";
    views.packages.start();
    const packages = await timed("packages", async () => {
      // (importing the numpy-free app modules while numpy installs was measured: no gain on 2 cores)
      const counted = await timed("numpy", () => withCountingFetch(views.packages, async () => {
        const errors = [];
        await pyodide.loadPackage(["numpy"], { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
        if (errors.length) throw new BootError(`A Python package failed to install: ${errors[0]}`);
      }));
      const bytecode = await numpyBytecode;
      if (bytecode) pyodide.unpackArchive(bytecode, "zip", { extractDir: SITE_PACKAGES });
      const site = await siteDownload;
      putOnPath(pyodide, SITE_ZIP_PATH, site);
      return { loaded: counted.loaded + site.byteLength + (bytecode ? bytecode.byteLength : 0) };
    });
    views.packages.done(`numpy, pydantic, snowballstemmer · ${formatMB(packages.loaded)}`);

    // 3. app code: imported straight from its zip (with bytecode), nothing to unpack
    current = "app";
    const zip = await zipDownload;
    putOnPath(pyodide, APP_ZIP_PATH, zip);
    views.app.done(`pyapp · ${formatMB(zip.byteLength)}`);

    // 4. index files into the Pyodide file system
    current = "index";
    const { manifest, files } = await indexDownload;
    writeIndex(pyodide.FS, files);
    const indexBytes = files.reduce((sum, [, bytes]) => sum + bytes.byteLength, 0);
    views.index.done(`${files.length} files · ${formatMB(indexBytes)}`);

    // 5. Python side: load index, searcher, encoder, orchestrator (once)
    current = "start";
    views.start.start("loading search index…");
    await new Promise((r) => setTimeout(r, 0)); // let the label paint before Python blocks the thread
    const { bridge, status } = await timed("python", async () => {
      const bridge = pyodide.pyimport("pyapp.bridge");
      const status = JSON.parse(await bridge.boot(FS_INDEX_DIR));
      if (!status.success) throw new BootError(status.error || "The search index could not be loaded.");
      return { bridge, status };
    });
    const keywordOnly = status.vectors && status.vectors !== "loaded";
    if (keywordOnly) console.warn(`Search runs on keywords only: ${status.vectors}`);
    views.start.done(`${status.verses} verses${keywordOnly ? " · keyword search only" : ""}`);

    timings.readyMs = Math.round(performance.now());
    timings.bootMs = Math.round(performance.now() - t0);
    timings.bytes = { runtime: runtime.loaded, packages: packages.loaded, app: zip.byteLength, index: indexBytes };
    timings.pythonBoot = status.timings || null;
    return { pyodide, bridge, status, manifest, python: { files: python.files } };
  } catch (err) {
    views[current].fail();
    const message = err instanceof BootError ? err.message : `Could not start: ${pythonMessage(err)}`;
    console.error(err);
    showError(message);
    throw new BootError(message);
  }
}

/** Rejects if `promise` has not settled after `ms` (a wasm instantiation that fails never does). */
function withDeadline(promise, ms) {
  let timer;
  const deadline = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms); });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Start CPython from the build's memory snapshot (ui/snapshot.js) when it is there and restores,
 * else the normal way. `timings.runtimeFrom` says which happened.
 */
async function startRuntime(loadPyodide, snapshotUrl) {
  const options = { indexURL: new URL(PYODIDE_DIR, location.href).href, stdout: () => {}, stderr: (t) => console.warn(t) };
  const snapshot = await fetchSnapshot(snapshotUrl, rawFetch); // optional: a 404 must not fail the stage
  if (snapshot) {
    try {
      const pyodide = await withDeadline(loadPyodide({ ...options, _loadSnapshot: snapshot }), SNAPSHOT_DEADLINE_MS);
      // every visitor restores the same memory: give `random` fresh entropy if start-up imported it
      pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
      timings.runtimeFrom = "snapshot";
      return pyodide;
    } catch (err) {
      console.warn("The Python runtime snapshot did not restore; starting Python the normal way.", err);
    }
  }
  timings.runtimeFrom = "start";
  return loadPyodide(options);
}

/** One file with a progress bar; resolves with its bytes. */
async function download(url, what, view) {
  const response = await fetchOk(url, what);
  const total = Number(response.headers.get("content-length")) || 0;
  let loaded = 0;
  return readWithProgress(response, (n) => { loaded += n; view.bytes(loaded, total); });
}

/** assets/index/manifest.json and every file it lists → {manifest, files: [[name, bytes]]}. */
async function downloadIndex(view) {
  const response = await fetchOk(`${INDEX_URL}manifest.json`, "the verse index (assets/index/manifest.json)");
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
  // "lazy" files (a translation: ui/versions.js) are fetched only when the reader asks for them
  const entries = Object.entries(manifest.files).filter(([name, info]) => name !== "manifest.json" && !(info && info.lazy));
  const total = entries.reduce((sum, [, f]) => sum + (f.bytes || 0), 0);
  let loaded = 0;
  view.bytes(0, total);
  const files = [["manifest.json", manifestBytes]];
  const queue = entries.slice();
  async function worker() {
    while (queue.length) {
      const [name, info] = queue.shift();
      const res = await fetchOk(indexFileUrl(name, info), `index file ${name}`);
      const bytes = await readWithProgress(res, (n) => { loaded += n; view.bytes(loaded, total); });
      if (info.bytes && bytes.byteLength !== info.bytes) {
        throw new BootError(`Index file ${name} is ${bytes.byteLength} bytes, the manifest says ${info.bytes}; rebuild with \`python -m corpus_build\`.`);
      }
      files.push([name, bytes]);
    }
  }
  await Promise.all(Array.from({ length: FETCH_PARALLEL }, worker));
  return { manifest, files };
}

/** Write the downloaded index into Pyodide's file system under /assets/index. */
function writeIndex(FS, files) {
  for (const [name, bytes] of files) {
    const path = `${FS_INDEX_DIR}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}

/** Index files are fetched with their content hash in the URL so caches can keep them forever. */
export function indexFileUrl(name, info) {
  const version = info && info.sha256 ? `?v=${info.sha256.slice(0, 16)}` : "";
  return `${INDEX_URL}${name.split("/").map(encodeURIComponent).join("/")}${version}`;
}
