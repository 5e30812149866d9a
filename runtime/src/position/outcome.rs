//! The end of the game: goals, extinction, bare kings, counting, points,
//! passing and facing rules, checkmate and stalemate.

use super::*;

impl<'v, W: Width> Pos<'v, W> {
    /// See [`Position::rule_outcome`].
    pub(crate) fn rule_outcome(&self) -> Option<GameResult> {
        let r = self.rule_outcome_drawn();
        match self.v.tables.parts.end.draw_odds {
            None => r,
            Some(_) => r.map(|r| with_draw_odds(&self.v.tables.parts.end, r)),
        }
    }

    /// [`Self::rule_outcome`] before draw odds.
    fn rule_outcome_drawn(&self) -> Option<GameResult> {
        if self.v.history.is_some() {
            if let Some(r) = self.history_outcome() {
                return Some(r);
            }
        }
        if let Some(CheckCount { outcome, .. }) = self.v.check_count {
            for side in [self.turn ^ 1, self.turn] {
                if self.checks[side] == 0 {
                    return Some(result_for(side, outcome, EndReason::Checks));
                }
            }
        }
        if !self.v.extinction.is_empty() {
            if let Some(r) = self.extinction_outcome() {
                return Some(r);
            }
        }
        if let Some(rule) = self.v.tables.parts.end.bare_king {
            if let Some(r) = self.bare_king_outcome(rule) {
                return Some(r);
            }
        }
        for &ReachRule {
            types,
            squares,
            count,
            or_full,
            safe,
            outcome,
            after_reply,
        } in &self.v.reach
        {
            // `count` of the side's pieces on its squares, or (`or_full`)
            // one of them on its squares and those squares all holding a
            // piece (a wall fills none, as in Fairy-Stockfish).
            let on = |side: usize| {
                let mut there = Squares(self.by_side[side] & squares[side])
                    .filter(|&s| types.has(code_piece(self.board.get(s as usize))));
                if count == 1 {
                    return there.next().is_some();
                }
                let n = there.count() as u32;
                n >= count
                    || (or_full
                        && n > 0
                        && (squares[side] & !(self.by_side[0] | self.by_side[1])).is_empty())
            };
            // `safe`: with exactly `count` of them there, none attacked by
            // the opponent (Fairy-Stockfish's `flagPieceSafe`).
            let safe_on = |side: usize| {
                if !on(side) {
                    return false;
                }
                let mut there = Squares(self.by_side[side] & squares[side])
                    .filter(|&s| types.has(code_piece(self.board.get(s as usize))));
                let occ = self.occupied();
                there.clone().count() as u32 != count
                    || !there.any(|s| self.attacked_any(s, side ^ 1, occ))
            };
            if safe {
                let (m, last) = (self.turn, self.turn ^ 1);
                // Without a reply: the player to move first, a draw if
                // both are safe; with one, the player to move wins if his
                // pieces stayed (safe or not) and the player who moved
                // wins at once if his are safe.
                let mine = if after_reply { on(m) } else { safe_on(m) };
                if mine {
                    return Some(if !after_reply && safe_on(last) {
                        result_for(m, Outcome::Draw, EndReason::Reach)
                    } else {
                        result_for(m, outcome, EndReason::Reach)
                    });
                }
                if safe_on(last) {
                    return Some(result_for(last, outcome, EndReason::Reach));
                }
                continue;
            }
            if after_reply {
                // Judged for the side to move, whose opponent has replied:
                // a draw if White reached first and Black followed.
                let m = self.turn;
                if on(m) {
                    return Some(if m == 0 && on(1) {
                        result_for(m, Outcome::Draw, EndReason::Reach)
                    } else {
                        result_for(m, outcome, EndReason::Reach)
                    });
                }
                continue;
            }
            for side in 0..2 {
                if on(side) {
                    return Some(result_for(side, outcome, EndReason::Reach));
                }
            }
        }
        if !self.v.lines.is_empty() {
            if let Some(r) = self.line_outcome() {
                return Some(r);
            }
        }
        if !self.v.connections.is_empty() {
            return self.connect_outcome();
        }
        None
    }

