//! Perft: counting the leaves of the legal move tree.

use crate::bits::Width;
use crate::dispatch::{At, Position};
use crate::movelist::MoveList;
use crate::position::Pos;
use crate::types::Move;

/// Counts the leaves of the legal move tree at exactly `depth` plies.
///
/// Children are played by copy-make (a `Position` is a few hundred bytes),
/// which measured faster here than [`Position::make`]/[`Position::unmake`].
///
/// Semantics (as Fairy-Stockfish): a position whose game has ended by a rule
/// (checkmate, stalemate, a goal reached) has no moves; repetition and the
/// n-move rule are not applied. The last ply is counted in bulk, drops
/// arithmetically where no drop rule needs a test.
///
/// # Examples
///
/// ```
/// # use fairyc_runtime::{perft, Position, Variant, VariantTables};
/// # let json = include_str!("../examples/chess.json");
/// let variant = Variant::new(VariantTables::from_json(json).unwrap()).unwrap();
/// let pos = Position::new(&variant).expect("start position");
/// assert_eq!(perft(&pos, 0), 1);
/// assert_eq!(perft(&pos, 2), 400);
/// ```
pub fn perft(pos: &Position<'_>, depth: u32) -> u64 {
    match &pos.at {
        At::Small(p) => perft_at(p, depth),
        At::Narrow(p) => perft_at(p, depth),
        At::Mid(p) => perft_at(p, depth),
        At::Wide(p) => perft_at(p, depth),
    }
}

/// [`perft`] at one width: the recursion never dispatches.
fn perft_at<W: Width>(pos: &Pos<'_, W>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.rule_outcome().is_some() {
        return 0;
    }
    // One move list per node, on the stack: no allocation unless a node
    // has more than `MOVE_LIST_INLINE` moves.
    let mut buf = MoveList::new();
    if depth == 1 {
        return pos.count_legal(&mut buf);
    }
    pos.gen(&mut buf, true);
    let mut total = 0;
    for &m in buf.iter() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        total += perft_at(&next, depth - 1);
    }
    total
}

/// Perft split by root move: `(move, leaves)` for each legal move, in the
/// order of [`Position::legal_moves`].
pub fn perft_divide(pos: &Position<'_>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 || pos.rule_outcome().is_some() {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (m, perft(&next, depth - 1))
        })
        .collect()
}
