// Every shipped variant compiled in WebAssembly plays as the native binary:
// perft at the start, and legal moves and perft along seeded random games.
// play-variants-1.test.mjs and play-variants-2.test.mjs each run one half.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fairyc, native, nodes, nativeStems, random } from "./helpers.mjs";

const GAMES = 2;
const PLIES = 40;
const EVERY = 8;

/** The tests of the variants whose index in `nativeStems()` is `part` modulo `parts`. */
export function playVariants(part, parts) {
  for (const [i, stem] of nativeStems().entries()) {
    if (i % parts !== part) continue;
    test(`${stem}: perft and legal moves equal the native binary's`, () => {
      const variant = fairyc.Variant.fromName(stem);
      const start = variant.newBoard();
      for (const depth of [2, 3]) {
        assert.equal(
          start.perft(depth),
          nodes(native("perft", stem, "--depth", String(depth))),
          `perft ${depth} at the start`,
        );
      }
      const next = random([...stem].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
      let compared = 0;
      for (let g = 0; g < GAMES; g++) {
        const board = variant.newBoard();
        for (let ply = 0; ply <= PLIES; ply++) {
          const moves = board.legalMoves();
          if (ply % EVERY === 0 || moves.length === 0) {
            const fen = board.fen();
            const out = native("moves", stem, "--fen", fen);
            // A fresh board at the FEN: `fairyc moves` knows no history.
            const fresh = variant.newBoard(fen);
            const result = fresh.result();
            if (result) {
              assert.equal(`result: ${result.text}\n`, out, `result at ${fen}`);
              assert.deepEqual(fresh.legalMoves(), []);
            } else {
              assert.deepEqual(fresh.legalMoves(), out.split("\n").filter((l) => l), `moves at ${fen}`);
              assert.equal(fresh.perft(2), nodes(native("perft", stem, "--depth", "2", "--fen", fen)), `perft 2 at ${fen}`);
            }
            compared++;
          }
          if (moves.length === 0) break;
          board.push(moves[Math.floor(next() * moves.length)]);
        }
      }
      assert.ok(compared >= GAMES);
    });
  }
}
