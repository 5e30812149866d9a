//! Lowering: a [`Checked`] file becomes runtime [`VariantTables`].
//!
//! The checker ([`crate::check`]) has resolved every name, square and zone
//! and reported every mistake; this module only converts, one function per
//! item ([`board`], [`pieces`], [`promotions`], [`drops`], [`castling`],
//! [`end`]), then lets the runtime validate the tables and the start
//! position ([`lower`]). Given a checked file, lowering fails only on what
//! the built tables alone reveal (a start position the runtime finds
//! illegal), or on a bug (`E0199`).

use std::fmt;

use fairyc_runtime::table::{
    BareKingRule, BoardTable, CastlingRule, DropRules, EndRules, ExtinctionRule, MovePromotion,
    Path, PathRole, PieceTable, PromotionKind, PromotionRule, ReachRule, Royal, SquareInfo,
    Stalemate, Step, TableParts, Trigger, Triggers, TurnPromotion, MAX_PATHS_PER_SQUARE,
    MAX_STEPS_PER_PATH,
};
use fairyc_runtime::{ParseFenError, Position, PositionError, Variant, VariantTables};

use crate::check::{Checked, CheckedCastling, CheckedPiece};
use crate::error::{CompileError, ErrorKind};
use crate::geometry::{Budget, Geometry, Sq};
use crate::span::Span;

/// The board-level mistakes (codes `E01xx`): found by the checker with the
/// board's geometry, or (`E0119`, `E0199`) by the runtime on the lowered
/// tables.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LowerError {
    /// `files a..3`: a range must run from a lower to a higher letter or number.
    BadLabelRange,
    /// `board { ranks 1..8 }` without `files`.
    MissingBoardProp(&'static str),
    /// More than [`crate::geometry::MAX_BOARD_CELLS`] cells or more than
    /// [`fairyc_runtime::table::MAX_SQUARES`] squares, or none.
    BoardTooLarge(i32),
    /// More than [`crate::geometry::MAX_GRID_SIDE`] files or ranks.
    GridTooLong {
        /// Files.
        width: i32,
        /// Ranks.
        height: i32,
    },
    /// `cells` with the wrong number of rows.
    CellRows {
        /// Ranks declared.
        expected: usize,
        /// Rows drawn.
        found: usize,
    },
    /// A `cells` row of the wrong width.
    CellRowWidth {
        /// Files declared.
        expected: usize,
        /// Cells drawn.
        found: usize,
    },
    /// A character other than `.`, `-`, `#` or a letter in `cells`.
    BadCell(char),
    /// A lower-case cell letter without exactly one upper-case cell.
    CellOwner(char),
    /// A multi-cell square whose cells do not touch.
    CellsNotConnected(String),
    /// `forward white 0 0`.
    ZeroForward,
    /// A square name that is not on the board.
    UnknownSquare {
        /// The name.
        name: String,
        /// The closest square name.
        suggestion: Option<String>,
    },
    /// `rank 9` on an 8-rank board.
    UnknownRank(String),
    /// `file z`.
    UnknownFile(String),
    /// A name that is neither a zone nor a square.
    UnknownZone(String),
    /// A zone or set with no square for a side.
    EmptyZone(&'static str),
    /// A direction modifier that selects no move of the atom.
    DirectionSelectsNothing(String),
    /// A piece that cannot move from any square.
    PieceCannotMove(String),
    /// The setup FEN could not be read.
    BadSetup(ParseFenError),
    /// The setup is not a legal position.
    IllegalSetup(PositionError),
    /// Castling squares not on one line.
    CastlingNotInLine,
    /// A promoted piece that could come from several pieces.
    AmbiguousDemotion {
        /// The promoted piece.
        piece: String,
        /// Two of its origins.
        from: (String, String),
    },
    /// The runtime rejected the tables: a bug in the compiler.
    Table(String),
    /// `K: King e1 -> g1, Rook e1 -> f1`: the king and the rook start, or
    /// end, on the same square.
    CastlingSquaresClash {
        /// The square.
        square: String,
        /// `start` or `end`.
        when: &'static str,
    },
    /// A multi-leg move (XBetza `a`) on a board with multi-cell squares.
    LegsOnMultiCellBoard,
    /// `files a b b c`: a label listed twice.
    DuplicateLabel {
        /// The label.
        label: String,
        /// Where it is first listed.
        first: Span,
    },
    /// `wrap files files`, or `wrap files` given twice.
    WrapTwice(String),
    /// `name a0 w1` and `name a0 w2`: a square named twice.
    NamedTwice {
        /// The square, as its labels name it.
        square: String,
        /// Where it is first named.
        first: Span,
    },
    /// Two squares with one name after `name`.
    NameTaken(String),
    /// A move whose paths cost more to generate, or would make larger
    /// tables, than the limits allow.
    MoveTooCostly(MoveCost),
}

/// Which limit a move's paths exceed ([`LowerError::MoveTooCostly`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveCost {
    /// More than [`crate::geometry::MAX_LEGS`] legs.
    Legs(usize),
    /// The generation work of the file
    /// ([`crate::geometry::MAX_MOVE_WORK`]).
    Work,
    /// More than [`MAX_PATHS_PER_SQUARE`] paths of a piece from one square.
    Paths,
    /// A path of more than [`MAX_STEPS_PER_PATH`] steps.
    PathSteps,
    /// More than [`fairyc_runtime::table::MAX_TOTAL_STEPS`] steps in all.
    Steps,
    /// Capturing paths too long for the attack tables
    /// ([`fairyc_runtime::table::MAX_ATTACK_WORK`]).
    AttackWork,
}

