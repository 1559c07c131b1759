// What a language model costs on *this* device, remembered per engine (IndexedDB setting
// "engineCosts"): the seconds its first answer took here, and how often its text survived the checks
// (kept / asked). Why: a catalogue size says nothing about speed, and a 135M model's text is usually
// set aside by the checks; the reader should see both before picking it again.
//
// Counted from each TurnResult (pyapp/orchestrator.py): the model was asked to write when its text
// is in the answer (`composedBy` "model" / "model+code") or was set aside (`setAsideReason`); a turn
// answered from the index, from memory or without asking the model counts for neither.

const KEY = "engineCosts";

/** One engine's record, or a fresh one. */
function blank() { return { firstSeconds: null, asked: 0, kept: 0 }; }

export class EngineCosts {
  constructor(storage) {
    this.storage = storage;
    this.data = {};
  }

  async load() {
    try {
      const saved = await this.storage.getSetting(KEY, {});
      this.data = saved && typeof saved === "object" && !Array.isArray(saved) ? saved : {};
    } catch { this.data = {}; }
    return this;
  }

  get(id) { return { ...blank(), ...(this.data[id] || {}) }; }

  /** Count one finished turn for the engine `id` (the catalogue id that answered it). */
  async record(id, result) {
    if (!id || id === "extractive" || !result || result.kind !== "answer") return;
    const entry = this.get(id);
    const kept = result.composedBy === "model" || result.composedBy === "model+code";
    const asked = kept || Boolean(result.setAsideReason);
    if (!asked) return;
    entry.asked += 1;
    if (kept) entry.kept += 1;
    if (entry.firstSeconds === null && Number.isFinite(result.durationMs)) {
      entry.firstSeconds = Math.round(result.durationMs / 100) / 10;
    }
    this.data[id] = entry;
    try { await this.storage.setSetting(KEY, this.data); } catch { /* best effort */ }
  }

  /** "about 48 s per answer here · its text kept 1 of 4 times", or what is not measured yet. */
  describe(id) {
    const e = this.get(id);
    if (!e.asked) return "seconds per answer: measured on your first question";
    const seconds = e.firstSeconds === null ? "" : `about ${formatSeconds(e.firstSeconds)} per answer here`;
    const kept = `its text kept ${e.kept} of ${e.asked} ${e.asked === 1 ? "time" : "times"}`;
    return [seconds, kept].filter(Boolean).join(" · ");
  }
}

function formatSeconds(s) {
  return s >= 90 ? `${Math.round(s / 60)} min` : `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
}
