// Permalinks and citations of verses, and copying plain text, shared by the verse cards and the reader.
//
// A citation is plain text in four parts: the reference, the Sanskrit in IAST, Griffith's English with
// its credit, and the source credit line (the same sources as the page footer). Nothing here builds
// markup: the text goes to the clipboard as it is.

import { toast, showError } from "./notice.js";

export const SOURCE_CREDIT = "Source: Sanskrit text D. Eichler, via VedaWeb (Univ. of Cologne), CC BY-NC-SA 4.0; "
  + "roman text Th. Aufrecht via GRETIL/VedaWeb, CC BY-NC-SA 4.0; English R. T. H. Griffith (1896, public domain) via VedaWeb.";
export const GRIFFITH = "tr. R. T. H. Griffith, 1896";

/** The page's own address with the reader's hash for "M.H" or "M.H.V" (works offline, see reader.js). */
export function permalink(ref) {
  return `${location.href.split("#")[0]}#/${ref}`;
}

/** Plain-text citation of one verse: reference, IAST, Griffith (with credit), source line. */
export function citationText({ ref, iast, translation }) {
  const english = translation ? `“${String(translation).trim()}” (${GRIFFITH})` : `(Griffith left this verse untranslated; ${GRIFFITH})`;
  return [`Ṛgveda ${ref} (RV ${ref})`, String(iast || "").trim(), english, SOURCE_CREDIT].filter(Boolean).join("\n");
}

/** A link that puts a question into the address, only when the reader asks for it (Share this question). */
export function questionLink(question) {
  return `${location.href.split("#")[0]}#/ask?q=${encodeURIComponent(String(question))}`;
}

/**
 * Copy `text` to the clipboard; `what` names it in the confirmation ("Citation copied."). Falls back to
 * a selected, off-screen textarea where the Clipboard API is missing (plain http on another host).
 * The last copied text is kept in `globalThis.rvsLastCopy` for the tests.
 */
export async function copyText(text, what = "Text") {
  globalThis.rvsLastCopy = text;
  try {
    if (!navigator.clipboard?.writeText) throw new Error("no Clipboard API");
    await navigator.clipboard.writeText(text);
  } catch {
    if (!legacyCopy(text)) {
      showError(`The browser did not allow copying; the ${what.toLowerCase()} is: ${text.split("\n")[0]}`);
      return false;
    }
  }
  toast(`${what} copied.`);
  return true;
}

function legacyCopy(text) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "copy-buffer";
  document.body.append(area);
  const active = document.activeElement;
  area.select();
  let ok = false;
  try { ok = document.execCommand("copy"); } catch { ok = false; }
  area.remove();
  if (active && typeof active.focus === "function") active.focus({ preventScroll: true });
  return ok;
}
