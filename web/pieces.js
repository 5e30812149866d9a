// The pieces of the playground's board. `fairyc show --svg` draws every
// piece as a disc with its letter; here they are replaced by pictures:
// - chess's six pieces (by name) by the Cburnett set (pieces/cburnett/,
//   GPLv2+, see pieces/LICENSE.md), in any variant not of the shogi or
//   xiangqi family;
// - the pieces of a shogi-like variant by a pentagon with the piece's kanji,
//   pointing at the opponent; those of a xiangqi-like one by a disc with
//   its character (red for White, black for Black);
// - any other piece by a disc holding a small picture of its moves: the
//   targets of `variant.pieceSvg` (its Betza moves played out on an empty
//   board) within three steps, round its letter.

const SVG_NS = "http://www.w3.org/2000/svg";
const CHESS = { King: "K", Queen: "Q", Rook: "R", Bishop: "B", Knight: "N", Pawn: "P" };

/// Shogi pieces by name: the kanji, and whether it is a promoted face (red).
const SHOGI = {
  King: ["王", false], Rook: ["飛", false], Bishop: ["角", false], Gold: ["金", false],
  Silver: ["銀", false], Knight: ["桂", false], Lance: ["香", false], Pawn: ["歩", false],
  Dragon: ["龍", true], DragonKing: ["龍", true], Horse: ["馬", true], DragonHorse: ["馬", true],
  PromotedSilver: ["全", true], PromotedKnight: ["圭", true], PromotedLance: ["杏", true],
  Tokin: ["と", true], PromotedPawn: ["と", true], PromotedRook: ["龍", true], PromotedBishop: ["馬", true],
};
/// Xiangqi and janggi pieces by name: White's (red) and Black's characters.
const XIANGQI = {
  General: ["帥", "將"], King: ["帥", "將"], Advisor: ["仕", "士"], Guard: ["仕", "士"],
  Elephant: ["相", "象"], Horse: ["傌", "馬"], Chariot: ["俥", "車"], Rook: ["俥", "車"],
  Cannon: ["炮", "砲"], Soldier: ["兵", "卒"], Pawn: ["兵", "卒"],
};

/// The family a variant's pieces are drawn in: "shogi", "xiangqi" or "chess".
export function family(pieceNames) {
  const has = (n) => pieceNames.includes(n);
  if (has("Cannon") && has("Chariot") && (has("General") || has("Soldier"))) return "xiangqi";
  if (has("Gold") && has("Silver") && (has("Lance") || has("Tokin") || has("PromotedSilver"))) return "shogi";
  return "chess";
}

/// The piece set of a variant: `draw(g, cx, cy, size, piece)` puts a
/// picture of `piece` ({ token, white, promoted, plus }) centred at (cx, cy)
/// into the SVG group `g`.
export class PieceSet {
  /// `variant` the wasm Variant; `cburnett` the parsed SVG documents by
  /// "wK", "bQ", …; `centre` the name of a square near the board's middle
  /// (for the move pictures).
  constructor(variant, cburnett, centre) {
    this.variant = variant;
    this.cburnett = cburnett;
    this.centre = centre;
    this.pieces = variant.pieces(); // [{ name, token }]
    this.family = family(this.pieces.map((p) => p.name));
    this.diagrams = new Map(); // "name/side" → [[dx, dy, kind]]
  }

  /// The piece type of a token as the board shows it (`K`, `+P`, `DE`).
  nameOf(token) {
    const t = token.toUpperCase();
    const p = this.pieces.find((x) => x.token.toUpperCase() === t);
    return p ? p.name : null;
  }

