//! Rights kept per square or per rule that a move may lose: castling
//! (fixed and free), gates and one-time moves.

use super::*;

impl<'v, W: Width> Pos<'v, W> {
    /// Rights kept by square lost by a move from `from` to `to`: free
    /// castling rights, gate rights.
    #[cold]
    #[inline(never)]
    pub(super) fn clear_rights_by_square(&mut self, from: Sq, to: Sq) {
        if self.castling & (self.v.free_castles[0] | self.v.free_castles[1]) != 0 {
            self.clear_free_castling(from, to);
        }
        if self.v.gating || self.v.once {
            self.clear_gates(from, to);
        }
    }

    /// Free (Chess960) castling rights lost by a move from `from` to `to`:
    /// the king's (all of its side's) and the rook's (on either square).
    #[cold]
    #[inline(never)]
    pub(super) fn clear_free_castling(&mut self, from: Sq, to: Sq) {
        let free = self.v.free_castles[0] | self.v.free_castles[1];
        for i in 0..16 {
            let [k, r] = self.free_castle[i];
            if free & self.castling & (1 << i) != 0 && (from == k || from == r || to == r) {
                self.castling &= !(1 << i);
            }
        }
    }

    /// The king's and the rook's start squares of a castling move.
    pub(crate) fn castle_squares(&self, rule: u8, from: Sq, to: Sq) -> (Sq, Sq) {
        let c = self.v.castles[rule as usize];
        if c.free {
            (from, to)
        } else {
            (c.king_from, c.rook_from)
        }
    }

    /// Gating: piece `p` of the side to move enters from its hand on `s`.
    #[cold]
    #[inline(never)]
    pub(super) fn gate_in(&mut self, s: Sq, p: u8) {
        let us = self.turn;
        self.add_to_hand(us, self.v.hand_of[p as usize] as usize, -1);
        self.put(s, code(p, us), false);
    }

    /// Gate rights lost by a move from `from` to `to` (a castling: the
    /// king's and the rook's squares), for both sides; and those of the
    /// mover if its hand can no longer hold a piece.
    #[cold]
    #[inline(never)]
    pub(super) fn clear_gates(&mut self, from: Sq, to: Sq) {
        let nsq = self.v.nsq;
        for side in 0..2 {
            for s in [from, to] {
                if (self.gates[side] & bit(s)).any() {
                    self.gates[side] &= !bit::<Set<W>>(s);
                    self.hash ^= self.v.keys.gates[side * nsq + s as usize];
                }
            }
        }
        self.drop_unusable_gates(self.turn);
    }

    /// Where captures do not go to hand, a side whose hand is empty can
    /// never gate again: its gate rights go.
    pub(super) fn drop_unusable_gates(&mut self, side: usize) {
        if !self.v.gates_need_hand || self.hands[side].as_ref().iter().any(|&n| n > 0) {
            return;
        }
        let nsq = self.v.nsq;
        for s in Squares(self.gates[side]) {
            self.hash ^= self.v.keys.gates[side * nsq + s as usize];
        }
        self.gates[side] = Set::<W>::EMPTY;
    }
}
