//! The janggi family for the current Fairy-Stockfish: a child of its
//! built-in `janggi` (`[section:janggi]`).
//!
//! The built-in's general (its king type is the wazir, kept to the palace,
//! that also steps along `diagonalLines`), its `janggiCannon`, its guards
//! on the palace's lines, bikjang and janggi's count have no keys a
//! standalone section could write: a custom royal `king = k:W` takes no
//! move along the lines. A variant is written as a child of the built-in
//! with the keys that make its rules, and only when fairyc's import of that
//! very section (`crate::import`, which reads those keys as the engine
//! plays them) compiles to the variant's own rules: the same pieces by
//! letter, path by path, the same setup, end, legality and drops.

use fairyc_compiler::geometry::Sq;
use fairyc_runtime::table::{DropRules, PassRule, PathRole, PieceTable, TableParts};

use super::{canonical, sorted, Exporter, Target};

/// A piece's paths per side and square, those of the role `attack` or the
/// others, each kept only if `keep(side, from, to)`.
fn paths_of(
    piece: &PieceTable,
    attack: bool,
    keep: impl Fn(usize, Sq, Sq) -> bool,
) -> Vec<Vec<Vec<String>>> {
    let moves = [0, 1].map(|side| {
        piece.moves[side]
            .iter()
            .enumerate()
            .map(|(from, paths)| {
                paths
                    .iter()
                    .filter(|path| (path.role == PathRole::Attack) == attack)
                    .filter(|path| {
                        path.steps
                            .last()
                            .is_some_and(|st| keep(side, from as Sq, st.to))
                    })
                    .cloned()
                    .collect()
            })
            .collect()
    });
    canonical(&moves)
}

/// The drop rules with their per-piece lists in the order `order` (our
/// piece `p` is their piece `order[p]`).
fn reordered(d: &DropRules, order: &[usize]) -> Option<DropRules> {
    let n = order.len();
    let pick = |len: usize| len == 0 || len == n;
    if !pick(d.forbidden.len())
        || !pick(d.no_mate.len())
        || !pick(d.per_file.len())
        || !pick(d.also_as.len())
        || !pick(d.per_colour.len())
    {
        return None;
    }
    let back = |q: u8| order.iter().position(|&o| o == q as usize).map(|p| p as u8);
    let mut out = d.clone();
    if !d.forbidden.is_empty() {
        out.forbidden = order.iter().map(|&q| d.forbidden[q].clone()).collect();
    }
    if !d.no_mate.is_empty() {
        out.no_mate = order.iter().map(|&q| d.no_mate[q]).collect();
    }
    if !d.per_file.is_empty() {
        out.per_file = order.iter().map(|&q| d.per_file[q]).collect();
    }
    if !d.per_colour.is_empty() {
        out.per_colour = order.iter().map(|&q| d.per_colour[q]).collect();
    }
    if !d.also_as.is_empty() {
        out.also_as = order.iter().map(|&q| d.also_as[q].and_then(back)).collect();
    }
    Some(out)
}

