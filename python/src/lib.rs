//! fairyc for Python: the native module `fairyc._fairyc` of the `fairyc`
//! wheel (python/README.md, docs/python.md).
//!
//! Everything here wraps the native crates, as wasm/ does for JavaScript:
//! diagnostics are those of `fairyc check --format json`
//! ([`fairyc_cli::check::check_file_json`], [`fairyc_compiler::json`]), the
//! shipped variants those of `fairyc variants` ([`fairyc_library`]), the
//! export that of `fairyc export --to fairy-stockfish`, positions and games
//! those of [`fairyc_runtime`]. The Python package (python/fairyc/) turns
//! the JSON and tuples given here into typed objects and raises its own
//! exception classes (`fairyc._types`), which this module looks up when it
//! raises one. Nothing here panics on bad input: every failure is an
//! exception. Perft, compiling, checking and loading a table release the
//! GIL.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use fairyc_runtime::{Color, Game, GameResult, Position as RtPosition, VariantTables};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use self_cell::self_cell;
use serde_json::Value;

/// The exception class `name` of `fairyc._types` called with `args`, as a
/// Python error.
fn raise<'py, A>(py: Python<'py>, name: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let made = py
        .import("fairyc._types")
        .and_then(|m| m.getattr(name))
        .and_then(|class| class.call1(args));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// A plain error of class `name` (a `FairycError` subclass) with a message.
fn error(py: Python<'_>, name: &str, message: String) -> PyErr {
    raise(py, name, (message,))
}

/// JSON objects as one JSON array text (the Python side parses it).
fn json_text(values: Vec<Value>) -> String {
    Value::Array(values).to_string()
}

/// The diagnostics of a `.variant` source naming `file`, as a JSON array of
/// the objects `fairyc check --format json` prints.
#[pyfunction]
fn check_json(py: Python<'_>, source: &str, file: &str) -> String {
    py.detach(|| json_text(fairyc_compiler::json::check_json(file, source)))
}

/// The diagnostics of a file (a `.variant` source or a table `.json`), as a
/// JSON array of the objects `fairyc check --format json FILE` prints.
#[pyfunction]
fn check_file_json(py: Python<'_>, path: PathBuf) -> String {
    py.detach(|| json_text(fairyc_cli::check::check_file_json(&path)))
}

/// The long explanation of a diagnostic code, or `None`.
#[pyfunction]
fn explain(code: &str) -> Option<String> {
    fairyc_compiler::explain::explain(code).map(|e| e.render())
}

/// The shipped variants: (file stem, display name, aliases), in file order.
#[pyfunction]
fn shipped() -> Vec<(String, Option<String>, Vec<String>)> {
    fairyc_library::entries()
        .into_iter()
        .map(|e| (e.stem.to_string(), e.name, e.aliases))
        .collect()
}

/// The shipped variant called `name` (file stem, display name or alias,
/// ignoring case), or an `UnknownVariantError` with a did-you-mean.
fn find_shipped(py: Python<'_>, name: &str) -> PyResult<fairyc_library::Entry> {
    fairyc_library::find(name).ok_or_else(|| {
        let hint = fairyc_library::closest(name)
            .map(|c| format!("; did you mean `{c}`?"))
            .unwrap_or_default();
        error(
            py,
            "UnknownVariantError",
            format!("no shipped variant is called `{name}`{hint}"),
        )
    })
}

/// The `.variant` source of a shipped variant.
#[pyfunction]
fn shipped_source(py: Python<'_>, name: &str) -> PyResult<String> {
    Ok(find_shipped(py, name)?.source.to_string())
}

/// The current Fairy-Stockfish's `variants.ini` section of a source (as
/// `fairyc export --to fairy-stockfish`), or an
/// `ExportError` with the diagnostics that say why not.
#[pyfunction]
fn export_fsf(py: Python<'_>, source: &str, section: &str, file: &str) -> PyResult<String> {
    let bad = |c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if section.is_empty() || section.chars().any(bad) {
        return Err(error(
            py,
            "ExportError",
            format!("the section name `{section}` may only hold letters, digits, `-`, `_` and `.`"),
        ));
    }
    let exported = py.detach(|| {
        fairyc_interop::export::export_for(source, section, fairyc_interop::export::Target::Current)
            .map_err(|errors| {
                let lines = fairyc_compiler::json::LineIndex::new(source);
                let list: Vec<Value> = errors
                    .iter()
                    .map(|e| {
                        fairyc_compiler::json::to_json_indexed(file, &lines, &e.to_diagnostic(()))
                    })
                    .collect();
                list
            })
    });
    exported.map_err(|list| {
        let n = list.len();
        let message = format!(
            "Fairy-Stockfish cannot play this source: {n} diagnostic{}",
            if n == 1 { "" } else { "s" }
        );
        raise(py, "ExportError", (message, json_text(list)))
    })
}

