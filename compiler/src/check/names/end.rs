//! The `end` block: each rule's outcome, pieces, squares and numbers.

use fairyc_runtime::table::MAX_CHECK_COUNT;
use indexmap::IndexMap;

use crate::ast::{self, EndDecl, EndRule, LineShape};
use crate::check::types::MAX_LINE;
use crate::check::{first_word, side_of, FEWER_PIECES, MAX_HAND_LEFT, POINTS};
use crate::error::{Block, ErrorKind};
use crate::span::{Span, Spanned};
use crate::suggest::did_you_mean;

use super::Checker;

impl Checker<'_> {
    /// The `end` block: no rule that may be given once is given twice, and
    /// each rule's parts are known and in range.
    pub(super) fn end(&mut self, end: &EndDecl) {
        let mut seen = IndexMap::new();
        for rule in &end.rules {
            if let Some((key, word, span)) = once_key(rule) {
                self.once(&mut seen, key, first_word(span, word));
            }
            self.end_rule(rule);
        }
    }

    /// `white` or `black` (`draw-odds black`, `repetition 4 loss for
    /// white`).
    fn side_word(&mut self, side: &Spanned<String>) {
        if side_of(&side.node).is_none() {
            let suggestion = did_you_mean(&side.node, ["white", "black"]);
            self.error(
                ErrorKind::UnknownSide {
                    word: side.node.clone(),
                    suggestion,
                },
                side.span,
            );
        }
    }

    /// One rule of the `end` block: its pieces, squares, outcome and
    /// numbers.
    fn end_rule(&mut self, rule: &EndRule) {
        match rule {
            EndRule::Checkmate { outcome, .. } | EndRule::BareKing { outcome, .. } => {
                self.outcome(outcome);
            }
            EndRule::Checks { count, outcome, .. } => {
                self.outcome(outcome);
                if count.node == 0 || count.node > MAX_CHECK_COUNT {
                    self.error(
                        ErrorKind::CheckCountOutOfRange { count: count.node },
                        count.span,
                    );
                }
            }
            EndRule::CheckmateBy {
                pieces, outcome, ..
            }
            | EndRule::CheckmateNeeds {
                pieces, outcome, ..
            } => {
                for p in pieces {
                    self.piece_ref(p);
                }
                self.outcome(outcome);
            }
            // `stalemate fewer-pieces | points`: decided by the material.
            EndRule::Stalemate { outcome, .. } => {
                if outcome.node != FEWER_PIECES && outcome.node != POINTS {
                    self.outcome(outcome);
                }
            }
            EndRule::Repetition {
                count,
                outcome,
                side,
                claim,
                perpetual_check,
                ..
            } => {
                // `points`: the material decides, for no side.
                if outcome.node != POINTS {
                    self.outcome(outcome);
                } else if let Some(side) = side {
                    self.error(ErrorKind::RepetitionPointsFor, side.span);
                }
                if let Some(side) = side {
                    self.side_word(side);
                }
                if let Some(p) = perpetual_check {
                    self.outcome(p);
                }
                self.repetition_count(count, claim.as_ref());
            }
            EndRule::DoublePass { outcome, .. }
            | EndRule::FullBoard { outcome, .. }
            | EndRule::Facing { outcome, .. } => {
                if outcome.node != POINTS {
                    self.outcome(outcome);
                }
            }
            EndRule::Line {
                shape,
                length,
                pieces,
                outcome,
                ..
            } => {
                let what = if *shape == LineShape::Square {
                    "a `square`'s side"
                } else {
                    "a `line` length"
                };
                self.in_range(length, what, 2, MAX_LINE);
                for p in pieces {
                    self.piece_ref(p);
                }
                self.outcome(outcome);
            }
            EndRule::DrawOdds { side, .. } => self.side_word(side),
            EndRule::Connect {
                from,
                to,
                pieces,
                outcome,
                ..
            } => {
                self.square_set(from);
                self.square_set(to);
                for p in pieces {
                    self.piece_ref(p);
                }
                self.outcome(outcome);
            }
            EndRule::Reach {
                piece,
                also,
                squares,
                outcome,
                ..
            } => {
                self.piece_ref(piece);
                for p in also {
                    self.piece_ref(p);
                }
                self.square_set(squares);
                self.outcome(outcome);
            }
            EndRule::Extinction {
                piece,
                outcome,
                opponent,
                ..
            } => {
                if piece.node != "all" {
                    self.piece_ref(piece);
                }
                self.outcome(outcome);
                if let Some(n) = opponent {
                    self.in_range(n, "an `opponent-has` count", 1, MAX_HAND_LEFT);
                }
            }
            EndRule::Counting {
                without,
                board,
                limits,
                ..
            } => self.counting(without, board.as_ref(), limits),
            EndRule::Unknown(u) => self.unknown(Block::End, u),
        }
    }

    /// A `counting` rule: known pieces, limits in range, and no limit after
    /// one that always applies.
    pub(super) fn counting(
        &mut self,
        without: &[Spanned<String>],
        board: Option<&Spanned<u32>>,
        limits: &[ast::CountingLimit],
    ) {
        for p in without {
            self.piece_ref(p);
        }
        let max = fairyc_runtime::table::MAX_COUNTING_LIMIT;
        let moves = limits.iter().map(|l| &l.moves).chain(board);
        for n in moves {
            if n.node == 0 || n.node > max {
                self.error(ErrorKind::CountingLimitOutOfRange { moves: n.node }, n.span);
            }
        }
        let mut always = None;
        for l in limits {
            if let Some(always) = always {
                self.error(ErrorKind::CountingLimitUnreachable { always }, l.span);
                break;
            }
            for need in &l.needs {
                self.piece_ref(&need.piece);
                if let Some(c) = &need.count {
                    if c.node == 0 || c.node > MAX_HAND_LEFT {
                        self.error(ErrorKind::CountingLimitOutOfRange { moves: c.node }, c.span);
                    }
                }
            }
            if l.needs.is_empty() {
                always = Some(l.span);
            }
        }
    }

    /// The `count` of a `repetition` rule (2 at least), and its `claim`
    /// (from 2 to below the count).
    pub(super) fn repetition_count(&mut self, count: &Spanned<u32>, claim: Option<&Spanned<u32>>) {
        if count.node < 2 {
            self.error(
                ErrorKind::RepetitionTooSmall { count: count.node },
                count.span,
            );
        } else if let Some(claim) = claim {
            if claim.node < 2 || claim.node >= count.node {
                self.error(
                    ErrorKind::InvalidClaim {
                        claim: claim.node,
                        count: count.node,
                    },
                    claim.span,
                );
            }
        }
    }

    /// A number of a rule must lie in `min..=max`.
    pub(super) fn in_range(&mut self, n: &Spanned<u32>, place: &'static str, min: u32, max: u32) {
        if !(min..=max).contains(&n.node) {
            self.error(
                ErrorKind::NumberOutOfRange {
                    number: n.node.to_string(),
                    place,
                    min: i64::from(min),
                    max: i64::from(max),
                },
                n.span,
            );
        }
    }
}

