// One lane of the free-cores probe (web/engines/cores.js): a fixed amount of integer work cut into
// rounds, every round ended by a spinning barrier shared with the other lanes.
//
// Why this shape: llama.cpp splits each operation of a token across its threads and then spins at a
// barrier until all of them are done. On a CPU that other programs keep busy one thread gets
// descheduled and the others spin for a whole time slice — a model on 2 threads then runs several
// times slower than on 1. This loop does the same thing in miniature, so its speed-up is a direct
// forecast of whether threads help right now.
//
// Protocol: {sab, lane, lanes, rounds, work} → {type:"ready"} once warmed up; it starts when
// Int32Array(sab)[2] becomes non-zero (and is notified) → {type:"done", ms, sink}.

self.onmessage = ({ data }) => {
  const { sab, lane, lanes, rounds, work } = data;
  const sync = new Int32Array(sab); // [0] lanes arrived at the barrier, [1] barrier generation, [2] start
  const spin = (x, n) => {
    for (let i = 0; i < n; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
    return x;
  };
  let x = spin(lane + 1, work * 50); // let the JIT compile the loop before the clock starts
  self.postMessage({ type: "ready" });
  Atomics.wait(sync, 2, 0); // sleep (not spin) until every lane is ready
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    x = spin(x, work);
    if (lanes > 1) {
      const generation = Atomics.load(sync, 1);
      if (Atomics.add(sync, 0, 1) === lanes - 1) {
        Atomics.store(sync, 0, 0);
        Atomics.add(sync, 1, 1);
      } else {
        while (Atomics.load(sync, 1) === generation) { /* spin, as llama.cpp does */ }
      }
    }
  }
  self.postMessage({ type: "done", ms: performance.now() - t0, sink: x });
};
