// Offline support. Why these strategies:
// - app shell (html/js/css): network-first, so a new deploy shows up at once, cache when offline;
// - vendor/ (pinned runtime, wheels, fonts), assets/index/ files and the Python files (fetched as `name?v=<sha>`):
//   cache-first — their URL changes whenever their bytes do, so a cached copy is never stale;
// - model weights are never precached and never copied here: the bundled GGUF (vendor/models/, 98 MB)
//   is fetched only after the reader chooses it and wllama keeps it in its own OPFS cache; WebLLM
//   weights come from other origins (not touched here) and WebLLM keeps them in its own cache.
//   Caching them here too would store the same 100 MB–1 GB twice.

const VERSION = "rvs-v1";
const SHELL_CACHE = `${VERSION}-shell`;
const ASSET_CACHE = `${VERSION}-assets`;

const SHELL = [
  "./", "index.html", "app.js", "connect.js", "storage.js", "styles.css", "manifest.webmanifest",
  "ui/dom.js", "ui/notice.js", "ui/banner.js", "ui/boot.js", "ui/answer.js", "ui/cards.js", "ui/badges.js",
  "ui/chat.js", "ui/history.js", "ui/settings.js", "ui/snapshot.js", "ui/reader.js", "ui/cite.js", "ui/versions.js",
  "ui/update.js", "ui/costs.js", "ui/meaning.js",
  "assets/python.json",
  // the Python worker: python/host.mjs (or PyScript, ?python=pyscript) runs python/worker.py with python/runtime.mjs (ui/pyworker.js)
  "ui/pyworker.js", "python/host.mjs", "python/loader.js", "python/packed.js", "python/prefetch.js", "python/runtime.mjs", "python/worker.py",
];
// the LLM engines bridge (web/bridge.js and its modules): optional, the app runs without it
const ENGINES = [
  "bridge.js", "engines/catalog.js", "engines/detect.js", "engines/errors.js", "engines/openai.js",
  "engines/output.js", "engines/webllm.js", "engines/wllama.js", "engines/cores.js",
  "workers/webllm-worker.js", "workers/wllama-worker.js", "workers/cores-probe.js",
];
const PYODIDE = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
  .map((f) => `vendor/pyodide/${f}`);
const PYSCRIPT = ["core.js", "core-Dzpx6H65.js", "error-DEUPYKX6.js", "deprecations-manager-CPSSxvTx.js", "core.css"]
  .map((f) => `vendor/pyscript/${f}`);
const FONTS = ["fonts.css", ...["devanagari", "latin", "latin-ext"].flatMap((subset) =>
  [400, 600].map((weight) => `noto-sans-devanagari-${subset}-${weight}-normal.woff2`))].map((f) => `vendor/fonts/${f}`);
const OPTIONAL = new Set([...ENGINES, ...FONTS]); // missing ones must not break the install

const scope = new URL(self.registration.scope);
const rel = (url) => (url.startsWith(scope.href) ? url.slice(scope.href.length) : null);

