// How many threads help llama.cpp on this device *right now*: a ~0.2 s probe run before the CPU
// model loads (web/engines/wllama.js).
//
// Why a probe and not `navigator.hardwareConcurrency`: the core count says nothing about what else
// runs. Measured here (2 cores): the bundled model generated 2.0× faster on 2 threads than on 1 when
// the machine was idle, but 7× *slower* while other programs kept the cores busy, because
// llama.cpp's threads spin at a barrier after every operation and one of them is always waiting
// for a descheduled partner. workers/cores-probe.js reproduces that pattern (small work items, a
// spinning barrier): N lanes are used only when they finish the same work at least GAIN·N times
// faster than one lane does. On a busy machine the probe says 1 and the model runs as fast as one
// thread can; on a free one it says N.
//
// Re-measured under load 5–18 (README "threads", issue 20): forced 2 threads ran the bundled model at
// 0.13–0.23× the speed of 1 (a fast-mode turn 2–4× slower); the probe said ×0 and chose 1 every time.

const PROBE_URL = new URL("../workers/cores-probe.js", import.meta.url);
// integer steps per round for one lane: ~0.2 ms, the size of one llama.cpp op of the bundled model
// (85 ms a token on one thread, some hundreds of ops). Rounds of 10,000 steps (~10 µs) were measured
// here to forecast wrongly: the barrier's own cost dominated them, so 2 idle lanes looked 0.2–0.96×
// as fast as one while llama.cpp ran 1.75× faster on 2 threads.
const WORK = 200_000;
const ROUNDS = 250; // ~55 ms for one lane on an idle core
const TRIALS = 3; // one / N lanes alternated, medians compared: one lucky or unlucky run decides nothing
const GAIN = 0.7; // 2 lanes must be ≥ 1.4× faster than 1, 4 lanes ≥ 2.8×
const DEADLINE_MS = 4_000; // a probe this slow means a very busy device: 1 thread

/**
 * Wall time (ms) for `lanes` workers to do ROUNDS rounds of WORK/lanes steps each, barrier-synced;
 * Infinity when that takes longer than `limitMs` (the lanes are stopped: no point waiting to learn
 * how much slower they are).
 */
export async function runLanes(lanes, limitMs = DEADLINE_MS) {
  const sync = new Int32Array(new SharedArrayBuffer(12));
  const workers = Array.from({ length: lanes }, () => new Worker(PROBE_URL, { name: "rvs-cores-probe" }));
  const timers = [];
  const after = (ms, value) => new Promise((resolve) => timers.push(setTimeout(() => resolve(value), ms)));
  try {
    const ready = workers.map((w) => new Promise((resolve, reject) => {
      w.onerror = (ev) => { ev.preventDefault(); reject(new Error(ev.message || "probe worker failed")); };
      w.onmessage = ({ data }) => data.type === "ready" && resolve(true);
    }));
    workers.forEach((w, lane) => w.postMessage({ sab: sync.buffer, lane, lanes, rounds: ROUNDS, work: Math.round(WORK / lanes) }));
    if (!(await Promise.race([Promise.all(ready), after(DEADLINE_MS, false)]))) throw new Error("probe workers did not start");
    const done = workers.map((w) => new Promise((resolve) => { w.onmessage = ({ data }) => data.type === "done" && resolve(data.ms); }));
    Atomics.store(sync, 2, 1);
    Atomics.notify(sync, 2);
    const times = await Promise.race([Promise.all(done), after(limitMs, null)]);
    return times ? Math.max(...times) : Infinity;
  } finally {
    timers.forEach(clearTimeout);
    workers.forEach((w) => w.terminate());
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The thread count for llama.cpp, at most `most`: the largest of `most`, 2 that passes the probe,
 * else 1. Resolves with {threads, speedup} (speedup of the lanes tried last; null when not probed).
 * Never rejects: anything unexpected (no SharedArrayBuffer, a worker that fails) means 1 thread.
 */
export async function probeThreads(most) {
  if (!(most > 1) || typeof SharedArrayBuffer !== "function" || !globalThis.crossOriginIsolated) {
    return { threads: 1, speedup: null };
  }
  let speedup = null;
  try {
    for (let lanes = most; lanes > 1; lanes = lanes > 2 ? 2 : 1) {
      // a first, uncounted run: a page's first lanes start cold (measured: the first probe of a page
      // said "slower than one lane" on idle cores, every later one 1.74–1.82×)
      await runLanes(lanes, 500);
      const ones = [];
      const manys = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const one = await runLanes(1);
        if (!Number.isFinite(one)) return { threads: 1, speedup };
        ones.push(one);
        const many = await runLanes(lanes, Math.max(100, one));
        // slower than one lane: the cores are busy, no need to see how much slower
        if (!Number.isFinite(many)) { speedup = 0; break; }
        manys.push(many);
      }
      if (manys.length === TRIALS) speedup = Math.round((median(ones) / median(manys)) * 100) / 100;
      if (speedup >= GAIN * lanes) return { threads: lanes, speedup };
    }
  } catch (err) {
    console.warn("Thread probe failed; the CPU model uses 1 thread.", err);
  }
  return { threads: 1, speedup };
}
