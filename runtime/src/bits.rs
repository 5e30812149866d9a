//! Bit sets (square sets and piece-type masks) and the two widths the
//! runtime is built in.
//!
//! A variant is played at one [`Width`], chosen once when it is loaded
//! ([`crate::Variant::new`]): [`Small`] (a `u64` square set, `u32` piece
//! masks, a byte per board square) for boards of at most
//! [`Small::MAX_SQUARES`] squares (8×8 and smaller) and
//! [`Small::MAX_PIECES`] piece types, [`Narrow`] (the same with a `u128`
//! square set) for boards of at most
//! [`Narrow::MAX_SQUARES`] squares and [`Narrow::MAX_PIECES`] piece types,
//! [`Mid`] (256-bit square sets, `u128` piece masks) for boards of at most
//! [`Mid::MAX_SQUARES`] squares, [`Wide`] otherwise (up to
//! [`crate::table::MAX_SQUARES`] squares and [`crate::table::MAX_PIECES`]
//! piece types). The move generator, the
//! position and perft are generic over the width and monomorphic inside, so
//! an 8×8 variant runs exactly the code it ran before wide boards existed.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};
use std::ops::{Index, IndexMut};

use crate::ids::{SetIter, SquareIter};

/// The runtime's internal square: an index into the table's squares.
pub(crate) type Sq = u16;

/// A fixed-size bit set: bit `i` is member `i` (a square, or a piece type).
pub(crate) trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Default
{
    /// No member.
    const EMPTY: Self;
    /// Every member the type can hold.
    const FULL: Self;

    /// The set holding only `i` (`i < CAPACITY`).
    fn bit(i: usize) -> Self;
    /// Whether the set has a member.
    fn any(self) -> bool;
    /// The number of members.
    fn count(self) -> u32;
    /// The lowest member (the set must not be empty).
    fn lowest(self) -> usize;
    /// Removes the lowest member (the set must not be empty).
    fn clear_lowest(&mut self);

    /// Whether the set is empty.
    #[inline(always)]
    fn is_empty(self) -> bool {
        !self.any()
    }

    /// Whether `i` is a member.
    #[inline(always)]
    fn has(self, i: impl Into<usize>) -> bool {
        (self & Self::bit(i.into())).any()
    }

    /// The set of members `0..n` (`n <= CAPACITY`).
    fn below(n: usize) -> Self {
        (0..n).fold(Self::EMPTY, |m, i| m | Self::bit(i))
    }
}

