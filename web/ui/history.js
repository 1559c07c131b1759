// Past conversations (IndexedDB, survive reloads): the sidebar list, "new chat", "clear history",
// and export / import of the whole history as one JSON file (a backup, or a move to another browser;
// the file is made and read in this page, nothing is uploaded).
// A conversation is {id, title, createdAt, updatedAt, turns: [{question, kind, result|lookup}]}.

import { h, clear } from "./dom.js";
import { showError, clearError, toast } from "./notice.js";
import { showBanner, hideBanner } from "./banner.js";

export class History {
  /**
   * @param {object} opts
   * @param {object} opts.storage  rvsStorage
   * @param {HTMLElement} opts.list  the <ul data-testid=history>
   * @param {HTMLElement} opts.clearButton
   * @param {(conversation: object) => void} opts.onOpen
   * @param {() => boolean} opts.isBusy  true while a question is being answered (no switching then)
   * @param {HTMLElement} [opts.exportButton]
   * @param {HTMLElement} [opts.importButton]
   * @param {HTMLInputElement} [opts.importInput]  a hidden <input type=file>
   */
  constructor({ storage, list, clearButton, onOpen, isBusy, exportButton, importButton, importInput }) {
    this.storage = storage;
    this.list = list;
    this.onOpen = onOpen;
    this.isBusy = isBusy;
    this.current = null;
    this.clearButton = clearButton;
    clearButton.addEventListener("click", () => this.confirmClear());
    if (exportButton) exportButton.addEventListener("click", () => this.exportAll());
    if (importButton && importInput) {
      importButton.addEventListener("click", () => { importInput.value = ""; importInput.click(); });
      importInput.addEventListener("change", () => this.importFile(importInput.files && importInput.files[0], importInput));
    }
  }

  /** Download every conversation as rigveda-scholar-history-YYYY-MM-DD.json. */
  async exportAll() {
    let text;
    try {
      text = await this.storage.exportHistory();
    } catch (err) {
      showError(`History could not be exported: ${err.message || err}`);
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = h("a", { href: url, download: `rigveda-scholar-history-${new Date().toISOString().slice(0, 10)}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
    toast("History exported.");
  }

  /** Read an exported file; a file that is not an export gives one clear line and changes nothing. */
  async importFile(file, input = null) {
    if (!file) return;
    if (this.isBusy()) { toast("Wait for the current answer before importing."); return; }
    clearError();
    hideBanner("import");
    try {
      if (file.size > 50 * 1024 * 1024) throw new Error("The file is larger than 50 MB; it is not a history export.");
      const { imported, skipped } = await this.storage.importHistory(await file.text());
      await this.render();
      showBanner("import", `Imported ${imported} conversation${imported === 1 ? "" : "s"} from ${file.name}${
        skipped ? `; ${skipped} could not be read and ${skipped === 1 ? "was" : "were"} skipped` : ""}.`);
    } catch (err) {
      showError(`Import failed: ${String(err && err.message ? err.message : err).split("\n")[0]}`);
    } finally {
      if (input) input.value = "";
    }
  }

  /** Start a fresh, unsaved conversation (saved on its first turn). */
  startNew() {
    this.current = { id: this.storage.newId("c"), title: "", turns: [] };
    this.render();
    return this.current;
  }

  /** Add a finished turn to the current conversation and persist it. */
  async addTurn(turn) {
    if (!this.current) this.startNew();
    this.current.turns.push(turn);
    if (!this.current.title) this.current.title = turn.question.slice(0, 80);
    try {
      this.current = await this.storage.saveConversation(this.current);
      await this.storage.setSetting("lastConversation", this.current.id);
    } catch (err) {
      showError(`History could not be saved: ${err.message || err}`);
    }
    await this.render();
  }

  /** Chat history for the orchestrator: alternating user / assistant messages of answered turns. */
  messages() {
    // the earlier turns as the agents read them: what was asked, how it was read on its own
    // (a rewritten follow-up), what kind of reply it got and which verses it cited
    const out = [];
    for (const turn of this.current?.turns || []) {
      if (turn.kind !== "answer" || !turn.result) continue;
      const r = turn.result;
      out.push({
        question: turn.question, answer: r.answer || "", standaloneQuestion: r.standaloneQuestion || "",
        kind: r.kind || "answer", citations: Array.isArray(r.citations) ? r.citations.slice(0, 20) : [],
        claims: Array.isArray(r.claims) ? r.claims.slice(0, 12) : [],
      });
    }
    return out;
  }

  async restoreLast() {
    try {
      const id = await this.storage.getSetting("lastConversation");
      const conversation = id ? await this.storage.getConversation(id) : null;
      if (conversation) { this.current = conversation; await this.render(); return conversation; }
    } catch { /* a fresh start is fine */ }
    this.startNew();
    return null;
  }

  async open(id) {
    if (this.isBusy()) { toast("Wait for the current answer (or press Stop) before switching conversations."); return; }
    const conversation = await this.storage.getConversation(id);
    if (!conversation) return;
    this.current = conversation;
    await this.storage.setSetting("lastConversation", id).catch(() => {});
    await this.render();
    this.onOpen(conversation);
  }

  async render() {
    let rows = [];
    try { rows = await this.storage.listConversations(); } catch { rows = []; }
    clear(this.list);
    if (!rows.length) {
      this.list.append(h("li", { class: "muted empty" }, "No conversations yet."));
      this.clearButton.hidden = true;
      return;
    }
    this.clearButton.hidden = false;
    for (const row of rows) {
      const when = new Date(row.updatedAt || row.createdAt || Date.now());
      const button = h("button", {
        type: "button", class: "history-item", "aria-current": row.id === this.current?.id ? "true" : null,
        onclick: () => this.open(row.id),
      },
      h("span", { class: "history-title" }, row.title || "(untitled)"),
      h("time", { class: "history-time", datetime: when.toISOString() },
        `${when.toLocaleDateString()} · ${row.turns?.length || 0} ${row.turns?.length === 1 ? "question" : "questions"}`));
      this.list.append(h("li", {}, button));
    }
  }

  confirmClear() {
    const box = this.clearButton.parentElement;
    if (box.querySelector(".confirm")) return;
    const yes = h("button", { type: "button", class: "danger", "data-testid": "clear-history-confirm" }, "Delete all");
    const no = h("button", { type: "button" }, "Keep");
    const confirm = h("div", { class: "confirm", role: "group", "aria-label": "Confirm clearing history" },
      h("span", {}, "Delete every saved conversation and remembered answer?"), yes, no);
    yes.addEventListener("click", async () => {
      confirm.remove();
      if (this.isBusy()) { toast("Wait for the current answer before clearing the history."); return; }
      try { await this.storage.clearConversations(); await this.storage.memoryClear(); } catch (err) { showError(`History could not be cleared: ${err.message || err}`); }
      this.startNew();
      this.onOpen(this.current);
      toast("History cleared.");
    });
    no.addEventListener("click", () => { confirm.remove(); this.clearButton.focus(); });
    box.append(confirm);
    yes.focus();
  }
}
