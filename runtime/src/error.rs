//! The runtime's error types: small, span-free, each with `Display`.

use std::fmt;

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