impl fmt::Display for MoveCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fairyc_runtime::table::{MAX_ATTACK_WORK, MAX_TOTAL_STEPS};
        match self {
            MoveCost::Legs(n) => write!(
                f,
                "it has {n} legs, more than the limit of {}",
                crate::geometry::MAX_LEGS
            ),
            MoveCost::Work => write!(
                f,
                "generating its paths takes more than the limit of {} units of work \
                 (for the whole file)",
                crate::geometry::MAX_MOVE_WORK
            ),
            MoveCost::Paths => write!(
                f,
                "it gives a piece more than {MAX_PATHS_PER_SQUARE} paths from one square"
            ),
            MoveCost::PathSteps => {
                write!(
                    f,
                    "one of its paths has more than {MAX_STEPS_PER_PATH} steps"
                )
            }
            MoveCost::Steps => write!(
                f,
                "the tables would hold more than the limit of {MAX_TOTAL_STEPS} steps \
                 (for the whole file)"
            ),
            MoveCost::AttackWork => write!(
                f,
                "its capturing paths need more than the limit of {MAX_ATTACK_WORK} units of \
                 attack-table work (for the whole file)"
            ),
        }
    }
}

impl LowerError {
    /// The stable error code.
    pub fn code(&self) -> &'static str {
        match self {
            LowerError::BadLabelRange => "E0101",
            LowerError::MissingBoardProp(_) => "E0102",
            LowerError::BoardTooLarge(_) | LowerError::GridTooLong { .. } => "E0103",
            LowerError::CellRows { .. } => "E0104",
            LowerError::CellRowWidth { .. } => "E0105",
            LowerError::BadCell(_) => "E0106",
            LowerError::CellOwner(_) => "E0107",
            LowerError::CellsNotConnected(_) => "E0108",
            LowerError::ZeroForward => "E0109",
            LowerError::UnknownSquare { .. } => "E0110",
            LowerError::UnknownRank(_) => "E0111",
            LowerError::UnknownFile(_) => "E0112",
            LowerError::UnknownZone(_) => "E0113",
            LowerError::EmptyZone(_) => "E0114",
            LowerError::DirectionSelectsNothing(_) => "E0115",
            LowerError::PieceCannotMove(_) => "E0116",
            LowerError::BadSetup(_) => "E0118",
            LowerError::IllegalSetup(_) => "E0119",
            LowerError::CastlingNotInLine => "E0120",
            LowerError::AmbiguousDemotion { .. } => "E0121",
            LowerError::Table(_) => "E0199",
            LowerError::DuplicateLabel { .. } => "E0122",
            LowerError::CastlingSquaresClash { .. } => "E0124",
            LowerError::LegsOnMultiCellBoard => "E0183",
            LowerError::WrapTwice(_) => "E0185",
            LowerError::NamedTwice { .. } => "E0186",
            LowerError::NameTaken(_) => "E0187",
            LowerError::MoveTooCostly(_) => "E0190",
        }
    }

    /// The short message under the primary label.
    pub fn label(&self) -> &'static str {
        match self {
            LowerError::BadLabelRange => "not a range of labels",
            LowerError::MissingBoardProp(_) => "in this board",
            LowerError::BoardTooLarge(_) | LowerError::GridTooLong { .. } => "board size",
            LowerError::CellRows { .. } => "the cell map",
            LowerError::CellRowWidth { .. } => "this row",
            LowerError::BadCell(_) => "in this row",
            LowerError::CellOwner(_) => "in this map",
            LowerError::CellsNotConnected(_) => "in this map",
            LowerError::ZeroForward => "no direction",
            LowerError::UnknownSquare { .. } => "not a square of this board",
            LowerError::UnknownRank(_) => "no such rank",
            LowerError::UnknownFile(_) => "no such file",
            LowerError::UnknownZone(_) => "not a zone or square",
            LowerError::EmptyZone(_) => "empty for one side",
            LowerError::DirectionSelectsNothing(_) => "selects no move",
            LowerError::PieceCannotMove(_) => "this piece",
            LowerError::BadSetup(_) | LowerError::IllegalSetup(_) => "in this setup",
            LowerError::CastlingNotInLine => "this castling",
            LowerError::AmbiguousDemotion { .. } => "this piece",
            LowerError::Table(_) => "here",
            LowerError::DuplicateLabel { .. } => "listed again here",
            LowerError::CastlingSquaresClash { .. } => "this castling",
            LowerError::LegsOnMultiCellBoard => "a multi-leg move",
            LowerError::WrapTwice(_) => "joined again here",
            LowerError::NamedTwice { .. } => "named again here",
            LowerError::NameTaken(_) => "this name",
            LowerError::MoveTooCostly(_) => "this move",
        }
    }

    /// What the text at the error's place was likely meant to be, if
    /// anything (the "did you mean" of [`LowerError::help`]).
    pub fn suggestion(&self) -> Option<&str> {
        match self {
            LowerError::UnknownSquare {
                suggestion: Some(s),
                ..
            } => Some(s),
            _ => None,
        }
    }

    /// A hint on how to fix it, if there is one.
    pub fn help(&self) -> Option<String> {
        Some(match self {
            LowerError::BadLabelRange => "write e.g. `a..h` or `1..8`, or list the labels".into(),
            LowerError::MissingBoardProp(p) => format!("add `{p} …` to the board block"),
            LowerError::CellRows { .. } | LowerError::CellRowWidth { .. } => {
                "draw one row per rank (top rank first) and one character per file".into()
            }
            LowerError::BadSetup(ParseFenError::Wall { expected, .. }) => if *expected {
                "write each wall of the board (`*` in `cells`) as `*`, apart from the \
                     runs of empty squares around it: `*8*`"
            } else {
                "a `*` stands only where the board's `cells` has a wall `*`"
            }
            .into(),
            LowerError::BadCell(_) => {
                "use `.` for a square, `-` off the board, `#` a hole, `*` a wall, and \
                 letters for multi-cell squares"
                    .into()
            }
            LowerError::UnknownSquare {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            LowerError::DirectionSelectsNothing(_) => {
                "drop the direction letters, or pick ones this atom has".into()
            }
            LowerError::AmbiguousDemotion { .. } => {
                "say what it becomes in hand with `captured-as`".into()
            }
            LowerError::DuplicateLabel { .. } => {
                "each file and rank needs its own label; remove or rename this one".into()
            }
            LowerError::CastlingSquaresClash { .. } => {
                "the king and the rook start on different squares and end on different squares"
                    .into()
            }
            LowerError::LegsOnMultiCellBoard => {
                "write the move with one-leg terms, or draw the board with single-cell squares"
                    .into()
            }
            LowerError::Table(_) => {
                "this is a bug in fairyc: please report it with this file".into()
            }
            LowerError::WrapTwice(_) => {
                "say `wrap files`, `wrap ranks` or `wrap files ranks` once".into()
            }
            LowerError::NamedTwice { .. } => "keep one `name` statement for this square".into(),
            LowerError::NameTaken(_) => {
                "give each square its own name (a `name` may take another square's name only if \
                 that square is renamed too)"
                    .into()
            }
            LowerError::MoveTooCostly(MoveCost::Legs(_)) => format!(
                "split the move into moves of at most {} legs",
                crate::geometry::MAX_LEGS
            ),
            LowerError::MoveTooCostly(_) => "give the move fewer legs, shorter legs or fewer \
                 directions per leg, or give the board fewer squares"
                .into(),
            _ => return None,
        })
    }
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LowerError::BadLabelRange => write!(f, "this label range is empty or malformed"),
            LowerError::MissingBoardProp(p) => write!(f, "the board has no `{p}`"),
            LowerError::BoardTooLarge(n) => {
                write!(
                    f,
                    "a board needs 1 to {} squares (and at most {} cells), not {n}",
                    fairyc_runtime::table::MAX_SQUARES,
                    crate::geometry::MAX_BOARD_CELLS
                )
            }
            LowerError::GridTooLong { width, height } => write!(
                f,
                "a board has at most {} files and {} ranks, not {width}×{height}",
                crate::geometry::MAX_GRID_SIDE,
                crate::geometry::MAX_GRID_SIDE
            ),
            LowerError::CellRows { expected, found } => write!(
                f,
                "the cell map has {found} rows but the board has {expected} ranks"
            ),
            LowerError::CellRowWidth { expected, found } => write!(
                f,
                "this row has {found} cells but the board has {expected} files"
            ),
            LowerError::BadCell(c) => write!(f, "`{c}` is not a cell character"),
            LowerError::CellOwner(c) => write!(
                f,
                "cell `{c}` needs exactly one `{}` cell to belong to",
                c.to_ascii_uppercase()
            ),
            LowerError::CellsNotConnected(s) => {
                write!(f, "the cells of square `{s}` do not touch each other")
            }
            LowerError::ZeroForward => write!(f, "a forward vector cannot be zero"),
            LowerError::UnknownSquare { name, .. } => {
                write!(f, "there is no square `{name}` on this board")
            }
            LowerError::UnknownRank(r) => write!(f, "there is no rank `{r}` on this board"),
            LowerError::UnknownFile(r) => write!(f, "there is no file `{r}` on this board"),
            LowerError::UnknownZone(z) => {
                write!(f, "`{z}` is neither a declared zone nor a square")
            }
            LowerError::EmptyZone(side) => write!(f, "this set has no square for {side}"),
            LowerError::DirectionSelectsNothing(t) => write!(
                f,
                "the direction modifiers of `{t}` select no move of its atom"
            ),
            LowerError::LegsOnMultiCellBoard => write!(
                f,
                "multi-leg moves (`a`) are not supported on a board with multi-cell squares"
            ),
            LowerError::PieceCannotMove(p) => {
                write!(f, "piece `{p}` cannot move from any square of this board")
            }
            // "invalid FEN: …" and "illegal position: …".
            LowerError::BadSetup(e) => e.fmt(f),
            LowerError::IllegalSetup(e) => e.fmt(f),
            LowerError::CastlingNotInLine => write!(
                f,
                "the king's and rook's squares of a castling must lie on one line"
            ),
            LowerError::AmbiguousDemotion { piece, from } => write!(
                f,
                "`{piece}` is promoted to from both `{}` and `{}`, so what it becomes in hand is ambiguous",
                from.0, from.1
            ),
            LowerError::Table(e) => write!(f, "the lowered tables are invalid: {e}"),
            LowerError::DuplicateLabel { label, .. } => {
                write!(f, "the label `{label}` is listed twice")
            }
            LowerError::CastlingSquaresClash { square, when } => write!(
                f,
                "the king and the rook of this castling both {when} on `{square}`"
            ),
            LowerError::WrapTwice(axis) => write!(f, "the board's {axis} are joined twice"),
            LowerError::NamedTwice { square, .. } => {
                write!(f, "the square `{square}` is named twice")
            }
            LowerError::NameTaken(name) => write!(f, "two squares are called `{name}`"),
            LowerError::MoveTooCostly(cost) => write!(f, "this move costs too much: {cost}"),
        }
    }
}

