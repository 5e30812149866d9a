//! fairyc in WebAssembly: compile a `.variant` source (or load a move table,
//! or a shipped variant by name) and play it from JavaScript.
//!
//! The JavaScript API (see `wasm/README.md`) has two classes: [`Variant`]
//! (a compiled variant: its name, pieces, squares, table, the picture of a
//! piece's moves) and [`Board`] (a game on it: legal moves, push and pop,
//! FEN, check, result, perft, hands, the picture of the position). Free
//! functions check a source ([`check`]) and list the shipped variants
//! ([`variants`]).
//!
//! Everything here wraps the native crates: diagnostics are those of
//! `fairyc check --format json` ([`fairyc_compiler::json`]), the pictures
//! those of `fairyc show --svg` ([`fairyc_picture`]), the shipped variants
//! those of `fairyc variants` ([`fairyc_library`]). Errors are thrown as
//! JavaScript `Error`s; a source that does not compile throws one with a
//! `diagnostics` property.
//!
//! The crate also builds natively (so the workspace's lints and tests cover
//! it); only a `wasm32` build can be called from JavaScript.

use std::rc::Rc;

use std::sync::atomic::AtomicBool;

use fairyc_runtime::{Color, Game, GameResult, Move, Position, Promote, Square, VariantTables};
use js_sys::{Object, Reflect};
use self_cell::self_cell;
use serde_json::Value;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A label of a diagnostic: a place in the source (byte offsets, and
 *  1-based lines and columns in characters) and what it says there. */
export interface DiagnosticLabel {
  primary: boolean;
  message: string;
  byte_start: number;
  byte_end: number;
  line_start: number;
  column_start: number;
  line_end: number;
  column_end: number;
}
/** A diagnostic, as `fairyc check --format json` prints it. */
export interface Diagnostic {
  file: string;
  code: string | null;
  severity: "error" | "warning";
  message: string;
  labels: DiagnosticLabel[];
  help: string[];
  notes: string[];
}
/** The error thrown by `Variant.fromSource` for a source with errors. */
export interface CompileError extends Error {
  diagnostics: Diagnostic[];
}
/** How a game ended. */
export interface GameResult {
  /** The winner, `null` for a draw. */
  winner: "white" | "black" | null;
  /** `1-0`, `0-1` or `1/2-1/2`. */
  score: string;
  /** Why: `checkmate`, `stalemate`, `bare king`, `repetition`, … */
  reason: string;
  /** Both in words: `1-0 (white wins by checkmate)`. */
  text: string;
}
/** A shipped variant: its file name, display name and aliases. */
export interface ShippedVariant {
  stem: string;
  name: string | null;
  aliases: string[];
}
/** A piece type of a variant. */
export interface PieceInfo {
  name: string;
  /** The symbol in FEN and moves (upper case: `K`, `DE`, `N'`; `+X` for a promoted face). */
  token: string;
}
/** A legal move as a board GUI needs it: where it goes, what it takes,
 *  how it promotes. */
export interface MoveInfo {
  /** The move in fairyc's notation, for `Board.push`. */
  uci: string;
  /** The origin square's name; `null` for a drop. */
  from: string | null;
  /** The destination square's name (for a free castling: the rook's). */
  to: string;
  /** The token of the piece dropped from hand, else `null`. */
  drop: string | null;
  /** Whether it takes a piece (en passant included). */
  capture: boolean;
  /** Whether it is a castling. */
  castle: boolean;
  /** Whether it is a pass. */
  pass: boolean;
  /** How it promotes, else `null`: `piece` (it becomes `token`), `hand`
   *  (it leaves the board into its owner's hand as `token`) or `gate`
   *  (`token` enters from hand on the square left). */
  promotion: { kind: "piece" | "hand" | "gate"; token: string } | null;
  /** The square where the move puts a wall (a variant with `walls`), else
   *  `null`. */
  wall: string | null;
}
/** The pieces in hand of each side, by piece token (upper case). */
export interface Hands {
  white: Record<string, number>;
  black: Record<string, number>;
}
"#;

/// A JavaScript `Error` with a message.
fn error(message: &str) -> JsValue {
    js_sys::Error::new(message).into()
}

/// A JSON value as a JavaScript value (through `JSON.parse`).
fn to_js(value: &Value) -> JsValue {
    js_sys::JSON::parse(&value.to_string()).unwrap_or(JsValue::NULL)
}

