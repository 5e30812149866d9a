//! Attacks and checks: which pieces attack a square, the inverse attack
//! tries and the slow scans, en-passant takers, facing royal pieces.

use super::*;

impl<'v, W: Width> Pos<'v, W> {
    /// Whether the side to move has a royal piece under attack (with
    /// `partial-check allowed`, all of its royal pieces).
    pub(crate) fn is_check(&self) -> bool {
        self.in_check_side(self.turn)
    }

    pub(crate) fn in_check_side(&self, side: usize) -> bool {
        let occ = self.occupied();
        let royals = self.royals[side];
        if self.v.blast.is_some() {
            return self.in_check_blast(side);
        }
        if self.v.legality.several_royals == SeveralRoyals::AllAttacked {
            // In check only when every royal piece is attacked.
            return royals.any() && Squares(royals).all(|k| self.attacked_any(k, side ^ 1, occ));
        }
        // `several-royals allowed`: a side with two or more royal pieces is
        // never in check.
        if self.v.legality.several_royals == SeveralRoyals::Unprotected && royals.count() > 1 {
            return false;
        }
        Squares(royals).any(|k| self.attacked_any(k, side ^ 1, occ))
    }

    /// Whether `by` attacks square `s` with occupancy `occ`.
    #[inline]
    pub(crate) fn attacked(&self, s: Sq, by: usize, occ: Set<W>) -> bool {
        let nodes = self.v.trie_at(by, s as usize);
        let mut i = 0usize;
        while i < nodes.len() {
            let n = &nodes[i];
            if (occ & n.edge).any() {
                i = n.skip as usize;
                continue;
            }
            if (occ & bit(n.sq)).any() {
                let c = self.board.get(n.sq as usize);
                if c != 0 && code_side(c) == by && n.types.has(code_piece(c)) {
                    return true;
                }
                i = n.skip as usize;
            } else {
                i += 1;
            }
        }
        false
    }

    /// Whether `by` attacks square `s` with occupancy `occ`, hoppers and
    /// attack-only paths included. [`Position::attacked`] alone serves the
    /// fast legality path, which variants with such paths never take.
    #[inline]
    pub(crate) fn attacked_any(&self, s: Sq, by: usize, occ: Set<W>) -> bool {
        self.attacked(s, by, occ) || (self.v.slow_types.any() && self.attacked_slow(s, by, occ))
    }

    /// Whether a piece of side `by` attacks `s` along a path the tries do not
    /// hold: a hopper's capture or an attack-only path.
    #[cold]
    #[inline(never)]
    pub(super) fn attacked_slow(&self, s: Sq, by: usize, occ: Set<W>) -> bool {
        Squares(self.by_side[by]).any(|from| self.attacks_slow_from(from, s, by, occ))
    }

    /// Whether the piece of side `by` on `from` attacks `s` along a path the
    /// tries do not hold (see [`Position::attacked_slow`]).
    pub(crate) fn attacks_slow_from(&self, from: Sq, s: Sq, by: usize, occ: Set<W>) -> bool {
        let v = self.v;
        let target = bit(s);
        // A hopper attacks the square as if a piece stood there (an empty
        // square a king would pass when castling), so that a piece before
        // the hurdle is no hurdle and the square is the landing.
        let occ = occ | target;
        let p = code_piece(self.board.get(from as usize)) as usize;
        if !v.slow_types.has(p) {
            return false;
        }
        // A piece it may not capture is not attacked by it.
        let c = self.board.get(s as usize);
        if c != 0 && v.no_capture[p].has(code_piece(c)) {
            return false;
        }
        let e = v.entry(p, by, from as usize);
        // Screened rules have no special or multi-leg captures among the
        // slow types: a square off the entry's hopper and attack-only
        // paths is not attacked along them.
        if v.screened && (v.slow_reach[e] & target).is_empty() {
            return false;
        }
        let (a, b) = v.hop_entries[e];
        for i in a as usize..b as usize {
            if !v.paths[i].capture {
                continue;
            }
            if self.hop_walk(i, occ, v.no_hurdle[p], |to, occupied| occupied && to == s) {
                return true;
            }
        }
        if v.has_special && self.attacks_special(p, by, from, occ, target) {
            return true;
        }
        if v.has_legs && self.attacks_legs(p, by, from, s, occ) {
            return true;
        }
        if v.history.as_ref().is_some_and(|h| h.facing.is_some()) {
            // Facing royal pieces are judged apart: no attack.
            return false;
        }
        let (a, b) = v.attack_entries[e];
        v.paths[a as usize..b as usize]
            .iter()
            .any(|path| self.captures_along(path, occ, target))
    }

