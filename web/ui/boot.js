// Boot: Python runtime → packages → app code → index files → Python `bridge.boot`.
//
// Why it looks like this: every stage shows what it is downloading (MB) so a reader on a slow line
// knows the page is alive, every failure becomes one human sentence (never a blank page), and every
// stage is timed into `window.rvsTimings` for the benchmark script (pyapp/bench/browser.py).
//
// Where the Python runs: in PyScript's worker (ui/pyworker.js), so the page never freezes while it
// loads or answers. `?python=page` runs the same stages on the page's own thread instead (the way
// it was before the worker; kept to measure the difference: pyapp/bench/browser.py --python page).

import { h, clear, formatMB } from "./dom.js";
import { BootError, showError } from "./notice.js";
import { STAGES, FS_INDEX_DIR, loadPython, pythonMessage, indexFileUrl, PYODIDE_DIR, downloadDeferred, timer } from "../python/loader.js";
import { bootWorker } from "./pyworker.js";
import { meaningDone, meaningLoading } from "./meaning.js";

export { STAGES, indexFileUrl };

const timings = (globalThis.rvsTimings = globalThis.rvsTimings || { stages: {} });
const timed = timer(timings); // each boot stage's duration and wall-clock span, as loader.js records its own

/** "worker" (the default), "page" (`?python=page`), or "pyscript" (`?python=pyscript`: the same worker
 * started through PyScript, as before python/host.mjs; kept to compare). */
export function pythonMode() {
  const mode = new URLSearchParams(location.search).get("python");
  return mode === "page" || mode === "pyscript" ? mode : "worker";
}

// ---- progress panel ------------------------------------------------------------------------

// Each change to the list is a restyle, a layout and a paint on the page's thread, while the page is
// also evaluating its modules and PyScript: so byte counts are written at most every FLUSH_MS for the
// whole list (the worker already sends at most four a second per stage), and a stage that has not
// counted bytes yet shows an empty bar, not an indeterminate one (its animation repaints the page
// eight times a second on the main thread: a third of the boot's frames in Lighthouse's trace).
const FLUSH_MS = 300;
const pendingBytes = new Map();
let flushTimer = 0;

function flushBytes() {
  flushTimer = 0;
  for (const [view, [loaded, total]] of pendingBytes) view.showBytes(loaded, total);
  pendingBytes.clear();
}

class StageView {
  constructor(list, stage) {
    this.bar = h("progress", { max: 1, value: 0, "aria-label": `${stage.label} progress` });
    this.detail = h("span", { class: "stage-detail" }, "waiting");
    this.el = h("li", { class: "stage", dataset: { stage: stage.id, state: "idle" } },
      h("span", { class: "stage-label" }, stage.label), this.bar, this.detail);
    list.append(this.el);
  }
  start(text = "starting…") { pendingBytes.delete(this); this.el.dataset.state = "running"; this.setDetail(text); }
  bytes(loaded, total) {
    pendingBytes.set(this, [loaded, total]);
    if (!flushTimer) flushTimer = setTimeout(flushBytes, FLUSH_MS);
  }
  showBytes(loaded, total) {
    if (this.el.dataset.state === "done") return;
    if (total > 0) { this.bar.max = total; this.bar.value = Math.min(loaded, total); }
    this.setDetail(total > 0 ? `${formatMB(loaded)} / ${formatMB(total)}` : formatMB(loaded));
  }
  done(text) {
    pendingBytes.delete(this);
    this.el.dataset.state = "done"; this.bar.max = 1; this.bar.value = 1; this.setDetail(text);
  }
  fail() { this.el.dataset.state = "error"; }
  /** The detail is one line, cut with an ellipsis on a phone: the whole of it in the tooltip. */
  setDetail(text) { this.detail.textContent = text; this.detail.title = text; }
}

// ---- the boot sequence -----------------------------------------------------------------------

/**
 * Run every stage; resolve with {bridge, status, manifest, files, bench}: `bridge` has
 * pyapp/bridge.py's functions (await them: in the worker they answer by message), `files` reads and
 * writes the index folder Python sees (ui/versions.js), `bench` is pyapp.bench.inpage. On failure
 * the stage turns red, the one-line message goes to [data-testid=error], and the promise rejects.
 */
