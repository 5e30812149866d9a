//! The runtime's error types: small, span-free, each with `Display`.

use std::fmt;

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
        square: u8,
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
        square: u8,
    },
    /// A cell outside the `width`×`height` grid.
    CellOutsideGrid {
        /// The square it belongs to, or `None` for a hole.
        square: Option<u8>,
        /// The cell `[column, row]`.
        cell: [u8; 2],
    },
    /// A cell that belongs to two squares, or is both a hole and part of a
    /// square, or is listed twice as a hole.
    DuplicateCell {
        /// The cell `[column, row]`.
        cell: [u8; 2],
    },
    /// Two squares with the same name.
    DuplicateSquareName {
        /// The first square.
        first: u8,
        /// The second square.
        second: u8,
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
        square: u8,
    },
    /// A square missing from `fen_rows`.
    FenRowsMissing {
        /// The square.
        square: u8,
    },
    /// A piece letter that is not an ASCII letter.
    BadLetter {
        /// The piece.
        piece: u8,
        /// The letter.
        letter: char,
    },
    /// Two pieces with the same letter (case ignored).
    DuplicateLetter {
        /// The first piece.
        first: u8,
        /// The second piece.
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
        from: u8,
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
        from: u8,
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
    /// A promotion to hand in a variant without drops.
    HandWithoutDrops {
        /// The rule's index in `promotions`.
        rule: usize,
    },
    /// A promotion rule for a royal piece.
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
    /// A repetition claim below 2 or above the count.
    RepetitionClaim {
        /// The claim.
        claim: u32,
        /// The count.
        count: u32,
    },
    /// A `move_limit` of 0 or above [`crate::table::MAX_MOVE_LIMIT`].
    MoveLimit(u32),
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
    Square(u8),
    /// The label of file (column) `x`.
    File(u8),
    /// The label of rank (row) `y`.
    Rank(u8),
}

/// Where a square or piece number of a [`TableError`] appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `board.fen_rows[group]`.
    FenRows {
        /// The group.
        group: usize,
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
        from: u8,
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
    /// `end.resets_move_limit`.
    ResetsMoveLimit,
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
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Field::FenRows { group } => write!(f, "board.fen_rows[{group}]"),
            Field::CapturedAs { piece } => write!(f, "pieces[{piece}].captured_as"),
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
            Field::Reach { rule } => write!(f, "end.reach[{rule}]"),
            Field::ResetsMoveLimit => write!(f, "end.resets_move_limit"),
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
            TableError::Version(v) => write!(
                f,
                "table format version {v} is not supported (this runtime reads version {})",
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
            TableError::BadLetter { piece, letter } => {
                write!(
                    f,
                    "the letter {letter:?} of piece {piece} is not an ASCII letter"
                )
            }
            TableError::DuplicateLetter { first, second } => {
                write!(f, "pieces {first} and {second} have the same letter")
            }
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
                write!(f, "promotions[{rule}] has no choices")
            }
            TableError::DuplicatePromotionChoice { rule, choice } => {
                write!(f, "promotions[{rule}] lists the choice {choice:?} twice")
            }
            TableError::HandWithoutDrops { rule } => write!(
                f,
                "promotions[{rule}] promotes to hand, but the table has no drops"
            ),
            TableError::RoyalPromotes { rule, piece } => {
                write!(
                    f,
                    "promotions[{rule}] promotes piece {piece}, which is royal"
                )
            }
            TableError::PromotionToRoyal { rule, piece } => {
                write!(
                    f,
                    "promotions[{rule}] promotes to piece {piece}, which is royal"
                )
            }
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
            TableError::CastlingCount(n) => write!(
                f,
                "at most {} castling rules are allowed, not {n}",
                t::MAX_CASTLING
            ),
            TableError::Castling { rule, problem } => write!(f, "castling[{rule}]: {problem}"),
            TableError::RepetitionCount(n) => {
                write!(f, "end.repetition.count is {n}; it must be at least 2")
            }
            TableError::RepetitionClaim { claim, count } => write!(
                f,
                "end.repetition.claim is {claim}; it must be from 2 to the count ({count})"
            ),
            TableError::MoveLimit(n) => write!(
                f,
                "end.move_limit is {n}; it must be from 1 to {}",
                t::MAX_MOVE_LIMIT
            ),
        }
    }
}

impl std::error::Error for TableError {}

/// A FEN that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// What is wrong, for the user.
    pub message: String,
}

impl ParseFenError {
    pub(crate) fn new(message: impl Into<String>) -> ParseFenError {
        ParseFenError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.message)
    }
}

impl std::error::Error for ParseFenError {}

/// A setup that is not a legal position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// What is wrong, for the user.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal position: {}", self.message)
    }
}

impl std::error::Error for PositionError {}

/// A move that could not be read or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The move as given.
    pub text: String,
    /// Why it was rejected.
    pub reason: String,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot play `{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for PlayError {}
