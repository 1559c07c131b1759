// RigVeda Scholar — page entry point. Wires the UI modules together:
// connect policy → storage (checked) → engines bridge (optional) → boot (Python + index) → chat,
// history, settings → offline cache.

import { applyConnectPolicy, guardEngines, takeResume } from "./connect.js";
import { rvsStorage } from "./storage.js";
import { $, h, clear } from "./ui/dom.js";
import { setErrorHost, showError, clearError, toast } from "./ui/notice.js";
import { showBanner, hideBanner, watchConnectivity } from "./ui/banner.js";
import { Settings } from "./ui/settings.js";
import { History } from "./ui/history.js";
import { Chat } from "./ui/chat.js";
import { Reader } from "./ui/reader.js";
import { initVersions, versionPicker } from "./ui/versions.js";
import { watchForUpdates } from "./ui/update.js";
import { prefetchBoot } from "./python/prefetch.js";

const query = $("#query");
const askButton = $("#ask");
const stopButton = $("#stop");

function setComposerEnabled(enabled, busy = false) {
  query.disabled = !enabled;
  askButton.disabled = !enabled || busy;
  stopButton.disabled = !busy;
}

/** The question box's hint, shorter where the long one would be cut off (a 390 px phone). */
function fitPlaceholder() {
  const long = query.dataset.placeholderLong || (query.dataset.placeholderLong = query.placeholder);
  const narrow = globalThis.matchMedia?.("(max-width: 480px)");
  const set = () => { query.placeholder = narrow?.matches ? "Ask, or type a verse like 10.129.1" : long; };
  set();
  narrow?.addEventListener?.("change", set);
}

function autoGrow() {
  query.style.height = "auto";
  query.style.height = `${Math.min(query.scrollHeight, 200)}px`;
}

