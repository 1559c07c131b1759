// The Python worker's entry, without PyScript (ui/pyworker.js starts it as a plain module worker).
//
// Why: PyScript's core (vendor/pyscript/core.js, 137 kB) only started this worker, yet it ran on the
// page's thread at the busiest moment of the boot — its evaluation, its custom elements and the
// XWorker's set-up were the longest tasks Lighthouse counted there (total blocking time). What it did
// for us is small: load the interpreter module (python/runtime.mjs: the vendored Pyodide from its
// snapshot, the packages, the app and the index), give the Python a `polyscript.xworker` with
// `postMessage` and `onmessage`, and run python/worker.py. That is all done here; worker.py runs
// unchanged under either host (`?python=pyscript` still starts it through PyScript, to compare).

import { loadPyodide } from "./runtime.mjs";
// The whole module graph named here, so that it is asked for at once when this module has arrived: through
// runtime.mjs alone it came five levels deep (runtime.mjs → loader.js → ui/notice.js → ui/dom.js), one
// round trip after another, each through the service worker's network-first shell on a reload.
import "../vendor/pyodide/pyodide.mjs";
import "./loader.js";
import "../ui/snapshot.js";
import "./packed.js";
import "../ui/notice.js";
import "../ui/dom.js";

// What worker.py imports as `from polyscript import xworker`: the page's calls reach its `onmessage`
// (calls sent before the Python set it wait here; the page sends none before "ready", but cheap).
let handler = null;
const early = [];
const xworker = {
  postMessage: (message) => postMessage(message),
  get onmessage() { return handler; },
  set onmessage(fn) {
    handler = fn;
    for (const event of early.splice(0)) fn(event);
  },
};
addEventListener("message", (event) => {
  if (handler) handler(event);
  else if (event.data && event.data.rvs === "call") early.push(event);
});

async function main() {
  // asked for now, beside the runtime's files: fetched after them it was one more round trip between
  // the index's last byte and the searcher's load (issue 21's 4G timeline: ~0.1 s on the critical path)
  const script = fetch(new URL("worker.py", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`python/worker.py: HTTP ${response.status}`);
    return response.text();
  });
  script.catch(() => {}); // reported when awaited below, not as an unhandled rejection
  let pyodide;
  try {
    pyodide = await loadPyodide({});
  } catch {
    return; // runtime.mjs has told the page which stage failed, and why
  }
  pyodide.registerJsModule("polyscript", { xworker });
  await pyodide.runPythonAsync(await script);
}

main().catch((err) => {
  postMessage({ rvs: "progress", op: "failed", stage: "start", message: `Could not start: ${String(err && err.message ? err.message : err).split("\n")[0]}` });
});