/// Errors of the board-level checks, each with its span.
pub type LowerErrors = Vec<(Span, LowerError)>;

/// Lowers a checked file to tables, and has the runtime validate them and
/// the start position.
///
/// # Errors
///
/// `E0119` when the runtime finds the start position illegal (no royal
/// piece for a side, the side not to move in check, …); `E0199` if the
/// runtime rejects the tables, which is a bug in the checker.
pub fn lower(checked: &Checked) -> Result<VariantTables, Vec<CompileError>> {
    let internal = |e: String| {
        vec![CompileError::new(
            ErrorKind::Lower(LowerError::Table(e)),
            Span::default(),
        )]
    };
    let parts = parts(checked)?;
    let tables = VariantTables::new(parts).map_err(|e| internal(e.to_string()))?;
    let variant = Variant::new(tables.clone()).map_err(|e| internal(e.to_string()))?;
    if let Err(e) = Position::new(&variant) {
        return Err(vec![CompileError::new(
            ErrorKind::Lower(LowerError::IllegalSetup(e)),
            checked.setup.span,
        )]);
    }
    Ok(tables)
}

/// The table parts of a checked file.
///
/// # Errors
///
/// `E0190` at the move whose paths exceed the limits ([`pieces`]).
pub fn parts(checked: &Checked) -> Result<TableParts, Vec<CompileError>> {
    let pieces = pieces(checked)?;
    Ok(TableParts {
        name: checked.name.clone(),
        board: board(&checked.geometry),
        promotions: promotions(checked, &pieces),
        pieces,
        drops: drops(checked),
        gating: checked.gating.clone(),
        castling: castling(&checked.geometry, &checked.castling),
        end: end(checked),
        legality: checked.legality,
        zones: checked.zones.clone(),
        blast: checked.blast.clone(),
        walling: checked.walling.clone(),
        flipping: checked.flipping.clone(),
        start: checked.setup.fen.clone(),
    })
}

