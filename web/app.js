// The fairyc playground. Everything runs here, in the browser, through the
// WebAssembly package (pkg/, copied from wasm/pkg by build.sh): the page
// makes no network call but loading its own files.
import { tokens } from "./highlight.js";
import { PieceSet, loadCburnett } from "./pieces.js";
import { decodeSource, encodeSource } from "./share.js";

// The WebAssembly package, imported in `main` so that a page without it
// (web/pkg not built) says so instead of staying blank.
let init, check, explain, exportFsf, variants, variantSource, Variant;

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
/// The seeds of the language (docs/README): offered first.
const SEEDS = ["crazyhouse", "crazy-elephant", "hans-38special", "crazy-38s"];

const state = {
  variant: null, // the compiled Variant
  board: null, // its Board
  source: "", // the source the variant was compiled from
  redo: [], // moves taken back, most recent last
  selected: null, // { square } or { drop: token, side }
  moves: [], // the MoveInfo[] of the position
};

// ---------------------------------------------------------------- editor

const source = $("source");
const gutter = $("gutter");
const backdrop = $("backdrop");

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/// The character offset in `text` of a 1-based line and column (columns
/// count characters, as the diagnostics do).
function offsetOf(text, line, column) {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  // Columns count Unicode scalar values; JavaScript strings count UTF-16 units.
  const rest = Array.from(text.slice(at).split("\n")[0]);
  return at + rest.slice(0, column - 1).join("").length;
}

