// Agent badges: one per agent, `data-state` idle|running|done|error, with a short live detail
// ("round 2 · 6 relevant · term: अग्नि") taken from the orchestrator's StatusEvents.
// One badge row exists at a time (stable test hooks); it moves into the turn being answered.

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
    this.el = h("ol", { class: "badges", "aria-label": "What the agents are doing" },
      AGENTS.map((agent) => {
        const detail = h("span", { class: "badge-detail" });
        const item = h("li", { class: "badge", "data-testid": `badge-${agent}`, "data-state": "idle", dataset: { agent } },
          h("span", { class: "badge-dot", "aria-hidden": "true" }), h("span", { class: "badge-name" }, LABELS[agent]), detail);
        this.items[agent] = { item, detail };
        return item;
      }));
    this.log = [];
  }

  reset() {
    this.log = [];
    for (const { item, detail } of Object.values(this.items)) {
      item.dataset.state = "idle";
      item.classList.remove("skipped", "degraded");
      detail.textContent = "";
      item.removeAttribute("title");
    }
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

// the classifier's reasons (pyapp/agents/classifier.py score_query) in plain words
const REASONS = [
  [/^a RigVeda verse reference$/, () => "a verse reference"],
  [/^Sanskrit text$/, () => "in Sanskrit"],
  [/^words the hymns never use$/, () => "words the translation never uses"],
  [/^names the hymns never use \((.+)\)$/, (m) => `names not in the hymns (${m[1]})`],
  [/^mentions (.+)$/, (m) => `names ${m[1]}`],
  [/^hymn themes \((.+)\)$/, (m) => `themes of the hymns (${m[1]})`],
  [/^asks what the hymns say$/, () => "asks what the hymns say"],
  [/^close to verses/, () => "close to some verses"],
  [/^near some verses/, () => "somewhat like some verses"],
  [/^far from every verse/, () => "unlike every verse"],
  [/^looks like a general request$/, () => "a general request"],
  [/^about another scripture \((.+)\)$/, (m) => `about another text (${m[1]})`],
  [/^no sign of the RigVeda yet/, () => "not clearly about the RigVeda; the search decides"],
  [/^about the RigVeda$/, () => "about the RigVeda"],
  [/^classifier error/, () => "could not tell; answering anyway"],
  [/^follow-up, read as: (.+)$/s, (m) => `a follow-up, read as: ${m[1]}`],
];

/** The classifier's reasons as plain phrases. Sanskrit words are never in the English translation,
 * so "words the translation never uses" is dropped next to "in Sanskrit" (a correct IAST quotation). */
export function classifierReasons(message) {
  const parts = splitTag(message).body.split(/;\s+/).map((p) => p.trim()).filter(Boolean);
  const plain = parts.map((part) => {
    for (const [re, say] of REASONS) { const m = part.match(re); if (m) return say(m); }
    return part;
  });
  const sanskrit = plain.includes("in Sanskrit");
  return plain.filter((p) => !(sanskrit && (p === "words the translation never uses" || p.startsWith("names not in the hymns"))));
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
      return event.phase === "running" ? "" : clip(classifierReasons(event.message).join(" · "));
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
