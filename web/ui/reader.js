// The hymn reader: maṇḍalas → hymns → a whole hymn in Devanagari, IAST and Griffith's English (each
// can be switched off), filters by deity, seer, metre and family book, permalinks with back/forward,
// "Copy link" / "Copy citation", and keys (/ j k n p Esc).
//
// Where the data comes from: two Python functions (pyapp/bridge.py → pyapp/reader.py) over the index
// the page loaded at start-up — `reader_hymn(ref)` for one hymn (its verses and the cleaned
// seer/deity/metre names of pyapp/facts.py) and `reader_catalog()` once for the lists and filters.
// No file is fetched, so a deep link opens offline as soon as the app has started from the cache.
//
// Addresses (hash routes, so any static host serves them): `#/read` the maṇḍalas, `#/3` one maṇḍala's
// hymns, `#/10.129` a hymn, `#/10.129.3` a verse in it; filters ride along (`#/read?seer=Vishvamitra`).
// `#/ask?q=…` (made only by "Share this question") puts a question into the box. The chat is the
// address without a hash. Every view change is a history entry, so back/forward move between them.
// Everything is built with dom.js (text nodes, never innerHTML).

import { h, clear, append, thousands, flash } from "./dom.js";
import { citationText, copyText, permalink } from "./cite.js";
import { padapathaLine, translationSlot, versionPicker } from "./versions.js";

const TEXTS = [
  { id: "deva", label: "Devanagari" },
  { id: "iast", label: "IAST" },
  { id: "pada", label: "Padapāṭha", extra: true }, // word by word (ui/versions.js); not one of the texts that must stay on
  { id: "english", label: "Griffith" },
];
const TEXTS_KEY = "rvs-reader-texts";
const FILTERS = [
  { id: "deity", label: "Deity", placeholder: "e.g. Agni, Ushas" },
  { id: "seer", label: "Seer", placeholder: "e.g. Vishvamitra" },
  { id: "metre", label: "Metre", placeholder: "e.g. Trishtubh" },
];
const SUGGESTIONS = 8;
const FAMILY_BOOKS = [2, 3, 4, 5, 6, 7];

const timings = (globalThis.rvsTimings = globalThis.rvsTimings || { stages: {} });

// ---- names without diacritics ------------------------------------------------------------------

/**
 * A spelling-insensitive form for matching names: diacritics off, lower case, and the ways IAST is
 * written in plain letters folded together (ś/ṣ = sh → s, c = ch = chh, ṛ = ri → r, doubled letters
 * once), so "Vishvamitra", "Visvamitra" and "Viśvāmitra" are the same word. Applied to both sides.
 */
