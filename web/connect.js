// Which other origins this page may talk to (CSP connect-src), and how that follows the reader's
// engine choice.
//
// Why: the app must send nothing anywhere unless the reader picked an engine that needs a server —
// WebLLM's model hub, or their own OpenAI-compatible endpoint. So the page's policy allows only
// 'self' by default, and the origins an engine needs are added for this reader alone:
//   1. choosing such an engine writes them to the cookie `rvs_connect` (exactly the chosen engine's
//      origins: choosing another engine, or "No LLM", replaces or clears them);
//   2. if the policy this page was loaded with lacks one of them, the page reloads once — serve.py
//      reads the cookie (validated strictly) and appends those origins to connect-src — and the load
//      the reader asked for resumes by itself;
//   3. on hosts that cannot send headers, `applyConnectPolicy()` adds a <meta> policy with the same
//      connect-src (index.html's own <meta> leaves connect-src wide because policies intersect).
// Validation here and in serve.py (`connect_origins`) is the same: http(s)://host[:port], a `*.`
// only in front of two or more labels; a cookie with anything else counts as absent.

export const COOKIE = "rvs_connect";
const MAX_ORIGINS = 8;
const RESUME_KEY = "rvs-resume-engine";
const RESUME_MAX_AGE_MS = 5 * 60 * 1000;

/** WebLLM downloads from the Hugging Face hub (config, weights via its CDN / xet storage) and the
 * compiled model libraries from GitHub (see engines/webllm.js and web-llm's prebuiltAppConfig). */
export const WEBLLM_ORIGINS = Object.freeze([
  "https://huggingface.co", "https://*.huggingface.co", "https://*.hf.co", "https://raw.githubusercontent.com",
]);

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const ORIGIN = new RegExp(
  `^https?://(?:(?:\\*\\.)?${LABEL}(?:\\.${LABEL})+|${LABEL}|\\[[0-9a-f:.]{2,45}\\])(?::[0-9]{1,5})?$`,
);

/** True for one well-formed connect-src origin as serve.py accepts it. */
export function validOrigin(entry) {
  if (typeof entry !== "string" || !ORIGIN.test(entry)) return false;
  const port = entry.match(/:([0-9]+)$/);
  return !port || (Number(port[1]) > 0 && Number(port[1]) <= 65535);
}

/** The origins in a `document.cookie` string; [] if the cookie is absent or anything in it is off. */
export function parseCookie(cookieString) {
  const values = String(cookieString || "").split(";").map((p) => p.trim())
    .filter((p) => p.startsWith(`${COOKIE}=`)).map((p) => p.slice(COOKIE.length + 1));
  if (values.length !== 1 || !values[0] || values[0].length > 1024) return [];
  let decoded;
  try { decoded = decodeURIComponent(values[0].replace(/^"|"$/g, "")); } catch { return []; }
  const entries = decoded.split(" ");
  if (!entries.length || entries.length > MAX_ORIGINS || !entries.every(validOrigin)) return [];
  return [...new Set(entries)];
}

// What the server saw when it sent this page, i.e. what the page's policy allows right now.
const loadedWith = typeof document !== "undefined" ? parseCookie(document.cookie) : [];

export function allowedOrigins() { return loadedWith.slice(); }

/** Does the source expression `allowed` (maybe `https://*.hf.co`) cover `origin`? */
export function covers(allowed, origin) {
  if (allowed === origin) return true;
  const wild = allowed.match(/^(https?):\/\/\*\.(.+)$/);
  if (!wild) return false;
  const [scheme, rest] = origin.split("://");
  return scheme === wild[1] && !!rest && rest.endsWith(`.${wild[2]}`);
}

export function allCovered(needed, allowed = loadedWith) {
  return needed.every((origin) => allowed.some((a) => covers(a, origin)));
}

function originOf(url) {
  try {
    const u = new URL(url.includes("://") ? url : `http://${url}`, location.href);
    return /^https?:$/.test(u.protocol) ? u.origin : null;
  } catch {
    return null;
  }
}

/** Hugging Face serves files from huggingface.co and redirects to its CDN / xet storage hosts. */
function withHub(origin) {
  return /^https:\/\/(?:[^/]+\.)?(?:huggingface\.co|hf\.co)$/.test(origin) ? [...WEBLLM_ORIGINS.slice(0, 3)] : [origin];
}

/**
 * The origins an engine choice needs beyond 'self'. `null` means "cannot tell" (an address the
 * engine itself will reject with a clear message), so nothing is changed for it.
 */
