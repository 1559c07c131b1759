// The conversation: question → (direct verse lookup | agents with live badges and a streamed answer)
// → verse cards. Only the newest turn carries the stable test hooks (`answer`, the badge row).

import { h, clear, flash } from "./dom.js";
import { renderAnswer, citedRefs } from "./answer.js";
import { verseCard } from "./cards.js";
import { Badges } from "./badges.js";
import { showError, clearError, toast } from "./notice.js";
import { copyText, questionLink } from "./cite.js";

// Fast mode's draft (pyapp/agents/generator.py, "The draft protocol"): a token starting with DRAFT
// adds its rest to the model's unchecked draft; any other token ends the draft and is answer text.
// The draft is shown as plain text (textContent, never Markdown or HTML), dimmed and labelled, and
// is never stored.
export const DRAFT = "\u0002";

const KIND_NOTES = {
  off_topic: "This question does not seem to be about the RigVeda.",
  insufficient: "The verses found do not answer this well.",
};

export class Chat {
  /**
   * @param {object} o
   * @param {HTMLElement} o.log        conversation container
   * @param {object} o.bridge          Python pyapp.bridge module (PyProxy)
   * @param {object} o.history         History
   * @param {object} o.settings        Settings
   * @param {(label: string) => void} o.onEngine
   */
  constructor({ log, bridge, history, settings, onEngine, onBusy }) {
    this.log = log;
    this.bridge = bridge;
    this.history = history;
    this.settings = settings;
    this.onEngine = onEngine;
    this.onBusy = onBusy;
    this.badges = new Badges();
    this.busy = false;
    this.stopped = false;
  }

  /** Bridge lookup as parsed JSON; never throws. */
  async lookup(text) {
    try {
      return JSON.parse(await this.bridge.lookup(text));
    } catch (err) {
      return { matched: false, success: false, error: pythonLine(err) };
    }
  }

  /** Re-render a stored conversation (after reload or when picked from history). */
  show(conversation) {
    const turns = conversation?.turns || [];
    // An empty conversation keeps the page's own welcome if it is still there: building it anew would
    // paint it again, later (it is the first visit's largest paint).
    if (!turns.length && this.log.children.length === 1 && this.log.firstElementChild.matches(".welcome")) return;
    clear(this.log);
    if (!turns.length) { this.log.append(welcome()); return; }
    for (const turn of turns) {
      // storage.js validates saved turns; this catch is the last line of defence for the page
      try {
        const view = this.turnView(String(turn.question ?? ""));
        try {
          if (turn.kind === "lookup") this.fillLookup(view, turn.lookup);
          else this.fillResult(view, turn.result, turn.badgeSummary);
        } catch (err) {
          console.warn("A saved turn could not be shown", err);
          clear(view.answer).append(h("p", { class: "muted" }, "This saved answer could not be shown."));
        }
      } catch (err) {
        console.warn("A saved turn could not be shown", err);
      }
    }
    this.markLatest();
  }

  /** Ask one question: a bare verse reference is looked up directly, anything else goes to the agents. */
  async ask(question) {
    question = question.trim();
    if (!question || this.busy) return false;
    clearError();
    this.setBusy(true);
    this.stopped = false;
    const t0 = performance.now();
    let kind = "answer";
    try {
      const lookup = await this.lookup(question);
      if (lookup.matched) {
        kind = "lookup";
        if (!lookup.success) { showError(lookup.error || "That verse does not exist."); return false; }
        const view = this.startTurn(question);
        this.fillLookup(view, lookup);
        await this.history.addTurn({ question, kind: "lookup", lookup });
        view.el.querySelector(".verse-card")?.focus({ preventScroll: true });
        return true;
      }
      return await this.askAgents(question);
    } finally {
      // for the benchmark (pyapp/bench/browser.py): question → finished turn, in ms
      const timings = (globalThis.rvsTimings = globalThis.rvsTimings || {});
      (timings.turns = timings.turns || []).push({ kind, ms: Math.round(performance.now() - t0), end: performance.now() });
      this.setBusy(false);
    }
  }

