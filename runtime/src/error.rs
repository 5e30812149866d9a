//! The runtime's error types: small, span-free, each with `Display`.

use std::fmt;

use crate::types::{Color, GameResult};

/// Tables that break an invariant of the table format.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The JSON text could not be read.
    Json(String),
    /// Another format version.
    Version(u32),
    /// A board with no squares or more than [`crate::table::MAX_SQUARES`].
    BoardSize(usize),
    /// No piece types or more than [`crate::table::MAX_PIECES`].
    PieceCount(usize),
    /// An index out of range.
    Index(String),
    /// Another invariant.
    Invalid(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Json(e) => write!(f, "invalid table JSON: {e}"),
            TableError::Version(v) => write!(
                f,
                "table format version {v} is not supported (this runtime reads version {})",
                crate::table::FORMAT_VERSION
            ),
            TableError::BoardSize(n) => write!(
                f,
                "a board needs 1 to {} squares, not {n}",
                crate::table::MAX_SQUARES
            ),
            TableError::PieceCount(n) => write!(
                f,
                "a variant needs 1 to {} piece types, not {n}",
                crate::table::MAX_PIECES
            ),
            TableError::Index(what) => write!(f, "index out of range in tables: {what}"),
            TableError::Invalid(what) => write!(f, "invalid tables: {what}"),
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
    /// A letter in the hand names no piece of the variant.
    UnknownHandPiece(char),
    /// A royal piece in the hand.
    RoyalInHand(char),
    /// Hands in a FEN of a variant without drops.
    HandWithoutDrops,
    /// More of one piece in one hand than [`crate::MAX_HAND`].
    HandTooLarge {
        /// The piece letter (its case gives the side).
        letter: char,
    },
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
    /// A letter that names no piece of the variant.
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
        /// Column of the piece letter.
        column: usize,
        /// The piece letter.
        letter: char,
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
            ParseFenError::RowCount { expected, found } => {
                write!(f, "the board has {expected} rows, the FEN {found}")
            }
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
    /// A piece index the variant does not have (on the board or in hand).
    UnknownPiece(u8),
    /// A castling-rule index the variant does not have.
    UnknownCastling(u8),
    /// An en-passant square index off the board.
    UnknownSquare(u8),
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
        /// The square.
        square: String,
    },
    /// The side not to move is in check.
    OppositeCheck(Color),
    /// The half-move clock is above [`crate::MAX_HALFMOVE`].
    Halfmove(u32),
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
            PositionError::UnknownPiece(p) => write!(f, "unknown piece {p}"),
            PositionError::UnknownCastling(r) => write!(f, "unknown castling right {r}"),
            PositionError::UnknownSquare(s) => write!(f, "square {s} is not on the board"),
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
