// The Python runtime's memory snapshot, kept in the browser between visits.
//
// Why: starting CPython inside Pyodide (interpreter init, stdlib imports, the `pyodide` package)
// costs ~2 s on every page load, warm or not, and it always ends in the same state. Pyodide can
// dump that state (its wasm memory, ~21 MB) and start from it later in ~0.3 s
// (`loadPyodide({_makeSnapshot})` / `{_loadSnapshot}`). We take the snapshot on the first visit,
// right after the runtime starts and before any package or app code touches it (so it holds
// nothing of ours), and store it in Cache Storage once the app is ready.
//
// Pyodide checks the snapshot's build id itself; a snapshot that fails to restore for any reason
// is deleted and the runtime starts the normal way, so a bad snapshot costs one slow start, never
// a broken page.

export const SNAPSHOT_CACHE = "rvs-v1-runtime";

function snapshotUrl(version) {
  return new URL(`runtime-snapshot/pyodide-${version}.bin`, location.href).href;
}

async function openCache() {
  if (!globalThis.caches) return null;
  try {
    return await caches.open(SNAPSHOT_CACHE);
  } catch {
    return null; // storage disabled (private mode, quota): start the slow way
  }
}

// Pyodide 0.27's snapshot layout: u32 magic, u32 offset of the memory image, u32 length of a JSON
// header at byte 48, then the image. Checked before use because Pyodide, handed a wrong-sized
// image, fails inside wasm instantiation and never settles its promise.
const SNAPSHOT_MAGIC = 1886286592;
const HEADER_START = 48;

/** Why a snapshot cannot be used, or "" when it looks whole. */
export function snapshotProblem(bytes, expectedLength) {
  if (bytes.byteLength < HEADER_START + 65536) return "too short";
  if (expectedLength && bytes.byteLength !== expectedLength) return "truncated";
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
  if (head[0] !== SNAPSHOT_MAGIC) return "not a Pyodide snapshot";
  const imageStart = head[1];
  const headerLength = head[2];
  if (headerLength <= 0 || HEADER_START + headerLength > imageStart || imageStart >= bytes.byteLength) return "bad header";
  try {
    JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + headerLength)));
  } catch {
    return "bad header";
  }
  return "";
}

/** The stored snapshot for this runtime version, or null (a damaged one is deleted). */
export async function readSnapshot(version) {
  const cache = await openCache();
  if (!cache) return null;
  try {
    const response = await cache.match(snapshotUrl(version));
    if (!response) return null;
    const expected = Number(response.headers.get("x-snapshot-bytes")) || 0;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const problem = snapshotProblem(bytes, expected);
    if (!problem) return bytes;
    console.warn(`Dropping the stored Python runtime snapshot: ${problem}.`);
    await cache.delete(snapshotUrl(version));
    return null;
  } catch {
    return null;
  }
}

/** Keep the snapshot for the next visit; failures (quota) only cost speed. */
export async function saveSnapshot(version, bytes) {
  const cache = await openCache();
  if (!cache) return false;
  try {
    await cache.put(snapshotUrl(version), new Response(bytes, {
      headers: { "content-type": "application/octet-stream", "x-snapshot-bytes": String(bytes.byteLength) },
    }));
    return true;
  } catch (err) {
    console.warn("Could not keep the Python runtime snapshot:", err);
    return false;
  }
}

export async function dropSnapshot(version) {
  const cache = await openCache();
  if (cache) await cache.delete(snapshotUrl(version)).catch(() => false);
}