    /// The player who has just moved's pieces of a rule's types.
    fn pieces_of(&self, side: usize, types: Option<Mask<W>>) -> Set<W> {
        let mut mine = self.by_side[side];
        if let Some(types) = types {
            for s in Squares(mine) {
                if !types.has(code_piece(self.board.get(s as usize))) {
                    mine &= !bit::<Set<W>>(s);
                }
            }
        }
        mine
    }

    /// The connections, judged for the player who has just moved: a piece
    /// of his on a `to` square one or more steps on from one on a `from`
    /// square, every step landing on a piece of his (as Fairy-Stockfish
    /// judges `connectRegion`).
    fn connect_outcome(&self) -> Option<GameResult> {
        let side = self.turn ^ 1;
        for rule in &self.v.connections {
            let mine = self.pieces_of(side, rule.pieces);
            let target = rule.to[side] & mine;
            let mut frontier = rule.from[side] & mine;
            if target.is_empty() || frontier.is_empty() {
                continue;
            }
            let mut reached = Set::<W>::default();
            while !frontier.is_empty() {
                let mut next = Set::<W>::default();
                for s in Squares(frontier) {
                    next |= rule.next[s as usize];
                }
                next &= mine & !reached;
                if !(next & target).is_empty() {
                    return Some(result_for(side, rule.outcome, EndReason::Connection));
                }
                reached |= next;
                frontier = next;
            }
        }
        None
    }

    /// The lines of N, judged for the player who has just moved (his
    /// opponent's lines do not count, as in Fairy-Stockfish).
    fn line_outcome(&self) -> Option<GameResult> {
        let side = self.turn ^ 1;
        for rule in &self.v.lines {
            let mine = self.pieces_of(side, rule.pieces);
            let held = |l: Set<W>| match rule.count {
                Some(n) => (mine & l).count() >= n,
                None => (mine & l) == l,
            };
            if rule.lines.iter().any(|&l| held(l)) {
                return Some(result_for(side, rule.outcome, EndReason::Line));
            }
        }
        None
    }

    /// Two passes in a row, or royal pieces that faced before and after the
    /// last move.
    #[cold]
    #[inline(never)]
    pub(super) fn history_outcome(&self) -> Option<GameResult> {
        let rules = self.v.history.as_ref()?;
        let h = self.history;
        let full = || (self.v.all & !self.occupied()).is_empty();
        let (verdict, reason) = match (rules.double_pass, rules.facing, rules.full_board) {
            (Some(vd), _, _) if h.last == LastMove::SecondPass => (vd, EndReason::Passes),
            (_, Some(vd), _) if h.facing && h.facing_before => (vd, EndReason::Facing),
            (_, _, Some(vd)) if full() => (vd, EndReason::FullBoard),
            _ => return None,
        };
        let last = self.turn ^ 1;
        Some(match verdict {
            Verdict::Win => result_for(last, Outcome::Win, reason),
            Verdict::Draw => result_for(last, Outcome::Draw, reason),
            Verdict::Loss => result_for(last, Outcome::Loss, reason),
            Verdict::Points => self.points_result(reason),
        })
    }

    /// The result when the material is counted: the higher total wins.
    pub(super) fn points_result(&self, reason: EndReason) -> GameResult {
        GameResult {
            winner: points_winner(self.points_raw()),
            reason,
        }
    }

    /// See [`Position::points`].
    pub(crate) fn points(&self) -> ByColor<u64> {
        ByColor::from(self.points_raw())
    }

    /// [`Position::points`], White's first.
    pub(crate) fn points_raw(&self) -> [u64; 2] {
        let Some(rules) = self.v.history.as_ref() else {
            return [0, 0];
        };
        let mut total = rules.komi.map(u64::from);
        for (side, t) in total.iter_mut().enumerate() {
            for s in Squares(self.by_side[side]) {
                let p = code_piece(self.board.get(s as usize)) as usize;
                *t += u64::from(rules.points[p]);
            }
        }
        total
    }

