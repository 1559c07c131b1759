// Settings: the answer engine, deep mode and the LLM effort, all remembered in IndexedDB.
//
// LLM effort (sent to Python as `llmEffort`, see pyapp/agents/budget.py): "auto" uses the model
// for every agent on a GPU/remote engine but only for the answer text on a small CPU model
// (wllama), where one compact generation already takes about a minute; "fast"/"full" override.
//
// Why the confirmation step: a model download is 100 MB – 1 GB. Nothing is downloaded until the
// reader picks an engine AND presses the button that names its size. A remembered LLM choice is
// offered again after a reload, never loaded silently.

import { h, clear, $ } from "./dom.js";
import { showError, clearError, toast } from "./notice.js";
import { WLLAMA_EXAMPLE } from "../engines/catalog.js";
import { EngineCosts } from "./costs.js";

const EXTRACTIVE = { id: "extractive", engine: "extractive", model: null, label: "No LLM — quote the verses (instant)", downloadMB: 0, vramMB: null, default: true };
const EFFORTS = [
  ["auto", "Auto (fast on CPU models)"],
  ["fast", "Fast — the model writes the answer only"],
  ["full", "Full — the model also picks and checks verses (slow on CPU)"],
];
const ENDPOINT = { id: "openai", engine: "openai", model: null, label: "Local endpoint (OpenAI-compatible URL)", downloadMB: 0, vramMB: null, default: false };

/** Engines bridge stand-in when web/bridge.js is missing: extractive only, the page still works. */
export const fallbackEngines = {
  catalog: () => [EXTRACTIVE],
  detect: async () => ({ webgpu: false, shaderF16: false, reason: "engine bridge not loaded" }),
  select: async (engine) => { if (engine !== "extractive") throw Object.assign(new Error("LLM engines are not available in this build."), { code: "load-failed" }); },
  active: () => ({ id: "extractive", model: null, label: EXTRACTIVE.label }),
  complete: async () => { throw Object.assign(new Error("No LLM is loaded."), { code: "not-loaded" }); },
  abort: () => {},
  clearCache: async () => {},
};

export class Settings {
  /**
   * @param {object} opts
   * @param {object} opts.storage   rvsStorage
   * @param {HTMLElement} opts.root  the settings panel element
   * @param {(label: string) => void} opts.onEngineLabel  show the active engine in the header
   */
  constructor({ storage, root, onEngineLabel }) {
    this.storage = storage;
    this.onEngineLabel = onEngineLabel;
    this.engines = globalThis.rvsEngines || fallbackEngines;
    // loadedId: the engine running now; engineId/engineUrl: the reader's remembered choice
    this.values = { loadedId: "extractive", engineId: "extractive", engineUrl: "", deepMode: false, llmEffort: "auto" };
    this.select = $("[data-testid=engine-select]", root);
    this.deep = $("#deep-mode", root);
    this.effort = $("#llm-effort", root) || effortField(root, this.deep);
    this.effortField = this.effort.closest(".field") || this.effort;
    this.notice = $("#engine-notice", root);
    this.catalog = [EXTRACTIVE];
    this.costs = new EngineCosts(storage);
    this.root = root;
    this.foldButton = foldSettings(root);
    this.syncEffort();
  }

  /** "LLM effort" only matters with a model: shown while one is loaded or being chosen. */
  syncEffort() {
    const chosen = this.select && this.select.value && this.select.value !== "extractive";
    this.effortField.hidden = !(chosen || (this.values.loadedId && this.values.loadedId !== "extractive"));
  }

