//! The runtime's error types: small, span-free, each with `Display`.

use std::fmt;

use crate::ids::{PieceType, Square};
use crate::types::{Color, GameResult};

/// Tables that break an invariant of the table format
/// (`docs/table-format.md`, "What a reader must refuse").
///
/// Every variant carries what is wrong as data: which piece, square, rule or
/// limit. Piece and square numbers are indices into the table's `pieces` and
/// `board.squares`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The text is longer than [`crate::table::MAX_TABLE_BYTES`]; nothing was parsed.
    TooLarge {
        /// Its length in bytes.
        bytes: usize,
    },
    /// The JSON text could not be read, or has the wrong shape.
    Json {
        /// Where in the table, as a JSON path such as
        /// `parts.pieces[3].moves[0][12][2]` (empty when not known).
        at: String,
        /// Line of the error in the text (1-based; 0 if unknown).
        line: usize,
        /// Column of the error in the text (1-based; 0 if unknown).
        column: usize,
        /// The JSON reader's description (`serde_json`'s, position included).
        message: String,
    },
    /// A list longer than its limit, refused while reading (before it was
    /// stored).
    TooMany {
        /// Where in the table, as a JSON path.
        at: String,
        /// Which limit.
        limit: Limit,
    },
    /// Another format version.
    Version(u32),
    /// A board with no squares or more than [`crate::table::MAX_SQUARES`].
    BoardSize(usize),
    /// No piece types or more than [`crate::table::MAX_PIECES`].
    PieceCount(usize),
    /// A name (of the variant, a piece, a square or a label) that is empty
    /// (labels may be empty) or longer than [`crate::table::MAX_NAME_BYTES`].
    Name {
        /// Whose name.
        of: NameOf,
        /// Its length in bytes.
        len: usize,
    },
    /// A square number that is no square of the board.
    SquareIndex {
        /// Where it appears.
        at: Field,
        /// The number.
        square: u16,
    },
    /// A piece number that is no piece of the table.
    PieceIndex {
        /// Where it appears.
        at: Field,
        /// The number.
        piece: u8,
    },
    /// A cell grid with no cells (`width` or `height` 0).
    EmptyGrid {
        /// Its width.
        width: u8,
        /// Its height.
        height: u8,
    },
    /// A square that covers no cell.
    SquareWithoutCells {
        /// The square.
        square: u16,
    },
    /// A cell outside the `width`×`height` grid.
    CellOutsideGrid {
        /// The square it belongs to, or `None` for a hole.
        square: Option<u16>,
        /// The cell `[column, row]`.
        cell: [u8; 2],
    },
    /// A cell that belongs to two squares, or is both a hole and part of a
    /// square, or is listed twice as a hole.
    DuplicateCell {
        /// The cell `[column, row]`.
        cell: [u8; 2],
    },
    /// Two zones (`zones`) with the same name.
    DuplicateZoneName {
        /// The first zone's index.
        first: usize,
        /// The second zone's index.
        second: usize,
        /// The name.
        name: String,
    },
    /// Two squares with the same name.
    DuplicateSquareName {
        /// The first square.
        first: u16,
        /// The second square.
        second: u16,
        /// The name.
        name: String,
    },
    /// `files` or `ranks` is neither empty nor one label per column or row.
    LabelCount {
        /// `true` for `files`, `false` for `ranks`.
        files: bool,
        /// How many labels it has.
        len: usize,
        /// How many it must have (`width` or `height`).
        expected: usize,
    },
    /// A square listed twice in `fen_rows`.
    FenRowsTwice {
        /// The square.
        square: u16,
    },
    /// A square missing from `fen_rows`.
    FenRowsMissing {
        /// The square.
        square: u16,
    },
    /// `board.walls[wall]` names no place in `fen_rows`, or is out of
    /// order.
    BadWall {
        /// Its index in `board.walls`.
        wall: usize,
    },
    /// A piece symbol that is not one ([`crate::table::is_symbol`]).
    BadLetter {
        /// The piece.
        piece: u8,
        /// The symbol (cut after [`crate::table::MAX_SYMBOL_BYTES`] + 1
        /// characters).
        letter: String,
    },
    /// Two pieces with the same symbol (case ignored) and `plus`.
    DuplicateLetter {
        /// The first piece.
        first: u8,
        /// The second piece.
        second: u8,
    },
    /// Two symbols a FEN could not tell apart
    /// ([`crate::table::symbol_clashes`]): the first piece's is the start
    /// of the second's, which goes on with a letter that starts a symbol.
    AmbiguousLetter {
        /// The piece with the shorter symbol.
        first: u8,
        /// The piece with the longer one.
        second: u8,
    },
    /// `moves[side]` of a piece does not have one entry per square.
    MovesPerSquare {
        /// The piece.
        piece: u8,
        /// The side.
        side: u8,
        /// How many entries it has.
        len: usize,
    },
    /// A path without steps.
    EmptyPath {
        /// The piece.
        piece: u8,
        /// The side.
        side: u8,
        /// The square it starts from.
        from: u16,
        /// The path's index in that square's list.
        path: usize,
    },
    /// A guarded path (`friend_on`) that captures: guarded paths must be
    /// quiet in version 1, since attack tables cannot represent the guard.
    GuardedCapture {
        /// The piece.
        piece: u8,
        /// The side.
        side: u8,
        /// The square it starts from.
        from: u16,
        /// The path's index in that square's list.
        path: usize,
    },
    /// The table needs more work to load than a limit allows: total steps
    /// ([`Limit::Steps`]) or attack-table work ([`Limit::AttackWork`]).
    TooBig {
        /// Which limit.
        limit: Limit,
        /// The amount the table needs.
        needed: usize,
    },
    /// A promotion rule without choices.
    NoPromotionChoice {
        /// The rule's index in `promotions`.
        rule: usize,
    },
    /// A promotion choice listed twice in one rule (it would be counted twice).
    DuplicatePromotionChoice {
        /// The rule's index in `promotions`.
        rule: usize,
        /// The choice.
        choice: crate::table::PromotionChoice,
    },
    /// A gate square whose right the FEN cannot write: its name has no
    /// one-letter file, another gate square of the side shares its file,
    /// its file letter is one of the side's castling letters, or the table
    /// also has free castling (whose rights are file letters too).
    GateFen {
        /// The rule's index in `gating`.
        rule: usize,
    },
    /// A one-time move's right square whose right the FEN cannot write: its
    /// name has no one-letter file, another right square of the side shares
    /// its file, its file letter is one of the side's castling letters, or
    /// the table also has free castling.
    OnceFen {
        /// The square.
        square: u16,
    },
    /// One-time moves and gating together: both write their rights as file
    /// letters in the FEN's castling field.
    OnceWithGating,
    /// A one-time or not-in-check path that is also a hopper or attack-only.
    SpecialPath {
        /// The piece.
        piece: u8,
        /// The side.
        side: u8,
        /// The square it starts from.
        from: u16,
    },
    /// A gating rule for a royal piece (royal pieces are never in hand).
    RoyalGates {
        /// The rule's index in `gating`.
        rule: usize,
    },
    /// A promotion to hand in a variant without drops.
    HandWithoutDrops {
        /// The rule's index in `promotions`.
        rule: usize,
    },
    /// A promotion rule of a royal piece to a piece that is not royal for
    /// the same sides, or to hand.
    RoyalPromotes {
        /// The rule's index in `promotions`.
        rule: usize,
        /// The royal piece.
        piece: u8,
    },
    /// A promotion to a royal piece on the board.
    PromotionToRoyal {
        /// The rule's index in `promotions`.
        rule: usize,
        /// The royal piece.
        piece: u8,
    },
    /// `pieces[piece].notation` is `{"as": q}` where `q` is the piece
    /// itself, or a piece that SAN does not write with its own symbol.
    NotationAs {
        /// The piece.
        piece: u8,
        /// The piece it is written as.
        target: u8,
    },
    /// A way for a royal piece to reach a hand.
    RoyalInHand {
        /// The way.
        via: HandRoute,
        /// The royal piece.
        piece: u8,
    },
    /// `drops.forbidden` or `drops.no_mate` without one entry per piece.
    DropLists {
        /// Entries of `forbidden`.
        forbidden: usize,
        /// Entries of `no_mate`.
        no_mate: usize,
    },
    /// `drops.per_file`, `drops.per_colour` or `drops.also_as` neither empty nor one entry per
    /// piece.
    DropPerFile {
        /// Its entries.
        len: usize,
    },
    /// More castling rules than [`crate::table::MAX_CASTLING`].
    CastlingCount(usize),
    /// A castling rule that would break the board when played.
    Castling {
        /// The rule's index in `castling`.
        rule: usize,
        /// What is wrong.
        problem: CastlingProblem,
    },
    /// A repetition count below 2 (every position occurs once).
    RepetitionCount(u32),
    /// A goal's `count` is 0 (`end.reach[rule]`).
    ReachCount {
        /// The rule's index.
        rule: usize,
    },
    /// A line rule's `count` is 0 (`end.lines[rule]`).
    LineCount {
        /// The rule's index.
        rule: usize,
    },
    /// A repetition claim below 2 or above the count.
    RepetitionClaim {
        /// The claim.
        claim: u32,
        /// The count.
        count: u32,
    },
    /// A `move_limit` of 0 or above [`crate::table::MAX_MOVE_LIMIT`].
    MoveLimit(u32),
    /// A `move_limit_claim` of 0, above the `move_limit`, or without one.
    MoveLimitClaim {
        /// The claim.
        claim: u32,
        /// The limit, if any.
        limit: Option<u32>,
    },
    /// An `end.check_count.count` of 0 or above
    /// [`crate::table::MAX_CHECK_COUNT`].
    CheckCount(u32),
    /// A limit of `end.counting` of 0 or above
    /// [`crate::table::MAX_COUNTING_LIMIT`].
    CountingLimit(u32),
    /// A promotion rule that is part of a move with an empty `on` (it
    /// would never apply).
    NoTrigger {
        /// The rule's index in `promotions`.
        rule: usize,
    },
    /// A `turn` promotion rule with a `hand` choice (a turn makes a piece
    /// on the board).
    TurnToHand {
        /// The rule's index in `promotions`.
        rule: usize,
    },
    /// A piece's `cannot_capture` lists a royal piece (attack detection
    /// assumes every capturing path attacks a royal piece).
    CannotCaptureRoyal {
        /// The piece.
        piece: u8,
        /// The royal piece listed.
        royal: u8,
    },
    /// `legality.pass` without a royal piece for both sides (a pass is
    /// written as the royal piece's square).
    PassWithoutRoyal,
    /// A piece's `points` or an `end.komi` above
    /// [`crate::table::MAX_POINTS`].
    Points(u32),
    /// An `end.checkmate_by` or `end.checkmate_needs` without pieces.
    EmptyMateRule,
    /// `end.checkmate_needs` with `drop`, which only `checkmate_by` takes.
    MateNeedsDrop,
    /// `blast.reach` does not hold one list per square.
    BlastReach {
        /// Its length.
        len: usize,
        /// The number of squares.
        squares: usize,
    },
}