/// The rules that may be given once: the key they are told apart by, the
/// word that begins them (where a second one is pointed at) and the rule's
/// span; `None` for the rules that may be given several times.
fn once_key(rule: &EndRule) -> Option<(&'static str, &'static str, Span)> {
    let (key, word, span) = match rule {
        EndRule::Checkmate { span, .. } => ("checkmate", "checkmate", span),
        EndRule::CheckmateBy { span, .. } => ("checkmate by", "checkmate", span),
        EndRule::CheckmateNeeds { span, .. } => ("checkmate needs", "checkmate", span),
        EndRule::Stalemate { span, .. } => ("stalemate", "stalemate", span),
        EndRule::BareKing { span, .. } => ("bare-king", "bare-king", span),
        EndRule::Repetition { span, .. } => ("repetition", "repetition", span),
        EndRule::DoublePass { span, .. } => ("double-pass", "double-pass", span),
        EndRule::FullBoard { span, .. } => ("full-board", "full-board", span),
        EndRule::Facing { span, .. } => ("facing", "facing", span),
        EndRule::DrawOdds { span, .. } => ("draw-odds", "draw-odds", span),
        EndRule::Checks { span, .. } => ("checks", "checks", span),
        EndRule::Counting { span, .. } => ("counting", "counting", span),
        EndRule::Line { .. }
        | EndRule::Connect { .. }
        | EndRule::Reach { .. }
        | EndRule::Extinction { .. }
        | EndRule::Unknown(_) => return None,
    };
    Some((key, word, *span))
}
