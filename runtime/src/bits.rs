//! Square sets as `u128` bitsets.

/// A set of squares: bit `s` is square `s`.
pub type SquareSet = u128;

/// The set holding only `s`.
#[inline(always)]
pub fn bit(s: u8) -> SquareSet {
    1u128 << s
}

/// The set of the given squares.
pub fn set_of(squares: &[u8]) -> SquareSet {
    squares.iter().fold(0, |acc, &s| acc | bit(s))
}

/// Iterates over the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub SquareSet);

impl Iterator for Squares {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let s = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(s)
        }
    }
}
