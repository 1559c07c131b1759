// Tiny DOM builder. Why: every piece of text that reaches the page (questions, model output, corpus
// text) goes through `textContent` / text nodes here, never through innerHTML, so typed or generated
// markup can never become elements. Attributes are set one by one with setAttribute.

/**
 * h("button", {class: "x", dataset: {ref: "1.1.1"}, onclick: fn}, "text", childNode, [more])
 * Strings become text nodes; null/undefined/false children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = String(value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(parent, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Play the "flash" highlight again on an element already flashed (a class re-added in the same frame would not restart it). */
export function flash(el) {
  el.classList.remove("flash");
  void el.offsetWidth; // a reflow between, so the animation starts over
  el.classList.add("flash");
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

export function formatMB(bytes) {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

/**
 * 10552 → "10,552". Not `toLocaleString`: its first call loads the locale's data, a long task
 * (~90 ms on a slow phone) on the page's thread right after the boot.
 */
export function thousands(n) {
  return String(Math.round(Number(n) || 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