  async askAgents(question) {
    const view = this.startTurn(question);
    // the previous turn keeps a one-line summary; the live badge row moves to this turn
    if (this.badges.el.isConnected) this.badges.el.replaceWith(statusLine(this.badges.summary(), this.badges.durationMs));
    this.badges.reset();
    view.status.replaceWith(this.badges.el);
    view.status = this.badges.el;
    view.answer.setAttribute("aria-busy", "true");
    view.answer.append(h("p", { class: "muted thinking" }, "Reading the hymns…"));

    let streamed = "";
    let draft = null; // the model's unchecked text while it writes (fast mode), else null
    let lastDraft = ""; // the draft as it was when the checks took over (folded away if set aside)
    let frame = 0;
    const t0 = performance.now();
    const onStatus = (json) => { try { this.badges.update(JSON.parse(json)); } catch { /* malformed event: ignore */ } };
    const paint = () => {
      frame = 0;
      if (draft !== null) showDraft(view.answer, draft);
      else renderAnswer(view.answer, streamed, { onCite: (r) => this.openCitation(view, r) });
    };
    const onToken = (token) => {
      const text = String(token);
      if (text.startsWith(DRAFT)) {
        draft = (draft ?? "") + text.slice(DRAFT.length);
        markDraft(t0, draft);
      } else {
        if (draft !== null) lastDraft = draft;
        draft = null;
        streamed += text;
      }
      if (!frame) frame = requestAnimationFrame(paint);
    };
    let result;
    try {
      // a German, French or Russian question searches that language's translation: fetched first, once
      // (pyapp.bridge.version_for); if it cannot be, Python answers from Griffith and says so
      const version = String((await this.bridge.version_for?.(question)) || ""); // a worker call: awaited
      if (version) await globalThis.rvsVersions?.ensure(version).catch(() => null);
      // a question in Spanish, Hindi, German… is read with that language's word list (pyapp.reading.gloss):
      // fetched first, once, its size said (pyapp.bridge.language_file); without it Python reads the names alone
      const needs = JSON.parse(String((await this.bridge.language_file?.(question)) || "null") || "null");
      if (needs && needs.file) await globalThis.rvsVersions?.ensureFile(needs.file, needs.language).catch(() => null);
      // … and its free dictionary (FreeDict) for the words the word list lacks, when this build has one
      if (needs && needs.dictionary && globalThis.rvsVersions?.hasFile?.(needs.dictionary)) {
        await globalThis.rvsVersions.ensureFile(needs.dictionary, needs.language, "dictionary").catch(() => null);
      }
      const raw = await this.bridge.ask(question, JSON.stringify(this.history.messages()), JSON.stringify(this.settings.forPython()), onStatus, onToken);
      result = JSON.parse(raw);
    } catch (err) {
      result = { success: false, kind: "error", error: pythonLine(err), question, answer: streamed, verses: [], citations: [], engine: "" };
    } finally {
      if (frame) cancelAnimationFrame(frame);
    }
    if (this.stopped) {
      // keep what was already written; stopping is the reader's choice, not an error
      result = { ...result, answer: result.answer || streamed, notes: [...(result.notes || []), "Stopped by you."] };
    }
    const badgeSummary = this.badges.summary();
    this.badges.finish(result.durationMs ?? performance.now() - t0);
    this.fillResult(view, result, null);
    // stopped while the model wrote: its draft stays visible, still marked unchecked (not stored)
    if (this.stopped && draft && !result.answer) view.answer.append(draftBox(draft, "Unchecked draft — stopped before the checks"));
    // the checks set the model's draft aside: it is folded away below the answer, marked as rejected
    // (never left looking like the answer; not stored)
    else if (result.setAsideReason && (lastDraft || draft || "").trim()) {
      view.answer.after(rejectedDraft((lastDraft || draft).trim(), result.setAsideReason));
    }
    this.settings.recordTurn?.(result);
    if (!result.success && !this.stopped) showError(result.error || "The question could not be answered.");
    if (result.engine) this.onEngine(result.engine);
    await this.history.addTurn({ question, kind: "answer", result, badgeSummary });
    return Boolean(result.success);
  }

  stop() {
    if (!this.busy) return;
    this.stopped = true;
    try { this.bridge.stop(); } catch { /* nothing running */ }
  }

  setBusy(busy) { this.busy = busy; this.onBusy(busy); }

  // ---- turn views ----------------------------------------------------------------------------

  startTurn(question) {
    this.log.querySelector(".welcome")?.remove();
    const view = this.turnView(question);
    this.markLatest();
    view.el.scrollIntoView({ block: "start", behavior: "smooth" });
    return view;
  }

  turnView(question) {
    const status = statusLine("");
    const answer = h("div", { class: "answer", "aria-live": "polite" });
    const meta = h("div", { class: "turn-meta" });
    const verses = h("div", { class: "verses" });
    const el = h("article", { class: "turn" },
      h("div", { class: "question" }, h("span", { class: "who" }, "You asked"), h("p", {}, question)),
      status, answer, meta, verses);
    this.log.append(el);
    return { el, status, answer, meta, verses };
  }

  /** Only the newest turn's answer is [data-testid=answer]; older ones keep their text. */
  markLatest() {
    const answers = this.log.querySelectorAll(".answer");
    answers.forEach((a, i) => { if (i === answers.length - 1) a.setAttribute("data-testid", "answer"); else a.removeAttribute("data-testid"); });
  }