/// The diagnostics' primary spans as [start, end, severity] in character
/// offsets, sorted, without overlaps.
function spans(text, diagnostics) {
  const list = [];
  for (const d of diagnostics) {
    for (const l of d.labels) {
      if (!l.primary) continue;
      const start = offsetOf(text, l.line_start, l.column_start);
      let end = offsetOf(text, l.line_end, l.column_end);
      if (end <= start) end = start + 1; // an empty span: mark one character
      list.push([start, end, d.severity]);
    }
  }
  list.sort((a, b) => a[0] - b[0]);
  const out = [];
  for (const s of list) {
    const last = out[out.length - 1];
    if (last && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push(s);
  }
  return out;
}

function renderGutter(text, diagnostics) {
  const lines = text.split("\n").length;
  const sev = new Map();
  for (const d of diagnostics) {
    for (const l of d.labels.filter((l) => l.primary)) {
      if (sev.get(l.line_start) !== "error") sev.set(l.line_start, d.severity);
    }
  }
  const parts = [];
  for (let i = 1; i <= lines; i++) {
    const s = sev.get(i);
    parts.push(`<div data-line="${i}"${s ? ` class="${s}" title="${s}"` : ""}>${i}</div>`);
  }
  gutter.innerHTML = parts.join("");
  gutter.scrollTop = source.scrollTop;
}

/// Draws the source under the textarea (whose own text is transparent):
/// highlighted by the syntax mode (highlight.js), the diagnostics' spans
/// underlined in `<mark>`s.
function renderBackdrop(text, diagnostics) {
  const marks = spans(text, diagnostics);
  const toks = tokens(text);
  // Cut the text where any token or mark begins or ends.
  const cuts = new Set([0, text.length]);
  for (const [a, b] of [...marks, ...toks]) {
    cuts.add(a);
    cuts.add(b);
  }
  const at = [...cuts].filter((c) => c <= text.length).sort((a, b) => a - b);
  let html = "";
  let m = 0; // the next or current mark
  let t = 0; // the next or current token
  let open = null; // the mark open
  for (let i = 0; i + 1 < at.length; i++) {
    const [a, b] = [at[i], at[i + 1]];
    while (m < marks.length && marks[m][1] <= a) m++;
    while (t < toks.length && toks[t][1] <= a) t++;
    const mark = m < marks.length && marks[m][0] <= a ? marks[m] : null;
    if (open && open !== mark) {
      html += "</mark>";
      open = null;
    }
    if (mark && open !== mark) {
      html += `<mark class="${mark[2]}">`;
      open = mark;
    }
    const piece = escapeHtml(text.slice(a, b));
    const tok = t < toks.length && toks[t][0] <= a ? toks[t] : null;
    html += tok ? `<span class="tok-${tok[2]}">${piece}</span>` : piece;
  }
  if (open) html += "</mark>";
  // A final newline needs a character after it to take up its line.
  backdrop.innerHTML = html + "\n";
  syncScroll();
}

function syncScroll() {
  backdrop.scrollTop = source.scrollTop;
  backdrop.scrollLeft = source.scrollLeft;
  gutter.scrollTop = source.scrollTop;
}
source.addEventListener("scroll", syncScroll);

/// Puts the caret on a diagnostic's span and scrolls it into view.
function goTo(label) {
  const text = source.value;
  const start = offsetOf(text, label.line_start, label.column_start);
  const end = offsetOf(text, label.line_end, label.column_end);
  source.focus();
  source.setSelectionRange(start, Math.max(start, end));
  const lineHeight = 18;
  source.scrollTop = Math.max(0, (label.line_start - 3) * lineHeight);
}

function renderDiagnostics(diagnostics) {
  const list = $("diagnostics");
  list.replaceChildren();
  for (const d of diagnostics) {
    const li = document.createElement("li");
    li.className = d.severity;
    const primary = d.labels.find((l) => l.primary) ?? d.labels[0];
    if (primary) {
      li.dataset.line = primary.line_start;
      li.dataset.column = primary.column_start;
    }
    if (d.code) li.dataset.code = d.code;
    const head = document.createElement("button");
    head.type = "button";
    head.className = "goto";
    head.innerHTML =
      (primary ? `<span class="where">${primary.line_start}:${primary.column_start}</span>` : "") +
      `<span class="code">${escapeHtml(d.severity)}${d.code ? `[${escapeHtml(d.code)}]` : ""}</span>` +
      `<span class="message">${escapeHtml(d.message)}</span>`;
    if (primary) head.addEventListener("click", () => goTo(primary));
    li.append(head);
    for (const l of d.labels) {
      if (l.message && l !== primary) {
        const p = document.createElement("p");
        p.className = "note";
        p.textContent = `${l.line_start}:${l.column_start}: ${l.message}`;
        li.append(p);
      } else if (l.message) {
        head.title = l.message;
      }
    }
    for (const h of d.help) {
      const p = document.createElement("p");
      p.className = "help";
      p.textContent = `help: ${h}`;
      li.append(p);
    }
    for (const n of d.notes) {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = `note: ${n}`;
      li.append(p);
    }
    const long = d.code ? explain(d.code) : undefined;
    if (long) {
      const det = document.createElement("details");
      det.className = "explain";
      const sum = document.createElement("summary");
      sum.textContent = `explain ${d.code}`;
      const pre = document.createElement("pre");
      pre.textContent = long;
      det.append(sum, pre);
      li.append(det);
    }
    list.append(li);
  }
}

let timer = 0;
source.addEventListener("input", () => {
  // Line numbers follow the text at once; the check waits for a pause.
  renderGutter(source.value, []);
  renderBackdrop(source.value, []);
  clearTimeout(timer);
  $("compile-status").dataset.pending = "true";
  timer = setTimeout(recompile, 200);
});
source.addEventListener("keydown", (e) => {
  // Tab indents; Escape then Tab leaves the editor (keyboard users).
  if (e.key === "Tab" && !e.shiftKey && !source.dataset.escaped) {
    e.preventDefault();
    const { selectionStart: a, selectionEnd: b } = source;
    source.setRangeText("    ", a, b, "end");
    source.dispatchEvent(new Event("input"));
  }
  if (e.key === "Escape") source.dataset.escaped = "1";
  else if (e.key !== "Tab") delete source.dataset.escaped;
});

/// Checks the editor's source; a source that compiles becomes the variant.
function recompile() {
  const text = source.value;
  saveWork();
  const diagnostics = check(text);
  renderGutter(text, diagnostics);
  renderBackdrop(text, diagnostics);
  renderDiagnostics(diagnostics);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const status = $("compile-status");
  delete status.dataset.pending;
  status.dataset.errors = errors;
  if (errors > 0) {
    status.textContent = `${errors} error${errors === 1 ? "" : "s"}` +
      (warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : "") + " — the board shows the last variant that compiled";
    status.className = "bad";
    return;
  }
  if (text === state.source && state.variant) {
    status.textContent = `${state.variant.name}: compiles` + (warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : "");
    status.className = "ok";
    return;
  }
  try {
    const variant = Variant.fromSource(text);
    state.variant?.free();
    state.variant = variant;
    state.source = text;
    status.textContent = `${variant.name}: compiles` + (warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : "");
    status.className = "ok";
    // A variant chosen from the list starts a new game; an edit of the
    // rules keeps the game as far as it is still legal.
    if (state.fresh || !state.board) newGame();
    else keepGame();
    state.fresh = false;
    fillInspector();
  } catch (e) {
    status.textContent = `${e.message}`;
    status.className = "bad";
  }
}

// ----------------------------------------------------------------- board

/// The game: where it started (`start`: a FEN, or null for the variant's
/// start), the moves played (`moves`, each { uci, san, from, to, drop }),
/// and how many of them the board shows (`ply`; the rest can be redone).
function emptyGame(start = null) {
  return { start, moves: [], ply: 0 };
}
state.game = emptyGame();
state.flipped = false;

/// The MoveInfo of `uci` in the board's position, or undefined if it is not
/// legal there; with its SAN when the package writes SAN (`board.san`).
function moveInfo(board, uci) {
  const m = board.moves().find((x) => x.uci === uci);
  if (!m) return undefined;
  let san = m.uci;
  if (typeof board.san === "function") {
    try {
      san = board.san(m.uci);
    } catch {
      san = m.uci;
    }
  }
  return { uci: m.uci, san, from: m.from, to: m.to, drop: m.drop };
}

/// Sets up the board of the game's start; throws for a start FEN the
/// variant does not accept.
function startBoard(start) {
  return start === null ? state.variant.newBoard() : state.variant.newBoard(start);
}

/// Shows the game at `ply` (replaying its moves from the start).
function showPly(ply) {
  const board = startBoard(state.game.start);
  for (let i = 0; i < ply; i++) board.push(state.game.moves[i].uci);
  state.board?.free();
  state.board = board;
  state.game.ply = ply;
  state.selected = null;
  renderBoard();
}

/// A new game from the variant's start, or from `fen`.
function newGame(fen = null) {
  state.game = emptyGame(fen);
  $("fen-error").textContent = "";
  $("game-note").textContent = "";
  showPly(0);
}

/// After the rules changed: the same game where it is still legal. The
/// set-up FEN is kept if the new rules accept it; the moves are replayed
/// up to the first one they do not allow, and the page says where it
/// stopped.
function keepGame() {
  const old = state.game;
  const notes = [];
  let start = old.start;
  let board;
  try {
    board = startBoard(start);
  } catch (e) {
    notes.push(`the set-up position no longer fits the rules (${e.message}); the game starts from the start position. The FEN was: ${start}`);
    start = null;
    board = startBoard(null);
  }
  const moves = [];
  for (const m of start === old.start ? old.moves : []) {
    const info = board.isGameOver() ? undefined : moveInfo(board, m.uci);
    if (!info) {
      notes.push(`move ${moves.length + 1} (${m.san}) is not legal under the new rules: the game stops before it` +
        (old.moves.length - moves.length > 1 ? ` (${old.moves.length - moves.length} moves dropped)` : ""));
      break;
    }
    board.push(info.uci);
    moves.push(info);
  }
  board.free();
  state.game = { start, moves, ply: Math.min(old.ply, moves.length) };
  $("game-note").textContent = notes.join("; ");
  showPly(state.game.ply);
}

/// Makes the squares of an SVG picture buttons: each `path.square` gets a
/// name, a tab stop and a click handler; returns the centres by name.
function squaresOf(container, onClick) {
  const svg = container.querySelector("svg");
  const paths = [...svg.querySelectorAll("path.square")];
  const names = [...svg.querySelectorAll("#names text")];
  const centre = new Map();
  paths.forEach((p, i) => {
    const name = p.id.slice(3);
    p.dataset.square = name;
    p.setAttribute("tabindex", "0");
    p.setAttribute("role", "button");
    p.setAttribute("aria-label", name);
    // A square's name is written just under its naming cell's centre.
    const t = names[i];
    if (t) centre.set(name, [Number(t.getAttribute("x")), Number(t.getAttribute("y")) - 0.44 * 48]);
    p.addEventListener("click", () => onClick(name));
    p.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onClick(name);
      }
    });
  });
  return { svg, centre };
}