    /// The extinction rules: the side to move first, then the other, a side
    /// with no piece (of the rule's type) on the board or in hand.
    /// Where captures blast, the player who moved comes first: a blast that
    /// leaves both sides extinct loses for the player who set it off.
    pub(super) fn extinction_outcome(&self) -> Option<GameResult> {
        let order = if self.v.blast.is_some() {
            [self.turn ^ 1, self.turn]
        } else {
            [self.turn, self.turn ^ 1]
        };
        for side in order {
            for &ExtinctionRule {
                piece,
                left,
                outcome,
                opponent,
            } in &self.v.extinction
            {
                if self.extinction_count(side, piece) <= left
                    && (opponent == 0 || self.extinction_count(side ^ 1, piece) >= opponent)
                {
                    return Some(result_for(side, outcome, EndReason::Extinction));
                }
            }
        }
        None
    }

    /// How many pieces of type `piece` (every piece: `None`) `side` has on
    /// the board and in hand.
    fn extinction_count(&self, side: usize, piece: Option<u8>) -> u32 {
        let hand = &self.hands[side].as_ref()[..self.v.npieces];
        match piece {
            None => self.by_side[side].count() + hand.iter().map(|&n| u32::from(n)).sum::<u32>(),
            Some(p) => {
                u32::from(hand[p as usize])
                    + Squares(self.by_side[side])
                        .filter(|&s| code_piece(self.board.get(s as usize)) == p)
                        .count() as u32
            }
        }
    }

    /// The bare-royal rule, judged after the last move (by J) with M to move.
    /// A side is bare when only its royal pieces stand on the board (pieces
    /// in hand do not count).
    ///
    /// * Both bare: draw.
    /// * J bare, M not: J's reply to being bared neither captured M's last
    ///   piece nor dropped a piece, so M wins.
    /// * M bare, J not, and M has a legal move: J wins at once if J has two
    ///   or more pieces besides royals, or one that M cannot capture;
    ///   otherwise M gets one reply. (With no legal move, checkmate or
    ///   stalemate decides.)
    pub(super) fn bare_king_outcome(&self, rule: BareKingRule) -> Option<GameResult> {
        let o = rule.outcome;
        let m = self.turn;
        let j = m ^ 1;
        if self.royals[0].is_empty() || self.royals[1].is_empty() {
            return None;
        }
        let others = |s: usize| self.by_side[s] & !self.royals[s];
        let (om, oj) = (others(m), others(j));
        if rule.after_reply {
            return self.bare_king_after_reply(o, om, oj);
        }
        match (om.is_empty(), oj.is_empty()) {
            (true, true) => Some(GameResult {
                winner: None,
                reason: EndReason::BothBare,
            }),
            (false, true) => Some(result_for(j, o, EndReason::BareKing)),
            (true, false) => {
                let moves = self.moves();
                if moves.is_empty() {
                    return None;
                }
                let can_counter = oj.count() == 1
                    && moves.iter().any(|mv| {
                        mv.from().is_some() && bit::<Set<W>>(mv.to().raw()) == oj
                            || matches!(mv, Move::EnPassant { .. })
                                && bit::<Set<W>>(self.ep_victim) == oj
                    });
                (!can_counter).then(|| result_for(m, o, EndReason::BareKing))
            }
            (false, false) => None,
        }
    }