/// Sets `object[key] = value`.
fn set(object: &JsValue, key: &str, value: &JsValue) {
    // Setting a property of a plain object or an `Error` cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

/// The diagnostics of a `.variant` source: its errors, or the warnings of a
/// source that compiles; the objects `fairyc check --format json` prints,
/// naming `file` (default `input.variant`).
#[wasm_bindgen(unchecked_return_type = "Diagnostic[]")]
pub fn check(source: &str, file: Option<String>) -> JsValue {
    let file = file.unwrap_or_else(|| "input.variant".to_string());
    to_js(&Value::Array(fairyc_compiler::json::check_json(
        &file, source,
    )))
}

/// The shipped variants, in file order.
#[wasm_bindgen(unchecked_return_type = "ShippedVariant[]")]
pub fn variants() -> JsValue {
    let list: Vec<Value> = fairyc_library::entries()
        .into_iter()
        .map(|e| serde_json::json!({ "stem": e.stem, "name": e.name, "aliases": e.aliases }))
        .collect();
    to_js(&Value::Array(list))
}

/// The `.variant` source of a shipped variant, by file name, display name
/// or alias ignoring case (`fairyc variants NAME`): a starting point for a
/// new variant. An unknown name throws with a did-you-mean.
#[wasm_bindgen(js_name = variantSource)]
pub fn variant_source(name: &str) -> Result<String, JsValue> {
    match fairyc_library::find(name) {
        Some(entry) => Ok(entry.source.to_string()),
        None => Err(unknown_variant(name)),
    }
}

/// The error for a shipped variant's name that is none.
fn unknown_variant(name: &str) -> JsValue {
    let hint = fairyc_library::closest(name)
        .map(|c| format!("; did you mean `{c}`?"))
        .unwrap_or_default();
    error(&format!("no shipped variant is called `{name}`{hint}"))
}

/// The long explanation of a diagnostic code (`fairyc explain E0013`), or
/// `undefined` for an unknown code.
#[wasm_bindgen]
pub fn explain(code: &str) -> Option<String> {
    fairyc_compiler::explain::explain(code).map(|e| e.render())
}

/// The current Fairy-Stockfish's `variants.ini` section of a `.variant` source
/// (`fairyc export --to fairy-stockfish`), named `section` (default
/// `fairyc-variant`). A source that does not compile, or says what
/// Fairy-Stockfish cannot, throws an `Error` whose `diagnostics` say why at
/// the constructs concerned (`file` names the source in them, default
/// `input.variant`).
#[wasm_bindgen(js_name = exportFsf)]
pub fn export_fsf(
    source: &str,
    section: Option<String>,
    file: Option<String>,
) -> Result<String, JsValue> {
    let section = section.unwrap_or_else(|| "fairyc-variant".to_string());
    let bad = |c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if section.is_empty() || section.chars().any(bad) {
        return Err(error(&format!(
            "the section name `{section}` may only hold letters, digits, `-`, `_` and `.`"
        )));
    }
    fairyc_interop::export::export_for(source, &section, fairyc_interop::export::Target::Current)
        .map_err(|errors| {
            let file = file.unwrap_or_else(|| "input.variant".to_string());
            let list: Vec<Value> = errors
                .iter()
                .map(|e| fairyc_compiler::json::to_json(&file, source, &e.to_diagnostic(())))
                .collect();
            let n = list.len();
            let err = error(&format!(
                "Fairy-Stockfish cannot play this source: {n} diagnostic{}",
                if n == 1 { "" } else { "s" }
            ));
            set(&err, "name", &JsValue::from_str("ExportError"));
            set(&err, "diagnostics", &to_js(&Value::Array(list)));
            err
        })
}

/// A compiled variant. Boards made from it share it.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Variant {
    inner: Rc<fairyc_runtime::Variant>,
}

/// The variant of tables that are checked to be playable (their start
/// position is legal).
fn playable(tables: VariantTables, what: &str) -> Result<Variant, JsValue> {
    let variant = fairyc_runtime::Variant::new(tables)
        .map_err(|e| error(&format!("{what}: invalid table: {e}")))?;
    Position::new(&variant).map_err(|e| error(&format!("{what}: invalid start position: {e}")))?;
    Ok(Variant {
        inner: Rc::new(variant),
    })
}

#[wasm_bindgen]
impl Variant {
    /// Compiles a `.variant` source. A source with errors throws an `Error`
    /// whose `diagnostics` are those of [`check`] (`file` names the source
    /// in them, default `input.variant`).
    #[wasm_bindgen(js_name = fromSource)]
    pub fn from_source(source: &str, file: Option<String>) -> Result<Variant, JsValue> {
        match fairyc_compiler::compile(source) {
            Ok(tables) => playable(tables, file.as_deref().unwrap_or("input.variant")),
            Err(errors) => {
                let diagnostics = check(source, file);
                let n = errors.len();
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                let err = error(&format!(
                    "the source has {n} error{}: {first}",
                    if n == 1 { "" } else { "s" }
                ));
                set(&err, "name", &JsValue::from_str("CompileError"));
                set(&err, "diagnostics", &diagnostics);
                Err(err)
            }
        }
    }