macro_rules! int_bits {
    ($t:ty) => {
        impl Bits for $t {
            const EMPTY: $t = 0;
            const FULL: $t = <$t>::MAX;

            #[inline(always)]
            fn bit(i: usize) -> $t {
                1 << i
            }

            #[inline(always)]
            fn any(self) -> bool {
                self != 0
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }

            #[inline(always)]
            fn clear_lowest(&mut self) {
                *self &= *self - 1;
            }

            #[inline(always)]
            fn has(self, i: impl Into<usize>) -> bool {
                self & (1 << i.into()) != 0
            }

            #[inline]
            fn below(n: usize) -> $t {
                if n >= <$t>::BITS as usize {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
        }
    };
}

int_bits!(u32);
int_bits!(u64);
int_bits!(u128);

/// The number of 64-bit words of a [`Wide`] square set.
const WIDE_WORDS: usize = 16;

/// The number of 64-bit words of a [`Mid`] square set.
const MID_WORDS: usize = 4;

/// A set of up to `64 * N` members, for large boards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct WideSet<const N: usize>([u64; N]);

impl<const N: usize> Default for WideSet<N> {
    fn default() -> Self {
        WideSet([0; N])
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<const N: usize> $tr for WideSet<N> {
            type Output = WideSet<N>;
            #[inline(always)]
            fn $f(self, o: WideSet<N>) -> WideSet<N> {
                WideSet(std::array::from_fn(|i| self.0[i] $op o.0[i]))
            }
        }
        impl<const N: usize> $tra for WideSet<N> {
            #[inline(always)]
            fn $fa(&mut self, o: WideSet<N>) {
                for (a, b) in self.0.iter_mut().zip(o.0) {
                    *a = *a $op b;
                }
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl<const N: usize> BitXor for WideSet<N> {
    type Output = WideSet<N>;
    #[inline(always)]
    fn bitxor(self, o: WideSet<N>) -> WideSet<N> {
        WideSet(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl<const N: usize> Not for WideSet<N> {
    type Output = WideSet<N>;
    #[inline(always)]
    fn not(self) -> WideSet<N> {
        WideSet(self.0.map(|w| !w))
    }
}

impl<const N: usize> Bits for WideSet<N> {
    const EMPTY: WideSet<N> = WideSet([0; N]);
    const FULL: WideSet<N> = WideSet([u64::MAX; N]);

    #[inline(always)]
    fn bit(i: usize) -> WideSet<N> {
        let mut w = [0; N];
        w[i / 64] = 1 << (i % 64);
        WideSet(w)
    }

    #[inline(always)]
    fn any(self) -> bool {
        self.0.iter().any(|&w| w != 0)
    }

    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    fn lowest(self) -> usize {
        let i = self.0.iter().position(|&w| w != 0).unwrap_or(N - 1);
        i * 64 + self.0[i].trailing_zeros() as usize
    }

    #[inline]
    fn clear_lowest(&mut self) {
        if let Some(w) = self.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
    }

    #[inline(always)]
    fn has(self, i: impl Into<usize>) -> bool {
        let i = i.into();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
}

/// The set holding only square (or piece) `s`.
#[inline(always)]
pub(crate) fn bit<S: Bits>(s: impl Into<usize>) -> S {
    S::bit(s.into())
}

/// The set of the given squares.
pub(crate) fn set_of<S: Bits>(squares: &[Sq]) -> S {
    squares.iter().fold(S::EMPTY, |acc, &s| acc | bit(s))
}

/// The set of the given piece types.
pub(crate) fn mask_of<M: Bits>(pieces: &[u8]) -> M {
    pieces.iter().fold(M::EMPTY, |acc, &p| acc | bit(p))
}

/// Iterates over the members of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Squares<S>(pub S);

impl<S: Bits> Iterator for Squares<S> {
    type Item = Sq;

    #[inline(always)]
    fn next(&mut self) -> Option<Sq> {
        if self.0.is_empty() {
            None
        } else {
            let s = self.0.lowest() as Sq;
            self.0.clear_lowest();
            Some(s)
        }
    }
}

/// The board: one code per square (`0` empty, else `1 + (piece << 1 |
/// side)`, see [`crate::position`]).
pub(crate) trait Board: Copy + Debug + Send + Sync + 'static {
    /// Every square empty.
    const EMPTY: Self;
    /// The code on square `s`.
    fn get(&self, s: usize) -> u16;
    /// Puts code `c` on square `s`.
    fn set(&mut self, s: usize, c: u16);
}

impl<const N: usize> Board for [u8; N] {
    const EMPTY: Self = [0; N];

    #[inline(always)]
    fn get(&self, s: usize) -> u16 {
        u16::from(self[s])
    }

    #[inline(always)]
    fn set(&mut self, s: usize, c: u16) {
        self[s] = c as u8;
    }
}

impl<const N: usize> Board for [u16; N] {
    const EMPTY: Self = [0; N];

    #[inline(always)]
    fn get(&self, s: usize) -> u16 {
        self[s]
    }

    #[inline(always)]
    fn set(&mut self, s: usize, c: u16) {
        self[s] = c;
    }
}

/// A hand: how many of each piece type.
pub(crate) trait Hand:
    Copy + Debug + Send + Sync + 'static + Index<usize, Output = u8> + IndexMut<usize> + AsRef<[u8]>
{
    /// No piece.
    const EMPTY: Self;
}

impl Hand for [u8; 32] {
    const EMPTY: Self = [0; 32];
}

impl Hand for [u8; 128] {
    const EMPTY: Self = [0; 128];
}

/// The types a variant is played with: its square sets, piece masks, board
/// and hands. See the module documentation.
pub(crate) trait Width: Copy + Debug + Default + Send + Sync + 'static {
    /// A set of squares.
    type Set: Bits;
    /// A set of piece types.
    type Mask: Bits;
    /// The board.
    type Board: Board;
    /// One side's hand.
    type Hand: Hand;
    /// The most squares a board of this width has.
    const MAX_SQUARES: usize;
    /// The most piece types.
    const MAX_PIECES: usize;
    /// The public iterator over the squares of `set`.
    fn square_iter(set: Self::Set) -> SquareIter;
}

/// Boards of up to 64 squares with up to 32 piece types (8×8 and smaller):
/// a square set is one machine word.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Small;

impl Width for Small {
    type Set = u64;
    type Mask = u32;
    type Board = [u8; 64];
    type Hand = [u8; 32];
    const MAX_SQUARES: usize = 64;
    const MAX_PIECES: usize = 32;

    #[inline(always)]
    fn square_iter(set: u64) -> SquareIter {
        SquareIter(SetIter::Small(Squares(set)))
    }
}

/// Boards of 65 to 128 squares with up to 32 piece types (all but the
/// largest shipped variants).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Narrow;

impl Width for Narrow {
    type Set = u128;
    type Mask = u32;
    type Board = [u8; 128];
    type Hand = [u8; 32];
    const MAX_SQUARES: usize = 128;
    const MAX_PIECES: usize = 32;

    #[inline(always)]
    fn square_iter(set: u128) -> SquareIter {
        SquareIter(SetIter::Narrow(Squares(set)))
    }
}

/// Boards of 129 to 256 squares (or of more than 32 piece types) with up
/// to [`crate::table::MAX_PIECES`] piece types: 12×12, 13×13, 16×16.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Mid;

impl Width for Mid {
    type Set = WideSet<MID_WORDS>;
    type Mask = u128;
    type Board = [u16; 64 * MID_WORDS];
    type Hand = [u8; 128];
    const MAX_SQUARES: usize = 64 * MID_WORDS;
    const MAX_PIECES: usize = 128;

    #[inline(always)]
    fn square_iter(set: WideSet<MID_WORDS>) -> SquareIter {
        SquareIter(SetIter::Mid(Squares(set)))
    }
}

/// Boards up to [`crate::table::MAX_SQUARES`] squares with up to
/// [`crate::table::MAX_PIECES`] piece types.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Wide;

impl Width for Wide {
    type Set = WideSet<WIDE_WORDS>;
    type Mask = u128;
    type Board = [u16; 64 * WIDE_WORDS];
    type Hand = [u8; 128];
    const MAX_SQUARES: usize = 64 * WIDE_WORDS;
    const MAX_PIECES: usize = 128;

    #[inline(always)]
    fn square_iter(set: WideSet<WIDE_WORDS>) -> SquareIter {
        SquareIter(SetIter::Wide(Squares(set)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type WideSet = super::WideSet<WIDE_WORDS>;

    #[test]
    fn wide_sets_agree_with_u128_below_128() {
        let a: u128 = (1u128 << 3) | (1u128 << 64) | (1u128 << 127);
        let b: u128 = (1u128 << 64) | (1u128 << 5);
        let w = |x: u128| Squares(x).fold(WideSet::EMPTY, |m, s| m | bit::<WideSet>(s));
        let back = |x: WideSet| Squares(x).collect::<Vec<_>>();
        assert_eq!(back(w(a) & w(b)), Squares(a & b).collect::<Vec<_>>());
        assert_eq!(back(w(a) | w(b)), Squares(a | b).collect::<Vec<_>>());
        assert_eq!(back(w(a) ^ w(b)), Squares(a ^ b).collect::<Vec<_>>());
        assert_eq!((!w(a)).count(), 1024 - 3);
        assert_eq!(w(a).lowest(), 3);
        assert!(w(a).has(127usize) && !w(a).has(126usize));
    }

    #[test]
    fn wide_sets_reach_their_last_member() {
        let s = bit::<WideSet>(1023usize) | bit(700usize);
        assert_eq!(Squares(s).collect::<Vec<_>>(), [700, 1023]);
        assert_eq!(WideSet::below(625).count(), 625);
        assert_eq!(u128::below(128), u128::MAX);
        assert_eq!(u32::below(3), 7);
    }

    #[test]
    fn mid_sets_reach_their_last_member() {
        let s = bit::<super::WideSet<MID_WORDS>>(255usize) | bit(130usize) | bit(3usize);
        assert_eq!(Squares(s).collect::<Vec<_>>(), [3, 130, 255]);
        assert_eq!((!s).count(), 256 - 3);
        assert_eq!(super::WideSet::<MID_WORDS>::below(144).count(), 144);
        assert!(s.has(130usize) && !s.has(129usize));
    }
}