/// The square (by name) whose centre is nearest to (x, y).
function nearest(centre, x, y) {
  let best = null;
  let dist = Infinity;
  for (const [name, [cx, cy]] of centre) {
    const d = (cx - x) ** 2 + (cy - y) ** 2;
    if (d < dist) [best, dist] = [name, d];
  }
  return best;
}

/// The board's picture made a board to play on: only the board (the side
/// to move, the hands and the result are shown by the page, once), its
/// pieces drawn by the piece set, wrapped in `g#view` (turned when the
/// board is flipped).
function dressBoard(svg, centre) {
  for (const t of [...svg.children]) if (t.tagName === "text") t.remove();
  const view = document.createElementNS(SVG_NS, "g");
  view.id = "view";
  for (const c of [...svg.children]) if (c.tagName !== "defs" && c.tagName !== "title" && c.tagName !== "rect") view.append(c);
  svg.append(view);
  svg.querySelector(":scope > rect")?.remove();
  const set = pieceSet(centre);
  const pieces = [];
  for (const g of [...svg.querySelectorAll("#pieces g.piece")]) {
    const circle = g.querySelector("circle");
    const text = g.querySelector("text")?.textContent ?? "";
    const cx = Number(circle.getAttribute("cx"));
    const cy = Number(circle.getAttribute("cy")) + 0.06 * 48;
    const piece = {
      token: text,
      white: g.classList.contains("white"),
      promoted: circle.getAttribute("stroke") === "#c62828",
      plus: text.startsWith("+"),
    };
    const square = nearest(centre, cx, cy);
    const art = document.createElementNS(SVG_NS, "g");
    // Shogi pieces point at the opponent: flipped, they turn with the board.
    art.setAttribute("class", `piece ${piece.white ? "white" : "black"}${set.family === "shogi" ? " turns-with-board" : ""}`);
    art.dataset.square = square;
    art.dataset.token = text;
    set.draw(art, cx, cy - 1, 40, piece);
    g.replaceWith(art);
    pieces.push({ ...piece, square, cx, cy, g: art });
  }
  if (set.family === "xiangqi") intersections(svg, centre);
  const bb = view.getBBox();
  const pad = 4;
  svg.setAttribute("viewBox", `${bb.x - pad} ${bb.y - pad} ${bb.width + 2 * pad} ${bb.height + 2 * pad}`);
  svg.setAttribute("width", bb.width + 2 * pad);
  svg.setAttribute("height", bb.height + 2 * pad);
  return { view, pieces, box: bb };
}