    /// Loads a move table (the JSON of `fairyc compile`,
    /// docs/table-format.md).
    #[wasm_bindgen(js_name = fromTable)]
    pub fn from_table(json: &str) -> Result<Variant, JsValue> {
        let tables =
            VariantTables::from_json(json).map_err(|e| error(&format!("invalid table: {e}")))?;
        playable(tables, "table")
    }

    /// A shipped variant by file name, display name or alias, ignoring case
    /// (`crazyhouse`, `Crazyhouse`, `zh`).
    #[wasm_bindgen(js_name = fromName)]
    pub fn from_name(name: &str) -> Result<Variant, JsValue> {
        let Some(entry) = fairyc_library::find(name) else {
            return Err(unknown_variant(name));
        };
        let file = format!("{}.variant", entry.stem);
        Variant::from_source(entry.source, Some(file))
    }

    /// The variant's display name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The FEN of the start position.
    #[wasm_bindgen(getter, js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start_fen().to_string()
    }

    /// The piece types, in table order.
    #[wasm_bindgen(unchecked_return_type = "PieceInfo[]")]
    pub fn pieces(&self) -> JsValue {
        let v = &self.inner;
        let list: Vec<Value> = v
            .pieces()
            .map(|p| serde_json::json!({ "name": v.piece_name(p), "token": v.piece_token(p) }))
            .collect();
        to_js(&Value::Array(list))
    }

    /// The square names, in table order.
    pub fn squares(&self) -> Vec<String> {
        self.inner
            .squares()
            .map(|s| self.inner.square_name(s).to_string())
            .collect()
    }

    /// The move table as JSON (docs/table-format.md), as `fairyc compile`
    /// writes it.
    #[wasm_bindgen(js_name = tableJson)]
    pub fn table_json(&self) -> String {
        self.inner.tables().to_json()
    }

    /// A board at the start position, or at `fen`.
    #[wasm_bindgen(js_name = newBoard)]
    pub fn new_board(&self, fen: Option<String>) -> Result<Board, JsValue> {
        Board::new(self, fen)
    }

    /// The picture of `fairyc show --piece PIECE --from SQUARE --side SIDE
    /// --svg`: where a piece (a name or letter) of `side` (`white`, the
    /// default, or `black`) moves from `square` on an empty board.
    #[wasm_bindgen(js_name = pieceSvg)]
    pub fn piece_svg(
        &self,
        piece: &str,
        square: &str,
        side: Option<String>,
    ) -> Result<String, JsValue> {
        let side = match side.as_deref() {
            None | Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => {
                return Err(error(&format!(
                    "`{other}` is not a side; write `white` or `black`"
                )))
            }
        };
        let board = fairyc_picture::board_of(self.inner.tables().parts());
        let picture = fairyc_picture::piece_picture(&self.inner, board, piece, square, side)
            .map_err(|e| error(&e.0))?;
        Ok(fairyc_picture::svg::render(&picture))
    }
}

/// The games of a board, each after one more move, borrowing its variant.
type Games<'v> = Vec<Game<'v>>;

self_cell!(
    /// A variant and the games played on it.
    struct BoardCell {
        owner: Rc<fairyc_runtime::Variant>,
        #[covariant]
        dependent: Games,
    }
);

impl std::fmt::Debug for BoardCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardCell")
            .field("plies", &self.borrow_dependent().len())
            .finish()
    }
}

/// A game of a variant: the current position, the moves played since the
/// board was set up (for [`Board::pop`] and repetition).
#[wasm_bindgen]
#[derive(Debug)]
pub struct Board {
    cell: BoardCell,
    /// The moves played, as written by [`Board::push`]'s parser.
    moves: Vec<String>,
}

/// The first game of a board: at `fen`, or the start position.
fn start<'v>(v: &'v fairyc_runtime::Variant, fen: Option<&str>) -> Result<Games<'v>, JsValue> {
    let pos = match fen {
        Some(f) => Position::from_fen_or_sfen(v, f),
        None => Position::new(v),
    }
    // The error says `invalid FEN: …` or `illegal position: …` itself.
    .map_err(|e| error(&e.to_string()))?;
    Ok(vec![Game::new(pos)])
}

