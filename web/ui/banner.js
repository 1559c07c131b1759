// Banners: short notices that stay until dismissed or no longer true (offline, saved data reset,
// page reloading to allow a model host). Text only, one line each, in a polite live region.

import { h } from "./dom.js";

function host() {
  return document.getElementById("banners") || document.body;
}

/**
 * Show (or replace) the banner `id`; returns its element. `dismissible` adds a close button;
 * `action` ({label, onClick}) a button that does something (data-testid `<id>-action`).
 * The element carries data-testid `<id>-notice` (e.g. offline-notice, storage-notice).
 */
export function showBanner(id, text, { kind = "info", dismissible = true, action = null } = {}) {
  hideBanner(id);
  const close = dismissible
    ? h("button", { type: "button", class: "banner-close", "aria-label": "Dismiss this notice", onclick: () => hideBanner(id) }, "×")
    : null;
  const act = action
    ? h("button", { type: "button", class: "banner-action", "data-testid": `${id}-action`, onclick: action.onClick }, String(action.label))
    : null;
  const el = h("div", { class: `banner ${kind}`, "data-testid": `${id}-notice`, dataset: { banner: id } },
    h("span", { class: "banner-text" }, String(text)), act, close);
  host().append(el);
  return el;
}

export function hideBanner(id) {
  for (const el of document.querySelectorAll(`[data-banner="${CSS.escape(id)}"]`)) el.remove();
}

/** The offline banner follows navigator.onLine: the app keeps working offline, model downloads do not. */
export function watchConnectivity() {
  const update = () => {
    if (navigator.onLine) { hideBanner("offline"); return; }
    showBanner("offline", "You are offline. Questions still work — everything runs in this browser — but model downloads and endpoint engines need a connection.",
      { kind: "warn", dismissible: true });
  };
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  update();
}
