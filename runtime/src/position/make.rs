//! Making and unmaking moves: the board and hands, the hash, en passant,
//! counters, and the state the rules that look back at moves keep.

use super::*;
use crate::clock::ClockEvent;
use crate::types::CastleGate;

/// What a move's step on the board tells the rest of the move.
#[derive(Clone, Copy)]
struct Played {
    /// Whether the move resets the halfmove clock.
    reset: bool,
    /// Whether it captured (what a blast follows).
    captured: bool,
    /// The type of the piece that moved, before any promotion (what a
    /// petrifying capture looks at).
    mover: Option<u8>,
}

impl<'v, W: Width> Pos<'v, W> {
    pub(super) fn compute_hash(&self) -> u64 {
        let k = &self.v.keys;
        let nsq = self.v.nsq;
        let mut h = 0u64;
        for s in 0..nsq {
            let c = self.board.get(s) as usize;
            if c != 0 {
                h ^= k.piece_sq[c * nsq + s];
            }
        }
        for s in Squares(self.promoted) {
            h ^= k.promoted[s as usize];
        }
        for side in 0..2 {
            for p in 0..self.v.npieces {
                h ^= self.hand_key(side, p, self.hands[side][p]);
            }
        }
        if self.turn == 1 {
            h ^= k.black;
        }
        for i in 0..16 {
            if self.castling & (1 << i) != 0 {
                h ^= k.castling[i];
            }
        }
        for s in Squares(self.ep) {
            h ^= k.ep[s as usize];
        }
        for s in Squares(self.walls) {
            h ^= k.piece_sq[s as usize];
        }
        for side in 0..2 {
            for s in Squares(self.gates[side]) {
                h ^= k.gates[side * nsq + s as usize];
            }
        }
        if self.v.check_count.is_some() {
            for side in 0..2 {
                h ^= k.checks[side * 256 + self.checks[side] as usize];
            }
        }
        if self.count[0] != 0 {
            h ^= k.counting[self.count[0] as usize];
        }
        h
    }

    #[inline(always)]
    pub(super) fn hand_key(&self, side: usize, p: usize, n: u8) -> u64 {
        if n == 0 {
            0
        } else {
            self.v.keys.hand[(p * 2 + side) * 256 + n as usize]
        }
    }

    #[inline(always)]
    pub(super) fn put(&mut self, s: Sq, c: u16, promoted: bool) {
        let side = code_side(c);
        self.board.set(s as usize, c);
        self.by_side[side] |= bit(s);
        if self.v.royal_of[side].has(code_piece(c)) {
            self.royals[side] |= bit(s);
        }
        self.hash ^= self.v.keys.piece_sq[c as usize * self.v.nsq + s as usize];
        if promoted {
            self.promoted |= bit(s);
            self.hash ^= self.v.keys.promoted[s as usize];
        }
    }

    /// Removes what stands on `s`; returns its code and promoted mark.
    #[inline(always)]
    pub(super) fn take(&mut self, s: Sq) -> (u16, bool) {
        let c = self.board.get(s as usize);
        if c == 0 {
            return (0, false);
        }
        let side = code_side(c);
        self.board.set(s as usize, 0);
        self.by_side[side] &= !bit::<Set<W>>(s);
        self.royals[side] &= !bit::<Set<W>>(s);
        self.hash ^= self.v.keys.piece_sq[c as usize * self.v.nsq + s as usize];
        let promoted = (self.promoted & bit(s)).any();
        if promoted {
            self.promoted &= !bit::<Set<W>>(s);
            self.hash ^= self.v.keys.promoted[s as usize];
        }
        (c, promoted)
    }

    /// Adds `delta` (±1) to a hand. [`Position::from_setup`] bounds the
    /// material so that a legal move never takes a count out of
    /// `0..=MAX_HAND`; the wrapping arithmetic keeps make/unmake an exact
    /// inverse (no clamping) without a test on the hot path.
    #[inline(always)]
    pub(super) fn add_to_hand(&mut self, side: usize, p: usize, delta: i8) {
        let old = self.hands[side][p];
        let new = old.wrapping_add_signed(delta);
        self.hash ^= self.hand_key(side, p, old) ^ self.hand_key(side, p, new);
        self.hands[side][p] = new;
    }