/// A result as a JavaScript object.
fn result_value(r: GameResult) -> JsValue {
    let (winner, score) = match r.winner {
        Some(Color::White) => (Value::from("white"), "1-0"),
        Some(Color::Black) => (Value::from("black"), "0-1"),
        None => (Value::Null, "1/2-1/2"),
    };
    to_js(&serde_json::json!({
        "winner": winner,
        "score": score,
        "reason": r.reason.to_string(),
        "text": r.to_string(),
    }))
}

impl Board {
    fn game(&self) -> &Game<'_> {
        let games = self.cell.borrow_dependent();
        // A board always holds its first game.
        &games[games.len() - 1]
    }

    fn position(&self) -> &Position<'_> {
        self.game().position()
    }
}

#[wasm_bindgen]
impl Board {
    /// A board of `variant` at its start position, or at `fen` (a FEN, or
    /// an SFEN for a shogi-shaped board).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &Variant, fen: Option<String>) -> Result<Board, JsValue> {
        let cell = BoardCell::try_new(variant.inner.clone(), |v| start(v, fen.as_deref()))?;
        Ok(Board {
            cell,
            moves: Vec::new(),
        })
    }

    /// The legal moves, in fairyc's notation (`e2e4`, `e7e8q`, `P@e4`,
    /// `e1g1h`), in generation order; none when the game is over (as
    /// `fairyc moves`).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        let game = self.game();
        if game.outcome().is_some() {
            return Vec::new();
        }
        let pos = game.position();
        pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect()
    }

    /// The move (fairyc's notation) in Standard Algebraic Notation, as
    /// Fairy-Stockfish writes it (`Nf3`, `exd5`, `P@e4`, `e8=Q`, `O-O`,
    /// `Qh5#`). Throws for a move that is not legal here.
    pub fn san(&self, uci: &str) -> Result<String, JsValue> {
        let pos = self.game().position();
        let m = pos.parse_uci(uci).map_err(|e| error(&e.to_string()))?;
        Ok(pos.san(m))
    }

    /// The move written in SAN (`Nf3`, `exd5`, `0-0`, `Ng1-f3`), in
    /// fairyc's notation (`g1f3`). Throws naming the moves of an ambiguous
    /// text, or the nearest legal move.
    #[wasm_bindgen(js_name = parseSan)]
    pub fn parse_san(&self, san: &str) -> Result<String, JsValue> {
        let pos = self.game().position();
        let m = pos.parse_san(san).map_err(|e| error(&e.to_string()))?;
        Ok(pos.uci(m))
    }

    /// Plays a move (fairyc's notation, or USI on a shogi-shaped board).
    /// Throws for an illegal move or when the game is over.
    pub fn push(&mut self, text: &str) -> Result<(), JsValue> {
        let written = self.cell.with_dependent_mut(|_, games| {
            let mut game = games[games.len() - 1].clone();
            let m = game.position().parse_uci(text).map_err(|e| e.to_string())?;
            let written = game.position().uci(m);
            game.play(m).map_err(|e| e.to_string())?;
            games.push(game);
            Ok::<String, String>(written)
        });
        self.moves.push(written.map_err(|e| error(&e))?);
        Ok(())
    }

    /// Takes back the last move pushed and returns it; `undefined` if none
    /// was pushed since the board was set up.
    pub fn pop(&mut self) -> Option<String> {
        let m = self.moves.pop()?;
        self.cell.with_dependent_mut(|_, games| games.pop());
        Some(m)
    }

    /// The legal moves with what a board GUI needs to know of each: squares,
    /// the piece dropped, capture, castling, promotion (as
    /// [`Board::legal_moves`], in the same order).
    #[wasm_bindgen(unchecked_return_type = "MoveInfo[]")]
    pub fn moves(&self) -> JsValue {
        let game = self.game();
        if game.outcome().is_some() {
            return to_js(&Value::Array(Vec::new()));
        }
        let pos = game.position();
        let v = pos.variant();
        let name = |s: Square| Value::from(v.square_name(s));
        let list: Vec<Value> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                // A walled move is its move and the wall's square.
                let (base, wall) = m.unwalled();
                let (drop, promote, castle, pass) = match base {
                    Move::Drop { piece, .. } => (Some(piece), Promote::None, false, false),
                    Move::Normal { promote, .. } | Move::EnPassant { promote, .. } => {
                        (None, promote, false, false)
                    }
                    Move::Castle { .. } => (None, Promote::None, true, false),
                    // A capture on the way: `uci` holds both legs.
                    Move::Locust { .. } => (None, Promote::None, false, false),
                    Move::Pass { .. } => (None, Promote::None, false, true),
                    Move::Walled { .. } => (None, Promote::None, false, false),
                };
                let promotion = match promote {
                    Promote::None => Value::Null,
                    Promote::Piece(p) => {
                        serde_json::json!({ "kind": "piece", "token": v.piece_token(p) })
                    }
                    Promote::Hand(p) => {
                        serde_json::json!({ "kind": "hand", "token": v.piece_token(p) })
                    }
                    Promote::Gate(p) => {
                        serde_json::json!({ "kind": "gate", "token": v.piece_token(p) })
                    }
                };
                serde_json::json!({
                    "uci": pos.uci(m),
                    "from": m.from().map_or(Value::Null, name),
                    "to": name(m.to()),
                    "drop": drop.map_or(Value::Null, |p| Value::from(v.piece_token(p))),
                    "capture": pos.is_capture(m),
                    "castle": castle,
                    "pass": pass,
                    "promotion": promotion,
                    "wall": wall.map_or(Value::Null, name),
                })
            })
            .collect();
        to_js(&Value::Array(list))
    }

    /// The move the engine (fairyc-search) chooses, searching `depth` plies
    /// (default 4) and at most `nodes` nodes (default 200000); `undefined`
    /// when the game is over. WebAssembly has no clock here, so the search is
    /// limited by depth and nodes only. The moves pushed count for
    /// repetitions.
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&self, depth: Option<u32>, nodes: Option<f64>) -> Option<String> {
        let game = self.game();
        if game.outcome().is_some() {
            return None;
        }
        let games = self.cell.borrow_dependent();
        let history: Vec<u64> = games[..games.len() - 1]
            .iter()
            .map(|g| g.position().hash())
            .collect();
        let pos = game.position();
        let mut engine = fairyc_search::Engine::new(pos.variant(), 4);
        let limits = fairyc_search::Limits {
            depth: Some(depth.unwrap_or(4).clamp(1, 64)),
            // A count from JavaScript: a whole number of at least 1.
            nodes: Some(nodes.map_or(200_000, |n| n.max(1.0) as u64)),
            ..fairyc_search::Limits::default()
        };
        let report = engine.search(pos, &history, &limits, &AtomicBool::new(false), |_| {});
        report.best.map(|m| pos.uci(m))
    }

    /// The moves pushed since the board was set up.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> Vec<String> {
        self.moves.clone()
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        self.position().fen()
    }

    /// Sets up the position of `fen` (FEN or SFEN), forgetting the moves
    /// played. Throws for an invalid FEN and keeps the board as it was.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> Result<(), JsValue> {
        let owner = self.cell.borrow_owner().clone();
        self.cell = BoardCell::try_new(owner, |v| start(v, Some(fen)))?;
        self.moves.clear();
        Ok(())
    }

    /// The side to move: `white` or `black`.
    pub fn turn(&self) -> String {
        self.position().turn().name().to_string()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Whether the game is over (see [`Board::result`]).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.game().outcome().is_some()
    }

    /// How the game ended, or `null` while it goes on: by the position's
    /// rules (checkmate, stalemate, goals, …), then by repetition or the
    /// move limit over the moves pushed.
    #[wasm_bindgen(unchecked_return_type = "GameResult | null")]
    pub fn result(&self) -> JsValue {
        self.game().outcome().map_or(JsValue::NULL, result_value)
    }

    /// The number of leaves of the legal move tree `depth` plies deep
    /// (`fairyc perft`).
    pub fn perft(&self, depth: u32) -> f64 {
        fairyc_runtime::perft(self.position(), depth) as f64
    }

    /// The pieces in hand of each side, by piece token.
    #[wasm_bindgen(unchecked_return_type = "Hands")]
    pub fn hands(&self) -> JsValue {
        let pos = self.position();
        let v = pos.variant();
        let out = Object::new();
        for side in [Color::White, Color::Black] {
            let hand = Object::new();
            for (p, n) in pos.hand(side) {
                set(&hand, &v.piece_token(p), &JsValue::from(n));
            }
            set(&out, side.name(), &hand);
        }
        out.into()
    }

    /// The picture of `fairyc show --fen FEN --svg`: the board, the pieces,
    /// the hands, whose turn and the result.
    pub fn svg(&self) -> String {
        let pos = self.position();
        let v = pos.variant();
        let board = fairyc_picture::board_of(v.tables().parts());
        fairyc_picture::svg::render(&fairyc_picture::position_picture(v, board, pos))
    }
}
