// Past conversations (IndexedDB, survive reloads): the sidebar list, "new chat", "clear history".
// A conversation is {id, title, createdAt, updatedAt, turns: [{question, kind, result|lookup}]}.

import { h, clear } from "./dom.js";
import { showError, toast } from "./notice.js";

export class History {
  /**
   * @param {object} opts
   * @param {object} opts.storage  rvsStorage
   * @param {HTMLElement} opts.list  the <ul data-testid=history>
   * @param {HTMLElement} opts.clearButton
   * @param {(conversation: object) => void} opts.onOpen
   * @param {() => boolean} opts.isBusy  true while a question is being answered (no switching then)
   */
  constructor({ storage, list, clearButton, onOpen, isBusy }) {
    this.storage = storage;
    this.list = list;
    this.onOpen = onOpen;
    this.isBusy = isBusy;
    this.current = null;
    this.clearButton = clearButton;
    clearButton.addEventListener("click", () => this.confirmClear());
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
    const out = [];
    for (const turn of this.current?.turns || []) {
      if (turn.kind !== "answer" || !turn.result) continue;
      out.push({ role: "user", content: turn.question });
      out.push({ role: "assistant", content: turn.result.answer || "" });
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
