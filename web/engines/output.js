// Post-processing of model output for JSON requests.
//
// Why: every engine is asked to constrain JSON output (grammar / response_format), but a server
// may ignore it, and small models wrap JSON in ```fences``` or prose. Python validates the
// *content* with pydantic; here we only make sure it receives one parseable JSON document, and
// reject with `bad-output` (not a parse traceback) when there is none.

import { engineError } from "./errors.js";

/**
 * Return the JSON text inside `text` (re-serialised compactly), or throw `bad-output`.
 * @param {string} text full model output
 * @param {object|null} schema the requested JSON schema (its top-level `type` picks {…} or […])
 */
export function extractJson(text, schema) {
  const raw = String(text ?? "").trim();
  const direct = tryParse(raw);
  if (direct.ok) return JSON.stringify(direct.value);
  const fenced = raw.match(/```(?:json)?\s*([\s\S]*?)```/i);
  if (fenced) {
    const inner = tryParse(fenced[1].trim());
    if (inner.ok) return JSON.stringify(inner.value);
  }
  const wantArray = schema && schema.type === "array";
  const open = wantArray ? "[" : "{";
  const close = wantArray ? "]" : "}";
  const start = raw.indexOf(open);
  const end = raw.lastIndexOf(close);
  if (start >= 0 && end > start) {
    const sliced = tryParse(raw.slice(start, end + 1));
    if (sliced.ok) return JSON.stringify(sliced.value);
  }
  const err = engineError(
    "bad-output",
    raw
      ? "The model did not return valid JSON (it may have run out of tokens)."
      : "The model returned an empty answer.",
  );
  err.raw = raw.slice(0, 2000);
  throw err;
}

function tryParse(s) {
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch {
    return { ok: false };
  }
}