/// The board table of a geometry.
pub fn board(geo: &Geometry) -> BoardTable {
    BoardTable {
        width: geo.width as u8,
        height: geo.height as u8,
        squares: geo
            .squares
            .iter()
            .map(|s| SquareInfo {
                name: s.name.clone(),
                cells: s.cells.iter().map(|&(x, y)| [x as u8, y as u8]).collect(),
            })
            .collect(),
        fen_rows: geo.fen_rows(),
        forward: geo
            .forward
            .map(|(x, y)| [x.clamp(-127, 127) as i8, y.clamp(-127, 127) as i8]),
        holes: (0..geo.height)
            .flat_map(|y| (0..geo.width).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                use crate::geometry::CellKind;
                matches!(
                    geo.cells[(y * geo.width + x) as usize],
                    CellKind::Hole | CellKind::Wall
                )
            })
            .map(|(x, y)| [x as u8, y as u8])
            .collect(),
        walls: geo.fen_walls(),
        files: geo.files.clone(),
        ranks: geo.ranks.clone(),
        wrap: geo.wrap,
        hex: geo.hex,
    }
}

/// The piece tables, with their moves, generated within one [`Budget`].
///
/// # Errors
///
/// `E0190` at the move whose paths exceed the limits.
pub fn pieces(checked: &Checked) -> Result<Vec<PieceTable>, Vec<CompileError>> {
    let rights = once_squares(checked);
    let mut budget = Budget::default();
    checked
        .pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let moves = moves_with_rights(
                &checked.geometry,
                piece,
                &checked.setup.squares[i],
                &rights,
                &mut budget,
            )
            .map_err(|(span, cost)| {
                vec![CompileError::new(
                    ErrorKind::Lower(LowerError::MoveTooCostly(cost)),
                    span,
                )]
            })?;
            Ok(PieceTable {
                moves,
                ..piece_shell(piece, checked.geometry.squares.len())
            })
        })
        .collect()
}

