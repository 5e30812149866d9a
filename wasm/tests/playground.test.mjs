// What the playground (web/) uses beyond the board: move details, the
// engine's move, the Fairy-Stockfish export and the shipped sources, each
// against the native command line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fairyc, run, random, ROOT } from "./helpers.mjs";

test("moves() lists legalMoves() with their squares, drops, captures and promotions", () => {
  const v = fairyc.Variant.fromName("crazyhouse");
  // White: b7 takes a8 or c8 with four promotions each;
  // a pawn in hand; the e-pawn takes d5 or not.
  const fen = "rnbqkbnr/pP1p1ppp/8/3p4/4P3/8/P1PP1PPP/RNBQKBNR[P] w KQkq - 0 5";
  const b = v.newBoard(fen);
  const moves = b.moves();
  assert.deepEqual(moves.map((m) => m.uci), b.legalMoves());
  const byUci = new Map(moves.map((m) => [m.uci, m]));
  assert.deepEqual(byUci.get("b7a8q"), {
    uci: "b7a8q", from: "b7", to: "a8", drop: null, capture: true, castle: false, pass: false,
    promotion: { kind: "piece", token: "Q" }, wall: null,
  });
  assert.equal(byUci.get("e4d5").capture, true);
  assert.equal(byUci.get("e4e5").capture, false);
  assert.deepEqual(byUci.get("P@e3"), {
    uci: "P@e3", from: null, to: "e3", drop: "P", capture: false, castle: false, pass: false, promotion: null,
    wall: null,
  });
  // Every capture is a move onto a square `fairyc show` draws a black piece on.
  for (const m of moves.filter((m) => m.capture)) {
    assert.ok(["a8", "c8", "d5"].includes(m.to), m.uci);
  }
  // Castling is flagged.
  const castle = v.newBoard("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1").moves().filter((m) => m.castle);
  assert.deepEqual(castle.map((m) => m.uci).sort(), ["e1c1", "e1g1"]);
});

test("bestMove() plays a legal move, takes a mate in one, and none when the game is over", () => {
  for (const stem of ["crazyhouse", "crazy-38s", "xiangqi", "shogi"]) {
    const b = fairyc.Variant.fromName(stem).newBoard();
    const rnd = random(7);
    for (let i = 0; i < 6; i++) {
      const m = b.bestMove(2, 20000);
      assert.ok(b.legalMoves().includes(m), `${stem}: ${m} is legal`);
      b.push(i % 2 ? m : b.legalMoves()[Math.floor(rnd() * b.legalMoves().length)]);
    }
  }
  // Scholar's mate in one for White (Qxf7#), as the native engine finds it.
  const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  const b = fairyc.Variant.fromName("chess").newBoard(fen);
  assert.equal(b.bestMove(3), "f3f7");
  b.push("f3f7");
  assert.equal(b.result().reason, "checkmate");
  assert.equal(b.bestMove(3), undefined);
});

test("exportFsf() equals `fairyc export --to fairy-stockfish`, refusals carry diagnostics", () => {
  let exported = 0;
  for (const stem of ["crazyhouse", "crazy-elephant", "shogi", "xiangqi", "chess"]) {
    const source = fairyc.variantSource(stem);
    const r = run("export", stem, "--to", "fairy-stockfish");
    if (r.status === 0) {
      assert.equal(fairyc.exportFsf(source, `fairyc-${stem}`), r.stdout, stem);
      exported++;
    } else {
      assert.throws(() => fairyc.exportFsf(source, `fairyc-${stem}`), { name: "ExportError" }, stem);
    }
  }
  assert.ok(exported >= 2, "some of them export");
  // Crazy 38's board cannot be said in variants.ini: the command line
  // refuses it too, with the same codes.
  const source = fairyc.variantSource("crazy-38s");
  const r = run("export", "crazy-38s", "--to", "fairy-stockfish");
  assert.notEqual(r.status, 0);
  assert.throws(() => fairyc.exportFsf(source), (e) => {
    assert.equal(e.name, "ExportError");
    assert.ok(e.diagnostics.length > 0);
    for (const d of e.diagnostics) assert.ok(r.stderr.includes(`[${d.code}]`), `${d.code} in ${r.stderr}`);
    return true;
  });
  assert.throws(() => fairyc.exportFsf(source, "a b"), /may only hold letters/);
});

test("variantSource() is the shipped file; an unknown name throws with a did-you-mean", () => {
  assert.equal(fairyc.variantSource("zh"), readFileSync(join(ROOT, "variants", "crazyhouse.variant"), "utf8"));
  assert.throws(() => fairyc.variantSource("crazyhose"), /did you mean `crazyhouse`\?/);
});
