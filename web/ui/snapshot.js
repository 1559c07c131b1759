// The Python runtime's memory snapshot (built by corpus_build/runtime_snapshot.py).
//
// Why: starting CPython inside Pyodide costs ~2 s of every page load here and always ends in the
// same state; restoring that state from a snapshot takes a fraction of it. The file is raw and
// travels compressed (HTTP brotli, or its `.gz` inflated by python/packed.js: the caller's `fetchFn`).
// It is checked before use, because
// Pyodide handed a wrong-sized image fails inside wasm instantiation and never settles; anything
// wrong (missing, damaged, from another Pyodide build) means the runtime starts the normal way.

// The file is sparse (corpus_build/runtime_snapshot.py `sparse`): the image's all-zero 4 kB blocks left
// out (11 of its 36 MB), a table of the kept runs first; `expandSnapshot` rebuilds the image here. A raw
// Pyodide snapshot (an older build) is used as it is.
const SPARSE_MAGIC = 0x5a535652; // "RVSZ"
const SPARSE_VERSION = 1;

/**
 * The memory image a sparse snapshot file holds (u32 magic, version, image length, run count; u32 offset
 * and length per run; the runs' bytes), the bytes themselves when they are not sparse, or null when its
 * table does not add up (damaged or cut short). What is not in a run stays zero, as a new buffer is.
 */
export function expandSnapshot(bytes) {
  if (bytes.byteLength < 16) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== SPARSE_MAGIC) return bytes;
  const length = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  let pos = 16 + count * 8;
  if (view.getUint32(4, true) !== SPARSE_VERSION || pos > bytes.byteLength) return null;
  const image = new Uint8Array(length);
  let end = 0;
  for (let i = 0; i < count; i++) {
    const at = view.getUint32(16 + i * 8, true);
    const size = view.getUint32(20 + i * 8, true);
    if (at < end || at + size > length || pos + size > bytes.byteLength) return null;
    image.set(bytes.subarray(pos, pos + size), at);
    pos += size;
    end = at + size;
  }
  return pos === bytes.byteLength ? image : null;
}

// Pyodide 0.27's layout: u32 magic, u32 offset of the memory image, u32 length of a JSON header
// that starts at byte 48, then the image.
const SNAPSHOT_MAGIC = 1886286592;
const HEADER_START = 48;

/** Why a snapshot cannot be used, or "" when it looks whole. */
export function snapshotProblem(bytes) {
  if (bytes.byteLength < HEADER_START + 65536) return "too short";
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
  if (head[0] !== SNAPSHOT_MAGIC) return "not a Pyodide snapshot";
  const imageStart = head[1];
  const headerLength = head[2];
  if (headerLength <= 0 || HEADER_START + headerLength > imageStart || imageStart >= bytes.byteLength) return "bad header";
  if ((bytes.byteLength - imageStart) % 65536 !== 0) return "truncated memory image";
  try {
    JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + headerLength)));
  } catch {
    return "bad header";
  }
  return "";
}

/** The snapshot's bytes, or null (with the reason on the console) when it cannot be used. */
export async function fetchSnapshot(url, fetchFn = fetch) {
  try {
    const response = await fetchFn(url);
    if (!response.ok || !response.body) {
      console.warn(`No Python runtime snapshot (HTTP ${response.status}); starting Python the normal way.`);
      return null;
    }
    const bytes = expandSnapshot(new Uint8Array(await response.arrayBuffer()));
    const problem = bytes ? snapshotProblem(bytes) : "its table of runs does not match its bytes";
    if (!problem) return bytes;
    console.warn(`The Python runtime snapshot is unusable (${problem}); starting Python the normal way.`);
  } catch (err) {
    console.warn("The Python runtime snapshot could not be read; starting Python the normal way.", err);
  }
  return null;
}