  draw(g, cx, cy, size, piece) {
    const name = this.nameOf(piece.token);
    const el = (tag, attrs) => {
      const e = document.createElementNS(SVG_NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      g.append(e);
      return e;
    };
    if (this.family === "shogi" && name && SHOGI[name]) return this.shogi(el, cx, cy, size, piece, SHOGI[name]);
    if (this.family === "shogi") return this.shogi(el, cx, cy, size, piece, [piece.token.replace("+", ""), piece.plus]);
    if (this.family === "xiangqi" && name && XIANGQI[name]) return this.xiangqi(el, cx, cy, size, piece, XIANGQI[name]);
    const key = name && CHESS[name] && (piece.white ? "w" : "b") + CHESS[name];
    if (this.family === "chess" && key && this.cburnett.has(key) && !piece.plus) {
      const src = this.cburnett.get(key).documentElement;
      const svg = el("svg", { x: cx - size / 2, y: cy - size / 2, width: size, height: size, viewBox: "0 0 45 45", class: "piece-art" });
      for (const child of src.childNodes) svg.append(document.importNode(child, true));
      if (piece.promoted) el("circle", { cx: cx + size * 0.36, cy: cy - size * 0.36, r: size * 0.09, fill: "#c62828", class: "promoted-dot" });
      return;
    }
    this.generated(el, cx, cy, size, piece, name);
  }

  /// A shogi piece: a pentagon pointing forward (up for White, down for
  /// Black), its kanji upright for its owner.
  shogi(el, cx, cy, size, piece, [kanji, red]) {
    const w = size * 0.78;
    const h = size * 0.9;
    const pts = [
      [0, -h / 2], [w * 0.36, -h * 0.34], [w / 2, h / 2], [-w / 2, h / 2], [-w * 0.36, -h * 0.34],
    ];
    const turn = piece.white ? 1 : -1;
    const points = pts.map(([x, y]) => `${cx + x * turn},${cy + y * turn}`).join(" ");
    el("polygon", { points, fill: "#f6dfa6", stroke: "#5d4037", "stroke-width": 1.5, class: "piece-art" });
    const text = el("text", {
      x: cx, y: cy + size * 0.17 * turn, "font-size": kanji.length > 1 ? size * 0.3 : size * 0.44,
      "text-anchor": "middle", fill: red || piece.promoted ? "#c62828" : "#212121",
      "font-family": "Noto Sans CJK JP, Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif", "font-weight": "bold",
      class: "piece-art",
    });
    if (!piece.white) {
      text.setAttribute("y", cy + size * 0.17);
      text.setAttribute("transform", `rotate(180 ${cx} ${cy})`);
    }
    text.textContent = kanji;
  }

  /// A xiangqi piece: a disc, its character in red (White) or black.
  xiangqi(el, cx, cy, size, piece, chars) {
    const colour = piece.white ? "#c62828" : "#212121";
    el("circle", { cx, cy, r: size * 0.44, fill: "#f6dfa6", stroke: colour, "stroke-width": 2, class: "piece-art" });
    el("circle", { cx, cy, r: size * 0.36, fill: "none", stroke: colour, "stroke-width": 1 });
    const text = el("text", {
      x: cx, y: cy + size * 0.15, "font-size": size * 0.42, "text-anchor": "middle", fill: colour,
      "font-family": "Noto Sans CJK SC, Noto Sans CJK JP, WenQuanYi Micro Hei, sans-serif", "font-weight": "bold",
    });
    text.textContent = chars[piece.white ? 0 : 1];
  }

  /// A piece no set has: a disc with the picture of its moves (dots for its
  /// targets within three steps) round its letter.
  generated(el, cx, cy, size, piece, name) {
    const fill = piece.white ? "#ffffff" : "#263238";
    const ink = piece.white ? "#263238" : "#ffffff";
    el("circle", {
      cx, cy, r: size * 0.4, fill, stroke: piece.promoted ? "#c62828" : "#111111",
      "stroke-width": piece.promoted ? 2.5 : 1.5, class: "piece-art generated",
    });
    const step = size * 0.125;
    for (const [dx, dy, kind] of name ? this.diagram(name, piece.white) : []) {
      const colour = kind === "capture" ? "#e53935" : kind === "move" ? "#43a047" : piece.white ? "#1e88e5" : "#90caf9";
      el("circle", { cx: cx + dx * step, cy: cy + dy * step, r: size * 0.045, fill: colour });
    }
    const shown = piece.plus ? `+${piece.token}` : piece.token;
    const text = el("text", {
      x: cx, y: cy + size * 0.065, "font-size": shown.length > 1 ? size * 0.14 : size * 0.19, "text-anchor": "middle",
      "font-weight": "bold", fill: ink,
    });
    text.textContent = piece.white ? shown.toUpperCase() : shown.toLowerCase();
  }

  /// The targets of a piece on the centre square, as steps (x right, y
  /// down on the screen) within three steps: [[dx, dy, kind]].
  diagram(name, white) {
    const key = `${name}/${white}`;
    if (this.diagrams.has(key)) return this.diagrams.get(key);
    let out = [];
    try {
      const text = this.variant.pieceSvg(name, this.centre, white ? "white" : "black");
      const doc = new DOMParser().parseFromString(text, "image/svg+xml");
      const at = doc.querySelector("g.piece circle");
      const sq = doc.querySelector(`path.square[id="sq-${CSS.escape(this.centre)}"]`);
      if (at && sq) {
        const px = Number(at.getAttribute("cx"));
        const py = Number(at.getAttribute("cy")) + 0.06 * 48;
        // The board's marks only (the legend below has markers too).
        for (const t of doc.querySelectorAll("#pieces g.target")) {
          const c = t.querySelector("circle");
          let x, y;
          if (c) [x, y] = [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))];
          else {
            const n = (t.querySelector("path")?.getAttribute("d") ?? "").match(/-?[\d.]+/g)?.map(Number) ?? [];
            if (n.length < 4) continue;
            [x, y] = [(n[0] + n[2]) / 2, (n[1] + n[3]) / 2];
          }
          const dx = Math.round((x - px) / 48);
          const dy = Math.round((y - py) / 48);
          if (Math.max(Math.abs(dx), Math.abs(dy)) > 3) continue;
          const cls = t.getAttribute("class");
          const kind = cls.includes("capture") && !cls.includes("guarded") ? "capture" : cls.includes("move") ? "move" : "both";
          out.push([dx, dy, kind]);
        }
      }
    } catch {
      out = [];
    }
    this.diagrams.set(key, out);
    return out;
  }
}

/// Loads the Cburnett set: a Map from "wK", "bQ", … to parsed SVG documents.
export async function loadCburnett(base = "pieces/cburnett/") {
  const map = new Map();
  const names = ["K", "Q", "R", "B", "N", "P"].flatMap((p) => [`w${p}`, `b${p}`]);
  await Promise.all(
    names.map(async (n) => {
      const r = await fetch(`${base}${n}.svg`);
      if (!r.ok) throw new Error(`${base}${n}.svg: ${r.status}`);
      map.set(n, new DOMParser().parseFromString(await r.text(), "image/svg+xml"));
    }),
  );
  return map;
}