    /// `bare-king … after-reply`, judged with M to move after J's move
    /// (`om`, `oj`: their pieces besides royals), as Fairy-Stockfish 11.1
    /// plays shatranj:
    ///
    /// * J bare, M not: J had his reply and did not bare M back, so J gets
    ///   the outcome.
    /// * M bare, J with two or more pieces: no reply can bare J, so M gets
    ///   the outcome at once.
    /// * M bare, J with one piece: M replies first (maybe taking it).
    /// * Both bare: the rule says nothing; play goes on.
    #[cold]
    #[inline(never)]
    pub(super) fn bare_king_after_reply(
        &self,
        o: Outcome,
        om: Set<W>,
        oj: Set<W>,
    ) -> Option<GameResult> {
        let (m, j) = (self.turn, self.turn ^ 1);
        match (om.is_empty(), oj.is_empty()) {
            (false, true) => Some(result_for(j, o, EndReason::BareKing)),
            (true, false) if oj.count() >= 2 => Some(result_for(m, o, EndReason::BareKing)),
            _ => None,
        }
    }

    /// The result if the game is over here (goal, checkmate, stalemate);
    /// `None` if the side to move has a legal move. Repetition and the n-move
    /// rule need the game's history: see [`crate::Game`].
    pub fn outcome(&self) -> Option<GameResult> {
        if let Some(r) = self.rule_outcome() {
            return Some(r);
        }
        if !self.moves().is_empty() {
            return None;
        }
        let rules = &self.v.tables.parts.end;
        Some(if self.is_check() {
            self.checkmate_result()
        } else if rules.stalemate == crate::table::Stalemate::Points {
            with_draw_odds(rules, self.points_result(EndReason::Stalemate))
        } else {
            let outcome = rules.stalemate.outcome().unwrap_or_else(|| {
                // `fewer-pieces`: decided by the pieces on the board.
                let ours = self.by_side[self.turn].count();
                let theirs = self.by_side[self.turn ^ 1].count();
                match ours.cmp(&theirs) {
                    std::cmp::Ordering::Less => Outcome::Win,
                    std::cmp::Ordering::Equal => Outcome::Draw,
                    std::cmp::Ordering::Greater => Outcome::Loss,
                }
            });
            with_draw_odds(rules, result_for(self.turn, outcome, EndReason::Stalemate))
        })
    }
}

/// `r`, or, if it is a draw and the variant gives draw odds (`draw-odds
/// black`), a win for that side for the same reason.
pub(crate) fn with_draw_odds(end: &EndRules, r: GameResult) -> GameResult {
    match (r.winner, end.draw_odds) {
        (None, Some(side)) => GameResult {
            winner: Some(match side {
                Side::White => Color::White,
                Side::Black => Color::Black,
            }),
            reason: r.reason,
        },
        _ => r,
    }
}

impl<W: Width> Pos<'_, W> {
    /// The result of the checkmate on the board: `checkmate`'s outcome for
    /// the mated player, unless `checkmate by` (every checking piece is of
    /// its types; with `drop`, and the mating move was a drop) or
    /// `checkmate needs` (no needed check in the mating player's last run
    /// of checks) decides otherwise, in that order.
    pub(super) fn checkmate_result(&self) -> GameResult {
        let v = self.v;
        let mated = self.turn;
        if let Some(MateRule {
            pieces: by,
            outcome,
            drop,
        }) = v.mate_by
        {
            let types = self.types_in(self.checkers(mated));
            if types.any()
                && (types & !by).is_empty()
                && (!drop || self.history.last == LastMove::Drop)
            {
                return result_for(mated, outcome, EndReason::CheckmateBy);
            }
        }
        if let Some(MateRule { outcome, .. }) = v.history.as_ref().and_then(|r| r.mate_needs) {
            if self.history.needed_check & (1 << (mated ^ 1)) == 0 {
                return result_for(mated, outcome, EndReason::CheckmateWithoutNeededCheck);
            }
        }
        result_for(mated, v.tables.parts.end.checkmate, EndReason::Checkmate)
    }
}

/// The side with the higher material total (White's first), if any.
pub(crate) fn points_winner([w, b]: [u64; 2]) -> Option<Color> {
    match w.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Color::White),
        std::cmp::Ordering::Less => Some(Color::Black),
        std::cmp::Ordering::Equal => None,
    }
}