/// A xiangqi-like board drawn as the game is: pieces on the points where
/// lines cross, a river across the middle (a board of ten ranks with
/// advisors, as xiangqi has; janggi has none), and a palace (diagonals
/// over the middle three files, three ranks deep) at each end. The squares
/// stay as buttons, in one colour, round the points. Only for a full
/// rectangle of squares; any other board keeps its squares.
function intersections(svg, centre) {
  const round = (v) => Math.round(v * 10) / 10;
  const xs = [...new Set([...centre.values()].map((c) => round(c[0])))].sort((a, b) => a - b);
  const ys = [...new Set([...centre.values()].map((c) => round(c[1])))].sort((a, b) => a - b);
  if (xs.length * ys.length !== centre.size || xs.length < 3 || ys.length < 6) return;
  const names = state.pieceSet.pieces.map((p) => p.name);
  const river = ys.length === 10 && !names.includes("Guard");
  const g = document.createElementNS(SVG_NS, "g");
  g.id = "lines";
  g.setAttribute("stroke", "#5d4037");
  g.setAttribute("stroke-width", "1.5");
  g.setAttribute("class", "turns-with-board");
  const line = (x1, y1, x2, y2) => {
    const l = document.createElementNS(SVG_NS, "line");
    Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => l.setAttribute(k, v));
    g.append(l);
  };
  const [top, bottom] = [ys[0], ys[ys.length - 1]];
  for (const [i, x] of xs.entries()) {
    if (river && i > 0 && i < xs.length - 1) {
      line(x, top, x, ys[4]);
      line(x, ys[5], x, bottom);
    } else line(x, top, x, bottom);
  }
  for (const y of ys) line(xs[0], y, xs[xs.length - 1], y);
  const mid = Math.floor(xs.length / 2);
  for (const [a, b] of [[0, 2], [ys.length - 3, ys.length - 1]]) {
    line(xs[mid - 1], ys[a], xs[mid + 1], ys[b]);
    line(xs[mid + 1], ys[a], xs[mid - 1], ys[b]);
  }
  for (const p of svg.querySelectorAll("path.square")) {
    p.setAttribute("fill", "#edd29c");
    p.setAttribute("stroke", "#edd29c");
    p.classList.add("point");
  }
  svg.querySelector("#names")?.setAttribute("display", "none");
  svg.querySelector("#board").after(g);
  if (river) {
    const t = document.createElementNS(SVG_NS, "text");
    t.setAttribute("x", (xs[0] + xs[xs.length - 1]) / 2);
    t.setAttribute("y", (ys[4] + ys[5]) / 2 + 7);
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("font-size", "20");
    t.setAttribute("fill", "#8d6e63");
    t.setAttribute("font-family", "Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif");
    t.setAttribute("class", "river");
    t.textContent = "楚 河　　　　漢 界";
    g.after(t);
  }
}

/// The piece set of the current variant (made once per variant).
function pieceSet(centre) {
  if (state.pieceSet?.variant !== state.variant) {
    const xs = [...centre.values()];
    const mx = xs.reduce((a, c) => a + c[0], 0) / xs.length;
    const my = xs.reduce((a, c) => a + c[1], 0) / xs.length;
    state.pieceSet = new PieceSet(state.variant, state.cburnett, nearest(centre, mx, my));
    const table = JSON.parse(state.variant.tableJson()).parts;
    state.royal = table.pieces.filter((p) => p.royal).map((p) => ({ letter: p.letter.toUpperCase(), side: p.royal }));
  }
  return state.pieceSet;
}

/// A translucent wash over a square, under the pieces.
function wash(svg, layer, square, cls) {
  const path = svg.querySelector(`path.square[data-square="${CSS.escape(square)}"]`);
  if (!path) return;
  const w = document.createElementNS(SVG_NS, "path");
  w.setAttribute("d", path.getAttribute("d"));
  w.setAttribute("class", `wash ${cls}`);
  w.dataset.square = square;
  layer.append(w);
}

