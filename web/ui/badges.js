// Agent badges: one per agent, `data-state` idle|running|done|error, with a short live detail
// ("round 2 · 6 relevant · term: अग्नि") taken from the orchestrator's StatusEvents.
// One badge row exists at a time (stable test hooks); it moves into the turn being answered.
//
// Why a fold: on a 390 px phone eight pills wrap to ~260 px and push the answer below the fold. The
// row sits behind one summary line ("Searching: “agni” · step 2" while it runs, "8 steps · 0.7 s"
// after), a button with aria-expanded that opens the pills on tap; wide screens show both
// (styles.css, "issue 20").

import { h } from "./dom.js";

export const AGENTS = ["classifier", "searcher", "analyzer", "translator", "generator", "validator", "critic", "memory"];
const LABELS = {
  classifier: "Classify", searcher: "Search", analyzer: "Analyse", translator: "Translate",
  generator: "Answer", validator: "Validate", critic: "Critique", memory: "Memory",
};
const PHASE_TO_STATE = { running: "running", done: "done", degraded: "done", error: "error", skipped: "idle" };

export class Badges {
  constructor() {
    this.items = {};
    this.list = h("ol", { class: "badges", id: "turn-steps", "aria-label": "What the agents are doing" },
      AGENTS.map((agent) => {
        const detail = h("span", { class: "badge-detail" });
        const item = h("li", { class: "badge", "data-testid": `badge-${agent}`, "data-state": "idle", dataset: { agent } },
          h("span", { class: "badge-dot", "aria-hidden": "true" }), h("span", { class: "badge-name" }, LABELS[agent]), detail);
        this.items[agent] = { item, detail };
        return item;
      }));
    this.line = h("span", { class: "steps-line" }, "");
    this.toggle = h("button", {
      type: "button", class: "steps-toggle", "aria-expanded": "false", "aria-controls": "turn-steps",
      "data-testid": "steps-toggle", onclick: () => this.setOpen(this.toggle.getAttribute("aria-expanded") !== "true"),
    }, this.line, h("span", { class: "steps-caret", "aria-hidden": "true" }, "▸"));
    this.el = h("div", { class: "steps", "data-testid": "steps" }, this.toggle, this.list);
    this.log = [];
    this.durationMs = null;
  }

  setOpen(open) {
    this.toggle.setAttribute("aria-expanded", String(open));
    this.el.classList.toggle("open", open);
  }

  /** The summary line: what runs now, or how many steps the turn took and how long. */
  refreshLine() {
    const states = AGENTS.map((agent) => [agent, this.items[agent].item]);
    const ran = states.filter(([, item]) => item.dataset.state !== "idle" || item.classList.contains("skipped"));
    const running = states.find(([, item]) => item.dataset.state === "running");
    const failed = states.filter(([, item]) => item.dataset.state === "error").length;
    let text;
    if (running && this.durationMs === null) {
      const detail = this.items[running[0]].detail.textContent;
      text = `${LABELS[running[0]]}${detail ? `: ${detail}` : "…"} · step ${ran.length}`;
    } else {
      const seconds = this.durationMs !== null ? ` · ${(this.durationMs / 1000).toFixed(1)} s` : "";
      text = `${ran.length} ${ran.length === 1 ? "step" : "steps"}${failed ? ` (${failed} failed)` : ""}${seconds}`;
    }
    this.line.textContent = text;
  }

  /** The turn ended: the line becomes "8 steps · 0.7 s". */
  finish(durationMs) {
    this.durationMs = Number.isFinite(durationMs) ? durationMs : 0;
    this.refreshLine();
  }

  reset() {
    this.log = [];
    this.durationMs = null;
    this.setOpen(false);
    for (const { item, detail } of Object.values(this.items)) {
      item.dataset.state = "idle";
      item.classList.remove("skipped", "degraded");
      detail.textContent = "";
      item.removeAttribute("title");
    }
    this.refreshLine();
  }

  /** Apply one StatusEvent (wire form). Agents without a badge (e.g. the evaluator) only go to the log. */
  update(event) {
    this.log.push(event);
    const target = this.items[event.agent] || (event.agent === "evaluator" ? this.items.critic : null);
    if (!target) return;
    const { item, detail } = target;
    item.dataset.state = PHASE_TO_STATE[event.phase] || "idle";
    item.classList.toggle("skipped", event.phase === "skipped");
    item.classList.toggle("degraded", event.phase === "degraded");
    const text = describe(event);
    detail.textContent = text;
    const title = explain(event);
    if (title) item.title = title;
    this.refreshLine();
  }

