//! The move generator's fast legality paths against the slow one: at every
//! position along seeded random games of every shipped variant, the legal
//! moves (and their count, which counts drops without listing them) equal
//! the moves found legal by playing each one
//! (`Position::legal_moves_by_playing`). The fast paths read pins, checks
//! and the lines of hoppers and facing royal pieces from the tables; the
//! slow path plays the move and asks whether a royal piece is attacked.

use fairyc_runtime::{MoveList, Position};
use fairyc_tests::{root, shipped};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn listed(pos: &Position<'_>, moves: &[fairyc_runtime::Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|&m| pos.uci(m)).collect();
    out.sort();
    out
}

/// Compares the two paths along `games` seeded random games of up to
/// `plies` plies; returns the number of positions compared.
fn compare(stem: &str, games: u64, plies: usize) -> usize {
    let v = shipped(stem);
    let mut compared = 0;
    let mut buf = MoveList::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::new(&v).expect("start position");
        for ply in 0..plies {
            let fast = pos.legal_moves();
            let slow = pos.legal_moves_by_playing();
            let (f, s) = (listed(&pos, &fast), listed(&pos, &slow));
            assert_eq!(f, s, "{stem} seed {seed} ply {ply}: {}", pos.fen());
            let n = pos.count_legal_moves(&mut buf);
            assert_eq!(
                n as usize,
                s.len(),
                "{stem} seed {seed} ply {ply}: count, {}",
                pos.fen()
            );
            compared += 1;
            if fast.is_empty() || pos.rule_outcome().is_some() {
                break;
            }
            pos.play_unchecked(fast[rng.random_range(0..fast.len())]);
        }
    }
    compared
}

/// Every shipped variant: a few short games each.
#[test]
fn every_shipped_variant() {
    let mut stems: Vec<String> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "variant").then(|| p.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    stems.sort();
    assert!(stems.len() >= 100, "{} variants", stems.len());
    let mut total = 0;
    for stem in &stems {
        let games = if stem == "chu" { 1 } else { 3 };
        total += compare(stem, games, 60);
    }
    assert!(total > 10_000, "{total} positions");
}

/// The hopper and facing variants, where the fast path reads screen
/// lines: longer games, more of them.
#[test]
fn hoppers_and_facing_royals() {
    for stem in [
        "xiangqi",
        "janggi",
        "janggimodern",
        "manchu",
        "minixiangqi",
        "shako",
        "grasshopper",
    ] {
        let n = compare(stem, 30, 150);
        assert!(n > 300, "{stem}: {n} positions");
    }
}
