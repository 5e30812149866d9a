//! Walls placed by moves: each move of a variant with a `walling` table
//! part also puts a wall on an empty square, which then blocks the board
//! like a square occupied by neither side (the language's `walls` item).
//!
//! The table part is [`WallingTable`] (`walling` in the JSON, absent in a
//! variant without it). A variant without it never looks at this module:
//! the move generator tests one `Option`, and the position's wall set stays
//! empty.

use serde::{Deserialize, Serialize};

use crate::bits::{bit, Bits, Sq, Width};
use crate::error::TableError;
use crate::table::TableParts;
use crate::variant::Set;

/// Where a move's wall may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WallPlace {
    /// On the square the moving piece left.
    Past,
    /// On any empty square.
    Anywhere,
    /// On an empty square the moved piece reaches from where it stopped,
    /// by its own quiet moves (the amazons' arrow).
    Reach,
    /// On any empty square, and the walls already on the board are lifted:
    /// one wall that each move moves (the duck).
    Moving,
}

/// How the moves place walls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallingTable {
    /// Where the wall goes.
    pub place: WallPlace,
    /// `squares[side]`: the squares where the side's walls may go. Absent:
    /// every square of the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squares: Option<[Vec<u16>; 2]>,
}

/// The walling rule as the runtime plays it.
#[derive(Clone, Debug)]
pub(crate) struct Walling<W: Width> {
    pub(crate) place: WallPlace,
    /// `region[side]`: [`WallingTable::squares`] as sets (every square if
    /// absent).
    pub(crate) region: [Set<W>; 2],
}

impl<W: Width> Walling<W> {
    /// The runtime's walling rule from the table's (`None` without one).
    #[cold]
    #[inline(never)]
    pub(crate) fn build(p: &TableParts) -> Option<Box<Walling<W>>> {
        let w = p.walling.as_ref()?;
        let all = (0..p.board.squares.len()).fold(Set::<W>::EMPTY, |m, s| m | bit(s as Sq));
        let region = match &w.squares {
            None => [all, all],
            Some(sides) => [0, 1].map(|side| {
                sides[side]
                    .iter()
                    .fold(Set::<W>::EMPTY, |m, &s| m | bit::<Set<W>>(s as Sq))
            }),
        };
        Some(Box::new(Walling {
            place: w.place,
            region,
        }))
    }
}

/// [`crate::table`]'s validation of the `walling` part: squares that exist.
pub(crate) fn validate(p: &TableParts) -> Result<(), TableError> {
    let Some(w) = &p.walling else { return Ok(()) };
    let nsq = p.board.squares.len();
    if let Some(&s) = w
        .squares
        .iter()
        .flatten()
        .flatten()
        .find(|&&s| s as usize >= nsq)
    {
        return Err(TableError::SquareIndex {
            at: crate::error::Field::Walling,
            square: s,
        });
    }
    Ok(())
}
