//! [`MoveList`]: a move buffer on the stack.

use std::ops::{Deref, DerefMut};

use smallvec::SmallVec;

use crate::types::Move;

/// How many moves a [`MoveList`] holds without allocating.
///
/// No variant has a static bound on its number of legal moves (drops on a
/// large board with many piece types in hand can make thousands), so a list
/// that needs more moves than this moves them to the heap instead of failing;
/// a list that is cleared and filled again keeps that heap buffer.
pub const MOVE_LIST_INLINE: usize = 256;

/// A list of moves that lives on the stack up to [`MOVE_LIST_INLINE`] moves
/// (and only beyond that allocates): what
/// [`Position::legal_moves_into`](crate::Position::legal_moves_into) fills.
///
/// It dereferences to a slice of moves (`len`, `iter`, `contains`, indexing,
/// `sort_by_key`, …).
///
/// # Examples
///
/// ```
/// use fairyc_runtime::{MoveList, Position, Variant, VariantTables};
///
/// # let json = include_str!("../examples/chess.json");
/// let variant = Variant::new(VariantTables::from_json(json)?)?;
/// let pos = Position::new(&variant)?;
/// let mut moves = MoveList::new();
/// pos.legal_moves_into(&mut moves);
/// assert_eq!(moves.len(), 20);
/// assert!(moves.contains(&pos.parse_uci("g1f3")?));
/// moves.retain(|m| pos.variant().square_name(m.to()) == "f3");
/// assert_eq!(moves.len(), 2); // f2f3 and g1f3
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList(SmallVec<[Move; MOVE_LIST_INLINE]>);

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList(SmallVec::new())
    }

    /// Adds a move at the end.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        self.0.push(m);
    }

    /// Takes every move out, in order.
    pub(crate) fn drain_all(&mut self) -> Vec<Move> {
        self.0.drain(..).collect()
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Keeps the moves for which `keep` is true, in order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.0.retain(|m| keep(m));
    }

    /// Keeps the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Whether the moves have moved to the heap (the list once held more
    /// than [`MOVE_LIST_INLINE`]).
    pub fn spilled(&self) -> bool {
        self.0.spilled()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter(self.0.into_iter())
    }
}

/// The moves of a [`MoveList`], by value.
#[derive(Debug)]
pub struct IntoIter(smallvec::IntoIter<[Move; MOVE_LIST_INLINE]>);

impl Iterator for IntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for IntoIter {}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        MoveList(iter.into_iter().collect())
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}
