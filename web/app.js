// RigVeda Scholar — page entry point. Wires the UI modules together:
// connect policy → question box → boot (Python + index) → storage (checked), settings, reader, engines
// bridge (optional) → chat, history → offline cache.
//
// Why only five modules are imported statically (issue 21, Lighthouse's blocking time): every module of the
// static graph is fetched, compiled and evaluated before this one runs, and this one starts the boot. The
// first screen needs the connect policy, the question box, the status line and the notices; the rest (the
// hymn reader, settings, the translation picker, storage, chat and history, the update watcher, the engines)
// is imported by `import()` after the boot has started, each when the page's thread is next idle, or at once
// on first use (a reader address such as #/10.129, the phone's Settings button). index.html still
// modulepreloads them all, so each import finds its module fetched and compiled, and only evaluation is left.

import { applyConnectPolicy, guardEngines, takeResume } from "./connect.js";
import { $, h, clear } from "./ui/dom.js";
import { setErrorHost, showError, clearError, toast } from "./ui/notice.js";
import { showBanner, hideBanner, watchConnectivity } from "./ui/banner.js";
import { prefetchBoot } from "./python/prefetch.js";

/** `load()` run once, on first call; later calls get the same promise. */
function once(load) {
  let promise = null;
  return () => (promise = promise || load());
}

// the modules after the first screen (see above), each imported once
const storageModule = once(() => import("./storage.js"));
const readerModule = once(() => import("./ui/reader.js"));
const settingsModule = once(() => import("./ui/settings.js"));
const versionsModule = once(() => import("./ui/versions.js"));
const chatModules = once(() => Promise.all([import("./ui/history.js"), import("./ui/chat.js")]));
const updateModule = once(() => import("./ui/update.js"));

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

/** Run each step when the page's thread is next idle, one after the other (each its own task); a step that
 * fails is logged and the next still runs (what needs it fails again, with its own message, when used). */
async function inIdleSteps(steps) {
  for (const step of steps) {
    await whenIdle();
    try {
      await step();
    } catch (err) {
      console.warn(err);
    }
  }
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

  // The hymn reader answers its addresses (#/10.129) at once and fills in once Python is ready: on a reader
  // address it is the first screen, so it is imported now; else on the first change of address (the
  // "Hymns" link) or when the page is idle, whichever comes first.
  const readerReady = once(() => readerModule().then(({ Reader }) => {
    const reader = new Reader({ main: $("#main"), query });
    reader.start();
    return reader;
  }));
  if (location.hash.startsWith("#/")) readerReady();
  else globalThis.addEventListener("hashchange", () => { readerReady(); }, { once: true });

  // Settings (ui/settings.js) with the storage it keeps them in. The phone's "Settings" button is in the
  // page from the first paint: pressed before the module has wired it, the press loads it and is replayed.
  const engineLabel = $("#engine");
  const foldButton = $("#settings > .settings-toggle");
  const pressedEarly = () => { settingsReady().then(() => foldButton.click()); };
  foldButton?.addEventListener("click", pressedEarly, { once: true });
  const settingsReady = once(() => Promise.all([storageModule(), settingsModule(), versionsModule()])
    .then(([{ rvsStorage }, { Settings }, { versionPicker }]) => {
      foldButton?.removeEventListener("click", pressedEarly);
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
      return settings;
    }));

  // The boot first: its module graph (ui/boot.js → the worker's loader) before anything below.
  const booting = import("./ui/boot.js").catch((err) => {
    showError(`The app's start-up code (ui/boot.js) could not be loaded: ${err && err.message ? err.message : err}`);
    throw err;
  }).then(({ bootPython }) => {
    performance.mark("rvs:boot"); // the benchmarks read this mark and rvs:ready (what ran before the boot started)
    return bootPython($("#boot"));
  });

  // Then, one after the other, each when the page's thread is next idle (a task each, while the worker
  // boots: imported and evaluated together they made one long task): opening (on a first visit: creating)
  // and checking the database, a burst of callbacks on this thread; settings and the translation picker;
  // the reader; the chat and history; the engines' modules (bridge.js and seven more) and the GPU probe,
  // then the settings' engine list.
  const afterBoot = inIdleSteps([
    () => storageModule().then(({ rvsStorage }) => rvsStorage.ready()).then(showStorageNotices),
    settingsReady,
    readerReady,
    chatModules,
    updateModule,
    () => loadEngines().then(settingsReady).then((settings) => settings.init()),
  ]);

  let booted;
  try {
    booted = await booting;
  } catch {
    clear($("#status")).append(h("span", { class: "status-error" }, "Could not start"));
    clearQueued();
    setComposerEnabled(false);
    const message = $("[data-testid=error]")?.textContent;
    readerReady().then((reader) => reader.bootFailed(message)).catch((err) => console.warn(err));
    return; // the one-line reason is already in [data-testid=error]
  }
  await afterBoot;
  const [settings, reader, [{ History }, { Chat }], { rvsStorage }, { initVersions }, { watchForUpdates }] =
    await Promise.all([settingsReady(), readerReady(), chatModules(), storageModule(), versionsModule(), updateModule()]);

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
  performance.mark("rvs:ready");
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