/// Compiles a source into a playable variant, or the error class and its
/// arguments.
fn compile_source(source: &str, file: &str) -> Result<fairyc_runtime::Variant, Failure> {
    match fairyc_compiler::compile(source) {
        Ok(tables) => playable(tables, file),
        Err(errors) => {
            let n = errors.len();
            let first = errors.first().map(ToString::to_string).unwrap_or_default();
            let message = format!(
                "{file}: the source has {n} error{}: {first}",
                if n == 1 { "" } else { "s" }
            );
            let diagnostics = json_text(fairyc_compiler::json::check_json(file, source));
            Err(Failure::Compile(message, diagnostics))
        }
    }
}

/// Why a variant could not be made, before it becomes a Python exception.
#[derive(Debug)]
enum Failure {
    /// A source with errors: the message and the diagnostics' JSON.
    Compile(String, String),
    /// A table that is not valid or not playable.
    Table(String),
}

impl Failure {
    fn into_py(self, py: Python<'_>) -> PyErr {
        match self {
            Failure::Compile(message, diagnostics) => {
                raise(py, "CompileError", (message, diagnostics))
            }
            Failure::Table(message) => error(py, "TableError", message),
        }
    }
}

/// The variant of tables that are checked to be playable (their start
/// position is legal).
fn playable(tables: VariantTables, what: &str) -> Result<fairyc_runtime::Variant, Failure> {
    let variant = fairyc_runtime::Variant::new(tables)
        .map_err(|e| Failure::Table(format!("{what}: invalid table: {e}")))?;
    RtPosition::new(&variant)
        .map_err(|e| Failure::Table(format!("{what}: invalid start position: {e}")))?;
    Ok(variant)
}

/// A compiled variant (a move table ready to play). Positions made from it
/// share it.
#[pyclass(module = "fairyc", frozen)]
#[derive(Debug)]
struct Variant {
    inner: Arc<fairyc_runtime::Variant>,
    /// The `.variant` source it was compiled from, if any (for the export).
    source: Option<String>,
}

#[pymethods]
impl Variant {
    /// Compiles a `.variant` source; a `CompileError` carries its
    /// diagnostics (`file` names the source in them).
    #[staticmethod]
    #[pyo3(signature = (source, file = "input.variant"))]
    fn from_source(py: Python<'_>, source: &str, file: &str) -> PyResult<Variant> {
        let variant = py
            .detach(|| compile_source(source, file))
            .map_err(|f| f.into_py(py))?;
        Ok(Variant {
            inner: Arc::new(variant),
            source: Some(source.to_string()),
        })
    }

    /// Loads a move table (the JSON of `fairyc compile`).
    #[staticmethod]
    fn from_table(py: Python<'_>, json: &str) -> PyResult<Variant> {
        let variant = py
            .detach(|| {
                let tables = VariantTables::from_json(json)
                    .map_err(|e| Failure::Table(format!("invalid table: {e}")))?;
                playable(tables, "table")
            })
            .map_err(|f| f.into_py(py))?;
        Ok(Variant {
            inner: Arc::new(variant),
            source: None,
        })
    }

    /// A shipped variant by file stem, display name or alias (ignoring
    /// case).
    #[staticmethod]
    fn from_name(py: Python<'_>, name: &str) -> PyResult<Variant> {
        let entry = find_shipped(py, name)?;
        Variant::from_source(py, entry.source, &format!("{}.variant", entry.stem))
    }

    /// The display name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The FEN of the start position.
    #[getter]
    fn start_fen(&self) -> String {
        self.inner.start_fen().to_string()
    }

    /// The `.variant` source, if the variant was compiled from one.
    #[getter]
    fn source(&self) -> Option<String> {
        self.source.clone()
    }