  /** A plain-text summary of the turn (kept in the turn after the live badges move on). */
  summary() {
    return AGENTS.map((agent) => {
      const { item, detail } = this.items[agent];
      if (item.dataset.state === "idle" && !item.classList.contains("skipped")) return null;
      return `${LABELS[agent]}${detail.textContent ? ` (${detail.textContent})` : ""}`;
    }).filter(Boolean).join(" → ");
  }
}

// ---- plain words ------------------------------------------------------------------------------
// The orchestrator's status messages are written for logs ("words the hymns never use; Sanskrit
// text", "5 relevant", "VALID"). The badge shows a short plain phrase (≤ MAX_DETAIL characters) and
// its tooltip the whole message in plain words; the wording lives here, the Python side is unchanged.

const MAX_DETAIL = 34;

/** Cut to `n` characters at a word boundary, with an ellipsis (a 20,000-character question stays one short pill). */
export function clip(text, n = MAX_DETAIL) {
  const s = String(text ?? "").replace(/\s+/g, " ").trim();
  if (s.length <= n) return s;
  const cut = s.slice(0, n - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > n / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:·(]+$/, "")}…`;
}

function count(n, one, many = `${one}s`) { return `${n} ${n === 1 ? one : many}`; }

/** "5 citation(s)" → "5 citations", "1 verse(s)" → "1 verse". */
function plural(text) {
  return String(text ?? "").replace(/\b(\d+) ((?:\w+ )*?)(\w+)\(s\)/g,
    (_, n, between, word) => `${n} ${between}${Number(n) === 1 ? word : `${word}s`}`);
}

/** The message without the "· by model" / "· by code (fast mode)" tag, and who did the step. */
function splitTag(message) {
  const m = String(message ?? "").match(/^(.*?)(?:\s*·\s*(by model(?:, checked by code)?|by code(?: \(fast mode\))?))?$/s);
  const body = (m ? m[1] : String(message ?? "")).replace(/^(by code(?: \(fast mode\))?):\s*/, "");
  return { body, byModel: !!m && /by model/.test(m[2] || "") };
}

// the classifier's reasons (pyapp/agents/classifier.py score_query) in plain words, each with a rank:
// what the question names or how it was read comes first (rank 0–1) — that is what a reader wants to
// see on the pill; the vocabulary and similarity evidence (rank 9) only goes to the tooltip when a
// more telling reason is there.
const REASONS = [
  [/^follow-up, read as: (.+)$/s, (m) => `a follow-up, read as: ${m[1]}`, 0],
  [/^a RigVeda verse reference$/, () => "a verse reference", 0],
  [/^names the hymns never use \((.+)\)$/, (m) => `names not in the hymns (${m[1]})`, 2],
  [/^names (.+)$/, (m) => `names ${m[1]}`, 0], // a named passage ("names Nāsadīya Sūkta")
  [/^mentions (.+)$/, (m) => `names ${m[1]}`, 1],
  [/^Sanskrit term (.+)$/, (m) => `Sanskrit term ${m[1]}`, 1],
  [/^about another scripture \((.+)\)$/, (m) => `about another text (${m[1]})`, 1],
  [/^about another work \((.+)\)$/, (m) => `about another work (${m[1]})`, 1],
  [/^about something else that bears a god's name.*$/s, (m) => m[0], 1],
  [/^a follow-up to the conversation/, () => "a follow-up", 1],
  [/^Sanskrit text$/, () => "in Sanskrit", 2],
  [/^Sanskrit words of the hymns$/, () => "Sanskrit words of the hymns", 2],
  [/^hymn themes \((.+)\)$/, (m) => `themes of the hymns (${m[1]})`, 3],
  [/^asks what the hymns say$/, () => "asks what the hymns say", 4],
  [/^looks like a general request$/, () => "a general request", 4],
  [/^an everyday request$/, () => "an everyday request", 4],
  [/^the verses found must answer it$/, () => "the verses found must answer it", 9],
  [/^about the RigVeda$/, () => "about the RigVeda", 5],
  [/^no sign of the RigVeda yet/, () => "not clearly about the RigVeda; the search decides", 5],
  [/^classifier error/, () => "could not tell; answering anyway", 5],
  [/^words the hymns never use$/, () => "words the translation never uses", 9],
  [/^close to verses/, () => "close to some verses", 9],
  [/^near some verses/, () => "somewhat like some verses", 9],
  [/^far from every verse/, () => "unlike every verse", 9],
];

/** The classifier's reasons as {text, rank}, most telling first. Sanskrit words are never in the
 * English translation, so "words the translation never uses" is dropped next to "in Sanskrit" (a
 * correct IAST quotation). */
function rankedReasons(message) {
  const parts = splitTag(message).body.split(/;\s+/).map((p) => p.trim()).filter(Boolean);
  const plain = parts.map((part, i) => {
    for (const [re, say, rank] of REASONS) { const m = part.match(re); if (m) return { text: say(m), rank, i }; }
    return { text: part, rank: 6, i };
  });
  const sanskrit = plain.some((p) => p.text === "in Sanskrit");
  return plain
    .filter((p) => !(sanskrit && (p.text === "words the translation never uses" || p.text.startsWith("names not in the hymns"))))
    .sort((a, b) => a.rank - b.rank || a.i - b.i);
}

/** The classifier's reasons as plain phrases, most telling first (the tooltip). */
export function classifierReasons(message) { return rankedReasons(message).map((p) => p.text); }

/** What the pill shows: the telling reasons only (what the question names, how it was read); the
 * evidence behind them (vocabulary, similarity) stays in the tooltip unless it is all there is. */
export function classifierHeadline(message) {
  const all = rankedReasons(message);
  const fold = (t) => t.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const shown = [];
  for (const p of all.filter((r) => r.rank < 9)) {
    // "names nasadiya" says nothing more next to "names Nāsadīya Sūkta"
    const words = fold(p.text).replace(/^names /, "");
    if (p.text.startsWith("names ") && shown.some((q) => q.text.startsWith("names ") && fold(q.text).includes(words))) continue;
    shown.push(p);
  }
  return (shown.length ? shown : all).map((p) => p.text).join(" · ");
}

function validatorText(body, full = false) {
  if (body === "VALID") return "quotations check out";
  if (/^quotations check out, but/.test(body)) return full ? body : "checks out; weak evidence";
  if (/^INVALID/.test(body)) {
    const claims = body.replace(/^INVALID:?\s*/, "");
    return full && claims ? `claims the verses do not support: ${claims}` : "claims the verses do not support";
  }
  return body;
}

/** The short phrase on a badge. */
export function describe(event) {
  const { body, byModel } = splitTag(event.message);
  const round = event.round > 1 ? `round ${event.round} · ` : "";
  if (event.phase === "skipped") return body === "validation switched off" ? "switched off" : "skipped";
  if (event.phase === "degraded") return "done by code instead";
  if (event.phase === "error") return clip(body || "failed");
  const n = (v) => v !== null && v !== undefined;
  switch (event.agent) {
    case "classifier":
      return event.phase === "running" ? "" : clip(classifierHeadline(event.message));
    case "searcher":
      if (event.phase === "running") {
        return clip(event.searchTerm ? `${round}“${event.searchTerm}”` : round + body);
      }
      if (/^answered from the index/.test(body)) return "from the index";
      if (n(event.resultCount)) return `${round}${count(event.resultCount, "verse")} found`;
      return clip(round + body);
    case "analyzer":
      if (n(event.relevantCount)) return `${round}${count(event.relevantCount, "relevant verse")}`;
      return clip(round + plural(body));
    case "translator":
      if (event.phase === "running") return "";
      if (byModel) return n(event.relevantCount) ? `${count(event.relevantCount, "verse")} translated by the model` : "by the model";
      // no model (or fast mode): the verses keep Griffith's English
      return n(event.relevantCount) ? `${count(event.relevantCount, "verse")} · Griffith's English` : "Griffith's English";
    case "generator":
      if (event.phase === "running") {
        if (/^regenerating/.test(body)) return "rewriting from the verses only";
        return /with the model/.test(body) ? "writing with the model" : "";
      }
      if (/^the fact stated by code/.test(body)) return "stated from the index";
      if (/^\d+ citation\(s\)/.test(body)) return `cites ${count(parseInt(body, 10), "verse")}`;
      return clip(plural(body));
    case "validator":
      return event.phase === "running" ? "" : clip(validatorText(body));
    default:
      return clip(plural(body));
  }
}

/** The tooltip: the whole message in plain words (the badge itself shows the short phrase). */
export function explain(event) {
  const { body, byModel } = splitTag(event.message);
  let text;
  if (event.agent === "classifier" && event.phase !== "error") text = classifierReasons(event.message).join("; ");
  else if (event.agent === "validator") text = validatorText(body, true);
  else text = plural(body);
  if (event.agent === "translator" && event.phase !== "running" && !byModel) {
    text = `${text ? `${text}; ` : ""}shown in Griffith's translation (no model translation)`;
  }
  const tag = (String(event.message || "").match(/·\s*(by (?:model|code)[^·]*)$/) || [])[1] || "";
  const who = tag.replace(/^by model/, "by the model");
  if (event.phase === "degraded") return `${text || event.agent} (the model's output was not usable; done by code instead)`;
  return [text, who].filter(Boolean).join(" · ");
}
