//! The `blast` block (capture effects): its statements in the first pass,
//! and in the second the reach of every square and the pieces named.

use fairyc_runtime::BlastTable;
use indexmap::IndexMap;

use crate::ast::{Betza, BlastDecl, BlastRule};
use crate::betza;
use crate::error::{Block, ErrorKind};
use crate::geometry::{Geometry, Sq};

use super::first_word;
use super::names::Checker;
use super::resolve::Resolver;

impl Checker<'_> {
    /// The first pass: each statement once, a reach of plain leaps, known
    /// pieces.
    pub(super) fn blast(&mut self, decl: &BlastDecl) {
        let mut seen = IndexMap::new();
        let mut reach = false;
        let mut petrify = false;
        for rule in &decl.rules {
            match rule {
                BlastRule::Reach { betza, span } => {
                    self.once(&mut seen, "reach", first_word(*span, "reach"));
                    reach = true;
                    self.betza(betza);
                    self.blast_reach(betza);
                }
                BlastRule::Immune { pieces, span }
                | BlastRule::Spared { pieces, span }
                | BlastRule::Petrify { pieces, span } => {
                    let keyword = match rule {
                        BlastRule::Immune { .. } => "immune",
                        BlastRule::Spared { .. } => "spared",
                        _ => {
                            petrify = true;
                            "petrify"
                        }
                    };
                    self.once(&mut seen, keyword, first_word(*span, keyword));
                    for p in pieces {
                        self.piece_ref(p);
                    }
                }
                BlastRule::Unknown(u) => self.unknown(Block::Blast, u),
            }
        }
        if !reach && !petrify {
            self.error(ErrorKind::BlastWithoutReach, first_word(decl.span, "blast"));
        }
    }

    /// `E0196`: a reach term with a modifier, a range or a slider's atom.
    fn blast_reach(&mut self, betza: &Betza) {
        for term in &betza.terms {
            let rider = betza::atom(term.atom.node)
                .is_some_and(|parts| parts.iter().any(|&(_, range)| range != 1));
            if !term.mods.is_empty() || term.range.is_some() || rider {
                self.error(ErrorKind::BlastReachNotLeap, term.span);
            }
        }
    }
}

impl Resolver<'_> {
    /// The second pass: the blast's table part. `E0197` for an immune
    /// royal piece.
    pub(super) fn blast_table(&mut self, decl: &BlastDecl) -> Option<BlastTable> {
        let explodes = decl
            .rules
            .iter()
            .any(|r| matches!(r, BlastRule::Reach { .. }));
        // Without `reach` a capture removes nothing around it (`petrify`
        // alone): no reach lists.
        let reach = if explodes {
            reach_of(&self.geo, decl)?
        } else {
            Vec::new()
        };
        let (mut immune, mut spared, mut petrify) = (Vec::new(), Vec::new(), Vec::new());
        for rule in &decl.rules {
            match rule {
                BlastRule::Reach { .. } => {}
                BlastRule::Immune { pieces, .. } => {
                    for p in pieces {
                        let Some(i) = self.piece(&p.node) else {
                            continue;
                        };
                        if self.royal(i) {
                            self.error(
                                ErrorKind::BlastImmuneRoyal {
                                    piece: p.node.clone(),
                                },
                                p.span,
                            );
                        }
                        immune.push(i);
                    }
                }
                BlastRule::Spared { pieces, .. } => {
                    spared.extend(pieces.iter().filter_map(|p| self.piece(&p.node)));
                }
                BlastRule::Petrify { pieces, .. } => {
                    petrify.extend(pieces.iter().filter_map(|p| self.piece(&p.node)));
                }
                BlastRule::Unknown(_) => {}
            }
        }
        petrify.sort_unstable();
        petrify.dedup();
        Some(BlastTable {
            reach,
            immune,
            spared,
            petrify,
        })
    }
}

/// `reach[s]`: the squares the `reach` leaps reach from `s`, in order.
/// `None` if a term has an unknown atom (reported in the first pass).
fn reach_of(geo: &Geometry, decl: &BlastDecl) -> Option<Vec<Vec<u16>>> {
    let mut reach: Vec<Vec<u16>> = vec![Vec::new(); geo.squares.len()];
    for rule in &decl.rules {
        let BlastRule::Reach { betza, .. } = rule else {
            continue;
        };
        for term in &betza.terms {
            let parts = betza::atom(term.atom.node)?;
            for (s, out) in reach.iter_mut().enumerate() {
                let s = s as Sq;
                for &(v, _) in &parts {
                    // Steps follow the board's links (squares of several
                    // cells); longer leaps are geometric.
                    let reached: Vec<Sq> = match v {
                        (1, 0) => geo.orth_links(s).into_iter().map(|l| l.1).collect(),
                        (1, 1) => geo.diag_links(s).into_iter().map(|l| l.1).collect(),
                        v => betza::symmetric(v)
                            .into_iter()
                            .flat_map(|c| geo.leap(s, c))
                            .collect(),
                    };
                    for t in reached {
                        if t != s && !out.contains(&t) {
                            out.push(t);
                        }
                    }
                }
            }
        }
    }
    for r in &mut reach {
        r.sort_unstable();
    }
    Some(reach)
}
