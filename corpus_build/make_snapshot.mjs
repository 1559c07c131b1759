// Start the vendored Pyodide once under Node and write its memory snapshot (see runtime_snapshot.py).
//
//   node corpus_build/make_snapshot.mjs <pyodide_dir> <out.bin> [<site-packages.zip> <pyapp.zip> <modules.json>]
//
// Without the zips the snapshot is taken right after start-up, before any package or app code runs,
// so it holds CPython's initialised state and nothing else. With them, the zips go where the page
// puts them (/home/pyodide/…, app first on sys.path) and the listed pure-Python modules (pydantic, the
// agents: nothing that imports numpy, whose wasm libraries a memory snapshot cannot hold) are imported
// first, so the page restores them instead of importing them. numpy is blocked while they import: a
// module that needs it fails here (and is left out) rather than later in the page. Pyodide stamps the
// snapshot with its build id and refuses a snapshot from another build when the page restores it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, out, siteZip, appZip, modulesJson] = process.argv.slice(2);
if (!pyodideDir || !out) {
  console.error("usage: node make_snapshot.mjs <pyodide_dir> <out.bin> [<site-packages.zip> <pyapp.zip> <modules.json>]");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/", _makeSnapshot: true, stdout: () => {}, stderr: (t) => console.error(t),
});
let preloaded = [];
if (siteZip && appZip && modulesJson) {
  pyodide.FS.mkdirTree("/home/pyodide");
  pyodide.FS.writeFile("/home/pyodide/site-packages.zip", readFileSync(siteZip));
  pyodide.FS.writeFile("/home/pyodide/pyapp.zip", readFileSync(appZip));
  const modules = JSON.parse(readFileSync(modulesJson, "utf8")).filter((m) => /^[A-Za-z_][\w.]*$/.test(m));
  // the names go in as a literal: no JS object may be referenced from Python when the snapshot is taken
  preloaded = JSON.parse(pyodide.runPython(`
_rvs_modules = ${JSON.stringify(modules)}
import importlib, json, sys
for _p in ("/home/pyodide/site-packages.zip", "/home/pyodide/pyapp.zip"):  # as loader.js: app first
    if _p not in sys.path:
        sys.path.insert(0, _p)
sys.modules["numpy"] = None  # a module that needs numpy must not be in the snapshot
_done = []
for _name in _rvs_modules:
    try:
        importlib.import_module(_name)
        _done.append(_name)
    except ImportError:
        pass
del sys.modules["numpy"]
if "pyapp.bridge" in sys.modules:  # it binds the page's \`js\` at import: never from a build machine
    raise SystemExit("pyapp.bridge must not be preloaded")
_rvs_out = json.dumps(_done)
del _rvs_modules, _done, _p
_rvs_out
`));
}
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`${pyodide.version} ${snapshot.byteLength} ${JSON.stringify(preloaded)}`);