  cards(view, results, citedSet) {
    const lookup = (text) => this.lookup(text);
    view.verses.append(...results.map((r) => verseCard(r, { lookup, cited: citedSet.has(r.bookContext) })));
  }

  fillLookup(view, data) {
    view.status.remove();
    const results = data.results || [];
    const refs = results.map((r) => r.bookContext);
    const title = refs.length === 1 ? `RV ${refs[0]}` : `RV ${data.hymn || refs[0]} — ${refs.length} verses`;
    clear(view.answer).append(h("p", {}, h("strong", {}, title), data.note ? ` · ${data.note}` : ""));
    view.answer.setAttribute("aria-busy", "false");
    this.cards(view, results, new Set(refs));
  }

  fillResult(view, result, badgeSummary) {
    if (badgeSummary !== null && badgeSummary !== undefined) {
      const status = statusLine(badgeSummary, result.durationMs);
      view.status.replaceWith(status);
      view.status = status;
    }
    const onCite = (ref) => this.openCitation(view, ref);
    const text = result.answer || "";
    renderAnswer(view.answer, text, { onCite });
    if (!text && result.kind && KIND_NOTES[result.kind]) view.answer.append(h("p", { class: "muted" }, KIND_NOTES[result.kind]));
    if (!text && !result.success) view.answer.append(h("p", { class: "muted" }, result.error || "No answer."));
    view.answer.setAttribute("aria-busy", "false");

    // a card for every provided verse the answer text cites, in the order it cites them
    const verses = result.verses || [];
    const order = citedRefs(text);
    const cited = new Set(order);
    const shown = verses.filter((v) => cited.has(v.bookContext));
    shown.sort((a, b) => order.indexOf(a.bookContext) - order.indexOf(b.bookContext));
    clear(view.verses);
    this.cards(view, shown, cited);
    view.result = result;

    const others = verses.filter((v) => !cited.has(v.bookContext));
    clear(view.meta);
    if (result.engine) {
      view.meta.append(h("span", { class: "engine-used", "data-testid": "composed-by", "data-composed": result.composedBy || "" },
        composedLabel(result)));
    }
    if (result.durationMs) view.meta.append(h("span", {}, `${(result.durationMs / 1000).toFixed(1)} s`));
    if (result.rounds > 1) view.meta.append(h("span", {}, `${result.rounds} search rounds`));
    for (const note of result.notes || []) view.meta.append(h("span", { class: "note" }, note));
    if (result.removedCitations?.length) {
      view.meta.append(h("span", { class: "note" }, `Removed citations not in the sources: ${result.removedCitations.map((r) => `RV ${r}`).join(", ")}`));
    }
    if (text) {
      view.meta.append(h("button", { type: "button", class: "link-button", "data-testid": "copy", onclick: () => copyAnswer(result, text) }, "Copy answer"));
    }
    if (result.question) { // the question goes into a link only here, when the reader asks for it (ui/reader.js #/ask)
      view.meta.append(h("button", {
        type: "button", class: "link-button", "data-testid": "share-question",
        onclick: () => copyText(questionLink(result.question), "Link to this question"),
      }, "Share this question"));
    }
    if (others.length) {
      view.meta.append(h("span", { class: "also" }, "Also consulted: ",
        others.slice(0, 12).map((v, i) => [i ? ", " : "", h("button", {
          type: "button", class: "cite quiet", "data-cite": v.bookContext,
          onclick: () => this.openCitation(view, v.bookContext, v),
        }, `RV ${v.bookContext}`)])));
    }
  }

  /** Citation click: focus the verse card in this turn, adding it (from the results or a lookup) if absent. */
  async openCitation(view, ref, known = null) {
    let card = view.verses.querySelector(`[data-ref="${CSS.escape(ref)}"]`);
    if (!card) {
      let result = known || (view.result?.verses || []).find((v) => v.bookContext === ref);
      if (!result) {
        const data = await this.lookup(ref);
        if (!data.success || !data.results?.length) { showError(data.error || `RV ${ref} could not be found.`); return; }
        result = data.results[0];
      }
      card = verseCard(result, { lookup: (text) => this.lookup(text) });
      view.verses.append(card);
    }
    card.scrollIntoView({ block: "center", behavior: "smooth" });
    card.focus({ preventScroll: true });
    flash(card);
  }
}

