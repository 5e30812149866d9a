//! The fairyc runtime: it reads a variant's lowered move table and plays it.
//!
//! The runtime knows nothing of the `.variant` language: it loads
//! [`VariantTables`] (made by the compiler, or read from JSON with
//! [`VariantTables::from_json`]), prepares them as a [`Variant`], and then
//! gives legal moves, drops, promotions, check, game end and perft for any
//! [`Position`].
//!
//! ```
//! # use fairyc_runtime::{perft, Position, Variant, VariantTables};
//! # fn demo(json: &str) -> Result<(), Box<dyn std::error::Error>> {
//! let variant = Variant::new(VariantTables::from_json(json)?)?;
//! let pos = Position::new(&variant)?;
//! for m in pos.legal_moves() {
//!     println!("{}", pos.uci(m));
//! }
//! println!("perft 3: {}", perft(&pos, 3));
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]

mod bits;
mod describe;
mod error;
mod game;
mod movegen;
mod perft;
mod position;
mod setup;
pub mod table;
mod types;
mod usi;
mod variant;

pub use bits::{bit, SquareSet, Squares};
pub use describe::{describe, reach, Reach};
pub use error::{
    CastlingProblem, Field, HandRoute, Limit, NameOf, ParseFenError, PlayError, PlayErrorReason,
    PositionError, TableError,
};
pub use game::Game;
pub use perft::{perft, perft_divide};
pub use position::{check_royal_count, Position, Undo, MAX_HAND};
pub use setup::{Placed, Setup, MAX_FULLMOVE, MAX_HALFMOVE};
pub use table::{TableParts, VariantTables, FORMAT_VERSION};
pub use types::{CastleGate, Color, EndReason, GameResult, Move, Promote};
pub use usi::{sfen_to_fen, usi_to_uci};
pub use variant::Variant;
