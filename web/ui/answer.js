// Light markdown for answers, built as DOM nodes (never innerHTML): paragraphs, bullet and numbered
// lists, headings, **bold**, *italic*, `code`, and citations `[RV M.H.V]` turned into buttons that
// open the verse card. Why our own: model output is untrusted text; with text nodes only, a
// `<script>` or `<img onerror>` in an answer stays visible characters, never markup.

import { h, clear } from "./dom.js";

const REF = String.raw`\d{1,2}\.\d{1,3}\.\d{1,3}`;
const INLINE = new RegExp(
  [
    String.raw`\*\*(?<bold>[^*]+?)\*\*`,
    String.raw`__(?<bold2>[^_]+?)__`,
    String.raw`(?<![\w*])\*(?<em>[^*\s](?:[^*]*?[^*\s])?)\*(?![\w*])`,
    String.raw`(?<![\w_])_(?<em2>[^_\s](?:[^_]*?[^_\s])?)_(?![\w_])`,
    "`(?<code>[^`]+)`",
    String.raw`\[(?<cites>(?:R[Vv]|ṚV)?\.?\s*${REF}(?:\s*[,;]\s*(?:(?:R[Vv]|ṚV)\.?\s*)?${REF})*)\]`,
    String.raw`\b(?:R[Vv]|ṚV)\.?\s+(?<bare>${REF})\b`,
  ].join("|"),
  "gu",
);
const REF_GLOBAL = new RegExp(REF, "g");
const LIST_ITEM = /^\s*(?:(?<bullet>[-*•])|(?<num>\d{1,3})[.)])\s+(?<text>.*)$/u;
const HEADING = /^\s*#{1,6}\s+(?<text>.+)$/u;

/** Every M.H.V reference cited in `text` (bracketed or "RV M.H.V"), in order of first appearance. */
export function citedRefs(text) {
  const refs = [];
  for (const match of String(text || "").matchAll(INLINE)) {
    const found = match.groups.cites ? match.groups.cites.match(REF_GLOBAL) : match.groups.bare ? [match.groups.bare] : [];
    for (const ref of found || []) if (!refs.includes(ref)) refs.push(ref);
  }
  return refs;
}

function citeButton(ref, onCite) {
  return h("button", {
    type: "button", class: "cite", "data-cite": ref, title: `Show verse RV ${ref}`,
    onclick: () => onCite && onCite(ref),
  }, `RV ${ref}`);
}

/** Inline markup of one line/paragraph → array of nodes. */
function inline(text, onCite) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const g = match.groups;
    if (g.bold !== undefined || g.bold2 !== undefined) out.push(h("strong", {}, inline(g.bold ?? g.bold2, onCite)));
    else if (g.em !== undefined || g.em2 !== undefined) out.push(h("em", {}, inline(g.em ?? g.em2, onCite)));
    else if (g.code !== undefined) out.push(h("code", {}, g.code));
    else if (g.cites !== undefined) {
      const group = h("span", { class: "cite-group" }, "[");
      (g.cites.match(REF_GLOBAL) || []).forEach((ref, i) => { if (i) group.append(", "); group.append(citeButton(ref, onCite)); });
      group.append("]");
      out.push(group);
    } else if (g.bare !== undefined) out.push(citeButton(g.bare, onCite));
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Block structure: paragraphs (blank-line separated), lists, headings. */
function blocks(text, onCite) {
  const nodes = [];
  let paragraph = [];
  let list = null;
  const flushParagraph = () => {
    if (!paragraph.length) return;
    const p = h("p");
    paragraph.forEach((line, i) => { if (i) p.append(h("br")); p.append(...inline(line, onCite).map(toNode)); });
    nodes.push(p);
    paragraph = [];
  };
  const flushList = () => { if (list) nodes.push(list); list = null; };
  for (const raw of String(text).replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (!line.trim()) { flushParagraph(); flushList(); continue; }
    const heading = line.match(HEADING);
    if (heading) { flushParagraph(); flushList(); nodes.push(h("h3", { class: "answer-heading" }, inline(heading.groups.text, onCite))); continue; }
    const item = line.match(LIST_ITEM);
    if (item) {
      flushParagraph();
      const tag = item.groups.num ? "ol" : "ul";
      if (list && list.tagName.toLowerCase() !== tag) flushList();
      if (!list) list = h(tag);
      list.append(h("li", {}, inline(item.groups.text, onCite)));
      continue;
    }
    if (list && /^\s{2,}/.test(raw)) { // continuation of the last list item
      list.lastElementChild.append(" ", ...inline(line.trim(), onCite).map(toNode));
      continue;
    }
    flushList();
    paragraph.push(line.trim());
  }
  flushParagraph();
  flushList();
  return nodes;
}

function toNode(x) { return x instanceof Node ? x : document.createTextNode(String(x)); }

/** Replace `container`'s content with the rendered answer. */
export function renderAnswer(container, text, { onCite } = {}) {
  clear(container).append(...blocks(text || "", onCite));
}
