//! Legal move generation.
//!
//! Once per node the generator finds the royal piece, the checkers and the
//! pinned pieces by walking the inverse attack trie of the royal's square;
//! then most moves are legal or not by a mask test, and only king moves,
//! en-passant captures, castling, moves to hand and drops that may not mate
//! are tested one by one. With no royal piece or several, every move is
//! tested by playing it.

use crate::bits::{bit, Bits, Board, Sq, Squares, Width};
use crate::ids::{pt, sq};
use crate::movelist::MoveList;
use crate::position::{code, code_piece, code_side, Pos};
use crate::table::{GivingCheck, PromotionChoice, SeveralRoyals};
use crate::types::{CastleGate, Move, Promote};
use crate::variant::{FlatPath, Mask, PromoRule, Set};

/// What the legality filter needs to know about a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx<W: Width> {
    /// The single royal piece's square, or `None` (test every move by playing it).
    king: Option<Sq>,
    checkers: u32,
    /// Squares a non-royal move must go to when in single check.
    evasion: Set<W>,
    pinned: Set<W>,
    pins: [(Sq, Set<W>); 16],
    npins: usize,
    /// Squares a move must neither leave nor reach unless tested by
    /// playing it: with hoppers and attack-only paths (`Rules::screened`),
    /// the royal piece's square and the lines such a piece attacks it along.
    risky: Set<W>,
}

impl<W: Width> Ctx<W> {
    /// `sq` if it is risky (see [`Self::risky`]), else no square.
    #[inline]
    pub(crate) fn risky_at(&self, sq: Sq) -> Set<W> {
        self.risky & bit(sq)
    }

    /// [`Self::allowed`] for the piece on `from`, royal or not.
    #[inline]
    pub(crate) fn allowed_at(&self, from: Sq) -> Set<W> {
        self.allowed(from, self.king == Some(from))
    }

    /// The destinations the piece on `from` may go to by the checks and
    /// pins (all for the royal piece, whose moves are tested apart).
    #[inline(always)]
    pub(crate) fn allowed(&self, from: Sq, is_king: bool) -> Set<W> {
        if self.king.is_some() && !is_king {
            let mut m = self.evasion;
            if (self.pinned & bit(from)).any() {
                m &= self.pin_mask(from);
            }
            m
        } else {
            Set::<W>::FULL
        }
    }

    /// No legality information: every move of a side with a royal piece
    /// is tested by playing it.
    fn untested() -> Ctx<W> {
        Ctx {
            king: None,
            checkers: 0,
            evasion: Set::<W>::FULL,
            pinned: Set::<W>::EMPTY,
            pins: [(0, Set::<W>::EMPTY); 16],
            npins: 0,
            risky: Set::<W>::EMPTY,
        }
    }

    #[inline(always)]
    fn pin_mask(&self, sq: Sq) -> Set<W> {
        let mut m = Set::<W>::FULL;
        for &(s, allowed) in &self.pins[..self.npins] {
            if s == sq {
                m &= allowed;
            }
        }
        m
    }
}

impl<'v, W: Width> Pos<'v, W> {
    fn ctx(&self) -> Ctx<W> {
        let us = self.turn;
        let them = us ^ 1;
        let mut ctx = Ctx::untested();
        let royals = self.royals[us];
        // Attacks the tries do not hold (hoppers, attack-only paths): every
        // move is tested by playing it.
        // With `any_attacked` a promotion or a drop may make a second royal
        // piece, which must not land attacked: moves are played too. With
        // `all_attacked` such a promotion may answer a check (the attacked
        // royal piece is then one of two): moves are played while the side
        // has one royal piece.
        if royals.count() != 1
            || matches!(
                self.v.legality.several_royals,
                SeveralRoyals::Unprotected | SeveralRoyals::AnyAttacked
            )
            || self.v.royal_promotion
                && self.v.legality.several_royals == SeveralRoyals::AllAttacked
            || self.v.blast.is_some()
            || self.v.slow_types.any()
                && if self.v.screened {
                    // Royal pieces facing now: every move must part them.
                    self.history.facing
                } else {
                    self.v.slow_static || (self.gates[them] & self.v.once_attacks[them]).any()
                }
        {
            return ctx;
        }
        let k = royals.lowest() as Sq;
        ctx.king = Some(k);
        let occ = self.occupied();
        let ours = self.by_side[us];
        let nodes = self.v.trie_at(them, k as usize);
        let mut checkers: Set<W> = Set::<W>::EMPTY;
        let mut between = Set::<W>::FULL;
        // A single friendly blocker met so far on the current branch, and the
        // index where its branch ends.
        let mut cand: Option<(Sq, usize)> = None;
        let mut i = 0usize;
        while i < nodes.len() {
            if let Some((_, end)) = cand {
                if i >= end {
                    cand = None;
                }
            }
            let n = &nodes[i];
            // The blocker already met on this branch, if any: a path may pass
            // the same square twice (lines with loops), and meeting it again
            // is no second blocker.
            let cand_bit = cand.map_or(Set::<W>::EMPTY, |(p, _)| bit(p));
            let eb = occ & n.edge & !cand_bit;
            if eb.any() {
                if cand.is_none() && eb.count() == 1 && (eb & ours).any() {
                    cand = Some((eb.lowest() as Sq, n.skip as usize));
                } else {
                    i = n.skip as usize;
                    continue;
                }
            }
            let b = bit(n.sq);
            if (occ & b).any() {
                let c = self.board.get(n.sq as usize);
                if code_side(c) == them {
                    if n.types.has(code_piece(c)) {
                        match cand {
                            None => {
                                checkers |= b;
                                between &= n.between;
                            }
                            Some((p, _)) => {
                                if ctx.npins < ctx.pins.len() {
                                    ctx.pins[ctx.npins] = (p, n.between | b);
                                    ctx.npins += 1;
                                    ctx.pinned |= bit(p);
                                } else {
                                    // Too many pins to track: fall back to testing
                                    // every move.
                                    ctx.king = None;
                                    return ctx;
                                }
                            }
                        }
                    }
                    i = n.skip as usize;
                } else if cand.is_none() {
                    cand = Some((n.sq, n.skip as usize));
                    i += 1;
                } else if cand_bit == b {
                    i += 1;
                } else {
                    i = n.skip as usize;
                }
            } else {
                i += 1;
            }
        }
        ctx.checkers = checkers.count();
        if self.v.screened {
            match self.screens(k) {
                Some(risky) => ctx.risky = risky,
                None => {
                    // In check by a hopper or along an attack-only path.
                    ctx.king = None;
                    return ctx;
                }
            }
        }
        // `between` is the intersection of the squares between the royal
        // piece and every checking path. One checker: capture it or block.
        // Several: capturing one leaves the others, but on some boards one
        // square blocks every check at once (two paths crossing).
        ctx.evasion = match ctx.checkers {
            0 => Set::<W>::FULL,
            1 => checkers | between,
            _ => between,
        };
        ctx
    }

