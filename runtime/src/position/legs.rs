//! Multi-leg paths that capture on the way (`locust`) or may return to
//! their start square (`returns`), XBetza's `a` with `c` on an earlier leg
//! or a leg back to the start: the lion's double capture, igui (capture
//! without moving) and its pass. Only variants whose tables have such paths
//! come here (`Variant::has_legs`); their moves are tested by playing them
//! and their attacks are scanned (the pieces are `slow_types`).

use super::code_piece;
use super::{Pos, UndoAt};
use crate::bits::{bit, Bits, Board, Sq, Squares, Width};
use crate::ids::sq;
use crate::movegen::Ctx;
use crate::movelist::MoveList;
use crate::types::{Move, Promote};
use crate::variant::Set;

impl<W: Width> Pos<'_, W> {
    /// Walks the multi-leg path `paths[index]` of a piece standing on
    /// `from` with occupancy `occ` (the piece's own square counts as empty:
    /// it has left). `capturable` are the squares whose pieces it may
    /// capture. `land(via, to)` is called for every landing: `via` the square
    /// captured on the way (for a `locust` path), `to` where the piece ends
    /// (`from` itself for a return); returns whether it accepted one.
    pub(crate) fn leg_walk(
        &self,
        index: usize,
        from: Sq,
        occ: Set<W>,
        capturable: Set<W>,
        mut land: impl FnMut(Option<Sq>, Sq) -> bool,
    ) -> bool {
        let v = self.v;
        let path = &v.paths[index];
        let mut occ = occ & !bit::<Set<W>>(from);
        let steps = &v.steps[path.steps.0 as usize..path.steps.1 as usize];
        let mut rest = steps.iter();
        let mut via = None;
        if v.path_locust[index] {
            let Some(st) = rest.next() else {
                return false;
            };
            if (occ & st.block).any() || (capturable & bit(st.to)).is_empty() {
                return false;
            }
            via = Some(st.to);
            // The captured piece is gone: later legs may pass its square.
            occ &= !bit::<Set<W>>(st.to);
        }
        for st in rest {
            if (occ & st.block).any() {
                return false;
            }
            let tb: Set<W> = bit(st.to);
            if (occ & tb).any() {
                return path.capture && (capturable & tb).any() && land(via, st.to);
            }
            if path.quiet && land(via, st.to) {
                return true;
            }
        }
        false
    }

    /// Appends the legal moves along multi-leg paths (see the module).
    /// A move another path already gave is not repeated.
    #[cold]
    #[inline(never)]
    pub(crate) fn gen_legs(&self, ctx: &Ctx<W>, out: &mut MoveList) {
        let v = self.v;
        let us = self.turn;
        let ours = self.by_side[us];
        let occ = ours | self.by_side[us ^ 1] | self.walls;
        for from in Squares(ours) {
            let p = code_piece(self.board.get(from as usize)) as usize;
            let e = v.entry(p, us, from as usize);
            let (a, b) = v.leg_entries[e];
            if a == b {
                continue;
            }
            let theirs = self.by_side[us ^ 1];
            let capturable = if v.no_capture[p].any() {
                theirs & !self.spared(theirs, v.no_capture[p])
            } else {
                theirs
            };
            for i in a as usize..b as usize {
                let path = &v.paths[i];
                if path.friend_on.any() && (ours & path.friend_on).is_empty() {
                    continue;
                }
                self.leg_walk(i, from, occ, capturable, |via, to| {
                    match via {
                        Some(via) => {
                            let m = Move::Locust {
                                from: sq(from),
                                via: sq(via),
                                to: sq(to),
                            };
                            if !out.contains(&m) && self.legal_by_playing(m) {
                                out.push(m);
                            }
                        }
                        None if to == from => {
                            // Away and back: the piece passes.
                            let m = Move::Normal {
                                from: sq(from),
                                to: sq(from),
                                promote: Promote::None,
                            };
                            if !out.contains(&m) && self.legal_by_playing(m) {
                                out.push(m);
                            }
                        }
                        None => {
                            let same = |x: &Move| {
                                matches!(*x, Move::Normal { from: f, to: t, .. }
                                    if f.raw() == from && t.raw() == to)
                            };
                            let allowed = ctx.allowed_at(from);
                            if !out.iter().any(same) && (allowed & bit(to)).any() {
                                let risky = (ctx.risky_at(from) | ctx.risky_at(to)).any();
                                self.emit(ctx, p, (from, to), (false, risky), out);
                            }
                        }
                    }
                    false
                });
            }
        }
    }

    /// Whether the piece `p` of side `by` on `from` attacks `s` along a
    /// multi-leg path: it could capture a piece standing on `s` on the way
    /// or where it ends.
    pub(crate) fn attacks_legs(&self, p: usize, by: usize, from: Sq, s: Sq, occ: Set<W>) -> bool {
        let v = self.v;
        let (a, b) = v.leg_entries[v.entry(p, by, from as usize)];
        if a == b {
            return false;
        }
        // The target counts as an enemy piece; the other enemies of `by`
        // are what stands on the board for the other side.
        let target: Set<W> = bit(s);
        let occ = occ | target;
        let theirs = (self.by_side[by ^ 1] & occ) | target;
        let capturable = if v.no_capture[p].any() {
            theirs & !self.spared(theirs, v.no_capture[p])
        } else {
            theirs
        };
        (a as usize..b as usize).any(|i| {
            self.leg_walk(i, from, occ, capturable, |via, to| {
                via == Some(s) || (to == s && to != from)
            })
        })
    }

    /// What a [`Move::Locust`] also captures where it ends (nothing for
    /// other moves, or when it ends on its start square).
    pub(crate) fn locust_second_capture(&self, m: Move) -> (u16, bool) {
        match m {
            // (A table may walk back over the square captured on the way.)
            Move::Locust { from, via, to } if from != to && via != to => {
                let t = to.raw();
                (self.board.get(t as usize), (self.promoted & bit(t)).any())
            }
            _ => (0, false),
        }
    }

    /// Plays the board part of a [`Move::Locust`]; returns (the halfmove
    /// clock resets, a piece was captured): both always, it captures.
    pub(crate) fn play_locust(&mut self, from: Sq, via: Sq, to: Sq) -> (bool, bool) {
        let (cap, cap_promoted) = self.take(via);
        self.capture_to_hand(cap, cap_promoted);
        if to != from {
            let (cap2, cap2_promoted) = self.take(to);
            self.capture_to_hand(cap2, cap2_promoted);
        }
        let (c, marked) = self.take(from);
        self.put(to, c, marked);
        let v = self.v;
        self.castling &= !(v.castle_clear[from as usize]
            | v.castle_clear[via as usize]
            | v.castle_clear[to as usize]);
        if v.rights_by_square {
            self.clear_rights_by_square(from, to);
            self.clear_rights_by_square(via, via);
        }
        (true, true)
    }

    /// Takes back the board part of a [`Move::Locust`] (the side to move is
    /// already the mover's).
    pub(crate) fn unmake_locust(&mut self, u: &UndoAt<W>) {
        let Move::Locust { from, to, .. } = u.m else {
            return;
        };
        let us = self.turn;
        let (from, to) = (from.raw(), to.raw());
        self.take(to);
        self.put(from, u.moved, u.moved_promoted);
        for (sq, c, promoted) in [
            (u.cap_sq, u.captured, u.captured_promoted),
            (to, u.captured2, u.captured2_promoted),
        ] {
            if c == 0 {
                continue;
            }
            self.put(sq, c, promoted);
            let p = code_piece(c) as usize;
            if self.v.captures_to_hand && !self.v.royal_types.has(p) {
                let into = if promoted {
                    self.v.demote[p]
                } else {
                    self.v.to_hand[p]
                };
                self.add_to_hand(us, into as usize, -1);
            }
        }
    }
}