    /// Whether `path`, walked like a capture over the occupied squares
    /// `occ` (up to and including the first occupied square, `block`
    /// squares empty), reaches a square of `target`.
    #[inline(always)]
    pub(super) fn captures_along(&self, path: &FlatPath<W>, occ: Set<W>, target: Set<W>) -> bool {
        for st in &self.v.steps[path.steps.0 as usize..path.steps.1 as usize] {
            if (occ & st.block).any() {
                return false;
            }
            if (target & bit(st.to)).any() {
                return true;
            }
            if (occ & bit(st.to)).any() {
                return false;
            }
        }
        false
    }

    /// Whether piece `p` of `by` on `from` attacks `target` along a special
    /// capture path: a one-time move while `by` holds the right of `from`,
    /// or a move not made in check (an attack all the same).
    pub(super) fn attacks_special(
        &self,
        p: usize,
        by: usize,
        from: Sq,
        occ: Set<W>,
        target: Set<W>,
    ) -> bool {
        let v = self.v;
        let (a, b) = v.special_entries[v.entry(p, by, from as usize)];
        v.paths[a as usize..b as usize].iter().any(|path| {
            if !path.capture || path.once && (self.gates[by] & bit(from)).is_empty() {
                return false;
            }
            self.captures_along(path, occ, target)
        })
    }

    /// The squares of `by`'s pieces that attack `s` with occupancy `occ`,
    /// hoppers and attack-only paths included: the pieces that give check
    /// when `s` holds a royal piece. Only the rules that name the checking
    /// pieces need it; the move generator asks [`Position::attacked`].
    #[cold]
    #[inline(never)]
    pub(crate) fn attackers(&self, s: Sq, by: usize, occ: Set<W>) -> Set<W> {
        let nodes = self.v.trie_at(by, s as usize);
        let mut out: Set<W> = Set::<W>::EMPTY;
        let mut i = 0usize;
        while i < nodes.len() {
            let n = &nodes[i];
            if (occ & n.edge).any() {
                i = n.skip as usize;
                continue;
            }
            if (occ & bit(n.sq)).any() {
                let c = self.board.get(n.sq as usize);
                if c != 0 && code_side(c) == by && n.types.has(code_piece(c)) {
                    out |= bit(n.sq);
                }
                i = n.skip as usize;
            } else {
                i += 1;
            }
        }
        if self.v.slow_types.any() {
            for from in Squares(self.by_side[by] & !out) {
                if self.attacks_slow_from(from, s, by, occ) {
                    out |= bit(from);
                }
            }
        }
        out
    }

    /// Walks the hopper path `paths[index]` with occupancy `occ`: the first
    /// occupied square is the hurdle, and the squares after it (at most
    /// `hop_limit[index]` of them,
    /// 0: any) are landing squares up to and including the next occupied
    /// one. `land(square, occupied)` is called for each; returns whether it
    /// accepted one.
    pub(crate) fn hop_walk(
        &self,
        index: usize,
        occ: Set<W>,
        no_hurdle: Mask<W>,
        mut land: impl FnMut(Sq, bool) -> bool,
    ) -> bool {
        let path = &self.v.paths[index];
        let limit = self.v.hop_limit[index];
        let mut over = false;
        let mut landed = 0u16;
        for st in &self.v.steps[path.steps.0 as usize..path.steps.1 as usize] {
            if (occ & st.block).any() {
                break;
            }
            let occupied = (occ & bit(st.to)).any();
            if !over {
                if occupied && no_hurdle.any() {
                    // A piece of these types is no hurdle: no move beyond.
                    let c = self.board.get(st.to as usize);
                    if c != 0 && no_hurdle.has(code_piece(c)) {
                        break;
                    }
                }
                over = occupied;
                continue;
            }
            if land(st.to, occupied) {
                return true;
            }
            landed += 1;
            if occupied || (limit != 0 && landed >= limit) {
                break;
            }
        }
        false
    }

