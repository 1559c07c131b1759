// Compile Python sources to CPython 3.12 bytecode with the vendored Pyodide itself (under Node).
//
//   node corpus_build/compile_pyc.mjs <pyodide_dir> <job.json>
//
// Why Pyodide and not the build machine's Python: a .pyc is only valid for the exact interpreter
// (magic number) that reads it, and the page runs Pyodide's 3.12; the build may run any CPython.
// job.json: {"src": dir, "out": dir, "files": [[source, target, runtime_path, optimize], ...]}. Each
// <src>/<source> is compiled as if it lived at <runtime_path> (tracebacks name that path) and
// written to <out>/<target> as an unchecked-hash pyc: the page never re-hashes the source to trust
// it (the bundles are rebuilt whenever a source changes). Prints "<cache tag> <done> <failed>".
import { readFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, jobFile] = process.argv.slice(2);
if (!pyodideDir || !jobFile) {
  console.error("usage: node compile_pyc.mjs <pyodide_dir> <job.json>");
  process.exit(2);
}
const job = JSON.parse(readFileSync(jobFile, "utf8"));
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: () => {}, stderr: (t) => console.error(t) });
const FS = pyodide.FS;
FS.mkdirTree("/job/src");
FS.mkdirTree("/job/out");
FS.mount(FS.filesystems.NODEFS, { root: path.resolve(job.src) }, "/job/src");
FS.mount(FS.filesystems.NODEFS, { root: path.resolve(job.out) }, "/job/out");
pyodide.globals.set("job_files", pyodide.toPy(job.files));
const result = pyodide.runPython(`
import os, py_compile, sys
done = 0
failed = []
for rel, out, runtime, *level in job_files:
    target = os.path.join("/job/out", out)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    try:
        py_compile.compile(os.path.join("/job/src", rel), cfile=target, dfile=runtime, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
                           optimize=level[0] if level else 0)
        done += 1
    except py_compile.PyCompileError as exc:
        failed.append(f"{rel}: {exc.msg.strip().splitlines()[-1]}")
f"{sys.implementation.cache_tag} {done} {len(failed)}" + "".join("\\n" + f for f in failed)
`);
console.log(result);
