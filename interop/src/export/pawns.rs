//! A pawn with other moves, for the current Fairy-Stockfish: a custom
//! piece (`customPieceN = p:mfsWfceFifmnD`) made the pawn by `pawnTypes`,
//! which gives it the pawn's promotions, en-passant captures and clock
//! (src/parser.cpp; the engine's own `pawnsideways` and `berolina`). Its
//! initial moves (`i`) start on the double-step region
//! (`doubleStepRegionWhite`, `doubleStepRegionBlack`), and a piece whose
//! Betza holds an `e` takes en passant on the squares they pass: the
//! reverse of the import's reading (`custom_betza`, `double_step`).

use fairyc_compiler::ast::{Betza, MoveRegion, RegionKind};
use fairyc_compiler::geometry::{Geometry, Sq};
use fairyc_runtime::table::{EndRules, Path, PathRole, PieceTable};

use fairyc_compiler::export_refusal::ExportRefusal;

use super::{canonical, reference, sorted, Exporter, Target};

/// Whether the modifiers of a term (the letters before its atom) hold `i`.
fn initial_term(text: &str) -> bool {
    text.chars()
        .take_while(|c| c.is_ascii_lowercase())
        .any(|c| c == 'i')
}

impl Exporter<'_> {
    /// Whether a `moves` line's regions are one `from` clause on initial
    /// moves only (`moves ifmnD from second-rank`): the double-step region
    /// the export writes for a custom pawn.
    pub(super) fn initial_from(&self, betza: &Betza, regions: &[MoveRegion]) -> bool {
        self.target == Target::Current
            && regions.len() == 1
            && regions[0].kind == RegionKind::From
            && betza
                .terms
                .iter()
                .all(|t| self.source.get(t.span.range()).is_some_and(initial_term))
    }

    /// A custom pawn's Fairy-Stockfish Betza (`fsf`, with `e` or `i`) and
    /// its double-step region, if translated back by the import it makes
    /// the piece's very paths, its initial moves started on that region.
    /// The piece is then the variant's one pawn ([`Self::custom_pawn`]).
    pub(super) fn pawn_betza(
        &self,
        geo: &Geometry,
        piece: &PieceTable,
        setup: &[Vec<Sq>; 2],
        fsf: &str,
    ) -> Option<(String, Option<[Vec<Sq>; 2]>)> {
        if self.target != Target::Current {
            return None;
        }
        let p = self
            .parts
            .pieces
            .iter()
            .position(|q| q.name == piece.name)?;
        let checked = self.checked.pieces.get(p)?;
        // The squares the initial moves start from: one region for all.
        let mut zone: Option<[Vec<Sq>; 2]> = None;
        for m in &checked.moves {
            let initial = m.specs.iter().any(|s| s.initial);
            if initial != m.specs.iter().all(|s| s.initial) {
                return None;
            }
            if !initial {
                if m.from.is_some() {
                    return None;
                }
                continue;
            }
            let from = m.from.clone().unwrap_or_else(|| setup.clone());
            let from = [sorted(from[0].clone()), sorted(from[1].clone())];
            if zone.get_or_insert_with(|| from.clone()) != &from {
                return None;
            }
        }
        // `pawnTypes` makes it an en-passant type, `e` or not; without an
        // initial move there is no en-passant square to take.
        let back = match crate::import::betza::translate(fsf, true) {
            Err(_) if zone.is_none() => crate::import::betza::translate(fsf, false),
            t => t,
        }
        .ok()?;
        let mut r = reference(&back)?;
        for m in &mut r.moves {
            if m.specs.iter().any(|s| s.initial) {
                m.from.clone_from(&zone);
            }
        }
        let m = super::lowered(geo, &r, setup)?;
        (canonical(&m) == canonical(&piece.moves)).then(|| (fsf.to_string(), zone))
    }

    /// The piece as the variant's custom pawn: its Betza and double-step
    /// region, if it is the first such piece and the variant has no drops
    /// and no blasts (whose pawn rules are the engine's `pawn` type's).
    pub(super) fn custom_pawn(
        &self,
        geo: &Geometry,
        p: usize,
        piece: &PieceTable,
        setup: &[Vec<Sq>; 2],
        confined: bool,
    ) -> Option<(String, Option<[Vec<Sq>; 2]>)> {
        // Blasts spare the engine's `pawn` type, drops keep its rules.
        if self.custom_pawn.is_some()
            || self.parts.drops.is_some()
            || self
                .parts
                .blast
                .as_ref()
                .is_some_and(|b| !b.reach.is_empty())
            || self.parts.pieces[p].royal.is_royal()
        {
            return None;
        }
        let fsf = self.custom_fsf(piece, confined)?;
        if !fsf.contains(['e', 'i']) {
            return None;
        }
        self.pawn_betza(geo, piece, setup, &fsf)
    }

    /// A custom pawn beside the engine's `pawn` type: `pawnTypes` would
    /// take the pawn's roles from the `pawn`, which keeps its own.
    pub(super) fn custom_pawn_alone(&mut self) {
        let Some((p, _)) = self.custom_pawn else {
            return;
        };
        if let Some(q) = self.types.iter().position(|t| *t == Some("pawn")) {
            let span = self.piece_name_span(&self.parts.pieces[p].name);
            self.refuse(
                ExportRefusal::SameType {
                    piece: self.parts.pieces[p].name.clone(),
                    other: self.parts.pieces[q].name.clone(),
                    fsf: "pawn",
                },
                span,
            );
        }
    }

    /// For the current Fairy-Stockfish, a pawn double-stepping from
    /// `region` of which only some double steps make an en-passant square
    /// (horde's from the second rank, not those from the first): the engine
    /// makes one only on a square of the capturing side's
    /// `enPassantRegion…` (src/position.cpp, `do_move`; probed with
    /// pyffish 0.0.90 on its `horde`, where `a1a3` makes none and `a2a4`
    /// makes `a3`). The regions, by the side that captures, are the squares
    /// the opponent's double steps pass that make one; returned if the
    /// pawn `mfW cefF ifmnD` from `region`, with an en-passant square only
    /// there, makes the piece's very paths, and no other piece makes
    /// en-passant squares (the engine's region is theirs too).
    pub(super) fn en_passant_region(
        &self,
        geo: &Geometry,
        piece: &PieceTable,
        region: &[Vec<Sq>; 2],
    ) -> Option<[Vec<Sq>; 2]> {
        if self.target != Target::Current {
            return None;
        }
        // The squares a path passes: its steps' blocks and every landing
        // square but the last.
        let passed = |path: &Path| -> Vec<Sq> {
            let mut v: Vec<Sq> = path.steps.iter().flat_map(|s| s.block.clone()).collect();
            let landed = path.steps.len().saturating_sub(1);
            v.extend(path.steps.iter().take(landed).map(|s| s.to));
            sorted(v)
        };
        let others_make = self.parts.pieces.iter().any(|q| {
            q.name != piece.name
                && q.moves
                    .iter()
                    .flatten()
                    .flatten()
                    .any(|path| path.creates_en_passant)
        });
        if others_make {
            return None;
        }
        // By the side that captures: the squares White's double steps pass
        // are Black's region.
        let ep: [Vec<Sq>; 2] = [1, 0].map(|side| {
            sorted(
                piece.moves[side]
                    .iter()
                    .flatten()
                    .filter(|path| path.creates_en_passant)
                    .flat_map(passed)
                    .collect(),
            )
        });
        let mut moves = super::lowered(geo, &reference("mfW cefF ifmnD")?, region)?;
        for (side, squares) in moves.iter_mut().enumerate() {
            let theirs = &ep[1 - side];
            for path in squares.iter_mut().flatten() {
                if !path.creates_en_passant {
                    continue;
                }
                let over = passed(path);
                let inside = over
                    .iter()
                    .filter(|s| theirs.binary_search(s).is_ok())
                    .count();
                if inside == 0 {
                    path.creates_en_passant = false;
                } else if inside != over.len() {
                    // The engine makes some of the squares en-passant
                    // squares, fairyc's path all or none.
                    return None;
                }
            }
        }
        (canonical(&moves) == canonical(&piece.moves)).then_some(ep)
    }

    /// Whether the custom pawn (if any) has a move it can undo: the
    /// engine's clock (`nMoveRuleTypes`, which `pawnTypes` sets) resets on
    /// its moves that cannot be, fairyc's `resets … Pawn` on all.
    pub(super) fn custom_pawn_reversible(&self) -> bool {
        let Some((p, _)) = self.custom_pawn else {
            return false;
        };
        let piece = &self.parts.pieces[p];
        piece.moves.iter().any(|side| {
            side.iter().enumerate().any(|(from, paths)| {
                paths.iter().any(|path| {
                    path.steps.last().is_some_and(|st| {
                        side[st.to as usize].iter().any(|back| {
                            matches!(back.role, PathRole::MoveOrCapture | PathRole::Quiet)
                                && !back.creates_en_passant
                                && back.steps.last().is_some_and(|b| b.to as usize == from)
                        })
                    })
                })
            })
        })
    }

    /// A clock that no move of the custom pawn resets (`pawnback`: captures
    /// and promotions only): `nMoveRuleTypes = -` after `pawnTypes`, which
    /// set it (probed in pyffish 0.0.90: `e2e4` then counts on).
    pub(super) fn clock_without_pawn(&self, end: &EndRules) -> bool {
        self.custom_pawn.is_some()
            && end.resets_move_limit.is_empty()
            && end.resets_irreversible.is_empty()
    }
}