    /// The piece types in table order: (name, token).
    fn pieces(&self) -> Vec<(String, String)> {
        let v = &self.inner;
        v.pieces()
            .map(|p| (v.piece_name(p).to_string(), v.piece_token(p)))
            .collect()
    }

    /// The square names in table order.
    fn squares(&self) -> Vec<String> {
        let v = &self.inner;
        v.squares().map(|s| v.square_name(s).to_string()).collect()
    }

    /// The move table as JSON, as `fairyc compile` writes it.
    fn table_json(&self, py: Python<'_>) -> String {
        py.detach(|| self.inner.tables().to_json())
    }

    /// The current Fairy-Stockfish's `variants.ini` section of this variant's
    /// source, named `section`; an `ExportError` says why it cannot be (a
    /// variant loaded from a table has no source to export).
    #[pyo3(signature = (section = "fairyc-variant"))]
    fn export_fsf(&self, py: Python<'_>, section: &str) -> PyResult<String> {
        match &self.source {
            Some(source) => export_fsf(py, source, section, "input.variant"),
            None => Err(error(
                py,
                "ExportError",
                "this variant was loaded from a table; only a .variant source can be exported"
                    .to_string(),
            )),
        }
    }

    fn __repr__(&self) -> String {
        format!("<fairyc.Variant {:?}>", self.inner.name())
    }
}

/// The games of a position, each after one more move, borrowing its
/// variant.
type Games<'v> = Vec<Game<'v>>;

self_cell!(
    /// A variant and the games played on it.
    struct GameCell {
        owner: Arc<fairyc_runtime::Variant>,
        #[covariant]
        dependent: Games,
    }
);

impl std::fmt::Debug for GameCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameCell")
            .field("plies", &self.borrow_dependent().len())
            .finish()
    }
}

/// The first game of a position: at `fen` (FEN or SFEN), or the start.
fn first_game<'v>(v: &'v fairyc_runtime::Variant, fen: Option<&str>) -> Result<Games<'v>, String> {
    let pos = match fen {
        Some(f) => RtPosition::from_fen_or_sfen(v, f),
        None => RtPosition::new(v),
    }
    .map_err(|e| e.to_string())?;
    Ok(vec![Game::new(pos)])
}

/// A result as a tuple (winner or None, score, reason, text).
type ResultTuple = (Option<&'static str>, &'static str, String, String);

fn result_tuple(r: GameResult) -> ResultTuple {
    let (winner, score) = match r.winner {
        Some(Color::White) => (Some("white"), "1-0"),
        Some(Color::Black) => (Some("black"), "0-1"),
        None => (None, "1/2-1/2"),
    };
    (winner, score, r.reason.to_string(), r.to_string())
}

/// A game of a variant: the current position and the moves pushed since it
/// was set up (for `pop` and repetition).
#[pyclass(module = "fairyc")]
#[derive(Debug)]
struct Position {
    cell: GameCell,
    /// The moves pushed, as fairyc writes them.
    moves: Vec<String>,
    /// The FEN it was set up from (`None`: the start position).
    start: Option<String>,
}

impl Position {
    fn make(variant: Arc<fairyc_runtime::Variant>, fen: Option<&str>) -> Result<Position, String> {
        let cell = GameCell::try_new(variant, |v| first_game(v, fen))?;
        Ok(Position {
            cell,
            moves: Vec::new(),
            start: fen.map(str::to_string),
        })
    }

    fn game(&self) -> &Game<'_> {
        let games = self.cell.borrow_dependent();
        // A position always holds its first game.
        &games[games.len() - 1]
    }

    fn current(&self) -> &RtPosition<'_> {
        self.game().position()
    }

    /// Plays a move, or the error's message.
    fn push_text(&mut self, text: &str) -> Result<(), String> {
        let written = self.cell.with_dependent_mut(|_, games| {
            let mut game = games[games.len() - 1].clone();
            let m = game.position().parse_uci(text).map_err(|e| e.to_string())?;
            let written = game.position().uci(m);
            game.play(m).map_err(|e| e.to_string())?;
            games.push(game);
            Ok::<String, String>(written)
        })?;
        self.moves.push(written);
        Ok(())
    }

    /// A new position with the same start and moves, replayed (a game
    /// borrows its variant through the cell that owns it).
    fn duplicate(&self) -> Result<Position, String> {
        let owner = self.cell.borrow_owner().clone();
        let mut copy = Position::make(owner, self.start.as_deref())?;
        for m in &self.moves {
            copy.push_text(m)?;
        }
        Ok(copy)
    }
}