/// A piece's table without moves (enough to read a FEN).
pub fn piece_shell(piece: &CheckedPiece, squares: usize) -> PieceTable {
    PieceTable {
        name: piece.name.clone(),
        letter: piece.letter.clone(),
        royal: match (piece.royal, piece.royal_side) {
            (false, _) => Royal::No,
            (true, None) => Royal::Both,
            (true, Some(side)) => Royal::only(side as usize),
        },
        captured_as: piece.captured_as,
        demotes_to: piece.demotes_to,
        plus: piece.plus,
        synonym: piece.synonym.clone(),
        promotion_limit: piece.promotion_limit,
        moves: [vec![Vec::new(); squares], vec![Vec::new(); squares]],
        cannot_capture: piece.cannot_capture.clone(),
        cannot_hop: piece.cannot_hop.clone(),
        points: piece.points,
        notation: piece.notation,
    }
}

/// The squares, per side, that keep a right for `once` moves: where the
/// pieces with a `once` move stand at the start.
pub fn once_squares(checked: &Checked) -> [Vec<Sq>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for (i, piece) in checked.pieces.iter().enumerate() {
        if piece.moves.iter().any(|m| m.once) {
            for (side, squares) in out.iter_mut().enumerate() {
                squares.extend(checked.setup.squares[i][side].iter().copied());
            }
        }
    }
    for squares in &mut out {
        squares.sort_unstable();
        squares.dedup();
    }
    out
}

