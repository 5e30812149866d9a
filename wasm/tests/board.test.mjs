// The board's API: pictures equal `fairyc show --svg -`, and bad input
// (an illegal move, a bad FEN, an unknown name or piece) throws.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fairyc, native, ROOT, WASM_DIR } from "./helpers.mjs";

test("package.json carries the workspace's version and license", () => {
  const pkg = JSON.parse(readFileSync(join(WASM_DIR, "package.json"), "utf8"));
  const cargo = readFileSync(join(ROOT, "Cargo.toml"), "utf8");
  const field = (k) => new RegExp(`^${k} = "(.*)"$`, "m").exec(cargo)[1];
  assert.equal(pkg.version, field("version"));
  assert.equal(pkg.license, field("license"));
  assert.equal(pkg.type, "module");
});

test("the position's SVG equals `fairyc show --svg -`", () => {
  for (const stem of ["crazyhouse", "crazy-38s", "hans-38special", "xiangqi", "shogi"]) {
    const board = fairyc.Variant.fromName(stem).newBoard();
    assert.equal(board.svg() + "", native("show", stem, "--svg", "-"), stem);
    const moves = board.legalMoves();
    board.push(moves[moves.length - 1]);
    const fen = board.fen();
    assert.equal(board.svg(), native("show", stem, "--fen", fen, "--svg", "-"), `${stem} at ${fen}`);
  }
});

test("a piece's SVG equals `fairyc show --piece --from --side --svg -`", () => {
  const cases = [
    ["crazyhouse", "Knight", "e4", "white"],
    ["crazy-38s", "Bishop", "c3", "black"],
    ["xiangqi", "Horse", "e5", "white"],
  ];
  for (const [stem, piece, from, side] of cases) {
    const v = fairyc.Variant.fromName(stem);
    assert.equal(
      v.pieceSvg(piece, from, side),
      native("show", stem, "--piece", piece, "--from", from, "--side", side, "--svg", "-"),
      `${stem} ${piece} ${from}`,
    );
  }
});

test("push, pop, fen, turn, hands, check and result", () => {
  const v = fairyc.Variant.fromName("zh");
  const b = v.newBoard();
  assert.equal(b.turn(), "white");
  assert.equal(b.fen(), v.startFen);
  for (const m of ["e2e4", "d7d5", "e4d5"]) b.push(m);
  assert.deepEqual(b.moveStack(), ["e2e4", "d7d5", "e4d5"]);
  assert.deepEqual(b.hands(), { white: { P: 1 }, black: {} });
  assert.equal(b.turn(), "black");
  assert.equal(b.pop(), "e4d5");
  assert.deepEqual(b.hands(), { white: {}, black: {} });
  b.pop();
  b.pop();
  assert.equal(b.pop(), undefined);
  assert.equal(b.fen(), v.startFen);
  for (const m of ["f2f3", "e7e5", "g2g4", "d8h4"]) b.push(m);
  assert.ok(b.isCheck());
  assert.ok(b.isGameOver());
  assert.deepEqual(b.result(), {
    winner: "black",
    score: "0-1",
    reason: "checkmate",
    text: "0-1 (black wins by checkmate)",
  });
  assert.deepEqual(b.legalMoves(), []);
  assert.throws(() => b.push("a2a3"), /game is over|cannot play/);
});

test("bad input throws and leaves the board as it was", () => {
  const v = fairyc.Variant.fromName("chess");
  const b = v.newBoard();
  assert.throws(() => b.push("e2e5"), /cannot play `e2e5`/);
  assert.throws(() => b.push("zz"), /cannot play/);
  assert.throws(() => b.setFen("not a fen"), /invalid FEN/);
  // The prefix once (issue 35: "invalid FEN: invalid FEN: …").
  assert.throws(() => b.setFen("not a fen"), (e) => !/invalid FEN: invalid FEN/.test(String(e)));
  assert.equal(b.fen(), v.startFen);
  assert.deepEqual(b.moveStack(), []);
  b.setFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  assert.ok(b.legalMoves().includes("e1g1"));
  assert.throws(() => v.newBoard("8/8/8/8/8/8/8/8 w - - 0 1"), /illegal position: white has no royal piece/);
  assert.throws(() => fairyc.Variant.fromName("crazyhous"), /did you mean `crazyhouse`/);
  assert.throws(() => fairyc.Variant.fromTable("{}"), /invalid table/);
  assert.throws(() => v.pieceSvg("Wizard", "e4"), /has no piece `Wizard`/);
  assert.throws(() => v.pieceSvg("Knight", "e9"), /no square `e9`/);
  assert.throws(() => v.pieceSvg("Knight", "e4", "red"), /not a side/);
});