/// A limit of the table format (see `docs/table-format.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// [`crate::table::MAX_SQUARES`] entries in a list of squares.
    Squares,
    /// [`crate::table::MAX_PIECES`] entries in a list of pieces.
    Pieces,
    /// [`crate::table::MAX_CELLS`] cells of one square, or holes.
    Cells,
    /// [`crate::table::MAX_PATHS_PER_SQUARE`] paths of a piece from a square.
    PathsPerSquare,
    /// [`crate::table::MAX_STEPS_PER_PATH`] steps in a path.
    StepsPerPath,
    /// [`crate::table::MAX_TOTAL_STEPS`] steps in the whole table.
    Steps,
    /// [`crate::table::MAX_ATTACK_WORK`] nodes of attack-table work.
    AttackWork,
    /// [`crate::table::MAX_RULES`] promotion or goal rules.
    Rules,
    /// [`crate::table::MAX_CASTLING`] castling rules.
    Castling,
    /// [`crate::table::MAX_LABELS`] file or rank labels.
    Labels,
    /// [`crate::table::MAX_CHOICES`] choices of one promotion rule.
    Choices,
    /// [`crate::table::MAX_GATING_RULES`] gating rules.
    GatingRules,
}

impl Limit {
    /// The limit's value.
    pub fn max(self) -> usize {
        use crate::table as t;
        match self {
            Limit::Squares => t::MAX_SQUARES,
            Limit::Pieces => t::MAX_PIECES,
            Limit::Cells => t::MAX_CELLS,
            Limit::PathsPerSquare => t::MAX_PATHS_PER_SQUARE,
            Limit::StepsPerPath => t::MAX_STEPS_PER_PATH,
            Limit::Steps => t::MAX_TOTAL_STEPS,
            Limit::AttackWork => t::MAX_ATTACK_WORK,
            Limit::Rules => t::MAX_RULES,
            Limit::Castling => t::MAX_CASTLING,
            Limit::Labels => t::MAX_LABELS,
            Limit::Choices => t::MAX_CHOICES,
            Limit::GatingRules => t::MAX_GATING_RULES,
        }
    }

