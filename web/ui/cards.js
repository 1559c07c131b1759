// Verse cards: Devanagari, IAST, Griffith's translation (+ the model's, when an LLM gave one), deity,
// seer (ṛṣi) and metre, a button that opens the whole hymn in the reader, Copy link and Copy citation.
// Input is a SearchResult in its wire form (camelCase), exactly what pyapp/bridge.py returns.

import { h } from "./dom.js";
import { citationText, copyText, permalink } from "./cite.js";
import { go } from "./reader.js";
import { padapathaLine, translationSlot } from "./versions.js";

function meta(result) {
  const items = [
    ["Deity", result.deity],
    ["Seer", result.rishi],
    ["Metre", result.meter],
    ["Hymn to", result.addressee && result.addressee !== result.deity ? result.addressee : null],
  ].filter(([, value]) => value);
  if (!items.length) return null;
  // one box per label + value, so a long value wraps inside the card's padding (issue 12)
  return h("dl", { class: "verse-meta" }, items.map(([label, value]) =>
    h("div", { class: "verse-meta-item" }, h("dt", {}, label), h("dd", {}, value))));
}

// What the two pills on a card mean (their tooltip, and the line the "?" button shows).
export const matchHelp = (percent) =>
  `${percent}%: how closely this verse matches the search, compared with its best match (which shows no %).`;
export const IMPORTANCE_HELP = {
  high: "high: one of the verses that matter most for this answer.",
  medium: "medium: relevant to the question, but not central.",
  low: "low: only loosely related to the question.",
};

/** The pills of a card's header (match % and importance) with tooltips, and a "?" that explains them inline. */
function pills(result) {
  const match = typeof result.relevance === "number" && result.relevance < 1 ? Math.round(result.relevance * 100) : null;
  const importance = IMPORTANCE_HELP[result.importance] ? result.importance : null;
  if (match === null && !importance) return [];
  const lines = [match !== null ? matchHelp(match) : null, importance ? IMPORTANCE_HELP[importance] : null].filter(Boolean);
  const legend = h("p", { class: "pill-legend muted", hidden: true }, lines.join(" "));
  const help = h("button", {
    type: "button", class: "pill-help", "aria-expanded": "false", "data-testid": "pill-help",
    "aria-label": "What do these labels mean?", title: "What do these labels mean?",
    onclick: () => {
      legend.hidden = !legend.hidden;
      help.setAttribute("aria-expanded", String(!legend.hidden));
    },
  }, "?");
  return [
    match !== null ? h("span", { class: "relevance", title: matchHelp(match) }, `${match}%`) : null,
    importance ? h("span", { class: `importance ${importance}`, title: IMPORTANCE_HELP[importance] }, importance) : null,
    help, legend,
  ];
}

function texts(result, { compact = false } = {}) {
  return [
    h("p", { class: "deva", lang: "sa-Deva" }, result.content || ""),
    result.iast ? h("p", { class: "iast", lang: "sa-Latn" }, result.iast) : null,
    // the padapāṭha word by word, and the translation chosen beside Griffith's (ui/versions.js, issue 14)
    padapathaLine(result.bookContext),
    h("p", { class: "translation", lang: "en" },
      compact ? null : h("span", { class: "label" }, "Griffith: "),
      result.translation || "(Griffith left this verse untranslated.)"),
    translationSlot(result.bookContext),
    result.modelTranslation
      ? h("p", { class: "translation model", lang: "en" }, h("span", { class: "label" }, "Model translation: "), result.modelTranslation)
      : null,
  ];
}

/**
 * One verse card. `cited` marks verses the answer actually cites (`lookup` is no longer needed: the
 * whole hymn opens in the reader).
 */
export function verseCard(result, { cited = false } = {}) {
  const ref = result.bookContext;
  // the whole hymn opens in the reader at this verse (ui/reader.js; back returns here)
  const hymnButton = h("button", {
    type: "button", class: "link-button", "data-testid": "open-hymn", onclick: () => go(`#/${ref}`),
  }, "Show the whole hymn");
  const copyLink = h("button", {
    type: "button", class: "link-button", "data-testid": "copy-link", onclick: () => copyText(permalink(ref), "Link"),
  }, "Copy link");
  const copyCitation = h("button", {
    type: "button", class: "link-button", "data-testid": "copy-citation",
    onclick: () => copyText(citationText({ ref, iast: result.iast, translation: result.translation }), "Citation"),
  }, "Copy citation");

  const [relevance, importance, help, legend] = pills(result);
  return h("article", {
    class: cited ? "verse-card cited" : "verse-card",
    "data-testid": "verse-card", "data-ref": ref, tabindex: "-1",
    "aria-label": `Rigveda ${ref}`,
  },
  h("header", { class: "verse-head" },
    h("h3", { class: "verse-ref" }, `RV ${ref}`), relevance, importance, help),
  legend || null,
  texts(result),
  meta(result),
  h("footer", { class: "verse-actions" }, hymnButton, copyLink, copyCitation));
}