    /// The captured piece `c` (with its mark) goes to the capturer's hand.
    #[inline(always)]
    pub(super) fn capture_to_hand(&mut self, c: u16, promoted: bool) {
        if !self.v.captures_to_hand || c == 0 {
            return;
        }
        let p = code_piece(c) as usize;
        if self.v.royal_types.has(p) {
            return;
        }
        let into = if promoted {
            self.v.demote[p]
        } else {
            self.v.to_hand[p]
        };
        let us = self.turn;
        self.add_to_hand(us, into as usize, 1);
    }

    /// Puts a wall on `s` after a move (`walls`): a moving wall lifts the
    /// ones on the board first; an en-passant square under the wall is
    /// gone. The hash keys a wall as board code 0.
    #[cold]
    #[inline(never)]
    fn put_wall(&mut self, s: Sq) {
        if self
            .v
            .walling
            .as_ref()
            .is_some_and(|w| w.place == crate::walling::WallPlace::Moving)
        {
            for old in Squares(self.walls) {
                self.hash ^= self.v.keys.piece_sq[old as usize];
            }
            self.walls = Set::<W>::EMPTY;
        }
        self.walls |= bit(s);
        self.hash ^= self.v.keys.piece_sq[s as usize];
        if (self.ep & bit(s)).any() {
            for e in Squares(self.ep) {
                self.hash ^= self.v.keys.ep[e as usize];
            }
            self.ep = Set::<W>::EMPTY;
        }
    }

