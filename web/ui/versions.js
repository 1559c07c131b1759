// Word by word and in more languages (issue 14): the padapāṭha line under the saṃhitā on verse cards
// and in the reader, and a translation picker for VedaWeb's parallel versions (Geldner, Grassmann,
// Renou, Elizarenkova, Oldenberg, Müller, Macdonell; Griffith stays the default).
//
// Where the data comes from (corpus_build/versions.py): `padapatha.json` and `versions.json` (the
// catalogue) are ordinary index files, already in Pyodide's file system after the boot, so they are
// read from there (no second download). Each translation is its own file, `versions/<id>.json`, listed
// in manifest.json with "lazy": true: neither the boot (ui/boot.js) nor the service worker's install
// fetches it. It is fetched the first time the reader chooses it (or `rvsVersions.ensure(id)` asks
// for it), then kept: in the service worker's cache (the page puts it there itself too, in case the
// worker did not control the page yet), so it opens offline; and in Pyodide's file system, where
// `pyapp.search.translations` finds it. The choice is remembered in the settings store ("translation").
//
// Cards and reader verses get empty slots (`padapathaLine`, `translationSlot`) that are filled as soon
// as the data is there and refilled when the choice changes. Everything is text nodes (dom.js).

import { h, clear, formatMB, thousands } from "./dom.js";
import { FS_INDEX_DIR, indexFileUrl, readWithProgress } from "../python/loader.js";
import { showError, toast } from "./notice.js";

const CATALOG_FILE = "versions.json";
const SETTING = "translation";
const ASSET_CACHE = "rvs-v1-assets"; // sw.js: ASSET_CACHE (index files are served cache-first from it)
const GRIFFITH = "griffith";

const state = {
  ready: false,
  catalog: null, // versions.json
  byId: new Map(),
  pada: null, // {"M.H": [line|null, …]}, parsed on first use (padaTable)
  padaBytes: null, // padapatha.json as read at boot: 1.4 MB of JSON is a long task to parse on a phone
  manifest: null,
  files: null, // the index folder Python reads (ui/boot.js: in the worker, by message)
  storage: null,
  chosen: GRIFFITH,
  loaded: new Map(), // id → {"M.H": [text|null, …]}
  pending: new Map(), // id → Promise
  pickers: new Set(),
  status: new Set(),
};

// ---- slots ----------------------------------------------------------------------------------------

/** The padapāṭha line of verse `ref` (a slot, filled now or when the data arrives). */
export function padapathaLine(ref) {
  // Sanskrit in Latin letters, told apart from the IAST saṃhitā line by a private-use subtag
  const el = h("p", { class: "padapatha", lang: "sa-Latn-x-pada", "data-testid": "padapatha", dataset: { ppRef: ref }, hidden: true });
  fillPada(el);
  return el;
}

/** The chosen translation of verse `ref` (empty and hidden while Griffith alone is chosen). */
export function translationSlot(ref) {
  const el = h("p", { class: "alt-translation", "data-testid": "alt-translation", dataset: { altRef: ref }, hidden: true });
  fillAlt(el);
  return el;
}

function stanza(table, ref) {
  if (!table) return null;
  const cut = ref.lastIndexOf(".");
  const verses = table[ref.slice(0, cut)];
  const text = verses ? verses[Number(ref.slice(cut + 1)) - 1] : null;
  return typeof text === "string" && text ? text : null;
}

function fillPada(el) {
  const line = stanza(padaTable(), el.dataset.ppRef);
  clear(el);
  el.hidden = !line;
  if (!line) return;
  el.append(h("span", { class: "visually-hidden" }, "Padapāṭha: "));
  line.split(" ").forEach((word, i) => {
    if (i) el.append(" ");
    el.append(wordSpan(word));
  });
}

