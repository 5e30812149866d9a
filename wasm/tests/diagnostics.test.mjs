// The diagnostics of `check()` in WebAssembly equal the native
// `fairyc check --format json` output, object for object, on every fixture
// with errors or warnings (tests/fixtures/*/err, lower/warn) and on a file
// broken in several places.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join, relative } from "node:path";
import { tmpdir } from "node:os";
import { fairyc, run, ROOT } from "./helpers.mjs";

/** The `.variant` files of the fixture folders, relative to the root; only
 *  UTF-8 ones (JavaScript strings cannot hold other bytes). */
function fixtures() {
  const out = [];
  const base = join(ROOT, "tests", "fixtures");
  for (const stage of readdirSync(base)) {
    for (const kind of ["err", "warn"]) {
      let names;
      try {
        names = readdirSync(join(base, stage, kind));
      } catch {
        continue;
      }
      for (const n of names.filter((n) => n.endsWith(".variant")).sort()) {
        const path = join(base, stage, kind, n);
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(path));
        } catch {
          continue;
        }
        out.push(relative(ROOT, path));
      }
    }
  }
  return out;
}

/** The native diagnostics of some files, grouped by file. */
function nativeDiagnostics(files) {
  const r = run("check", "--format", "json", ...files);
  assert.ok(r.status === 0 || r.status === 1, `check exited ${r.status}: ${r.stderr}`);
  const byFile = new Map(files.map((f) => [f, []]));
  for (const line of r.stdout.split("\n").filter((l) => l)) {
    const d = JSON.parse(line);
    byFile.get(d.file).push(d);
  }
  return byFile;
}

test("every fixture's diagnostics equal the native check --format json", () => {
  const files = fixtures();
  assert.ok(files.length > 50, `only ${files.length} fixtures found`);
  const expected = nativeDiagnostics(files);
  let total = 0;
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), "utf8");
    const got = fairyc.check(source, file);
    assert.deepEqual(got, expected.get(file), file);
    total += got.length;
  }
  assert.ok(total >= files.length, "each fixture has a diagnostic");
});

test("a broken shipped variant: fromSource throws the same diagnostics", () => {
  const dir = mkdtempSync(join(tmpdir(), "fairyc-wasm-"));
  const file = join(dir, "zh.variant");
  const source = readFileSync(join(ROOT, "variants", "crazyhouse.variant"), "utf8")
    .replace("Pawn -> Queen", "Pawn -> Quen")
    .replace("ranks 1..8", "ranks 1..8 1");
  writeFileSync(file, source);
  const expected = nativeDiagnostics([file]).get(file);
  assert.ok(expected.length >= 1);
  assert.deepEqual(fairyc.check(source, file), expected);
  assert.throws(
    () => fairyc.Variant.fromSource(source, file),
    (e) => {
      assert.equal(e.name, "CompileError");
      assert.deepEqual(e.diagnostics, expected);
      return true;
    },
  );
});

test("a clean source has no diagnostics and compiles", () => {
  const source = readFileSync(join(ROOT, "variants", "shogi.variant"), "utf8");
  assert.deepEqual(fairyc.check(source, "shogi.variant"), []);
  assert.equal(fairyc.Variant.fromSource(source).name, fairyc.Variant.fromName("shogi").name);
});

test("explain gives the long text of a code, undefined for no code", () => {
  assert.match(fairyc.explain("E0010"), /E0010/);
  assert.equal(fairyc.explain("E9999"), undefined);
});