    /// See [`Position::is_attacked`].
    pub(crate) fn is_attacked(&self, s: Square, by: Color) -> Option<bool> {
        (s.index() < self.v.nsq).then(|| self.attacked_any(s.raw(), by.index(), self.occupied()))
    }

    /// Whether a piece of side `by` has an en-passant path onto one of
    /// `squares` (ignoring pins). En-passant squares exist only then, so
    /// positions that differ only by an unusable one are the same.
    pub(super) fn ep_takeable(&self, squares: Set<W>, by: usize) -> bool {
        let occ = self.occupied();
        let nsq = self.v.nsq;
        let sources = Squares(squares).fold(Set::<W>::EMPTY, |m, e| {
            m | self.v.ep_sources[by * nsq + e as usize]
        });
        Squares(self.by_side[by] & sources).any(|from| {
            let p = code_piece(self.board.get(from as usize)) as usize;
            self.v.takes_ep.has(p)
                && self.path_reaches((p, by, from), squares, occ, |x| x.en_passant)
        })
    }

    /// The squares of `squares` on which a piece of `by` could take en
    /// passant.
    pub(super) fn ep_takeable_squares(&self, squares: Set<W>, by: usize) -> Set<W> {
        // Most often none is, or there is one square: one test then.
        if !self.ep_takeable(squares, by) {
            return Set::<W>::EMPTY;
        }
        if squares.count() == 1 {
            return squares;
        }
        Squares(squares)
            .filter(|&s| self.ep_takeable(bit(s as usize), by))
            .fold(Set::<W>::EMPTY, |m, s| m | bit(s as usize))
    }

    /// The square, among `among`, of the first enemy piece that a creating
    /// move, from an empty square, brought over every square of `passed`.
    pub(crate) fn find_ep_victim(&self, passed: Set<W>, among: Set<W>) -> Option<Sq> {
        let them = self.turn ^ 1;
        for to in Squares(self.by_side[them] & among) {
            let p = code_piece(self.board.get(to as usize)) as usize;
            if !self.v.creates_ep.has(p) {
                continue;
            }
            for from in 0..self.v.nsq {
                let list = &self.v.ep_creators[self.v.entry(p, them, from)];
                if list
                    .iter()
                    .any(|c| c.to == to && (c.passed & passed) == passed)
                    && self.board.get(from) == 0
                {
                    return Some(to);
                }
            }
        }
        None
    }

    /// The bit set of the piece types standing on `squares`.
    pub(super) fn types_in(&self, squares: Set<W>) -> Mask<W> {
        Squares(squares).fold(Mask::<W>::EMPTY, |m, s| {
            m | bit(code_piece(self.board.get(s as usize)))
        })
    }

    /// The squares of the pieces that give check to `side`'s royal pieces.
    pub(crate) fn checkers(&self, side: usize) -> Set<W> {
        let occ = self.occupied();
        Squares(self.royals[side])
            .fold(Set::<W>::EMPTY, |m, k| m | self.attackers(k, side ^ 1, occ))
    }

    /// Whether a royal piece of either side reaches an enemy royal piece
    /// along one of its `faces` lines with only empty squares between.
    pub(crate) fn royals_face(&self) -> bool {
        let v = self.v;
        let occ = self.occupied();
        (0..2).any(|side| {
            Squares(self.royals[side]).any(|k| {
                let p = code_piece(self.board.get(k as usize)) as usize;
                let (a, b) = v.attack_entries[v.entry(p, side, k as usize)];
                v.paths[a as usize..b as usize].iter().any(|path| {
                    for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                        if (occ & st.block).any() {
                            return false;
                        }
                        if (self.royals[side ^ 1] & bit(st.to)).any() {
                            return true;
                        }
                        if (occ & bit(st.to)).any() {
                            return false;
                        }
                    }
                    false
                })
            })
        })
    }

    /// See [`Position::royals_facing`].
    pub(crate) fn royals_facing(&self) -> bool {
        self.history.facing
    }
}