    /// See [`Position::make`].
    pub(crate) fn make(&mut self, walled: Move) -> UndoAt<W> {
        // A walled move is its move, then the wall (which `restore` lifts).
        let m = walled.unwalled().0;
        let (moved_from, cap_sq) = match m {
            Move::Normal { from, to, .. } => (from.raw(), to.raw()),
            Move::EnPassant { from, .. } => (from.raw(), self.ep_victim),
            Move::Locust { from, via, .. } => (from.raw(), via.raw()),
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } | Move::Walled { .. } => {
                (0, 0)
            }
        };
        let (captured2, captured2_promoted) = self.locust_second_capture(m);
        let board_move = matches!(
            m,
            Move::Normal { .. } | Move::EnPassant { .. } | Move::Locust { .. }
        );
        let blasted = if self.v.blast.is_some() {
            self.blast_undo(m)
        } else {
            None
        };
        let undo = UndoAt {
            m,
            blasted,
            moved: if board_move {
                self.board.get(moved_from as usize)
            } else {
                0
            },
            moved_promoted: board_move && (self.promoted & bit(moved_from)).any(),
            cap_sq,
            captured: if board_move {
                self.board.get(cap_sq as usize)
            } else {
                0
            },
            captured_promoted: board_move && (self.promoted & bit(cap_sq)).any(),
            captured2,
            captured2_promoted,
            castling: self.castling,
            gates: self.gates,
            ep: self.ep,
            ep_victim: self.ep_victim,
            walls: self.walls,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            count: self.count,
            hash: self.hash,
            history: self.history,
            flipped: Set::<W>::EMPTY,
        };
        let mut undo = undo;
        undo.flipped = self.play_flipping(walled);
        undo
    }

    /// See [`Position::unmake`].
    pub(crate) fn unmake(&mut self, u: UndoAt<W>) {
        self.turn ^= 1;
        let us = self.turn;
        if u.flipped.any() {
            self.flip(u.flipped, us ^ 1);
        }
        if let Some(b) = &u.blasted {
            // A blasting capture: every square it may have changed as it was.
            for &(s, c, promoted) in &b.squares {
                self.take(s);
                if c != 0 {
                    self.put(s, c, promoted);
                }
            }
            self.hands = b.hands;
            self.restore(&u);
            return;
        }
        match u.m {
            Move::Normal { from, to, promote } | Move::EnPassant { from, to, promote } => {
                let (from, to) = (from.raw(), to.raw());
                match promote {
                    Promote::Hand(t) => self.add_to_hand(us, t.index(), -1),
                    Promote::None | Promote::Piece(_) => {
                        self.take(to);
                    }
                    Promote::Gate(t) => {
                        self.take(to);
                        self.take(from);
                        self.add_to_hand(us, self.v.hand_of[t.index()] as usize, 1);
                    }
                }
                self.put(from, u.moved, u.moved_promoted);
                if u.captured != 0 {
                    self.put(u.cap_sq, u.captured, u.captured_promoted);
                    let p = code_piece(u.captured) as usize;
                    if self.v.captures_to_hand && !self.v.royal_types.has(p) {
                        let into = if u.captured_promoted {
                            self.v.demote[p]
                        } else {
                            self.v.to_hand[p]
                        };
                        self.add_to_hand(us, into as usize, -1);
                    }
                }
            }
            Move::Castle {
                rule,
                from,
                to,
                gate,
            } => {
                let c = self.v.castles[rule as usize];
                let (from, to) = (from.raw(), to.raw());
                if let Some(g) = gate {
                    let (kf, rf) = self.castle_squares(rule, from, to);
                    self.take(if g.on_rook() { rf } else { kf });
                    self.add_to_hand(us, self.v.hand_of[g.piece().index()] as usize, 1);
                }
                let (k, km) = self.take(c.king_to);
                let (r, rm) = self.take(c.rook_to);
                // A free castling is written king-takes-rook.
                let (kf, rf) = if c.free {
                    (from, to)
                } else {
                    (c.king_from, c.rook_from)
                };
                self.put(kf, k, km);
                self.put(rf, r, rm);
            }
            Move::Drop { piece, to } => {
                self.take(to.raw());
                if !self.v.unlimited {
                    self.add_to_hand(us, self.v.hand_of[piece.index()] as usize, 1);
                }
            }
            Move::Locust { .. } => self.unmake_locust(&u),
            // `make` keeps a walled move's move (`restore` lifts the wall).
            Move::Pass { .. } | Move::Walled { .. } => {}
        }
        self.restore(&u);
    }

    /// [`Pos::unmake`]: the rights, clocks, counters and hash as they were.
    fn restore(&mut self, u: &UndoAt<W>) {
        self.history = u.history;
        self.castling = u.castling;
        self.gates = u.gates;
        self.ep = u.ep;
        self.ep_victim = u.ep_victim;
        self.walls = u.walls;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.checks = u.checks;
        self.count = u.count;
        self.hash = u.hash;
    }

    /// Gives the pieces on `squares` to `side` (each keeps its type and
    /// mark).
    #[cold]
    #[inline(never)]
    fn flip(&mut self, squares: Set<W>, side: usize) {
        for s in Squares(squares) {
            let (c, promoted) = self.take(s);
            self.put(s, code(code_piece(c), side), promoted);
        }
    }

    /// See [`Position::play_unchecked`].
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        self.play_flipping(m);
    }

    /// [`Self::play_unchecked`], returning the squares whose pieces the
    /// move flipped (`flips`): en passant cleared, the move's own step on
    /// the board (one per kind of move), its after-effects (a blast, flips)
    /// and then the turn passed.
    #[inline]
    fn play_flipping(&mut self, m: Move) -> Set<W> {
        if let (base, Some(wall)) = m.unwalled() {
            let flipped = self.play_flipping(base);
            self.put_wall(wall.raw());
            return flipped;
        }
        let mut flipped = Set::<W>::EMPTY;
        let us = self.turn;
        let v = self.v;
        // Clear en passant.
        for s in Squares(self.ep) {
            self.hash ^= v.keys.ep[s as usize];
        }
        self.ep = Set::<W>::EMPTY;
        let old_castling = self.castling;
        let mut played = Played {
            reset: false,
            captured: false,
            mover: None,
        };
        match m {
            Move::Normal { from, to, promote } | Move::EnPassant { from, to, promote } => {
                played = self.play_piece_move(m, from.raw(), to.raw(), promote);
            }
            Move::Castle {
                rule,
                from,
                to,
                gate,
            } => self.play_castle(rule, from.raw(), to.raw(), gate),
            Move::Drop { piece, to } => played.reset = self.play_drop(piece.raw(), to.raw()),
            Move::Locust { from, via, to } => {
                (played.reset, played.captured) = self.play_locust(from.raw(), via.raw(), to.raw());
                if let Some(clock) = v.clock.as_deref() {
                    played.reset = clock.events.has(ClockEvent::Capture);
                }
            }
            // A walled move was played as its move (above).
            Move::Pass { .. } | Move::Walled { .. } => {}
        }
        if played.captured && v.blast.is_some() {
            self.blast_after(m, played.mover);
        }
        if let Some(f) = &v.flipping {
            flipped = match m {
                Move::Normal { to, .. } => {
                    f.flipped(to.raw(), self.by_side[us], self.by_side[us ^ 1])
                }
                Move::Drop { to, .. } => {
                    f.dropped(to.raw(), self.by_side[us], self.by_side[us ^ 1])
                }
                _ => flipped,
            };
            if flipped.any() {
                self.flip(flipped, us);
            }
        }
        self.pass_turn(m, old_castling, played);
        flipped
    }

    /// A piece's move from `from` to `to` (a normal move or an en-passant
    /// capture) on the board: the capture to the hand, the piece moved or
    /// promoted or gating, the en-passant squares it creates and the
    /// castling rights it clears.
    #[inline(always)]
    fn play_piece_move(&mut self, m: Move, from: Sq, to: Sq, promote: Promote) -> Played {
        let us = self.turn;
        let v = self.v;
        let mut reset = false;
        let mut captured = false;
        let (cap, cap_promoted) = if let Move::EnPassant { .. } = m {
            self.take(self.ep_victim)
        } else if from == to {
            // A promotion where the piece stands (`turn`).
            (0, false)
        } else {
            self.take(to)
        };
        if cap != 0 {
            reset = true;
            captured = true;
            self.capture_to_hand(cap, cap_promoted);
        }
        let (c, marked) = self.take(from);
        let p = code_piece(c);
        if v.resets.has(p) {
            reset = true;
        }
        if let Some(clock) = v.clock.as_deref() {
            let promoted = matches!(promote, Promote::Piece(_) | Promote::Hand(_));
            reset = v.resets.has(p)
                || clock.board_move(
                    p as usize,
                    us,
                    from as usize,
                    to as usize,
                    cap != 0,
                    promoted,
                );
        }
        match promote {
            Promote::None => self.put(to, c, marked),
            Promote::Piece(t) => {
                let t = t.raw();
                self.put(to, code(t, us), v.marks.has(t))
            }
            Promote::Hand(t) => self.add_to_hand(us, t.index(), 1),
            Promote::Gate(t) => {
                self.put(to, c, marked);
                self.gate_in(from, t.raw());
            }
        }
        // Only a quiet move creates en-passant squares (a capture
        // may end where a creating path does, along another path),
        // and only one that does not promote (a double step into
        // the promotion zone leaves no pawn to take).
        if cap == 0
            && v.creates_ep.has(p)
            && !matches!(promote, Promote::Piece(_) | Promote::Hand(_))
        {
            let list = &v.ep_creators[v.entry(p as usize, us, from as usize)];
            if let Some(squares) = list.iter().find(|c| c.to == to).map(|c| c.passed) {
                // The squares an en-passant capture could land on (a
                // triple step passes two, of which maybe one is).
                let squares = self.ep_takeable_squares(squares, us ^ 1);
                if squares.any() {
                    self.ep = squares;
                    self.ep_victim = to;
                    for s in Squares(squares) {
                        self.hash ^= v.keys.ep[s as usize];
                    }
                }
            }
        }
        self.castling &= !(v.castle_clear[from as usize] | v.castle_clear[to as usize]);
        if v.rights_by_square {
            self.clear_rights_by_square(from, to);
        }
        Played {
            reset,
            captured,
            mover: Some(p),
        }
    }

    /// Castling by rule `rule` on the board: king and rook to their
    /// squares, the rights they held cleared, a gated piece put in.
    #[inline(always)]
    fn play_castle(&mut self, rule: u8, from: Sq, to: Sq, gate: Option<CastleGate>) {
        let us = self.turn;
        let v = self.v;
        let c = v.castles[rule as usize];
        let (kf, rf) = self.castle_squares(rule, from, to);
        let (k, km) = self.take(kf);
        let (r, rm) = self.take(rf);
        self.put(c.king_to, k, km);
        self.put(c.rook_to, r, rm);
        self.castling &= !(v.castle_clear[kf as usize] | v.castle_clear[rf as usize] | c.ends);
        if c.free {
            self.castling &= !v.free_castles[us];
        }
        if let Some(g) = gate {
            self.gate_in(if g.on_rook() { rf } else { kf }, g.piece().raw());
        }
        if v.gating || v.once {
            self.clear_gates(kf, rf);
        }
    }

    /// A drop of `piece` on `to` from the hand (or from an unlimited
    /// supply); whether it resets the halfmove clock.
    #[inline(always)]
    fn play_drop(&mut self, piece: u8, to: Sq) -> bool {
        let us = self.turn;
        let v = self.v;
        if !v.unlimited {
            self.add_to_hand(us, v.hand_of[piece as usize] as usize, -1);
        }
        self.put(to, code(piece, us), false);
        let reset = v.resets.has(piece)
            || v.clock
                .as_deref()
                .is_some_and(|c| c.events.has(ClockEvent::Drop));
        if v.gates_need_hand {
            self.drop_unusable_gates(us);
        }
        if let Some(pl) = &v.place {
            if pl.by_drop != 0 {
                self.castle_by_drop(pl.by_drop, to);
            }
        }
        reset
    }

    /// The end of every move once the board is set: the castling rights'
    /// keys rehashed, the clocks advanced, the turn passed and the
    /// counters some variants keep (checks given, the repetition
    /// history, the counting rule) brought up to date.
    #[inline(always)]
    fn pass_turn(&mut self, m: Move, old_castling: u16, played: Played) {
        let us = self.turn;
        let v = self.v;
        let changed = old_castling ^ self.castling;
        if changed != 0 {
            for i in 0..16 {
                if changed & (1 << i) != 0 {
                    self.hash ^= v.keys.castling[i];
                }
            }
        }
        // Both clocks stop at their maximum, so they never wrap and every
        // position's FEN reads back.
        self.halfmove = if played.reset {
            0
        } else {
            (self.halfmove + 1).min(MAX_HALFMOVE)
        };
        if us == 1 {
            self.fullmove = (self.fullmove + 1).min(MAX_FULLMOVE);
        }
        self.turn ^= 1;
        self.hash ^= v.keys.black;
        if v.check_count.is_some() {
            self.count_check(us);
        }
        if v.history.is_some() {
            self.update_history(m);
        }
        if v.counting.is_some() {
            self.update_count(played.captured);
        }
    }

    /// After a drop on `to`: grants each castling right of `rules` whose
    /// king and rook now both stand on their start squares, one of them
    /// just dropped there.
    #[cold]
    pub(super) fn castle_by_drop(&mut self, rules: u16, to: Sq) {
        let v = self.v;
        for (i, c) in v.castles.iter().enumerate() {
            if rules & (1 << i) == 0 || (to != c.king_from && to != c.rook_from) {
                continue;
            }
            if self.board.get(c.king_from as usize) == code(c.king, c.side)
                && self.board.get(c.rook_from as usize) == code(c.rook, c.side)
            {
                self.castling |= 1 << i;
            }
        }
    }

    /// In a variant with a counting rule, after a move (`event`: it
    /// captured): the running count grows by one ply; a count starts for
    /// the side to move if none runs, or if `event` left that side with a
    /// single piece, and the side has a limit.
    #[cold]
    pub(super) fn update_count(&mut self, event: bool) {
        let Some(c) = &self.v.counting else { return };
        if self.count[0] != 0 {
            self.count[1] = (self.count[1] + 1).min(MAX_HALFMOVE);
        }
        let side = self.turn;
        let bare = self.by_side[side].count() == 1;
        if self.count[0] != 0 && !(event && bare) {
            return;
        }
        let moves = self.counting_limit(c, side);
        if moves == 0 {
            return;
        }
        let keys = &self.v.keys.counting;
        if self.count[0] != 0 {
            self.hash ^= keys[self.count[0] as usize];
        }
        let total = (self.by_side[0] | self.by_side[1]).count();
        let ply = if bare && c.from_pieces { 2 * total } else { 0 };
        self.count = [2 * moves, ply];
        self.hash ^= keys[self.count[0] as usize];
    }

    /// The limit in moves of a count for `side` now (0: none).
    pub(super) fn counting_limit(&self, c: &crate::table::CountingRule, side: usize) -> u32 {
        let mut counts = [[0u32; 32]; 2];
        for s in Squares(self.by_side[0] | self.by_side[1]) {
            let b = self.board.get(s as usize);
            counts[code_side(b)][code_piece(b) as usize] += 1;
        }
        if c.without
            .iter()
            .any(|&p| counts[0][p as usize] + counts[1][p as usize] != 0)
        {
            return 0;
        }
        let opp = side ^ 1;
        if self.by_side[opp].count() <= 1 {
            return 0;
        }
        if self.by_side[side].count() > 1 {
            return c.board;
        }
        c.bare
            .iter()
            .find(|l| l.needs.iter().all(|&(p, n)| counts[opp][p as usize] >= n))
            .map_or(0, |l| l.moves)
    }

    /// See [`Position::counting`].
    pub(crate) fn counting(&self) -> Option<(u32, u32)> {
        (self.count[0] != 0).then_some((self.count[0], self.count[1]))
    }

    /// After move `m` in a variant with rules that look back: what `m` was
    /// (a pass, the second in a row, a drop), whether the royal pieces
    /// face, now and before, and the runs of needed checks.
    #[cold]
    #[inline(never)]
    pub(super) fn update_history(&mut self, m: Move) {
        let h = &mut self.history;
        h.last = match m {
            Move::Pass { .. } if matches!(h.last, LastMove::Pass | LastMove::SecondPass) => {
                LastMove::SecondPass
            }
            Move::Pass { .. } => LastMove::Pass,
            Move::Drop { .. } => LastMove::Drop,
            _ => LastMove::Other,
        };
        h.facing_before = h.facing;
        let facing = self.v.history.as_ref().is_some_and(|r| r.facing.is_some());
        self.history.facing = facing && self.royals_face();
        if self
            .v
            .history
            .as_ref()
            .is_some_and(|r| r.mate_needs.is_some())
        {
            self.update_needed_check(self.turn ^ 1);
        }
    }

    /// After a move by `us` in a variant with `checkmate needs`: if the move
    /// gives check, `us`'s run of checks goes on, holding a needed check if
    /// it held one or a needed piece gives this one; a move that gives no
    /// check ends the run.
    pub(super) fn update_needed_check(&mut self, us: usize) {
        let Some(MateRule { pieces: needs, .. }) =
            self.v.history.as_ref().and_then(|r| r.mate_needs)
        else {
            return;
        };
        let checkers = self.checkers(us ^ 1);
        let held = checkers.any()
            && (self.history.needed_check & (1 << us) != 0
                || (self.types_in(checkers) & needs).any());
        let h = &mut self.history;
        h.needed_check = (h.needed_check & !(1 << us)) | (u8::from(held) << us);
    }

    /// In a variant that counts checks: if `us` has just given check, one
    /// check fewer to give.
    pub(super) fn count_check(&mut self, us: usize) {
        let left = self.checks[us];
        if left > 0 && self.in_check_side(us ^ 1) {
            let keys = &self.v.keys.checks;
            self.hash ^= keys[us * 256 + left as usize] ^ keys[us * 256 + left as usize - 1];
            self.checks[us] = left - 1;
        }
    }
}