function setupSidebar() {
  const toggle = $("#history-toggle");
  const sidebar = $("#sidebar");
  const set = (open) => {
    document.body.classList.toggle("sidebar-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => set(!document.body.classList.contains("sidebar-open")));
  sidebar.addEventListener("click", (e) => { if (e.target.closest(".history-item, [data-testid=new-chat]")) set(false); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") set(false); });
}

/** Load H6's engines bridge if it is there; the app works without it (no-LLM mode). Its `select`
 * is wrapped so an engine that needs another origin first gets it into this page's policy
 * (connect.js: cookie + one reload). */
async function loadEngines() {
  try {
    await import("./bridge.js");
  } catch (err) {
    console.warn("Engine bridge unavailable; only the no-LLM mode is offered.", err);
    return;
  }
  if (!globalThis.rvsEngines) return;
  globalThis.rvsEngines = guardEngines(globalThis.rvsEngines, {
    choiceId: () => $("#engine-select")?.value || "",
    onReload: (origins) => showBanner("connect",
      `Allowing this page to reach ${origins.map((o) => o.replace(/^https?:\/\//, "")).join(", ")} — reloading once…`,
      { dismissible: false }),
  });
}

/** Resolves when the page's thread is next idle (at most `timeout` ms from now): a separate task. */
function whenIdle(timeout = 1500) {
  return new Promise((resolve) => {
    if (typeof globalThis.requestIdleCallback === "function") globalThis.requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 50);
  });
}

/** A model load interrupted by the policy reload (connect.js) continues by itself. */
function resumeEngineLoad(settings) {
  const pending = takeResume();
  if (!pending) return;
  const choice = typeof settings.entry === "function" ? settings.entry(pending.id) : null;
  if (choice && choice.engine === pending.engine && typeof settings.load === "function") {
    if (settings.select) settings.select.value = choice.id;
    settings.load(choice, pending.url || "");
    return;
  }
  globalThis.rvsEngines?.select(pending.engine, pending.model ?? null, pending.url ? { url: pending.url } : {}, () => {})
    .then(() => toast("The engine is ready."))
    .catch((err) => showError(err && err.message ? err.message.split("\n")[0] : "The engine could not be loaded."));
}

function showStorageNotices(notices) {
  if (notices && notices.length) showBanner("storage", notices.join(" "), { kind: "warn" });
}

/** Cache the app for offline use once it has booted (so the two never compete for bandwidth). */
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let settle;
  // engines/wllama.js waits for this too: the first visit's caching (hashing every file) is CPU work
  globalThis.rvsOfflineReady = new Promise((resolve) => { settle = resolve; });
  try {
    await navigator.serviceWorker.register("sw.js");
    await navigator.serviceWorker.ready;
    const mark = () => {
      if (navigator.serviceWorker.controller) { document.documentElement.dataset.offline = "ready"; settle(); }
    };
    navigator.serviceWorker.addEventListener("controllerchange", mark);
    mark();
  } catch (err) {
    console.warn("Offline cache unavailable:", err);
    document.documentElement.dataset.offline = "unavailable";
    settle();
  }
}

/** The Devanagari face: no verse is shown before Python is ready, so its stylesheet is linked then (from
 * index.html it held up the first paint; a stylesheet added restyles the page, so not during the boot). */
function linkFonts() {
  if (document.querySelector('link[href$="vendor/fonts/fonts.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "vendor/fonts/fonts.css" }));
}

async function main() {
  applyConnectPolicy(); // first: before anything could fetch off this site
  // a first visit: the boot's files start downloading now, not once the Python worker is up (prefetch.js)
  prefetchBoot().catch((err) => console.warn(err));
  setErrorHost($("#error-slot"));
  watchConnectivity();
  // opening (on a first visit: creating) and checking the database is a burst of callbacks on this thread:
  // not in the same moments as the page's first modules and paint
  const storageChecked = whenIdle().then(() => rvsStorage.ready()).then(showStorageNotices).catch((err) => console.warn(err));
  setupSidebar();
  query.addEventListener("input", autoGrow);
  fitPlaceholder();
  // The question box takes typing from first paint. A question sent before Python is ready waits
  // in `queued` (a banner says so; Stop cancels it) and is asked the moment the chat exists.
  let chat = null;
  let queued = null;
  const clearQueued = () => { queued = null; hideBanner("queued"); };
  const send = async () => {
    const text = query.value;
    if (chat?.busy || queued !== null) return;
    if (!text.trim()) {
      showError("Type a question about the RigVeda first (for example “Who are the Maruts?”), or a verse such as 10.129.1.");
      query.focus();
      return;
    }
    if (!chat) {
      clearError();
      queued = text;
      showBanner("queued", `Your question will be answered as soon as the library has loaded: “${text.trim().slice(0, 120)}”`,
        { dismissible: false });
      setComposerEnabled(true, true);
      return;
    }
    const ok = await chat.ask(text);
    if (ok) { query.value = ""; autoGrow(); }
    query.focus();
  };
  $("#composer").addEventListener("submit", (e) => { e.preventDefault(); send(); });
  query.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); send(); }
  });
  stopButton.addEventListener("click", () => {
    if (queued !== null) { clearQueued(); setComposerEnabled(true); } else chat?.stop();
  });
  setComposerEnabled(true);
  document.documentElement.dataset.composer = "live";
  // Enter pressed before this script ran left a line break in the box instead of sending: send now
  if (/\S\n+$/.test(query.value)) { query.value = query.value.replace(/\n+$/, ""); send(); }
  // the hymn reader answers its addresses (#/10.129) at once and fills in once Python is ready
  const reader = new Reader({ main: $("#main"), query });
  reader.start();

  const engineLabel = $("#engine");
  const settings = new Settings({
    storage: rvsStorage,
    root: $("#settings"),
    onEngineLabel: (label) => { engineLabel.textContent = label; },
  });
  // the translation picker (ui/versions.js): Griffith alone until the index is loaded
  // (index.html has its markup; a page without it gets one built)
  const pickerField = $("#settings .version-field");
  if (pickerField) versionPicker({ field: pickerField });
  else $("#settings").insertBefore(versionPicker(), $("#settings .engine-line"));
  // the engines' modules (bridge.js and seven more) and the GPU probe wait for the page's thread to be idle,
  // after the boot has started: evaluated with the page's first modules they made one long task of them
  const enginesReady = whenIdle().then(loadEngines).then(() => settings.init()).catch((err) => console.warn(err));

  let booted;
  try {
    // imported only now: the question box's listeners above must not wait for the boot's modules
    const { bootPython } = await import("./ui/boot.js").catch((err) => {
      showError(`The app's start-up code (ui/boot.js) could not be loaded: ${err && err.message ? err.message : err}`);
      throw err;
    });
    booted = await bootPython($("#boot"));
  } catch {
    clear($("#status")).append(h("span", { class: "status-error" }, "Could not start"));
    clearQueued();
    setComposerEnabled(false);
    reader.bootFailed($("[data-testid=error]")?.textContent);
    return; // the one-line reason is already in [data-testid=error]
  }
  await enginesReady;
  await storageChecked;

  const { bridge, status } = booted;
  globalThis.rvsBridge = bridge;
  watchForUpdates(booted.manifest, booted.python); // a deploy while this page is open: offer a reload
  globalThis.rvsEngines?.setPrefix?.(status.cpuPrefix); // a CPU model reads the prompts' shared start ahead
  // padapāṭha lines and the remembered translation (read from the index the boot already loaded)
  initVersions({ files: booted.files, manifest: booted.manifest, storage: rvsStorage, footer: $("footer.credits") })
    .catch((err) => console.warn("Padapāṭha and translations unavailable:", err));
  // benchmarks only (pyapp/bench/inpage.py): imported on first use, never by a reader's page
  Object.defineProperty(globalThis, "rvsBench", { configurable: true, get: () => booted.bench });
  clear($("#status")).append(h("span", { class: "ready", "data-testid": "ready", "data-verses": status.verses },
    `${status.verses} verses`, h("span", { class: "ready-extra", "data-testid": "ready-hymns" },
      h("span", { class: "ready-sep" }, " · "), `${status.hymns} hymns`)));
  $("#boot").classList.add("done");
  linkFonts();
  booted.startMeaning?.(); // meaning search's 27 MB download only now (ui/meaning.js)

  const history = new History({
    storage: rvsStorage,
    list: $("#history"),
    clearButton: $("#clear-history"),
    onOpen: (conversation) => chat.show(conversation),
    isBusy: () => chat.busy,
    exportButton: $("#history-export"),
    importButton: $("#history-import"),
    importInput: $("#history-import-file"),
  });
  chat = new Chat({
    log: $("#conversation"),
    bridge,
    history,
    settings,
    onEngine: (engine) => {
      const active = globalThis.rvsEngines?.active?.();
      engineLabel.textContent = engine === "extractive" ? "No LLM" : (active?.label || engine);
    },
    onBusy: (busy) => setComposerEnabled(true, busy),
  });
  chat.show(await history.restoreLast());

  $("#new-chat").addEventListener("click", () => {
    if (chat.busy) return;
    clearError();
    history.startNew();
    chat.show(history.current);
    query.focus();
  });

  setComposerEnabled(true);
  reader.attach(bridge);
  if (!reader.reading) query.focus();
  if (queued !== null) {
    // asked before "ready": answer it now (the turn builds what the warm-up would have)
    const text = queued;
    clearQueued();
    chat.ask(text).then((ok) => { if (ok && query.value === text) { query.value = ""; autoGrow(); } });
  } else {
    // while the reader types: build what the first question would otherwise wait for (pyapp.bridge.warm_up)
    // engines/wllama.js waits for it before its free-cores probe: the warm-up's second of CPU
    // would otherwise look like a busy machine and keep the model on one thread
    globalThis.rvsWarmUp = new Promise((resolve) => setTimeout(async () => {
      const t0 = performance.now();
      try {
        const report = JSON.parse(await bridge.warm_up());
        globalThis.rvsTimings.warmUp = { ...report, ms: Math.round(performance.now() - t0) };
      } finally {
        resolve();
      }
    }, 0));
  }
  resumeEngineLoad(settings);
  registerServiceWorker();
}

main().catch((err) => {
  console.error(err);
  showError(`The app could not start: ${err && err.message ? err.message.split("\n")[0] : err}`);
});