    fn what(self) -> &'static str {
        match self {
            Limit::Squares => "squares",
            Limit::Pieces => "pieces",
            Limit::Cells => "cells",
            Limit::PathsPerSquare => "paths from one square",
            Limit::StepsPerPath => "steps in one path",
            Limit::Steps => "steps in all",
            Limit::AttackWork => "attack-table nodes",
            Limit::Rules => "rules",
            Limit::Castling => "castling rules",
            Limit::Labels => "labels",
            Limit::Choices => "choices",
            Limit::GatingRules => "gating rules",
        }
    }
}

/// Whose name a [`TableError::Name`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameOf {
    /// The variant's.
    Variant,
    /// Piece `p`'s.
    Piece(u8),
    /// Square `s`'s.
    Square(u16),
    /// The label of file (column) `x`.
    File(u8),
    /// The label of rank (row) `y`.
    Rank(u8),
    /// The name of `zones[i]`.
    Zone(usize),
}

/// Where a square or piece number of a [`TableError`] appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `blast`.
    Blast,
    /// `walling.squares`.
    Walling,
    /// `flipping.drop_first_on`.
    Flipping,
    /// `board.fen_rows[group]`.
    FenRows {
        /// The group.
        group: usize,
    },
    /// `notation` (`{"as": q}`) of a piece.
    NotationAs {
        /// The piece.
        piece: u8,
    },
    /// `captured_as` of a piece.
    CapturedAs {
        /// The piece.
        piece: u8,
    },
    /// `demotes_to` of a piece.
    DemotesTo {
        /// The piece.
        piece: u8,
    },
    /// A step's `to`, its `block` squares, or the path's `friend_on`.
    Path {
        /// The piece.
        piece: u8,
        /// The side.
        side: u8,
        /// The square it starts from.
        from: u16,
        /// The path's index in that square's list.
        path: usize,
    },
    /// `promotions[rule]`: its piece, zone or choices.
    Promotion {
        /// The rule.
        rule: usize,
    },
    /// `drops.forbidden[piece]`.
    Drops {
        /// The piece.
        piece: u8,
    },
    /// `gating[rule]`: its piece or squares.
    Gating {
        /// The rule.
        rule: usize,
    },
    /// `castling[rule]`.
    Castling {
        /// The rule.
        rule: usize,
    },
    /// `end.reach[rule]`.
    Reach {
        /// The rule.
        rule: usize,
    },
    /// `end.lines[rule]`: its squares or pieces.
    Line {
        /// The rule.
        rule: usize,
    },
    /// `end.connections[rule]`: its squares or pieces.
    Connect {
        /// The rule.
        rule: usize,
    },
    /// `end.resets_move_limit`.
    ResetsMoveLimit,
    /// `end.resets_irreversible`.
    ResetsIrreversible,
    /// `end.counting`.
    Counting,
    /// `end.checkmate_by` or `end.checkmate_needs`.
    MateRule,
    /// `end.extinction[rule]`.
    Extinction {
        /// The rule.
        rule: usize,
    },
    /// `zones[zone].squares`.
    Zone {
        /// The zone.
        zone: usize,
    },
    /// `cannot_capture` or `cannot_hop` of a piece.
    CannotCapture {
        /// The piece.
        piece: u8,
    },
}

/// How a royal piece could reach a hand ([`TableError::RoyalInHand`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandRoute {
    /// Piece `p` is captured as it.
    CapturedAs(u8),
    /// Piece `p` demotes to it.
    DemotesTo(u8),
    /// Promotion rule `rule` sends it to hand.
    Promotion(usize),
}

