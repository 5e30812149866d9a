// WebAssembly perft speed under Node as a ratio to the native binary, on
// the same positions: `node wasm/bench.mjs` (after wasm/build.sh and
// `cargo build --release -p fairyc`). Native time is the wall time of
// `fairyc perft` less that of a depth-1 run of the same variant (process
// start and compiling the variant); WebAssembly time is `board.perft` in
// this process, after one warm-up run. Each figure is the best of RUNS.
import { performance } from "node:perf_hooks";
import { fairyc, native, nodes } from "./tests/helpers.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
const CASES = [
  ["chess", null, 5],
  ["crazyhouse", null, 5],
  ["crazyhouse", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[] w KQkq - 4 4", 4],
  ["shogi", null, 4],
  ["xiangqi", null, 4],
  ["janggi", null, 4],
  ["crazy-38s", null, 5],
  ["grand", null, 4],
];

function best(f) {
  let t = Infinity;
  let out;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    out = f();
    t = Math.min(t, performance.now() - start);
  }
  return [t, out];
}

const fenArgs = (fen) => (fen ? ["--fen", fen] : []);
console.log("variant       depth      nodes  native ms  wasm ms  wasm/native");
let logSum = 0;
for (const [stem, fen, depth] of CASES) {
  const [base] = best(() => native("perft", stem, "--depth", "1", ...fenArgs(fen)));
  const [full, out] = best(() => native("perft", stem, "--depth", String(depth), ...fenArgs(fen)));
  const nativeMs = Math.max(full - base, 0.001);
  const board = fairyc.Variant.fromName(stem).newBoard(fen ?? undefined);
  board.perft(depth);
  const [wasmMs, n] = best(() => board.perft(depth));
  if (n !== nodes(out)) throw new Error(`${stem}: wasm ${n} nodes, native ${nodes(out)}`);
  const ratio = wasmMs / nativeMs;
  logSum += Math.log(ratio);
  console.log(
    `${(stem + (fen ? "*" : "")).padEnd(13)} ${String(depth).padStart(5)} ${String(n).padStart(10)} ` +
      `${nativeMs.toFixed(0).padStart(10)} ${wasmMs.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(12)}`,
  );
}
console.log(`geometric mean wasm/native time: ${Math.exp(logSum / CASES.length).toFixed(2)} (* = a middle-game FEN)`);
