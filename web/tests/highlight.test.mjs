// The editor's syntax mode (web/highlight.js) against the grammar it
// follows: no browser needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ITEM_KEYWORDS, KEYWORDS, tokens } from "../highlight.js";

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const grammar = readFileSync(join(ROOT, "grammar", "src", "variant.pest"), "utf8");

test("the keywords are the grammar's words", () => {
  // Every quoted lower-case word of the grammar, outside its comments.
  const code = grammar.replace(/\/\/[^\n]*/g, "");
  const words = new Set([...code.matchAll(/"([a-z][a-z-]*)"/g)].map((m) => m[1]));
  assert.deepEqual([...ITEM_KEYWORDS, ...KEYWORDS].sort(), [...words].sort());
  // The top-level ones are the grammar's `item_start`.
  const itemStart = /item_start = _\{([^}]*)\}/.exec(code)[1];
  const kws = [...itemStart.matchAll(/kw_(\w+)/g)].map((m) => m[1]);
  const rule = (name) => new RegExp(`^kw_${name} = @\\{ "([a-z-]+)"`, "m").exec(code)[1];
  assert.deepEqual(ITEM_KEYWORDS.slice().sort(), kws.map(rule).sort());
});

test("a line's tokens", () => {
  const line = 'piece Pawn { letter P; moves mfW cefF } // step, "capture" #2\nsetup "a#b" 10 1.5 last-rank e1->g1';
  const got = tokens(line).map(([a, b, kind]) => [line.slice(a, b), kind]);
  assert.deepEqual(got, [
    ["piece", "item"],
    ["Pawn", "name"],
    ["letter", "keyword"],
    ["moves", "keyword"],
    ['// step, "capture" #2', "comment"],
    ["setup", "item"],
    ['"a#b"', "string"],
    ["10", "number"],
    ["1.5", "number"],
  ]);
  // Hyphens only inside a name: `e1->g1` is no keyword and no name.
  assert.equal(tokens("not-on e1->g1").length, 1);
  // Every shipped variant: tokens in order, inside the text, not overlapping.
  for (const f of ["crazyhouse", "crazy-38s", "xiangqi", "shogi"]) {
    const text = readFileSync(join(ROOT, "variants", `${f}.variant`), "utf8");
    let end = 0;
    for (const [a, b] of tokens(text)) {
      assert.ok(a >= end && b > a && b <= text.length, `${f}: ${a}..${b}`);
      end = b;
    }
  }
});
