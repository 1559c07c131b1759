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
    if (event.message) item.title = event.message;
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

export function describe(event) {
  const parts = [];
  if (event.round) parts.push(`round ${event.round}`);
  if (event.relevantCount !== null && event.relevantCount !== undefined) parts.push(`${event.relevantCount} relevant`);
  else if (event.resultCount !== null && event.resultCount !== undefined) parts.push(`${event.resultCount} found`);
  if (event.searchTerm) parts.push(`term: ${event.searchTerm}`);
  if (event.phase === "skipped") parts.push("skipped");
  if (event.phase === "degraded") parts.push("fallback");
  if (!parts.length && event.message && event.message.length <= 40) parts.push(event.message);
  return parts.join(" · ");
}
