//! The pieces' moves, resolved against the board: each Betza term's
//! legs, and whether a piece can move at all.

use std::collections::HashSet;

use crate::ast::{BetzaTerm, MoveRegion, PieceProp, RegionKind};
use crate::betza::{self, MoveSpec};
use crate::error::ErrorKind;
use crate::geometry::{Sq, MAX_LEGS};
use crate::lower::{LowerError, MoveCost};
use crate::span::Span;

use super::resolve::Resolver;
use super::types::CheckedMove;

/// The squares per side (`[white, black]`) a `within`, `from` or `to` clause
/// allows, if there is one.
type Clause = Option<[Vec<Sq>; 2]>;

impl Resolver<'_> {
    /// A piece's moves; `E0115` for a direction that selects nothing and
    /// `E0116` for a piece that cannot move, when its moves are well formed.
    pub(super) fn moves(&mut self, pi: usize, sound: bool) -> Vec<CheckedMove> {
        let decl = self.decls[pi];
        let mut out = Vec::new();
        // A multi-leg term refused on this board (E0183): the piece's
        // other moves say nothing about whether it can move.
        let mut legs_refused = false;
        for prop in &decl.props {
            let (betza, guard, regions, once, attack_only) = match prop {
                PieceProp::Moves {
                    betza,
                    guard,
                    regions,
                    once,
                    ..
                } => (
                    betza,
                    guard.as_ref(),
                    regions.as_slice(),
                    once.is_some(),
                    false,
                ),
                PieceProp::Faces { betza, .. } => (betza, None, &[][..], false, true),
                _ => continue,
            };
            let guarded = guard.is_some_and(|g| g.node == "friend-adjacent");
            let unchecked = guard.is_some_and(|g| g.node == "not-in-check");
            let [within, from, to] = self.regions(regions);
            // A term written again in one statement adds no move: it is
            // checked and generated once (`moves W W W …` costs one `W`).
            let mut seen = HashSet::new();
            for term in &betza.terms {
                let key = (
                    term.mods.iter().map(|m| m.node).collect::<String>(),
                    term.atom.node,
                    term.range.as_ref().map(|r| r.node),
                );
                if !seen.insert(key) {
                    continue;
                }
                let Some(specs) = self.term_specs(term, sound, &mut legs_refused) else {
                    continue;
                };
                if (once || unchecked || attack_only)
                    && specs.iter().any(|s| s.stops.iter().any(|x| x.capture))
                {
                    self.error(
                        ErrorKind::LegModifier {
                            modifier: 'c',
                            why: "a capture on the way is an ordinary move: not `once`, `if` or \
                                  `faces`; give it its own `moves` statement",
                        },
                        term.span,
                    );
                }
                if to.is_some() {
                    let what = if specs.iter().any(MoveSpec::hops) {
                        Some("a hopper")
                    } else if specs.iter().any(|s| !s.legs.is_empty()) {
                        Some("a move of several legs")
                    } else {
                        None
                    };
                    if let Some(what) = what {
                        self.error(ErrorKind::LandingRegion { what }, term.span);
                    }
                }
                if (once || unchecked) && specs.iter().any(MoveSpec::hops) {
                    let what = if once { "once" } else { "if not-in-check" };
                    self.error(ErrorKind::SpecialHop { what }, term.span);
                }
                out.push(CheckedMove {
                    specs,
                    guarded,
                    once,
                    unchecked,
                    within: within.clone(),
                    from: from.clone(),
                    to: to.clone(),
                    attack_only,
                });
            }
        }
        if sound && !legs_refused {
            self.piece_can_move(pi, &out);
        }
        out
    }

    /// The squares of a `moves` statement's `within`, `from` and `to`
    /// clauses, in this order (two clauses of one kind both hold); `None`
    /// without such a clause.
    fn regions(&mut self, regions: &[MoveRegion]) -> [Clause; 3] {
        let [mut within, mut from, mut to]: [Clause; 3] = [None, None, None];
        for r in regions {
            let sq = self.resolve(&r.set);
            let slot = match r.kind {
                RegionKind::Within => &mut within,
                RegionKind::From => &mut from,
                RegionKind::To => &mut to,
            };
            *slot = Some(match slot.take() {
                // Two clauses of one kind: both hold.
                Some([a, b]) => [
                    a.into_iter().filter(|x| sq[0].contains(x)).collect(),
                    b.into_iter().filter(|x| sq[1].contains(x)).collect(),
                ],
                None => sq,
            });
        }
        [within, from, to]
    }

    /// A Betza term's move specs on this board; `None` for a term with too
    /// many legs, or with legs on a board of multi-cell squares (refused:
    /// `legs_refused` is set). A direction that selects nothing, and a walk
    /// that spends the budget, are reported for a `sound` piece.
    fn term_specs(
        &mut self,
        term: &BetzaTerm,
        sound: bool,
        legs_refused: &mut bool,
    ) -> Option<Vec<MoveSpec>> {
        let specs = betza::specs(term)?;
        let multi_leg = specs.iter().any(|s| !s.legs.is_empty());
        let legs = specs.iter().map(|s| s.legs.len() + 1).max().unwrap_or(1);
        if legs > MAX_LEGS {
            if sound {
                self.lower_error(LowerError::MoveTooCostly(MoveCost::Legs(legs)), term.span);
            }
            *legs_refused = true;
            return None;
        }
        if multi_leg && self.geo.has_multi_cell() {
            if sound {
                self.lower_error(LowerError::LegsOnMultiCellBoard, term.span);
            }
            *legs_refused = true;
            return None;
        }
        let nsq = self.geo.squares.len() as Sq;
        // A multi-leg term must lead somewhere from some square.
        let selects_any = specs.iter().any(|spec| {
            (0..2).any(|side| {
                let vectors = spec.select(&self.geo, side);
                !vectors.is_empty()
                    && (spec.legs.is_empty()
                        || (0..nsq).any(|from| {
                            vectors.iter().any(|&v| {
                                self.geo
                                    .leg_paths(from, v, spec, true, &mut self.budget)
                                    .is_ok_and(|p| !p.is_empty())
                            })
                        }))
            })
        });
        if multi_leg && self.budget.is_spent() {
            // The walk stopped: whether the move leads somewhere
            // is unknown.
            if sound && !self.budget_reported {
                self.budget_reported = true;
                self.lower_error(LowerError::MoveTooCostly(MoveCost::Work), term.span);
            }
            *legs_refused = true;
        } else if !selects_any && !specs.is_empty() && sound {
            self.lower_error(
                LowerError::DirectionSelectsNothing(format!(
                    "{}{}",
                    term.mods.iter().map(|m| m.node).collect::<String>(),
                    term.atom.node
                )),
                term.span,
            );
        }
        Some(specs)
    }

    /// `E0116` for a piece with `moves` that cannot move from any square
    /// (once the setup is known, if it has moves from its start square),
    /// or the budget's error if the search ran out.
    fn piece_can_move(&mut self, pi: usize, moves: &[CheckedMove]) {
        let decl = self.decls[pi];
        let has_moves = decl
            .props
            .iter()
            .any(|p| matches!(p, PieceProp::Moves { .. }));
        let initial = moves.iter().flat_map(|m| &m.specs).any(|s| s.initial);
        let setup_known = self.setup.is_some() || !initial;
        if !has_moves || !setup_known {
            return;
        }
        match self.can_move(pi, moves) {
            Ok(true) => {}
            Ok(false) => self.lower_error(
                LowerError::PieceCannotMove(decl.name.node.clone()),
                decl.name.span,
            ),
            Err(span) => {
                if !self.budget_reported {
                    self.budget_reported = true;
                    self.lower_error(LowerError::MoveTooCostly(MoveCost::Work), span);
                }
            }
        }
    }

    /// Whether some move of a piece leads somewhere from some square;
    /// `Err` with the term at which the budget ran out.
    pub(super) fn can_move(&mut self, pi: usize, moves: &[CheckedMove]) -> Result<bool, Span> {
        let nsq = self.geo.squares.len() as Sq;
        for m in moves {
            for spec in &m.specs {
                for side in 0..2 {
                    let vectors = spec.select(&self.geo, side);
                    for from in 0..nsq {
                        let allowed = !spec.initial
                            || m.from.is_some()
                            || self
                                .setup
                                .as_ref()
                                .is_some_and(|ss| ss[pi][side].contains(&from));
                        if !allowed {
                            continue;
                        }
                        for &v in &vectors {
                            let paths = self
                                .geo
                                .spec_paths(from, v, spec, true, &mut self.budget)
                                .map_err(|_| spec.span)?;
                            if !paths.is_empty() {
                                return Ok(true);
                            }
                        }
                    }
                }
            }
        }
        Ok(false)
    }
}
