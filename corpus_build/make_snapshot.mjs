// Start the vendored Pyodide once under Node and write its memory snapshot (see runtime_snapshot.py).
//
//   node corpus_build/make_snapshot.mjs [--stdlib=<python_stdlib.zip>] [--loaded=<loaded.json>] <pyodide_dir> <out.bin> [<site-packages.zip> <pyapp.zip> <modules.json>]
//
// `--stdlib`: the standard library the page mounts (the build's repacked zip, corpus_build/stdlib_zip.py);
// it must be the very file the page loads, since zipimport's table of its offsets is in the snapshot.
// Without the zips the snapshot is taken right after start-up, before any package or app code runs,
// so it holds CPython's initialised state and nothing else. With them, the zips go where the page
// puts them (/home/pyodide/…, app first on sys.path) and the listed pure-Python modules (pydantic, the
// agents, the search: everything the boot imports) are imported first, so the page restores them instead
// of importing them, and the tables the readers build from the package's data are built (pyapp/data_tables.py
// prepare). numpy, whose wasm libraries a memory snapshot cannot hold, is a placeholder while
// they import (pyapp/lazy_numpy.py): a module that uses it at import time fails here and is left out. Pyodide stamps the
// snapshot with its build id and refuses a snapshot from another build when the page restores it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const [pyodideDir, out, siteZip, appZip, modulesJson] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const stdlib = flags.find((a) => a.startsWith("--stdlib="))?.slice("--stdlib=".length);
// `--loaded=<file.json>`: where to write {zip name: [members the snapshot's modules were imported from]}
const loadedOut = flags.find((a) => a.startsWith("--loaded="))?.slice("--loaded=".length);
if (!pyodideDir || !out) {
  console.error("usage: node make_snapshot.mjs <pyodide_dir> <out.bin> [<site-packages.zip> <pyapp.zip> <modules.json>]");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/", ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}), _makeSnapshot: true, stdout: () => {}, stderr: (t) => console.error(t),
});
let preloaded = [];
let loaded = {};
if (siteZip && appZip && modulesJson) {
  pyodide.FS.mkdirTree("/home/pyodide");
  pyodide.FS.writeFile("/home/pyodide/site-packages.zip", readFileSync(siteZip));
  pyodide.FS.writeFile("/home/pyodide/pyapp.zip", readFileSync(appZip));
  const modules = JSON.parse(readFileSync(modulesJson, "utf8")).filter((m) => /^[A-Za-z_][\w.]*$/.test(m));
  // the names go in as a literal: no JS object may be referenced from Python when the snapshot is taken
  ({ preloaded, loaded } = JSON.parse(pyodide.runPython(`
_rvs_modules = ${JSON.stringify(modules)}
import importlib, json, sys
for _p in ("/home/pyodide/site-packages.zip", "/home/pyodide/pyapp.zip"):  # as loader.js: app first
    if _p not in sys.path:
        sys.path.insert(0, _p)
# numpy cannot be in the snapshot: a placeholder (pyapp/lazy_numpy.py) lets \`import numpy as np\` bind
# a name the page rebinds to the real numpy once installed; a module that *uses* numpy while importing
# fails here and is left out (an older pyapp without the placeholder: numpy blocked outright)
try:
    from pyapp import lazy_numpy as _lazy
    _lazy.install()
except ImportError:
    _lazy = None
    sys.modules["numpy"] = None
_done = []
_name = None
for _name in _rvs_modules:
    if _name == "numpy" or _name.startswith("numpy.") or _name == "pyapp.bridge":
        continue
    try:
        importlib.import_module(_name)
        _done.append(_name)
    except Exception:
        pass
# the tables the readers build from the package's own data, built now so the first question does
# not (pyapp/data_tables.py); before arm(): a builder that uses numpy fails and is left to first use
try:
    from pyapp import data_tables as _tables
    _tables.prepare()
    _tables.release_parsed()  # the builders keep what the readers use; the parsed JSON need not travel
    _done.append("pyapp.data_tables")
    del _tables
except Exception:  # an older pyapp without it, or a failure: the tables are built on first use, as before
    pass
if _lazy is not None:
    _lazy.arm()
else:
    del sys.modules["numpy"]
# everything made so far lives as long as the page: out of the collector's sight (gc.freeze), or every
# full collection after the restore walks it again (numpy's import and the searcher's load make many:
# with the readers' tables in the snapshot, numpy's import took 3.3 s instead of 1.6 s of a 4G visit)
import gc
gc.collect()
# Zero the heap's free holes (issue 21): memory freed while importing and building (the parsed tables
# above most) keeps its old bytes, which the snapshot carries and brotli cannot shrink; zeros it leaves
# out or codes in nothing. Zero-filled bytes objects of every size, from 64 kB down to each small-object
# size class, are taken until one comes from above the first megabyte-sized block (the heap's top, which
# is zeros already), then freed again: the holes they filled stay zeros. Nothing else is allocated
# meanwhile, and the memory does not grow. Measured on this snapshot: 0.26 MB less on the wire.
def _rvs_zero_free():
    hold = []
    probe = bytes(1 << 20)
    top = id(probe)
    del probe
    for size in [65536, 4096, 1024, 520] + list(range(495, 0, -8)):
        while True:
            block = bytes(size)
            if id(block) >= top:
                break
            hold.append(block)
    del hold, block
_rvs_zero_free()
del _rvs_zero_free
gc.collect()
gc.freeze()
if "pyapp.bridge" in sys.modules:  # it binds the page's \`js\` at import: never from a build machine
    raise SystemExit("pyapp.bridge must not be preloaded")
# which members of the zips the snapshot's modules came from (corpus_build/rest_zips.py: the page, restoring
# this memory, needs only the others)
# (the standard library's zip, where Pyodide mounts it, by the name the build gives it under assets/)
_rvs_loaded = {}
_rvs_zips = {"/home/pyodide/site-packages.zip": "site-packages.zip", "/home/pyodide/pyapp.zip": "pyapp.zip",
             "/lib/python%d%d.zip" % sys.version_info[:2]: "python_stdlib.zip"}
for _m in list(sys.modules.values()):
    _f = getattr(_m, "__file__", None) or ""
    for _p, _zip in _rvs_zips.items():
        if _f.startswith(_p + "/"):
            _rvs_loaded.setdefault(_zip, []).append(_f[len(_p) + 1:])
_rvs_out = json.dumps({"preloaded": _done, "loaded": {k: sorted(v) for k, v in _rvs_loaded.items()}})
del _rvs_modules, _done, _p, _name, _lazy, _rvs_loaded, _rvs_zips, _m, _f, _zip
_rvs_out
`)));
}
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
if (loadedOut) writeFileSync(loadedOut, JSON.stringify(loaded));
console.log(`${pyodide.version} ${snapshot.byteLength} ${JSON.stringify(preloaded)}`);