impl Exporter<'_> {
    /// Writes the variant as a child of the current Fairy-Stockfish's
    /// built-in `janggi` if it plays as that section does (see the module
    /// documentation); returns whether it did. The section's keys:
    /// `startFen`; `bikjangRule` (the royal piece `faces` the other and
    /// `facing` ends the game); `materialCounting = janggi` (the `scoring`
    /// item: janggi's count) or `none`; `pieceDrops` and `capturesToHand`
    /// (drops); `nFoldRule` (`repetition`, with `nFoldValue` unless it is
    /// decided by `points`, and `perpetualCheckIllegal` for
    /// `perpetual-check`) or `0`, and `nMoveRule` (`limit`) or `0`: the
    /// shipped janggi variants decide a threefold repetition and the
    /// 50-move rule as the built-in does (by the count where they count).
    pub(super) fn janggi(&mut self, section: &str) -> bool {
        let parts = self.parts;
        let b = &parts.board;
        if self.target != Target::Current
            || parts.legality.pass != PassRule::Allowed
            || (b.width, b.height) != (9, 10)
            || !parts.pieces.iter().any(|p| !p.cannot_hop.is_empty())
        {
            return false;
        }
        let mut keys = format!("[{section}:janggi]\n");
        let mut key = |k: &str, v: &dyn std::fmt::Display| {
            keys.push_str(&format!("{k} = {v}\n"));
        };
        key("startFen", &parts.start);
        key("bikjangRule", &parts.end.facing.is_some());
        let counted = parts.pieces.iter().any(|p| p.points > 0) || parts.end.komi != [0, 0];
        key("materialCounting", &if counted { "janggi" } else { "none" });
        if parts.drops.is_some() {
            key("pieceDrops", &true);
            key("capturesToHand", &true);
        }
        // A repetition (decided by the count, or by its outcome), with
        // perpetual checks or without them, at its claim count as the main
        // export writes it; what the keys cannot say is found below, where
        // the section read back is compared.
        match parts.end.repetition {
            Some(rep) => {
                key("nFoldRule", &rep.claim.unwrap_or(rep.count));
                if !rep.points {
                    key("nFoldValue", &super::outcome(rep.outcome));
                }
                key("perpetualCheckIllegal", &rep.perpetual_check.is_some());
            }
            None => key("nFoldRule", &0),
        }
        key(
            "nMoveRule",
            &parts
                .end
                .move_limit_claim
                .or(parts.end.move_limit)
                .unwrap_or(0),
        );
        let import = crate::import::import_for(&keys, &[], crate::import::Target::Current);
        let Some(imported) = import.sections.first().filter(|s| !s.failed) else {
            return false;
        };
        let Ok(tables) = fairyc_compiler::compile(&imported.source) else {
            return false;
        };
        if !self.janggi_same(tables.parts()) {
            return false;
        }
        self.out = format!(
            "# {} — exported by fairyc for Fairy-Stockfish (current: pyffish 0.0.90, ffish.js)\n\
             # A child of the built-in `janggi`: its general, guards, cannons and\n\
             # palace lines have no keys of their own.\n{keys}",
            parts.name
        );
        true
    }

    /// Whether the rules `imported` compiles to are the variant's: the
    /// same pieces (matched by letter) with the same moves path by path,
    /// victims and hurdles spared, points and royalty; attack-only lines
    /// the same where they reach, from a square the side's royal piece can
    /// stand on, one the other side's can (the rook's lines of
    /// Fairy-Stockfish's bikjang are the files where the palaces share no
    /// rank); the same setup, end rules, legality and drops.
    fn janggi_same(&self, imported: &TableParts) -> bool {
        let ours = self.parts;
        let n = ours.pieces.len();
        if imported.pieces.len() != n {
            return false;
        }
        let Some(order) = ours
            .pieces
            .iter()
            .map(|p| imported.pieces.iter().position(|q| q.letter == p.letter))
            .collect::<Option<Vec<usize>>>()
        else {
            return false;
        };
        if sorted(order.clone()).len() != n {
            return false;
        }
        let mapped = |v: &[u8]| sorted(v.iter().map(|&p| order[p as usize] as u8).collect());
        let standing: Vec<[Vec<Sq>; 2]> = (0..n).map(|p| self.standing(p)).collect();
        // Where each side's royal pieces can stand.
        let royal: [Vec<Sq>; 2] = [0, 1].map(|side| {
            sorted(
                (0..n)
                    .filter(|&p| ours.pieces[p].royal.for_side(side))
                    .flat_map(|p| standing[p][side].clone())
                    .collect(),
            )
        });
        for (p, a) in ours.pieces.iter().enumerate() {
            let on = |side: usize, from: Sq| standing[p][side].binary_search(&from).is_ok();
            let b = &imported.pieces[order[p]];
            let plain = |t: &PieceTable| {
                t.captured_as.is_none()
                    && t.demotes_to.is_none()
                    && !t.plus
                    && t.promotion_limit.is_none()
            };
            let facing = |side: usize, from: Sq, to: Sq| {
                on(side, from) && royal[1 - side].binary_search(&to).is_ok()
            };
            let any = |side: usize, from: Sq, _: Sq| on(side, from);
            if a.royal != b.royal
                || !plain(a)
                || !plain(b)
                || a.points != b.points
                || mapped(&a.cannot_capture) != sorted(b.cannot_capture.clone())
                || mapped(&a.cannot_hop) != sorted(b.cannot_hop.clone())
                || paths_of(a, false, any) != paths_of(b, false, any)
                || paths_of(a, true, facing) != paths_of(b, true, facing)
                || (!a.royal.is_royal() && paths_of(a, true, any) != paths_of(b, true, any))
            {
                return false;
            }
        }
        let mut end = imported.end.clone();
        for v in [&mut end.resets_move_limit, &mut end.resets_irreversible] {
            let back: Vec<u8> = v
                .iter()
                .filter_map(|&q| order.iter().position(|&o| o == q as usize))
                .map(|p| p as u8)
                .collect();
            *v = sorted(back);
        }
        let mut own = ours.end.clone();
        own.resets_move_limit = sorted(own.resets_move_limit);
        own.resets_irreversible = sorted(own.resets_irreversible);
        let drops = match (&ours.drops, &imported.drops) {
            (None, None) => true,
            (Some(a), Some(b)) => reordered(b, &order).is_some_and(|b| *a == b),
            _ => false,
        };
        drops
            && format!("{own:?}") == format!("{end:?}")
            && ours.legality == imported.legality
            && ours.start == imported.start
            && ours.board == imported.board
            && ours.promotions.is_empty()
            && imported.promotions.is_empty()
            && ours.castling.is_empty()
            && imported.castling.is_empty()
            && ours.gating.is_empty()
            && imported.gating.is_empty()
            && ours.blast.is_none()
            && imported.blast.is_none()
            && ours.walling.is_none()
            && imported.walling.is_none()
            && ours.flipping.is_none()
            && imported.flipping.is_none()
    }

    /// The squares, per side, that piece `p` can stand on: where it is
    /// set up or may be dropped (a piece that can be in hand), and every square its moves reach from
    /// there, again and again.
    fn standing(&self, p: usize) -> [Vec<Sq>; 2] {
        let parts = self.parts;
        let piece = &parts.pieces[p];
        let all = parts.board.squares.len();
        [0, 1].map(|side| {
            let mut seen = vec![false; all];
            let mut todo: Vec<Sq> = self.checked.setup.squares[p][side].clone();
            // A royal piece is never captured into a hand.
            if let Some(d) = parts
                .drops
                .as_ref()
                .filter(|d| !piece.royal.is_royal() || d.royal_in_hand)
            {
                let forbidden = d
                    .forbidden
                    .get(p)
                    .map(|f| f[side].clone())
                    .unwrap_or_default();
                todo.extend((0..all as Sq).filter(|s| !forbidden.contains(s)));
            }
            while let Some(s) = todo.pop() {
                if std::mem::replace(&mut seen[s as usize], true) {
                    continue;
                }
                for path in &piece.moves[side][s as usize] {
                    if path.role == PathRole::Attack {
                        continue;
                    }
                    if let Some(st) = path.steps.last() {
                        todo.push(st.to);
                    }
                }
            }
            (0..all as Sq).filter(|&s| seen[s as usize]).collect()
        })
    }
}