/// What is wrong with a castling rule ([`TableError::Castling`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingProblem {
    /// `side` is not 0 or 1.
    Side(u8),
    /// Its FEN letter is not an ASCII letter.
    Letter(char),
    /// Another rule has the same FEN letter.
    SameLetter {
        /// The other rule.
        other: usize,
    },
    /// A free castling's `line` repeats a square or misses `king_to` or
    /// `rook_to`, or its fixed squares and paths are not as
    /// [`crate::table::CastlingRule::line`] says.
    FreeLine,
    /// `king_from == rook_from`.
    SameStart,
    /// `king_to == rook_to`.
    SameEnd,
    /// `king_to` is neither in `empty` nor one of the two start squares, so
    /// the king could land on another piece.
    KingToNotEmpty,
    /// `rook_to` is neither in `empty` nor one of the two start squares.
    RookToNotEmpty,
    /// Another rule of the same side moves the king the same way, so the
    /// two moves would have the same notation.
    SameMove {
        /// The other rule.
        other: usize,
    },
    /// A letter of `ends` is no rule's FEN letter.
    EndsUnknown(char),
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Field::FenRows { group } => write!(f, "board.fen_rows[{group}]"),
            Field::CapturedAs { piece } => write!(f, "pieces[{piece}].captured_as"),
            Field::NotationAs { piece } => write!(f, "pieces[{piece}].notation.as"),
            Field::DemotesTo { piece } => write!(f, "pieces[{piece}].demotes_to"),
            Field::Path {
                piece,
                side,
                from,
                path,
            } => write!(f, "pieces[{piece}].moves[{side}][{from}][{path}]"),
            Field::Promotion { rule } => write!(f, "promotions[{rule}]"),
            Field::Drops { piece } => write!(f, "drops.forbidden[{piece}]"),
            Field::Castling { rule } => write!(f, "castling[{rule}]"),
            Field::Gating { rule } => write!(f, "gating[{rule}]"),
            Field::Reach { rule } => write!(f, "end.reach[{rule}]"),
            Field::Line { rule } => write!(f, "end.lines[{rule}]"),
            Field::Connect { rule } => write!(f, "end.connections[{rule}]"),
            Field::ResetsMoveLimit => write!(f, "end.resets_move_limit"),
            Field::ResetsIrreversible => write!(f, "end.resets_irreversible"),
            Field::Counting => write!(f, "end.counting"),
            Field::MateRule => write!(f, "end.checkmate_by or end.checkmate_needs"),
            Field::Extinction { rule } => write!(f, "end.extinction[{rule}]"),
            Field::Blast => write!(f, "blast"),
            Field::Walling => write!(f, "walling.squares"),
            Field::Flipping => write!(f, "flipping.drop_first_on"),
            Field::Zone { zone } => write!(f, "zones[{zone}].squares"),
            Field::CannotCapture { piece } => {
                write!(f, "pieces[{piece}].cannot_capture or cannot_hop")
            }
        }
    }
}

impl fmt::Display for NameOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NameOf::Variant => write!(f, "the variant's name"),
            NameOf::Piece(p) => write!(f, "the name of piece {p}"),
            NameOf::Square(s) => write!(f, "the name of square {s}"),
            NameOf::File(x) => write!(f, "the label of file {x}"),
            NameOf::Rank(y) => write!(f, "the label of rank {y}"),
            NameOf::Zone(i) => write!(f, "the name of zone {i}"),
        }
    }
}