/// Turns the board half round (Black at the bottom): the whole view is
/// rotated about its centre, and every text and upright picture back
/// about its own, so that letters stay readable.
function flip(svg, view, box) {
  if (!state.flipped) return;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  view.setAttribute("transform", `rotate(180 ${cx} ${cy})`);
  for (const el of view.querySelectorAll("#coordinates text, #names text, #seams text, g.piece, text.river")) {
    if (el.closest(".turns-with-board")) continue;
    const b = el.getBBox();
    el.setAttribute("transform", `rotate(180 ${b.x + b.width / 2} ${b.y + b.height / 2})`);
  }
}

function renderBoard() {
  const board = state.board;
  const container = $("position");
  const focused = document.activeElement?.dataset?.square;
  container.innerHTML = board.svg();
  const { svg, centre } = squaresOf(container, clickSquare);
  const { view, pieces, box } = dressBoard(svg, centre);
  svg.classList.toggle("flipped", state.flipped);
  state.moves = board.moves();
  const game = state.game;
  // Status: side to move, check, result: the one place they are shown.
  const result = board.result();
  const status = $("status");
  status.dataset.turn = board.turn();
  status.dataset.check = board.isCheck();
  status.dataset.result = result ? result.score : "";
  if (result) {
    status.textContent = result.text;
  } else {
    status.innerHTML = `${board.turn() === "white" ? "White" : "Black"} to move` +
      (board.isCheck() ? ' — <span class="check">check</span>' : "");
  }
  $("fen").value = board.fen();
  renderMoveList();
  $("undo").disabled = game.ply === 0;
  $("redo").disabled = game.ply >= game.moves.length;
  $("engine-move").disabled = !!result;
  renderHands();
  // Highlights, under the pieces: the last move's squares, and the royal
  // pieces of the side in check.
  const layer = document.createElementNS(SVG_NS, "g");
  layer.id = "highlights";
  view.querySelector("#pieces").before(layer);
  const last = game.ply > 0 ? game.moves[game.ply - 1] : null;
  if (last) {
    if (last.from && !last.drop) wash(svg, layer, last.from, "last-from");
    if (last.to) wash(svg, layer, last.to, "last-to");
  }
  if (board.isCheck()) {
    const white = board.turn() === "white";
    for (const p of pieces) {
      const royal = state.royal.some((r) => r.letter === p.token.toUpperCase() && (r.side === "both" || r.side === (white ? "white" : "black")));
      if (royal && p.white === white) wash(svg, layer, p.square, "check");
    }
  }
  // Marks: the selected piece's (or hand piece's) legal targets.
  const g = document.createElementNS(SVG_NS, "g");
  g.id = "move-marks";
  view.append(g);
  const sel = state.selected;
  if (sel) {
    if (sel.square) svg.querySelector(`path.square[data-square="${CSS.escape(sel.square)}"]`)?.classList.add("selected");
    const targets = new Map();
    for (const m of selectedMoves()) {
      const kind = m.capture ? "capture" : "move";
      const had = targets.get(m.to);
      targets.set(m.to, had && had !== kind ? "both" : kind);
    }
    for (const [to, kind] of targets) {
      const c = centre.get(to);
      if (!c) continue;
      const [x, y] = c;
      const mark = document.createElementNS(SVG_NS, "circle");
      mark.setAttribute("class", `move-mark ${kind}`);
      mark.dataset.square = to;
      mark.setAttribute("cx", x);
      mark.setAttribute("cy", y);
      mark.setAttribute("r", kind === "move" ? 8 : 20);
      mark.setAttribute("fill", kind === "move" ? "#2e7d32" : "none");
      mark.setAttribute("fill-opacity", "0.75");
      mark.setAttribute("stroke", kind === "move" ? "none" : "#c62828");
      mark.setAttribute("stroke-width", "4");
      g.append(mark);
    }
  }
  flip(svg, view, box);
  if (focused) svg.querySelector(`path.square[data-square="${CSS.escape(focused)}"]`)?.focus();
}

