//! Capture effects: a capture that also removes the pieces around its
//! square (a blast), the capturing piece included.
//!
//! The table part is [`BlastTable`] (`blast` in the JSON, absent in a
//! variant without it). A variant without a blast never looks at this
//! module: the move generator and `play_unchecked` test one `Option`.

use serde::{Deserialize, Serialize};

use crate::bits::{bit, mask_of, Bits, Sq, Width};
use crate::error::TableError;
use crate::table::TableParts;
use crate::variant::{Mask, Set};

/// What a capture removes besides the captured piece, and what it leaves:
/// a capturing piece of a `petrify` type turns into a wall.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlastTable {
    /// `reach[s]`: the squares, besides `s` itself, whose pieces a capture
    /// on `s` removes (one list per square of the board). Empty (no list
    /// at all): a capture removes nothing around it, nor the capturer
    /// unless it petrifies.
    pub reach: Vec<Vec<u16>>,
    /// Piece types a blast never removes, not even the capturing piece.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub immune: Vec<u8>,
    /// Piece types a blast removes only on the capture square itself (as
    /// the capturer): a capture next to them leaves them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spared: Vec<u8>,
    /// Piece types that turn into a wall (a placed wall, `*` in the FEN)
    /// on the square they capture on, when the capture (and its blast)
    /// removes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub petrify: Vec<u8>,
}

/// The blast as the runtime plays it.
#[derive(Clone, Debug)]
pub(crate) struct Blast<W: Width> {
    /// `reach[s]`: [`BlastTable::reach`] as square sets.
    pub(crate) reach: Vec<Set<W>>,
    /// Whether a capture blasts (`reach` given); else only a petrifying
    /// capturer goes.
    pub(crate) explodes: bool,
    pub(crate) immune: Mask<W>,
    pub(crate) spared: Mask<W>,
    pub(crate) petrify: Mask<W>,
}

impl<W: Width> Blast<W> {
    /// The runtime's blast from the table's (`None` without one); out of
    /// line, so that [`crate::variant::Rules::new`] keeps its inlining.
    #[cold]
    #[inline(never)]
    pub(crate) fn build(p: &TableParts) -> Option<Box<Blast<W>>> {
        let b = p.blast.as_ref()?;
        let explodes = !b.reach.is_empty();
        Some(Box::new(Blast {
            reach: if explodes {
                b.reach
                    .iter()
                    .map(|r| {
                        r.iter()
                            .fold(Set::<W>::EMPTY, |m, &s| m | bit::<Set<W>>(s as Sq))
                    })
                    .collect()
            } else {
                vec![Set::<W>::EMPTY; p.board.squares.len()]
            },
            explodes,
            immune: mask_of(&b.immune),
            spared: mask_of(&b.spared),
            petrify: mask_of(&b.petrify),
        }))
    }
}

/// [`crate::table`]'s validation of the `blast` part: one reach list per
/// square, squares and piece types that exist.
pub(crate) fn validate(p: &TableParts) -> Result<(), TableError> {
    let Some(b) = &p.blast else { return Ok(()) };
    let (nsq, np) = (p.board.squares.len(), p.pieces.len());
    if !b.reach.is_empty() && b.reach.len() != nsq {
        return Err(TableError::BlastReach {
            len: b.reach.len(),
            squares: nsq,
        });
    }
    if let Some(&s) = b.reach.iter().flatten().find(|&&s| s as usize >= nsq) {
        return Err(TableError::SquareIndex {
            at: crate::error::Field::Blast,
            square: s,
        });
    }
    if let Some(&x) = b
        .immune
        .iter()
        .chain(&b.spared)
        .chain(&b.petrify)
        .find(|&&x| x as usize >= np)
    {
        return Err(TableError::PieceIndex {
            at: crate::error::Field::Blast,
            piece: x,
        });
    }
    Ok(())
}
