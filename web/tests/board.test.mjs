// The playground's board as a place to play and work (issue 36): piece
// pictures, highlights, flip, the move list, the game kept across an edit
// of the rules, the source kept and shared, clear errors; one screenshot
// per family of pieces (target/playground/family-*.png, copied to docs/).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, open, setSource, checked, clickSquare, fen, fsfFen } from "./helpers.mjs";

let ctx;
before(async () => {
  ctx = await open();
});
after(async () => {
  await ctx?.close();
});

async function load(page, stem) {
  await page.selectOption("#variant-select", stem);
  await checked(page);
  await page.waitForSelector("#position path.square");
}

async function playedMoves(page) {
  return page.$$eval("#moves-played button[data-uci]:not(.ahead)", (bs) => bs.map((b) => b.dataset.uci));
}

async function playMoves(page, moves) {
  for (const m of moves) {
    await clickSquare(page, m.slice(0, 2));
    await clickSquare(page, m.slice(2, 4));
  }
}

/** The centre of a square on the screen. */
async function where(page, square) {
  const b = await (await page.$(`#position path.square[data-square="${square}"]`)).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

test("chess is drawn with the Cburnett pieces, shogi with kanji pentagons, xiangqi on the points", async () => {
  const { page } = ctx;
  await load(page, "chess");
  assert.equal(await page.$$eval("#position g.piece svg.piece-art", (s) => s.length), 32);
  assert.equal(await page.getAttribute('#position g.piece[data-square="e1"]', "data-token"), "K");
  assert.equal(await page.getAttribute('#position g.piece[data-square="d8"]', "data-token"), "q");
  await load(page, "shogi");
  assert.equal(await page.$$eval("#position g.piece polygon", (s) => s.length), 40);
  assert.equal(await page.textContent('#position g.piece[data-square="e1"] text'), "王");
  await load(page, "xiangqi");
  assert.equal(await page.textContent('#position g.piece[data-square="e1"] text'), "帥");
  assert.equal(await page.textContent('#position g.piece[data-square="e10"] text'), "將");
  assert.equal(await page.textContent("#position text.river"), "楚 河　　　　漢 界");
  // Gliński's board (`shape hex`): 91 hexagons, named by its own ranks;
  // the screenshot's regions are counted in playground.test.mjs.
  await load(page, "glinski");
  const corners = await page.$$eval("#position path.square", (ps) => ps.map((p) => p.getAttribute("d").match(/[ML]/g).length));
  assert.equal(corners.length, 91);
  assert.ok(corners.every((n) => n === 6), "every square a hexagon");
  const labels = await page.$$eval("#position #coordinates text", (ts) => ts.map((t) => t.textContent).sort());
  assert.deepEqual(labels, [..."abcdefghikl", ...Array.from({ length: 11 }, (_, i) => String(i + 1))].sort());
  // Crazy 38's Silver (`WsF`) has no picture in any set: a disc with its
  // six steps (four orthogonal, two sideways diagonal) as dots.
  await load(page, "crazy-38s");
  const dots = await page.$$eval('#position g.piece[data-token="S"]', (gs) => gs.map((g) => g.querySelectorAll("circle").length - 1));
  assert.ok(dots.length > 0 && dots.every((n) => n === 6), `a silver's six moves drawn: ${dots}`);
});

test("the last move and a check are highlighted", async () => {
  const { page } = ctx;
  await load(page, "chess");
  assert.equal(await page.$$eval("#position .wash", (w) => w.length), 0);
  await playMoves(page, ["e2e4"]);
  assert.deepEqual(
    await page.$$eval("#position .wash", (ws) => ws.map((w) => `${w.getAttribute("class")}:${w.dataset.square}`)),
    ["wash last-from:e2", "wash last-to:e4"],
  );
  await playMoves(page, ["f7f6", "d1h5"]);
  assert.equal(await page.getAttribute("#status", "data-check"), "true");
  assert.deepEqual(await page.$$eval("#position .wash.check", (ws) => ws.map((w) => w.dataset.square)), ["e8"]);
});

test("the board flips: Black at the bottom, the letters still upright, moves still by click", async () => {
  const { page } = ctx;
  await load(page, "chess");
  const [, e1y] = await where(page, "e1");
  const [, e8y] = await where(page, "e8");
  const [a1x] = await where(page, "a1");
  const [h1x] = await where(page, "h1");
  assert.ok(e1y > e8y && a1x < h1x, "White at the bottom");
  await page.click("#flip");
  assert.equal(await page.getAttribute("#flip", "aria-pressed"), "true");
  const [, f1y] = await where(page, "e1");
  const [, f8y] = await where(page, "e8");
  const [b1x] = await where(page, "a1");
  const [c1x] = await where(page, "h1");
  assert.ok(f1y < f8y && b1x > c1x, "Black at the bottom");
  // The hands change places with the board.
  const order = await page.$$eval("#board-pane > *", (es) => es.map((e) => e.id).filter((id) => /hand|position/.test(id)));
  assert.deepEqual(order, ["hand-white", "position", "hand-black"]);
  // A piece picture is turned back upright: its king's cross is at its top.
  const king = await (await page.$('#position g.piece[data-square="e8"]')).boundingBox();
  const [kx, ky] = await where(page, "e8");
  assert.ok(Math.abs(king.x + king.width / 2 - kx) < 6 && Math.abs(king.y + king.height / 2 - ky) < 8, "the king stays on its square");
  await playMoves(page, ["e2e4"]);
  assert.deepEqual(await playedMoves(page), ["e2e4"]);
  await page.click("#flip");
  assert.equal(await page.getAttribute("#flip", "aria-pressed"), "false");
});

test("the numbered move list goes back and forward by click", async () => {
  const { page } = ctx;
  await load(page, "crazyhouse");
  const start = await fen(page);
  await playMoves(page, ["e2e4", "d7d5", "e4d5"]);
  const after3 = await fen(page);
  const list = await page.$$eval("#moves-played > *", (es) => es.map((e) => e.textContent));
  assert.deepEqual([list[0], list[1], list[4]], ["start", "1.", "2."]);
  // SAN once the package writes it (board.san), UCI before.
  for (const [i, uci, san] of [[2, "e2e4", "e4"], [3, "d7d5", "d5"], [5, "e4d5", "exd5"]]) {
    assert.ok([uci, san].includes(list[i]), `move ${uci} shown as ${list[i]}`);
  }
  await page.click('#moves-played button[data-ply="1"]');
  assert.equal(await fen(page), fsfFen("crazyhouse", ["e2e4"]));
  assert.equal(await page.getAttribute('#moves-played button[data-ply="1"]', "aria-current"), "step");
  assert.equal(await page.$$eval("#moves-played button.ahead", (b) => b.length), 2);
  assert.equal(await page.isDisabled("#redo"), false);
  await page.click('#moves-played button[data-ply="0"]');
  assert.equal(await fen(page), start);
  await page.click('#moves-played button[data-ply="3"]');
  assert.equal(await fen(page), after3);
  // A move played back in the game drops the moves after it.
  await page.click('#moves-played button[data-ply="1"]');
  await playMoves(page, ["e7e5"]);
  assert.deepEqual(await playedMoves(page), ["e2e4", "e7e5"]);
  assert.equal(await page.$$eval("#moves-played button[data-uci]", (b) => b.length), 2);
});

test("an edit of the rules keeps the game as far as it is legal, and the set-up FEN", async () => {
  const { page } = ctx;
  await load(page, "chess");
  await playMoves(page, ["e2e4", "e7e5", "g1f3"]);
  const text = await page.inputValue("#source");
  // A comment changes nothing: the whole game stays.
  await setSource(page, `${text}\n// a note\n`);
  await checked(page);
  assert.deepEqual(await playedMoves(page), ["e2e4", "e7e5", "g1f3"]);
  assert.equal(await page.textContent("#game-note"), "");
  // A knight that no longer leaps: the game stops before its move.
  await setSource(page, text.replace(/moves N\b/, "moves W"));
  await checked(page);
  assert.equal(await page.getAttribute("#compile-status", "class"), "ok");
  assert.deepEqual(await playedMoves(page), ["e2e4", "e7e5"]);
  assert.match(await page.textContent("#game-note"), /move 3 \(Nf3\) is not legal under the new rules/);
  // A set-up position survives an edit.
  const setup = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  await page.fill("#fen", setup);
  await page.click("#fen-form button[type=submit]");
  await playMoves(page, ["e2e4"]);
  await setSource(page, text);
  await checked(page);
  assert.equal(await page.$eval('#moves-played button[data-ply="0"]', (b) => b.textContent), "start");
  assert.deepEqual(await playedMoves(page), ["e2e4"]);
  await page.click('#moves-played button[data-ply="0"]');
  assert.equal(await fen(page), setup);
});

test("the source is kept in the browser and carried by a share link", async () => {
  const { page, newPage } = ctx;
  await load(page, "crazyhouse");
  const edited = (await page.inputValue("#source")).replace('variant "Crazyhouse"', 'variant "Shared house"');
  await setSource(page, edited);
  await checked(page);
  await playMoves(page, ["e2e4"]);
  await page.click("#share");
  // The link is made asynchronously (the source is compressed first).
  await page.waitForFunction(() => document.querySelector("#share-link").value !== "");
  const link = await page.inputValue("#share-link");
  assert.match(link, /#src=[A-Za-z0-9_-]+$/);
  assert.ok(link.length < edited.length, `compressed: ${link.length} characters for ${edited.length}`);
  // A reload of the same page (same browser storage) finds the work.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  assert.equal(await page.inputValue("#source"), edited);
  assert.deepEqual(await playedMoves(page), ["e2e4"]);
  // Another browser window opens the link: the source, and no game.
  const other = await newPage({ width: 1280, height: 900 });
  await other.page.goto(link);
  await other.page.waitForFunction(() => document.getElementById("compile-status").textContent.startsWith("Shared house"));
  assert.equal(await other.page.inputValue("#source"), edited);
  assert.equal(await other.page.textContent("#compile-status"), "Shared house: compiles");
  assert.deepEqual(other.errors, []);
  await other.close();
});

test("an unknown ?variant=, a damaged link and a missing package are clear errors", async () => {
  const { newPage } = ctx;
  const a = await newPage({ width: 1280, height: 900, query: "?variant=nosuch", ready: false });
  await a.page.waitForFunction(() => document.body.dataset.ready);
  const msg = await a.page.textContent("#fatal");
  assert.match(msg, /no shipped variant is called `nosuch`/);
  assert.match(msg, /crazyhouse/);
  assert.match(msg, /shogi/);
  await a.close();
  const b = await newPage({ width: 1280, height: 900, query: "#src=AAAA", ready: false });
  await b.page.waitForFunction(() => document.body.dataset.ready);
  assert.match(await b.page.textContent("#fatal"), /the shared link is damaged/);
  await b.close();
  const c = await newPage({ width: 1280, height: 900, block: /\/pkg\/fairyc\.js$/, ready: false });
  await c.page.waitForFunction(() => document.body.dataset.ready);
  assert.equal(await c.page.evaluate(() => document.body.dataset.ready), "failed");
  assert.match(await c.page.textContent("#fatal"), /run `bash web\/build\.sh`/);
  await c.close();
});

test("the page has a favicon, and shows the side to move and the hands once", async () => {
  const { page, requests } = ctx;
  await load(page, "crazyhouse");
  assert.equal(await page.getAttribute('link[rel="icon"]', "href"), "favicon.svg");
  assert.ok(requests.some((r) => r.endsWith("/favicon.svg")), "the favicon is loaded");
  const svgText = await page.$eval("#position svg", (s) => s.textContent);
  assert.doesNotMatch(svgText, /to move|in hand/);
  assert.match(await page.textContent("#status"), /White to move/);
});

test("one screenshot per family of pieces (docs/ has copies)", async () => {
  const { newPage } = ctx;
  const small = await newPage({ width: 1000, height: 760 });
  for (const stem of ["chess", "shogi", "xiangqi", "janggi", "glinski", "crazyhouse", "crazy-elephant", "hans-38special", "crazy-38s"]) {
    await load(small.page, stem);
    await (await small.page.$("#position")).screenshot({ path: join(SHOTS, `family-${stem}.png`) });
  }
  assert.deepEqual(small.errors, []);
  await small.close();
});