#[pymethods]
impl Position {
    /// The start position of `variant`.
    #[staticmethod]
    fn start(py: Python<'_>, variant: &Variant) -> PyResult<Position> {
        Position::make(variant.inner.clone(), None).map_err(|e| error(py, "FenError", e))
    }

    /// The position of a FEN (or an SFEN on a shogi-shaped board); a
    /// `FenError` says what is wrong with it.
    #[staticmethod]
    fn from_fen(py: Python<'_>, variant: &Variant, fen: &str) -> PyResult<Position> {
        Position::make(variant.inner.clone(), Some(fen)).map_err(|e| error(py, "FenError", e))
    }

    /// The position as FEN.
    fn fen(&self) -> String {
        self.current().fen()
    }

    /// The side to move: `white` or `black`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.current().turn().name()
    }

    /// The legal moves in fairyc's notation; none when the game is over.
    fn legal_moves(&self) -> Vec<String> {
        let game = self.game();
        if game.outcome().is_some() {
            return Vec::new();
        }
        let pos = game.position();
        pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect()
    }

    /// Plays a move (fairyc's notation, or USI on a shogi-shaped board); an
    /// `IllegalMoveError` for a move that is not legal or a game that is
    /// over.
    fn push(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        self.push_text(text)
            .map_err(|e| error(py, "IllegalMoveError", e))
    }

    /// The move (fairyc's notation) in Standard Algebraic Notation, as
    /// Fairy-Stockfish writes it (`Nf3`, `exd5`, `P@e4`, `e8=Q`, `O-O`);
    /// an `IllegalMoveError` for a move that is not legal here.
    fn san(&self, py: Python<'_>, text: &str) -> PyResult<String> {
        let pos = self.current();
        let m = pos
            .parse_uci(text)
            .map_err(|e| error(py, "IllegalMoveError", e.to_string()))?;
        Ok(pos.san(m))
    }

    /// The move written in SAN, in fairyc's notation (`Nf3` → `g1f3`); an
    /// `IllegalMoveError` naming the moves of an ambiguous text, or the
    /// nearest legal move.
    fn parse_san(&self, py: Python<'_>, text: &str) -> PyResult<String> {
        let pos = self.current();
        let m = pos
            .parse_san(text)
            .map_err(|e| error(py, "IllegalMoveError", e.to_string()))?;
        Ok(pos.uci(m))
    }

    /// A new position: this one after a move (this one is unchanged).
    fn play(&self, py: Python<'_>, text: &str) -> PyResult<Position> {
        let mut next = self.copy(py)?;
        next.push(py, text)?;
        Ok(next)
    }

    /// Takes back the last move pushed and returns it; `None` if none was.
    fn pop(&mut self) -> Option<String> {
        let m = self.moves.pop()?;
        self.cell.with_dependent_mut(|_, games| games.pop());
        Some(m)
    }

    /// A copy with the same history.
    fn copy(&self, py: Python<'_>) -> PyResult<Position> {
        self.duplicate().map_err(|e| error(py, "FairycError", e))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Position> {
        self.copy(py)
    }

    /// The moves pushed since the position was set up.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.moves.clone()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.current().is_check()
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.game().outcome().is_some()
    }

    /// How the game ended (a `fairyc.Outcome`: winner, score, reason,
    /// text): by the position's rules, then by repetition or the move limit
    /// over the moves pushed; `None` while it goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.game().outcome() {
            None => Ok(None),
            Some(r) => {
                let class = py.import("fairyc._types")?.getattr("Outcome")?;
                Ok(Some(class.call1(result_tuple(r))?))
            }
        }
    }

    /// The pieces in hand of each side, by piece token.
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pos = self.current();
        let v = pos.variant();
        let out = PyDict::new(py);
        for side in [Color::White, Color::Black] {
            let hand = PyDict::new(py);
            for (p, n) in pos.hand(side) {
                hand.set_item(v.piece_token(p), n)?;
            }
            out.set_item(side.name(), hand)?;
        }
        Ok(out)
    }

    /// The number of leaves of the legal move tree `depth` plies deep, as
    /// `fairyc perft` counts them. The GIL is released meanwhile.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.current();
        py.detach(|| fairyc_runtime::perft(pos, depth))
    }

    /// Perft divided by the first move: (move, leaves) in generation order.
    fn divide(&self, py: Python<'_>, depth: u32) -> Vec<(String, u64)> {
        let pos = self.current();
        let split = py.detach(|| fairyc_runtime::perft_divide(pos, depth.max(1)));
        split.into_iter().map(|(m, n)| (pos.uci(m), n)).collect()
    }

    /// The variant's display name.
    #[getter]
    fn variant_name(&self) -> String {
        self.cell.borrow_owner().name().to_string()
    }

    fn __repr__(&self) -> String {
        format!("<fairyc.Position {:?}>", self.current().fen())
    }
}

