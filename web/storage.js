// IndexedDB persistence for the reader's own data: conversations (history), settings, agent memory.
//
// Why IndexedDB and not localStorage: conversations carry whole TurnResults (verses, citations) and
// memory items, which outgrow localStorage's few MB and its synchronous API would block the page.
// Everything stays in this browser; nothing is ever sent anywhere.
//
// Python reaches this module through `globalThis.rvsStorage` (see pyapp/bridge.py): every value
// crossing the JS⇄Python boundary is a JSON string, so no proxies have to be managed there.

const DB_NAME = "rigveda-scholar";
const DB_VERSION = 1;
const STORES = ["conversations", "settings", "memory"];

let dbPromise = null;

function openDb() {
  if (dbPromise) return dbPromise;
  dbPromise = new Promise((resolve, reject) => {
    if (!globalThis.indexedDB) {
      reject(new Error("This browser has no IndexedDB, so history and settings cannot be saved."));
      return;
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains("conversations")) {
        db.createObjectStore("conversations", { keyPath: "id" }).createIndex("updatedAt", "updatedAt");
      }
      if (!db.objectStoreNames.contains("settings")) db.createObjectStore("settings");
      if (!db.objectStoreNames.contains("memory")) db.createObjectStore("memory", { keyPath: "id" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error("Could not open the browser database."));
    request.onblocked = () => reject(new Error("The browser database is blocked by another tab of this app."));
  });
  dbPromise.catch(() => { dbPromise = null; });
  return dbPromise;
}

/** Run one request in its own transaction and resolve with its result. */
async function run(store, mode, makeRequest) {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = makeRequest(tx.objectStore(store));
    let result;
    if (request) request.onsuccess = () => { result = request.result; };
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error || new Error("A browser database write failed."));
    tx.onabort = () => reject(tx.error || new Error("A browser database write was aborted (storage full?)."));
  });
}

function newId(prefix) {
  const random = globalThis.crypto?.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  return `${prefix}-${random}`;
}

// ---- conversations -------------------------------------------------------------------------

/** All conversations, newest first (only what the history list needs plus the turns). */
async function listConversations() {
  const rows = (await run("conversations", "readonly", (s) => s.getAll())) || [];
  return rows.sort((a, b) => (b.updatedAt || 0) - (a.updatedAt || 0));
}

async function getConversation(id) {
  return (await run("conversations", "readonly", (s) => s.get(id))) || null;
}

async function saveConversation(conversation) {
  const row = { ...conversation, updatedAt: Date.now() };
  if (!row.id) row.id = newId("c");
  if (!row.createdAt) row.createdAt = row.updatedAt;
  await run("conversations", "readwrite", (s) => s.put(row));
  return row;
}

async function deleteConversation(id) {
  await run("conversations", "readwrite", (s) => s.delete(id));
}

async function clearConversations() {
  await run("conversations", "readwrite", (s) => s.clear());
}

// ---- settings --------------------------------------------------------------------------------

async function getSetting(key, fallback = null) {
  const value = await run("settings", "readonly", (s) => s.get(key));
  return value === undefined ? fallback : value;
}

async function setSetting(key, value) {
  await run("settings", "readwrite", (s) => s.put(value, key));
}

// ---- memory (H4's memory-store protocol, JSON strings for Python) ---------------------------

/** JSON array of every stored memory item (oldest first). */
async function memoryAll() {
  const rows = (await run("memory", "readonly", (s) => s.getAll())) || [];
  rows.sort((a, b) => (a.storedAt || 0) - (b.storedAt || 0));
  return JSON.stringify(rows.map((row) => row.item));
}

/** Store one memory item given as a JSON object string; returns its storage id. */
async function memoryPut(itemJson) {
  const item = JSON.parse(itemJson);
  const id = item.id || item.key || newId("m");
  await run("memory", "readwrite", (s) => s.put({ id: String(id), storedAt: Date.now(), item }));
  return String(id);
}

async function memoryClear() {
  await run("memory", "readwrite", (s) => s.clear());
}

export const rvsStorage = {
  listConversations, getConversation, saveConversation, deleteConversation, clearConversations,
  getSetting, setSetting,
  memoryAll, memoryPut, memoryClear,
  newId,
};

globalThis.rvsStorage = rvsStorage;
export default rvsStorage;