impl fmt::Display for CastlingProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CastlingProblem::Side(s) => write!(f, "side {s} is not 0 (White) or 1 (Black)"),
            CastlingProblem::Letter(c) => write!(f, "its FEN letter {c:?} is not an ASCII letter"),
            CastlingProblem::SameLetter { other } => {
                write!(f, "castling[{other}] has the same FEN letter")
            }
            CastlingProblem::FreeLine => write!(
                f,
                "its line repeats a square or misses king_to or rook_to, or its fixed squares \
                 are not king_to and rook_to with empty `empty` and `safe`"
            ),
            CastlingProblem::SameStart => write!(f, "king_from and rook_from are the same square"),
            CastlingProblem::SameEnd => write!(f, "king_to and rook_to are the same square"),
            CastlingProblem::KingToNotEmpty => write!(
                f,
                "king_to must be in `empty` or be king_from or rook_from (the king would land \
                 on another piece)"
            ),
            CastlingProblem::RookToNotEmpty => write!(
                f,
                "rook_to must be in `empty` or be king_from or rook_from (the rook would land \
                 on another piece)"
            ),
            CastlingProblem::SameMove { other } => write!(
                f,
                "castling[{other}] of the same side moves the king between the same squares"
            ),
            CastlingProblem::EndsUnknown(e) => {
                write!(f, "`ends` names `{e}`, the letter of no castling rule")
            }
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::table as t;
        match self {
            TableError::TooLarge { bytes } => write!(
                f,
                "a table may have at most {} bytes, this one has {bytes}",
                t::MAX_TABLE_BYTES
            ),
            TableError::Json { at, message, .. } if at.is_empty() => {
                write!(f, "invalid table JSON: {message}")
            }
            TableError::Json { at, message, .. } => {
                write!(f, "invalid table JSON at {at}: {message}")
            }
            TableError::TooMany { at, limit } => write!(
                f,
                "{at}: more than {} {} (the limit of the table format)",
                limit.max(),
                limit.what()
            ),
            TableError::Version(v) if *v < t::OLDEST_FORMAT_VERSION => write!(
                f,
                "table format version {v} is older than version {}, the oldest this runtime \
                 reads (it writes version {}); compile the variant again (docs/table-format.md, \
                 \"Versioning\")",
                t::OLDEST_FORMAT_VERSION,
                t::FORMAT_VERSION
            ),
            TableError::Version(v) => write!(
                f,
                "table format version {v} is not supported (this runtime reads versions {} to {})",
                t::OLDEST_FORMAT_VERSION,
                t::FORMAT_VERSION
            ),
            TableError::BoardSize(n) => {
                write!(f, "a board needs 1 to {} squares, not {n}", t::MAX_SQUARES)
            }
            TableError::PieceCount(n) => write!(
                f,
                "a variant needs 1 to {} piece types, not {n}",
                t::MAX_PIECES
            ),
            TableError::Name { of, len: 0 } => write!(f, "{of} is empty"),
            TableError::Name { of, len } => write!(
                f,
                "{of} has {len} bytes; at most {} are allowed",
                t::MAX_NAME_BYTES
            ),
            TableError::SquareIndex { at, square } => {
                write!(f, "{at}: square {square} is not a square of the board")
            }
            TableError::PieceIndex { at, piece } => {
                write!(f, "{at}: piece {piece} is not a piece of the table")
            }
            TableError::EmptyGrid { width, height } => {
                write!(
                    f,
                    "the cell grid is {width}×{height}; it needs at least one cell"
                )
            }
            TableError::SquareWithoutCells { square } => {
                write!(f, "square {square} covers no cell")
            }
            TableError::CellOutsideGrid {
                square: Some(s),
                cell,
            } => write!(
                f,
                "cell {cell:?} of square {s} is outside the width×height grid"
            ),
            TableError::CellOutsideGrid { square: None, cell } => {
                write!(f, "hole {cell:?} is outside the width×height grid")
            }
            TableError::DuplicateCell { cell } => write!(
                f,
                "cell {cell:?} is listed twice (in two squares, or as a square and a hole)"
            ),
            TableError::DuplicateSquareName {
                first,
                second,
                name,
            } => write!(f, "squares {first} and {second} are both called {name:?}"),
            TableError::DuplicateZoneName {
                first,
                second,
                name,
            } => write!(f, "zones {first} and {second} are both called {name:?}"),
            TableError::LabelCount {
                files,
                len,
                expected,
            } => write!(
                f,
                "board.{} has {len} labels; it must have none or {expected}",
                if *files { "files" } else { "ranks" }
            ),
            TableError::FenRowsTwice { square } => {
                write!(f, "square {square} is listed twice in board.fen_rows")
            }
            TableError::FenRowsMissing { square } => {
                write!(f, "square {square} is missing from board.fen_rows")
            }
            TableError::BadWall { wall } => write!(
                f,
                "board.walls[{wall}] is no place in board.fen_rows (a group, and an index up to its length) or is out of order"
            ),
            TableError::BadLetter { piece, letter } => {
                write!(
                    f,
                    "the letter {letter:?} of piece {piece} is not a symbol of one to three ASCII letters of one case, optionally followed by `'`"
                )
            }
            TableError::DuplicateLetter { first, second } => {
                write!(f, "pieces {first} and {second} have the same letter")
            }
            TableError::AmbiguousLetter { first, second } => write!(
                f,
                "the letter of piece {first} starts that of piece {second}, which goes on with the first letter of a piece: a FEN could not tell them apart"
            ),
            TableError::MovesPerSquare { piece, side, len } => write!(
                f,
                "pieces[{piece}].moves[{side}] has {len} entries; it needs one per square"
            ),
            TableError::EmptyPath {
                piece,
                side,
                from,
                path,
            } => write!(
                f,
                "pieces[{piece}].moves[{side}][{from}][{path}] has no steps"
            ),
            TableError::GuardedCapture {
                piece,
                side,
                from,
                path,
            } => write!(
                f,
                "pieces[{piece}].moves[{side}][{from}][{path}] has a guard (friend_on) and \
                 captures; guarded paths must be quiet"
            ),
            TableError::TooBig { limit, needed } => write!(
                f,
                "the table needs {needed} {}; at most {} are allowed",
                limit.what(),
                limit.max()
            ),
            TableError::NoPromotionChoice { rule } => {
                write!(
                    f,
                    "promotions[{rule}] has no choices but is optional or a turn (only a compulsory rule may offer none)"
                )
            }
            TableError::DuplicatePromotionChoice { rule, choice } => {
                write!(f, "promotions[{rule}] lists the choice {choice:?} twice")
            }
            TableError::GateFen { rule } => write!(
                f,
                "gating[{rule}] has a gate square whose right the FEN cannot write \
                 (no one-letter file, a file shared with another gate square or a \
                 castling letter, or free castling)"
            ),
            TableError::OnceFen { square } => write!(
                f,
                "square {square} keeps a one-time move's right that the FEN cannot write \
                 (no one-letter file, a file shared with another right square or a \
                 castling letter, or free castling)"
            ),
            TableError::OnceWithGating => write!(
                f,
                "one-time moves and gating cannot both keep rights in the castling field"
            ),
            TableError::SpecialPath { piece, side, from } => write!(
                f,
                "pieces[{piece}].moves[{side}][{from}] has a one-time or not-in-check path \
                 that is a hopper or attack-only"
            ),
            TableError::RoyalGates { rule } => {
                write!(f, "gating[{rule}] gates a royal piece")
            }
            TableError::HandWithoutDrops { rule } => write!(
                f,
                "promotions[{rule}] promotes to hand, but the table has no drops"
            ),
            TableError::RoyalPromotes { rule, piece } => {
                write!(
                    f,
                    "promotions[{rule}] promotes piece {piece}, which is royal, to a piece \
                     that is not royal for the same sides"
                )
            }
            TableError::PromotionToRoyal { rule, piece } => {
                write!(
                    f,
                    "promotions[{rule}] promotes to piece {piece}, which is royal"
                )
            }
            TableError::NotationAs { piece, target } => write!(
                f,
                "pieces[{piece}].notation writes it as piece {target}, which is itself or is \
                 not written with its own symbol"
            ),
            TableError::RoyalInHand { via, piece } => {
                write!(f, "royal piece {piece} could reach a hand: ")?;
                match via {
                    HandRoute::CapturedAs(p) => write!(f, "piece {p} is captured as it"),
                    HandRoute::DemotesTo(p) => write!(f, "piece {p} demotes to it"),
                    HandRoute::Promotion(r) => write!(f, "promotions[{r}] sends it to hand"),
                }
            }
            TableError::DropLists { forbidden, no_mate } => write!(
                f,
                "drops.forbidden has {forbidden} entries and drops.no_mate {no_mate}; each \
                 needs one per piece"
            ),
            TableError::DropPerFile { len } => write!(
                f,
                "drops.per_file, drops.per_colour or drops.also_as has {len} entries; each needs none or one \
                 per piece"
            ),
            TableError::CastlingCount(n) => write!(
                f,
                "at most {} castling rules are allowed, not {n}",
                t::MAX_CASTLING
            ),
            TableError::Castling { rule, problem } => write!(f, "castling[{rule}]: {problem}"),
            TableError::ReachCount { rule } => {
                write!(f, "end.reach[{rule}].count is 0; it must be at least 1")
            }
            TableError::LineCount { rule } => {
                write!(f, "end.lines[{rule}].count is 0; it must be at least 1")
            }
            TableError::RepetitionCount(n) => {
                write!(f, "end.repetition.count is {n}; it must be at least 2")
            }
            TableError::RepetitionClaim { claim, count } => write!(
                f,
                "end.repetition.claim is {claim}; it must be from 2 to the count ({count})"
            ),
            TableError::MoveLimitClaim { claim, limit: Some(n) } => write!(
                f,
                "end.move_limit_claim is {claim}; it must be from 1 to the move limit ({n})"
            ),
            TableError::MoveLimitClaim { claim, limit: None } => write!(
                f,
                "end.move_limit_claim is {claim} without an end.move_limit to claim"
            ),
            TableError::CountingLimit(n) => write!(
                f,
                "a limit of end.counting is {n}; it must be from 1 to {}",
                t::MAX_COUNTING_LIMIT
            ),
            TableError::CheckCount(n) => write!(
                f,
                "end.check_count.count is {n}; it must be from 1 to {}",
                t::MAX_CHECK_COUNT
            ),
            TableError::NoTrigger { rule } => write!(
                f,
                "promotions[{rule}].on is empty; a rule needs at least one of \"start\", \"end\", \"pass\", \"entry\""
            ),
            TableError::TurnToHand { rule } => write!(
                f,
                "promotions[{rule}] is a `turn` rule with a `hand` choice; a turn makes a piece on the board"
            ),
            TableError::MoveLimit(n) => write!(
                f,
                "end.move_limit is {n}; it must be from 1 to {}",
                t::MAX_MOVE_LIMIT
            ),
            TableError::CannotCaptureRoyal { piece, royal } => write!(
                f,
                "pieces[{piece}].cannot_capture lists piece {royal}, which is royal"
            ),
            TableError::BlastReach { len, squares } => write!(
                f,
                "blast.reach has {len} lists; it needs one per square ({squares})"
            ),
            TableError::EmptyMateRule => write!(
                f,
                "end.checkmate_by and end.checkmate_needs name at least one piece"
            ),
            TableError::MateNeedsDrop => write!(
                f,
                "end.checkmate_needs takes no `drop` (only end.checkmate_by: a mate given by a drop)"
            ),
            TableError::PassWithoutRoyal => write!(
                f,
                "legality.pass needs a royal piece for both sides (a pass is written as its square)"
            ),
            TableError::Points(n) => write!(
                f,
                "points of {n} tenths; at most {} are allowed",
                t::MAX_POINTS
            ),
        }
    }
}