// ---------------------------------------------------------------------------
// The pyffish-compatible functions (`fairyc.ffish`): stateless calls on a
// variant name, a FEN and the moves played from it.

/// The variants `fairyc.ffish` knows: the shipped ones as they are first
/// asked for, and those loaded by `load_variant_config`, by lower-case name.
static REGISTRY: Mutex<Option<HashMap<String, Arc<fairyc_runtime::Variant>>>> = Mutex::new(None);

/// The loaded variants' names (lower case), in loading order.
static LOADED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The variant `name` for `fairyc.ffish`: a loaded one, else a shipped one
/// (compiled once).
fn ffish_variant(py: Python<'_>, name: &str) -> PyResult<Arc<fairyc_runtime::Variant>> {
    let key = name.to_ascii_lowercase();
    {
        let registry = REGISTRY
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the variant registry is poisoned"))?;
        if let Some(v) = registry.as_ref().and_then(|r| r.get(&key)) {
            return Ok(v.clone());
        }
    }
    let entry = find_shipped(py, name)?;
    let file = format!("{}.variant", entry.stem);
    let variant = py
        .detach(|| compile_source(entry.source, &file))
        .map_err(|f| f.into_py(py))?;
    let variant = Arc::new(variant);
    let mut registry = REGISTRY
        .lock()
        .map_err(|_| PyRuntimeError::new_err("the variant registry is poisoned"))?;
    registry
        .get_or_insert_with(HashMap::new)
        .insert(key, variant.clone());
    Ok(variant)
}

