// Start the vendored Pyodide once under Node and write its memory snapshot (see runtime_snapshot.py).
//
//   node corpus_build/make_snapshot.mjs <pyodide_dir> <out.bin>
//
// The snapshot is taken right after start-up, before any package or app code runs, so it holds
// CPython's initialised state and nothing else. Pyodide stamps it with its build id and refuses a
// snapshot from another build when the page restores it.
import { writeFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, out] = process.argv.slice(2);
if (!pyodideDir || !out) {
  console.error("usage: node make_snapshot.mjs <pyodide_dir> <out.bin>");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/", _makeSnapshot: true, stdout: () => {}, stderr: (t) => console.error(t),
});
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`${pyodide.version} ${snapshot.byteLength}`);
