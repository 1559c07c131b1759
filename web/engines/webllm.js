// The WebLLM engine (MLC, WebGPU): main-thread client of workers/webllm-worker.js.
//
// Why WebLLM: on a machine with a WebGPU GPU it runs 0.5–8B models at interactive speed, fully in
// the browser. Weights (from Hugging Face) and model libraries (from GitHub) are downloaded once and
// kept by WebLLM in the Cache API, so reloads and offline use do not download again; an interrupted
// download resumes shard by shard when the user retries. JSON requests use WebLLM's XGrammar
// constraint (`response_format: {type: "json_object", schema}`), which works with any model.
//
// `opts.url` (optional) points at a self-hosted mirror, for deployments whose CSP allows only the
// page's own origin/localhost: `${url}/mlc-ai/<model_id>/resolve/main/...` for weights and
// `${url}/libs/<model_lib file name>` for the compiled model library.

import { engineError, classifyLoadError, abortedError, loadMessage } from "./errors.js";
import { findRow, needsShaderF16, WEBLLM_DEFAULT_MODEL } from "./catalog.js";
import { detectWebGPU } from "./detect.js";

const BUNDLE_URL = new URL("../vendor/web-llm/index.js", import.meta.url).href;
const WORKER_URL = new URL("../workers/webllm-worker.js", import.meta.url);
const NO_GPU_ADVICE = "The wllama CPU engine works without a GPU.";

let bundlePromise = null;
/** The web-llm ES module, imported once and only when a WebLLM model is chosen (6.6 MB). */
export function webllmBundle() {
  if (!bundlePromise) {
    bundlePromise = import(BUNDLE_URL).catch((err) => {
      bundlePromise = null;
      throw err;
    });
  }
  return bundlePromise;
}

export class WebLLMEngine {
  constructor() {
    this.id = "webllm";
    this.model = null;
    this.label = "";
    this.worker = null;
    this.engine = null;
  }

  /**
   * @param {string|null} model WebLLM model_id (a catalog row, or any id of prebuiltAppConfig)
   * @param {{url?:string}} opts
   * @param {string} fallback what the app keeps using if this fails
   */
  async load(model, opts, onProgress, signal, fallback = "") {
    const modelId = model || WEBLLM_DEFAULT_MODEL;
    const row = findRow("webllm", modelId);
    const what = row ? row.label.split(" (")[0] : modelId;
    const gpu = await detectWebGPU();
    if (!gpu.webgpu) {
      throw engineError("no-webgpu", loadMessage(gpu.reason, fallback, gpu.advice || NO_GPU_ADVICE));
    }
    if (needsShaderF16(modelId) && !gpu.shaderF16) {
      throw engineError(
        "load-failed",
        loadMessage(`${what} (${modelId}) needs the WebGPU shader-f16 feature, which this GPU lacks`, fallback,
          "Pick the q4f32 version of the model."),
      );
    }
    if (signal && signal.aborted) throw abortedError();

    let webllm;
    try {
      webllm = await webllmBundle();
    } catch (err) {
      throw engineError("load-failed", loadMessage("The WebLLM files are missing from this installation", fallback,
        "Run `python -m corpus_build.vendor` (serve.py does it)."), err);
    }
    const base = webllm.prebuiltAppConfig.model_list.find((r) => r.model_id === modelId);
    if (!base) {
      throw engineError("load-failed", loadMessage(`WebLLM 0.2.86 has no model called ${modelId}`, fallback, "Pick one from the list."));
    }
    const record = { ...base };
    if (opts && opts.url) {
      const mirror = opts.url.replace(/\/+$/, "");
      record.model = `${mirror}/${new URL(base.model).pathname.replace(/^\/+/, "")}`;
      record.model_lib = `${mirror}/libs/${base.model_lib.split("/").pop()}`;
    }
    const totalMB = row ? row.downloadMB : null;
    let fetchedAny = false;
    const worker = new Worker(WORKER_URL, { type: "module", name: "rvs-webllm" });
    const engine = new webllm.WebWorkerMLCEngine(worker, {
      appConfig: { model_list: [record], cacheBackend: "cache" },
      logLevel: "WARN",
      initProgressCallback: (report) => {
        if (report.progress > 0) fetchedAny = true;
        if (onProgress) onProgress(progressOf(report, totalMB));
      },
    });
    let onAbort = null;
    try {
      await new Promise((resolve, reject) => {
        onAbort = () => reject(abortedError());
        if (signal) signal.addEventListener("abort", onAbort, { once: true });
        worker.addEventListener("error", (ev) => {
          ev.preventDefault();
          reject(new Error(ev.message || "WebLLM worker failed to start"));
        });
        engine.reload(modelId).then(resolve, reject);
      });
    } catch (err) {
      worker.terminate();
      if (!fetchedAny && /Failed to fetch|NetworkError/i.test(String(err))) {
        // Nothing came through at all: offline, or the page's CSP (connect-src) does not list the
        // model host. Not an interrupted download, so "retry to resume" would mislead.
        const host = new URL(record.model).host;
        throw engineError("unreachable", loadMessage(`Could not reach ${host} to download ${what} (offline, or blocked by this page's security policy)`,
          fallback, "Connect to the internet once to download it, or use the wllama CPU engine."), err);
      }
      throw classifyLoadError(err, what, fallback);
    } finally {
      if (signal && onAbort) signal.removeEventListener("abort", onAbort);
    }
    this.worker = worker;
    this.engine = engine;
    this.model = modelId;
    this.label = row ? row.label : `${modelId} (WebGPU)`;
  }