/// Plays `moves` from `fen` (the start position when empty) in a game and
/// calls `then` with it.
fn with_game<T>(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    then: impl FnOnce(&Game<'_>) -> PyResult<T>,
) -> PyResult<T> {
    let v = ffish_variant(py, variant)?;
    let pos = if fen.trim().is_empty() {
        RtPosition::new(&v)
    } else {
        RtPosition::from_fen_or_sfen(&v, fen)
    }
    .map_err(|e| error(py, "FenError", e.to_string()))?;
    let mut game = Game::new(pos);
    for text in &moves {
        let m = game
            .position()
            .parse_uci(text)
            .map_err(|e| error(py, "IllegalMoveError", e.to_string()))?;
        game.play(m)
            .map_err(|e| error(py, "IllegalMoveError", e.to_string()))?;
    }
    then(&game)
}

/// pyffish's `VALUE_MATE`.
const VALUE_MATE: i32 = 32000;

/// A result as pyffish values it: from the side to move's point of view.
fn value_of(r: GameResult, turn: Color) -> i32 {
    match r.winner {
        None => 0,
        Some(w) if w == turn => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

#[pyfunction]
fn ffish_variants() -> PyResult<Vec<String>> {
    let mut names: Vec<String> = fairyc_library::entries()
        .into_iter()
        .map(|e| e.stem.to_string())
        .collect();
    let loaded = LOADED
        .lock()
        .map_err(|_| PyRuntimeError::new_err("the variant registry is poisoned"))?;
    for name in loaded.iter() {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    Ok(names)
}

#[pyfunction]
fn ffish_start_fen(py: Python<'_>, variant: &str) -> PyResult<String> {
    Ok(ffish_variant(py, variant)?.start_fen().to_string())
}

#[pyfunction]
fn ffish_legal_moves(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<Vec<String>> {
    with_game(py, variant, fen, moves, |g| {
        let pos = g.position();
        if pos.rule_outcome().is_some() {
            return Ok(Vec::new());
        }
        Ok(pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect())
    })
}

#[pyfunction]
fn ffish_get_fen(py: Python<'_>, variant: &str, fen: &str, moves: Vec<String>) -> PyResult<String> {
    with_game(py, variant, fen, moves, |g| Ok(g.position().fen()))
}

#[pyfunction]
fn ffish_gives_check(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<bool> {
    with_game(py, variant, fen, moves, |g| Ok(g.position().is_check()))
}

#[pyfunction]
fn ffish_is_capture(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    mv: &str,
) -> PyResult<bool> {
    with_game(py, variant, fen, moves, |g| {
        let pos = g.position();
        let m = pos
            .parse_uci(mv)
            .map_err(|e| error(py, "IllegalMoveError", e.to_string()))?;
        Ok(pos.is_capture(m))
    })
}

/// The result by the position's rules (goals, checkmate, stalemate, …),
/// valued for the side to move; 0 while the game goes on.
#[pyfunction]
fn ffish_game_result(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<i32> {
    with_game(py, variant, fen, moves, |g| {
        let pos = g.position();
        Ok(pos.outcome().map_or(0, |r| value_of(r, pos.turn())))
    })
}

/// Whether a rule decided by the position alone ended the game (a goal,
/// extinction, checks, a bare king), and its value for the side to move.
#[pyfunction]
fn ffish_is_immediate_game_end(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<(bool, i32)> {
    with_game(py, variant, fen, moves, |g| {
        let pos = g.position();
        Ok(pos
            .rule_outcome()
            .map_or((false, 0), |r| (true, value_of(r, pos.turn()))))
    })
}

/// Whether the game ended by its history or clocks (repetition, the n-move
/// rule, a count) or a repetition or the move limit may be claimed, and
/// its value for the side to move.
#[pyfunction]
fn ffish_is_optional_game_end(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<(bool, i32)> {
    with_game(py, variant, fen, moves, |g| {
        let pos = g.position();
        if pos.outcome().is_some() {
            return Ok((false, 0));
        }
        if let Some(r) = g.outcome() {
            return Ok((true, value_of(r, pos.turn())));
        }
        // A repetition or a move limit the side to move may claim: valued
        // as the rule says (draw odds applied).
        Ok(g.claimable()
            .map_or((false, 0), |r| (true, value_of(r, pos.turn()))))
    })
}

/// Compiles a `.variant` source and makes it known by its display name
/// (lower case): the name it returns.
#[pyfunction]
#[pyo3(signature = (source, file = "input.variant"))]
fn ffish_load_variant_config(py: Python<'_>, source: &str, file: &str) -> PyResult<String> {
    let variant = py
        .detach(|| compile_source(source, file))
        .map_err(|f| f.into_py(py))?;
    let key = variant.name().to_ascii_lowercase();
    let mut registry = REGISTRY
        .lock()
        .map_err(|_| PyRuntimeError::new_err("the variant registry is poisoned"))?;
    registry
        .get_or_insert_with(HashMap::new)
        .insert(key.clone(), Arc::new(variant));
    let mut loaded = LOADED
        .lock()
        .map_err(|_| PyRuntimeError::new_err("the variant registry is poisoned"))?;
    if !loaded.contains(&key) {
        loaded.push(key.clone());
    }
    Ok(key)
}

/// Whether `fen` is a valid position of `variant`: None, or why not.
#[pyfunction]
fn ffish_fen_error(py: Python<'_>, variant: &str, fen: &str) -> PyResult<Option<String>> {
    let v = ffish_variant(py, variant)?;
    Ok(RtPosition::from_fen_or_sfen(&v, fen)
        .err()
        .map(|e| e.to_string()))
}

/// The native module of the `fairyc` package.
#[pymodule]
fn _fairyc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_json, m)?)?;
    m.add_function(wrap_pyfunction!(check_file_json, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(shipped, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_source, m)?)?;
    m.add_function(wrap_pyfunction!(export_fsf, m)?)?;
    m.add_class::<Variant>()?;
    m.add_class::<Position>()?;
    m.add_function(wrap_pyfunction!(ffish_variants, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_game_result, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(ffish_fen_error, m)?)?;
    m.add("VALUE_MATE", VALUE_MATE)?;
    Ok(())
}
