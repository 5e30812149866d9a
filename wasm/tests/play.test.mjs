// The WebAssembly package ships the native binary's variants, and a table
// compiled natively plays as its source. Each variant's play against the
// native binary is in play-variants.mjs (two files, one half each, so that
// `node --test --test-concurrency=2` runs them side by side).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fairyc, native, nodes, nativeStems } from "./helpers.mjs";

test("the package ships the variants the native binary ships", () => {
  assert.deepEqual(
    fairyc.variants().map((v) => v.stem),
    nativeStems(),
  );
});

test("a table from the native `fairyc compile` plays as its source", () => {
  for (const stem of ["crazyhouse", "shogi", "crazy-38s", "janggi"]) {
    const table = native("compile", stem);
    const fromTable = fairyc.Variant.fromTable(table);
    const fromName = fairyc.Variant.fromName(stem);
    assert.equal(fromName.tableJson() + "\n", table, `${stem}: the table compiled in WebAssembly`);
    assert.equal(fromTable.tableJson(), fromName.tableJson());
    assert.equal(fromTable.newBoard().perft(3), nodes(native("perft", stem, "--depth", "3")));
  }
});
