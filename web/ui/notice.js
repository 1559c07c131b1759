// The one place a problem is shown: a single line in [data-testid=error] (role=alert), created when
// needed and removed when cleared, so "no error" means the element is absent.

import { h } from "./dom.js";

export class BootError extends Error {} // also thrown in the Python worker (python/loader.js): no DOM here at import

let host = null;

/** Where error lines go (the app sets this to a slot next to the composer). */
export function setErrorHost(el) { host = el; }

export function showError(message) {
  clearError();
  const line = h("p", { class: "error", "data-testid": "error", role: "alert" },
    String(message || "Something went wrong.").split("\n")[0]);
  (host || document.body).append(line);
  return line;
}

export function clearError() {
  for (const el of document.querySelectorAll("[data-testid=error]")) el.remove();
}

/** A short-lived polite message (copied, saved, …) for screen readers and sighted readers alike. */
export function toast(message) {
  const region = document.getElementById("toast");
  if (!region) return;
  region.textContent = message;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { region.textContent = ""; }, 2500);
}
