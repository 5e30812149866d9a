//! The fairyc runtime: it reads a variant's lowered move table and plays it.
//!
//! The runtime knows nothing of the `.variant` language: it loads
//! [`VariantTables`] (made by the compiler, or read from JSON with
//! [`VariantTables::from_json`]), prepares them as a [`Variant`], and then
//! gives legal moves, drops, promotions, check, game end and perft for any
//! [`Position`]. The JSON format is documented in `docs/table-format.md`;
//! `fairyc compile FILE.variant -o FILE.json` writes it.
//!
//! # Examples
//!
//! Load a table and generate moves (`examples/chess.json` is what `fairyc
//! compile variants/chess.variant` writes):
//!
//! ```
//! use fairyc_runtime::{perft, Color, MoveList, Position, Variant, VariantTables};
//!
//! let json = include_str!("../examples/chess.json");
//! let variant = Variant::new(VariantTables::from_json(json)?)?;
//! let pos = Position::new(&variant)?;
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(perft(&pos, 3), 8902);
//!
//! // Squares and piece types are typed ids that only the variant makes.
//! let e1 = variant.square_by_name("e1").expect("a square of chess");
//! let king = pos.piece_at(e1).expect("the white king");
//! assert_eq!((variant.piece_name(king.piece), king.color), ("King", Color::White));
//! assert_eq!(variant.square(64), None); // chess has 64 squares
//!
//! // Move generation without allocating, into a list on the stack.
//! let mut moves = MoveList::new();
//! pos.legal_moves_into(&mut moves);
//! assert_eq!(moves.len(), 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Typed ids
//!
//! A [`Square`] and a [`PieceType`] are indices into one variant's tables,
//! made only by that [`Variant`] ([`Variant::square`],
//! [`Variant::square_by_name`], [`Variant::squares`], [`Variant::piece`],
//! [`Variant::piece_by_letter`], [`Variant::piece_by_symbol`], [`Variant::piece_by_name`],
//! [`Variant::pieces`]): an index out of range gives `None`, so an
//! out-of-range argument cannot be written. A square or piece type of
//! another variant that is none of this one is answered as none (`None`,
//! `0`, `"?"`), never with a panic. Their width is private: a [`Square`]
//! holds up to 65 536 squares and a [`PieceType`] up to 256 types, above the
//! limits the tables have today ([`table::MAX_SQUARES`],
//! [`table::MAX_PIECES`]), which [`Variant::new`] checks. Data per side is a
//! [`ByColor`], indexed by [`Color`].
//!
//! Play moves given in the notation fairyc prints, and detect the end of
//! the game:
//!
//! ```
//! use fairyc_runtime::{Color, EndReason, Position, Variant, VariantTables};
//!
//! # let json = include_str!("../examples/chess.json");
//! let variant = Variant::new(VariantTables::from_json(json)?)?;
//! let mut pos = Position::new(&variant)?;
//! for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     let m = pos.parse_uci(text)?; // an illegal move is an error
//!     pos.play(m)?;
//! }
//! assert!(pos.is_check());
//! let result = pos.outcome().expect("the game is over");
//! assert_eq!(result.winner, Some(Color::Black));
//! assert_eq!(result.reason, EndReason::Checkmate);
//! assert_eq!(pos.fen(), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Search without allocating: generate into a [`MoveList`] on the stack,
//! and take moves back with [`Position::make`] / [`Position::unmake`] (or
//! copy the position, which is a few hundred bytes):
//!
//! ```
//! use fairyc_runtime::{MoveList, Position, Variant, VariantTables};
//!
//! fn count(pos: &mut Position<'_>, depth: usize) -> u64 {
//!     if depth == 0 {
//!         return 1;
//!     }
//!     let mut moves = MoveList::new();
//!     pos.legal_moves_into(&mut moves);
//!     let mut n = 0;
//!     for &m in moves.iter() {
//!         let undo = pos.make(m);
//!         n += count(pos, depth - 1);
//!         pos.unmake(undo);
//!     }
//!     n
//! }
//!
//! # let json = include_str!("../examples/chess.json");
//! let variant = Variant::new(VariantTables::from_json(json)?)?;
//! let mut pos = Position::new(&variant)?;
//! assert_eq!(count(&mut pos, 3), 8902);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! (Unlike [`perft`], this sketch does not stop at positions a rule has
//! ended; see [`Position::rule_outcome`].) The `examples/` folder has a
//! perft over any table and a random mover speaking minimal UCI to start an
//! engine from.
//!
//! # Stability
//!
//! The table format is versioned (`"format"`, [`FORMAT_VERSION`]): within a
//! version, fields are only added, optional, and written only when used, so
//! a table that needs no newer feature reads in older readers of the same
//! version; a field's removal or change of meaning bumps the version. The
//! Rust API follows semantic versioning: before 1.0, a release that breaks
//! a public item bumps the minor version (0.2 → 0.3); patch releases only
//! add. See the README's "Stability" section.
#![warn(missing_docs)]

mod bits;
mod blast;
mod clock;
mod describe;
mod dispatch;
mod error;
mod flipping;
mod game;
mod ids;
mod movegen;
mod movelist;
mod perft;
mod position;
mod san;
mod setup;
pub mod suggest;
pub mod table;
mod types;
mod usi;
mod variant;
mod walling;

pub use blast::BlastTable;
pub use describe::{describe, reach, Reach};
pub use dispatch::{Position, Undo};
pub use error::{
    CastlingProblem, Field, HandRoute, Limit, NameOf, ParseFenError, PlayError, PlayErrorReason,
    PositionError, TableError,
};
pub use flipping::{FlipKind, FlippingTable};
pub use game::Game;
pub use ids::{ByColor, PieceType, Square, SquareIter};
pub use movelist::{IntoIter as MoveListIntoIter, MoveList, MOVE_LIST_INLINE};
pub use perft::{perft, perft_divide};
pub use position::{check_royal_count, MAX_HAND};
pub use san::SanError;
pub use setup::{FenHands, FenParts, FenReader, Placed, Setup, MAX_FULLMOVE, MAX_HALFMOVE};
pub use table::{TableParts, VariantTables, FORMAT_VERSION};
pub use types::{CastleGate, Color, EndReason, GameResult, Move, Promote, WallBase};
pub use usi::{sfen_to_fen, usi_to_uci};
pub use variant::Variant;
pub use walling::{WallPlace, WallingTable};