export async function bootPython(panel) {
  const list = h("ol", { class: "stages" });
  clear(panel).append(h("h2", { class: "boot-title" }, "Loading the RigVeda library…"), list);
  const views = Object.fromEntries(STAGES.map((s) => [s.id, new StageView(list, s)]));
  const t0 = performance.now();
  timings.python = pythonMode();
  try {
    const booted = await timed("total", () => (timings.python === "page" ? bootOnPage(views)
      : bootInWorker(views, timings.python === "pyscript" ? "pyscript" : "plain")));
    const { status } = booted;
    const loading = status.vectors === "loading"; // meaning search downloads after ready (ui/meaning.js)
    const keywordOnly = !loading && status.vectors && status.vectors !== "loaded";
    if (keywordOnly) console.warn(`Search runs on keywords only: ${status.vectors}`);
    // the list goes in the same frame as the meaning banner comes: the two floating cards above the
    // question box (index.html) then trade places without either one moving (no layout shift)
    panel.classList.add("done");
    if (loading) meaningLoading();
    views.start.done(`${status.verses} verses${keywordOnly ? " · keyword search only" : loading ? " · meaning search downloading" : ""}`);
    timings.readyMs = Math.round(performance.now());
    timings.bootMs = Math.round(performance.now() - t0);
    timings.pythonBoot = status.timings || null;
    // which build's Python files this page runs (ui/update.js compares it with the server's);
    // read right after the boot, from the same cache the loader used
    booted.python = await fetch("assets/python.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);
    return booted;
  } catch (err) {
    views[views.failed || "start"]?.fail();
    const message = err instanceof BootError ? err.message : `Could not start: ${pythonMessage(err)}`;
    console.error(err);
    showError(message);
    throw new BootError(message);
  }
}

/** The default: PyScript's worker runs the stages and the Python (ui/pyworker.js, python/worker.py). */
async function bootInWorker(views, host) {
  const booted = await bootWorker({ views, timings, host });
  timings.stages.python = Math.round(performance.now() - (timings.pythonStartedAt ?? performance.now()));
  if (!booted.status.success) throw new BootError(booted.status.error || "The search index could not be loaded.");
  const manifest = await booted.files.read("manifest.json").then((bytes) => (bytes ? JSON.parse(new TextDecoder().decode(bytes)) : null));
  return { ...booted, manifest };
}

/** `?python=page`: the same stages on the page's own thread (the way it was before the worker). */
async function bootOnPage(views) {
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(`../${PYODIDE_DIR}pyodide.mjs`));
  } catch (err) {
    throw new BootError(`Missing vendored Python runtime (${PYODIDE_DIR}pyodide.mjs). Run \`python -m corpus_build.vendor\` (or \`python serve.py\`).`);
  }
  const base = new URL("./", location.href).href;
  const { pyodide, manifest } = await loadPython({ base, views, timings, loadPyodide });
  views.failed = "start";
  views.start.start("loading search index…");
  await new Promise((r) => setTimeout(r, 0)); // let the label paint before Python blocks the thread
  const { bridge, status } = await timed("python", async () => {
    const bridge = pyodide.pyimport("pyapp.bridge");
    const status = JSON.parse(await bridge.boot(FS_INDEX_DIR));
    if (!status.success) throw new BootError(status.error || "The search index could not be loaded.");
    return { bridge, status };
  });
  // meaning search's files, once the page is ready (as python/runtime.mjs does in the worker)
  const startMeaning = () => {
    if (status.vectors !== "loading") return;
    downloadDeferred(base, manifest, pyodide.FS)
      .then(() => bridge.attach_vectors(FS_INDEX_DIR))
      .catch((err) => { bridge.attach_vectors_failed(String(err && err.message ? err.message : err)); return JSON.stringify({ success: false, error: String(err) }); })
      .then((json) => meaningDone(String(json)));
  };
  const path = (name) => `${FS_INDEX_DIR}/${name}`;
  const files = {
    read: async (name) => { try { return pyodide.FS.readFile(path(name)); } catch { return null; } },
    write: async (name, bytes) => {
      pyodide.FS.mkdirTree(path(name).slice(0, path(name).lastIndexOf("/")));
      pyodide.FS.writeFile(path(name), bytes);
    },
  };
  let bench = null;
  return { bridge, status, manifest, files, startMeaning, get bench() { return bench || (bench = pyodide.pyimport("pyapp.bench.inpage")); } };
}
