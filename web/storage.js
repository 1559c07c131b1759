// IndexedDB persistence for the reader's own data: conversations (history), settings, agent memory.
//
// Why IndexedDB and not localStorage: conversations carry whole TurnResults (verses, citations) and
// memory items, which outgrow localStorage's few MB and its synchronous API would block the page.
// Everything stays in this browser; nothing is ever sent anywhere.
//
// Why every record is checked: the database outlives the code. Data written by an older (or newer)
// app version, a half-finished write or a hand-edited record must never crash the page. So the
// data has a schema version (SCHEMA, kept in the settings store); on first use each record is
// validated, unreadable ones are removed, and a one-line notice says what was reset. A database
// that cannot be opened at all (another app version's layout, corruption) is rebuilt empty, with a
// notice, instead of leaving the app without history. Reads validate again, so a bad record written
// later is skipped, never rendered.
//
// Python reaches this module through `globalThis.rvsStorage` (see pyapp/bridge.py): every value
// crossing the JS⇄Python boundary is a JSON string, so no proxies have to be managed there.

const DB_NAME = "rigveda-scholar";
const DB_VERSION = 2; // IndexedDB layout (object stores)
export const SCHEMA = 2; // record format: 1 = first release (same shapes), 2 = validated + versioned
const SCHEMA_KEY = "schemaVersion";
const STORES = {
  conversations: { keyPath: "id", indexes: ["updatedAt"] },
  settings: { keyPath: null },
  memory: { keyPath: "id" },
};
export const EXPORT_KIND = "rigveda-scholar-history";
const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
const MAX_TURNS = 5000;

let dbPromise = null;
const notices = [];

// ---- validation ------------------------------------------------------------------------------

const REF = /^\d{1,2}\.\d{1,3}\.\d{1,4}$/;
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const optional = (x, type) => x === undefined || x === null || typeof x === type;
const optionalArray = (x, each = () => true) => x === undefined || x === null || (Array.isArray(x) && x.every(each));
const isString = (x) => typeof x === "string";

/** A verse in wire form, as the cards render it. */
function validVerse(v) {
  return isObject(v) && isString(v.bookContext) && REF.test(v.bookContext)
    && ["content", "iast", "translation", "deity", "rishi", "meter", "addressee", "modelTranslation", "importance"]
      .every((k) => optional(v[k], "string"))
    && optional(v.relevance, "number");
}

function validResult(r) {
  return isObject(r) && optional(r.answer, "string") && optional(r.error, "string") && optional(r.kind, "string")
    && optional(r.engine, "string") && optionalArray(r.verses, validVerse) && optionalArray(r.citations, isString)
    && optionalArray(r.notes, isString) && optionalArray(r.removedCitations, isString);
}

function validLookup(l) {
  return isObject(l) && optionalArray(l.results, validVerse) && optional(l.note, "string") && optional(l.hymn, "string");
}

function validTurn(t) {
  if (!isObject(t) || !isString(t.question)) return false;
  if (t.kind === "lookup") return validLookup(t.lookup);
  if (t.kind === "answer") return validResult(t.result) && optional(t.badgeSummary, "string");
  return false;
}

/** True if a conversation record can be listed and shown by this version of the app. */
export function validConversation(c) {
  return isObject(c) && isString(c.id) && c.id.length > 0 && c.id.length <= 200 && optional(c.title, "string")
    && optional(c.createdAt, "number") && optional(c.updatedAt, "number")
    && Array.isArray(c.turns) && c.turns.length <= MAX_TURNS && c.turns.every(validTurn);
}

function validSetting(key, value) {
  if (key === "settings") return isObject(value);
  if (key === "lastConversation") return isString(value);
  if (key === SCHEMA_KEY) return Number.isInteger(value);
  return true; // other keys belong to other modules; they validate their own values
}

const validMemoryRow = (row) => isObject(row) && isString(row.id) && isObject(row.item);

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

// ---- opening, checking, resetting ---------------------------------------------------------------

function requestDone(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error("The browser database failed."));
  });
}

