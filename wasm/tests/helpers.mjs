// Shared by the Node tests and the benchmark: the built package (wasm/pkg,
// from wasm/build.sh) and the native command line (target/release/fairyc,
// or $FAIRYC_BIN), run from the repository root.
import { readFileSync, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const WASM_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT = dirname(WASM_DIR);
export const BIN = process.env.FAIRYC_BIN ?? join(ROOT, "target", "release", "fairyc");

const pkg = join(WASM_DIR, "pkg");
if (!existsSync(join(pkg, "fairyc_bg.wasm"))) {
  throw new Error("wasm/pkg is not built: run wasm/build.sh first");
}
if (!existsSync(BIN)) {
  throw new Error(`no native fairyc at ${BIN}: run cargo build --release -p fairyc`);
}
export const fairyc = await import(join(pkg, "fairyc.js"));
fairyc.initSync({ module: readFileSync(join(pkg, "fairyc_bg.wasm")) });

/** Runs the native binary; returns { status, stdout, stderr }. */
export function run(...args) {
  const r = spawnSync(BIN, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  return r;
}

/** Runs the native binary, which must succeed; returns its standard output. */
export function native(...args) {
  const r = run(...args);
  if (r.status !== 0) {
    throw new Error(`fairyc ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  }
  return r.stdout;
}

/** The node count of `fairyc perft` output. */
export function nodes(text) {
  const m = /^nodes: (\d+)$/m.exec(text);
  if (!m) throw new Error(`no node count in: ${text}`);
  return Number(m[1]);
}

/** A seeded pseudo-random generator (mulberry32): numbers in [0, 1). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The shipped variants' file stems, as the native `fairyc variants` lists them. */
export function nativeStems() {
  return native("variants")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => l.split(/\s+/)[0]);
}
