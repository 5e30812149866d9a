//! The `gating` item: which pieces enter the board behind a move.

use fairyc_runtime::table::GateRule;

use crate::ast::{self, GatingRule};
use crate::error::ErrorKind;
use crate::geometry::Sq;

use super::resolve::Resolver;
use super::types::CheckedCastling;

impl Resolver<'_> {
    pub(super) fn gating(
        &mut self,
        gating: &ast::GatingDecl,
        castling: &[CheckedCastling],
    ) -> Vec<GateRule> {
        let mut out: Vec<GateRule> = Vec::new();
        let mut letters: [Vec<(char, Sq)>; 2] = [Vec::new(), Vec::new()];
        for rule in &gating.rules {
            let GatingRule::Gate {
                span,
                pieces,
                squares,
            } = rule
            else {
                continue;
            };
            let set = self.resolve(squares);
            for (side, list) in set.iter().enumerate() {
                for &s in list {
                    if let Err(problem) = self.right_letter(side, s, castling, &mut letters[side]) {
                        self.error(
                            ErrorKind::GateNotWritable {
                                square: self.geo.squares[s as usize].name.clone(),
                                problem,
                            },
                            *span,
                        );
                        return Vec::new();
                    }
                }
            }
            for piece in pieces {
                let Some(p) = self.piece(&piece.node) else {
                    continue;
                };
                if self.royal(p) {
                    self.error(
                        ErrorKind::RoyalToHand {
                            piece: piece.node.clone(),
                        },
                        piece.span,
                    );
                    continue;
                }
                match out.iter_mut().find(|g| g.piece == p) {
                    Some(g) => {
                        for (mine, add) in g.squares.iter_mut().zip(&set) {
                            mine.extend(add.iter().copied());
                            mine.sort_unstable();
                            mine.dedup();
                        }
                    }
                    None => out.push(GateRule {
                        piece: p,
                        squares: set.clone(),
                    }),
                }
            }
        }
        out
    }
}