  async init() {
    this.engines = globalThis.rvsEngines || fallbackEngines;
    const saved = await this.storage.getSetting("settings", {}).catch(() => ({}));
    Object.assign(this.values, saved || {});
    await this.costs.load();
    this.deep.checked = Boolean(this.values.deepMode);
    this.deep.addEventListener("change", () => { this.values.deepMode = this.deep.checked; this.save(); });
    if (!EFFORTS.some(([v]) => v === this.values.llmEffort)) this.values.llmEffort = "auto";
    this.effort.value = this.values.llmEffort;
    this.effort.addEventListener("change", () => { this.values.llmEffort = this.effort.value; this.save(); });

    let detected = { webgpu: false, shaderF16: false, reason: null };
    try { detected = await this.engines.detect(); } catch { /* keep defaults */ }
    let catalog = [];
    try { catalog = Array.from(this.engines.catalog() || []); } catch { catalog = []; }
    const runnable = (c) => !(c.requires || []).includes("webgpu") || (detected.webgpu && (!(c.requires || []).includes("shader-f16") || detected.shaderF16));
    const webllm = catalog.filter((c) => c.engine === "webllm");
    this.catalog = [
      catalog.find((c) => c.engine === "extractive") || EXTRACTIVE,
      ...catalog.filter((c) => c.engine === "wllama"),
      ...webllm.filter(runnable),
      ...(catalog.some((c) => c.engine === "openai") ? catalog.filter((c) => c.engine === "openai") : [ENDPOINT]),
    ];
    const options = this.catalog.map((c) => h("option", { value: c.id }, this.optionText(c)));
    // say why GPU models are missing, in the row itself (a tooltip on an <option> is rarely seen)
    const why = detected.short || detected.reason || "no WebGPU";
    if (webllm.length && !webllm.some(runnable)) {
      options.push(h("option", { disabled: true, value: "", "data-testid": "webllm-unavailable", title: detected.reason || why },
        `GPU models (WebLLM) — unavailable: ${why}`));
    } else if (webllm.some((c) => !runnable(c))) {
      options.push(h("option", { disabled: true, value: "", "data-testid": "webllm-unavailable", title: detected.reason || why },
        `Faster q4f16 GPU models — unavailable: ${why}`));
    }
    clear(this.select).append(...options);
    this.select.value = this.catalog[0].id;
    this.select.addEventListener("change", () => this.onChoose());
    this.onEngineLabel(shortLabel(this.catalog[0]));
    this.syncEffort();

    const remembered = this.catalog.find((c) => c.id === saved?.engineId && c.engine !== "extractive");
    if (remembered) {
      this.select.value = remembered.id;
      this.offer(remembered, `Last time you used ${remembered.label}. Load it again?`);
    }
  }

  entry(id) { return this.catalog.find((c) => c.id === id) || EXTRACTIVE; }

  /** The row's label, with what it cost here once measured ("· 48 s/answer here, text kept 0/3"). */
  optionText(c) {
    const base = optionLabel(c);
    const e = this.costs.get(c.id);
    if (c.engine === "extractive" || !e.asked) return base;
    const seconds = e.firstSeconds === null ? "" : `${Math.round(e.firstSeconds)} s/answer here, `;
    return `${base} · ${seconds}text kept ${e.kept}/${e.asked}`;
  }

  /** The catalogue id of the engine running now ("wllama:<model>"), for its cost record. */
  answeringId() {
    let active = null;
    try { active = this.engines.active ? this.engines.active() : null; } catch { active = null; }
    if (!active || !active.id || active.id === "extractive") return this.values.loadedId;
    const row = this.catalog.find((c) => c.engine === active.id && c.model === active.model)
      || (this.entry(this.values.loadedId).engine === active.id ? this.entry(this.values.loadedId) : null);
    return row ? row.id : `${active.id}:${active.model ?? ""}`;
  }

  /** A finished turn: count it for the engine that answered (ui/costs.js) and refresh its row. */
  async recordTurn(result) {
    if (!result || !result.engine || result.engine === "extractive") return;
    const id = this.answeringId();
    if (!id || id === "extractive") return;
    await this.costs.record(id, result);
    const option = [...(this.select?.options || [])].find((o) => o.value === id);
    if (option) option.textContent = this.optionText(this.entry(id));
  }

  /** The settings Python receives with every question. */
  forPython() {
    const active = this.engines.active ? this.engines.active() : { id: "extractive" };
    return { engine: active?.id || "extractive", deepMode: Boolean(this.values.deepMode), llmEffort: this.values.llmEffort || "auto" };
  }

  async save() {
    const { deepMode, engineId, engineUrl, llmEffort } = this.values;
    try { await this.storage.setSetting("settings", { deepMode, engineId, engineUrl, llmEffort }); } catch { /* storage is best-effort */ }
  }

