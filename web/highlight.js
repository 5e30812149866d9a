// The playground's syntax mode for `.variant` sources: a tokenizer for the
// editor's highlighting, written after grammar/src/variant.pest (a test,
// web/tests/highlight.test.mjs, keeps the keyword lists in step with it).

/** The keywords that start a top-level item (`item_start` in the grammar). */
export const ITEM_KEYWORDS = [
  "variant", "board", "piece", "setup", "castling", "zone", "promotion", "drops", "end", "legality", "gating",
  "royal", "pass", "scoring", "clock", "blast", "allow", "walls", "flips",
];

/** The grammar's other keywords (its quoted words). */
export const KEYWORDS = [
  "adjacent", "after-reply", "alias", "all", "allowed", "alone", "along", "also", "also-as", "always", "any",
  "anywhere", "as", "bare", "bare-king", "black", "by", "by-drop", "cannot-capture", "cannot-hop", "capture",
  "captured-as", "captures-to-hand", "cells", "check", "checkmate", "checks", "claim", "compulsory", "connect", "count", "counting",
  "description", "diagonals", "double-pass", "draw", "draw-odds", "drop", "else", "enclosed", "ends", "except", "extinction",
  "faces", "facing", "falls", "fen", "fen-only", "file", "files", "first-on", "fleeing", "flips-only-next-to-own", "for", "forbidden", "forward",
  "from", "full-board", "giving-check", "hand", "hex", "if", "immobile", "immune", "in", "irreversible", "komi",
  "last", "letter", "limit", "line", "loss", "max", "moves", "moving", "must-drop", "must-flip", "name", "needs",
  "next-to-own", "no-attack", "no-check", "no-drop-mate", "none", "not-beside-enemy", "not-on", "notation", "of", "off", "on", "once", "one-way", "only",
  "only-on", "opponent-has", "optional", "or-full", "past", "pawn", "per-colour", "per-file", "perpetual-check", "petrify",
  "pieces", "points", "rank", "ranks", "reach", "reaches", "repetition", "resets", "safe", "shape", "source", "spared",
  "square", "stalemate", "to", "turn", "unlimited", "when-stuck", "white",
  "win", "with-gaps", "within", "without", "wrap",
];

const items = new Set(ITEM_KEYWORDS);
const keywords = new Set(KEYWORDS);

// One alternative per token kind; the grammar's rules are quoted beside.
const TOKEN = new RegExp(
  [
    String.raw`(?<comment>(?:\/\/|#)[^\n]*)`, // COMMENT: `//` or `#` to the end of the line
    String.raw`(?<string>"(?:\\[^\n]|[^"\\\n])*"?)`, // string: one line, `\"` escapes
    String.raw`(?<word>[A-Za-z_](?:[A-Za-z0-9_']|-(?=[A-Za-z0-9_']))*)`, // ident: hyphens only inside
    String.raw`(?<number>\d+(?:\.\d)?)`, // count, decimal
  ].join("|"),
  "g",
);

/**
 * The highlighted spans of a source as `[start, end, kind]` in string
 * offsets, in order, not overlapping: `comment`, `string`, `number`,
 * `item` (a top-level keyword), `keyword`, `name` (a capitalised name: a
 * piece). Everything else is plain.
 */
export function tokens(text) {
  const out = [];
  for (const m of text.matchAll(TOKEN)) {
    const g = m.groups;
    let kind;
    if (g.comment !== undefined) kind = "comment";
    else if (g.string !== undefined) kind = "string";
    else if (g.number !== undefined) kind = "number";
    else if (items.has(g.word)) kind = "item";
    else if (keywords.has(g.word)) kind = "keyword";
    else if (/^[A-Z][a-z]/.test(g.word)) kind = "name";
    if (kind) out.push([m.index, m.index + m[0].length, kind]);
  }
  return out;
}