impl std::error::Error for TableError {}

/// A FEN that could not be read: one variant per field and problem, with
/// the place (row and column count from 1; a row is a `/`-separated group of
/// the board field, a column a character in it) and the text at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseFenError {
    /// The FEN is empty.
    Empty,
    /// A hand opened with `[` does not end with `]` right after the board.
    UnclosedHand,
    /// A letter in the hand starts no piece symbol of the variant.
    UnknownHandPiece(char),
    /// A royal piece in the hand (as written: `K`, `+DE`).
    RoyalInHand(String),
    /// Hands in a FEN of a variant without drops.
    HandWithoutDrops,
    /// More of one piece in one hand than [`crate::MAX_HAND`].
    HandTooLarge {
        /// The piece as written (its case gives the side: `P`, `de`).
        letter: String,
    },
    /// An SFEN's hands field that is not counts (1 to [`crate::MAX_HAND`])
    /// each followed by a piece (`2P`, `S`, `-`).
    BadSfenHand(String),
    /// The board field has another number of rows than the board.
    RowCount {
        /// Rows of the board.
        expected: usize,
        /// Rows in the FEN.
        found: usize,
    },
    /// A run of empty squares is `0` (or starts with `0`).
    ZeroRun {
        /// Row.
        row: usize,
        /// Column of the run's first digit.
        column: usize,
    },
    /// A run of empty squares goes past the end of its row.
    RunTooLong {
        /// Row.
        row: usize,
        /// Column of the run's first digit.
        column: usize,
        /// The run as written.
        text: String,
        /// Squares in the row.
        squares: usize,
    },
    /// A letter that starts no piece symbol of the variant.
    UnknownPiece {
        /// Row.
        row: usize,
        /// Column.
        column: usize,
        /// The letter.
        letter: char,
    },
    /// A `~` after a piece that cannot carry the promoted mark.
    MarkNotAllowed {
        /// Row.
        row: usize,
        /// Column of the piece (of its `+`, if any).
        column: usize,
        /// The piece as written (`P`, `+de`).
        letter: String,
    },
    /// A character that is neither a piece, a digit nor `~` after a piece.
    UnexpectedChar {
        /// Row.
        row: usize,
        /// Column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A wall `*` where the board has none, or a square where it has one.
    Wall {
        /// Row.
        row: usize,
        /// Column.
        column: usize,
        /// Whether the board has a wall there (and the FEN has a square).
        expected: bool,
    },
    /// A row with more pieces and empty squares than squares.
    RowTooLong {
        /// Row.
        row: usize,
        /// Column of the first character past the row's end.
        column: usize,
        /// Squares in the row.
        squares: usize,
    },
    /// A row that describes fewer squares than it has.
    RowTooShort {
        /// Row.
        row: usize,
        /// Squares described.
        described: usize,
        /// Squares in the row.
        squares: usize,
    },
    /// No side-to-move field.
    MissingTurn,
    /// The side to move is not `w` or `b`.
    BadTurn(String),
    /// A castling letter that names no castling rule.
    UnknownCastling(char),
    /// The en-passant field names no square of the board.
    BadEnPassant(String),
    /// The half-move clock is not a number from 0 to [`crate::MAX_HALFMOVE`].
    BadHalfmove(String),
    /// The move number is not a number from 1 to [`crate::MAX_FULLMOVE`].
    BadFullmove(String),
    /// A field after the move number.
    ExtraField(String),
    /// The check-counter field (`3+3`) is not two counts from 0 to the
    /// variant's check count, joined by `+`.
    BadChecks(String),
    /// A counting limit in the en-passant field that is 0 or above twice
    /// [`crate::table::MAX_COUNTING_LIMIT`].
    BadCounting(String),
}