  onChoose() {
    const choice = this.entry(this.select.value);
    this.syncEffort();
    if (choice.engine === "extractive") { this.activate(choice); return; }
    const size = choice.downloadMB ? `This downloads about ${Math.round(choice.downloadMB)} MB into this browser (kept for next time).` : "";
    this.offer(choice, size);
  }

  /** Show the confirmation for an LLM choice: size notice (or endpoint URL field) + a button. */
  offer(choice, text, prefill = "") {
    clearError();
    const children = [h("p", {}, text)];
    if (choice.engine !== "extractive") {
      // what it costs on this device: the download (if any), the seconds and the checks, measured here
      const size = choice.downloadMB ? `download about ${Math.round(choice.downloadMB)} MB (once; kept in this browser) · ` : "";
      children.push(h("p", { class: "muted", "data-testid": "engine-cost" }, `On this device: ${size}${this.costs.describe(choice.id)}.`));
    }
    if (choice.note && choice.engine === "wllama" && choice.model !== "custom") {
      // the bundled 135M model: say plainly what to expect, and what to try instead
      const custom = this.catalog.find((c) => c.engine === "wllama" && c.model === "custom");
      children.push(h("p", { "data-testid": "engine-expectation" },
        `What to expect: ${choice.note}. A model this small runs on any CPU, but most of its answers fail the `
        + "citation checks, and you then get the answer composed from the verses instead.",
        custom ? [" For better answers choose “Your own GGUF file” with a small instruct model, for example ",
          h("button", { type: "button", class: "link-button", "data-testid": "engine-example",
            onclick: () => { this.select.value = custom.id; this.offer(custom, "", WLLAMA_EXAMPLE.url); } },
          WLLAMA_EXAMPLE.label), "."] : null));
    }
    let urlInput = null;
    if (needsUrl(choice)) {
      const label = choice.engine === "openai" ? "Endpoint URL (your questions are sent there)" : "GGUF model URL";
      const url = prefill || (choice.id === this.values.engineId && this.values.engineUrl) || choice.url || "";
      urlInput = h("input", { id: "engine-url", type: "url", value: url, "data-testid": "engine-url", autocomplete: "url",
        placeholder: choice.engine === "wllama" ? WLLAMA_EXAMPLE.url : null });
      children.push(h("label", { for: "engine-url" }, label), urlInput);
      if (choice.engine === "wllama") {
        children.push(h("p", { class: "muted" }, "A GGUF file of a small instruct model (up to about 2 GB; it runs on the CPU). For example ",
          h("button", { type: "button", class: "link-button", "data-testid": "engine-example",
            onclick: () => { urlInput.value = WLLAMA_EXAMPLE.url; urlInput.focus(); } }, WLLAMA_EXAMPLE.label),
          " from Hugging Face."));
      }
    }
    if (choice.vramMB) children.push(h("p", { class: "muted" }, `Needs about ${Math.round(choice.vramMB)} MB of GPU memory.`));
    const go = h("button", { type: "button", class: "primary", "data-testid": "engine-load" },
      choice.engine === "openai" ? "Connect" : `Download and use${choice.downloadMB ? ` (${Math.round(choice.downloadMB)} MB)` : ""}`);
    const cancel = h("button", { type: "button" }, "Cancel");
    go.addEventListener("click", () => this.load(choice, urlInput ? urlInput.value.trim() : ""));
    cancel.addEventListener("click", () => { this.hideNotice(); this.select.value = this.values.loadedId; this.syncEffort(); });
    clear(this.notice).append(...children, h("div", { class: "row" }, go, cancel));
    this.notice.hidden = false;
  }

  hideNotice() { clear(this.notice); this.notice.hidden = true; }

  async activate(choice) {
    this.hideNotice();
    try { await this.engines.select("extractive", null, {}, () => {}); } catch { /* extractive never fails */ }
    this.values.loadedId = choice.id;
    this.values.engineId = choice.id;
    this.onEngineLabel(shortLabel(choice));
    this.syncEffort();
    this.save();
  }