async function json(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// ---- files shipped raw with `.br`/`.gz` beside them (python.json `gz`; python/packed.js explains) ----
// A host without Accept-Encoding negotiation sends them raw (25 + 12 MB): then the `.gz` beside
// them is fetched and inflated here, and stored under the raw file's URL, marked so the page
// (packed.js) takes it as it is. Keep alike with packed.js's fetchPacked.
const DECODED_HEADER = "X-RVS-Decoded";
let packedNames = null; // Promise<Set<"assets/name">>, from python.json

function packedFiles() {
  packedNames = packedNames || (async () => {
    const cached = await caches.match("assets/python.json");
    const manifest = cached ? await cached.json() : await json("assets/python.json");
    return new Set(Object.entries(manifest.files || {}).filter(([, info]) => info && info.gz).map(([name]) => `assets/${name}`));
  })().catch(() => { packedNames = null; return new Set(); });
  return packedNames;
}

function travelledCompressed(response) {
  const encoding = (response.headers.get("content-encoding") || "").trim().toLowerCase();
  return (encoding !== "" && encoding !== "identity") || response.headers.has(DECODED_HEADER);
}

function gzipSibling(url) {
  const cut = url.search(/[?#]/);
  return cut < 0 ? `${url}.gz` : `${url.slice(0, cut)}.gz${url.slice(cut)}`;
}

/** fetch(url), or for a packed file that arrived uncompressed its `.gz` inflated (see above). */
async function fetchPacked(url, init) {
  const href = new URL(typeof url === "string" ? url : url.url, scope).href;
  const plain = await fetch(url, init);
  const path = rel(href);
  if (!plain.ok || travelledCompressed(plain) || typeof DecompressionStream === "undefined") return plain;
  if (!path || !(await packedFiles()).has(path.split(/[?#]/)[0])) return plain;
  let packed;
  try {
    packed = await fetch(gzipSibling(href), { cache: init?.cache });
  } catch {
    return plain;
  }
  if (!packed.ok || !packed.body) return plain;
  plain.body?.cancel().catch(() => {});
  const headers = new Headers(plain.headers);
  headers.delete("content-length");
  headers.set(DECODED_HEADER, "gzip");
  const body = travelledCompressed(packed) ? packed.body : packed.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { status: 200, statusText: plain.statusText, headers });
}

/**
 * Everything the page fetches to boot, as same-origin URLs (index files with their ?v= hash). With
 * `lazy`, also the index files fetched only on demand (a translation the reader chose, ui/versions.js):
 * never precached, but kept once cached (cache-first below stores them on their first fetch).
 */
async function bootUrls({ lazy = false } = {}) {
  // the Python files, versioned by content like the index files (assets/python.json)
  const python = await json("assets/python.json");
  // the build's repacked stdlib (assets/python_stdlib.zip, below) replaces Pyodide's own when listed
  const repacked = Boolean(python.files?.["python_stdlib.zip"]);
  const urls = [...PYODIDE.filter((url) => !(repacked && url.endsWith("/python_stdlib.zip"))), ...PYSCRIPT, ...FONTS];
  packedNames = Promise.resolve(new Set(Object.entries(python.files || {}).filter(([, info]) => info && info.gz)
    .map(([name]) => `assets/${name}`)));
  // numpy comes unpacked (numpy-files.tar + its libraries, python/loader.js); its wheel and the
  // wheel's bytecode are the fallback, fetched (and then kept) only if that path ever fails
  const unpacked = Boolean(python.files?.["numpy-files.tar"]);
  // a full zip whose rest is listed (corpus_build/rest_zips.py) is fetched only when the runtime snapshot
  // does not restore: the rest is what a restored runtime reads
  const files = python.files || {};
  const fallback = (name) => (unpacked && name === "numpy-bytecode.zip") || Boolean(files[files[name]?.rest]);
  const lock = await json("vendor/pyodide/pyodide-lock.json");
  if (lock.packages?.numpy && (lazy || !unpacked)) urls.push(`vendor/pyodide/${lock.packages.numpy.file_name}`);
  for (const [name, info] of Object.entries(python.files || {})) {
    if (fallback(name) && !lazy) continue;
    urls.push(`assets/${name}?v=${String(info.sha256).slice(0, 16)}`);
  }
  const manifest = await json("assets/index/manifest.json");
  urls.push("assets/index/manifest.json");
  for (const [name, info] of Object.entries(manifest.files || {})) {
    if (name === "manifest.json" || (info?.lazy && !lazy)) continue;
    const version = info?.sha256 ? `?v=${info.sha256.slice(0, 16)}` : "";
    urls.push(`assets/index/${name.split("/").map(encodeURIComponent).join("/")}${version}`);
  }
  return urls;
}

/**
 * A `?v=<sha256 prefix>` URL names one build's bytes, but a static host serves whatever file is
 * there now: after a deploy, a page still running the old build may ask for an old `?v=` and get
 * the new file. Such a body must never be stored (or used) under the old name — that is how one
 * build's index would end up beside another build's code. Returns the response to store, or
 * null when the bytes are not the ones the URL names.
 */
async function verified(url, response) {
  const wanted = new URL(url, scope).searchParams.get("v");
  if (!wanted || response.status !== 200) return response;
  const bytes = await response.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (!hex.startsWith(wanted.toLowerCase())) return null;
  return new Response(bytes, { status: 200, statusText: response.statusText, headers: response.headers });
}

/** What a page of an older build gets for a file the server no longer has: a clear 409, and a
 * message so the page offers to reload into the new build (web/ui/update.js). */
function staleBuild(clientId) {
  if (clientId) self.clients.get(clientId).then((client) => client && client.postMessage({ type: "rvs-stale-build" }));
  return new Response("This file belongs to an older build of the app; reload the page.", {
    status: 409, headers: { "Content-Type": "text/plain; charset=utf-8", "X-RVS-Stale-Build": "1" },
  });
}

async function addAll(cacheName, urls) {
  const cache = await caches.open(cacheName);
  await Promise.all(urls.map(async (url) => {
    if (await cache.match(url)) return;
    const response = await verified(url, await fetchPacked(url, { cache: "no-cache" }));
    if (response === null) throw new Error(`precache ${url}: the server has another build now`); // install again later
    if (response.ok) await cache.put(url, isolated(response)); // stored with its headers: see cacheFirst
    else if (!OPTIONAL.has(url)) throw new Error(`precache ${url}: HTTP ${response.status}`);
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await addAll(SHELL_CACHE, [...SHELL, ...ENGINES]);
    await addAll(ASSET_CACHE, await bootUrls());
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
    await Promise.all((await caches.keys()).filter((k) => !keep.has(k)).map((k) => caches.delete(k)));
    // drop index and Python files of older builds (their ?v= no longer matches a manifest)
    try {
      const wanted = new Set((await bootUrls({ lazy: true })).map((u) => new URL(u, scope).href));
      const cache = await caches.open(ASSET_CACHE);
      for (const request of await cache.keys()) {
        if (request.url.includes("/assets/") && !wanted.has(request.url)) await cache.delete(request);
      }
    } catch { /* offline during activation: keep what we have */ }
    // a reload's page request starts while this worker wakes up, not after (networkFirst's `preload`)
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable().catch(() => {});
    await self.clients.claim();
  })());
});

/**
 * The server's answer when it gives one (a new deploy shows at once), else the cached copy. The copy
 * is written after the answer has gone back (`keep`, the fetch event's waitUntil): awaited first, every
 * file of the shell waited for its own cache write, and a reload's chain of them (the page, app.js, the
 * worker's modules, python.json) came one write after another before Python could start. `preload`:
 * the browser's navigation preload, the page's request started while this worker was still waking up.
 */
async function networkFirst(request, cacheName, keep = (promise) => promise, preload = null) {
  const cache = await caches.open(cacheName);
  try {
    const response = (await preload) || await fetch(request);
    if (response.ok) keep(cache.put(request, response.clone()).catch(() => {}));
    return response;
  } catch (err) {
    const cached = await cache.match(request, { ignoreSearch: request.mode === "navigate" })
      || (request.mode === "navigate" ? await cache.match("index.html") : null);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request, cacheName, clientId) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await verified(request.url, await fetchPacked(request));
  if (response === null) return staleBuild(clientId);
  // whole files only: a 206 (range) answer cannot be stored as the file
  if (response.status !== 200) return response;
  // Stored with the isolation headers already on (`isolated`, below), so a cached answer goes out as
  // it is. Re-made on every load (a host that sends no COOP/COEP), it is a new Response, and V8 keeps
  // no compiled code for a wasm file answered that way: Pyodide's 10 MB wasm was compiled again on
  // every reload there (a trace: 2,660 lazy compilations on the third reload, against a cache hit
  // with serve.py's headers).
  const stored = isolated(response);
  await cache.put(request, stored.clone());
  return stored;
}

// Cross-origin isolation on any static host: what this worker serves carries COOP/COEP (the values
// serve.py sends), so from the second load on the page — and the workers it starts — are
// crossOriginIsolated (SharedArrayBuffer → wllama's threads) even where the host sends no headers.
// `credentialless` suffices: the page embeds only its own files, and WebLLM's downloads and a local
// endpoint use CORS, which COEP leaves alone. A header the host already sends is kept.
const ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "credentialless" };

function isolated(response) {
  if (!response || response.status === 0 || response.type === "opaque" || response.type === "opaqueredirect") return response;
  const missing = Object.entries(ISOLATION).filter(([name]) => !response.headers.has(name));
  if (!missing.length) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const path = rel(request.url);
  if (path === null) return; // other origins: not ours to cache
  const keep = (promise) => { event.waitUntil(promise); return promise; };
  if (request.headers.has("range") || path.startsWith("vendor/models/")) return; // model weights: see top
  // a packed file's `.gz` (python/packed.js, on a host that sends the raw file uncompressed): stored
  // inflated under the raw file's URL, never itself
  if (/\.gz$/.test(path.split(/[?#]/)[0])) return;
  // "is there a newer build?" (web/ui/update.js): the server's answer, never stored — the cached
  // manifest must stay the one whose files are cached
  if (new URL(request.url).searchParams.has("rvs-check")) event.respondWith(fetch(request, { cache: "no-store" }).then(isolated));
  else if (path.startsWith("assets/index/manifest.json")) event.respondWith(networkFirst(request, ASSET_CACHE, keep).then(isolated));
  else if (path.startsWith("vendor/") || path.startsWith("assets/index/") || (path.startsWith("assets/") && path.includes("?v=")))
    event.respondWith(cacheFirst(request, ASSET_CACHE, event.clientId).then(isolated));
  else event.respondWith(networkFirst(request, SHELL_CACHE, keep, request.mode === "navigate" ? event.preloadResponse : null).then(isolated));
});
