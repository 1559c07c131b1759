// Boot: Python runtime → packages → app code → index files → Python `bridge.boot`.
//
// Why it looks like this: every stage shows what it is downloading (MB) so a reader on a slow line
// knows the page is alive, every failure becomes one human sentence (never a blank page), and every
// stage is timed into `window.rvsTimings` for the benchmark script (pyapp/bench/browser.py).

import { h, clear, formatMB } from "./dom.js";
import { BootError, showError } from "./notice.js";
import { dropSnapshot, readSnapshot, saveSnapshot } from "./snapshot.js";

const PYODIDE_DIR = "vendor/pyodide/";
const INDEX_URL = "assets/index/";
const FS_INDEX_DIR = "/assets/index";
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

/** Wheels to install: names from the vendor listing, else the pinned set this app was built with. */
async function wheelUrls() {
  const base = new URL("vendor/wheels/", location.href);
  const response = await fetchOk(new URL("wheels.json", base).href, "the wheel list (vendor/wheels/wheels.json)");
  const listing = await response.json();
  const names = Array.isArray(listing) ? listing : (listing.wheels || Object.keys(listing.files || {}));
  if (!names.length) throw new BootError("The vendored wheel list vendor/wheels/wheels.json is empty.");
  return names.map((name) => new URL(name, base).href);
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
  let keepSnapshotLater = null;
  let snapshotVersion = null;
  try {
    // The app code and the index download while the runtime compiles (network and CPU overlap).
    views.app.start();
    views.index.start();
    const zipDownload = timed("app", () => download("assets/pyapp.zip", "the app code (assets/pyapp.zip)", views.app));
    const indexDownload = timed("index", () => downloadIndex(views.index));
    zipDownload.catch(() => {}); // failures are reported when awaited below
    indexDownload.catch(() => {});

    // 1. runtime
    views.runtime.start();
    let loadPyodide;
    let pyodideVersion;
    try {
      ({ loadPyodide, version: pyodideVersion } = await import(`../${PYODIDE_DIR}pyodide.mjs`));
    } catch (err) {
      throw new BootError(`Missing vendored Python runtime (${PYODIDE_DIR}pyodide.mjs). Run \`python -m corpus_build.vendor\` (or \`python serve.py\`).`);
    }
    let pyodide;
    let snapshotToKeep = null;
    const runtime = await timed("runtime", () => withCountingFetch(views.runtime, async () => {
      ({ pyodide, snapshotToKeep } = await startRuntime(loadPyodide, pyodideVersion));
    }));
    if (snapshotToKeep) {
      // stored after the app is up, so the 21 MB write never delays the first question
      keepSnapshotLater = () => saveSnapshot(pyodideVersion, snapshotToKeep);
    }
    snapshotVersion = pyodideVersion;
    views.runtime.done(`Python ${pyodide.version} · ${formatMB(runtime.loaded)}`);

    // 2. packages: numpy through Pyodide's own lock file (sha256-checked), pure wheels by URL
    current = "packages";
    views.packages.start();
    const packages = await timed("packages", async () => {
      const urls = await wheelUrls();
      return withCountingFetch(views.packages, async () => {
        const errors = [];
        await pyodide.loadPackage(["numpy", ...urls], { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
        if (errors.length) throw new BootError(`A Python package failed to install: ${errors[0]}`);
      });
    });
    views.packages.done(`numpy, pydantic, rank-bm25 · ${formatMB(packages.loaded)}`);

    // 3. app code
    current = "app";
    const zip = await zipDownload;
    pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
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
    if (keepSnapshotLater) setTimeout(keepSnapshotLater, 0);
    return { pyodide, bridge, status, manifest };
  } catch (err) {
    views[current].fail();
    // a runtime restored from a snapshot that then fails is not trusted again: the next load starts fresh
    if (timings.runtimeFrom === "snapshot" && snapshotVersion) dropSnapshot(snapshotVersion);
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
 * Start CPython: from the stored memory snapshot when there is one (see snapshot.js), else the
 * normal way while taking a snapshot for next time. Resolves with {pyodide, snapshotToKeep}.
 */
async function startRuntime(loadPyodide, version) {
  const options = { indexURL: new URL(PYODIDE_DIR, location.href).href, stdout: () => {}, stderr: (t) => console.warn(t) };
  const stored = await readSnapshot(version);
  if (stored) {
    try {
      const pyodide = await withDeadline(loadPyodide({ ...options, _loadSnapshot: stored }), SNAPSHOT_DEADLINE_MS);
      timings.runtimeFrom = "snapshot";
      return { pyodide, snapshotToKeep: null };
    } catch (err) {
      console.warn("The stored Python runtime snapshot did not restore; starting fresh.", err);
      await dropSnapshot(version);
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  timings.runtimeFrom = "start";
  let snapshotToKeep = null;
  try {
    snapshotToKeep = pyodide.makeMemorySnapshot();
  } catch (err) {
    console.warn("No Python runtime snapshot this time:", err);
  }
  return { pyodide, snapshotToKeep };
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
  const entries = Object.entries(manifest.files).filter(([name]) => name !== "manifest.json");
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
