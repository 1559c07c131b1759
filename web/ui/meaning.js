// Meaning search arriving after "ready" (issue 21: a phone's first visit).
//
// Why: its query encoder and verse vectors are 27 MB, more than everything else the first visit
// needs; the app answers with keyword search and the facts as soon as those are in, and these
// download afterwards (python/loader.js downloadDeferred, corpus_build/boot_order.py). A banner shows
// their progress and goes away when meaning search is on; answers given meanwhile carry a note
// (pyapp/bridge.py). `document.documentElement.dataset.meaning` is "loading", "ready" or "failed".

import { showBanner, hideBanner } from "./banner.js";
import { formatMB } from "./dom.js";

const ID = "meaning";
let lastShown = -1;

/** The boot said meaning search is still downloading. */
export function meaningLoading() {
  document.documentElement.dataset.meaning = "loading";
  const el = showBanner(ID, "Meaning search is still downloading; questions are answered with keyword search meanwhile.",
    { dismissible: true });
  el.classList.add("progress-line");  // one line on a phone: the question box stays in view (styles.css)
}

/** Bytes of the deferred files so far (a few updates a second at most: the worker throttles). */
export function meaningBytes(loaded, total) {
  if (document.documentElement.dataset.meaning !== "loading") return;
  const percent = total ? Math.floor((100 * loaded) / total) : 0;
  if (percent === lastShown) return;
  lastShown = percent;
  const el = document.querySelector(`[data-banner="${ID}"] .banner-text`);
  const text = `Meaning search is downloading (${formatMB(loaded)} of ${formatMB(total)}); questions are answered with keyword search meanwhile.`;
  if (el) { el.textContent = text; el.title = text; }
}

/** The worker attached meaning search (status: pyapp.bridge.attach_vectors's JSON) or gave up. */
export function meaningDone(statusJson) {
  let status = null;
  try { status = JSON.parse(statusJson); } catch { /* treated as a failure */ }
  hideBanner(ID);
  const ok = Boolean(status && status.success);
  document.documentElement.dataset.meaning = ok ? "ready" : "failed";
  if (!ok) console.warn(`Meaning search unavailable: ${status?.error || status?.vectors || "unknown error"}; keyword search only.`);
}