  /** Load the chosen engine with a progress bar; on failure keep the previous engine. */
  async load(choice, url) {
    const bar = h("progress", { max: 100, "data-testid": "engine-progress", "aria-label": "Model download" });
    const text = h("span", { class: "stage-detail" }, "starting…");
    clear(this.notice).append(h("p", {}, `Loading ${choice.label}…`), h("div", { class: "row" }, bar, text));
    this.select.disabled = true;
    try {
      await this.engines.select(choice.engine, choice.model, url ? { url } : {}, (p) => {
        if (typeof p.percent === "number") bar.value = Math.max(0, Math.min(100, p.percent));
        const mb = p.totalMB ? `${(p.loadedMB || 0).toFixed(1)} / ${p.totalMB.toFixed(1)} MB` : "";
        const pct = typeof p.percent === "number" ? ` (${Math.round(p.percent)}%)` : "";
        text.textContent = `${mb}${pct}${p.text ? ` ${mb ? "· " : ""}${p.text}` : ""}`.trim();
      });
      this.values.loadedId = choice.id;
      this.values.engineId = choice.id;
      this.values.engineUrl = url;
      await this.save();
      this.onEngineLabel(shortLabel(choice));
      this.hideNotice();
      toast(`${choice.label} is ready.`);
    } catch (err) {
      this.hideNotice();
      this.select.value = this.values.loadedId;
      showError(err && err.message ? err.message.split("\n")[0] : `${choice.label} could not be loaded.`);
    } finally {
      this.select.disabled = false;
      this.syncEffort();
    }
  }
}

const RUNTIME = { wllama: "wllama, CPU", webllm: "WebLLM, GPU", openai: "endpoint" };

/** "No LLM" / "SmolLM2 135M Instruct (wllama, CPU)": the model and what runs it, without the details. */
export function shortLabel(c) {
  if (!c || c.engine === "extractive") return "No LLM";
  const name = String(c.label || c.model || c.engine).split(/ [—(]/)[0];
  return RUNTIME[c.engine] ? `${name} (${RUNTIME[c.engine]})` : name;
}

/** The "LLM effort" select, built here when the page does not have one (placed after deep mode). */
function effortField(root, after) {
  const select = h("select", { id: "llm-effort", "data-testid": "llm-effort",
    title: "How many steps the language model does; the rest is done by code" },
  EFFORTS.map(([value, label]) => h("option", { value }, label)));
  const field = h("div", { class: "field" }, h("label", { for: "llm-effort" }, "LLM effort"), select);
  const anchor = after && after.closest ? after.closest("label") || after : null;
  if (anchor && anchor.parentNode === root) anchor.after(field);
  else root.append(field);
  return select;
}

/**
 * On a phone the settings fold behind one button (CSS shows it below 760 px): the engine line
 * stays visible beside it, the fields open on demand. An engine notice (download size, URL) shows
 * either way.
 */
function foldSettings(root) {
  if (!root || !root.prepend) return null;
  // index.html has the button already (the first paint is then the folded toolbar: no layout shift)
  const button = (root.querySelector && root.querySelector(":scope > .settings-toggle")) || h("button", {
    type: "button", class: "settings-toggle", "aria-expanded": "false", "data-testid": "settings-toggle",
    "aria-controls": root.id || null,
  }, "Settings");
  button.addEventListener("click", () => {
    const open = root.classList.toggle("settings-open");
    button.setAttribute("aria-expanded", String(open));
  });
  root.classList.add("foldable");
  if (button.parentNode !== root) root.prepend(button);
  return button;
}

/** Rows whose model location the reader types: an endpoint, or a custom GGUF file. */
function needsUrl(c) { return c.engine === "openai" || c.model === "custom"; }

function optionLabel(c) {
  if (c.engine === "extractive" || c.engine === "openai") return c.label;
  if (c.engine === "wllama" && c.note) {  // the bundled model: what to expect, in the row itself
    const size = c.downloadMB ? `, ${Math.round(c.downloadMB)} MB` : "";
    return `${String(c.label).split(" (")[0].replace(/ Instruct$/, "")} (CPU${size}) — ${c.note}`;
  }
  return c.downloadMB ? `${c.label} — ${Math.round(c.downloadMB)} MB` : c.label;
}