function openRaw(version) {
  return new Promise((resolve, reject) => {
    const request = version ? indexedDB.open(DB_NAME, version) : indexedDB.open(DB_NAME);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      for (const [name, spec] of Object.entries(STORES)) {
        if (db.objectStoreNames.contains(name)) {
          const store = request.transaction.objectStore(name);
          if (store.keyPath === spec.keyPath) continue;
          db.deleteObjectStore(name); // a layout this version cannot read: start that store afresh
          if (event.oldVersion) notices.push(`Saved ${name} were in an unreadable format and were reset.`);
        }
        const store = db.createObjectStore(name, spec.keyPath ? { keyPath: spec.keyPath } : undefined);
        for (const index of spec.indexes || []) store.createIndex(index, index);
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => { db.close(); dbPromise = null; }; // another tab upgrades: let it
      resolve(db);
    };
    request.onerror = () => reject(request.error || new Error("Could not open the browser database."));
    request.onblocked = () => reject(new Error("The browser database is blocked by another tab of this app."));
  });
}

/** True if `db` has every store with the key layout this version expects. */
function compatible(db) {
  try {
    return Object.entries(STORES).every(([name, spec]) => db.objectStoreNames.contains(name)
      && db.transaction(name, "readonly").objectStore(name).keyPath === spec.keyPath);
  } catch {
    return false;
  }
}

async function deleteDb() {
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

async function open() {
  if (!globalThis.indexedDB) throw new Error("This browser has no IndexedDB, so history and settings cannot be saved.");
  let db;
  try {
    db = await openRaw(DB_VERSION);
  } catch (err) {
    if (err && err.name === "VersionError") {
      // written by a newer version of the app: use it if its layout is one we can read
      try { db = await openRaw(null); } catch { db = null; }
      if (db && compatible(db)) {
        notices.push("Your saved data comes from a newer version of this app; entries it cannot read are skipped.");
        await check(db, { newer: true }).catch(() => {});
        return db;
      }
      if (db) db.close();
    } else if (err && /blocked/.test(err.message || "")) {
      throw err;
    }
    // unreadable: rebuild empty rather than run without history
    await deleteDb();
    db = await openRaw(DB_VERSION);
    notices.push("Your saved history could not be read (damaged, or from another version of this app) and was reset.");
    return db;
  }
  try {
    await check(db, {});
  } catch (err) {
    // the records stay; reads still skip what they cannot use
    notices.push(`Saved data could not be checked (${String(err && err.message ? err.message : err).split("\n")[0]}).`);
  }
  return db;
}

/**
 * Validate every record once per page load; remove what this version cannot read (unless a newer
 * version wrote it: then it is only skipped on read) and note how much was removed.
 */
async function check(db, { newer }) {
  const tx = db.transaction(Object.keys(STORES), newer ? "readonly" : "readwrite");
  const done = new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("The check of saved data was aborted."));
  });
  const removed = { conversations: 0, settings: 0, memory: 0 };
  const settings = tx.objectStore("settings");
  const schema = await requestDone(settings.get(SCHEMA_KEY));
  const later = Number.isInteger(schema) && schema > SCHEMA;
  const fix = !newer && !later;
  const sweep = async (name, valid) => {
    const store = tx.objectStore(name);
    const keys = await requestDone(store.getAllKeys());
    const values = await requestDone(store.getAll());
    keys.forEach((key, i) => {
      if (valid(values[i], key)) return;
      removed[name] += 1;
      if (fix) store.delete(key);
    });
  };
  await sweep("conversations", validConversation);
  await sweep("memory", validMemoryRow);
  await sweep("settings", (value, key) => key === SCHEMA_KEY || validSetting(key, value));
  if (fix) settings.put(SCHEMA, SCHEMA_KEY);
  await done;
  if (!fix) return;
  const parts = [];
  if (removed.conversations) parts.push(plural(removed.conversations, "saved conversation"));
  if (removed.memory) parts.push(plural(removed.memory, "remembered answer"));
  if (removed.settings) parts.push(plural(removed.settings, "setting"));
  if (parts.length) {
    notices.push(`${parts.join(", ")} could not be read (damaged, or from an older version of this app) and ${
      removed.conversations + removed.memory + removed.settings === 1 ? "was" : "were"} reset.`);
  }
  if (schema !== undefined && !Number.isInteger(schema)) notices.push("The saved data's version marker was damaged and was reset.");
}

