//! Perft throughput of fairyc's runtime against Fairy-Stockfish, side by side
//! on the same positions in the same run.
//!
//! `cargo bench -p fairyc-tests --bench perft_vs_fairy_stockfish`
//!
//! For each position both engines count the same perft; the table shows
//! leaves per second for each and the ratio fairyc / Fairy-Stockfish
//! (above 1: fairyc is faster). Each measurement is the best of three runs,
//! which damps the noise of a shared machine. Fairy-Stockfish's time includes
//! one UCI round trip (well under a millisecond).

use std::time::{Duration, Instant};

use fairyc_runtime::{perft, Position};
use fairyc_tests::{shipped, Engine};

const POSITIONS: &[(&str, &str, u32)] = &[
    (
        "start position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        5,
    ),
    (
        "middle game, pockets QPp",
        "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1",
        4,
    ),
    (
        "middle game, full pockets",
        "r1bq1rk1/ppp2ppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R2QK2R[QRBNPqrbnp] w KQ - 0 1",
        3,
    ),
];

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (out.expect("at least one run"), best)
}

fn main() {
    let variant = shipped("crazyhouse");
    let mut engine = Engine::start(&[("UCI_Variant", "crazyhouse"), ("Threads", "1")]);
    if engine.is_none() {
        println!("(fairy-stockfish not installed: showing fairyc only)");
    }
    println!(
        "{:<28} {:>5} {:>12} {:>14} {:>14} {:>7}",
        "position", "depth", "leaves", "fairyc/s", "fairy-sf/s", "ratio"
    );
    for &(name, fen, depth) in POSITIONS {
        let pos = Position::from_fen(&variant, fen).expect("benchmark FEN");
        let (ours, t_ours) = best_of(3, || perft(&pos, depth));
        let rate_ours = ours as f64 / t_ours.as_secs_f64();
        let (theirs, rate_theirs) = match engine.as_mut() {
            Some(e) => {
                let ((_, n), t) = best_of(3, || e.perft(fen, depth));
                (Some(n), Some(n as f64 / t.as_secs_f64()))
            }
            None => (None, None),
        };
        if let Some(n) = theirs {
            assert_eq!(n, ours, "{name}: the engines disagree");
        }
        println!(
            "{:<28} {:>5} {:>12} {:>14.0} {:>14} {:>7}",
            name,
            depth,
            ours,
            rate_ours,
            rate_theirs.map_or("-".into(), |r| format!("{r:.0}")),
            rate_theirs.map_or("-".into(), |r| format!("{:.2}", rate_ours / r)),
        );
    }
}