export function originsFor(engine, model, opts = {}) {
  const url = opts && typeof opts.url === "string" ? opts.url.trim() : "";
  const own = typeof location !== "undefined" ? location.origin : "";
  let needed = [];
  if (engine === "webllm") {
    needed = url ? [originOf(url)] : [...WEBLLM_ORIGINS];
  } else if (engine === "openai") {
    needed = [originOf(url || "http://localhost:11434/v1")];
  } else if (engine === "wllama") {
    needed = url ? [originOf(url)] : []; // the bundled model comes from this site
  }
  if (needed.some((o) => o === null)) return null;
  needed = needed.flatMap(withHub).filter((o) => o !== own && validOrigin(o));
  return [...new Set(needed)].slice(0, MAX_ORIGINS);
}

/** Remember exactly these origins for the next page load ([] clears the cookie). */
export function writeCookie(origins) {
  const value = encodeURIComponent(origins.join(" "));
  const attrs = "; path=/; SameSite=Strict";
  document.cookie = origins.length
    ? `${COOKIE}=${value}${attrs}; max-age=31536000`
    : `${COOKIE}=${attrs}; max-age=0`;
}

/**
 * On a host without serve.py the header is absent; this adds the same connect-src as a <meta>
 * policy (it only narrows: index.html's <meta> keeps connect-src wide). Call before anything
 * fetches off the page's origin. Workers started from files get their policy from the server.
 */
export function applyConnectPolicy() {
  if (typeof document === "undefined" || document.querySelector("meta[data-rvs-connect]")) return;
  const meta = document.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = ["connect-src 'self'", ...loadedWith].join(" ");
  meta.dataset.rvsConnect = "";
  document.head.append(meta);
}

/** A load that was interrupted by the reload, to resume now (read once). */
export function takeResume() {
  try {
    const raw = sessionStorage.getItem(RESUME_KEY);
    sessionStorage.removeItem(RESUME_KEY);
    const data = raw ? JSON.parse(raw) : null;
    if (!data || typeof data !== "object" || Date.now() - Number(data.at) > RESUME_MAX_AGE_MS) return null;
    return data;
  } catch {
    return null;
  }
}

/**
 * Wrap `rvsEngines` so `select()` first makes sure the page may reach what the engine needs:
 * cookie updated, and if the current policy lacks an origin, `onReload(origins)` then one reload;
 * the returned promise then never settles (the page goes away). If the engine then fails to start,
 * the cookie goes back to what the running engine needs (the next load has the narrow policy
 * again). Everything else is passed through.
 * @param {object} engines  the bridge (`globalThis.rvsEngines`)
 * @param {{choiceId?: () => string, onReload?: (origins: string[]) => void}} hooks
 */
export function guardEngines(engines, { choiceId = () => "", onReload = () => {} } = {}) {
  // What the engine running now needs: the page starts on "No LLM" (a remembered choice is only
  // offered again, never loaded), so nothing. A start that fails puts the cookie back to this, so a
  // widened policy never outlives the engine that asked for it.
  let activeNeeded = [];
  let latest = 0; // a newer select() supersedes an older one (which then rejects as aborted)
  const select = async (engine, model = null, opts = {}, onProgress = null) => {
    const plain = opts && typeof opts.get === "function" ? { url: opts.get("url") } : (opts || {});
    const needed = engine === "extractive" ? [] : originsFor(engine, model, plain);
    const mine = ++latest;
    if (needed !== null && typeof document !== "undefined") {
      writeCookie(needed);
      if (!allCovered(needed)) {
        const key = JSON.stringify(needed);
        let already = false;
        try { already = sessionStorage.getItem(`${RESUME_KEY}-tried`) === key; } catch { /* no storage */ }
        if (!already) {
          try {
            sessionStorage.setItem(`${RESUME_KEY}-tried`, key);
            sessionStorage.setItem(RESUME_KEY, JSON.stringify({
              id: choiceId(), engine, model, url: plain.url || "", at: Date.now(),
            }));
          } catch { /* resuming is a convenience */ }
          onReload(needed);
          location.reload();
          return new Promise(() => {});
        }
        // the reload did not bring the origins (cookies blocked?): let the engine report it
      }
    }
    try { sessionStorage.removeItem(`${RESUME_KEY}-tried`); } catch { /* no storage */ }
    try {
      await engines.select(engine, model, opts, onProgress);
    } catch (err) {
      if (mine === latest && needed !== null && typeof document !== "undefined") writeCookie(activeNeeded);
      throw err;
    }
    if (mine === latest && needed !== null) activeNeeded = needed;
  };
  return Object.freeze({ ...engines, select });
}
