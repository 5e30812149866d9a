// The TextMate grammar's expressions compile (JavaScript's RegExp reads the
// Oniguruma forms the grammar uses) and find what they should.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const grammar = require("../syntaxes/variant.tmLanguage.json");

function all(node, out = []) {
  if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (["match", "begin", "end"].includes(key)) out.push(value);
      else all(value, out);
    }
  }
  return out;
}

function named(name) {
  const find = (node) => {
    if (!node || typeof node !== "object") return null;
    if (node.name === name && node.match) return new RegExp(node.match, "g");
    for (const v of Object.values(node)) {
      const r = find(v);
      if (r) return r;
    }
    return null;
  };
  return find(grammar);
}

test("every expression compiles", () => {
  for (const source of all(grammar)) assert.doesNotThrow(() => new RegExp(source), source);
});

test("item keywords are whole words", () => {
  const items = named("keyword.control.item.variant");
  assert.deepStrictEqual("piece King { letter K }".match(items), ["piece"]);
  assert.strictEqual("pieces zone-x".match(items), null);
});

test("hyphenated statement keywords match whole", () => {
  const kws = named("keyword.other.statement.variant");
  assert.deepStrictEqual("Pawn not-on rank 1".match(kws), ["not-on", "rank"]);
  assert.deepStrictEqual("fen-only".match(kws), ["fen-only"]);
});

test("Betza terms", () => {
  const betza = named("constant.other.betza.variant");
  assert.deepStrictEqual("mfW cefF ifmnD NN B2".match(betza), ["mfW", "cefF", "ifmnD", "NN", "B2"]);
});