/** One padapāṭha word; a compound's members are shown with a marked joint ("puraḥ‑hitam"). */
function wordSpan(word) {
  const members = word.split(/-+/).filter(Boolean);
  const compound = members.length > 1;
  const span = h("span", {
    class: compound ? "pp-w pp-cpd" : "pp-w",
    dataset: { k: word.replace(/-/g, ""), m: compound ? members.join(" ") : "" },
    title: compound ? `${word.includes("--") ? "repeated word" : "compound"}: ${members.join(" + ")}` : null,
  });
  if (!compound) { span.textContent = word; return span; }
  word.split(/(-+)/).forEach((part) => {
    if (!part) return;
    span.append(part.startsWith("-") ? h("span", { class: "pp-join" }, part) : part);
  });
  return span;
}

function fillAlt(el) {
  const id = state.chosen;
  const info = state.byId.get(id);
  clear(el);
  delete el.dataset.version;
  if (!state.ready || id === GRIFFITH || !info) { el.hidden = true; return; }
  el.hidden = false;
  el.dataset.version = id;
  el.lang = info.language;
  const label = h("span", { class: "label" }, `${info.name}: `);
  const table = state.loaded.get(id);
  if (!table) {
    el.classList.add("loading");
    el.append(label, h("span", { class: "muted" }, `loading ${info.name}'s ${info.language_name} translation…`));
    return;
  }
  el.classList.remove("loading");
  const text = stanza(table, el.dataset.altRef);
  el.classList.toggle("absent", !text);
  el.append(label, text || h("span", { class: "muted" }, `(not in ${info.name}'s translation)`));
}

function refreshAll() {
  for (const el of document.querySelectorAll("[data-pp-ref]")) fillPada(el);
  for (const el of document.querySelectorAll("[data-alt-ref]")) fillAlt(el);
  document.body.classList.toggle("rvs-parallel", state.ready && state.chosen !== GRIFFITH);
  document.body.dataset.translation = state.chosen;
}

// ---- pointing at a word highlights its other occurrences in the stanza ----------------------------

function related(a, b) {
  if (a.dataset.k === b.dataset.k) return "pp-same";
  const am = a.dataset.m ? a.dataset.m.split(" ") : [];
  const bm = b.dataset.m ? b.dataset.m.split(" ") : [];
  // a compound and a word that is one of its members (3+ letters: not the prefixes su-, vi-, …)
  if (am.includes(b.dataset.k) && b.dataset.k.length >= 3) return "pp-part";
  if (bm.includes(a.dataset.k) && a.dataset.k.length >= 3) return "pp-part";
  return null;
}

function clearMarks(line) {
  for (const el of line.querySelectorAll(".pp-on, .pp-same, .pp-part")) el.classList.remove("pp-on", "pp-same", "pp-part");
  delete line.dataset.ppMatches;
}

function mark(word) {
  const line = word.closest(".padapatha");
  if (!line) return;
  clearMarks(line);
  word.classList.add("pp-on");
  let count = 0;
  for (const other of line.querySelectorAll(".pp-w")) {
    if (other === word) continue;
    const how = related(word, other);
    if (how) { other.classList.add(how); count += 1; }
  }
  line.dataset.ppMatches = String(count);
}

function watchPointing() {
  document.addEventListener("pointerover", (e) => {
    const word = e.target instanceof Element ? e.target.closest(".pp-w") : null;
    if (word) mark(word);
  });
  document.addEventListener("pointerout", (e) => {
    const word = e.target instanceof Element ? e.target.closest(".pp-w") : null;
    if (!word) return;
    const next = e.relatedTarget instanceof Element ? e.relatedTarget.closest(".pp-w") : null;
    if (next !== word) clearMarks(word.closest(".padapatha"));
  });
}

// ---- the picker -------------------------------------------------------------------------------------

function optionLabel(v) {
  if (v.id === GRIFFITH) return `${v.name} only (${v.language_name}, the default)`;
  const part = v.coverage < 99 ? `, ${Number((+v.coverage).toFixed(1))} % of the stanzas` : "";
  return `+ ${v.name} (${v.language_name}${part})`;
}

