// The fairyc playground. Everything runs here, in the browser, through the
// WebAssembly package (pkg/, copied from wasm/pkg by build.sh): the page
// makes no network call but loading its own files.
import init, { check, explain, exportFsf, variants, variantSource, Variant } from "./pkg/fairyc.js";
import { tokens } from "./highlight.js";

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
    newGame();
    fillInspector();
  } catch (e) {
    status.textContent = `${e.message}`;
    status.className = "bad";
  }
}

// ----------------------------------------------------------------- board

function newGame(fen) {
  const board = state.variant.newBoard(fen);
  state.board?.free();
  state.board = board;
  state.redo = [];
  state.selected = null;
  $("fen-error").textContent = "";
  renderBoard();
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

function renderBoard() {
  const board = state.board;
  const container = $("position");
  const focused = document.activeElement?.dataset?.square;
  container.innerHTML = board.svg();
  const { svg, centre } = squaresOf(container, clickSquare);
  state.moves = board.moves();
  const stack = board.moveStack();
  // Status: side to move, check, result.
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
  $("moves-played").textContent = stack.length ? stack.join(" ") : "";
  $("moves-played").dataset.count = stack.length;
  $("undo").disabled = stack.length === 0;
  $("redo").disabled = state.redo.length === 0;
  $("engine-move").disabled = !!result;
  renderHands();
  // Marks: the selected piece's (or hand piece's) legal targets.
  const g = document.createElementNS(SVG_NS, "g");
  g.id = "move-marks";
  svg.append(g);
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
      const mark = document.createElementNS(SVG_NS, kind === "move" ? "circle" : "circle");
      mark.setAttribute("class", `move-mark ${kind}`);
      mark.dataset.square = to;
      mark.setAttribute("cx", x);
      mark.setAttribute("cy", y);
      mark.setAttribute("r", kind === "move" ? 8 : 19);
      mark.setAttribute("fill", kind === "move" ? "#2e7d32" : "none");
      mark.setAttribute("fill-opacity", "0.75");
      mark.setAttribute("stroke", kind === "move" ? "none" : "#c62828");
      mark.setAttribute("stroke-width", "4");
      g.append(mark);
    }
  }
  if (focused) svg.querySelector(`path.square[data-square="${CSS.escape(focused)}"]`)?.focus();
}

function selectedMoves() {
  const sel = state.selected;
  if (!sel) return [];
  if (sel.drop) return state.moves.filter((m) => m.drop === sel.drop);
  return state.moves.filter((m) => m.from === sel.square && !m.drop);
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
      const letter = side === "white" ? token : token.toLowerCase();
      b.textContent = n > 1 ? `${letter}×${n}` : letter;
      b.setAttribute("aria-label", `${side} ${token} in hand, ${n}`);
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

function play(uci, keepRedo = false) {
  try {
    state.board.push(uci);
  } catch (e) {
    $("fen-error").textContent = e.message;
    return;
  }
  if (!keepRedo) state.redo = [];
  state.selected = null;
  renderBoard();
  if (!keepRedo && $("auto-reply").checked && !state.board.isGameOver()) {
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
      state.board.push(m);
      state.redo = [];
      state.selected = null;
    }
    renderBoard();
  }, 20);
}

$("undo").addEventListener("click", () => {
  const m = state.board.pop();
  if (m) state.redo.push(m);
  state.selected = null;
  renderBoard();
});
$("redo").addEventListener("click", () => {
  const m = state.redo.pop();
  if (m) play(m, true);
});
$("reset").addEventListener("click", () => newGame());
$("engine-move").addEventListener("click", engineMove);
$("fen-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const fen = $("fen").value.trim();
  try {
    state.board.setFen(fen);
    state.redo = [];
    state.selected = null;
    $("fen-error").textContent = "";
    renderBoard();
  } catch (err) {
    $("fen-error").textContent = err.message;
  }
});
document.addEventListener("keydown", (e) => {
  if (!e.altKey) return;
  const key = e.key.toLowerCase();
  const button = { z: "undo", y: "redo", m: "engine-move" }[key];
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

// ----------------------------------------------------------------- start

function loadShipped(stemName) {
  source.value = variantSource(stemName);
  source.scrollTop = 0;
  state.source = "";
  recompile();
}

async function main() {
  await init();
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
  const wanted = new URLSearchParams(location.search).get("variant");
  select.value = list.some((e) => e.stem === wanted) ? wanted : "crazyhouse";
  select.addEventListener("change", () => loadShipped(select.value));
  loadShipped(select.value);
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  $("compile-status").textContent = `the playground could not start: ${e.message}`;
  document.body.dataset.ready = "failed";
});