export function fold(text) {
  return String(text || "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/[ch]*c[ch]*/g, "c").replace(/sh/g, "s").replace(/ri/g, "r")
    .replace(/([a-z])\1+/g, "$1")
    .trim();
}

const words = (text) => fold(text).split(" ").filter(Boolean);

/** A test for one value's words: every typed word starts one of them (order free). null: no filter. */
function matcher(query) {
  const tokens = words(query);
  if (!tokens.length) return null;
  return (valueWords) => tokens.every((t) => valueWords.some((w) => w.startsWith(t)));
}

// ---- addresses ------------------------------------------------------------------------------------

/** location.hash → route, or null for a hash that is not the reader's (e.g. the skip link's #query). */
export function parseRoute(hash) {
  const raw = String(hash || "");
  if (raw === "" || raw === "#" || raw === "#/") return { view: "chat" };
  if (!raw.startsWith("#/")) return null;
  const [path, query = ""] = raw.slice(2).split("?");
  const params = new URLSearchParams(query);
  const filters = {};
  for (const key of ["deity", "seer", "metre", "book"]) {
    const value = (params.get(key) || "").trim();
    if (value) filters[key] = value.slice(0, 80);
  }
  if (path === "ask") return { view: "ask", q: params.get("q") || "" };
  if (path === "read" || path === "") return { view: "home", filters };
  let m = path.match(/^(\d{1,2})$/);
  if (m) return { view: "mandala", mandala: Number(m[1]), filters };
  m = path.match(/^(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?$/);
  if (m) return { view: "hymn", ref: `${Number(m[1])}.${Number(m[2])}`, verse: m[3] ? Number(m[3]) : null };
  return { view: "home", filters, unknown: path };
}

/** Where a list's filters search: "in maṇḍala 7", "in the family books (2–7)", "in all maṇḍalas". */
export function scopeText(route) {
  const book = route.filters?.book;
  if (route.view === "mandala") return `Filters search in maṇḍala ${route.mandala}`;
  if (book === "family") return "Filters search in the family books (maṇḍalas 2–7)";
  if (book) return `Filters search in maṇḍala ${book}`;
  return "Filters search in all maṇḍalas";
}

/** route → hash (the inverse of parseRoute for the reader's own views). */
export function routeHash(route) {
  if (route.view === "chat") return "";
  if (route.view === "hymn") return `#/${route.ref}${route.verse ? `.${route.verse}` : ""}`;
  const params = new URLSearchParams();
  for (const key of ["deity", "seer", "metre", "book"]) if (route.filters?.[key]) params.set(key, route.filters[key]);
  const query = params.toString() ? `?${params.toString().replace(/\+/g, "%20")}` : "";
  return route.view === "mandala" ? `#/${route.mandala}${query}` : `#/read${query}`;
}

const addressOf = (hash) => `${location.pathname}${location.search}${hash}`;

let active = null;

/** Go to a reader address (or "" for the chat) as a new history entry; cards use this. */
export function go(hash, options = {}) {
  if (active) active.go(hash, options);
  else location.hash = hash;
}

// ---- the reader -------------------------------------------------------------------------------

export class Reader {
  /**
   * @param {object} o
   * @param {HTMLElement} o.main      where the reader's section goes (next to the conversation)
   * @param {HTMLTextAreaElement} o.query  the question box (`/` focuses it, `#/ask` fills it)
   */
  constructor({ main, query }) {
    this.query = query;
    this.bridge = null;
    this.failed = null;
    this.catalogData = null;
    this.key = null;
    this.route = null;
    this.hymn = null; // the hymn on screen: {data, verses: [article]}
    this.chatScroll = 0;
    this.savedTexts = null; // which texts the reader shows: read from localStorage when first needed (see `texts`)
    this.body = h("div", { class: "reader-body" });
    this.crumbs = h("nav", { class: "reader-crumbs", "aria-label": "Reader" });
    this.root = h("section", {
      id: "reader", class: "reader", "data-testid": "reader", "aria-label": "Hymn reader", hidden: true, tabindex: "-1",
    }, this.crumbs, this.body);
    main.append(this.root);
    timings.reader = { opens: [], catalogMs: null };
  }

  /** Listen to the address and the keys; show what the address asks for (before Python is ready too). */
  start() {
    active = this;
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    window.addEventListener("popstate", () => this.render());
    window.addEventListener("hashchange", () => this.render());
    window.addEventListener("keydown", (e) => this.onKey(e), true);
    document.addEventListener("click", (e) => this.onClick(e));
    this.render();
  }

  /** Python is ready: show the view the address asked for. */
  attach(bridge) {
    this.bridge = bridge;
    this.key = null;
    this.render();
  }

  /** The app could not start: say so where the reader is looking. */
  bootFailed(message) {
    this.failed = message || "The app could not start.";
    this.key = null;
    this.render();
  }

  get reading() { return document.body.classList.contains("reading"); }

  /** The texts shown, read when the reader is first shown, not at start-up: a page's first localStorage
   * access waits for the browser to open its storage (a blocking call: 70 ms of a busy boot, measured) */
  get texts() { return this.savedTexts || (this.savedTexts = loadTexts()); }

  // ---- history --------------------------------------------------------------------------------

  /**
   * Each history entry of ours carries `depth`: how many reader entries lie above the chat entry it
   * came from (null when the reader was opened from outside, e.g. a shared link). Esc goes back that
   * many steps, so the conversation comes back exactly as it was and forward returns to the reader.
   */
  go(hash, { replace = false } = {}) {
    const target = parseRoute(hash);
    if (!target) return;
    const state = history.state && history.state.rvsReader ? history.state : null;
    const here = parseRoute(location.hash);
    let depth;
    if (target.view === "chat") depth = 0;
    else if (replace) depth = state ? state.depth : null;
    else if (!here || here.view === "chat") depth = 1;
    else depth = state && typeof state.depth === "number" ? state.depth + 1 : null;
    const entry = { rvsReader: true, depth };
    if (replace) history.replaceState(entry, "", addressOf(hash));
    else history.pushState(entry, "", addressOf(hash));
    this.render();
  }

  /** Back to the conversation: through history when we came from it, else as a new entry. */
  close() {
    this.showChat();
    const depth = history.state && history.state.rvsReader ? history.state.depth : null;
    if (typeof depth === "number" && depth > 0) history.go(-depth);
    else this.go("");
  }

  // ---- routing ----------------------------------------------------------------------------------

  render() {
    const route = parseRoute(location.hash);
    if (!route) return; // not ours (the skip link): leave the view as it is
    const key = `${routeHash(route)}|${route.view === "ask" ? route.q : ""}`;
    if (key === this.key) return;
    this.key = key;
    this.route = route;
    if (route.view === "chat") { this.showChat(); return; }
    if (route.view === "ask") { this.fillQuestion(route.q); return; }
    this.showReader();
    if (this.failed) { this.message(this.failed); return; }
    if (!this.bridge) { this.loading(route); return; }
    this.show(route).catch((err) => {
      console.error(err);
      this.message(`This page of the reader could not be shown: ${err && err.message ? err.message : err}`);
    });
  }

  /** Python answers by message (it runs in a worker): a route left meanwhile is not drawn. */
  async show(route) {
    if (route.view === "hymn") {
      await this.openHymn(route);
      return;
    }
    await this.loadCatalog();
    if (this.route === route) this.openList(route);
  }

  showChat() {
    if (!this.reading) return;
    document.body.classList.remove("reading");
    this.root.hidden = true;
    window.scrollTo(0, this.chatScroll);
  }

  showReader() {
    if (this.reading) return;
    this.chatScroll = window.scrollY;
    document.body.classList.add("reading");
    if (!this.textsApplied) this.applyTexts();
    this.root.hidden = false;
  }

  fillQuestion(question) {
    this.showChat();
    // the question leaves the address at once: it stays private from here on
    history.replaceState({ rvsReader: true, depth: 0 }, "", addressOf(""));
    this.key = `|`;
    if (this.query && question) {
      this.query.value = question.slice(0, 20000);
      this.query.dispatchEvent(new Event("input"));
      if (!this.query.disabled) this.query.focus();
    }
  }

  // ---- views --------------------------------------------------------------------------------------

  setCrumbs(parts) {
    const items = [h("a", { href: "#/read", "data-testid": "reader-home" }, "All maṇḍalas")];
    for (const [label, hash] of parts) items.push(h("span", { class: "sep", "aria-hidden": "true" }, "›"), hash ? h("a", { href: hash }, label) : h("span", { "aria-current": "page" }, label));
    clear(this.crumbs).append(
      h("span", { class: "reader-path" }, items),
      h("button", { type: "button", class: "reader-close", "data-testid": "reader-close", title: "Back to the conversation (Esc)", onclick: () => this.close() }, "✕ Close"),
    );
  }

  loading(route) {
    this.setCrumbs([]);
    this.root.dataset.view = route.view;
    this.root.dataset.state = "loading";
    const what = route.view === "hymn" ? `RV ${route.ref}${route.verse ? `.${route.verse}` : ""}` : "the hymn list";
    clear(this.body).append(h("p", { class: "muted reader-wait" }, `Opening ${what} as soon as the library has loaded…`));
  }

  message(text) {
    this.setCrumbs([]);
    this.root.dataset.state = "error";
    clear(this.body).append(h("p", { class: "reader-error", role: "alert", "data-testid": "reader-error" }, text));
  }

  /** The catalogue the lists and filters read (`catalog()`), asked of Python once. */
  async loadCatalog() {
    if (this.catalogData) return;
    const t0 = performance.now();
    const data = JSON.parse(await this.bridge.reader_catalog());
    if (!data.success) throw new Error(data.error || "the hymn list could not be made");
    const fields = data.fields;
    const hymns = data.rows.map((row) => {
      const hymn = Object.fromEntries(fields.map((name, i) => [name, row[i]]));
      hymn.keys = {
        deity: [...hymn.deities, hymn.addressee].filter(Boolean).map(words),
        seer: hymn.seers.map(words),
        metre: hymn.metres.map(words),
      };
      return hymn;
    });
    // every distinct name of a facet with the hymns it is given for (suggestions, most frequent first)
    const values = {};
    for (const [id, column] of [["deity", "deities"], ["seer", "seers"], ["metre", "metres"]]) {
      const counts = new Map();
      for (const hymn of hymns) for (const value of hymn[column]) counts.set(value, (counts.get(value) || 0) + 1);
      // spellings that fold alike ("Agni", "Agnī") are one suggestion: the most frequent one
      const seen = new Set();
      values[id] = [...counts].sort((a, b) => b[1] - a[1]).map(([value]) => ({ value, key: fold(value), words: words(value) }))
        .filter((v) => v.key && !seen.has(v.key) && seen.add(v.key));
    }
    // a god's or seer's name typed whole lists the hymns the answers count for it (pyapp/counts.py)
    const facets = {};
    for (const [id, table] of Object.entries(data.facets || {})) {
      const map = new Map();
      for (const [key, refs] of Object.entries(table)) {
        const folded = fold(key);
        map.set(folded, new Set([...(map.get(folded) || []), ...refs]));
      }
      facets[id] = map;
    }
    this.catalogData = { hymns, mandalas: data.mandalas, values, facets };
    timings.reader.catalogMs = Math.round(performance.now() - t0);
  }

  catalog() {
    if (!this.catalogData) throw new Error("the hymn list is still loading");
    return this.catalogData;
  }

  /** Hymns passing the route's filters (within its maṇḍala or family book). */
  filtered(route) {
    const { hymns, facets } = this.catalog();
    const tests = FILTERS.map((f) => {
      const query = route.filters?.[f.id];
      const counted = query && facets[f.id]?.get(fold(query).replace(/^the /, ""));
      return [f.id, counted ? { refs: counted } : matcher(query)];
    }).filter(([, test]) => test);
    const book = route.filters?.book;
    return hymns.filter((hymn) => {
      if (route.view === "mandala" && hymn.mandala !== route.mandala) return false;
      if (book === "family" && !FAMILY_BOOKS.includes(hymn.mandala)) return false;
      if (book && book !== "family" && String(hymn.mandala) !== book) return false;
      return tests.every(([id, test]) => (test.refs ? test.refs.has(hymn.ref) : hymn.keys[id].some(test)));
    });
  }

  openList(route) {
    const { mandalas } = this.catalog();
    this.hymn = null;
    this.root.dataset.view = route.view;
    delete this.root.dataset.ref;
    const mandala = route.view === "mandala" ? mandalas.find((m) => m.mandala === route.mandala) : null;
    if (route.view === "mandala" && !mandala) {
      this.message(`Maṇḍala ${route.mandala} does not exist: the RigVeda has maṇḍalas 1–10.`);
      return;
    }
    this.setCrumbs(mandala ? [[`Maṇḍala ${mandala.mandala}`, null]] : []);
    const title = mandala
      ? h("h2", { class: "reader-title" }, `Maṇḍala ${mandala.mandala}`,
        h("span", { class: "reader-subtitle" }, ` · ${mandala.hymns} hymns · ${mandala.verses} verses${mandala.family ? ` · family book of ${mandala.family}` : ""}`))
      : h("h2", { class: "reader-title" }, "Read the hymns");
    this.results = h("div", { class: "reader-results" });
    this.count = h("p", { class: "reader-count", "data-testid": "reader-count", "aria-live": "polite" });
    this.suggest = h("ul", { class: "reader-suggest", "data-testid": "reader-suggest", hidden: true });
    const pager = mandala ? this.mandalaPager(mandala.mandala, mandalas.length) : null;
    append(clear(this.body), [title,
      route.unknown ? h("p", { class: "muted" }, `“${route.unknown.slice(0, 40)}” is not a reader address; here are the maṇḍalas.`) : null,
      this.filterForm(route), this.suggest, this.count, this.results, pager]);
    this.updateList(route);
    this.root.dataset.state = "ready";
  }

  mandalaPager(number, total) {
    return h("nav", { class: "reader-pager", "aria-label": "Maṇḍalas" },
      number > 1 ? h("a", { href: `#/${number - 1}`, "data-testid": "reader-prev", rel: "prev" }, `← Maṇḍala ${number - 1}`) : h("span"),
      number < total ? h("a", { href: `#/${number + 1}`, "data-testid": "reader-next", rel: "next" }, `Maṇḍala ${number + 1} →`) : h("span"));
  }

  filterForm(route) {
    const inputs = FILTERS.map((f) => {
      const input = h("input", {
        type: "search", id: `reader-filter-${f.id}`, "data-testid": `reader-filter-${f.id}`, placeholder: f.placeholder,
        autocomplete: "off", spellcheck: "false", value: route.filters?.[f.id] || "",
        "aria-describedby": "reader-filter-scope reader-filter-help",
      });
      input.value = route.filters?.[f.id] || "";
      input.addEventListener("input", () => { this.changeFilter(f.id, input.value); this.showSuggestions(f.id, input); });
      input.addEventListener("focus", () => this.showSuggestions(f.id, input));
      input.addEventListener("blur", () => setTimeout(() => { if (!this.suggest.contains(document.activeElement)) this.suggest.hidden = true; }, 150));
      return h("label", { class: "reader-filter", for: `reader-filter-${f.id}` }, h("span", {}, f.label), input);
    });
    const { hymns, mandalas } = this.catalog();
    const familyCount = hymns.filter((x) => FAMILY_BOOKS.includes(x.mandala)).length;
    const book = h("select", { id: "reader-filter-book", "data-testid": "reader-filter-book" },
      h("option", { value: "" }, "All books"),
      h("option", { value: "family" }, `Family books 2–7 (${familyCount} hymns)`),
      mandalas.filter((m) => m.family).map((m) => h("option", { value: String(m.mandala) }, `${m.mandala} · ${m.family} (${m.hymns} hymns)`)));
    book.value = route.filters?.book || "";
    book.addEventListener("change", () => this.changeFilter("book", book.value));
    const bookLabel = route.view === "mandala" ? null
      : h("label", { class: "reader-filter", for: "reader-filter-book" }, h("span", {}, "Family book"), book);
    // where the filters search, said in the form itself (a maṇḍala's page searches that maṇḍala only)
    this.scope = h("p", { id: "reader-filter-scope", class: "reader-scope reader-help muted", "data-testid": "reader-scope" },
      scopeText(route));
    return h("form", { class: "reader-filters", role: "search", onsubmit: (e) => e.preventDefault() },
      inputs, bookLabel, this.scope,
      h("p", { id: "reader-filter-help", class: "reader-help muted" }, "Names match without diacritics (“Vishvamitra” finds Viśvāmitra). A hymn is listed when any of its verses has that deity, seer or metre."));
  }

  changeFilter(id, value) {
    const route = { ...this.route, filters: { ...(this.route.filters || {}) } };
    if (value.trim()) route.filters[id] = value.trim(); else delete route.filters[id];
    this.route = route;
    const hash = routeHash(route);
    this.key = `${hash}|`;
    // a filter is an address too, without a history entry per keystroke
    history.replaceState(history.state, "", addressOf(hash));
    this.updateList(route);
  }

  showSuggestions(id, input) {
    const { values } = this.catalog();
    const test = matcher(input.value);
    const scope = { ...this.route, filters: { ...(this.route.filters || {}) } };
    const picks = values[id].filter((v) => !test || test(v.words)).slice(0, SUGGESTIONS);
    clear(this.suggest);
    for (const pick of picks) {
      scope.filters[id] = pick.value;
      const count = this.filtered(scope).length;
      if (!count) continue;
      this.suggest.append(h("li", {}, h("button", {
        type: "button", class: "reader-suggestion", "data-testid": "reader-suggestion",
        onclick: () => { input.value = pick.value; this.changeFilter(id, pick.value); this.suggest.hidden = true; input.focus(); },
      }, h("span", {}, pick.value), h("span", { class: "muted" }, ` ${count} ${count === 1 ? "hymn" : "hymns"}`))));
    }
    this.suggest.hidden = !this.suggest.childElementCount;
  }

  updateList(route) {
    const filters = route.filters || {};
    const labels = FILTERS.filter((f) => filters[f.id]).map((f) => filters[f.id]);
    if (filters.book) labels.push(filters.book === "family" ? "family books" : `book ${filters.book}`);
    clear(this.results);
    if (route.view === "home" && !labels.length) {
      const { mandalas, hymns } = this.catalog();
      this.count.textContent = `${mandalas.length} maṇḍalas, ${thousands(hymns.length)} hymns. Pick a maṇḍala, or narrow the list by deity, seer, metre or family book.`;
      this.results.append(h("ol", { class: "mandala-list" }, mandalas.map((m) => h("li", {}, h("a", {
        href: `#/${m.mandala}`, class: "mandala-link", "data-testid": "reader-mandala", "data-mandala": m.mandala,
      }, h("strong", {}, `Maṇḍala ${m.mandala}`), h("span", {}, `${m.hymns} hymns · ${m.verses} verses`),
      m.family ? h("span", { class: "muted" }, `family book of ${m.family}`) : null)))));
      return;
    }
    const found = this.filtered(route);
    if (this.scope) this.scope.textContent = scopeText(route);
    const where = route.view === "mandala" ? ` in maṇḍala ${route.mandala}` : "";
    const n = `${found.length} ${found.length === 1 ? "hymn" : "hymns"}`;
    this.count.textContent = labels.length ? `${labels.join(" · ")}: ${n}${where}` : `${n}${where}`;
    if (!found.length) {
      // searched a part only (a maṇḍala, a family book): offer the whole RigVeda when it has some
      const narrowed = route.view === "mandala" || Boolean(route.filters?.book);
      const wide = { view: "home", filters: { ...(route.filters || {}) } };
      delete wide.filters.book;
      const everywhere = narrowed ? this.filtered(wide).length : 0;
      this.results.append(h("p", { class: "muted", "data-testid": "reader-none" },
        `No hymn ${scopeText(route).replace(/^Filters search /, "")} matches. `,
        everywhere ? h("a", { href: routeHash(wide), class: "reader-widen", "data-testid": "reader-widen" },
          `Search all maṇḍalas (${everywhere} ${everywhere === 1 ? "hymn" : "hymns"})`)
          : "Try fewer letters or another spelling."));
      return;
    }
    let list = null;
    let current = 0;
    for (const hymn of found) {
      if (route.view !== "mandala" && hymn.mandala !== current) {
        current = hymn.mandala;
        const inBook = found.filter((x) => x.mandala === current).length;
        this.results.append(h("h3", { class: "reader-group" }, h("a", { href: `#/${current}` }, `Maṇḍala ${current}`), ` · ${inBook}`));
        list = null;
      }
      if (!list) { list = h("ol", { class: "hymn-list" }); this.results.append(list); }
      list.append(h("li", {}, h("a", { href: `#/${hymn.ref}`, class: "hymn-row", "data-testid": "reader-hymn", "data-ref": hymn.ref },
        h("span", { class: "hymn-num" }, hymn.ref),
        h("span", { class: "hymn-addr" }, capital(hymn.addressee || hymn.deities[0] || "")),
        h("span", { class: "hymn-seer" }, hymn.seers[0] || ""),
        h("span", { class: "hymn-metre" }, hymn.metres.slice(0, 2).join(", ")),
        h("span", { class: "hymn-count" }, `${hymn.verses} v.`))));
    }
  }

  // ---- one hymn -------------------------------------------------------------------------------------

  async openHymn(route) {
    const t0 = performance.now();
    if (this.hymn && this.hymn.data.ref === route.ref && this.root.dataset.view === "hymn") {
      this.highlight(route.verse, { scroll: true });
      return;
    }
    const data = JSON.parse(await this.bridge.reader_hymn(route.verse ? `${route.ref}.${route.verse}` : route.ref));
    if (this.route !== route) return; // the reader went elsewhere meanwhile
    this.root.dataset.view = "hymn";
    if (!data.success) {
      this.hymn = null;
      this.message(data.error || `RV ${route.ref} could not be found.`);
      return;
    }
    this.renderHymn(data);
    this.highlight(route.verse, { scroll: true });
    void this.root.offsetHeight; // layout included in the timing
    const ms = performance.now() - t0;
    const record = { ref: data.ref, verses: data.verses.length, ms: Math.round(ms * 10) / 10, paintMs: null };
    timings.reader.opens.push(record);
    requestAnimationFrame(() => setTimeout(() => { record.paintMs = Math.round((performance.now() - t0) * 10) / 10; }, 0));
  }

  renderHymn(data) {
    const ref = data.ref;
    this.root.dataset.ref = ref;
    this.root.dataset.state = "ready";
    this.setCrumbs([[`Maṇḍala ${data.mandala}`, `#/${data.mandala}`], [`Hymn ${data.hymn}`, null]]);
    const col = Object.fromEntries(data.fields.map((name, i) => [name, i]));
    const facts = [
      ["Seer", runsText(data.seers, data.verses.length)],
      ["Deity", runsText(data.deities, data.verses.length)],
      ["Metre", runsText(data.metres, data.verses.length)],
      ["Group", data.group],
    ].filter(([, value]) => value);
    const perVerse = (runs) => (runs.filter((r) => r[2]).length > 1 ? runs : null);
    const deityRuns = perVerse(data.deities);
    const metreRuns = perVerse(data.metres);
    const articles = data.verses.map((row) => {
      const number = row[col.verse];
      const vref = `${ref}.${number}`;
      const iast = row[col.iast];
      const translation = row[col.translation];
      const notes = [runAt(deityRuns, number), runAt(metreRuns, number)].filter(Boolean).join(" · ");
      return h("article", {
        class: "reader-verse", "data-testid": "reader-verse", "data-ref": vref, id: `v${vref}`, tabindex: "-1",
        "aria-label": `Rigveda ${vref}`,
      },
      h("header", { class: "reader-verse-head" },
        h("a", { href: `#/${vref}`, class: "reader-verse-ref", title: "Link to this verse" }, `${data.mandala}.${data.hymn}.${number}`),
        notes ? h("span", { class: "reader-verse-note muted" }, notes) : null,
        h("span", { class: "reader-verse-actions" },
          h("button", { type: "button", class: "link-button", "data-testid": "copy-link", onclick: () => copyText(permalink(vref), "Link") }, "Copy link"),
          h("button", {
            type: "button", class: "link-button", "data-testid": "copy-citation",
            onclick: () => copyText(citationText({ ref: vref, iast, translation }), "Citation"),
          }, "Copy citation"))),
      h("p", { class: "deva", lang: "sa-Deva" }, row[col.sanskrit] || ""),
      h("p", { class: "iast", lang: "sa-Latn" }, iast || ""),
      padapathaLine(vref),
      // Griffith and the chosen translation: side by side on a wide screen (styles.css, issue 14)
      h("div", { class: "reader-trans" },
        h("p", { class: "translation", lang: "en" }, translation || "(Griffith left this verse untranslated.)"),
        translationSlot(vref)));
    });
    const pager = (where) => h("nav", { class: `reader-pager ${where}`, "aria-label": "Hymns" },
      data.prev ? h("a", { href: `#/${data.prev}`, "data-testid": where === "top" ? "reader-prev" : null, rel: "prev", title: "Previous hymn (p)" }, `← RV ${data.prev}`) : h("span"),
      data.next ? h("a", { href: `#/${data.next}`, "data-testid": where === "top" ? "reader-next" : null, rel: "next", title: "Next hymn (n)" }, `RV ${data.next} →`) : h("span"));
    const toggles = h("fieldset", { class: "reader-texts" }, h("legend", { class: "visually-hidden" }, "Texts to show"),
      TEXTS.map((t) => {
        const box = h("input", { type: "checkbox", "data-testid": `reader-toggle-${t.id}`, checked: this.texts[t.id] });
        box.addEventListener("change", () => {
          this.texts[t.id] = box.checked;
          if (!TEXTS.some((x) => !x.extra && this.texts[x.id])) { this.texts[t.id] = true; box.checked = true; } // one stays on
          saveTexts(this.texts);
          this.applyTexts();
        });
        return h("label", { class: "toggle" }, box, ` ${t.label}`);
      }));
    clear(this.body).append(
      h("header", { class: "reader-hymn-head" },
        h("h2", { class: "reader-title" }, `RV ${ref}`, data.addressee ? h("span", { class: "reader-subtitle" }, ` · ${capital(data.addressee)}`) : null),
        h("dl", { class: "reader-facts" }, facts.map(([label, value]) => h("div", {}, h("dt", {}, label), h("dd", {}, value)))),
        h("div", { class: "reader-tools" }, toggles,
          versionPicker({ testid: "reader-version-select", id: "reader-version-select" }),
          h("button", { type: "button", class: "link-button", "data-testid": "copy-link", onclick: () => copyText(permalink(this.currentRef() || ref), "Link") }, "Copy link"),
          h("span", { class: "reader-keys muted" }, "j / k verse · p / n hymn · Esc close")),
        pager("top")),
      h("ol", { class: "reader-verses", "aria-label": `The ${data.verses.length} verses of RV ${ref}` }, articles.map((a) => h("li", {}, a))),
      pager("bottom"));
    this.hymn = { data, verses: articles };
  }

  /** Mark verse `number` (or none) as the current one; it is scrolled into view and focused. */
  highlight(number, { scroll = false } = {}) {
    if (!this.hymn) return;
    let target = null;
    for (const article of this.hymn.verses) {
      const on = number !== null && number !== undefined && article.dataset.ref === `${this.hymn.data.ref}.${number}`;
      article.classList.toggle("current", on);
      if (on) target = article;
    }
    if (target) {
      target.focus({ preventScroll: true });
      if (scroll) target.scrollIntoView({ block: "center" });
      flash(target);
    } else if (scroll) {
      window.scrollTo(0, 0);
      this.root.focus({ preventScroll: true });
    }
  }

  currentRef() {
    return this.hymn?.verses.find((a) => a.classList.contains("current"))?.dataset.ref || null;
  }

  /** j / k: the next or previous verse becomes current; the address follows without a new entry. */
  moveVerse(step) {
    if (!this.hymn) return;
    const list = this.hymn.verses;
    const at = list.findIndex((a) => a.classList.contains("current"));
    const next = at < 0 ? (step > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, at + step));
    const number = Number(list[next].dataset.ref.split(".")[2]);
    const route = { view: "hymn", ref: this.hymn.data.ref, verse: number };
    this.route = route;
    this.key = `${routeHash(route)}|`;
    history.replaceState(history.state, "", addressOf(routeHash(route)));
    this.highlight(number, { scroll: true });
  }

  applyTexts() {
    this.textsApplied = true;
    for (const t of TEXTS) this.root.classList.toggle(`hide-${t.id}`, !this.texts[t.id]);
  }

  // ---- keys and links ---------------------------------------------------------------------------

  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const target = e.target instanceof Element ? e.target : null;
    const typing = target && target.closest("input, textarea, select, [contenteditable='true']");
    if (e.key === "Escape") {
      if (!this.reading || document.body.classList.contains("sidebar-open")) return;
      if (typing && typing.value) return; // Esc clears a search box first
      e.preventDefault();
      this.close();
      return;
    }
    if (typing) return;
    if (e.key === "/") {
      e.preventDefault();
      if (this.reading) this.close();
      if (this.query && !this.query.disabled) this.query.focus();
      return;
    }
    if (!this.reading || !this.hymn || this.root.dataset.view !== "hymn") return;
    const data = this.hymn.data;
    if (e.key === "j") { e.preventDefault(); this.moveVerse(1); }
    else if (e.key === "k") { e.preventDefault(); this.moveVerse(-1); }
    else if ((e.key === "n" || e.key === "ArrowRight") && data.next) { e.preventDefault(); this.go(`#/${data.next}`); }
    else if ((e.key === "p" || e.key === "ArrowLeft") && data.prev) { e.preventDefault(); this.go(`#/${data.prev}`); }
  }

  onClick(e) {
    if (e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    // the conversation list and "New chat" bring the conversation back
    if (this.reading && target.closest(".history-item, [data-testid=new-chat]")) { this.close(); return; }
    const link = target.closest("a[href^='#/']");
    if (!link) return;
    e.preventDefault();
    this.go(link.getAttribute("href"));
  }
}

// ---- small helpers -----------------------------------------------------------------------------------

function capital(text) {
  const s = String(text || "");
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** [[1, 15, "Gāthina Viśvāmitra"], [16, 18, "alternatively Jamadagni"]] → "Gāthina Viśvāmitra (1–15); alternatively Jamadagni (16–18)". */
function runsText(runs, total) {
  const named = (runs || []).filter((r) => r[2]);
  if (!named.length) return "";
  if (named.length === 1 && named[0][0] === 1 && named[0][1] === total) return named[0][2];
  return named.map(([a, b, v]) => `${v} (${a === b ? a : `${a}–${b}`})`).join("; ");
}

function runAt(runs, verse) {
  if (!runs) return "";
  const run = runs.find(([a, b]) => verse >= a && verse <= b);
  return run ? run[2] : "";
}

function loadTexts() {
  const texts = { deva: true, iast: true, pada: true, english: true };
  try {
    const saved = JSON.parse(localStorage.getItem(TEXTS_KEY) || "{}");
    for (const t of TEXTS) if (typeof saved[t.id] === "boolean") texts[t.id] = saved[t.id];
  } catch { /* storage blocked or damaged: all texts on */ }
  if (!TEXTS.some((t) => !t.extra && texts[t.id])) texts.deva = texts.iast = texts.english = true;
  return texts;
}

function saveTexts(texts) {
  try { localStorage.setItem(TEXTS_KEY, JSON.stringify(texts)); } catch { /* not kept: fine */ }
}
