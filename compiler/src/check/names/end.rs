//! The `end` block: each rule's outcome, pieces, squares and numbers.

use fairyc_runtime::table::MAX_CHECK_COUNT;
use indexmap::IndexMap;

use crate::ast::{self, EndDecl, EndRule};
use crate::check::types::MAX_LINE;
use crate::check::{first_word, side_of, FEWER_PIECES, MAX_HAND_LEFT, POINTS};
use crate::error::{Block, ErrorKind};
use crate::span::Spanned;
use crate::suggest::did_you_mean;

use super::Checker;

impl Checker<'_> {
    pub(super) fn end(&mut self, end: &EndDecl) {
        let mut seen = IndexMap::new();
        for rule in &end.rules {
            match rule {
                EndRule::Checkmate { span, outcome } => {
                    self.once(&mut seen, "checkmate", first_word(*span, "checkmate"));
                    self.outcome(outcome);
                }
                EndRule::CheckmateBy {
                    span,
                    pieces,
                    outcome,
                    ..
                }
                | EndRule::CheckmateNeeds {
                    span,
                    pieces,
                    outcome,
                } => {
                    let key = if matches!(rule, EndRule::CheckmateBy { .. }) {
                        "checkmate by"
                    } else {
                        "checkmate needs"
                    };
                    self.once(&mut seen, key, first_word(*span, "checkmate"));
                    for p in pieces {
                        self.piece_ref(p);
                    }
                    self.outcome(outcome);
                }
                EndRule::Stalemate { span, outcome } => {
                    self.once(&mut seen, "stalemate", first_word(*span, "stalemate"));
                    // `stalemate fewer-pieces | points`: decided by the material.
                    if outcome.node != FEWER_PIECES && outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::BareKing { span, outcome, .. } => {
                    self.once(&mut seen, "bare-king", first_word(*span, "bare-king"));
                    self.outcome(outcome);
                }
                EndRule::Repetition {
                    span,
                    count,
                    outcome,
                    claim,
                    perpetual_check,
                } => {
                    self.once(&mut seen, "repetition", first_word(*span, "repetition"));
                    self.outcome(outcome);
                    if let Some(p) = perpetual_check {
                        self.outcome(p);
                    }
                    self.repetition_count(count, claim.as_ref());
                }
                EndRule::DoublePass { span, outcome } => {
                    self.once(&mut seen, "double-pass", first_word(*span, "double-pass"));
                    if outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::FullBoard { span, outcome } => {
                    self.once(&mut seen, "full-board", first_word(*span, "full-board"));
                    if outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::Facing { span, outcome } => {
                    self.once(&mut seen, "facing", first_word(*span, "facing"));
                    if outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::Line {
                    length,
                    pieces,
                    outcome,
                    ..
                } => {
                    self.in_range(length, "a `line` length", 2, MAX_LINE);
                    for p in pieces {
                        self.piece_ref(p);
                    }
                    self.outcome(outcome);
                }
                EndRule::DrawOdds { span, side } => {
                    self.once(&mut seen, "draw-odds", first_word(*span, "draw-odds"));
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
                EndRule::Reach {
                    piece,
                    squares,
                    outcome,
                    ..
                } => {
                    self.piece_ref(piece);
                    self.square_set(squares);
                    self.outcome(outcome);
                }
                EndRule::Checks {
                    span,
                    count,
                    outcome,
                } => {
                    self.once(&mut seen, "checks", first_word(*span, "checks"));
                    self.outcome(outcome);
                    if count.node == 0 || count.node > MAX_CHECK_COUNT {
                        self.error(
                            ErrorKind::CheckCountOutOfRange { count: count.node },
                            count.span,
                        );
                    }
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
                    span,
                    without,
                    board,
                    limits,
                    ..
                } => {
                    self.once(&mut seen, "counting", first_word(*span, "counting"));
                    self.counting(without, board.as_ref(), limits);
                }
                EndRule::Unknown(u) => self.unknown(Block::End, u),
            }
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