/**
 * A "Translation" select (the settings toolbar has one, the reader's tools another; they stay in step).
 * Until the catalogue is there it offers Griffith alone, disabled.
 */
export function versionPicker({ testid = "version-select", id = "version-select", field = null } = {}) {
  // `field`: the same markup already in the page (index.html has the settings toolbar's, so the first
  // paint has the toolbar's final layout): only wired up here
  const select = field?.querySelector("select") || h("select", { id, "data-testid": testid, title: "Show another translation beside Griffith's", disabled: true },
    h("option", { value: GRIFFITH }, "Griffith only (English, the default)"));
  const status = field?.querySelector(".version-status") || h("span", { class: "version-status muted", "data-testid": `${testid}-status`, "aria-live": "polite" });
  select.addEventListener("change", () => choose(select.value));
  state.pickers.add(select);
  state.status.add(status);
  if (state.ready) fillPicker(select);
  return field || h("div", { class: "field version-field" }, h("label", { for: id }, "Translation"), select, status);
}

function fillPicker(select) {
  clear(select).append(...state.catalog.versions.map((v) => h("option", { value: v.id }, optionLabel(v))));
  select.value = state.chosen;
  select.disabled = state.catalog.versions.length < 2;
}

function setStatus(text) {
  for (const el of state.status) el.textContent = text;
}

/** Choose a version (Griffith alone = "griffith"): remembered, loaded if needed, shown everywhere. */
export async function choose(id) {
  if (!state.ready || !state.byId.has(id)) return;
  const previous = state.chosen;
  state.chosen = id;
  for (const select of state.pickers) select.value = id;
  refreshAll();
  save(id);
  if (id === GRIFFITH) { setStatus(""); return; }
  try {
    await ensure(id);
    if (state.chosen === id) { refreshAll(); setStatus(""); toast(`${state.byId.get(id).name}'s translation is shown beside Griffith's.`); }
  } catch (err) {
    if (state.chosen !== id) return;
    state.chosen = previous === id ? GRIFFITH : previous;
    for (const select of state.pickers) select.value = state.chosen;
    refreshAll();
    save(state.chosen);
    // said beside the picker (the reader hides the error line under the question box) and there
    const message = err && err.message ? err.message : `${state.byId.get(id).name}'s translation could not be loaded.`;
    setStatus(message);
    showError(message);
  }
}

async function save(id) {
  try { await state.storage?.setSetting(SETTING, { id }); } catch { /* storage is best-effort */ }
}

// ---- loading a version ------------------------------------------------------------------------------

/**
 * The version's stanzas ({"M.H": [text|null, …]}), fetched once (then from the cache, offline too) and
 * written into Pyodide's file system for `pyapp.search.translations`. Rejects with a one-line Error.
 */
export function ensure(id) {
  if (state.loaded.has(id)) return Promise.resolve(state.loaded.get(id));
  if (state.pending.has(id)) return state.pending.get(id);
  const promise = load(id).finally(() => state.pending.delete(id));
  state.pending.set(id, promise);
  return promise;
}

