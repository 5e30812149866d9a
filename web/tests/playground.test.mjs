// The playground in a real headless Chromium (docs/playground.md): load
// the page, edit a variant and see its diagnostics, play games by clicking,
// and draw every shipped variant's board.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import {
  BIN, ROOT, SHOTS, native, open, setSource, checked, clickSquare, marked, fen, fsfFen, oracleSquares, squaresInPicture,
} from "./helpers.mjs";

let ctx;
before(async () => {
  ctx = await open();
});
after(async () => {
  await ctx?.close();
});

const crazyhouse = readFileSync(join(ROOT, "variants", "crazyhouse.variant"), "utf8");

/** The moves of the move list up to the position shown, in UCI. */
async function playedMoves(page) {
  return page.$$eval("#moves-played button[data-uci]:not(.ahead)", (bs) => bs.map((b) => b.dataset.uci));
}

/** Picks a shipped variant from the page's list and waits for its board. */
async function load(page, stem) {
  await page.selectOption("#variant-select", stem);
  await checked(page);
  await page.waitForSelector("#position path.square");
}

test("the page loads offline: only its own files, no errors", async () => {
  const { page, errors, requests, foreign } = ctx;
  assert.deepEqual(foreign, [], "no request leaves the server");
  assert.ok(requests.some((u) => u.endsWith("/pkg/fairyc_bg.wasm")), "the module comes from the page's folder");
  assert.equal(await page.textContent("#compile-status"), "Crazyhouse: compiles");
  assert.equal(await page.inputValue("#source"), crazyhouse);
  assert.equal(await page.getAttribute("#status", "data-turn"), "white");
  assert.deepEqual(errors, []);
});

test("the editor highlights the source it shows, under the textarea's caret", async () => {
  const { page } = ctx;
  await load(page, "crazyhouse");
  const seen = await page.evaluate(() => {
    const b = document.getElementById("backdrop");
    const t = document.getElementById("source");
    const style = (e) => {
      const c = getComputedStyle(e);
      return [c.fontFamily, c.fontSize, c.lineHeight, c.padding, c.tabSize, c.whiteSpace, c.letterSpacing];
    };
    const kinds = {};
    for (const s of b.querySelectorAll("span[class^=tok-]")) (kinds[s.className] ??= new Set()).add(s.textContent);
    return {
      same: b.textContent === t.value + "\n",
      styles: [style(b), style(t)],
      textareaColour: getComputedStyle(t).color,
      kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, [...v]])),
    };
  });
  assert.ok(seen.same, "the backdrop holds the textarea's text");
  assert.deepEqual(seen.styles[0], seen.styles[1], "with the same metrics");
  assert.equal(seen.textareaColour, "rgba(0, 0, 0, 0)", "only the backdrop's text shows");
  // Words of crazyhouse.variant, each in its kind.
  assert.ok(seen.kinds["tok-item"].includes("piece") && seen.kinds["tok-item"].includes("promotion"));
  assert.ok(seen.kinds["tok-keyword"].includes("moves") && seen.kinds["tok-keyword"].includes("letter"));
  assert.ok(seen.kinds["tok-name"].includes("Knight"));
  assert.ok(seen.kinds["tok-string"].some((s) => s.startsWith('"rnbqkbnr/')));
  assert.ok(seen.kinds["tok-comment"].length > 0);
});

