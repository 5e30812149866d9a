//! [`Game`]: a position with its history, for the rules that need one
//! (repetition, the n-move rule).

use crate::dispatch::Position;
use crate::error::{PlayError, PlayErrorReason};
use crate::position::result_for;
use crate::table::Outcome;
use crate::types::{EndReason, GameResult, Move};

/// A game in progress: the current position and the hashes of all earlier
/// positions, each with whether its side to move was in check (recorded
/// only for a `perpetual-check` rule).
#[derive(Clone, Debug)]
pub struct Game<'v> {
    pos: Position<'v>,
    history: Vec<u64>,
    checked: Vec<bool>,
}

/// Whether the variant's repetition rule judges perpetual checks.
fn perpetual(pos: &Position<'_>) -> bool {
    pos.variant()
        .tables()
        .parts()
        .end
        .repetition
        .is_some_and(|r| r.perpetual_check.is_some())
}

impl<'v> Game<'v> {
    /// Starts a game from a position.
    pub fn new(pos: Position<'v>) -> Game<'v> {
        Game {
            history: vec![pos.repetition_key()],
            checked: vec![perpetual(&pos) && pos.is_check()],
            pos,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position<'v> {
        &self.pos
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is illegal or the game is over.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(r) = self.outcome() {
            return Err(PlayError {
                text: self.pos.uci(m),
                reason: PlayErrorReason::GameOver(r),
            });
        }
        self.pos.play(m)?;
        self.history.push(self.pos.repetition_key());
        // Only a `perpetual-check` rule reads the checks.
        self.checked
            .push(perpetual(&self.pos) && self.pos.is_check());
        Ok(())
    }

    /// How many times the current position has occurred, this time included.
    /// The key ([`Position::repetition_key`]) covers board, promoted marks,
    /// hands, side to move, castling and en-passant rights, not the rights to
    /// gate or to make a one-time move.
    pub fn repetitions(&self) -> usize {
        let h = self.pos.repetition_key();
        self.history.iter().filter(|&&x| x == h).count()
    }

    /// Whether the side to move may claim a draw by repetition now.
    pub fn can_claim_repetition(&self) -> bool {
        match self.pos.variant().tables().parts().end.repetition {
            Some(r) => match r.claim {
                Some(c) => self.repetitions() >= c as usize,
                None => false,
            },
            None => false,
        }
    }

    /// The result if the game is over: by the position's own rules first
    /// (goal, checkmate, stalemate), then by repetition or the n-move rule.
    pub fn outcome(&self) -> Option<GameResult> {
        if let Some(r) = self.pos.outcome() {
            return Some(r);
        }
        let end = &self.pos.variant().tables().parts().end;
        self.drawn_history_outcome()
            .map(|r| crate::position::outcome::with_draw_odds(end, r))
    }

    /// Whether the player to move, and whether its opponent, gave check on
    /// every move of the stretch from the `count`-th last occurrence of the
    /// current position to now (as Fairy-Stockfish's `perpetualCheckIllegal`
    /// reads it: every position of the stretch with the other side to move
    /// is in check).
    fn perpetual_checks(&self, count: usize) -> (bool, bool) {
        let now = self.history.len() - 1;
        let h = self.history[now];
        let mut seen = 1;
        let mut start = now;
        let mut i = now;
        while i >= 2 && seen < count {
            i -= 2;
            if self.history[i] == h {
                seen += 1;
                start = i;
            }
        }
        // Positions with the player to move's opponent to move lie at odd
        // distances from now: in check there, the player to move checked.
        let by_mover = (start..now)
            .filter(|&j| (now - j) % 2 == 1)
            .all(|j| self.checked[j]);
        let by_opponent = (start..=now)
            .filter(|&j| (now - j).is_multiple_of(2))
            .all(|j| self.checked[j]);
        (by_mover, by_opponent)
    }

    /// The material decides (`points`): the higher total wins.
    fn points_result(&self, reason: EndReason) -> GameResult {
        let points = self.pos.points();
        GameResult {
            winner: crate::position::outcome::points_winner([points.white, points.black]),
            reason,
        }
    }

    /// The result of a repetition judged from the `count`-th occurrence:
    /// a perpetual check first, then `points`, then the rule's outcome
    /// (for the side to move, or for its `for` side).
    fn repetition_result(&self, rep: &crate::table::RepetitionRule, count: usize) -> GameResult {
        let side = self.pos.turn().index();
        if let Some(perpetual) = rep.perpetual_check {
            match self.perpetual_checks(count) {
                // The player to move gave every check: its outcome.
                (true, false) => return result_for(side, perpetual, EndReason::Repetition),
                // The opponent did.
                (false, true) => return result_for(side ^ 1, perpetual, EndReason::Repetition),
                // Both did: a draw, or the material decides.
                (true, true) if rep.points => return self.points_result(EndReason::Repetition),
                (true, true) => return result_for(side, Outcome::Draw, EndReason::Repetition),
                (false, false) => {}
            }
        }
        // `points`: the material decides.
        if rep.points {
            return self.points_result(EndReason::Repetition);
        }
        // `for <side>`: the outcome is that side's.
        let side = rep.side.map_or(side, |s| s as usize);
        result_for(side, rep.outcome, EndReason::Repetition)
    }

    /// The result of the move limit: a draw, or with `points` the
    /// material's.
    fn limit_result(&self) -> GameResult {
        if self.pos.variant().tables().parts().end.move_limit_points {
            return self.points_result(EndReason::MoveLimit);
        }
        result_for(0, Outcome::Draw, EndReason::MoveLimit)
    }

    /// Whether the half-move clock has reached `n` full moves.
    fn clock_reached(&self, n: u32) -> bool {
        // In 64 bits: `2 * n` does not fit in 32 for a large limit.
        u64::from(self.pos.halfmove()) >= 2 * u64::from(n)
    }

    /// Whether the side to move may claim the move limit now (`limit <n>
    /// claim <m>`: from m full moves without a reset).
    pub fn can_claim_move_limit(&self) -> bool {
        self.pos
            .variant()
            .tables()
            .parts()
            .end
            .move_limit_claim
            .is_some_and(|m| self.clock_reached(m))
    }

    /// The result the side to move may claim now, if the game is not over:
    /// a repetition from its `claim` count (judged as the repetition
    /// would be, perpetual checks included), else the move limit from its
    /// `claim`; draw odds apply as to every draw.
    pub fn claimable(&self) -> Option<GameResult> {
        if self.outcome().is_some() {
            return None;
        }
        let end = &self.pos.variant().tables().parts().end;
        let result = match end.repetition {
            Some(rep) if self.can_claim_repetition() => {
                let claim = rep.claim.unwrap_or(rep.count) as usize;
                self.repetition_result(&rep, claim)
            }
            _ if self.can_claim_move_limit() => self.limit_result(),
            _ => return None,
        };
        Some(crate::position::outcome::with_draw_odds(end, result))
    }

    /// Repetition, the n-move rule and counting, before draw odds.
    fn drawn_history_outcome(&self) -> Option<GameResult> {
        let end = &self.pos.variant().tables().parts().end;
        if let Some(rep) = end.repetition {
            if self.repetitions() >= rep.count as usize {
                return Some(self.repetition_result(&rep, rep.count as usize));
            }
        }
        if end.move_limit.is_some_and(|n| self.clock_reached(n)) {
            return Some(self.limit_result());
        }
        // A count that has run out draws (checkmate came first above).
        if let Some((limit, ply)) = self.pos.counting() {
            if ply > limit {
                return Some(result_for(0, Outcome::Draw, EndReason::Counting));
            }
        }
        None
    }
}