/// The numbered move list: each move a button that shows the game there.
function renderMoveList() {
  const game = state.game;
  const list = $("moves-played");
  list.replaceChildren();
  list.dataset.count = game.ply;
  list.dataset.total = game.moves.length;
  // Who moved first: the start FEN's side to move.
  const blackFirst = game.start !== null && /^\S+\s+b\b/.test(game.start);
  const first = document.createElement("button");
  first.type = "button";
  first.className = "ply start";
  first.textContent = "start";
  first.dataset.ply = 0;
  first.setAttribute("aria-current", game.ply === 0 ? "step" : "false");
  first.addEventListener("click", () => showPly(0));
  list.append(first);
  game.moves.forEach((m, i) => {
    const n = i + (blackFirst ? 1 : 0);
    if (n % 2 === 0 || i === 0) {
      const num = document.createElement("span");
      num.className = "move-number";
      num.textContent = n % 2 === 0 ? `${n / 2 + 1}.` : `${(n - 1) / 2 + 1}…`;
      list.append(num);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ply";
    b.dataset.ply = i + 1;
    b.dataset.uci = m.uci;
    b.textContent = m.san;
    b.title = m.uci;
    if (i + 1 > game.ply) b.classList.add("ahead");
    b.setAttribute("aria-current", i + 1 === game.ply ? "step" : "false");
    b.addEventListener("click", () => showPly(i + 1));
    list.append(b);
  });
}

function selectedMoves() {
  const sel = state.selected;
  if (!sel) return [];
  if (sel.drop) return state.moves.filter((m) => m.drop === sel.drop);
  return state.moves.filter((m) => m.from === sel.square && !m.drop);
}

/// A piece picture for a hand button.
function handPicture(token, white) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("width", "30");
  svg.setAttribute("height", "30");
  svg.setAttribute("aria-hidden", "true");
  const g = document.createElementNS(SVG_NS, "g");
  svg.append(g);
  state.pieceSet?.draw(g, 24, 24, 44, { token: white ? token : token.toLowerCase(), white, promoted: false, plus: token.startsWith("+") });
  return svg;
}

function renderHands() {
  const hands = state.board.hands();
  const turn = state.board.turn();
  for (const side of ["white", "black"]) {
    const div = $(`hand-${side}`);
    div.replaceChildren();
    const entries = Object.entries(hands[side]);
    const label = document.createElement("span");
    label.textContent = `${side === "white" ? "White" : "Black"} in hand:${entries.length ? "" : " —"}`;
    div.append(label);
    for (const [token, n] of entries) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.piece = token;
      b.dataset.side = side;
      b.append(handPicture(token, side === "white"));
      const count = document.createElement("span");
      count.textContent = n > 1 ? `×${n}` : "";
      b.append(count);
      b.setAttribute("aria-label", `${side} ${token} in hand, ${n}`);
      b.title = `${side === "white" ? token : token.toLowerCase()}${n > 1 ? ` ×${n}` : ""}`;
      const pressed = state.selected?.drop === token && state.selected.side === side;
      b.setAttribute("aria-pressed", pressed ? "true" : "false");
      b.disabled = side !== turn || !state.moves.some((m) => m.drop === token);
      b.addEventListener("click", () => {
        state.selected = pressed ? null : { drop: token, side };
        renderBoard();
      });
      div.append(b);
    }
  }
  // Black's hand above the board, White's below; flipped, the other way.
  const pane = $("position");
  if (state.flipped) {
    pane.before($("hand-white"));
    pane.after($("hand-black"));
  } else {
    pane.before($("hand-black"));
    pane.after($("hand-white"));
  }
}

function clickSquare(name) {
  const sel = state.selected;
  if (sel) {
    const choices = selectedMoves().filter((m) => m.to === name);
    if (choices.length === 1) return play(choices[0].uci);
    if (choices.length > 1) return choosePromotion(choices);
  }
  // Select a piece that has moves from here; a second click lets go.
  if (sel?.square === name) state.selected = null;
  else if (state.moves.some((m) => m.from === name && !m.drop)) state.selected = { square: name };
  else state.selected = null;
  renderBoard();
}

function describe(m) {
  const p = m.promotion;
  if (!p) return m.castle ? "castle" : "no promotion";
  if (p.kind === "piece") return p.token;
  if (p.kind === "hand") return `to hand as ${p.token}`;
  return `gate ${p.token}`;
}

function choosePromotion(choices) {
  const dialog = $("promotion-dialog");
  const box = $("promotion-choices");
  box.replaceChildren();
  for (const m of choices) {
    const b = document.createElement("button");
    b.type = "submit";
    b.value = m.uci;
    b.dataset.uci = m.uci;
    b.textContent = describe(m);
    b.title = m.uci;
    box.append(b);
  }
  dialog.onclose = () => {
    const uci = dialog.returnValue;
    if (uci && uci !== "cancel") play(uci);
  };
  dialog.returnValue = "";
  dialog.showModal();
}

/// Plays `uci` at the game's current ply (the moves after it are dropped).
function play(uci) {
  const info = moveInfo(state.board, uci);
  try {
    state.board.push(uci);
  } catch (e) {
    $("fen-error").textContent = e.message;
    return;
  }
  const game = state.game;
  game.moves.length = game.ply;
  game.moves.push(info ?? { uci, san: uci });
  game.ply += 1;
  state.selected = null;
  renderBoard();
  saveWork();
  if ($("auto-reply").checked && !state.board.isGameOver()) {
    setTimeout(engineMove, 30);
  }
}

