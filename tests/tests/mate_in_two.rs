//! The search finds the mate in mate-in-2 positions of several variants
//! (`tests/data/engine/mate-in-2.txt`): chess, crazyhouse with a drop mate,
//! Crazy 38's with a Home-square win. Each row is first checked with the
//! runtime alone, so that a wrong row fails here and not in the search.

use std::sync::atomic::AtomicBool;

use fairyc_runtime::{Color, Position};
use fairyc_search::{Engine, Limits, Score};
use fairyc_tests::{root, shipped};

/// Whether `winner` (to move) can force a win in `n` of its moves, by the
/// runtime's game-end rules alone.
fn wins_in(pos: &Position, winner: Color, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if forced(&next, winner, n) {
            return true;
        }
    }
    false
}

/// After `winner`'s move: the game is won, or every reply leaves a win in
/// `n - 1`.
fn forced(pos: &Position, winner: Color, n: u32) -> bool {
    if let Some(r) = pos.outcome() {
        return r.winner == Some(winner);
    }
    pos.legal_moves().into_iter().all(|r| {
        let mut next = pos.clone();
        next.play_unchecked(r);
        match next.outcome() {
            Some(res) => res.winner == Some(winner),
            None => wins_in(&next, winner, n - 1),
        }
    })
}

struct Row {
    variant: String,
    fen: String,
    first: String,
}

fn rows() -> Vec<Row> {
    let path = root().join("tests/data/engine/mate-in-2.txt");
    let text = std::fs::read_to_string(&path).expect("the mate-in-2 data file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            assert!(cols.len() >= 3, "bad row: {l}");
            Row {
                variant: cols[0].to_string(),
                fen: cols[1].to_string(),
                first: cols[2].to_string(),
            }
        })
        .collect()
}

#[test]
fn the_data_covers_three_variants() {
    let rows = rows();
    for v in ["chess", "crazyhouse", "crazy-38s"] {
        assert!(rows.iter().any(|r| r.variant == v), "no {v} row");
    }
    // The crazyhouse row mates with a drop.
    assert!(rows
        .iter()
        .any(|r| r.variant == "crazyhouse" && r.first.contains('@')));
}

#[test]
fn every_row_is_a_mate_in_two_and_the_search_finds_it() {
    for row in rows() {
        let v = shipped(&row.variant);
        let pos = Position::from_fen(&v, &row.fen)
            .unwrap_or_else(|e| panic!("{}: bad FEN {}: {e}", row.variant, row.fen));
        let us = pos.turn();
        // Independent check: exactly mate in 2, and the listed move does it.
        assert!(!wins_in(&pos, us, 1), "{}: a win in 1 exists", row.fen);
        assert!(wins_in(&pos, us, 2), "{}: no forced win in 2", row.fen);
        let listed = pos.parse_uci(&row.first).expect("the listed move is legal");
        let mut after = pos.clone();
        after.play_unchecked(listed);
        assert!(
            forced(&after, us, 2),
            "{}: {} does not win in 2",
            row.fen,
            row.first
        );
        // The search.
        let mut engine = Engine::new(&v, 8);
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        let report = engine.search(&pos, &[], &limits, &AtomicBool::new(false), |_| {});
        let best = report.best.expect("a move");
        let mut after = pos.clone();
        after.play_unchecked(best);
        assert!(
            forced(&after, us, 2),
            "{} {}: the search chose {}, which does not mate in 2",
            row.variant,
            row.fen,
            pos.uci(best)
        );
        let score = report.info.expect("a finished depth").score;
        assert_eq!(score, Score::Mate(2), "{} {}", row.variant, row.fen);
    }
}
