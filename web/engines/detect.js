// What the browser can run, checked before offering (or loading) a GPU model.
//
// Why here and not inside WebLLM: WebLLM only finds out after its 6.6 MB bundle and a worker are
// up; the settings UI needs the answer at once, and a clear reason to show next to disabled rows.

const ADAPTER_TIMEOUT_MS = 5000;
const CPU_ADVICE = "The wllama CPU engine works without a GPU.";

/**
 * What WebGPU can do here, and if not, why — named, not guessed from the browser's version:
 *   cause "insecure"       the page is not https:// or localhost
 *   cause "no-webgpu"      the browser has no WebGPU at all (navigator.gpu missing)
 *   cause "no-adapter"     WebGPU is there but offers no GPU: hardware acceleration is off or the
 *                          GPU/driver is on the browser's blocklist (the page cannot tell which)
 *   cause "adapter-error"  asking for the GPU failed or timed out
 *   cause "no-f16"         a GPU without the shader-f16 feature: only q4f32 models run
 * `reason` is one clause without a final period (callers extend it: "… — using X."), `short` fits
 * in a menu row, `advice` is one sentence on what the reader can do.
 * @returns {Promise<{webgpu:boolean, shaderF16:boolean, reason:string|null, cause:string|null,
 *   short:string|null, advice:string|null, software?:boolean}>}
 */
export async function detectWebGPU() {
  if (typeof isSecureContext !== "undefined" && !isSecureContext) {
    return no("insecure", "WebGPU needs a secure page (https:// or localhost)", "needs https:// or localhost",
      `Open the app over https:// or on localhost. ${CPU_ADVICE}`);
  }
  const gpu = typeof navigator !== "undefined" ? navigator.gpu : undefined;
  if (!gpu || typeof gpu.requestAdapter !== "function") {
    return no("no-webgpu", "This browser has no WebGPU", "this browser has no WebGPU",
      `WebGPU is in current Chrome, Edge and Safari; in Firefox it may need enabling. ${CPU_ADVICE}`);
  }
  let adapter = null;
  try {
    adapter = await withTimeout(gpu.requestAdapter({ powerPreference: "high-performance" }), ADAPTER_TIMEOUT_MS);
  } catch (err) {
    return no("adapter-error", `WebGPU could not open the GPU (${(err && err.message) || err})`, "the GPU could not be opened",
      CPU_ADVICE);
  }
  if (!adapter) {
    return no("no-adapter",
      "No GPU adapter: this browser has WebGPU but offers no usable GPU (hardware acceleration is off, or this GPU or its driver is blocklisted)",
      "no usable GPU (acceleration off or GPU blocklisted)",
      `Turn on hardware acceleration in the browser's settings (chrome://gpu shows whether WebGPU is blocklisted here). ${CPU_ADVICE}`);
  }
  const shaderF16 = !!(adapter.features && adapter.features.has("shader-f16"));
  const software = !!(adapter.info && adapter.info.isFallbackAdapter);
  const slow = software ? " (and it is a software GPU, far too slow for a model)" : "";
  return {
    webgpu: true,
    shaderF16,
    software,
    cause: shaderF16 ? null : "no-f16",
    reason: shaderF16 ? null : `This GPU lacks the shader-f16 feature: only q4f32 models will run${slow}`,
    short: shaderF16 ? null : "this GPU lacks shader-f16",
    advice: shaderF16 ? null : "Pick a q4f32 model.",
  };
}

function no(cause, reason, short, advice) {
  return { webgpu: false, shaderF16: false, cause, reason, short, advice };
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
