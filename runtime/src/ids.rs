//! Typed ids: [`Square`], [`PieceType`], and [`ByColor`] for data per side.
//!
//! A square or a piece type is an index into one variant's tables, so only
//! the [`Variant`](crate::Variant) makes them, from an index or a name, and
//! an index out of range gives `None`. They are as cheap as the integers
//! inside (`#[repr(transparent)]`, every method inlined), and wider than the
//! tables of today need: a [`Square`] holds up to 65 536 squares (a 25×25
//! board has 625), a [`PieceType`] up to 256 piece types.

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::bits::{Bits, Mid, Narrow, Small, Sq, Squares, Wide, Width};
use crate::types::Color;

/// A square of one variant's board.
///
/// Made by [`Variant::square`](crate::Variant::square) (from an index),
/// [`Variant::square_by_name`](crate::Variant::square_by_name) and
/// [`Variant::squares`](crate::Variant::squares); valid only for the variant
/// that made it (a square of another variant names some other square of this
/// one, or none: the variant's methods then answer as for no square, and
/// never panic). [`Square::index`] is its place in the table's list of
/// squares, for indexing a caller's own arrays.
///
/// # Examples
///
/// ```
/// # use fairyc_runtime::{Variant, VariantTables};
/// # let json = include_str!("../examples/chess.json");
/// let variant = Variant::new(VariantTables::from_json(json)?)?;
/// let e4 = variant.square_by_name("e4").expect("a square of chess");
/// assert_eq!(variant.square_name(e4), "e4");
/// assert_eq!(variant.square(e4.index()), Some(e4));
/// assert_eq!(variant.square(64), None); // chess has 64 squares
/// assert_eq!(variant.squares().count(), 64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u16);

impl Square {
    /// The square's index in its table's list of squares (`0..square_count`).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square with the runtime's internal number `s`.
    #[inline(always)]
    pub(crate) const fn raw_new(s: Sq) -> Square {
        Square(s)
    }

    /// The runtime's internal number.
    #[inline(always)]
    pub(crate) const fn raw(self) -> Sq {
        self.0
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

/// A piece type of one variant (its place in the table's list of pieces):
/// the same for both sides and for a piece on the board or in hand.
///
/// Made by [`Variant::piece`](crate::Variant::piece) (from an index),
/// [`Variant::piece_by_letter`](crate::Variant::piece_by_letter),
/// [`Variant::piece_by_name`](crate::Variant::piece_by_name) and
/// [`Variant::pieces`](crate::Variant::pieces); valid only for the variant
/// that made it, as a [`Square`].
///
/// # Examples
///
/// ```
/// # use fairyc_runtime::{Variant, VariantTables};
/// # let json = include_str!("../examples/chess.json");
/// let variant = Variant::new(VariantTables::from_json(json)?)?;
/// let knight = variant.piece_by_letter('n').expect("chess has knights");
/// assert_eq!(variant.piece_name(knight), "Knight");
/// assert_eq!(variant.piece_letter(knight), 'N');
/// assert_eq!(variant.piece(knight.index()), Some(knight));
/// assert_eq!(variant.pieces().count(), variant.piece_count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct PieceType(u8);

impl PieceType {
    /// The piece type's index in its table's list of pieces
    /// (`0..piece_count`).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The piece type with the runtime's internal `u8` number `p`.
    #[inline(always)]
    pub(crate) const fn raw_new(p: u8) -> PieceType {
        PieceType(p)
    }

    /// The runtime's internal `u8` number.
    #[inline(always)]
    pub(crate) const fn raw(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for PieceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PieceType({})", self.0)
    }
}

/// One `T` for each side, indexed by [`Color`].
///
/// # Examples
///
/// ```
/// use fairyc_runtime::{ByColor, Color};
///
/// let mut material = ByColor::new(39, 31);
/// material[Color::Black] += 3;
/// assert_eq!(material[Color::Black], 34);
/// assert_eq!(material.map(|m| m * 10), ByColor::new(390, 340));
/// let lead: Vec<(Color, i32)> = material.iter().map(|(c, &m)| (c, m)).collect();
/// assert_eq!(lead, [(Color::White, 39), (Color::Black, 34)]);
/// assert_eq!(ByColor::from_fn(|c| c.name()), ByColor::new("white", "black"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}

impl<T> ByColor<T> {
    /// White's and Black's.
    #[inline(always)]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// `f(White)` and `f(Black)`.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }

    /// The side's.
    #[inline(always)]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The side's, to change.
    #[inline(always)]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// `f` applied to each side's.
    #[inline]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }

    /// Each side with its own, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }

    /// The same with the sides swapped: White gets Black's and Black
    /// White's (for a position seen from the other side).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairyc_runtime::ByColor;
    ///
    /// assert_eq!(ByColor::new(1, 2).into_flipped(), ByColor::new(2, 1));
    /// ```
    #[inline]
    pub fn into_flipped(self) -> ByColor<T> {
        ByColor {
            white: self.black,
            black: self.white,
        }
    }

    /// White's and Black's as an array (White first).
    #[inline(always)]
    pub fn into_array(self) -> [T; 2] {
        [self.white, self.black]
    }
}

impl<T> From<[T; 2]> for ByColor<T> {
    /// `[white, black]`.
    #[inline(always)]
    fn from([white, black]: [T; 2]) -> ByColor<T> {
        ByColor { white, black }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline(always)]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

impl<T> IntoIterator for ByColor<T> {
    type Item = (Color, T);
    type IntoIter = std::array::IntoIter<(Color, T), 2>;

    /// Each side with its own, White first.
    fn into_iter(self) -> Self::IntoIter {
        [(Color::White, self.white), (Color::Black, self.black)].into_iter()
    }
}

/// An iterator over a set of squares, lowest index first (the pieces of a
/// side: [`Position::occupied_by`](crate::Position::occupied_by)).
#[derive(Clone, Copy, Debug)]
pub struct SquareIter(pub(crate) SetIter);

/// The set behind a [`SquareIter`], at any width.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SetIter {
    Small(Squares<<Small as Width>::Set>),
    Narrow(Squares<<Narrow as Width>::Set>),
    Mid(Squares<<Mid as Width>::Set>),
    Wide(Squares<<Wide as Width>::Set>),
}

impl SquareIter {
    /// The squares of `set`.
    #[inline(always)]
    pub(crate) fn of<W: Width>(set: W::Set) -> SquareIter {
        W::square_iter(set)
    }
}

impl Iterator for SquareIter {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        match &mut self.0 {
            SetIter::Small(s) => s.next(),
            SetIter::Narrow(s) => s.next(),
            SetIter::Mid(s) => s.next(),
            SetIter::Wide(s) => s.next(),
        }
        .map(Square::raw_new)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match self.0 {
            SetIter::Small(s) => s.0.count(),
            SetIter::Narrow(s) => s.0.count(),
            SetIter::Mid(s) => s.0.count(),
            SetIter::Wide(s) => s.0.count(),
        } as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

/// The runtime's internal square `s` as a [`Square`].
#[inline(always)]
pub(crate) const fn sq(s: Sq) -> Square {
    Square::raw_new(s)
}

/// The runtime's internal `u8` piece type `p` as a [`PieceType`].
#[inline(always)]
pub(crate) const fn pt(p: u8) -> PieceType {
    PieceType::raw_new(p)
}
