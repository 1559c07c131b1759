// What the browser can run, checked before offering (or loading) a GPU model.
//
// Why here and not inside WebLLM: WebLLM only finds out after its 6.6 MB bundle and a worker are
// up; the settings UI needs the answer at once, and a clear reason to show next to disabled rows.

const ADAPTER_TIMEOUT_MS = 5000;

/**
 * `reason` is one clause without a final period, so callers can extend it ("… — using X.").
 * @returns {Promise<{webgpu:boolean, shaderF16:boolean, reason:string|null}>}
 */
export async function detectWebGPU() {
  if (typeof isSecureContext !== "undefined" && !isSecureContext) {
    return no("WebGPU needs a secure page (https:// or localhost)");
  }
  const gpu = typeof navigator !== "undefined" ? navigator.gpu : undefined;
  if (!gpu || typeof gpu.requestAdapter !== "function") {
    return no("WebGPU is not available in this browser");
  }
  let adapter = null;
  try {
    adapter = await withTimeout(gpu.requestAdapter({ powerPreference: "high-performance" }), ADAPTER_TIMEOUT_MS);
  } catch (err) {
    return no(`WebGPU is present but no GPU adapter could be opened (${(err && err.message) || err})`);
  }
  if (!adapter) {
    return no("WebGPU is present but found no usable GPU (it may be disabled or blocklisted)");
  }
  const shaderF16 = !!(adapter.features && adapter.features.has("shader-f16"));
  return {
    webgpu: true,
    shaderF16,
    reason: shaderF16 ? null : "This GPU lacks the shader-f16 feature: only q4f32 models will run",
  };
}

function no(reason) {
  return { webgpu: false, shaderF16: false, reason };
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