function openDb() {
  if (dbPromise) return dbPromise;
  dbPromise = open();
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

/** Open (and check) the database now; resolves with the notices about anything that was reset. */
async function ready() {
  try {
    await openDb();
  } catch (err) {
    notices.push(`History and settings cannot be saved in this browser: ${String(err && err.message ? err.message : err).split("\n")[0]}`);
  }
  return takeNotices();
}

/** Notices gathered so far (each returned once). */
function takeNotices() { return notices.splice(0, notices.length); }

// ---- conversations -------------------------------------------------------------------------

/** All readable conversations, newest first (unreadable ones are skipped). */
async function listConversations() {
  const rows = (await run("conversations", "readonly", (s) => s.getAll())) || [];
  return rows.filter(validConversation).sort((a, b) => (b.updatedAt || 0) - (a.updatedAt || 0));
}

async function getConversation(id) {
  const row = await run("conversations", "readonly", (s) => s.get(id));
  return validConversation(row) ? row : null;
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

// ---- export / import -------------------------------------------------------------------------

/** Every conversation as one JSON document (the "Export" button downloads it). */
async function exportHistory() {
  const conversations = await listConversations();
  return JSON.stringify({
    kind: EXPORT_KIND, schema: SCHEMA, exportedAt: new Date().toISOString(), conversations,
  }, null, 1);
}

/**
 * Add the conversations of an exported file (same id: the imported copy replaces the saved one).
 * Resolves {imported, skipped}; rejects with a one-line Error when the file is not an export.
 */
async function importHistory(text) {
  if (typeof text !== "string" || !text.trim()) throw new Error("The file is empty.");
  if (text.length > MAX_IMPORT_BYTES) throw new Error("The file is larger than 50 MB; it is not a history export.");
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("The file is not valid JSON, so it is not a RigVeda Scholar history export.");
  }
  if (!isObject(data) || data.kind !== EXPORT_KIND || !Array.isArray(data.conversations)) {
    throw new Error("The file is JSON but not a RigVeda Scholar history export.");
  }
  if (Number.isInteger(data.schema) && data.schema > SCHEMA) {
    throw new Error(`The file was exported by a newer version of the app (format ${data.schema}); update this app first.`);
  }
  const good = data.conversations.filter(validConversation);
  const skipped = data.conversations.length - good.length;
  if (!good.length) {
    throw new Error(data.conversations.length
      ? `None of the ${plural(data.conversations.length, "conversation")} in the file could be read.`
      : "The file holds no conversations.");
  }
  const db = await openDb();
  await new Promise((resolve, reject) => {
    const tx = db.transaction("conversations", "readwrite");
    const store = tx.objectStore("conversations");
    for (const c of good) {
      const now = Date.now();
      store.put({ ...c, title: c.title || (c.turns[0]?.question || "").slice(0, 80), createdAt: c.createdAt || now, updatedAt: c.updatedAt || now });
    }
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error || new Error("Saving the imported history failed."));
    tx.onabort = () => reject(tx.error || new Error("Saving the imported history was aborted (storage full?)."));
  });
  return { imported: good.length, skipped };
}

// ---- settings --------------------------------------------------------------------------------

async function getSetting(key, fallback = null) {
  const value = await run("settings", "readonly", (s) => s.get(key));
  return value === undefined || !validSetting(key, value) ? fallback : value;
}

async function setSetting(key, value) {
  await run("settings", "readwrite", (s) => s.put(value, key));
}

// ---- memory (H4's memory-store protocol, JSON strings for Python) ---------------------------

/** JSON array of every stored memory item (oldest first); unreadable rows are skipped. */
async function memoryAll() {
  const rows = ((await run("memory", "readonly", (s) => s.getAll())) || []).filter(validMemoryRow);
  rows.sort((a, b) => (Number(a.storedAt) || 0) - (Number(b.storedAt) || 0));
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
  ready, takeNotices,
  listConversations, getConversation, saveConversation, deleteConversation, clearConversations,
  exportHistory, importHistory,
  getSetting, setSetting,
  memoryAll, memoryPut, memoryClear,
  newId,
};

globalThis.rvsStorage = rvsStorage;
export default rvsStorage;
