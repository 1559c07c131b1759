// A page left open across a deploy: notice the new build and offer one clean reload.
//
// Why: the page holds one build in memory (its code, its Python, its index). After a deploy, the
// files it still fetches lazily (a translation, a worker) would come from the new build; the service
// worker refuses to hand those out under the old build's names (web/sw.js `verified`) and tells
// the page, and this module also asks the server now and then whether the build changed. Either
// way the reader sees "A new version is available — Reload" and decides when; a reload starts the
// new build whole (code and index from the same deploy) and it then works offline as before.

import { showBanner } from "./banner.js";

const CHECK_EVERY_MS = 15 * 60_000;
const MANIFEST_URL = "assets/index/manifest.json";
const PYTHON_URL = "assets/python.json";

/** What identifies a build: the index's build_version and the Python files' hashes. */
function buildKey(manifest, python) {
  const files = (python && python.files) || {};
  const code = Object.keys(files).sort().map((name) => `${name}:${String(files[name].sha256).slice(0, 16)}`);
  return [String((manifest && manifest.build_version) || ""), ...code].join("|");
}

/** The server's current build (`?rvs-check` makes the service worker go to the network and store
 * nothing), or null when it cannot be asked (offline). */
async function serverKey() {
  try {
    const stamp = `?rvs-check=${Date.now()}`;
    const [manifest, python] = await Promise.all([MANIFEST_URL, PYTHON_URL].map(async (url) => {
      const response = await fetch(url + stamp, { cache: "no-store" });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    }));
    return buildKey(manifest, python);
  } catch {
    return null;
  }
}

function offerReload() {
  showBanner("update", "A new version of the app is available.", {
    kind: "info",
    dismissible: true,
    action: { label: "Reload", onClick: () => location.reload() },
  });
}

/**
 * Start watching; `manifest` and `python` are what this page booted with (ui/boot.js). Checks when
 * the tab becomes visible, when the browser comes online, every CHECK_EVERY_MS, and at once when
 * the service worker reports a file of another build. Returns `check` (resolves true when a newer
 * build was found).
 */
export function watchForUpdates(manifest, python) {
  const mine = buildKey(manifest, python);
  let found = false;
  let running = null;
  const check = () => {
    if (found) return Promise.resolve(true);
    running = running || serverKey().then((key) => {
      running = null;
      if (key && key !== mine) {
        found = true;
        offerReload();
        navigator.serviceWorker?.getRegistration().then((r) => r && r.update()).catch(() => {});
      }
      return found;
    });
    return running;
  };
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") check(); });
  window.addEventListener("online", check);
  setInterval(check, CHECK_EVERY_MS);
  navigator.serviceWorker?.addEventListener("message", (event) => {
    if (event.data && event.data.type === "rvs-stale-build") check();
  });
  return check;
}
