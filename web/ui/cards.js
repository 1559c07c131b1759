// Verse cards: Devanagari, IAST, Griffith's translation (+ the model's, when an LLM gave one), deity,
// seer (ṛṣi) and metre, and a button that loads the whole hymn. Input is a SearchResult in its
// wire form (camelCase), exactly what pyapp/bridge.py returns.

import { h, clear } from "./dom.js";

function meta(result) {
  const items = [
    ["Deity", result.deity],
    ["Seer", result.rishi],
    ["Metre", result.meter],
    ["Hymn to", result.addressee && result.addressee !== result.deity ? result.addressee : null],
  ].filter(([, value]) => value);
  if (!items.length) return null;
  return h("dl", { class: "verse-meta" }, items.map(([label, value]) => [h("dt", {}, label), h("dd", {}, value)]));
}

function texts(result, { compact = false } = {}) {
  return [
    h("p", { class: "deva", lang: "sa-Deva" }, result.content || ""),
    result.iast ? h("p", { class: "iast", lang: "sa-Latn" }, result.iast) : null,
    h("p", { class: "translation", lang: "en" },
      compact ? null : h("span", { class: "label" }, "Griffith: "),
      result.translation || "(Griffith left this verse untranslated.)"),
    result.modelTranslation
      ? h("p", { class: "translation model", lang: "en" }, h("span", { class: "label" }, "Model translation: "), result.modelTranslation)
      : null,
  ];
}

/**
 * One verse card. `lookup(text)` resolves to the bridge's lookup JSON (used for the whole hymn);
 * `cited` marks verses the answer actually cites.
 */
export function verseCard(result, { lookup, cited = false } = {}) {
  const ref = result.bookContext;
  const [mandala, hymn] = ref.split(".");
  const hymnBox = h("div", { class: "hymn", hidden: true });
  const hymnButton = h("button", { type: "button", class: "link-button", "aria-expanded": "false" }, "Show the whole hymn");
  hymnButton.addEventListener("click", async () => {
    const open = hymnButton.getAttribute("aria-expanded") === "true";
    if (open) {
      hymnBox.hidden = true;
      hymnButton.setAttribute("aria-expanded", "false");
      hymnButton.textContent = "Show the whole hymn";
      return;
    }
    hymnButton.setAttribute("aria-expanded", "true");
    hymnButton.textContent = "Hide the hymn";
    hymnBox.hidden = false;
    if (hymnBox.childElementCount) return;
    hymnBox.append(h("p", { class: "muted" }, `Loading hymn ${mandala}.${hymn}…`));
    const data = lookup ? await lookup(`${mandala}.${hymn}`) : { success: false, error: "Lookup is not available." };
    clear(hymnBox);
    if (!data.success) { hymnBox.append(h("p", { class: "muted" }, data.error || "This hymn could not be loaded.")); return; }
    hymnBox.append(h("h4", {}, `RV ${mandala}.${hymn} — ${data.results.length} verses`),
      h("ol", { class: "hymn-verses" }, data.results.map((v) => h("li", {
        class: v.bookContext === ref ? "hymn-verse current" : "hymn-verse",
        dataset: { hymnRef: v.bookContext },
      }, h("span", { class: "hymn-verse-ref" }, `RV ${v.bookContext}`), texts(v, { compact: true })))));
  });

  const relevance = typeof result.relevance === "number" && result.relevance < 1
    ? h("span", { class: "relevance", title: "How well this verse matches the question" }, `${Math.round(result.relevance * 100)}%`)
    : null;
  return h("article", {
    class: cited ? "verse-card cited" : "verse-card",
    "data-testid": "verse-card", "data-ref": ref, tabindex: "-1",
    "aria-label": `Rigveda ${ref}`,
  },
  h("header", { class: "verse-head" },
    h("h3", { class: "verse-ref" }, `RV ${ref}`), relevance,
    result.importance ? h("span", { class: `importance ${result.importance}` }, result.importance) : null),
  texts(result),
  meta(result),
  h("footer", { class: "verse-actions" }, hymnButton),
  hymnBox);
}