test("a broken variant shows its diagnostics at their lines; fixing it clears them", async () => {
  const { page } = ctx;
  await load(page, "crazyhouse");
  // Two mistakes, on lines found in the text itself: a misspelt piece in the
  // promotion and an unknown Betza letter in the Knight.
  const lines = crazyhouse.split("\n");
  const promo = lines.findIndex((l) => /->/.test(l) && l.includes("Queen"));
  const knight = lines.findIndex((l, i) => /^\s*moves N\s*$/.test(l) && lines.slice(0, i).some((p) => /piece Knight/.test(p)));
  assert.ok(promo >= 0 && knight >= 0, "the lines to break exist");
  const broken = lines.slice();
  broken[promo] = broken[promo].replace("Queen", "Quen");
  broken[knight] = broken[knight].replace("moves N", "moves Nx");
  await setSource(page, broken.join("\n"));
  await checked(page);
  const shown = await page.$$eval("#diagnostics li", (lis) =>
    lis.map((li) => ({ line: Number(li.dataset.line), code: li.dataset.code ?? null, text: li.textContent })),
  );
  // The page shows exactly what the native `fairyc check --format json` says.
  const nativeJson = spawnCheck(broken.join("\n"));
  assert.deepEqual(
    shown.map((d) => [d.line, d.code]),
    nativeJson.map((d) => [d.labels.find((l) => l.primary).line_start, d.code]),
  );
  const at = shown.map((d) => d.line).sort((a, b) => a - b);
  assert.deepEqual(at, [knight + 1, promo + 1].sort((a, b) => a - b), "one diagnostic on each broken line");
  const quen = shown.find((d) => d.line === promo + 1);
  assert.equal(quen.code, "E0020");
  assert.match(quen.text, /unknown piece `Quen`/);
  assert.match(quen.text, /help: did you mean `Queen`\?/);
  assert.match(quen.text, /explain E0020/, "the explanation is one click away");
  // The gutter marks both lines, the backdrop underlines both spans.
  for (const line of [promo + 1, knight + 1]) {
    assert.equal(await page.getAttribute(`#gutter div[data-line="${line}"]`, "class"), "error");
  }
  const marks = await page.$$eval("#backdrop mark", (ms) => ms.map((m) => m.textContent));
  assert.equal(marks.length, 2);
  // The Betza error underlines the character that cannot stand there (`x`).
  assert.ok(marks.includes("Quen") && marks.includes("x"), `${marks}`);
  assert.equal(await page.getAttribute("#compile-status", "data-errors"), "2");
  // Explanation text opens in place.
  await page.click(`#diagnostics li[data-line="${promo + 1}"] details summary`);
  assert.match(await page.textContent(`#diagnostics li[data-line="${promo + 1}"] details pre`), /E0020/);
  // Clicking the diagnostic puts the caret on the span.
  await page.click(`#diagnostics li[data-line="${promo + 1}"] button.goto`);
  const sel = await page.$eval("#source", (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.equal(sel, "Quen");
  // Fix both by typing at the caret and in place of the stray letter.
  await page.keyboard.type("Queen");
  await setSource(page, (await page.inputValue("#source")).replace("moves Nx", "moves N"));
  await checked(page);
  assert.equal(await page.$$eval("#diagnostics li", (l) => l.length), 0);
  assert.equal(await page.$$eval("#gutter div.error", (l) => l.length), 0);
  assert.equal(await page.textContent("#compile-status"), "Crazyhouse: compiles");
});

/** The native diagnostics of a source. */
function spawnCheck(text) {
  const file = join(SHOTS, "broken.variant");
  writeFileSync(file, text);
  const r = spawnSync(BIN, ["check", "--format", "json", file], { encoding: "utf8" });
  return r.stdout.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

test("a short Crazyhouse game by clicking: moves marked, a promotion chosen, a drop from the hand", async () => {
  const { page } = ctx;
  await load(page, "crazyhouse");
  // A pawn on e2 goes to e3 or e4: two move-only marks.
  await clickSquare(page, "e2");
  assert.deepEqual(await marked(page), ["e3", "e4"]);
  assert.equal(await page.$$eval("#move-marks .move-mark.move", (m) => m.length), 2);
  await clickSquare(page, "e4");
  const game = ["d7d5", "e4d5", "c7c6", "d5c6", "g8f6", "c6b7", "c8f5"];
  for (const m of game) {
    await clickSquare(page, m.slice(0, 2));
    await clickSquare(page, m.slice(2, 4));
  }
  // b7 takes a8: a capture mark; four promotion choices in a dialog.
  await clickSquare(page, "b7");
  assert.deepEqual(
    await page.$$eval("#move-marks .move-mark", (ms) => ms.map((m) => [m.dataset.square, m.classList[1]]).sort()),
    // c8 is empty since Bc8f5 (a pawn takes only diagonally), b8 is taken.
    [["a8", "capture"]],
  );
  await clickSquare(page, "a8");
  assert.equal(await page.$eval("#promotion-dialog", (d) => d.open), true);
  const choices = await page.$$eval("#promotion-choices button", (bs) => bs.map((b) => b.dataset.uci).sort());
  assert.deepEqual(choices, ["b7a8b", "b7a8n", "b7a8q", "b7a8r"]);
  await page.click('#promotion-choices button[data-uci="b7a8q"]');
  // The dialog closes, and the move is played, on its `close` event: the
  // board is inert until then.
  await page.waitForFunction(
    () => !document.getElementById("promotion-dialog").open &&
      [...document.querySelectorAll("#moves-played button[data-uci]")].some((b) => b.dataset.uci === "b7a8q"),
  );
  await clickSquare(page, "e7");
  await clickSquare(page, "e6");
  // White has two pawns and a rook in hand; drop a pawn on d7 with check.
  const hand = await page.$$eval("#hand-white button", (bs) => bs.map((b) => b.dataset.piece).sort());
  assert.deepEqual(hand, ["P", "R"]);
  await page.click('#hand-white button[data-piece="P"]');
  const drops = await marked(page);
  assert.ok(drops.includes("d7") && !drops.some((s) => s.endsWith("1") || s.endsWith("8")), "no pawn drop on the first or last rank");
  await clickSquare(page, "d7");
  assert.equal(await page.getAttribute("#status", "data-check"), "true");
  assert.match(await page.textContent("#status"), /Black to move — check/);
  await clickSquare(page, "f6");
  await clickSquare(page, "d7");
  const played = await playedMoves(page);
  assert.deepEqual(played, ["e2e4", ...game, "b7a8q", "e7e6", "P@d7", "f6d7"]);
  // The position is Fairy-Stockfish's after the same moves (the hand's
  // letters may come in another order).
  const same = (f) => f.replace(/\[([^\]]*)\]/, (_, h) => `[${[...h].sort().join("")}]`);
  assert.equal(same(await fen(page)), same(fsfFen("crazyhouse", played)));
  await page.screenshot({ path: join(SHOTS, "crazyhouse-game.png"), fullPage: true });
  // Undo takes back the capture, redo plays it again.
  await page.click("#undo");
  assert.equal(same(await fen(page)), same(fsfFen("crazyhouse", played.slice(0, -1))));
  await page.click("#redo");
  assert.equal(same(await fen(page)), same(fsfFen("crazyhouse", played)));
});

test("the Crazy 38's rook runs round its loop back to its square", async () => {
  const { page } = ctx;
  await load(page, "crazy-38s");
  // Kings only off the rook's line: White h1, Black d5 (by-file FEN).
  await page.fill("#fen", "4/2/7/2k3/6/2R4/2/K3[] w - - 0 1");
  await page.click("#fen-form button");
  assert.equal(await page.textContent("#fen-error"), "");
  // Its targets from f3 are the rays of the rules' ray table (§2.2): the
  // loop f3 e3 … a3 a5 … f8 f6 f5 f4 both ways round, and its tails.
  const rays = readFileSync(join(ROOT, "tests", "data", "crazy-38s", "rook-rays.txt"), "utf8");
  const f3 = /^f3: (.*)$/m.exec(rays)[1].split(" ; ").flatMap((r) => r.split("-"));
  await clickSquare(page, "f3");
  assert.deepEqual(await marked(page), [...new Set(f3)].sort());
  await clickSquare(page, "f3"); // lets go
  const round = [["f3", "a3"], ["a3", "a8"], ["a8", "f8"], ["f8", "f3"]];
  const king = ["d5d4", "d4d5", "d5d4"];
  for (const [i, [from, to]] of round.entries()) {
    await clickSquare(page, from);
    assert.ok((await marked(page)).includes(to), `${from} reaches ${to}`);
    await clickSquare(page, to);
    if (king[i]) {
      await clickSquare(page, king[i].slice(0, 2));
      await clickSquare(page, king[i].slice(2));
    }
  }
  assert.equal((await playedMoves(page)).join(" "), "f3a3 d5d4 a3a8 d4d5 a8f8 d5d4 f8f3");
  assert.match(await fen(page), /^4\/2\/7\/1k4\/6\/2R4\/2\/K3\[\] b /, "the rook is back on f3");
});

test("the piece inspector draws `fairyc show --piece`", async () => {
  const { page } = ctx;
  await load(page, "crazy-38s");
  await page.selectOption("#inspect-piece", "Bishop");
  await page.selectOption("#inspect-square", "d5");
  // The same picture: its title, and the same marker on the same squares.
  const want = native("show", "crazy-38s", "--piece", "Bishop", "--from", "d5", "--svg", "-");
  const seen = await page.$eval("#inspect-board", (b, want) => {
    const facts = (svg) => ({
      title: svg.querySelector("title").textContent,
      squares: svg.querySelectorAll("path.square").length,
      targets: [...svg.querySelectorAll("g.target")].map((g) => g.getAttribute("class")).sort(),
      legend: [...svg.querySelectorAll("text")].map((t) => t.textContent).filter((t) => /\(\d+\)/.test(t)),
    });
    const native = new DOMParser().parseFromString(want, "image/svg+xml").documentElement;
    return { page: facts(b.querySelector("svg")), native: facts(native) };
  }, want);
  assert.deepEqual(seen.page, seen.native);
  assert.match(seen.page.title, /Bishop \(B\), white, on d5: 11 target squares/);
  // Its squares are buttons too: clicking one moves the piece there.
  await page.click('#inspect-board path.square[data-square="c4"]', { force: true });
  assert.equal(await page.inputValue("#inspect-square"), "c4");
});

test("the computer plays a legal move; the exports are the command line's", async () => {
  const { page } = ctx;
  await load(page, "crazyhouse");
  await page.click("#engine-move");
  await page.waitForFunction(() => document.getElementById("moves-played").dataset.count === "1");
  const [m] = await playedMoves(page);
  const legal = native("moves", "crazyhouse").split(/\s+/).filter(Boolean);
  assert.ok(legal.includes(m), `${m} is a legal first move`);
  await page.click("#export summary");
  await page.click("#export-table");
  assert.equal((await page.inputValue("#export-output")).trim(), native("compile", "crazyhouse").trim());
  await page.click("#export-fsf");
  assert.equal(
    (await page.inputValue("#export-output")).trim(),
    native("export", "crazyhouse", "--to", "fairy-stockfish", "--name", "fairyc-crazyhouse").trim(),
  );
});

/**
 * The number of squares of a shipped variant's board, from outside fairyc:
 * the rules (docs/rules) for the seeds Fairy-Stockfish does not play,
 * Fairy-Stockfish's board for the others (each is named after its
 * Fairy-Stockfish variant).
 */
const RULES_SQUARES = {
  "crazy-elephant": 64, // "8×8 board" (docs/rules/crazy-elephant.md §1)
  "hans-38special": 38, // "A 6×6 block with one square added at each short end, 38 squares" (docs/rules/hans-38special.md §1.1)
  "crazy-38s": 38, // "It has 38 squares" (docs/rules/crazy-38s.md §0.2)
  // Beyond Fairy-Stockfish 11.1, from each variant's published rules:
  cylinder: 64, // orthodox 8×8 with two files joined
  grasshopper: 64, // orthodox 8×8
  berolina: 64, // orthodox 8×8
  spartan: 64, // orthodox 8×8
  omega: 104, // 10×10 plus the four wizard squares
  glinski: 91, // Gliński's hexagonal board of 91 cells
  shoshogi: 81, // 9×9
  washogi: 121, // 11×11
  wildebeest: 110, // 11 files × 10 ranks
  chu: 144, // 12×12
};

test("every shipped variant's board: the right number of squares in its screenshot, each a button", async () => {
  const { page } = ctx;
  const stems = native("variants").split("\n").filter((l) => l.trim()).map((l) => l.split(/\s+/)[0]);
  assert.ok(stems.length >= 60);
  for (const stem of stems) {
    await load(page, stem);
    const want = RULES_SQUARES[stem] ?? oracleSquares(stem);
    const board = await page.$("#position");
    const png = await board.screenshot({ path: join(SHOTS, `${stem}.png`) });
    if (await page.$("#position #lines")) {
      // A xiangqi-like board: a point where a file's line crosses a rank's
      // line for every square.
      const [files, ranks] = await page.$$eval("#position #lines line", (ls) => {
        const v = new Set(ls.filter((l) => l.getAttribute("x1") === l.getAttribute("x2")).map((l) => l.getAttribute("x1")));
        const h = new Set(ls.filter((l) => l.getAttribute("y1") === l.getAttribute("y2")).map((l) => l.getAttribute("y1")));
        return [v.size, h.size];
      });
      assert.equal(files * ranks, want, `${stem}: points where the lines cross`);
    } else {
      // The picture: one region of a square's colour per square.
      const fills = await page.$$eval("#position path.square", (ps) => [...new Set(ps.map((p) => p.getAttribute("fill")))]);
      // A region counts if it is at least a tenth of the smallest square
      // (the board is drawn as large as the pane allows, so a letter's
      // counter, the inside of an `a` or a `4`, can pass 40 pixels).
      const smallest = await page.$$eval("#position path.square", (ps) =>
        Math.min(...ps.map((p) => p.getBoundingClientRect()).map((r) => r.width * r.height)));
      const min = Math.max(40, Math.floor(smallest / 10));
      assert.equal(await squaresInPicture(page, png, fills, min), want, `${stem}: squares seen in ${stem}.png`);
    }
    // Each square a button, named as the table names it.
    const got = await page.$$eval('#position path.square[role="button"][tabindex="0"]', (p) => p.length);
    assert.equal(got, want, `${stem}: ${got} clickable squares`);
    const squares = JSON.parse(native("compile", stem)).parts.board.squares;
    const names = await page.$$eval("#position path.square", (ps) => ps.map((p) => p.dataset.square));
    assert.deepEqual(names.sort(), squares.map((s) => s.name).sort(), `${stem}: the squares by name`);
  }
});

test("a phone-width layout stacks the panes and keeps the board usable", async () => {
  const phone = await ctx.newPage({ width: 390, height: 844, query: "?variant=crazy-38s" });
  try {
    const { page, errors } = phone;
    const editor = await page.$eval("#editor-pane", (e) => e.getBoundingClientRect().toJSON());
    const board = await page.$eval("#board-pane", (e) => e.getBoundingClientRect().toJSON());
    assert.ok(board.top >= editor.bottom, "the board comes below the editor");
    assert.ok(board.width <= 390 && board.width > 300, "the board fills the width");
    assert.equal(await page.$$eval("#position path.square", (p) => p.length), 38);
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(scrolls, false, "nothing sticks out sideways");
    await page.screenshot({ path: join(SHOTS, "phone.png"), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});

test("the README's picture: the Crazy 38's source, its board, a knight's moves marked", async () => {
  const { page } = ctx;
  await load(page, "crazy-38s");
  await clickSquare(page, "e2");
  assert.ok((await marked(page)).length > 0, "the knight has moves marked");
  // docs/playground.png is a copy of this one, taken from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, "playground.png") });
  await clickSquare(page, "e2");
});

test("the keyboard alone selects and plays a move", async () => {
  const { page } = ctx;
  await load(page, "crazyhouse");
  await page.focus('#position path.square[data-square="g1"]');
  await page.keyboard.press("Enter");
  assert.deepEqual(await marked(page), ["f3", "h3"]);
  await page.focus('#position path.square[data-square="f3"]');
  await page.keyboard.press(" ");
  assert.deepEqual(await playedMoves(page), ["g1f3"]);
  await page.keyboard.press("Alt+z");
  assert.equal(await page.getAttribute("#moves-played", "data-count"), "0");
});

test("offline once loaded: with the server gone the page still checks, draws and plays", async () => {
  const { page, errors } = ctx;
  ctx.stopServer();
  await load(page, "shogi");
  assert.equal(await page.textContent("#compile-status"), "Shogi: compiles");
  await clickSquare(page, "g3");
  await clickSquare(page, "g4");
  assert.deepEqual(await playedMoves(page), ["g3g4"]);
  await setSource(page, (await page.inputValue("#source")).replace(/letter K\b/, "letter K1"));
  await checked(page);
  assert.ok((await page.$$eval("#diagnostics li", (l) => l.length)) > 0, "a broken letter is reported");
  assert.deepEqual(errors, []);
});