impl ParseFenError {
    /// The board row (from 1) the error is in, if it is in one.
    pub fn row(&self) -> Option<usize> {
        match self {
            ParseFenError::ZeroRun { row, .. }
            | ParseFenError::RunTooLong { row, .. }
            | ParseFenError::UnknownPiece { row, .. }
            | ParseFenError::MarkNotAllowed { row, .. }
            | ParseFenError::UnexpectedChar { row, .. }
            | ParseFenError::Wall { row, .. }
            | ParseFenError::RowTooLong { row, .. }
            | ParseFenError::RowTooShort { row, .. } => Some(*row),
            _ => None,
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid FEN: ")?;
        match self {
            ParseFenError::Empty => f.write_str("it is empty"),
            ParseFenError::UnclosedHand => {
                f.write_str("the hand in brackets must end with `]` right after the board")
            }
            ParseFenError::UnknownHandPiece(c) => write!(f, "unknown piece `{c}` in hand"),
            ParseFenError::RoyalInHand(c) => {
                write!(f, "a royal piece (`{c}`) cannot be in hand")
            }
            ParseFenError::HandWithoutDrops => {
                f.write_str("this variant has no drops, so the FEN cannot hold hands")
            }
            ParseFenError::HandTooLarge { letter } => write!(
                f,
                "more than {} `{letter}` in hand",
                crate::position::MAX_HAND
            ),
            ParseFenError::RowCount { expected, found } => write!(
                f,
                "the FEN's board has {found} {}, this board has {expected} (one per rank, \
                 top first, separated by `/`)",
                if *found == 1 { "row" } else { "rows" }
            ),
            ParseFenError::BadSfenHand(hands) => write!(
                f,
                "SFEN hands `{hands}`: each piece needs a count from 1 to {} before it, or none \
                 (`2P`, `S`; `-` for empty hands)",
                crate::position::MAX_HAND
            ),
            ParseFenError::ZeroRun { row, column } => {
                write!(f, "row {row} column {column}: a run of empty squares is at least 1")
            }
            ParseFenError::RunTooLong {
                row,
                column,
                text,
                squares,
            } => write!(
                f,
                "row {row} column {column}: `{text}` empty squares go past the end of the row ({squares} squares)"
            ),
            ParseFenError::UnknownPiece {
                row,
                column,
                letter,
            } => write!(f, "unknown piece `{letter}` in row {row} column {column}"),
            ParseFenError::MarkNotAllowed {
                row,
                column,
                letter,
            } => write!(
                f,
                "`{letter}~` in row {row} column {column}: this piece cannot carry the promoted mark"
            ),
            ParseFenError::UnexpectedChar { row, column, found } => {
                write!(f, "unexpected `{found}` in row {row} column {column}")
            }
            ParseFenError::Wall {
                row,
                column,
                expected: true,
            } => write!(
                f,
                "row {row} column {column}: the board has a wall here, written `*`"
            ),
            ParseFenError::Wall {
                row,
                column,
                expected: false,
            } => write!(
                f,
                "`*` in row {row} column {column}: the board has no wall here"
            ),
            ParseFenError::RowTooLong {
                row,
                column,
                squares,
            } => write!(
                f,
                "row {row} is too long (it has {squares} squares; column {column} is past its end)"
            ),
            ParseFenError::RowTooShort {
                row,
                described,
                squares,
            } => write!(
                f,
                "row {row} describes {described} squares, the board has {squares}"
            ),
            ParseFenError::MissingTurn => {
                f.write_str("the side to move (`w` or `b`) is missing after the board")
            }
            ParseFenError::BadTurn(t) => write!(f, "side to move must be `w` or `b`, not `{t}`"),
            ParseFenError::UnknownCastling(c) => write!(f, "unknown castling right `{c}`"),
            ParseFenError::BadEnPassant(t) => {
                write!(f, "en-passant square `{t}` is not on the board")
            }
            ParseFenError::BadHalfmove(t) => write!(
                f,
                "half-move clock `{t}` is not a number from 0 to {}",
                crate::setup::MAX_HALFMOVE
            ),
            ParseFenError::BadFullmove(t) => write!(
                f,
                "move number `{t}` is not a number from 1 to {}",
                crate::setup::MAX_FULLMOVE
            ),
            ParseFenError::ExtraField(t) => write!(f, "unexpected field `{t}`"),
            ParseFenError::BadCounting(t) => write!(
                f,
                "bad counting limit `{t}`: it must be from 1 to {} plies",
                2 * crate::table::MAX_COUNTING_LIMIT
            ),
            ParseFenError::BadChecks(t) => write!(
                f,
                "check counter `{t}` is not `<white>+<black>`, each from 0 to the variant's check count"
            ),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// A setup that is not a legal position of the variant. Squares and pieces
/// are given by name, so the message needs no variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// The FEN could not be read.
    Fen(ParseFenError),
    /// The setup's board has another number of squares than the variant.
    BoardSize {
        /// Squares of the variant.
        expected: usize,
        /// Squares of the setup.
        found: usize,
    },
    /// A piece type the variant does not have (on the board, or a hand
    /// entry past the variant's pieces): one of another variant.
    UnknownPiece(PieceType),
    /// A castling-rule index the variant does not have.
    UnknownCastling(u8),
    /// An en-passant or gate square the variant does not have (one of
    /// another variant), or a gate square where the variant has no gate.
    UnknownSquare(Square),
    /// A piece carries the promoted mark though it cannot.
    MarkNotAllowed {
        /// The piece.
        piece: String,
        /// Its square.
        square: String,
    },
    /// A piece stands where a compulsory promotion would have changed it.
    PromotionZone {
        /// The piece.
        piece: String,
        /// Its square.
        square: String,
    },
    /// Pieces in hand in a variant without drops.
    HandWithoutDrops,
    /// A royal piece in hand.
    RoyalInHand {
        /// The side.
        color: Color,
        /// The piece.
        piece: String,
    },
    /// More of a piece in a hand than [`crate::MAX_HAND`].
    HandTooLarge {
        /// The side.
        color: Color,
        /// The piece.
        piece: String,
        /// How many.
        count: u8,
    },
    /// More pieces (besides royal ones, on the board and in hand) than
    /// [`crate::MAX_HAND`], so a hand could outgrow it.
    TooMuchMaterial(usize),
    /// A side without a royal piece in a variant that has royal pieces.
    NoRoyal(Color),
    /// A wall placed by moves where none can stand: in a variant whose
    /// moves place none, off the board, or on an occupied square.
    Wall(Square),
    /// A side with more than one royal piece.
    TooManyRoyals {
        /// The side.
        color: Color,
        /// How many royal pieces it has.
        count: usize,
    },
    /// A castling right whose king or rook is not in place.
    CastlingPieces {
        /// The right's letter.
        right: char,
        /// The king's piece name.
        king: String,
        /// Its square.
        king_from: String,
        /// The rook's piece name.
        rook: String,
        /// Its square.
        rook_from: String,
    },
    /// An en-passant square no enemy move can have passed over.
    EnPassant {
        /// The side that would have passed over it.
        color: Color,
        /// The square, or the squares listed, joined by `, `.
        square: String,
    },
    /// The side not to move is in check.
    OppositeCheck(Color),
    /// The half-move clock is above [`crate::MAX_HALFMOVE`].
    Halfmove(u32),
    /// A count of moves (`Setup::counting`) in a variant without a
    /// counting rule, or one whose limit or ply count is out of range.
    Counting,
    /// The move number is 0 or above [`crate::MAX_FULLMOVE`].
    Fullmove(u32),
}

impl From<ParseFenError> for PositionError {
    fn from(e: ParseFenError) -> PositionError {
        PositionError::Fen(e)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let PositionError::Fen(e) = self {
            return e.fmt(f);
        }
        f.write_str("illegal position: ")?;
        match self {
            PositionError::Fen(_) => Ok(()),
            PositionError::BoardSize { expected, found } => write!(
                f,
                "the board has {expected} squares, the setup {found}"
            ),
            PositionError::UnknownPiece(p) => write!(f, "unknown piece {}", p.index()),
            PositionError::UnknownCastling(r) => write!(f, "unknown castling right {r}"),
            PositionError::UnknownSquare(s) => {
                write!(f, "square {} is not on the board", s.index())
            }
            PositionError::MarkNotAllowed { piece, square } => write!(
                f,
                "the {piece} on {square} cannot carry the promoted mark"
            ),
            PositionError::PromotionZone { piece, square } => write!(
                f,
                "a {piece} cannot stand on {square}: it must promote there"
            ),
            PositionError::HandWithoutDrops => {
                f.write_str("this variant has no drops, so hands must be empty")
            }
            PositionError::RoyalInHand { color, piece } => write!(
                f,
                "a royal piece cannot be in hand ({}'s {piece})",
                color.name()
            ),
            PositionError::HandTooLarge {
                color,
                piece,
                count,
            } => write!(
                f,
                "{} holds {count} {piece} in hand, at most {} of a kind",
                color.name(),
                crate::position::MAX_HAND
            ),
            PositionError::TooMuchMaterial(n) => write!(
                f,
                "{n} pieces besides royal ones, at most {} in a variant with drops",
                crate::position::MAX_HAND
            ),
            PositionError::NoRoyal(c) => write!(f, "{} has no royal piece", c.name()),
            PositionError::Wall(s) => write!(
                f,
                "a wall on square {} where none can stand (the variant's moves place no walls, or the square is taken)",
                s.index()
            ),
            PositionError::TooManyRoyals { color, count } => write!(
                f,
                "{} has {count} royal pieces; a side needs exactly one",
                color.name()
            ),
            PositionError::CastlingPieces {
                right,
                king,
                king_from,
                rook,
                rook_from,
            } => write!(
                f,
                "castling right `{right}` needs the {king} on {king_from} and the {rook} on {rook_from}"
            ),
            // Several squares are written `e3, d2`: the squares a move
            // passed, and the one it stopped on (which holds its piece).
            PositionError::EnPassant { color, square } if square.contains(',') => write!(
                f,
                "no {} move can have left the en-passant squares {square}: a move passes \
                 over the empty ones, and a listed square with a piece on it must be where \
                 that piece stopped",
                color.name()
            ),
            PositionError::EnPassant { color, square } => write!(
                f,
                "no {} piece can have passed over the en-passant square {square}",
                color.name()
            ),
            PositionError::OppositeCheck(c) => write!(
                f,
                "{} is in check but it is {}'s move",
                c.name(),
                c.other().name()
            ),
            PositionError::Counting => write!(
                f,
                "a count of moves needs a variant with a counting rule, a limit from 1 to {} plies and a ply count up to {}",
                2 * crate::table::MAX_COUNTING_LIMIT,
                crate::setup::MAX_HALFMOVE
            ),
            PositionError::Halfmove(n) => write!(
                f,
                "half-move clock {n} is above {}",
                crate::setup::MAX_HALFMOVE
            ),
            PositionError::Fullmove(n) => write!(
                f,
                "move number {n} is not from 1 to {}",
                crate::setup::MAX_FULLMOVE
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayErrorReason {
    /// The text or move is not a legal move in this position.
    Illegal,
    /// The game has already ended.
    GameOver(GameResult),
}

/// A move that could not be read or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The move as given.
    pub text: String,
    /// Why it was rejected.
    pub reason: PlayErrorReason,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot play `{}`: ", self.text)?;
        match self.reason {
            PlayErrorReason::Illegal => f.write_str("not a legal move here"),
            PlayErrorReason::GameOver(r) => write!(f, "the game is over: {r}"),
        }
    }
}

impl std::error::Error for PlayError {}