function engineMove() {
  if (!state.board || state.board.isGameOver()) return;
  const button = $("engine-move");
  button.disabled = true;
  button.textContent = "Thinking…";
  // Let the page draw the label before the search blocks it.
  setTimeout(() => {
    const m = state.board.bestMove(Number($("engine-depth").value));
    button.textContent = "Computer move";
    if (m) {
      const info = moveInfo(state.board, m);
      state.board.push(m);
      const game = state.game;
      game.moves.length = game.ply;
      game.moves.push(info ?? { uci: m, san: m });
      game.ply += 1;
      state.selected = null;
      saveWork();
    }
    renderBoard();
  }, 20);
}

$("undo").addEventListener("click", () => {
  if (state.game.ply === 0) return;
  state.board.pop();
  state.game.ply -= 1;
  state.selected = null;
  renderBoard();
});
$("redo").addEventListener("click", () => {
  const game = state.game;
  if (game.ply >= game.moves.length) return;
  state.board.push(game.moves[game.ply].uci);
  game.ply += 1;
  state.selected = null;
  renderBoard();
});
$("reset").addEventListener("click", () => {
  newGame();
  saveWork();
});
$("flip").addEventListener("click", () => {
  state.flipped = !state.flipped;
  $("flip").setAttribute("aria-pressed", state.flipped ? "true" : "false");
  renderBoard();
});
$("engine-move").addEventListener("click", engineMove);
$("fen-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const fen = $("fen").value.trim();
  try {
    state.variant.newBoard(fen).free();
  } catch (err) {
    $("fen-error").textContent = err.message;
    return;
  }
  newGame(fen);
  saveWork();
});
document.addEventListener("keydown", (e) => {
  if (!e.altKey) return;
  const key = e.key.toLowerCase();
  const button = { z: "undo", y: "redo", m: "engine-move", f: "flip" }[key];
  if (button && !$(button).disabled) {
    e.preventDefault();
    $(button).click();
  }
});

// ------------------------------------------------------------- inspector

function fillInspector() {
  const v = state.variant;
  const pieceSel = $("inspect-piece");
  const squareSel = $("inspect-square");
  const oldPiece = pieceSel.value;
  const oldSquare = squareSel.value;
  pieceSel.replaceChildren(...v.pieces().map((p) => new Option(`${p.name} (${p.token})`, p.name)));
  squareSel.replaceChildren(...v.squares().map((s) => new Option(s, s)));
  if ([...pieceSel.options].some((o) => o.value === oldPiece)) pieceSel.value = oldPiece;
  const squares = v.squares();
  if (squares.includes(oldSquare)) squareSel.value = oldSquare;
  else squareSel.value = squares[Math.floor(squares.length / 2)] ?? "";
  renderInspector();
}

function renderInspector() {
  const v = state.variant;
  const box = $("inspect-board");
  try {
    box.innerHTML = v.pieceSvg($("inspect-piece").value, $("inspect-square").value, $("inspect-side").value);
    squaresOf(box, (name) => {
      $("inspect-square").value = name;
      renderInspector();
      box.querySelector(`path.square[data-square="${CSS.escape(name)}"]`)?.focus();
    });
  } catch (e) {
    box.textContent = e.message;
  }
}
for (const id of ["inspect-piece", "inspect-square", "inspect-side"]) {
  $(id).addEventListener("change", renderInspector);
}

// ---------------------------------------------------------------- export

function showExport(text, file) {
  $("export-output").value = text;
  const a = $("export-download");
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = file;
  a.textContent = `Download ${file}`;
  a.hidden = false;
}
const stem = () => state.variant.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "variant";
$("export-table").addEventListener("click", () => showExport(state.variant.tableJson(), `${stem()}.json`));
$("export-fsf").addEventListener("click", () => {
  try {
    showExport(exportFsf(state.source, `fairyc-${stem()}`), `${stem()}.ini`);
  } catch (e) {
    const lines = (e.diagnostics ?? []).map((d) => {
      const l = d.labels.find((x) => x.primary);
      return `${l ? `${l.line_start}:${l.column_start}: ` : ""}${d.code ?? "error"}: ${d.message}` +
        d.help.map((h) => `\n    help: ${h}`).join("");
    });
    showExport([e.message, ...lines].join("\n"), `${stem()}-export-errors.txt`);
  }
});

// ------------------------------------------------- saved work, share link

/// Where the browser keeps the work: the source, and the game on it.
const SAVED = "fairyc-playground";

function saveWork() {
  if (!state.variant) return;
  try {
    const g = state.game;
    localStorage.setItem(SAVED, JSON.stringify({
      source: source.value, start: g.start, moves: g.moves.map((m) => m.uci), ply: g.ply,
    }));
  } catch {
    // Storage full or refused (a private window): the page works without it.
  }
}