/// The steps of a path kept to land only on `region`'s squares (`to`): a
/// step outside is passed, not landed on, so its square and the squares it
/// needed empty must be empty for the next step that lands; the steps after
/// the last one that lands are dropped. A slide keeps its line and a leap
/// its blocking squares; on a path of plain steps this is Fairy-Stockfish's
/// `mobilityRegion`, which keeps a piece's destinations to its region.
pub fn land_only(steps: Vec<(Sq, Vec<Sq>)>, region: &[Sq]) -> Vec<(Sq, Vec<Sq>)> {
    let mut out = Vec::with_capacity(steps.len());
    let mut passed = Vec::new();
    for (to, block) in steps {
        if region.contains(&to) {
            let mut needed = std::mem::take(&mut passed);
            needed.extend(block);
            out.push((to, needed));
        } else {
            passed.extend(block);
            passed.push(to);
        }
    }
    out
}

/// A piece's paths per side and square; `setup` holds its start squares per
/// side (where `i` moves may start). A piece without `once` moves.
///
/// # Errors
///
/// As [`moves_with_rights`].
pub fn moves(
    geo: &Geometry,
    piece: &CheckedPiece,
    setup: &[Vec<Sq>; 2],
    budget: &mut Budget,
) -> Result<[Vec<Vec<Path>>; 2], (Span, MoveCost)> {
    moves_with_rights(geo, piece, setup, &[Vec::new(), Vec::new()], budget)
}