    /// With `Rules::screened`: the royal piece on `k`, the enemy pieces
    /// that attack along paths the tries do not hold (hopper captures,
    /// attack-only paths) and the lines along which they reach `k`. `None`
    /// if one attacks `k` now; else `k`, the attackers and the squares
    /// along those lines before `k` (hurdles, screens, blocking squares).
    /// A move that touches none of them changes no such attack: what it
    /// makes of the line is the same occupancy, the same pieces.
    #[inline(never)]
    fn screens(&self, k: Sq) -> Option<Set<W>> {
        let v = self.v;
        let them = self.turn ^ 1;
        let occ = self.occupied();
        let kb: Set<W> = bit(k);
        let facing = v.history.as_ref().is_some_and(|h| h.facing.is_some());
        let mut risky = kb;
        for f in Squares(self.by_side[them]) {
            let p = code_piece(self.board.get(f as usize)) as usize;
            if !v.slow_types.has(p) {
                continue;
            }
            let e = v.entry(p, them, f as usize);
            if (v.slow_reach[e] & kb).is_empty() {
                continue;
            }
            if self.attacks_slow_from(f, k, them, occ) {
                return None;
            }
            let mut lines = |(a, b): (u32, u32), hop: bool| {
                for path in &v.paths[a as usize..b as usize] {
                    if hop && !path.capture {
                        continue;
                    }
                    let mut line = Set::<W>::EMPTY;
                    for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                        line |= st.block;
                        if st.to == k {
                            risky |= line | bit(f);
                        }
                        line |= bit(st.to);
                    }
                }
            };
            lines(v.hop_entries[e], true);
            if !facing {
                lines(v.attack_entries[e], false);
            }
        }
        Some(risky)
    }

    /// Whether playing `m` leaves the mover's royal pieces unattacked.
    pub(crate) fn legal_by_playing(&self, m: Move) -> bool {
        let mut next = self.clone();
        next.play_unchecked(m);
        if self.v.blast.is_some() {
            return self.legal_with_blast(&next);
        }
        // Royal pieces that face must stop facing (`facing` end rule).
        let still_facing = self.history.facing && next.history.facing;
        !still_facing && !next.in_check_side(self.turn)
    }

    /// See [`Position::legal_moves`].
    pub(crate) fn legal_moves(&self) -> Vec<Move> {
        self.moves().to_vec()
    }

    /// The legal moves in a [`MoveList`] (on the stack).
    #[inline]
    pub(crate) fn moves(&self) -> MoveList {
        let mut out = MoveList::new();
        self.gen(&mut out, true);
        out
    }

    /// See [`Position::legal_moves_into`].
    pub(crate) fn legal_moves_into(&self, out: &mut MoveList) {
        out.clear();
        self.gen(out, true);
    }

    /// See [`Position::count_legal_moves`].
    pub(crate) fn count_legal_moves(&self, buf: &mut MoveList) -> u64 {
        self.count_legal(buf)
    }

    /// See [`Position::legal_moves_by_playing`].
    pub(crate) fn legal_moves_by_playing(&self) -> Vec<Move> {
        let mut out = MoveList::new();
        self.gen_ctx(&Ctx::untested(), &mut out, true);
        out.to_vec()
    }

    /// Appends the legal moves to `out`; drops too if `drops` is set.
    pub(crate) fn gen(&self, out: &mut MoveList, drops: bool) {
        self.gen_ctx(&self.ctx(), out, drops);
    }

    /// [`Self::gen`] with the node's legality information `ctx`.
    #[inline(always)]
    fn gen_ctx(&self, ctx: &Ctx<W>, out: &mut MoveList, drops: bool) {
        if ctx.risky.any() {
            self.gen_board::<true>(ctx, out);
        } else {
            self.gen_board::<false>(ctx, out);
        }
        if self.v.has_special {
            self.gen_special(out);
        }
        if self.v.has_legs {
            self.gen_legs(ctx, out);
        }
        if self.v.gating {
            self.add_gates(out);
        }
        if self.v.place.is_some() {
            self.gen_turns(out);
        }
        if drops {
            self.gen_drops(ctx, out, Mask::<W>::FULL);
        }
        if self.v.history.as_ref().is_some_and(|h| h.pass) {
            self.gen_pass(ctx, out);
        }
        if self.v.filters {
            self.filter_legality(out);
        }
        if self.v.walling.is_some() {
            self.add_walls(out);
        }
        if drops && out.is_empty() && self.v.history.as_ref().is_some_and(|h| h.pass_when_stuck) {
            self.gen_stuck_pass(out);
        }
    }

    /// `pass when-stuck`: the pass of a player not in check with no other
    /// legal move, written at its royal piece if it has one, else at its
    /// first piece (lowest row, then lowest column of the square's naming
    /// cell); none without pieces (a checkmate or a stalemate then).
    #[cold]
    #[inline(never)]
    fn gen_stuck_pass(&self, out: &mut MoveList) {
        let us = self.turn;
        if self.is_check() {
            return;
        }
        let royals = self.royals[us];
        let at = if royals.count() == 1 {
            Some(royals.lowest() as Sq)
        } else {
            let cells = &self.v.tables.parts.board.squares;
            Squares(self.by_side[us]).min_by_key(|&s| {
                let [x, y] = cells[s as usize].cells[0];
                (y, x)
            })
        };
        if let Some(s) = at {
            out.push(Move::Pass { at: sq(s) });
        }
    }

    /// `walls`: each move of `out` becomes one move per square where its
    /// wall may go (an empty square after the move, of the side's walling
    /// squares; the square the piece left, or one the moved piece reaches
    /// from where it stopped, where the rule says so). A move with no such
    /// square goes, and a move that cannot carry a wall (a drop, a pass)
    /// stays as it is.
    #[cold]
    #[inline(never)]
    fn add_walls(&self, out: &mut MoveList) {
        use crate::walling::WallPlace;
        let Some(w) = self.v.walling.as_deref() else {
            return;
        };
        let us = self.turn;
        let occ = self.occupied();
        let moves: Vec<Move> = out.drain_all();
        for m in moves {
            let (Some(from), to) = (m.from(), m.to()) else {
                out.push(m);
                continue;
            };
            let (from, to) = (from.raw(), to.raw());
            // What stands after the move: `occ_after`.
            let occ_after = match m {
                Move::Normal { promote, .. } | Move::EnPassant { promote, .. } => {
                    let mut o = occ | bit::<Set<W>>(to);
                    if !matches!(promote, Promote::Gate(_)) {
                        o &= !bit::<Set<W>>(from);
                    }
                    if matches!(promote, Promote::Hand(_)) {
                        o &= !bit::<Set<W>>(to);
                    }
                    if let Move::EnPassant { .. } = m {
                        o &= !bit::<Set<W>>(self.ep_victim);
                    }
                    o
                }
                Move::Castle { rule, gate, .. } => {
                    let c = self.v.castles[rule as usize];
                    let (kf, rf) = self.castle_squares(rule, from, to);
                    let mut o =
                        (occ & !(bit::<Set<W>>(kf) | bit(rf))) | bit(c.king_to) | bit(c.rook_to);
                    if let Some(g) = gate {
                        o |= bit(if g.on_rook() { rf } else { kf });
                    }
                    o
                }
                _ => {
                    out.push(m);
                    continue;
                }
            };
            let mut squares = self.v.all & !occ_after & w.region[us];
            match w.place {
                WallPlace::Past => squares &= bit(from),
                WallPlace::Anywhere | WallPlace::Moving => {}
                WallPlace::Reach => {
                    let p = code_piece(self.board.get(from as usize)) as usize;
                    let mut reach = Set::<W>::EMPTY;
                    let e = self.v.entry(p, us, to as usize);
                    let (a, z) = self.v.entries[e];
                    let occ_from = occ_after & !bit::<Set<W>>(to);
                    for path in &self.v.paths[a as usize..z as usize] {
                        if !path.quiet {
                            continue;
                        }
                        for st in &self.v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                            if (occ_from & st.block).any() || (occ_from & bit(st.to)).any() {
                                break;
                            }
                            reach |= bit(st.to);
                        }
                    }
                    squares &= reach;
                }
            }
            for s in Squares(squares) {
                if let Some(walled) = m.with_wall(sq(s as Sq)) {
                    out.push(walled);
                }
            }
        }
    }

    /// Appends the pass, if the player may pass: not in check, or always
    /// while the royal pieces face each other (`facing` end rule).
    #[cold]
    #[inline(never)]
    fn gen_pass(&self, ctx: &Ctx<W>, out: &mut MoveList) {
        let royals = self.royals[self.turn];
        if royals.count() != 1 {
            return;
        }
        let in_check = match ctx.king {
            Some(_) => ctx.checkers != 0,
            None => self.is_check(),
        };
        if self.history.facing || !in_check {
            out.push(Move::Pass {
                at: sq(royals.lowest() as Sq),
            });
        }
    }

    /// Applies the variant's legality rules to the moves in `out`: moves
    /// of a royal piece in check that do not capture its single checker go
    /// (`fleeing-check forbidden`), moves that give check go
    /// (`giving-check forbidden`; only drops with `by-drop`), then, if a capture is left, every move
    /// that is not one (`capture compulsory`).
    fn filter_legality(&self, out: &mut MoveList) {
        let rules = self.v.legality;
        if rules.fleeing_check_forbidden {
            self.forbid_fleeing(out);
        }
        if rules.giving_check != GivingCheck::Allowed {
            let them = self.turn ^ 1;
            let all = rules.giving_check == GivingCheck::Forbidden;
            out.retain(|&m| {
                if !all && !matches!(m, Move::Drop { .. }) {
                    return true;
                }
                let mut next = self.clone();
                next.play_unchecked(m);
                !next.in_check_side(them)
            });
        }
        if self.v.place.as_ref().is_some_and(|pl| pl.must_drop)
            && out.iter().any(|m| matches!(m, Move::Drop { .. }))
        {
            out.retain(|m| matches!(m, Move::Drop { .. }));
        }
        if rules.capture_compulsory && out.iter().any(|&m| self.is_capture(m)) {
            out.retain(|&m| self.is_capture(m));
        }
    }

    /// `fleeing-check forbidden`: a royal piece in check keeps only the
    /// moves that capture the one piece giving it check (castling out of
    /// check is fleeing too).
    #[cold]
    #[inline(never)]
    fn forbid_fleeing(&self, out: &mut MoveList) {
        let us = self.turn;
        let royals = self.royals[us];
        let occ = self.occupied();
        if !Squares(royals).any(|k| self.attacked_any(k, us ^ 1, occ)) {
            return;
        }
        out.retain(|&m| {
            let (from, to) = match m {
                Move::Normal { from, to, .. } | Move::EnPassant { from, to, .. } => {
                    (from.raw(), to.raw())
                }
                Move::Castle { from, .. } => (from.raw(), Sq::MAX),
                // A capture on the way: fleeing unless it captures the
                // checker where it ends.
                Move::Locust { from, to, .. } => (from.raw(), to.raw()),
                // Walls are added after this filter.
                Move::Drop { .. } | Move::Pass { .. } | Move::Walled { .. } => return true,
            };
            if (royals & bit(from)).is_empty() {
                return true;
            }
            let checkers = self.attackers(from, us ^ 1, occ);
            checkers.is_empty() || (to != Sq::MAX && checkers == bit(to))
        });
    }

    /// See [`Position::is_capture`].
    pub(crate) fn is_capture(&self, m: Move) -> bool {
        match m {
            Move::EnPassant { .. } | Move::Locust { .. } => true,
            Move::Normal { to, .. } => (self.by_side[self.turn ^ 1] & bit(to.raw())).any(),
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } => false,
            Move::Walled { .. } => self.is_capture(m.unwalled().0),
        }
    }

    /// Counts the legal moves without listing the drops where they can be
    /// counted: empty allowed squares times piece types in hand.
    pub(crate) fn count_legal(&self, buf: &mut MoveList) -> u64 {
        buf.clear();
        if self.v.filters || self.v.walling.is_some() {
            self.gen(buf, true);
            return buf.len() as u64;
        }
        let ctx = self.ctx();
        if ctx.risky.any() {
            self.gen_board::<true>(&ctx, buf);
        } else {
            self.gen_board::<false>(&ctx, buf);
        }
        if self.v.has_special {
            self.gen_special(buf);
        }
        if self.v.has_legs {
            self.gen_legs(&ctx, buf);
        }
        if self.v.gating {
            self.add_gates(buf);
        }
        if self.v.place.is_some() {
            self.gen_turns(buf);
        }
        let mut n = buf.len() as u64;
        if self.v.drops {
            let us = self.turn;
            if ctx.king.is_none() && self.v.royal_of[us].any() || ctx.risky.any() {
                buf.clear();
                self.gen_drops(&ctx, buf, Mask::<W>::FULL);
                n += buf.len() as u64;
            } else {
                let empty = self.v.all & !self.occupied();
                let target = empty & ctx.evasion;
                for p in 0..self.v.npieces {
                    let h = self.v.hand_of[p] as usize;
                    if self.hands[us][h] > 0 && !self.v.no_mate.has(p) {
                        n += (target & self.drop_mask(p, us)).count() as u64;
                    }
                }
                // Drops that may not mate are tested one by one.
                if self.v.no_mate.any() {
                    buf.clear();
                    self.gen_drops(&ctx, buf, self.v.no_mate);
                    n += buf.len() as u64;
                }
            }
        }
        n
    }

    /// Appends the legal drops of the pieces in the bit set `pieces`.
    fn gen_drops(&self, ctx: &Ctx<W>, out: &mut MoveList, pieces: Mask<W>) {
        if !self.v.drops {
            return;
        }
        let us = self.turn;
        let empty = self.v.all & !self.occupied();
        let target = match ctx.king {
            Some(_) => empty & ctx.evasion,
            None => empty,
        };
        for p in 0..self.v.npieces {
            if self.hands[us][self.v.hand_of[p] as usize] == 0 || !pieces.has(p) {
                continue;
            }
            let test = ctx.king.is_none() && self.v.royal_of[us].any();
            let no_mate = self.v.no_mate.has(p);
            for to in Squares(target & self.drop_mask(p, us)) {
                let m = Move::Drop {
                    piece: pt(p as u8),
                    to: sq(to),
                };
                // A drop onto a risky square may become a hopper's screen.
                let test = test || (ctx.risky & bit(to)).any();
                if test && !self.legal_by_playing(m) {
                    continue;
                }
                if no_mate && self.drop_mates(m) {
                    continue;
                }
                out.push(m);
            }
        }
    }

    /// Where side `us` may drop piece `p`, by the drop rules alone (not by
    /// occupancy): forbidden squares and files at their limit left out.
    #[inline]
    pub(crate) fn drop_mask(&self, p: usize, us: usize) -> Set<W> {
        let v = self.v;
        let mut to = v.drop_to[p * 2 + us];
        if v.per_file.has(p) {
            let limit = v.file_limit[p] as u32;
            let own = code(p as u8, us);
            let mut mine: Set<W> = Set::<W>::EMPTY;
            for s in Squares(self.by_side[us]) {
                if self.board.get(s as usize) == own {
                    mine |= bit(s);
                }
            }
            for &f in &v.file_masks {
                if (mine & f).count() >= limit {
                    to &= !f;
                }
            }
        }
        if v.colour_checked.has(p) {
            to &= self.colour_mask(p, us);
        }
        if let Some(f) = &v.flipping {
            to &= f.drop_mask(v.all, self.by_side[us], self.by_side[us ^ 1]);
        }
        if let Some(f) = &v.falls {
            let mut landing = f.floor;
            for s in Squares(self.occupied()) {
                landing |= f.above[s as usize];
            }
            to &= landing;
        }
        to
    }

    /// The squares where side `us` may drop piece `p` by the per-colour
    /// limits: not on a colour that already holds the limit of `p`'s own
    /// pieces, and (for another piece) not where the drop would leave too
    /// few free squares for a limited piece still in hand.
    #[cold]
    #[inline(never)]
    fn colour_mask(&self, p: usize, us: usize) -> Set<W> {
        let Some(pl) = &self.v.place else {
            return Set::<W>::FULL;
        };
        let v = self.v;
        let empty = v.all & !self.occupied();
        let mut allowed = Set::<W>::FULL;
        for l in Squares(pl.per_colour) {
            let l = l as usize;
            let limit = u32::from(pl.colour_limit[l]);
            let own = code(l as u8, us);
            let mut on = [0u32; 2];
            for s in Squares(self.by_side[us]) {
                if self.board.get(s as usize) == own {
                    for (c, m) in pl.colour_masks.iter().enumerate() {
                        if (*m & bit(s)).any() {
                            on[c] += 1;
                        }
                    }
                }
            }
            if l == p {
                for (c, m) in pl.colour_masks.iter().enumerate() {
                    if on[c] >= limit {
                        allowed &= !*m;
                    }
                }
                continue;
            }
            let in_hand = u32::from(self.hands[us][l]);
            if in_hand == 0 {
                continue;
            }
            let region = v.drop_to[l * 2 + us] & empty;
            let room = |c: usize, taken: u32| {
                let free = (region & pl.colour_masks[c]).count() - taken;
                limit.saturating_sub(on[c]).min(free)
            };
            let total = room(0, 0) + room(1, 0);
            if total < in_hand {
                return Set::<W>::EMPTY;
            }
            for (c, m) in pl.colour_masks.iter().enumerate() {
                let taken = u32::from((region & *m).any());
                let after = room(c, taken) + room(c ^ 1, 0);
                if after < in_hand {
                    allowed &= !(region & *m);
                }
            }
        }
        allowed
    }

    /// The promotions that are moves of their own (`turn`): each piece of a
    /// rule on one of its squares (anywhere if `alone` and it is the only
    /// one of its type) may become a choice where it stands or after one
    /// step of the choice's capturing moves onto an empty square. Each is
    /// tested by playing it.
    #[cold]
    #[inline(never)]
    fn gen_turns(&self, out: &mut MoveList) {
        let Some(pl) = &self.v.place else { return };
        let v = self.v;
        let us = self.turn;
        let occ = self.occupied();
        for t in &pl.turns {
            let own = code(t.piece, us);
            let mine = Squares(self.by_side[us])
                .filter(|&s| self.board.get(s as usize) == own)
                .fold(Set::<W>::EMPTY, |m, s| m | bit(s));
            let from_set = if t.alone && mine.count() == 1 {
                mine
            } else {
                mine & t.zone[us]
            };
            for from in Squares(from_set) {
                for &c in &t.choices {
                    if v.limited.has(c) && self.at_limit(c) {
                        continue;
                    }
                    let mut tos: Set<W> = bit(from);
                    let (a, b) = v.entries[v.entry(c as usize, us, from as usize)];
                    for path in v.paths[a as usize..b as usize].iter().filter(|x| x.capture) {
                        for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                            if (occ & st.block).any() || (occ & bit(st.to)).any() {
                                break;
                            }
                            tos |= bit(st.to);
                        }
                    }
                    for to in Squares(tos) {
                        let m = Move::Normal {
                            from: sq(from),
                            to: sq(to),
                            promote: Promote::Piece(pt(c)),
                        };
                        let mut next = self.clone();
                        next.play_unchecked(m);
                        if next.in_check_side(us) || (t.no_check && next.in_check_side(us ^ 1)) {
                            continue;
                        }
                        let occ_next = next.occupied();
                        if t.no_attack
                            && next.path_reaches(
                                (c as usize, us, to),
                                next.by_side[us ^ 1],
                                occ_next,
                                |x| x.capture,
                            )
                        {
                            continue;
                        }
                        out.push(m);
                    }
                }
            }
        }
    }

    /// Whether the drop `m` checkmates. A drop can uncover no attack, so it
    /// checks only if the dropped piece itself attacks an enemy royal piece.
    fn drop_mates(&self, m: Move) -> bool {
        if let Move::Drop { piece, to } = m {
            let occ = self.occupied() | bit(to.raw());
            let royals = self.royals[self.turn ^ 1];
            let mover = (piece.index(), self.turn, to.raw());
            if self.v.slow_types.is_empty() && !self.path_reaches(mover, royals, occ, |x| x.capture)
            {
                return false;
            }
        }
        let mut next = self.clone();
        next.play_unchecked(m);
        next.is_check() && next.moves().is_empty()
    }

    /// Whether piece `p` of `side` standing on `from` reaches one of
    /// `targets` with occupancy `occ` along a path that `which` accepts.
    pub(crate) fn path_reaches(
        &self,
        (p, side, from): (usize, usize, Sq),
        targets: Set<W>,
        occ: Set<W>,
        which: impl Fn(&FlatPath<W>) -> bool,
    ) -> bool {
        let v = self.v;
        let (a, b) = v.entries[v.entry(p, side, from as usize)];
        for path in v.paths[a as usize..b as usize].iter().filter(|x| which(x)) {
            for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                if (occ & st.block).any() {
                    break;
                }
                if (targets & bit(st.to)).any() {
                    return true;
                }
                if (occ & bit(st.to)).any() {
                    break;
                }
            }
        }
        false
    }

    /// The moves along the plain paths; `SCREENS`: whether `ctx` has risky
    /// squares (kept out of the loop of the variants that never have them).
    fn gen_board<const SCREENS: bool>(&self, ctx: &Ctx<W>, out: &mut MoveList) {
        let v = self.v;
        let us = self.turn;
        let them = us ^ 1;
        let occ = self.occupied();
        let ours = self.by_side[us];
        let theirs = self.by_side[them];
        // In multiple check with no square that blocks every check, only the
        // royal piece can move.
        let only_king = ctx.king.is_some() && ctx.checkers > 1 && ctx.evasion.is_empty();
        for from in Squares(ours) {
            let p = code_piece(self.board.get(from as usize)) as usize;
            let is_king = ctx.king == Some(from);
            if only_king && !is_king {
                continue;
            }
            let e = v.entry(p, us, from as usize);
            let (a, b) = v.entries[e];
            let dedup = v.dedup[e];
            let mut seen: Set<W> = Set::<W>::EMPTY;
            // Which destinations a non-royal piece may go to.
            let allowed = ctx.allowed(from, is_king);
            let occ_without = occ & !bit::<Set<W>>(from);
            // The enemy pieces this piece may capture (`cannot-capture`
            // spares some).
            let capturable = if v.sparing.has(p) {
                theirs & !self.spared(theirs, v.no_capture[p])
            } else {
                theirs
            };
            for path in &v.paths[a as usize..b as usize] {
                if path.friend_on.any() && (ours & path.friend_on).is_empty() {
                    continue;
                }
                for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                    if (occ & st.block).any() {
                        break;
                    }
                    let tb = bit(st.to);
                    let (kind_ep, ok) = if (occ & tb).any() {
                        if path.capture && (capturable & tb).any() {
                            (false, true)
                        } else {
                            break;
                        }
                    } else if path.quiet {
                        (false, true)
                    } else if path.en_passant && (self.ep & tb).any() {
                        (true, true)
                    } else {
                        (false, false)
                    };
                    if ok {
                        let to = st.to;
                        if dedup {
                            if (seen & tb).any() {
                                if (occ & tb).any() {
                                    break;
                                }
                                continue;
                            }
                            seen |= tb;
                        }
                        let legal = if kind_ep {
                            true // tested below by playing
                        } else if is_king {
                            !self.attacked(to, them, occ_without | tb)
                        } else {
                            (allowed & tb).any()
                        };
                        if legal {
                            let risky = SCREENS && (ctx.risky & (bit::<Set<W>>(from) | tb)).any();
                            self.emit(ctx, p, (from, to), (kind_ep, risky), out);
                        }
                    }
                    if (occ & tb).any() {
                        break;
                    }
                }
            }
        }
        if v.has_hops {
            self.gen_hops(ctx, out);
        }
        if !v.castles.is_empty() && self.castling != 0 && ctx.checkers == 0 {
            self.gen_castling(out);
        }
    }

    /// Appends the moves along the special paths: one-time moves (`once`)
    /// from squares whose right the side holds, and moves not made in check
    /// (`if not-in-check`). Each is tested by playing it; a move that `out`
    /// already holds (the same squares by an ordinary path) is not repeated.
    #[cold]
    #[inline(never)]
    fn gen_special(&self, out: &mut MoveList) {
        let v = self.v;
        let us = self.turn;
        let ours = self.by_side[us];
        let theirs = self.by_side[us ^ 1];
        let occ = ours | theirs | self.walls;
        // No check information: `emit` tests every move by playing it.
        let test = Ctx::untested();
        let mut in_check = None;
        for from in Squares(ours) {
            let p = code_piece(self.board.get(from as usize)) as usize;
            let (a, b) = v.special_entries[v.entry(p, us, from as usize)];
            if a == b {
                continue;
            }
            let capturable = if v.sparing.has(p) {
                theirs & !self.spared(theirs, v.no_capture[p])
            } else {
                theirs
            };
            for path in &v.paths[a as usize..b as usize] {
                if path.once && (self.gates[us] & bit(from)).is_empty()
                    || path.friend_on.any() && (ours & path.friend_on).is_empty()
                    || path.not_in_check && *in_check.get_or_insert_with(|| self.in_check_side(us))
                {
                    continue;
                }
                for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                    if (occ & st.block).any() {
                        break;
                    }
                    let tb = bit(st.to);
                    let ok = if (occ & tb).any() {
                        path.capture && (capturable & tb).any()
                    } else {
                        path.quiet
                    };
                    let listed = || {
                        out.iter().any(|m| {
                            matches!(*m, Move::Normal { from: f, to, .. } if f.raw() == from && to.raw() == st.to)
                        })
                    };
                    if ok && !listed() {
                        self.emit(&test, p, (from, st.to), (false, false), out);
                    }
                    if (occ & tb).any() {
                        break;
                    }
                }
            }
        }
    }

    /// The squares of `among` holding a piece of a type in `types`.
    #[cold]
    #[inline(never)]
    pub(crate) fn spared(&self, among: Set<W>, types: Mask<W>) -> Set<W> {
        let mut out = Set::<W>::EMPTY;
        for s in Squares(among) {
            if types.has(code_piece(self.board.get(s as usize))) {
                out |= bit(s);
            }
        }
        out
    }

    /// Appends the moves along hopper paths (XBetza `p`, `g`), legal by the
    /// checks and pins of `ctx` (and tested by playing where `ctx` asks).
    #[cold]
    #[inline(never)]
    fn gen_hops(&self, ctx: &Ctx<W>, out: &mut MoveList) {
        let v = self.v;
        let us = self.turn;
        let ours = self.by_side[us];
        let theirs = self.by_side[us ^ 1];
        let occ = ours | theirs | self.walls;
        for from in Squares(ours) {
            let p = code_piece(self.board.get(from as usize)) as usize;
            let e = v.entry(p, us, from as usize);
            let (a, b) = v.hop_entries[e];
            if a == b {
                continue;
            }
            let allowed = ctx.allowed_at(from);
            // Destinations already listed from `from` (lines with loops may
            // reach a square along two paths; a move is its two squares).
            let mut seen: Set<W> = Set::<W>::EMPTY;
            let theirs = if v.no_capture[p].any() {
                theirs & !self.spared(theirs, v.no_capture[p])
            } else {
                theirs
            };
            if v.dedup[e] {
                for m in out.iter() {
                    if let Move::Normal { from: f, to, .. } = *m {
                        if f.raw() == from {
                            seen |= bit(to.raw());
                        }
                    }
                }
            }
            for i in a as usize..b as usize {
                let path = &v.paths[i];
                if path.friend_on.any() && (ours & path.friend_on).is_empty() {
                    continue;
                }
                self.hop_walk(i, occ, v.no_hurdle[p], |to, occupied| {
                    let tb = bit(to);
                    let ok = if occupied {
                        path.capture && (theirs & tb).any()
                    } else {
                        path.quiet
                    };
                    if ok && (seen & tb).is_empty() {
                        seen |= tb;
                        if (allowed & tb).any() {
                            let risky = (ctx.risky & (bit::<Set<W>>(from) | tb)).any();
                            self.emit(ctx, p, (from, to), (false, risky), out);
                        }
                    }
                    false
                });
            }
        }
    }

    /// Appends the move of piece `p` from `from` to `to`, with its
    /// promotions, if legal: en passant if `ep`; tested by playing it if
    /// `risky` (it touches a risky square, see [`Ctx::risky`]).
    #[inline(always)]
    pub(crate) fn emit(
        &self,
        ctx: &Ctx<W>,
        p: usize,
        (from, to): (Sq, Sq),
        (ep, risky): (bool, bool),
        out: &mut MoveList,
    ) {
        let v = self.v;
        // An en-passant capture never promotes (as in Fairy-Stockfish).
        if !ep
            && v.promoting.has(p)
            && ((v.promo[p].zone[self.turn] & bit(to)).any() || v.promo_start_pass.has(p))
            && self.emit_promotions(ctx, p, (from, to), risky, out)
        {
            return;
        }
        let m = self.piece_move(from, to, ep, Promote::None);
        if !(risky || self.must_test(ctx, ep)) || self.legal_by_playing(m) {
            out.push(m);
        }
    }

    /// The move from `from` to `to` (en passant if `ep`).
    #[inline(always)]
    fn piece_move(&self, from: Sq, to: Sq, ep: bool, promote: Promote) -> Move {
        let (from, to) = (sq(from), sq(to));
        if ep {
            Move::EnPassant { from, to, promote }
        } else {
            Move::Normal { from, to, promote }
        }
    }

    /// [`Self::legal_by_playing`] out of line, for [`Self::emit_promotions`]:
    /// inlined there, its copy of the position is partly hoisted out of the
    /// loop over the rules, which costs every promotion that needs no test
    /// (shogi perft 2.5%).
    #[inline(never)]
    fn legal_promotion(&self, m: Move) -> bool {
        self.legal_by_playing(m)
    }

    /// Whether a move must be tested by playing it: en passant, and every
    /// move where the tries hold no check information. (Moves from or to a
    /// risky square, see [`Ctx::risky`], are told apart by the callers.)
    #[inline(always)]
    fn must_test(&self, ctx: &Ctx<W>, ep: bool) -> bool {
        ep || ctx.king.is_none() && self.v.royal_of[self.turn].any()
    }

    /// Appends the promotions of the move (see [`Self::emit`]; never en
    /// passant) that a rule allows, if legal. Returns whether the move must promote, so that
    /// the caller adds the plain move only when it may also stay.
    #[inline(never)]
    fn emit_promotions(
        &self,
        ctx: &Ctx<W>,
        p: usize,
        (from, to): (Sq, Sq),
        risky: bool,
        out: &mut MoveList,
    ) -> bool {
        let v = self.v;
        let us = self.turn;
        let (fb, tb) = (bit(from), bit(to));
        let passed = if v.promo_start_pass.has(p) {
            self.passed_on_way(p, from, to)
        } else {
            Set::<W>::EMPTY
        };
        let test = risky || self.must_test(ctx, false);
        let mut applied = false;
        let mut optional = false;
        let applies = |rule: &PromoRule<W>| {
            rule.applies(us, fb, passed, tb)
                && (!rule.capture_only || (self.by_side[us ^ 1] & tb).any())
        };
        let rules = &v.promo[p].rules;
        for (i, rule) in rules.iter().enumerate() {
            if !applies(rule) {
                continue;
            }
            // Rules that apply together offer a choice once: the first
            // offers it.
            let earlier = if applied { &rules[..i] } else { &[] };
            applied = true;
            optional |= rule.optional && (rule.forced[us] & tb).is_empty();
            for c in &rule.choices {
                if earlier.iter().any(|r| r.choices.contains(c) && applies(r)) {
                    continue;
                }
                let (m, must_test) = match *c {
                    // No choice of a type its side has its limit of.
                    PromotionChoice::Piece(t) if v.limited.has(t) && self.at_limit(t) => continue,
                    PromotionChoice::Piece(t) => (
                        self.piece_move(from, to, false, Promote::Piece(pt(t))),
                        test,
                    ),
                    // The piece leaves the board: it no longer blocks.
                    PromotionChoice::Hand(t) => (
                        self.piece_move(from, to, false, Promote::Hand(pt(t))),
                        v.royal_of[us].any(),
                    ),
                };
                if !must_test || self.legal_promotion(m) {
                    out.push(m);
                }
            }
        }
        applied && !optional
    }

    /// The squares that piece `p` of the side to move passes over on its way
    /// from `from` to `to`: along the first path that makes the move, as
    /// [`Self::gen_board`] finds it (none for a hop). Only a promotion
    /// `on pass` reads them, so they are found again only then.
    fn passed_on_way(&self, p: usize, from: Sq, to: Sq) -> Set<W> {
        let v = self.v;
        let us = self.turn;
        let occ = self.occupied();
        let (ours, theirs) = (self.by_side[us], self.by_side[us ^ 1]);
        let (a, b) = v.entries[v.entry(p, us, from as usize)];
        for path in &v.paths[a as usize..b as usize] {
            if path.friend_on.any() && (ours & path.friend_on).is_empty() {
                continue;
            }
            let mut passed: Set<W> = Set::<W>::EMPTY;
            for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                if (occ & st.block).any() {
                    break;
                }
                let tb = bit(st.to);
                if st.to == to {
                    let makes = if (occ & tb).any() {
                        path.capture && (theirs & tb).any()
                    } else {
                        path.quiet || path.en_passant && (self.ep & tb).any()
                    };
                    if makes {
                        return passed;
                    }
                }
                if (occ & tb).any() {
                    break;
                }
                passed |= tb;
            }
        }
        Set::<W>::EMPTY
    }

    /// Whether the side to move has as many pieces of type `t` on the
    /// board as its promotion limit (`Queen max 1`).
    #[cold]
    #[inline(never)]
    fn at_limit(&self, t: u8) -> bool {
        let n = Squares(self.by_side[self.turn])
            .filter(|&s| code_piece(self.board.get(s as usize)) == t)
            .count();
        n >= usize::from(self.v.promo_limit[t as usize])
    }

    /// Whether a royal piece may not stand on `s` (castling's path): `by`
    /// attacks it, and no blast shields it there.
    #[inline]
    fn royal_unsafe(&self, s: Sq, by: usize, occ: Set<W>) -> bool {
        match self.v.blast.as_deref() {
            None => self.attacked_any(s, by, occ),
            Some(b) => {
                !(b.reach[s as usize] & self.royals[by]).any()
                    && self.attacked_by_capturers(b, s, by, occ)
            }
        }
    }

    fn gen_castling(&self, out: &mut MoveList) {
        let v = self.v;
        let us = self.turn;
        let them = us ^ 1;
        let occ = self.occupied();
        for (i, c) in v.castles.iter().enumerate() {
            if c.side != us || self.castling & (1 << i) == 0 {
                continue;
            }
            if c.free {
                self.gen_free_castling(i, out);
                continue;
            }
            let pieces = bit::<Set<W>>(c.king_from) | bit(c.rook_from);
            if (occ & c.empty & !pieces).any() {
                continue;
            }
            let occ_k = occ & !bit::<Set<W>>(c.king_from);
            // The castling piece's path must be safe only where it is royal.
            let royal = v.royal_of[us].has(c.king);
            if royal && Squares(c.safe).any(|s| self.royal_unsafe(s, them, occ_k)) {
                continue;
            }
            let m = Move::Castle {
                rule: i as u8,
                from: sq(c.king_from),
                to: sq(c.king_to),
                gate: None,
            };
            if self.legal_by_playing(m) {
                out.push(m);
            }
        }
    }

    /// A free (Chess960) castling: the king and rook squares of the right,
    /// the squares between each and its destination empty but for the two,
    /// the king's path (start and end included) not attacked. Written
    /// king-takes-rook.
    #[cold]
    #[inline(never)]
    fn gen_free_castling(&self, rule: usize, out: &mut MoveList) {
        let v = self.v;
        let us = self.turn;
        let c = v.castles[rule];
        let line = &v.castle_lines[rule];
        let [kf, rf] = self.free_castle[rule];
        let at = |sq: Sq| line.iter().position(|&s| s == sq).unwrap_or(0);
        let span = |a: Sq, b: Sq| {
            let (a, b) = (at(a), at(b));
            line[a.min(b)..=a.max(b)]
                .iter()
                .fold(Set::<W>::EMPTY, |m, &s| m | bit(s))
        };
        let occ = self.occupied();
        let pieces = bit::<Set<W>>(kf) | bit(rf);
        let safe = span(kf, c.king_to);
        if (occ & (safe | span(rf, c.rook_to)) & !pieces).any() {
            return;
        }
        let royal = v.royal_of[us].has(c.king);
        let occ_k = occ & !bit::<Set<W>>(kf);
        if royal && Squares(safe).any(|s| self.royal_unsafe(s, us ^ 1, occ_k)) {
            return;
        }
        let m = Move::Castle {
            rule: rule as u8,
            from: sq(kf),
            to: sq(rf),
            gate: None,
        };
        if self.legal_by_playing(m) {
            out.push(m);
        }
    }

    /// Gating: for each legal move in `out` that leaves a square whose gate
    /// right the side to move has, the same move with each piece in hand
    /// that may gate there entering on it. A gated move is legal when the
    /// move is (the piece entering only blocks lines). A promotion does not
    /// gate.
    #[cold]
    #[inline(never)]
    fn add_gates(&self, out: &mut MoveList) {
        let v = self.v;
        let us = self.turn;
        let rights = self.gates[us];
        if rights.is_empty() {
            return;
        }
        let gaters: Vec<u8> = (0..v.npieces as u8)
            .filter(|&p| {
                (v.gate_to[p as usize * 2 + us] & rights).any()
                    && self.hands[us][v.hand_of[p as usize] as usize] > 0
            })
            .collect();
        if gaters.is_empty() {
            return;
        }
        let may = |p: u8, s: Sq| (v.gate_to[p as usize * 2 + us] & rights & bit(s)).any();
        for i in 0..out.len() {
            match out[i] {
                Move::Normal {
                    from,
                    to,
                    promote: Promote::None,
                } => {
                    for &p in gaters.iter().filter(|&&p| may(p, from.raw())) {
                        out.push(Move::Normal {
                            from,
                            to,
                            promote: Promote::Gate(pt(p)),
                        });
                    }
                }
                Move::Castle {
                    rule,
                    from,
                    to,
                    gate: None,
                } => {
                    let c = v.castles[rule as usize];
                    let (kf, rf) = self.castle_squares(rule, from.raw(), to.raw());
                    for (s, on_rook) in [(kf, false), (rf, true)] {
                        if s == c.king_to || s == c.rook_to {
                            continue;
                        }
                        for &p in gaters.iter().filter(|&&p| may(p, s)) {
                            out.push(Move::Castle {
                                rule,
                                from,
                                to,
                                gate: Some(CastleGate::new(pt(p), on_rook)),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
