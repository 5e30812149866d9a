//! The end rules: checkmate, stalemate, counting, repetition, lines,
//! connections,
//! extinction and the rest, resolved to the table's [`EndRules`].

use fairyc_runtime::table::{
    CheckCountRule, ConnectRule, CountingLimit, CountingRule, LineRule, MateRule, Outcome,
    RepetitionRule, MAX_CHECK_COUNT,
};

use crate::ast::{self, EndDecl, EndRule, LineShape, PieceProp, SquareSet};
use crate::error::ErrorKind;
use crate::span::{Span, Spanned};

use super::resolve::{royal_span, Resolver};
use super::types::{
    connect_steps, lines_of, squares_of, whole_lines_of, CheckedEnd, CheckedReach, MAX_LINE,
};
use super::{first_word, outcome_of, side_of, verdict_of, FEWER_PIECES, MAX_HAND_LEFT, POINTS};

impl Resolver<'_> {
    /// A `checkmate by` or `checkmate needs` rule, if its pieces and
    /// outcome are known (the checker reports those that are not).
    pub(super) fn mate_rule(
        &mut self,
        pieces: &[Spanned<String>],
        drop: bool,
        outcome: &Spanned<String>,
    ) -> Option<MateRule> {
        let outcome = outcome_of(&outcome.node)?;
        let mut types: Vec<u8> = Vec::new();
        for p in pieces {
            let t = self.piece(&p.node)?;
            if !types.contains(&t) {
                types.push(t);
            }
        }
        Some(MateRule {
            pieces: types,
            outcome,
            drop,
        })
    }

    pub(super) fn end(&mut self, end: Option<&ast::EndDecl>) -> CheckedEnd {
        let mut out = no_end_rules();
        let Some(end) = end else { return out };
        for rule in &end.rules {
            match rule {
                EndRule::Checkmate { outcome, .. } => {
                    out.checkmate = outcome_of(&outcome.node).unwrap_or(Outcome::Loss)
                }
                EndRule::CheckmateBy {
                    pieces,
                    drop,
                    outcome,
                    ..
                } => out.checkmate_by = self.mate_rule(pieces, drop.is_some(), outcome),
                EndRule::CheckmateNeeds {
                    pieces, outcome, ..
                } => out.checkmate_needs = self.mate_rule(pieces, false, outcome),
                EndRule::Stalemate { outcome, .. } => {
                    out.stalemate = outcome_of(&outcome.node).unwrap_or(Outcome::Draw);
                    out.stalemate_fewer_pieces = outcome.node == FEWER_PIECES;
                    out.stalemate_points = outcome.node == POINTS;
                }
                EndRule::Repetition {
                    count,
                    outcome,
                    side,
                    claim,
                    perpetual_check,
                    ..
                } => {
                    out.repetition = Some(RepetitionRule {
                        count: count.node,
                        outcome: outcome_of(&outcome.node).unwrap_or(Outcome::Draw),
                        side: side.as_ref().and_then(|s| side_of(&s.node)),
                        claim: claim.as_ref().map(|c| c.node),
                        perpetual_check: perpetual_check.as_ref().and_then(|p| outcome_of(&p.node)),
                        points: outcome.node == POINTS,
                    })
                }
                EndRule::BareKing {
                    outcome,
                    after_reply,
                    ..
                } => {
                    out.bare_king = outcome_of(&outcome.node);
                    out.bare_king_after_reply = *after_reply;
                }
                EndRule::Checks { count, outcome, .. } => {
                    if let Some(outcome) = outcome_of(&outcome.node) {
                        out.check_count = Some(CheckCountRule {
                            count: count.node.clamp(1, MAX_CHECK_COUNT),
                            outcome,
                        });
                    }
                }
                EndRule::Extinction {
                    piece,
                    left,
                    outcome,
                    opponent,
                    ..
                } => {
                    if let Some(rule) =
                        self.extinction(piece, left.as_ref(), outcome, opponent.as_ref())
                    {
                        out.extinction.push(rule);
                    }
                }
                EndRule::Reach {
                    piece,
                    also,
                    squares,
                    count,
                    or_full,
                    safe,
                    outcome,
                    after_reply,
                    ..
                } => {
                    let set = self.resolve(squares);
                    let also: Option<Vec<u8>> = also.iter().map(|p| self.piece(&p.node)).collect();
                    if let (Some(piece), Some(also), Some(outcome)) =
                        (self.piece(&piece.node), also, outcome_of(&outcome.node))
                    {
                        out.reach.push(CheckedReach {
                            piece,
                            also,
                            squares: set,
                            count: count
                                .as_ref()
                                .map_or(1, |n| u16::try_from(n.node).unwrap_or(u16::MAX)),
                            or_full: or_full.is_some(),
                            safe: safe.is_some(),
                            outcome,
                            after_reply: *after_reply,
                        });
                    }
                }
                EndRule::Line {
                    shape,
                    length,
                    pieces,
                    axes,
                    outcome,
                    ..
                } => {
                    out.lines
                        .extend(self.line(*shape, length, pieces, axes, outcome));
                }
                EndRule::Connect {
                    from,
                    to,
                    pieces,
                    axes,
                    one_way,
                    outcome,
                    ..
                } => {
                    out.connections
                        .extend(self.connect(from, to, pieces, axes, *one_way, outcome));
                }
                EndRule::DoublePass { outcome, .. } => out.double_pass = verdict_of(&outcome.node),
                EndRule::FullBoard { outcome, .. } => out.full_board = verdict_of(&outcome.node),
                EndRule::DrawOdds { side, .. } => out.draw_odds = side_of(&side.node),
                EndRule::Facing { span, outcome } => {
                    out.facing = verdict_of(&outcome.node);
                    self.facing_needs_faces(*span);
                }
                EndRule::Counting {
                    without,
                    board,
                    limits,
                    from_pieces,
                    ..
                } => {
                    out.counting =
                        Some(self.counting(without, board.as_ref(), limits, *from_pieces));
                }
                EndRule::Unknown(_) => {}
            }
        }
        out
    }

    /// An `extinction` rule, if its piece (or `all`) and outcome are known.
    fn extinction(
        &self,
        piece: &Spanned<String>,
        left: Option<&Spanned<u32>>,
        outcome: &Spanned<String>,
        opponent: Option<&Spanned<u32>>,
    ) -> Option<(Option<u8>, u32, Outcome, u32)> {
        let which = if piece.node == "all" {
            Some(None)
        } else {
            self.piece(&piece.node).map(Some)
        };
        let (Some(which), Some(outcome)) = (which, outcome_of(&outcome.node)) else {
            return None;
        };
        let left = left.map_or(0, |n| n.node.min(MAX_HAND_LEFT));
        let opponent = opponent.map_or(0, |n| n.node.min(MAX_HAND_LEFT));
        Some((which, left, outcome, opponent))
    }

    /// A `line` or `square` rule, if its pieces and outcome are known: the
    /// board's lines of its length along its axes (with gaps: the whole
    /// ranks, files and diagonals that hold that many squares, and the
    /// count), or its squares of that side.
    fn line(
        &mut self,
        shape: LineShape,
        length: &Spanned<u32>,
        pieces: &[Spanned<String>],
        axes: &[Spanned<String>],
        outcome: &Spanned<String>,
    ) -> Option<LineRule> {
        let types: Option<Vec<u8>> = pieces.iter().map(|p| self.piece(&p.node)).collect();
        let (Some(mut types), Some(outcome)) = (types, outcome_of(&outcome.node)) else {
            return None;
        };
        types.sort_unstable();
        types.dedup();
        let axes: Vec<&str> = axes.iter().map(|a| a.node.as_str()).collect();
        let n = length.node.min(MAX_LINE);
        let (lines, count) = match shape {
            LineShape::Row => (lines_of(&self.geo, n, &axes), None),
            LineShape::Gaps => (whole_lines_of(&self.geo, n, &axes), u16::try_from(n).ok()),
            LineShape::Square => (squares_of(&self.geo, n), None),
        };
        // Out of range is `E0053`.
        if lines.is_empty() && (2..=MAX_LINE).contains(&length.node) {
            let rule = if shape == LineShape::Square {
                "square"
            } else {
                "line"
            };
            self.error(
                ErrorKind::LineOffBoard {
                    rule,
                    length: length.node,
                },
                length.span,
            );
        }
        Some(LineRule {
            pieces: types,
            lines,
            count,
            outcome,
        })
    }

    /// A `connect` rule, if its pieces and outcome are known: its squares
    /// per side and the board's steps along its axes.
    fn connect(
        &mut self,
        from: &SquareSet,
        to: &SquareSet,
        pieces: &[Spanned<String>],
        axes: &[Spanned<String>],
        one_way: bool,
        outcome: &Spanned<String>,
    ) -> Option<ConnectRule> {
        let types: Option<Vec<u8>> = pieces.iter().map(|p| self.piece(&p.node)).collect();
        let from = self.resolve(from);
        let to = self.resolve(to);
        let (Some(mut types), Some(outcome)) = (types, outcome_of(&outcome.node)) else {
            return None;
        };
        types.sort_unstable();
        types.dedup();
        let axes: Vec<&str> = axes.iter().map(|a| a.node.as_str()).collect();
        Some(ConnectRule {
            pieces: types,
            from,
            to,
            steps: connect_steps(&self.geo, &axes, one_way),
            outcome,
        })
    }

    /// `facing` needs a royal piece with `faces`.
    fn facing_needs_faces(&mut self, span: Span) {
        let faces = self.decls.iter().any(|d| {
            royal_span(d).is_some() && d.props.iter().any(|p| matches!(p, PieceProp::Faces { .. }))
        });
        if !faces {
            self.error(ErrorKind::FacingWithoutFaces, first_word(span, "facing"));
        }
    }

    /// A `counting` rule, its limits clamped to what the runtime counts.
    fn counting(
        &self,
        without: &[Spanned<String>],
        board: Option<&Spanned<u32>>,
        limits: &[ast::CountingLimit],
        from_pieces: bool,
    ) -> CountingRule {
        let max = fairyc_runtime::table::MAX_COUNTING_LIMIT;
        CountingRule {
            without: without.iter().filter_map(|p| self.piece(&p.node)).collect(),
            board: board.map_or(0, |b| b.node.clamp(1, max)),
            bare: limits
                .iter()
                .map(|l| CountingLimit {
                    needs: l
                        .needs
                        .iter()
                        .filter_map(|n| {
                            let c = n.count.as_ref().map_or(1, |c| c.node);
                            Some((self.piece(&n.piece.node)?, c.clamp(1, MAX_HAND_LEFT)))
                        })
                        .collect(),
                    moves: l.moves.node.clamp(1, max),
                })
                .collect(),
            from_pieces,
        }
    }
}

/// The end rules of a file without them (or before its `end` is read):
/// checkmate loses, stalemate draws, nothing else ends the game.
fn no_end_rules() -> CheckedEnd {
    CheckedEnd {
        checkmate: Outcome::Loss,
        stalemate: Outcome::Draw,
        repetition: None,
        bare_king: None,
        bare_king_after_reply: false,
        reach: Vec::new(),
        stalemate_fewer_pieces: false,
        stalemate_points: false,
        full_board: None,
        check_count: None,
        extinction: Vec::new(),
        counting: None,
        double_pass: None,
        facing: None,
        komi: [0, 0],
        draw_odds: None,
        checkmate_by: None,
        checkmate_needs: None,
        lines: Vec::new(),
        connections: Vec::new(),
    }
}

/// The `checks` rule of an `end` block, if it has a sound one.
pub(super) fn check_count_of(end: &EndDecl) -> Option<CheckCountRule> {
    end.rules.iter().find_map(|rule| match rule {
        EndRule::Checks { count, outcome, .. } => Some(CheckCountRule {
            count: count.node.clamp(1, MAX_CHECK_COUNT),
            outcome: outcome_of(&outcome.node)?,
        }),
        _ => None,
    })
}