/** An earlier turn's steps: one line ("8 steps · 0.7 s ▸") that opens on tap to the full list. */
function statusLine(text, durationMs = null) {
  if (!text) return h("p", { class: "turn-status muted" }, "");
  const steps = text.split(" → ").length;
  const seconds = Number.isFinite(durationMs) && durationMs > 0 ? ` · ${(durationMs / 1000).toFixed(1)} s` : "";
  const full = h("p", { class: "turn-status-full" }, text);
  const toggle = h("button", { type: "button", class: "steps-toggle", "aria-expanded": "false" },
    h("span", { class: "steps-line" }, `${steps} ${steps === 1 ? "step" : "steps"}${seconds}`),
    h("span", { class: "steps-caret", "aria-hidden": "true" }, "▸"));
  const el = h("div", { class: "turn-status steps muted" }, toggle, full);
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    el.classList.toggle("open", open);
  });
  return el;
}

/** The model's draft after the checks set it aside: folded (a button with aria-expanded opens it),
 * and marked as rejected with the reason. Plain text only, like the live draft. */
function rejectedDraft(text, reason) {
  const body = h("p", { class: "draft-text", hidden: true }, text);
  const toggle = h("button", { type: "button", class: "draft-label rejected-toggle", "aria-expanded": "false",
    "data-testid": "rejected-draft-toggle" }, `Rejected draft by the model — set aside: ${reason} ▸`);
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    body.hidden = !open;
  });
  return h("div", { class: "draft rejected-draft", "data-testid": "rejected-draft", "aria-live": "off" }, toggle, body);
}

/**
 * Who composed the answer shown, read from the TurnResult (pyapp/orchestrator.py sets
 * `composedBy` and `setAsideReason` where it falls back; nothing is guessed here).
 */
export function composedLabel(result) {
  const name = engineName(result.engine);
  const model = result.engine && result.engine !== "extractive";
  switch (result.composedBy) {
    case "model": return `Answered by ${name} (citations checked by code)`;
    case "model+code": return `Opening written by ${name} and checked by code; the verses quoted by code`;
    case "index": return `Stated by code from the index${model ? ` (${name} was not needed)` : ""}`;
    case "memory": return "Repeated from memory: an earlier answer to the same question";
    case "code": {
      // an answer quotes the verses; a refusal or "the verses do not answer this" is code's sentence only
      const what = result.kind === "answer" ? "Composed by code from the verses" : "Composed by code";
      if (result.setAsideReason) return `${what} — ${name}'s draft was set aside: ${result.setAsideReason}`;
      return model ? `${what} (${name} was not asked to write this answer)` : `${what} (no language model)`;
    }
    default: // a turn saved before the field existed: say only what is known
      return model ? `Engine: ${name}` : "Composed by code (no language model)";
  }
}

function draftBox(text, label = "Draft — being checked") {
  // aria-live off: the growing draft is not read out token by token; the checked answer is
  return h("div", { class: "draft", "data-testid": "draft", "aria-live": "off" },
    h("p", { class: "draft-label" }, label),
    h("p", { class: "draft-text" }, text || "The model is writing…"));
}

function showDraft(container, text) {
  const box = container.querySelector(":scope > .draft");
  if (box) box.querySelector(".draft-text").textContent = text || "The model is writing…";
  else clear(container).append(draftBox(text));
}

/** For the benchmark and tests (window.rvsTimings.drafts, one entry per turn with a draft): ms from
 * asking to the draft box (`openMs`: the model was asked) and to its first text (`ms`). */
function markDraft(t0, text) {
  const timings = (globalThis.rvsTimings = globalThis.rvsTimings || {});
  const drafts = (timings.drafts = timings.drafts || []);
  let entry = drafts[drafts.length - 1];
  if (!entry || entry.t0 !== t0) drafts.push((entry = { t0, openMs: Math.round(performance.now() - t0), ms: null }));
  if (text && entry.ms === null) entry.ms = Math.round(performance.now() - t0);
}

function engineName(engine) {
  return engine === "extractive" ? "no-LLM extractive mode" : engine;
}

async function copyAnswer(result, text) {
  const refs = (result.citations || []).map((r) => `RV ${r}`).join(", ");
  const body = refs ? `${text}\n\nVerses: ${refs}` : text;
  try {
    await navigator.clipboard.writeText(body);
    toast("Answer copied.");
  } catch {
    showError("The browser did not allow copying; select the answer text instead.");
  }
}

/** The page's welcome (index.html holds the one copy of its text), kept before any conversation replaces it. */
const WELCOME = document.querySelector("#conversation > .welcome")?.cloneNode(true);

function welcome() {
  return WELCOME ? WELCOME.cloneNode(true) : h("section", { class: "welcome" }, h("h2", {}, "Ask the RigVeda"));
}

export function pythonLine(err) {
  const text = String(err && err.message ? err.message : err || "").trim();
  const lines = text.split("\n").filter((l) => l.trim());
  const last = lines.length ? lines[lines.length - 1] : "Something went wrong.";
  return last.replace(/^[\w.]*(Error|Exception):\s*/, "");
}
