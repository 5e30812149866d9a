//! Playing a blast (see [`crate::blast`]): the pieces it removes, the
//! royal pieces it shields, and the legality of a move that sets one off.

use super::*;
use crate::blast::Blast;

/// The squares whose pieces [`Pos::make`] keeps for a blast: where the
/// move starts, captures and ends, and the reach of its end.
pub(super) fn touched<W: Width>(pos: &Pos<'_, W>, b: &Blast<W>, m: Move) -> Set<W> {
    let (from, to) = match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to, .. } => (from.raw(), to.raw()),
        Move::Locust { from, to, .. } => (from.raw(), to.raw()),
        _ => return Set::<W>::EMPTY,
    };
    let via = match m {
        Move::Locust { via, .. } => bit(via.raw()),
        _ => Set::<W>::EMPTY,
    };
    b.reach[to as usize] | bit(to) | bit(from) | bit(pos.ep_victim) | via
}

impl<W: Width> Pos<'_, W> {
    /// What [`Pos::unmake`] needs to take back `m` where captures blast:
    /// for a capture, the squares it may change and the hands.
    #[cold]
    #[inline(never)]
    pub(super) fn blast_undo(&self, m: Move) -> Option<Box<BlastUndo<W>>> {
        let b = self.v.blast.as_deref()?;
        if !self.is_capture(m) {
            return None;
        }
        let squares = Squares(touched(self, b, m))
            .map(|s| {
                let promoted = (self.promoted & bit(s)).any();
                (s, self.board.get(s as usize), promoted)
            })
            .collect();
        Some(Box::new(BlastUndo {
            squares,
            hands: self.hands,
        }))
    }

    /// After a capture `m` where captures blast: the blast at its end.
    #[cold]
    #[inline(never)]
    /// `mover`: the moving piece's type before a promotion (`None`: the
    /// type that stands on the destination).
    pub(crate) fn blast_after(&mut self, m: Move, mover: Option<u8>) {
        let Some(b) = self.v.blast.as_deref() else {
            return;
        };
        if let Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Locust { to, .. } = m {
            let to = to.raw();
            let mover = mover.unwrap_or_else(|| code_piece(self.board.get(to as usize)));
            self.blast_at(b, to, mover);
        }
    }

    /// [`Pos::in_check_side`] where captures blast: a royal piece of `side`
    /// attacked and not shielded ([`Pos::shielded_by_blast`]). Out of line,
    /// so that variants without a blast keep their check test small.
    #[cold]
    #[inline(never)]
    pub(crate) fn in_check_blast(&self, side: usize) -> bool {
        let Some(b) = self.v.blast.as_deref() else {
            return false;
        };
        let occ = self.occupied();
        Squares(self.royals[side]).any(|k| {
            !self.shielded_by_blast(b, k, side) && self.attacked_by_capturers(b, k, side ^ 1, occ)
        })
    }

    /// [`Pos::attacked_any`] where captures have effects: a royal piece of
    /// `by` that would petrify cannot capture (it would leave its side
    /// without it), so it attacks nothing; it still blocks.
    pub(crate) fn attacked_by_capturers(
        &self,
        b: &Blast<W>,
        s: Sq,
        by: usize,
        occ: Set<W>,
    ) -> bool {
        if !b.petrify.any() {
            return self.attacked_any(s, by, occ);
        }
        let idle: Vec<Sq> = Squares(self.royals[by])
            .filter(|&r| b.petrify.has(code_piece(self.board.get(r as usize))))
            .collect();
        if idle.is_empty() {
            return self.attacked_any(s, by, occ);
        }
        let mut without = self.clone();
        for r in idle {
            without.board.set(r as usize, 0);
            without.by_side[by] &= !bit::<Set<W>>(r);
        }
        without.attacked_any(s, by, occ)
    }

    /// After a capture that ends on `to`: removes the capturing piece and
    /// the pieces in reach, but immune ones, and spared ones off `to`. A
    /// removed piece goes to its opponent's hand when captures go to hand;
    /// castling rights of its square go.
    #[cold]
    #[inline(never)]
    pub(crate) fn blast_at(&mut self, b: &Blast<W>, to: Sq, mover: u8) {
        let occ = self.by_side[0] | self.by_side[1];
        // A piece that promoted as it captured petrifies by its type
        // before the promotion (a pawn promoting on a capture stays).
        let petrify = b.petrify.has(mover);
        let area = if b.explodes {
            b.reach[to as usize] | bit(to)
        } else if petrify {
            bit(to)
        } else {
            return;
        };
        for s in Squares(area & occ) {
            let c = self.board.get(s as usize);
            let p = code_piece(c);
            if b.immune.has(p as usize) || (s != to && b.spared.has(p as usize)) {
                continue;
            }
            let (c, promoted) = self.take(s);
            if self.v.captures_to_hand {
                // To the hand of the side it did not belong to, as a capture
                // by that side would put it.
                let them = code_side(c) ^ 1;
                let turn = self.turn;
                self.turn = them;
                self.capture_to_hand(c, promoted);
                self.turn = turn;
            }
            self.castling &= !self.v.castle_clear[s as usize];
            if self.v.rights_by_square {
                self.clear_rights_by_square(s, s);
            }
            if s == to && petrify {
                // The capturer turns into a wall where it stood.
                self.walls |= bit(to);
                self.hash ^= self.v.keys.piece_sq[to as usize];
            }
        }
    }

    /// Whether the royal piece on `k` is safe from capture because a
    /// capture there would blast one of the capturer's own royal pieces:
    /// an enemy royal piece stands in reach of `k`.
    #[inline]
    pub(crate) fn shielded_by_blast(&self, b: &Blast<W>, k: Sq, side: usize) -> bool {
        (b.reach[k as usize] & self.royals[side ^ 1]).any()
    }

    /// A move's legality where captures blast (every move is played): it
    /// may not remove one of the mover's royal pieces; removing one of the
    /// opponent's is legal whatever it leaves attacked; else no royal
    /// piece of the mover may be left attacked, a royal piece in reach of
    /// an enemy one excepted ([`Pos::shielded_by_blast`]).
    pub(crate) fn legal_with_blast(&self, next: &Pos<'_, W>) -> bool {
        let us = self.turn;
        if next.royals[us].count() < self.royals[us].count() {
            return false;
        }
        if next.royals[us ^ 1].count() < self.royals[us ^ 1].count() {
            return true;
        }
        !next.in_check_side(us)
    }
}
