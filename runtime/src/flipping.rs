//! Conversion: moves and drops that turn enemy pieces into the mover's
//! (the language's `flips` item and the drop conditions that go with it).
//!
//! The table part is [`FlippingTable`] (`flipping` in the JSON, absent in a
//! variant without it). A variant without it never looks at this module:
//! the move generator and `make` test one `Option`.

use serde::{Deserialize, Serialize};

use crate::bits::{bit, Bits, Sq, Width};
use crate::error::TableError;
use crate::table::TableParts;
use crate::variant::Set;

/// Which enemy pieces a move flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FlipKind {
    /// The enemy pieces enclosed along a line (orthogonal or diagonal)
    /// between the square the piece lands on and another piece of the
    /// mover's, with no empty square between (reversi).
    Enclosed,
    /// The enemy pieces on the squares next to the square the piece lands
    /// on, orthogonally or diagonally (ataxx).
    Adjacent,
}

/// How moves convert pieces, and the drop conditions that go with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlippingTable {
    /// Which enemy pieces every move and drop flips (after it is played).
    /// Absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flips: Option<FlipKind>,
    /// A drop is legal only where it flips at least one piece (by
    /// `flips`). Absent means `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drop_must_flip: bool,
    /// A drop is legal only on a square next to (orthogonally or
    /// diagonally) a piece of the dropping side. Absent means `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drop_next_to_own: bool,
    /// A drop flips (by `flips`) only where it lands next to (orthogonally
    /// or diagonally) a piece of the dropping side; a move on the board
    /// always flips. Absent means `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drop_flips_only_next_to_own: bool,
    /// A drop is illegal on a square orthogonally next to a piece of the
    /// opponent. Absent means `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drop_not_beside_enemy: bool,
    /// While a square of this set is empty, drops go there only and the
    /// drop conditions above do not apply. Absent: empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop_first_on: Vec<u16>,
}

/// The eight directions of a line or a neighbour, as cell steps.
const DIRS: [[i16; 2]; 8] = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
];

/// The flipping rules as the runtime plays them.
#[derive(Clone, Debug)]
pub(crate) struct Flipping<W: Width> {
    pub(crate) flips: Option<FlipKind>,
    pub(crate) must_flip: bool,
    pub(crate) next_to_own: bool,
    pub(crate) flips_only_next_to_own: bool,
    pub(crate) not_beside_enemy: bool,
    pub(crate) first_on: Set<W>,
    /// `lines[s * 8 + d]`: the squares from `s` (not included) outward in
    /// direction `d`, up to the rim or a hole.
    lines: Vec<Vec<Sq>>,
    /// `near[s]`: the squares next to `s`.
    near: Vec<Set<W>>,
    /// `beside[s]`: the squares orthogonally next to `s`.
    beside: Vec<Set<W>>,
}

impl<W: Width> Flipping<W> {
    /// The runtime's flipping rules from the table's (`None` without them).
    #[cold]
    #[inline(never)]
    pub(crate) fn build(p: &TableParts) -> Option<Box<Flipping<W>>> {
        let f = p.flipping.as_ref()?;
        let b = &p.board;
        let (w, h) = (i16::from(b.width), i16::from(b.height));
        let mut at = vec![None; (w * h) as usize];
        for (s, info) in b.squares.iter().enumerate() {
            let [x, y] = info.cells[0];
            at[usize::from(y) * w as usize + usize::from(x)] = Some(s as Sq);
        }
        let square = |x: i16, y: i16| {
            if x < 0 || y < 0 || x >= w || y >= h {
                None
            } else {
                at[(y * w + x) as usize]
            }
        };
        let mut lines = Vec::with_capacity(b.squares.len() * 8);
        let mut near = Vec::with_capacity(b.squares.len());
        let mut beside = Vec::with_capacity(b.squares.len());
        for info in &b.squares {
            let [x, y] = info.cells[0].map(i16::from);
            let mut n = Set::<W>::EMPTY;
            let mut o = Set::<W>::EMPTY;
            for [dx, dy] in DIRS {
                let mut line = Vec::new();
                let (mut cx, mut cy) = (x + dx, y + dy);
                while let Some(s) = square(cx, cy) {
                    line.push(s);
                    cx += dx;
                    cy += dy;
                }
                if let Some(&s) = line.first() {
                    n |= bit(s);
                    if dx == 0 || dy == 0 {
                        o |= bit(s);
                    }
                }
                lines.push(line);
            }
            near.push(n);
            beside.push(o);
        }
        Some(Box::new(Flipping {
            flips: f.flips,
            must_flip: f.drop_must_flip,
            next_to_own: f.drop_next_to_own,
            flips_only_next_to_own: f.drop_flips_only_next_to_own,
            not_beside_enemy: f.drop_not_beside_enemy,
            first_on: f
                .drop_first_on
                .iter()
                .fold(Set::<W>::EMPTY, |m, &s| m | bit::<Set<W>>(s as Sq)),
            lines,
            near,
            beside,
        }))
    }