  /** Run one chat completion through WebLLM; resolves with the full text. */
  async complete(req, onChunk, signal) {
    if (!this.engine) throw engineError("not-loaded", "The WebLLM model is not loaded.");
    const params = {
      messages: req.messages,
      stream: true,
      max_tokens: req.maxTokens,
      temperature: req.temperature,
    };
    if (req.jsonSchema) {
      params.response_format = { type: "json_object", schema: JSON.stringify(req.jsonSchema) };
    }
    if (/^Qwen3/i.test(this.model)) params.extra_body = { enable_thinking: false };
    const interrupt = () => this.engine && this.engine.interruptGenerate();
    if (signal) {
      if (signal.aborted) throw abortedError();
      signal.addEventListener("abort", interrupt, { once: true });
    }
    let text = "";
    try {
      const stream = await this.engine.chat.completions.create(params);
      for await (const chunk of stream) {
        const piece = (chunk.choices && chunk.choices[0] && chunk.choices[0].delta && chunk.choices[0].delta.content) || "";
        if (piece) {
          text += piece;
          onChunk(piece);
        }
      }
    } catch (err) {
      if (signal && signal.aborted) throw abortedError();
      throw engineError("bad-output", `WebLLM failed while generating (${String(err).slice(0, 160)}).`, err);
    } finally {
      if (signal) signal.removeEventListener("abort", interrupt);
    }
    if (signal && signal.aborted) throw abortedError();
    return text;
  }

  async unload() {
    try {
      if (this.engine) await Promise.race([this.engine.unload(), new Promise((r) => setTimeout(r, 2000))]);
    } catch {
      /* the worker is terminated below anyway */
    }
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.engine = null;
    this.model = null;
  }

  /** Delete everything WebLLM cached (Cache API and IndexedDB stores named "webllm/…"). */
  static async clearCache() {
    if (typeof caches !== "undefined") {
      for (const name of await caches.keys()) if (name.startsWith("webllm")) await caches.delete(name);
    }
    if (typeof indexedDB !== "undefined" && indexedDB.databases) {
      for (const db of await indexedDB.databases()) {
        if (db.name && db.name.startsWith("webllm")) {
          await new Promise((resolve) => {
            const req = indexedDB.deleteDatabase(db.name);
            req.onsuccess = req.onerror = req.onblocked = () => resolve();
          });
        }
      }
    }
  }
}

/** WebLLM's {progress, text} → the contract's {loadedMB, totalMB, percent, text}. */
export function progressOf(report, totalMB) {
  const fraction = Math.max(0, Math.min(1, Number(report.progress) || 0));
  const text = String(report.text || "");
  const fetched = text.match(/([\d.]+)\s*MB fetched/i);
  const total = totalMB || 0;
  const loadedMB = fetched ? Number(fetched[1]) : Math.round(fraction * total);
  return {
    loadedMB,
    totalMB: total,
    percent: Math.round(fraction * 100),
    text: text.split(". It can take")[0],
  };
}
