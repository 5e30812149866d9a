//! Differential tests against Debian's `fairy-stockfish` (an independent
//! engine): seeded random games, perft 1–3 compared at positions along them.
//!
//! These need `/usr/games/fairy-stockfish` (`apt-get install fairy-stockfish`)
//! and are ignored by default; `.ci/run` installs the package and runs them
//! with `cargo test -p fairyc-tests --release --test differential -- --ignored`.

#![allow(unused_imports)]
use fairyc_runtime::{perft, perft_divide, Position, Variant};
use fairyc_tests::{shipped, Engine};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Plays `games` seeded random games of up to `plies` plies and compares perft
/// 1..=`depth` every `every` plies. `skip` filters positions out (with a
/// reason given by the caller's docs). Returns the number of positions
/// compared.
fn compare(
    variant: &Variant,
    engine: &mut Engine,
    games: u64,
    plies: usize,
    every: usize,
    depth: u32,
    skip: impl Fn(&Position<'_>) -> bool,
) -> usize {
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::new(variant).expect("start position");
        for ply in 0..plies {
            if ply % every == 0 && !skip(&pos) {
                let fen = pos.fen();
                for d in 1..=depth {
                    let ours: Vec<(String, u64)> = perft_divide(&pos, d)
                        .into_iter()
                        .map(|(m, n)| (pos.uci(m), n))
                        .collect();
                    let our_total: u64 = ours.iter().map(|x| x.1).sum();
                    let (theirs, their_total) = engine.perft(&fen, d);
                    if our_total != their_total {
                        let mut diff = Vec::new();
                        for (m, n) in &ours {
                            match theirs.iter().find(|t| &t.0 == m) {
                                Some(t) if t.1 == *n => {}
                                Some(t) => diff.push(format!("{m}: ours {n}, theirs {}", t.1)),
                                None => diff.push(format!("{m}: only ours ({n})")),
                            }
                        }
                        for (m, n) in &theirs {
                            if !ours.iter().any(|o| &o.0 == m) {
                                diff.push(format!("{m}: only theirs ({n})"));
                            }
                        }
                        mismatches.push(format!(
                            "seed {seed} ply {ply} depth {d}: {fen}: ours {our_total}, theirs {their_total}\n  {}",
                            diff.join("\n  ")
                        ));
                        break;
                    }
                }
                compared += 1;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.rule_outcome().is_some() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            pos.play_unchecked(m);
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    compared
}

#[test]
#[ignore]
fn xq_tmp() {
    let stem = std::env::var("XQ_STEM").unwrap_or("xiangqi".into());
    let fsf = std::env::var("XQ_FSF").unwrap_or(stem.clone());
    let games: u64 = std::env::var("XQ_GAMES")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(20);
    let variant = shipped(&stem);
    let mut engine = Engine::start(&[("UCI_Variant", fsf.as_str())]).expect("fsf");
    let n = compare(&variant, &mut engine, games, 60, 6, 3, |_| false);
    println!("compared {n} positions");
}
