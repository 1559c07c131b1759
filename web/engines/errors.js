// Engine errors: one code from the contract list plus one human-readable line.
//
// Why a single helper: Python (pyapp/bridge.py) shows `.message` to the user and branches on
// `.code`, so every engine must reject with the same shape, never with a raw library error or a
// stack trace. Library errors are classified here by type and text, in one place.

/** The error codes the contract allows. */
export const CODES = Object.freeze([
  "no-webgpu",
  "load-failed",
  "download-interrupted",
  "storage-full",
  "unreachable",
  "cors",
  "aborted",
  "not-loaded",
  "bad-output",
]);

/**
 * Make an Error with `.code` (one of CODES) and a one-line `.message`.
 * `detail` keeps the original library text for the console, never for the user.
 */
export function engineError(code, message, detail) {
  if (!CODES.includes(code)) throw new TypeError(`unknown engine error code ${code}`);
  const err = new Error(oneLine(message));
  err.name = "EngineError";
  err.code = code;
  if (detail !== undefined) err.detail = String(detail && detail.message ? detail.message : detail);
  return err;
}

/** True if `err` already carries a contract code (so it must not be re-classified). */
export function isEngineError(err) {
  return !!err && typeof err === "object" && CODES.includes(err.code);
}

/** Collapse whitespace and cut at the first line so a message never turns into a traceback. */
export function oneLine(text) {
  const s = String(text ?? "").replace(/\s+/g, " ").trim();
  return s.length > 400 ? s.slice(0, 397) + "..." : s;
}

/** Text of any thrown value (Error, string from a worker, DOMException...). */
export function errorText(err) {
  if (err == null) return "";
  if (typeof err === "string") return err;
  return `${err.name || ""}: ${err.message || String(err)}`;
}

/** The reason an AbortSignal fired, as an `aborted` engine error. */
export function abortedError() {
  return engineError("aborted", "Generation stopped.");
}

/**
 * "problem — fallback. advice" — the one-line shape of every load error, e.g.
 * "No GPU adapter: … (hardware acceleration is off, or this GPU … is blocklisted) — using the no-LLM engine. Turn on …".
 */
export function loadMessage(problem, fallback, advice) {
  let s = problem.replace(/[.\s]+$/, "");
  if (fallback) s += ` — ${fallback}`;
  s += ".";
  if (advice) s += ` ${advice.replace(/\s+$/, "")}`;
  return s;
}

/**
 * Classify a failure while loading/downloading a model into a contract error.
 * `what` names the model; `fallback` says what the app uses meanwhile ("using the no-LLM engine").
 */
export function classifyLoadError(err, what, fallback = "") {
  if (isEngineError(err)) return err;
  const text = errorText(err);
  const msg = (code, problem, advice) => engineError(code, loadMessage(problem, fallback, advice), text);
  if (/abort/i.test(text) && !/RuntimeError/.test(text)) return abortedError();
  if (/QuotaExceeded|quota|not enough (storage|space)|disk is full|ENOSPC/i.test(text)) {
    return msg("storage-full", `Not enough browser storage to save ${what}`,
      "Free some disk space or clear other cached models, then try again.");
  }
  if (/shader-f16/i.test(text)) {
    return msg("load-failed", `${what} needs the WebGPU shader-f16 feature, which this GPU lacks`,
      "Pick a q4f32 model instead.");
  }
  if (/compatible GPU|requestAdapter|adapter/i.test(text)) {
    // WebLLM found no adapter: hardware acceleration off or the GPU blocklisted, not an old browser
    return msg("no-webgpu", `No GPU adapter for WebGPU (${shortReason(text)}): hardware acceleration is off, or this GPU is blocklisted`,
      "Turn on hardware acceleration (chrome://gpu shows what is blocked), or use the wllama CPU engine.");
  }
  if (/WebGPU|navigator\.gpu/i.test(text)) {
    return msg("no-webgpu", `WebGPU could not start (${shortReason(text)})`, "The wllama CPU engine works without a GPU.");
  }
  if (/on 'Cache': Request failed|HTTP (4|5)\d\d|status (4|5)\d\d/i.test(text)) {
    return msg("load-failed", `The server hosting ${what} answered with an error`,
      "Retry later, or clear the cache and retry.");
  }
  if (/Failed to fetch|NetworkError|network error|ERR_|fetch.*fail|download|ECONN|ETIMEDOUT|Content-Length|incomplete|Unexpected end/i.test(text)) {
    return msg("download-interrupted", `Downloading ${what} was interrupted`,
      "Retry to resume (finished parts are kept), or clear the cache and retry.");
  }
  if (/DeviceLost|device (was )?lost|out of memory|OOM|Cannot allocate|memory access out of bounds/i.test(text)) {
    return msg("load-failed", `${what} ran out of memory on this device`, "Choose a smaller model.");
  }
  return msg("load-failed", `${what} could not be loaded (${shortReason(text)})`, "");
}

/** First sentence of a library message, without URLs, for use inside our own sentence. */
export function shortReason(text) {
  let s = oneLine(text).replace(/^\w*Error:\s*/, "").replace(/https?:\/\/\S+/g, "").trim();
  const dot = s.search(/[.!?](\s|$)/);
  if (dot > 0) s = s.slice(0, dot);
  if (s.length > 140) s = s.slice(0, 137) + "...";
  return s || "unknown error";
}