async function load(id) {
  const info = state.byId.get(id);
  const entry = info && info.file ? state.manifest?.files?.[info.file] : null;
  if (!entry) throw new Error(`The ${id} translation is not part of this build; rebuild the index with \`python -m corpus_build\`.`);
  const url = indexFileUrl(info.file, entry);
  let response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error(`${info.name}'s translation could not be downloaded${navigator.onLine ? "" : ": this browser is offline and it was not loaded before"}.`);
  }
  if (!response.ok) throw new Error(`${info.name}'s translation is missing (${info.file}: HTTP ${response.status}); rebuild the index.`);
  let done = 0;
  const bytes = await readWithProgress(response, (n) => setStatus(`${info.name}: ${formatMB(done += n)} / ${formatMB(entry.bytes)}`));
  if (entry.bytes && bytes.byteLength !== entry.bytes) {
    throw new Error(`${info.file} is ${bytes.byteLength} bytes, the manifest says ${entry.bytes}; rebuild the index.`);
  }
  let data;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error(`${info.file} is not valid JSON; rebuild the index.`);
  }
  if (!data || data.format !== 1 || data.id !== id || typeof data.hymns !== "object") {
    throw new Error(`${info.file} is not a translation file of this app; rebuild the index.`);
  }
  keepOffline(url, bytes);
  try {
    await state.files.write(info.file, bytes);
  } catch (err) {
    console.warn(`${info.file} could not be written for Python:`, err);
  }
  state.loaded.set(id, data.hymns);
  return data.hymns;
}

/** Put the file into the service worker's asset cache (it may not control this page yet). */
async function keepOffline(url, bytes) {
  if (!globalThis.caches) return;
  try {
    const cache = await caches.open(ASSET_CACHE);
    const key = new URL(url, location.href).href;
    if (!(await cache.match(key))) {
      await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/json", "Content-Length": String(bytes.byteLength) } }));
    }
  } catch (err) {
    console.warn("The translation could not be kept for offline use:", err);
  }
}

// ---- other lazy index files: a language's word list (issue 19) ---------------------------------------

const files = { loaded: new Set(), pending: new Map() };

function formatSize(bytes) {
  return bytes >= 1048576 ? formatMB(bytes) : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/**
 * A lazy index file (`languages/es.json`: the Spanish word list pyapp.reading.gloss reads), fetched once
 * when the first question that needs it arrives, its size said first; then kept like a translation (the
 * service worker's cache, so it opens offline, and Pyodide's file system). Rejects with a one-line Error.
 */
export function ensureFile(name, label = "", kind = "word list") {
  if (files.loaded.has(name)) return Promise.resolve(name);
  if (files.pending.has(name)) return files.pending.get(name);
  const promise = loadFile(name, label, kind).finally(() => files.pending.delete(name));
  files.pending.set(name, promise);
  return promise;
}

/** Whether this build has a lazy index file (a language's dictionary table exists only where FreeDict was installed). */
export function hasFile(name) {
  return Boolean(state.manifest?.files?.[name]);
}

async function loadFile(name, label, kind = "word list") {
  const entry = state.manifest?.files?.[name];
  if (!entry || !state.files) throw new Error(`${name} is not part of this build; rebuild the index.`);
  const what = label ? `the ${label} ${kind}` : name;
  const announce = `Reading ${label || "another language"}: fetching ${what} (${formatSize(entry.bytes)}) once; it is kept for offline use.`;
  toast(announce);
  document.documentElement.dataset.rvsLastFetch = announce; // the last such notice, for tests and screen readers' logs
  const url = indexFileUrl(name, entry);
  let response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error(`${what} could not be downloaded${navigator.onLine ? "" : ": this browser is offline and it was not loaded before"}.`);
  }
  if (!response.ok) throw new Error(`${what} is missing (${name}: HTTP ${response.status}); rebuild the index.`);
  const bytes = await readWithProgress(response, () => {});
  if (entry.bytes && bytes.byteLength !== entry.bytes) {
    throw new Error(`${name} is ${bytes.byteLength} bytes, the manifest says ${entry.bytes}; rebuild the index.`);
  }
  keepOffline(url, bytes);
  await state.files.write(name, bytes);
  files.loaded.add(name);
  return name;
}

// ---- credits ----------------------------------------------------------------------------------------

function coverageText(stanzas, coverage) {
  return `${thousands(stanzas)} stanzas (${coverage.toFixed(2)} %)`;
}