/// A piece's paths per side and square; `setup` holds its start squares per
/// side (where `i` moves may start), `rights` the squares that keep a right
/// (where `once` moves may start).
///
/// The work is counted against `budget` while the paths are generated.
///
/// # Errors
///
/// The span of the term and what it exceeds when a term's paths run out of
/// `budget`, or exceed a limit of the tables (paths from one square, steps
/// in one path, steps in all).
pub fn moves_with_rights(
    geo: &Geometry,
    piece: &CheckedPiece,
    setup: &[Vec<Sq>; 2],
    rights: &[Vec<Sq>; 2],
    budget: &mut Budget,
) -> Result<[Vec<Vec<Path>>; 2], (Span, MoveCost)> {
    let nsq = geo.squares.len();
    let mut out: [Vec<Vec<Path>>; 2] = [vec![Vec::new(); nsq], vec![Vec::new(); nsq]];
    // The hash of each path in `out`: a new path is compared in full only
    // with those of its hash.
    let mut hashes: [Vec<Vec<u64>>; 2] = [vec![Vec::new(); nsq], vec![Vec::new(); nsq]];
    for term in &piece.moves {
        for spec in &term.specs {
            for (side, setup) in setup.iter().enumerate() {
                let vectors = spec.select(geo, side);
                for from in 0..nsq as Sq {
                    // `i` moves start on the piece's setup squares, or with
                    // `from` on those squares (a double step from a rank).
                    if spec.initial && term.from.is_none() && !setup.contains(&from) {
                        continue;
                    }
                    if term.from.as_ref().is_some_and(|z| !z[side].contains(&from)) {
                        continue;
                    }
                    if term.once && !rights[side].contains(&from) {
                        continue;
                    }
                    for &v in &vectors {
                        let special = !(term.once || term.unchecked || term.attack_only);
                        let legs = geo
                            .spec_paths(from, v, spec, special, budget)
                            .map_err(|_| (spec.span, MoveCost::Work))?;
                        for leg in legs {
                            let (mut steps, hop) = (leg.steps, leg.hop);
                            // `within`: the path ends before its first step
                            // out of the region.
                            if let Some(z) = &term.within {
                                let inside = steps
                                    .iter()
                                    .take_while(|(to, _)| z[side].contains(to))
                                    .count();
                                steps.truncate(inside);
                                if steps.is_empty() {
                                    continue;
                                }
                            }
                            // `to`: the path lands only in the region.
                            if let Some(z) = &term.to {
                                steps = land_only(steps, &z[side]);
                                if steps.is_empty() {
                                    continue;
                                }
                            }
                            let path = Path {
                                steps: steps
                                    .into_iter()
                                    .map(|(to, block)| Step { to, block })
                                    .collect(),
                                role: match (term.attack_only, spec.quiet, spec.capture) {
                                    (true, _, _) => PathRole::Attack,
                                    (false, true, true) => PathRole::MoveOrCapture,
                                    (false, true, false) => PathRole::Quiet,
                                    // The checker refuses `m` with `c`.
                                    (false, false, _) => PathRole::Capture,
                                },
                                en_passant: spec.en_passant,
                                creates_en_passant: spec.initial && spec.lame && spec.quiet,
                                friend_on: if term.guarded {
                                    geo.neighbours(from)
                                } else {
                                    Vec::new()
                                },
                                hop,
                                once: term.once,
                                not_in_check: term.unchecked,
                                locust: leg.locust,
                                returns: leg.returns,
                            };
                            let list = &mut out[side][from as usize];
                            let known = &mut hashes[side][from as usize];
                            if path.steps.len() > MAX_STEPS_PER_PATH {
                                return Err((spec.span, MoveCost::PathSteps));
                            }
                            // Hashing the path and comparing it with the
                            // paths of the same hash count too.
                            let hash = path_hash(&path);
                            let same = known.iter().filter(|&&h| h == hash).count();
                            budget
                                .spend(1 + path.steps.len() + same)
                                .map_err(|_| (spec.span, MoveCost::Work))?;
                            let new = same == 0
                                || !known
                                    .iter()
                                    .zip(list.iter())
                                    .any(|(&h, p)| h == hash && *p == path);
                            if new {
                                if list.len() >= MAX_PATHS_PER_SQUARE {
                                    return Err((spec.span, MoveCost::Paths));
                                }
                                budget
                                    .write_path(path.steps.len(), path.role.capture())
                                    .map_err(|steps| {
                                        let cost = if steps {
                                            MoveCost::Steps
                                        } else {
                                            MoveCost::AttackWork
                                        };
                                        (spec.span, cost)
                                    })?;
                                list.push(path);
                                known.push(hash);
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

/// A hash of everything a path holds.
fn path_hash(path: &Path) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for step in &path.steps {
        step.to.hash(&mut h);
        step.block.hash(&mut h);
    }
    (
        path.role,
        path.en_passant,
        path.creates_en_passant,
        &path.friend_on,
        path.hop,
        path.once,
        path.not_in_check,
        path.locust,
        path.returns,
    )
        .hash(&mut h);
    h.finish()
}

/// The promotion rules. An optional rule may not be declined where the
/// author says (`except`) nor, unless `optional always`, where the piece
/// could never move again (no path at all from the destination): those
/// squares are `forced`.
pub fn promotions(checked: &Checked, pieces: &[PieceTable]) -> Vec<PromotionRule> {
    checked
        .promotions
        .iter()
        .map(|rule| {
            let mut forced = rule.except.clone();
            if rule.optional && !rule.always {
                if let Some(piece) = pieces.get(rule.piece as usize) {
                    for (side, f) in forced.iter_mut().enumerate() {
                        for (sq, paths) in piece.moves[side].iter().enumerate() {
                            if paths.is_empty() {
                                f.push(sq as Sq);
                            }
                        }
                        f.sort_unstable();
                        f.dedup();
                    }
                }
            } else {
                forced = [Vec::new(), Vec::new()];
            }
            let kind = if rule.turn {
                PromotionKind::Turn(TurnPromotion {
                    alone: rule.alone,
                    no_check: rule.no_check,
                    no_attack: rule.no_attack,
                })
            } else {
                let on = [
                    (rule.on_start, Trigger::Start),
                    (rule.on_end, Trigger::End),
                    (rule.on_pass, Trigger::Pass),
                    (rule.on_entry, Trigger::Entry),
                ];
                PromotionKind::Move(MovePromotion {
                    on: Triggers::of(&on.iter().filter(|x| x.0).map(|x| x.1).collect::<Vec<_>>()),
                    optional: rule.optional,
                    capture_only: rule.capture_only,
                    forced,
                })
            };
            PromotionRule {
                piece: rule.piece,
                zone: rule.zone.clone(),
                choices: rule.choices.clone(),
                kind,
            }
        })
        .collect()
}

/// The drop rules, if the variant has drops.
pub fn drops(checked: &Checked) -> Option<DropRules> {
    checked.drops.as_ref().map(|d| DropRules {
        forbidden: d.forbidden.clone(),
        no_mate: d.no_mate.clone(),
        supply: d.supply,
        per_file: d.per_file.clone(),
        also_as: d.also_as.clone(),
        per_colour: d.per_colour.clone(),
        must_drop: d.must_drop,
        royal_in_hand: d.royal_in_hand,
        falls: d.falls,
    })
}

/// The castling rules: the squares that must be empty and safe follow from
/// the king's and rook's squares.
pub fn castling(geo: &Geometry, rules: &[CheckedCastling]) -> Vec<CastlingRule> {
    rules
        .iter()
        .map(|r| {
            if !r.line.is_empty() {
                return CastlingRule {
                    side: r.side,
                    fen: r.letter,
                    king: r.king,
                    king_from: r.king_to,
                    king_to: r.king_to,
                    rook: r.rook,
                    rook_from: r.rook_to,
                    rook_to: r.rook_to,
                    empty: Vec::new(),
                    safe: Vec::new(),
                    line: r.line.clone(),
                    by_drop: r.by_drop,
                    ends: r.ends.clone(),
                };
            }
            let line = |a: Sq, b: Sq| geo.line(a, b).unwrap_or_default();
            let kpath = line(r.king_from, r.king_to);
            let rpath = line(r.rook_from, r.rook_to);
            let (kf, rf) = (r.king_from, r.rook_from);
            // The squares between king and rook must be empty too.
            let mut empty: Vec<Sq> = kpath
                .iter()
                .chain(&rpath)
                .chain(&line(kf, rf))
                .copied()
                .filter(|&s| s != kf && s != rf)
                .collect();
            empty.sort_unstable();
            empty.dedup();
            CastlingRule {
                side: r.side,
                fen: r.letter,
                king: r.king,
                king_from: kf,
                king_to: r.king_to,
                rook: r.rook,
                rook_from: rf,
                rook_to: r.rook_to,
                empty,
                safe: kpath,
                line: Vec::new(),
                by_drop: r.by_drop,
                ends: r.ends.clone(),
            }
        })
        .collect()
}

/// The end rules, with the move clock's (`clock`).
pub fn end(checked: &Checked) -> EndRules {
    let e = &checked.end;
    let clock = &checked.clock;
    EndRules {
        checkmate: e.checkmate,
        stalemate: if e.stalemate_fewer_pieces {
            Stalemate::FewerPieces
        } else if e.stalemate_points {
            Stalemate::Points
        } else {
            e.stalemate.into()
        },
        repetition: e.repetition,
        move_limit: clock.limit,
        move_limit_points: clock.points && clock.limit.is_some(),
        move_limit_claim: clock.claim.filter(|_| clock.limit.is_some()),
        resets_move_limit: clock.pieces.clone(),
        resets_on: clock.events,
        resets_irreversible: clock.irreversible.clone(),
        bare_king: e.bare_king.map(|outcome| BareKingRule {
            outcome,
            after_reply: e.bare_king_after_reply,
        }),
        reach: e
            .reach
            .iter()
            .map(|r| ReachRule {
                piece: r.piece,
                also: r.also.clone(),
                squares: r.squares.clone(),
                count: r.count,
                or_full: r.or_full,
                safe: r.safe,
                outcome: r.outcome,
                after_reply: r.after_reply,
            })
            .collect(),
        check_count: e.check_count,
        extinction: e
            .extinction
            .iter()
            .map(|&(piece, left, outcome, opponent)| ExtinctionRule {
                piece,
                left,
                outcome,
                opponent,
            })
            .collect(),
        counting: e.counting.clone(),
        double_pass: e.double_pass,
        full_board: e.full_board,
        facing: e.facing,
        komi: e.komi,
        draw_odds: e.draw_odds,
        checkmate_by: e.checkmate_by.clone(),
        checkmate_needs: e.checkmate_needs.clone(),
        lines: e.lines.clone(),
        connections: e.connections.clone(),
    }
}