    /// The enemy pieces (of `theirs`) that a piece of the side owning
    /// `ours` flips by landing on `to`.
    pub(crate) fn flipped(&self, to: Sq, ours: Set<W>, theirs: Set<W>) -> Set<W> {
        match self.flips {
            None => Set::<W>::EMPTY,
            Some(FlipKind::Adjacent) => self.near[to as usize] & theirs,
            Some(FlipKind::Enclosed) => {
                let mut out = Set::<W>::EMPTY;
                for line in &self.lines[to as usize * 8..to as usize * 8 + 8] {
                    let mut run = Set::<W>::EMPTY;
                    for &s in line {
                        if (theirs & bit(s)).any() {
                            run |= bit(s);
                        } else {
                            if (ours & bit(s)).any() {
                                out |= run;
                            }
                            break;
                        }
                    }
                }
                out
            }
        }
    }

    /// The enemy pieces (of `theirs`) that a drop on `to` by the side
    /// owning `ours` flips: none when the flips of drops need a piece of
    /// the side next to `to` and none is there.
    pub(crate) fn dropped(&self, to: Sq, ours: Set<W>, theirs: Set<W>) -> Set<W> {
        if self.flips_only_next_to_own && !(self.near[to as usize] & ours).any() {
            return Set::<W>::EMPTY;
        }
        self.flipped(to, ours, theirs)
    }

    /// Where a side with pieces `ours` may drop, the opponent having
    /// `theirs`, by these rules alone.
    pub(crate) fn drop_mask(&self, all: Set<W>, ours: Set<W>, theirs: Set<W>) -> Set<W> {
        let empty = all & !(ours | theirs);
        if (self.first_on & empty).any() {
            return self.first_on;
        }
        let mut to = all;
        if self.next_to_own {
            let mut n = Set::<W>::EMPTY;
            for s in crate::bits::Squares(ours) {
                n |= self.near[s as usize];
            }
            to &= n;
        }
        if self.not_beside_enemy {
            let mut n = Set::<W>::EMPTY;
            for s in crate::bits::Squares(theirs) {
                n |= self.beside[s as usize];
            }
            to &= !n;
        }
        if self.must_flip {
            let mut m = Set::<W>::EMPTY;
            for s in crate::bits::Squares(to & empty) {
                if self.dropped(s, ours, theirs).any() {
                    m |= bit(s);
                }
            }
            to = m;
        }
        to
    }
}

/// [`crate::table`]'s validation of the `flipping` part: squares that
/// exist, and a drop condition that needs flips has them.
pub(crate) fn validate(p: &TableParts) -> Result<(), TableError> {
    let Some(f) = &p.flipping else { return Ok(()) };
    let nsq = p.board.squares.len();
    if let Some(&s) = f.drop_first_on.iter().find(|&&s| s as usize >= nsq) {
        return Err(TableError::SquareIndex {
            at: crate::error::Field::Flipping,
            square: s,
        });
    }
    Ok(())
}