/** The footer's list: every version (and the padapāṭha) with coverage, licence and credit line. */
function renderCredits(footer) {
  const existing = footer && footer.querySelector("[data-testid=version-credits]");
  if (!footer || (existing && existing.dataset.filled)) return;
  const items = [];
  const pada = state.catalog.padapatha;
  if (pada) {
    items.push(h("li", {}, h("strong", {}, "Padapāṭha"), ` — Sanskrit, word by word, ${coverageText(pada.stanzas, pada.coverage)}, ${pada.licence}. ${pada.credit}`));
  }
  for (const v of state.catalog.versions) {
    items.push(h("li", { dataset: { version: v.id } }, h("strong", {}, v.name), `${v.default ? " (default)" : ""} — ${v.language_name}, ${coverageText(v.stanzas, v.coverage)}, ${v.licence}. ${v.credit}`));
  }
  const list = h("ul", {}, items);
  // index.html has the (folded) list from the first paint: only its items are filled in here
  if (existing) {
    const old = existing.querySelector("ul");
    if (old) old.replaceWith(list); else existing.append(list);
    existing.dataset.filled = "1";
    return;
  }
  footer.append(h("details", { class: "version-credits", "data-testid": "version-credits", dataset: { filled: "1" } },
    h("summary", {}, "Padapāṭha and translations: coverage, licences, credits (from VedaWeb’s TEI header)"), list));
}

// ---- start ----------------------------------------------------------------------------------------

async function readIndexJson(files, name) {
  return parseJson(await readIndexBytes(files, name));
}

async function readIndexBytes(files, name) {
  try {
    return await files.read(name);
  } catch {
    return null; // an index built without the versions step: no padapāṭha, Griffith only
  }
}

function parseJson(bytes) {
  try {
    return bytes ? JSON.parse(new TextDecoder().decode(bytes)) : null;
  } catch {
    return null;
  }
}

/** The padapāṭha table, parsed the first time a line is shown rather than at boot (no verse is shown then). */
function padaTable() {
  if (state.pada === null && state.padaBytes) {
    const pada = parseJson(state.padaBytes);
    state.padaBytes = null;
    state.pada = pada && pada.format === 1 ? pada.hymns : false;
  }
  return state.pada || null;
}

/**
 * After the boot: read the catalogue and the padapāṭha the boot already put into Pyodide's file
 * system, fill every slot, enable the pickers, list the credits, and bring back a remembered choice.
 */
export async function initVersions({ files, manifest, storage, footer }) {
  state.files = files;
  state.manifest = manifest;
  state.storage = storage;
  const catalog = await readIndexJson(files, CATALOG_FILE);
  if (!catalog || !Array.isArray(catalog.versions) || !catalog.versions.length) {
    footer?.querySelector("[data-testid=version-credits]:not([data-filled])")?.remove(); // nothing to list
    return;
  }
  state.catalog = catalog;
  state.byId = new Map(catalog.versions.map((v) => [v.id, v]));
  state.padaBytes = catalog.padapatha ? await readIndexBytes(files, catalog.padapatha.file) : null;
  state.ready = true;
  for (const select of state.pickers) fillPicker(select);
  refreshAll();
  renderCredits(footer);
  const saved = await storage?.getSetting(SETTING, null).catch(() => null);
  const id = saved && typeof saved.id === "string" ? saved.id : GRIFFITH;
  if (id !== GRIFFITH && state.byId.has(id)) choose(id);
}

watchPointing();

// For the agents' wiring (a question in German can ask for Geldner first): load a version into
// Pyodide's file system and read what is there.
globalThis.rvsVersions = {
  // (the progress line beside the picker is cleared unless the reader chose a version meanwhile)
  ensure: (id) => ensure(id).then(() => { if (!state.pending.size) setStatus(""); return `${FS_INDEX_DIR}/${state.byId.get(id).file}`; }),
  ensureFile,
  hasFile,
  chosen: () => state.chosen,
  catalog: () => state.catalog,
  loaded: () => [...state.loaded.keys()],
  choose,
};