function savedWork() {
  try {
    const w = JSON.parse(localStorage.getItem(SAVED) ?? "null");
    return w && typeof w.source === "string" ? w : null;
  } catch {
    return null;
  }
}

/// Replays saved moves (UCI) on the current variant as far as they are legal.
function restoreGame(w) {
  let board;
  try {
    board = startBoard(w.start ?? null);
  } catch {
    return;
  }
  const moves = [];
  for (const uci of Array.isArray(w.moves) ? w.moves : []) {
    const info = board.isGameOver() ? undefined : moveInfo(board, uci);
    if (!info) break;
    board.push(uci);
    moves.push(info);
  }
  board.free();
  state.game = { start: w.start ?? null, moves, ply: Math.max(0, Math.min(Number(w.ply) || 0, moves.length)) };
  showPly(state.game.ply);
}

$("share").addEventListener("click", async () => {
  const url = new URL(location.href);
  url.search = "";
  url.hash = await encodeSource(source.value);
  const out = $("share-link");
  out.value = url.href;
  out.hidden = false;
  out.select();
  try {
    await navigator.clipboard.writeText(url.href);
    $("share-note").textContent = "link copied";
  } catch {
    $("share-note").textContent = "copy the link above";
  }
});

// ----------------------------------------------------------------- start

function loadShipped(stemName) {
  $("fatal").hidden = true;
  source.value = variantSource(stemName);
  source.scrollTop = 0;
  state.source = "";
  state.fresh = true;
  recompile();
}

/// Says on the page why it cannot work, and how to fix it.
function fatal(message) {
  $("compile-status").textContent = message;
  $("compile-status").className = "bad";
  $("fatal").textContent = message;
  $("fatal").hidden = false;
  document.body.dataset.ready = "failed";
}

async function main() {
  try {
    ({ default: init, check, explain, exportFsf, variants, variantSource, Variant } = await import("./pkg/fairyc.js"));
    await init();
  } catch (e) {
    fatal(`the WebAssembly package is missing or broken (web/pkg/fairyc.js, web/pkg/fairyc_bg.wasm): run \`bash web/build.sh\` (${e.message})`);
    return;
  }
  try {
    state.cburnett = await loadCburnett();
  } catch (e) {
    state.cburnett = new Map(); // letters in discs, as `fairyc show` draws them
    $("game-note").textContent = `the piece pictures could not be loaded (${e.message}): pieces are drawn as letters`;
  }
  const select = $("variant-select");
  const list = variants();
  const seeds = document.createElement("optgroup");
  seeds.label = "The four seeds";
  const rest = document.createElement("optgroup");
  rest.label = "The library";
  for (const stemName of SEEDS) {
    const e = list.find((x) => x.stem === stemName);
    if (e) seeds.append(new Option(e.name ?? e.stem, e.stem));
  }
  for (const e of list) {
    if (!SEEDS.includes(e.stem)) rest.append(new Option(`${e.name ?? e.stem} (${e.stem})`, e.stem));
  }
  select.append(seeds, rest);
  select.addEventListener("change", () => loadShipped(select.value));
  const wanted = new URLSearchParams(location.search).get("variant");
  let shared = null;
  try {
    shared = await decodeSource(location.hash);
  } catch (e) {
    fatal(e.message);
    return;
  }
  const saved = savedWork();
  if (wanted !== null) {
    const lower = wanted.toLowerCase();
    const found = list.find((e) => e.stem === lower || e.name?.toLowerCase() === lower || (e.aliases ?? []).includes(lower));
    if (!found) {
      select.value = "crazyhouse";
      fatal(`no shipped variant is called \`${wanted}\` (?variant=${wanted}); the names are: ${list.map((e) => e.stem).join(", ")}`);
      return;
    }
    select.value = found.stem;
    loadShipped(found.stem);
  } else if (shared !== null) {
    source.value = shared;
    state.fresh = true;
    recompile();
  } else if (saved) {
    source.value = saved.source;
    state.fresh = true;
    recompile();
    if (state.variant) restoreGame(saved);
  } else {
    select.value = "crazyhouse";
    loadShipped("crazyhouse");
  }
  // A share link opened in a page already showing the playground changes
  // only the fragment: load its source then too.
  window.addEventListener("hashchange", async () => {
    try {
      const text = await decodeSource(location.hash);
      if (text === null) return;
      $("fatal").hidden = true;
      source.value = text;
      source.scrollTop = 0;
      state.fresh = true;
      recompile();
    } catch (e) {
      fatal(e.message);
    }
  });
  document.body.dataset.ready = "true";
}

main().catch((e) => fatal(`the playground could not start: ${e.message}`));
